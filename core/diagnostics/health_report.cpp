#include "diagnostics/health_report.h"

#include "db/sql_dialect.h"
#include "db/sql_exec.h"
#include "diagnostics/health_parts.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/session_query.h"

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
        {"callsWithoutRun", v.callsWithoutRun},
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
        {"ratings", v.ratings},
        {"satisfiedRatings", v.satisfiedRatings},
        {"satisfactionRate", json_util::optionalOrNull(v.satisfactionRate)},
        {"problemRunCount", v.problemRunCount},
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

namespace {

using health_parts::RunMark;

/// Ratings in the window, and the runs rated unhelpful as problem runs.
Status scanFeedback(AuditDatabase& db, const SqlFragment& where, bool fromFacts, HealthReport& h,
                    std::map<QString, RunMark>& runs)
{
    QSqlQuery q(db.sql());
    if (Status s = execQuery(
            db, q,
            QStringLiteral("SELECT f.run_id, %2, %3, %4 FROM run_feedback f "
                           "JOIN diagnosis_run r ON %5 "
                           "WHERE %1")
                .arg(where.sql,
                     audit_rows::columnOrNull(db, QStringLiteral("run_feedback"),
                                              QStringLiteral("f"), QStringLiteral("satisfied")),
                     audit_rows::columnOrNull(db, QStringLiteral("diagnosis_run"),
                                              QStringLiteral("r"), QStringLiteral("started_at")),
                     fromFacts ? QStringLiteral("CASE WHEN %1 THEN 1 ELSE 0 END")
                                     .arg(health_parts::problemRunCondition(db))
                               : QStringLiteral("0"),
                     SqlDialect(db).keysEqual(
                         QStringLiteral("diagnosis_run"), QStringLiteral("r.run_id"),
                         QStringLiteral("run_feedback"), QStringLiteral("f.run_id"))),
            where.binds);
        !s)
        return s;
    while (q.next()) {
        // A rating neither true nor false (NULL, other text) is not counted.
        const std::optional<bool> helpful = SqlDialect::optionalBool(q.value(1));
        if (helpful) {
            ++h.ratings;
            h.satisfiedRatings += *helpful ? 1 : 0;
        }
        if (helpful == false) {
            // A run of the window (the query joins them). From a facts index only the
            // newest problem runs are listed: another problem run is older than all of
            // them and already counted; a run with no other reason is a new one.
            const QString runId = SqlDialect::text(q.value(0));
            if (q.value(3).toInt() == 1 && !runs.count(runId))
                continue;
            RunMark& m = runs[runId];
            if (!m.startedAt.isValid())
                m.startedAt = SqlDialect::time(q, 2);
            if (!m.reasons.contains(QStringLiteral("negative_feedback")))
                m.reasons << QStringLiteral("negative_feedback");
        }
    }
    if (Status s = afterRows(q); !s)
        return s;
    return ok();
}

/// Latency percentiles, rates and severities from the counts.
void summarize(HealthReport& h, const std::map<qint64, qint64>& latencyCounts,
               const DiagnosticThresholds& t)
{
    std::vector<qint64> latencies;
    for (const auto& [ms, n] : latencyCounts)
        latencies.insert(latencies.end(), size_t(n), ms);
    h.latencyP50 = percentile(latencies, 50);
    h.latencyP90 = percentile(latencies, 90);
    h.latencyP95 = percentile(latencies, 95);
    h.latencyP99 = percentile(latencies, 99);
    if (!latencies.empty())
        h.latencyMax = latencies.back();
    if (h.ratings > 0)
        h.satisfactionRate = double(h.satisfiedRatings) / h.ratings;
    h.emptyRetrievalRate = h.lookups ? double(h.emptyRetrievals) / h.lookups : 0.0;
    h.fallbackRate = h.lookups ? double(h.fallbackRetries) / h.lookups : 0.0;
    h.errorRate = h.invocations ? double(h.errors) / h.invocations : 0.0;
    // A window without lookups (or calls) is not GOOD: an agent that stopped calling the tool
    // showed a green badge. Its rates are NO_DATA, and so is the whole when nothing was called.
    h.emptyRetrievalSeverity =
        h.lookups ? rateSeverity(h.emptyRetrievalRate, t.emptyRateWarning, t.emptyRateCritical)
                  : severity::kNoData;
    h.fallbackSeverity =
        h.lookups ? rateSeverity(h.fallbackRate, t.fallbackRateWarning, 2.0) : severity::kNoData;
    h.errorSeverity =
        h.invocations ? rateSeverity(h.errorRate, t.errorRateWarning, 2.0) : severity::kNoData;
    h.severity = severity::kNoData;
    for (const QString& s : {h.emptyRetrievalSeverity, h.fallbackSeverity, h.errorSeverity})
        if (severity::rank(s) > severity::rank(h.severity))
            h.severity = s;
}

/// The newest problem runs, with the details a list needs.
Status listProblemRuns(AuditDatabase& db, std::map<QString, RunMark>& runs, int listed,
                       int problemsNotListed, HealthReport& h)
{
    QSqlQuery q(db.sql());
    std::vector<std::pair<QDateTime, QString>> problems;
    for (const auto& [id, m] : runs)
        if (!m.reasons.isEmpty())
            problems.emplace_back(m.startedAt, id);
    h.problemRunCount = int(problems.size()) + problemsNotListed;
    std::sort(problems.begin(), problems.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second > b.second;
    });
    if (problems.size() > size_t(std::max(0, listed)))
        problems.resize(size_t(std::max(0, listed)));
    if (!problems.empty()) {
        QStringList ids;
        for (const auto& p : problems)
            ids << p.second;
        // Bound as every other read binds a key: a column without a type keeps the run 42 as
        // an integer, which the text '42' alone would not find (the list lost its details).
        const BoundList bound = SqlDialect(db).boundKeys(QStringLiteral("diagnosis_run"),
                                                         QStringLiteral("run_id"), ids);
        if (Status s =
                execQuery(db, q,
                          QStringLiteral("SELECT %1 FROM diagnosis_run r WHERE r.run_id IN "
                                         "(%2)")
                              .arg(audit_rows::runColumns(QStringLiteral("r"), &db), bound.marks),
                          bound.binds);
            !s)
            return s;
        std::map<QString, TraceRun> details;
        while (q.next()) {
            TraceRun r = audit_rows::readRun(q);
            details[r.runId] = r;
        }
        if (Status s = afterRows(q); !s)
            return s;
        // One order whatever read them: the direct scan meets calls in the table's order,
        // the facts index by their first ids, and a run's reasons must read alike both ways.
        static const QStringList order = {
            QStringLiteral("fallback_outcome"), QStringLiteral("tool_error"),
            QStringLiteral("empty_retrieval"), QStringLiteral("negative_feedback")};
        const auto rank = [](const QString& reason) {
            const qsizetype at = order.indexOf(reason);
            return at < 0 ? order.size() : at;
        };
        for (const auto& p : problems) {
            const TraceRun& r = details[p.second];
            QStringList reasons = runs[p.second].reasons;
            std::stable_sort(
                reasons.begin(), reasons.end(),
                [&rank](const QString& a, const QString& b) { return rank(a) < rank(b); });
            h.problemRuns.push_back(
                {p.second, r.sessionId, r.question, interpret::runOutcome(r), p.first, reasons});
        }
    }
    return ok();
}

} // namespace

Expected<HealthReport> computeHealth(AuditDatabase& db, const QDateTime& since,
                                     const QDateTime& until, const DiagnosticThresholds& t,
                                     int listedProblemRuns)
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
    const SqlFragment where =
        SessionQuery(dialect).runCondition(window, SessionQuery::Reading::All);

    // Rows are streamed (forward-only) and only small per-run marks are kept, so a window
    // with a million invocations stays within a few tens of megabytes.
    std::map<QString, RunMark> runs;
    std::map<qint64, qint64> latencyCounts;
    // From a facts index only the newest problem runs are read: this many more exist.
    int problemsNotListed = 0;
    const bool fromFacts = audit_rows::isFactsIndex(db);
    const SqlFragment runless = health_parts::runlessWindow(db, since, until);
    if (fromFacts) {
        if (Status s =
                health_parts::healthFromFacts(db, since, until, runless, h, runs, latencyCounts,
                                              listedProblemRuns, problemsNotListed);
            !s)
            return Error{s.error()};
    } else if (Status s = health_parts::healthDirect(db, where, runless, h, runs, latencyCounts);
               !s) {
        return Error{s.error()};
    }

    if (db.hasTable(QStringLiteral("run_feedback")))
        if (Status s = scanFeedback(db, where, fromFacts, h, runs); !s)
            return Error{s.error()};
    summarize(h, latencyCounts, t);
    if (Status s = listProblemRuns(db, runs, listedProblemRuns, problemsNotListed, h); !s)
        return Error{s.error()};
    return h;
}

} // namespace raglens
