#include "db/sql_exec.h"

#include "common/logging.h"
#include "db/audit_database.h"

#include <QCoreApplication>
#include <QSqlError>

namespace raglens {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(AuditBrowser)
};

} // namespace

bool prepareBindExec(QSqlQuery& q, const QString& sql, const QVariantList& binds)
{
    if (!q.prepare(sql))
        return false;
    for (const QVariant& v : binds)
        q.addBindValue(v);
    return q.exec();
}

QString describeSqlError(const QSqlError& error)
{
    const QString text =
        error.databaseText().trimmed().isEmpty() ? error.text() : error.databaseText().trimmed();
    if (text.contains(QLatin1String("malformed")) ||
        text.contains(QLatin1String("file is not a database")))
        return Tr::tr("the database file is corrupt (%1)").arg(text);
    if (text.contains(QLatin1String("disk I/O error")) ||
        text.contains(QLatin1String("database or disk is full")))
        return Tr::tr("%1 (is the disk full?)").arg(text);
    return text;
}

BoundList boundIds(const AuditDatabase& db, const QStringList& ids)
{
    BoundList out = boundList(ids);
    if (db.location().kind != DatabaseLocation::Kind::Sqlite)
        return out;
    for (const QString& id : ids) {
        bool integer = false;
        const qint64 n = id.toLongLong(&integer);
        if (integer && QString::number(n) == id) {
            out.marks += QStringLiteral(",?");
            out.binds << n;
        }
    }
    return out;
}

BoundList boundList(const QStringList& values)
{
    BoundList out;
    out.marks = QStringList(values.size(), QStringLiteral("?")).join(QLatin1Char(','));
    out.binds.reserve(values.size());
    for (const QString& v : values)
        out.binds << v;
    return out;
}

Status afterRows(const QSqlQuery& q)
{
    if (q.lastError().type() == QSqlError::NoError)
        return ok();
    qCInfo(lcTrace) << "query stopped early" << q.lastQuery() << q.lastError().text();
    return Error{Tr::tr("Reading the audit database stopped early: %1")
                     .arg(describeSqlError(q.lastError()))};
}

Status execQuery(AuditDatabase& db, QSqlQuery& q, const QString& sql, const QVariantList& binds)
{
    // The connection may have been replaced (reconnected) since `q` was made.
    if (q.driver() != db.sql().driver())
        q = QSqlQuery(db.sql());
    // Readers walk results once; forward-only keeps drivers from caching every row.
    const auto run = [&] {
        q.setForwardOnly(true);
        return prepareBindExec(q, sql, binds);
    };
    if (run())
        return ok();
    // The statement goes to the log only when asked for (raglens.trace.info): the caller
    // reports the failure in words, and a screen of SQL before it helps nobody.
    qCInfo(lcTrace) << "query failed" << sql << q.lastError().text();
    // A server that dropped the connection (restart, idle timeout, network) is reconnected
    // once and the read retried: these are reads, so nothing is done twice.
    if (db.location().kind != DatabaseLocation::Kind::Sqlite &&
        (AuditDatabase::isConnectionLost(q.lastError()) || !db.sql().isOpen())) {
        const QString lost = q.lastError().text();
        q = QSqlQuery(); // the old connection's result goes before the connection does
        if (Status s = db.reconnect(); !s)
            return Error{Tr::tr("Lost the connection to %1 (%2), and reconnecting failed: %3")
                             .arg(db.location().display(), lost, s.error())};
        q = QSqlQuery(db.sql());
        if (run())
            return ok();
    }
    const QString error = describeSqlError(q.lastError());
    // An index ordered by a collation only the writer has: every read that compares those
    // columns fails (they are not compared byte by byte then, or the index would miss rows).
    // Said here, once for every reader: the trace said why, the list, health, check, export,
    // report and problems only "no such collation sequence".
    if (db.foreignCollationIndexed() && error.contains(QLatin1String("no such collation")))
        return Error{Tr::tr("Cannot read the audit database: %1. The database orders an index "
                            "by the collation %2, which only the program that wrote it has; "
                            "RagLens cannot compare those columns without it.")
                         .arg(error, db.foreignCollations().join(QStringLiteral(", ")))};
    return Error{Tr::tr("Cannot read the audit database: %1").arg(error)};
}

Status requireTables(AuditDatabase& db, const QStringList& tables)
{
    // The columns that tie calls to runs and runs to sessions: without them no query of a
    // reader means anything (every other column may be missing, see schemaNotes()).
    static const QHash<QString, QStringList> keys = {
        {QStringLiteral("diagnosis_run"), {QStringLiteral("run_id"), QStringLiteral("session_id")}},
        {QStringLiteral("tool_invocation"),
         {QStringLiteral("id"), QStringLiteral("run_id"), QStringLiteral("session_id")}}};
    for (const QString& t : tables) {
        if (!db.hasTable(t))
            return Error{Tr::tr("%1 has no %2 table; is it a RagLens/agent audit database?")
                             .arg(db.location().display(), t)};
        const QSet<QString> present = db.columns(t);
        // No columns at all: the catalogue did not answer (a lost connection); the query
        // that follows says why.
        if (present.isEmpty())
            continue;
        for (const QString& column : keys.value(t))
            if (!present.contains(column))
                return Error{Tr::tr("%1 has no %2 column in its %3 table: RagLens needs it to "
                                    "tie calls to their runs and sessions; is it a "
                                    "RagLens/agent audit database?")
                                 .arg(db.location().display(), column, t)};
    }
    return ok();
}

} // namespace raglens
