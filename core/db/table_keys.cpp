#include "db/table_keys.h"

#include "db/sql_exec.h"

#include <QSqlQuery>

namespace raglens {

Expected<std::optional<bool>> readKeyedBy(AuditDatabase& db, const QString& table,
                                          const QString& column)
{
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    QString sql;
    QVariantList binds;
    switch (db.location().kind) {
    case DatabaseLocation::Kind::Sqlite:
        // A one-column primary key is a key (INTEGER PRIMARY KEY is the rowid itself).
        sql = QStringLiteral(
            "SELECT (SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE), ((SELECT "
            "COUNT(*) FROM pragma_table_info(?) WHERE pk > 0) = 1 AND EXISTS (SELECT 1 FROM "
            "pragma_table_info(?) WHERE pk = 1 AND name = ? COLLATE NOCASE)) OR EXISTS (SELECT 1 "
            "FROM pragma_index_list(?) l WHERE l.\"unique\" = 1 AND l.partial = 0 AND (SELECT "
            "COUNT(*) FROM pragma_index_info(l.name)) = 1 AND (SELECT name FROM "
            "pragma_index_info(l.name)) = ? COLLATE NOCASE)");
        binds = {table, table, table, column, table, column};
        break;
    case DatabaseLocation::Kind::PostgreSql:
        sql = QStringLiteral(
            "SELECT CASE WHEN c.relkind IN ('r', 'p') THEN 'table' ELSE 'view' END, EXISTS "
            "(SELECT 1 FROM pg_index ix JOIN pg_attribute a ON a.attrelid = ix.indrelid AND "
            "a.attnum = ix.indkey[0] WHERE ix.indrelid = c.oid AND ix.indisunique AND "
            "ix.indnatts = 1 AND ix.indpred IS NULL AND lower(a.attname) = ?) FROM pg_class c "
            "WHERE c.oid = to_regclass(CAST(? AS text))");
        binds = {column, table};
        break;
    case DatabaseLocation::Kind::MySql:
        sql = QStringLiteral(
            "SELECT CASE WHEN t.TABLE_TYPE = 'BASE TABLE' THEN 'table' ELSE 'view' END, EXISTS "
            "(SELECT 1 FROM information_schema.STATISTICS s WHERE s.TABLE_SCHEMA = "
            "t.TABLE_SCHEMA AND s.TABLE_NAME = t.TABLE_NAME AND s.NON_UNIQUE = 0 AND "
            "s.SEQ_IN_INDEX = 1 AND s.SUB_PART IS NULL AND LOWER(s.COLUMN_NAME) = ? AND NOT "
            "EXISTS (SELECT 1 FROM information_schema.STATISTICS s2 WHERE s2.TABLE_SCHEMA = "
            "s.TABLE_SCHEMA AND s2.TABLE_NAME = s.TABLE_NAME AND s2.INDEX_NAME = s.INDEX_NAME "
            "AND s2.SEQ_IN_INDEX = 2)) FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA = "
            "DATABASE() AND LOWER(t.TABLE_NAME) = ?");
        binds = {column, table};
        break;
    }
    if (sql.isEmpty())
        return std::optional<bool>();
    if (Status s = execQuery(db, q, sql, binds); !s)
        return Error{s.error()};
    // No row: no such table. A view's keys are those of its tables.
    if (!q.next() || q.value(0).toString() != QLatin1String("table"))
        return std::optional<bool>();
    return std::optional<bool>(q.value(1).toBool());
}

} // namespace raglens
