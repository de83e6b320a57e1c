#include "diagnostics/health_report.h"

#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/session_query.h"
#include "trace/sql_dialect.h"

#include <QSqlQuery>

#include <algorithm>
#include <cmath>
#include <map>

namespace raglens {

using nlohmann::json;

void to_json(json& j, const ProblemRun& v)
{
    j = json{{"runId", v.runId},
             {"sessionId", v.sessionId},
             {"question", json_util::stringOrNull(v.question)},
             {"releaseOutcome", json_util::stringOrNull(v.releaseOutcome)},
             {"startedAt", json_util::timeOrNull(v.startedAt)},
             {"reasons", v.reasons}};
}

void to_json(json& j, const HealthReport& v)
{
    json problems = json::array();
    for (const ProblemRun& p : v.problemRuns)
        problems.push_back(p);
    j = json{
        {"window",
         {{"since", json_util::timeOrNull(v.since)}, {"until", json_util::timeOrNull(v.until)}}},
        {"severity", v.severity},
        {"runs", v.runs},
        {"fallbackRuns", v.fallbackRuns},
        {"invocations", v.invocations},
        {"lookups", v.lookups},
        {"emptyRetrieval",
         {{"count", v.emptyRetrievals},
          {"rate", v.emptyRetrievalRate},
          {"severity", v.emptyRetrievalSeverity}}},
        {"fallbackRetry",
         {{"count", v.fallbackRetries},
          {"rate", v.fallbackRate},
          {"severity", v.fallbackSeverity}}},
        {"errors", {{"count", v.errors}, {"rate", v.errorRate}, {"severity", v.errorSeverity}}},
        {"legacyRows", v.legacyRows},
        {"relevance", {{"PRECISE", v.precise}, {"REFERENCE", v.reference}, {"none", v.noLevel}}},
        {"latencyMs",
         {{"p50", json_util::optionalOrNull(v.latencyP50)},
          {"p90", json_util::optionalOrNull(v.latencyP90)},
          {"p95", json_util::optionalOrNull(v.latencyP95)},
          {"p99", json_util::optionalOrNull(v.latencyP99)},
          {"max", json_util::optionalOrNull(v.latencyMax)}}},
        {"problemRuns", problems}};
}

std::optional<qint64> percentile(const std::vector<qint64>& sorted, double p)
{
    if (sorted.empty())
        return std::nullopt;
    const auto rank = size_t(std::ceil(p / 100.0 * double(sorted.size())));
    return sorted[std::clamp<size_t>(rank, 1, sorted.size()) - 1];
}

static QString rateSeverity(double rate, double warning, double critical)
{
    if (rate > critical)
        return severity::kCritical;
    if (rate > warning)
        return severity::kWarning;
    return severity::kGood;
}

Expected<HealthReport> computeHealth(AuditDatabase& db, const QDateTime& since,
                                     const QDateTime& until, const DiagnosticThresholds& t)
{
    if (Status s =
            requireTables(db, {QStringLiteral("diagnosis_run"), QStringLiteral("tool_invocation")});
        !s)
        return Error{s.error()};
    HealthReport h;
    h.since = since;
    h.until = until;
    const SqlDialect dialect(db);
    SessionFilter window;
    window.since = since;
    window.until = until;
    const SqlFragment where = SessionQuery(dialect).runCondition(window);

    QSqlQuery q(db.sql());
    std::map<QString, ProblemRun> runs;
    if (Status s = execQuery(q,
                             QStringLiteral("SELECT %1 FROM diagnosis_run r WHERE %2")
                                 .arg(audit_rows::runColumns(QStringLiteral("r")), where.sql),
                             where.binds);
        !s)
        return Error{s.error()};
    while (q.next()) {
        const TraceRun r = audit_rows::readRun(q);
        ++h.runs;
        ProblemRun& p = runs[r.runId];
        p = {r.runId, r.sessionId, r.question, r.releaseOutcome, r.startedAt, {}};
        if (r.releaseOutcome == vocab::kFallback) {
            ++h.fallbackRuns;
            p.reasons << QStringLiteral("fallback_outcome");
        }
    }

    // Invocations of the window's runs, streamed: rates and latencies need every row.
    if (Status s =
            execQuery(q,
                      QStringLiteral("SELECT %1 FROM tool_invocation i JOIN diagnosis_run "
                                     "r ON r.run_id = i.run_id WHERE %2")
                          .arg(audit_rows::invocationColumns(QStringLiteral("i")), where.sql),
                      where.binds);
        !s)
        return Error{s.error()};
    std::vector<qint64> latencies;
    while (q.next()) {
        const TraceInvocation inv = audit_rows::readInvocation(q);
        ++h.invocations;
        ProblemRun* run = runs.count(inv.runId) ? &runs[inv.runId] : nullptr;
        if (!inv.success) {
            ++h.errors;
            if (run && !run->reasons.contains(QStringLiteral("tool_error")))
                run->reasons << QStringLiteral("tool_error");
        }
        if (inv.legacyRelevanceLevel)
            ++h.legacyRows;
        const LookupFacts facts = lookupFacts(inv);
        if (!facts.isLookup)
            continue;
        ++h.lookups;
        if (inv.durationMs)
            latencies.push_back(*inv.durationMs);
        if (facts.emptyRetrieval) {
            ++h.emptyRetrievals;
            if (run && !run->reasons.contains(QStringLiteral("empty_retrieval")))
                run->reasons << QStringLiteral("empty_retrieval");
        }
        if (facts.fallbackTaken)
            ++h.fallbackRetries;
        if (inv.relevanceLevel == vocab::kPrecise)
            ++h.precise;
        else if (inv.relevanceLevel == vocab::kReference)
            ++h.reference;
        else
            ++h.noLevel;
    }

    if (db.hasTable(QStringLiteral("run_feedback"))) {
        if (Status s = execQuery(q,
                                 QStringLiteral("SELECT f.run_id, f.satisfied FROM run_feedback f "
                                                "JOIN diagnosis_run r ON r.run_id = f.run_id "
                                                "WHERE %1")
                                     .arg(where.sql),
                                 where.binds);
            !s)
            return Error{s.error()};
        while (q.next()) {
            const QVariant satisfied = q.value(1);
            const QString text = SqlDialect::text(satisfied).toLower();
            const bool negative = !satisfied.isNull() &&
                                  (text == QLatin1String("0") || text == QLatin1String("false") ||
                                   text == QLatin1String("f"));
            auto it = runs.find(SqlDialect::text(q.value(0)));
            if (negative && it != runs.end() &&
                !it->second.reasons.contains(QStringLiteral("negative_feedback")))
                it->second.reasons << QStringLiteral("negative_feedback");
        }
    }

    std::sort(latencies.begin(), latencies.end());
    h.latencyP50 = percentile(latencies, 50);
    h.latencyP90 = percentile(latencies, 90);
    h.latencyP95 = percentile(latencies, 95);
    h.latencyP99 = percentile(latencies, 99);
    if (!latencies.empty())
        h.latencyMax = latencies.back();
    h.emptyRetrievalRate = h.lookups ? double(h.emptyRetrievals) / h.lookups : 0.0;
    h.fallbackRate = h.lookups ? double(h.fallbackRetries) / h.lookups : 0.0;
    h.errorRate = h.invocations ? double(h.errors) / h.invocations : 0.0;
    h.emptyRetrievalSeverity =
        rateSeverity(h.emptyRetrievalRate, t.emptyRateWarning, t.emptyRateCritical);
    h.fallbackSeverity = rateSeverity(h.fallbackRate, t.fallbackRateWarning, 2.0);
    h.errorSeverity = rateSeverity(h.errorRate, t.errorRateWarning, 2.0);
    h.severity = severity::kGood;
    for (const QString& s : {h.emptyRetrievalSeverity, h.fallbackSeverity, h.errorSeverity})
        if (severity::rank(s) > severity::rank(h.severity))
            h.severity = s;

    for (auto& [id, p] : runs)
        if (!p.reasons.isEmpty())
            h.problemRuns.push_back(p);
    std::sort(h.problemRuns.begin(), h.problemRuns.end(),
              [](const ProblemRun& a, const ProblemRun& b) { return a.startedAt > b.startedAt; });
    return h;
}

} // namespace raglens
