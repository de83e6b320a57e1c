#pragma once
// Builds the SQL condition of a SessionFilter over diagnosis_run (alias r) with bound
// values, in the caller's dialect. The browser, `sessions` and health reports share it.

#include "trace/audit_browser.h"
#include "trace/sql_dialect.h"

#include <QVariantList>

namespace raglens {

struct SqlFragment
{
    QString sql;
    QVariantList binds;
};

class SessionQuery
{
public:
    explicit SessionQuery(const SqlDialect& dialect) : m_dialect(dialect) {}

    /// How the caller reads the matching runs: a page stops early, so runs are best probed
    /// one by one; a count reads them all, so the matching calls are best found at once
    /// (where an index over stored facts allows it).
    enum class Reading
    {
        Page,
        All
    };
    /// Condition on diagnosis_run r; "1 = 1" for an empty filter.
    SqlFragment runCondition(const SessionFilter& filter, Reading reading = Reading::Page) const;

    /// Expression for an invocation's effective evidence status (alias i), legacy rows
    /// included: FactSql::evidenceStatus().
    QString evidenceStatusExpr() const;

private:
    const SqlDialect& m_dialect;
};

/// Runs `sql` with `binds`; on failure returns the message with the driver's reason.
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
/// Values per IN list: well below every server's and SQLite's limit on bound values.
inline constexpr qsizetype kValuesPerStatement = 500;

/// Checks that a database has the tables a reader needs; a foreign database without them
/// gets a message that says so instead of an SQL error.
Status requireTables(const AuditDatabase& db, const QStringList& tables);

} // namespace raglens
