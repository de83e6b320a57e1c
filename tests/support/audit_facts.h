#pragma once
// Every row of an audit database read through core's decoder and interpretation, the
// expectation that consistency tests hold each view (SQL filters, health, findings, the
// CLI, the tree, the card) against.

#include "db/audit_database.h"
#include "interpret/run_facts.h"

#include <map>
#include <set>

namespace raglens::test {

struct AuditFacts
{
    std::map<qint64, TraceInvocation> rows;
    std::map<qint64, interpret::InvocationFacts> invocations;
    std::map<QString, TraceRun> runs;                      ///< rows of diagnosis_run
    std::map<QString, std::vector<qint64>> runInvocations; ///< run id -> its invocation ids
    std::map<QString, interpret::RunFallbackCause> causes; ///< runs with a row
    /// Every session the list shows: those with a run row, and (with no outcome) those known
    /// only from calls whose run row is missing.
    std::map<QString, interpret::SessionOutcome> sessions;

    /// Reads everything; an empty string, or the error.
    QString read(AuditDatabase& db);

    /// Sessions with an invocation for which `match` holds: the session of its run row, or,
    /// for a call without a recorded run, its own session (where the list shows it).
    template <typename F> std::set<QString> sessionsWhere(F match) const
    {
        std::set<QString> out;
        for (const auto& [id, facts] : invocations) {
            if (!match(facts))
                continue;
            const TraceInvocation& row = rows.at(id);
            const auto run = runs.find(row.runId);
            if (run != runs.end() && !row.runId.isEmpty())
                out.insert(run->second.sessionId);
            else if (!row.sessionId.isEmpty())
                out.insert(row.sessionId);
        }
        return out;
    }
};

} // namespace raglens::test
