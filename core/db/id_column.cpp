#include "db/id_column.h"

#include "db/sql_exec.h"

#include <QCoreApplication>
#include <QHash>
#include <QMutex>
#include <QSqlQuery>
#include <QUuid>

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

std::optional<QString> readIdColumnType(AuditDatabase& db, const QString& table)
{
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    QString sql;
    QVariantList binds = {table};
    switch (db.location().kind) {
    case DatabaseLocation::Kind::Sqlite:
        // pk tells a rowid alias (INTEGER PRIMARY KEY, numbered by SQLite) from a plain column.
        sql = QStringLiteral("SELECT type, (SELECT COUNT(*) FROM pragma_table_info(?) WHERE pk > "
                             "0) = 1 AND pk = 1 FROM pragma_table_info(?) WHERE name = 'id' "
                             "COLLATE NOCASE");
        binds = {table, table};
        break;
    case DatabaseLocation::Kind::PostgreSql:
        sql = QStringLiteral("SELECT data_type, 0 FROM information_schema.columns WHERE "
                             "table_schema = current_schema() AND table_name = ? AND "
                             "column_name = 'id'");
        break;
    case DatabaseLocation::Kind::MySql:
        sql = QStringLiteral("SELECT data_type, 0 FROM information_schema.columns WHERE "
                             "table_schema = DATABASE() AND table_name = ? AND column_name = "
                             "'id'");
        break;
    }
    if (!execQuery(db, q, sql, binds) || !q.next())
        return std::nullopt;
    QString type = q.value(0).toString().trimmed().toLower();
    // SQLite numbers a new row itself only through the rowid: "integer" exactly, the one key.
    if (db.location().kind == DatabaseLocation::Kind::Sqlite && type == QLatin1String("integer") &&
        !q.value(1).toBool())
        type = QStringLiteral("integer, not the primary key");
    return type;
}

} // namespace

std::optional<QString> idColumnType(AuditDatabase& db, const QString& table)
{
    // Per connection, not per location: a schema recreated between two opens is asked again.
    static QMutex mutex;
    static QHash<QString, QString> types;
    const QString key = db.sql().connectionName() + QLatin1Char('\n') + table;
    {
        QMutexLocker lock(&mutex);
        if (auto it = types.constFind(key); it != types.constEnd())
            return *it;
    }
    std::optional<QString> type = readIdColumnType(db, table);
    if (type) { // a failed read is asked again (the connection may be back)
        QMutexLocker lock(&mutex);
        types.insert(key, *type);
    }
    return type;
}

bool cannotBeAnId(AuditDatabase& db, const QString& table, const QString& id)
{
    if (db.location().kind == DatabaseLocation::Kind::Sqlite)
        return false;
    const std::optional<QString> type = idColumnType(db, table);
    if (!type)
        return false; // unknown: let the query say
    if (*type == QLatin1String("uuid"))
        return QUuid::fromString(id.trimmed()).isNull();
    if (isIntegerType(*type)) {
        bool number = false;
        id.trimmed().toLongLong(&number);
        return !number;
    }
    return false;
}

Status requireNumberedRows(AuditDatabase& db)
{
    for (const char* name : {"agent_step", "tool_invocation"}) {
        const QString table = QLatin1String(name);
        const std::optional<QString> type = idColumnType(db, table);
        if (!type)
            continue; // a missing table or column says so when it is written
        const bool numbered = db.location().kind == DatabaseLocation::Kind::Sqlite
                                  ? *type == QLatin1String("integer")
                                  : isIntegerType(*type);
        if (!numbered)
            return Error{Tr::tr("RagLens records only into stores that number their rows: "
                                "%1.id in %2 is %3, so a new row's id could not be read back "
                                "to link its calls. Nothing was written.")
                             .arg(table, db.location().display(),
                                  type->isEmpty() ? Tr::tr("a column without a type") : *type)};
    }
    return ok();
}

} // namespace raglens
