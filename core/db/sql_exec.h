#pragma once
// One way to run a statement with bound values, and to turn a driver's error into words a
// user can act on. Readers of audit databases, the audit writers and the facts index all
// go through these helpers.

#include "common/error.h"

#include <QSqlQuery>
#include <QStringList>
#include <QVariantList>

class QSqlError;

namespace raglens {

class AuditDatabase;

/// Prepares `sql` on `q`, binds `binds` in order and executes it. False on any failure;
/// `q.lastError()` says why. Every helper below is built on it.
bool prepareBindExec(QSqlQuery& q, const QString& sql, const QVariantList& binds);

/// The database's own words for `error` (Qt's driver text, "Unable to execute statement",
/// adds nothing), with a plain statement first when SQLite says the file is damaged and a
/// hint when it means a full disk.
QString describeSqlError(const QSqlError& error);

/// Runs a read on an audit database: forward-only, and on a server that dropped the
/// connection, reconnected once and retried. On failure returns the driver's reason.
Status execQuery(AuditDatabase& db, QSqlQuery& q, const QString& sql,
                 const QVariantList& binds = {});

/// After a `while (q.next())` loop: a query that stopped on an error (a corrupt page, a lost
/// connection) is an error with the driver's reason, never a short list of rows.
Status afterRows(const QSqlQuery& q);

/// Values bound one by one in an `IN (…)` list: the placeholders "?,?,?" and the values.
struct BoundList
{
    QString marks;
    QVariantList binds;
};
BoundList boundList(const QStringList& values);
/// As boundList(), for ids read back as text. In SQLite a column without a declared type
/// keeps the integer 2 and the text '2' apart, where RagLens reads both as the id "2": an id
/// that is an integer's canonical text is bound both ways there, so that the rows stored
/// either way are found (a text or integer column converts the twin, and matches once).
BoundList boundIds(const AuditDatabase& db, const QStringList& ids);
/// Values per IN list: well below every server's and SQLite's limit on bound values.
inline constexpr qsizetype kValuesPerStatement = 500;

/// Checks that a database has the tables a reader needs, with their key columns (run_id and
/// session_id of runs; id, run_id and session_id of calls); a foreign database without them
/// gets a message that says so instead of an SQL error.
Status requireTables(AuditDatabase& db, const QStringList& tables);

} // namespace raglens
