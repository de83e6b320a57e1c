#pragma once
// Builds the SQL condition of a SessionFilter over diagnosis_run (alias r) with bound
// values, in the caller's dialect. The browser, `sessions` and health reports share it.

#include "db/sql_dialect.h"
#include "trace/audit_browser.h"

#include <QVariantList>

#include <optional>

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
    /// one by one; a count reads them all, so a session's outcome is best gathered at once
    /// (without a facts index, whose runs carry it).
    enum class Reading
    {
        Page,
        All
    };
    /// Condition on diagnosis_run r; for an empty filter, that the row has a run id.
    SqlFragment runCondition(const SessionFilter& filter, Reading reading = Reading::Page) const;

    /// Calls a query reads under alias i: FROM `from` WHERE `where`.
    struct CallSelection
    {
        QString from;
        SqlFragment where;
    };
    /// The calls outside the recorded runs that the list shows under their session, as the
    /// list row, the session's runs and its call counts read them. Filtered: the calls without
    /// a recorded run (run id NULL or naming no diagnosis_run row) that the filter keeps (the
    /// call conditions, the text in the call's session id and input, the window on its
    /// created_at), read from a facts index's narrow table of them when it has every column
    /// a filter reads; null when the filter asks for an outcome, which such a call does not
    /// have. Unfiltered: the calls of tool_invocation that `unfiltered` keeps (each caller
    /// says which of a session's calls it shows).
    std::optional<CallSelection> runlessCalls(const SessionFilter& filter,
                                              const QString& unfiltered) const;

    /// How many runs the trigrams of a text filter may name before the runs' texts are read
    /// in order instead (20,000); tests make every needle wide to read both ways.
    static void setWideNeedleRuns(int runs);

    /// Expression for an invocation's effective evidence status (alias i), legacy rows
    /// included: FactSql::evidenceStatus().
    QString evidenceStatusExpr() const;

private:
    /// runlessCalls()'s condition and source for a filter.
    std::optional<SqlFragment> runlessCallCondition(const SessionFilter& filter) const;
    QString runlessCallSource() const;
    void addRunConditions(const SessionFilter& f, Reading reading, QStringList& conds,
                          QVariantList& binds) const;
    void addStartWindow(const SessionFilter& f, QStringList& conds, QVariantList& binds) const;
    void addCallConditions(const SessionFilter& f, QStringList& inv, QVariantList& invBinds) const;
    void addInvocationCondition(const SessionFilter& f, QStringList& conds,
                                QVariantList& binds) const;
    void addTextCondition(const SessionFilter& f, QStringList& conds, QVariantList& binds) const;
    /// The run r has a call i (tool_invocation) matching `where`: probed per run.
    QString runHasCallWhere(const QString& where) const;
    /// The same as one set of run ids read from the calls in one pass.
    QString runWithCallsWhere(const QString& where) const;

    const SqlDialect& m_dialect;
};

} // namespace raglens
