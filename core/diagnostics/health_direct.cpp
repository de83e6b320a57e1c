// computeHealth() read straight from an audit database: every run of the window, then every
// call with its facts derived in SQL by FactSql, streamed and counted.
#include "diagnostics/health_parts.h"

#include "db/sql_dialect.h"
#include "db/sql_exec.h"
#include "interpret/invocation_facts.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/session_query.h"

#include <QSqlQuery>

namespace raglens::health_parts {

namespace {

void mark(std::map<QString, RunMark>& runs, const QString& runId, const QString& reason)
{
    auto it = runs.find(runId);
    if (it != runs.end() && !it->second.reasons.contains(reason))
        it->second.reasons << reason;
}

// Every run of the window: the count, the FALLBACK runs, each run's start.
Status countRuns(AuditDatabase& db, const SqlFragment& where, HealthReport& h,
                 std::map<QString, RunMark>& runs)
{
    QSqlQuery q(db.sql());
    if (Status s = execQuery(
            db, q,
            QStringLiteral("SELECT r.run_id, %2, %3, %4 FROM diagnosis_run r WHERE %1")
                .arg(where.sql,
                     audit_rows::columnOrNull(db, QStringLiteral("diagnosis_run"),
                                              QStringLiteral("r"), QStringLiteral("started_at")),
                     audit_rows::columnOrNull(db, QStringLiteral("diagnosis_run"),
                                              QStringLiteral("r"),
                                              QStringLiteral("release_outcome")),
                     audit_rows::columnOrNull(db, QStringLiteral("diagnosis_run"),
                                              QStringLiteral("r"), QStringLiteral("content_type"))),
            where.binds);
        !s)
        return s;
    while (q.next()) {
        ++h.runs;
        RunMark& m = runs[SqlDialect::text(q.value(0))];
        m.startedAt = SqlDialect::time(q, 1);
        TraceRun outcome;
        outcome.releaseOutcome = SqlDialect::text(q.value(2));
        outcome.contentType = SqlDialect::text(q.value(3));
        if (interpret::isFallbackRun(outcome)) {
            ++h.fallbackRuns;
            m.reasons << QStringLiteral("fallback_outcome");
        }
    }
    if (Status s = afterRows(q); !s)
        return s;
    return ok();
}

// Every call `from` reads (FROM tool_invocation i <from>), with its facts.
Status countCalls(AuditDatabase& db, const SqlFragment& from, HealthReport& h,
                  std::map<QString, RunMark>& runs, std::map<qint64, qint64>& latencyCounts)
{
    const SqlDialect dialect(db);
    QSqlQuery q(db.sql());
    // The facts are derived in SQL by the same rules as interpretInvocation() (FactSql):
    // no per-row JSON parsing in C++, and the same answer as the tree, filters and findings.
    const FactSql facts(db, dialect);
    const auto column = [&db](const char* name) {
        return audit_rows::columnOrNull(db, QStringLiteral("tool_invocation"), QStringLiteral("i"),
                                        QString::fromLatin1(name));
    };
    if (Status s = execQuery(
            db, q,
            QStringLiteral("SELECT i.run_id, %1, %2, %3, %4, %5, %6, %7 FROM tool_invocation i "
                           "%8")
                .arg(facts.isLookup(), facts.toolFailed(), facts.evidenceStatus(),
                     column("relevance_level"), column("duration_ms"), facts.selectedAttempt(),
                     facts.retryReason(), from.sql),
            from.binds);
        !s)
        return s;
    while (q.next()) {
        ++h.invocations;
        const QString runId = SqlDialect::text(q.value(0));
        if (q.value(2).toInt() == 1) {
            ++h.errors;
            mark(runs, runId, QStringLiteral("tool_error"));
        }
        TraceInvocation levels;
        audit_rows::classifyRelevance(levels, SqlDialect::text(q.value(4)));
        if (levels.legacyRelevanceLevel)
            ++h.legacyRows;
        if (q.value(1).toInt() != 1)
            continue;
        ++h.lookups;
        // A duration the trace reads as none (-5, 2^63-1 ms) is no latency either.
        if (auto ms = audit_rows::durationMs(q.value(5)))
            ++latencyCounts[*ms];
        if (SqlDialect::text(q.value(3)) == vocab::kNoEvidence) {
            ++h.emptyRetrievals;
            mark(runs, runId, QStringLiteral("empty_retrieval"));
        }
        interpret::InvocationFacts retry;
        retry.selectedAttempt = SqlDialect::text(q.value(6));
        retry.retryReason = SqlDialect::text(q.value(7));
        if (retry.retried())
            ++h.fallbackRetries;
        if (levels.relevanceLevel == vocab::kPrecise)
            ++h.precise;
        else if (levels.relevanceLevel == vocab::kReference)
            ++h.reference;
        else
            ++h.noLevel;
    }
    if (Status s = afterRows(q); !s)
        return s;
    return ok();
}

} // namespace

SqlFragment runlessWindow(AuditDatabase& db, const QDateTime& since, const QDateTime& until)
{
    const SqlDialect dialect(db);
    const QString table = QStringLiteral("tool_invocation");
    const QString created =
        audit_rows::columnOrNull(db, table, QStringLiteral("i"), QStringLiteral("created_at"));
    QStringList conds;
    SqlFragment out;
    dialect.addTimeWindow(table, created, since, until, conds, out.binds);
    out.sql = conds.isEmpty() ? QStringLiteral("1 = 1") : conds.join(QStringLiteral(" AND "));
    return out;
}

Status healthDirect(AuditDatabase& db, const SqlFragment& where, const SqlFragment& runlessWindow,
                    HealthReport& h, std::map<QString, RunMark>& runs,
                    std::map<qint64, qint64>& latencyCounts)
{
    if (Status s = countRuns(db, where, h, runs); !s)
        return s;
    if (Status s = countCalls(
            db,
            {QStringLiteral("JOIN diagnosis_run r ON %1 WHERE ").arg(audit_rows::runOfCall(db)) +
                 where.sql,
             where.binds},
            h, runs, latencyCounts);
        !s)
        return s;
    // Calls without a recorded run, by their own time.
    const int before = h.invocations;
    if (Status s =
            countCalls(db,
                       {QStringLiteral("WHERE %1 AND (%2)")
                            .arg(FactSql::hasNoRecordedRun(SqlDialect(db), QStringLiteral("i")),
                                 runlessWindow.sql),
                        runlessWindow.binds},
                       h, runs, latencyCounts);
        !s)
        return s;
    h.callsWithoutRun = h.invocations - before;
    return ok();
}

} // namespace raglens::health_parts
