#include "db/sql_insert.h"

#include "db/sql_exec.h"

#include <QCoreApplication>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>

#include <optional>

namespace raglens {

static bool isPostgres(const QSqlDatabase& db)
{
    return db.driverName() == QLatin1String("QPSQL");
}

Expected<qint64> insertReturningId(QSqlDatabase& db, const QString& sql, const QVariantList& values)
{
    QSqlQuery q(db);
    const bool pg = isPostgres(db);
    if (!prepareBindExec(q, pg ? sql + QStringLiteral(" RETURNING id") : sql, values))
        return Error{q.lastError().text()};
    if (pg) {
        if (!q.next())
            return Error{QCoreApplication::translate("AuditSink", "The insert returned no id.")};
        bool number = false;
        const qint64 id = q.value(0).toLongLong(&number);
        if (!number) // a uuid or text key: the caller could not link rows to it
            return Error{
                QCoreApplication::translate("AuditSink", "The insert returned a non-numeric id.")};
        return id;
    }
    const QVariant id = q.lastInsertId();
    if (!id.isValid())
        return Error{QCoreApplication::translate("AuditSink", "The insert returned no id.")};
    return id.toLongLong();
}

Expected<int> execBound(QSqlDatabase& db, const QString& sql, const QVariantList& values)
{
    QSqlQuery q(db);
    if (!prepareBindExec(q, sql, values))
        return Error{q.lastError().text()};
    return q.numRowsAffected();
}

QVariant nullableId(const std::optional<qint64>& v)
{
    return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::LongLong));
}

QVariant nullableText(const QString& s)
{
    return s.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(s);
}

} // namespace raglens
