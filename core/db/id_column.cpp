#include "db/id_column.h"

#include "db/sql_dialect.h"
#include "db/sql_exec.h"

#include <QCoreApplication>
#include <QHash>
#include <QMutex>
#include <QSqlQuery>

#include <algorithm>
#include <cctype>

namespace raglens {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(IdColumn)
};

bool isIntegerType(const QString& type)
{
    static const QStringList names = {QStringLiteral("bigint"),    QStringLiteral("integer"),
                                      QStringLiteral("int"),       QStringLiteral("smallint"),
                                      QStringLiteral("mediumint"), QStringLiteral("tinyint")};
    return names.contains(type.section(QLatin1Char('('), 0, 0).trimmed());
}

std::optional<IdColumn> readIdColumn(AuditDatabase& db, const QString& table)
{
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    QString sql;
    QVariantList binds = {table};
    switch (db.location().kind) {
    case DatabaseLocation::Kind::Sqlite:
        // SQLite numbers a new row itself only through the rowid: INTEGER PRIMARY KEY, the
        // table's one key.
        sql = QStringLiteral("SELECT type, (SELECT COUNT(*) FROM pragma_table_info(?) WHERE pk > "
                             "0) = 1 AND pk = 1 AND UPPER(type) = 'INTEGER' FROM "
                             "pragma_table_info(?) WHERE name = 'id' COLLATE NOCASE");
        binds = {table, table};
        break;
    case DatabaseLocation::Kind::PostgreSql:
        // By the table the search path finds (to_regclass), not only in current_schema():
        // a user's own empty schema comes first in the default search path.
        // Numbered by an identity or by a default that calls something (nextval() of a
        // serial, an id generator, "NextId"()); a constant default (DEFAULT 0) numbers
        // nothing: every new row would get the same id, or fail on the key after the first.
        sql = QStringLiteral("SELECT format_type(a.atttypid, NULL), a.attidentity <> '' OR "
                             "EXISTS (SELECT 1 FROM pg_attrdef d WHERE d.adrelid = a.attrelid "
                             "AND d.adnum = a.attnum AND pg_get_expr(d.adbin, d.adrelid) ~* "
                             "'[a-z0-9_\"][(]') FROM pg_attribute a WHERE a.attrelid = "
                             "to_regclass(CAST(? AS text)) AND a.attname = 'id' AND NOT "
                             "a.attisdropped");
        break;
    case DatabaseLocation::Kind::MySql:
        sql = QStringLiteral("SELECT DATA_TYPE, EXTRA LIKE '%auto_increment%' FROM "
                             "information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND "
                             "BINARY TABLE_NAME = ? AND COLUMN_NAME = 'id'");
        break;
    }
    if (!execQuery(db, q, sql, binds) || !q.next())
        return std::nullopt;
    return IdColumn{q.value(0).toString().trimmed().toLower(), q.value(1).toBool()};
}

} // namespace

/// Whether PostgreSQL reads `text` as a uuid: 32 hex digits, braces and hyphens aside (it
/// takes hyphens after any group of four, and the nil UUID, which QUuid reads as "null").
bool spellsUuid(const QString& text)
{
    QString digits = text.trimmed();
    if (digits.startsWith(QLatin1Char('{')) && digits.endsWith(QLatin1Char('}')))
        digits = digits.mid(1, digits.size() - 2);
    digits.remove(QLatin1Char('-'));
    if (digits.size() != 32 || text.contains(QStringLiteral("--")))
        return false;
    return std::all_of(digits.begin(), digits.end(), [](QChar c) {
        return c.unicode() < 128 && std::isxdigit(c.unicode()) != 0;
    });
}

std::optional<IdColumn> idColumn(AuditDatabase& db, const QString& table)
{
    if (!db.hasTable(table))
        return std::nullopt; // known from the connection's table list: no catalogue query
    // Per connection, not per location: a schema recreated between two opens is asked again.
    static QMutex mutex;
    static QHash<QString, IdColumn> columns;
    const QString key = db.sql().connectionName() + QLatin1Char('\n') + table;
    {
        QMutexLocker lock(&mutex);
        if (auto it = columns.constFind(key); it != columns.constEnd())
            return *it;
    }
    std::optional<IdColumn> column = readIdColumn(db, table);
    if (column) { // a failed read is asked again (the connection may be back)
        QMutexLocker lock(&mutex);
        columns.insert(key, *column);
    }
    return column;
}

bool cannotBeAnId(AuditDatabase& db, const QString& table, const QString& id)
{
    // One test with the keys a query binds (SqlDialect::boundKeys()), so that an id the
    // drill-down refuses is one no query could find, and the other way round.
    return !SqlDialect(db).canHoldKey(table, QStringLiteral("id"), id);
}

Status requireNumberedRows(AuditDatabase& db)
{
    for (const char* name : {"agent_step", "tool_invocation"}) {
        const QString table = QLatin1String(name);
        const std::optional<IdColumn> column = idColumn(db, table);
        if (!column)
            continue; // a missing table or column says so when it is written
        if (!isIntegerType(column->type))
            return Error{Tr::tr("RagLens records only into stores that number their rows: "
                                "%1.id in %2 is %3, so a new row's id could not be read back "
                                "to link its calls. Nothing was written.")
                             .arg(table, db.location().display(),
                                  column->type.isEmpty() ? Tr::tr("a column without a type")
                                                         : column->type)};
        if (!column->assigned)
            return Error{Tr::tr("RagLens records only into stores that number their rows: "
                                "%1.id in %2 gets no number from the store (no identity, "
                                "sequence, generating default or auto-increment), so a new row "
                                "would have no id to link its calls. Nothing was written.")
                             .arg(table, db.location().display())};
    }
    return ok();
}

} // namespace raglens
