#pragma once
// Retrieval health over a time window (DESIGN §5): empty-retrieval, fallback and error
// rates with severities, relevance distribution, latency percentiles, and the runs worth a
// look (empty retrieval, FALLBACK outcome, negative feedback) so a UI can navigate to them.

#include "common/error.h"
#include "db/audit_database.h"
#include "diagnostics/invocation_findings.h"

#include <QDateTime>

namespace raglens {

struct ProblemRun
{
    QString runId;
    QString sessionId;
    QString question;
    /// The run's outcome as every view reads it (interpret::runOutcome(): a SAFE_FALLBACK
    /// report is a FALLBACK whatever release_outcome holds).
    QString releaseOutcome;
    QDateTime startedAt;
    /// fallback_outcome, tool_error, empty_retrieval, negative_feedback: in this order.
    QStringList reasons;
};

struct HealthReport
{
    QDateTime since;
    QDateTime until;
    int runs = 0;
    int fallbackRuns = 0;
    int invocations = 0;
    int lookups = 0;
    int emptyRetrievals = 0;
    int fallbackRetries = 0;
    int errors = 0;
    int legacyRows = 0;
    int precise = 0;
    int reference = 0;
    int noLevel = 0;
    /// Of `invocations`, the calls without a recorded run (run_id NULL or without a
    /// diagnosis_run row), in the window by their own creation time; counted like the others.
    int callsWithoutRun = 0;
    double emptyRetrievalRate = 0;
    double fallbackRate = 0;
    double errorRate = 0;
    /// Each GOOD, WARNING or CRITICAL; NO_DATA when its rate is over nothing (no lookups,
    /// no calls in the window).
    QString emptyRetrievalSeverity;
    QString fallbackSeverity;
    QString errorSeverity;
    QString severity; ///< worst of the three; NO_DATA when the window holds no call
    std::optional<qint64> latencyP50, latencyP90, latencyP95, latencyP99, latencyMax;
    /// run_feedback ratings of the window's runs with a verdict (helpful or not), and how
    /// many said helpful; the rate is unknown without any.
    int ratings = 0;
    int satisfiedRatings = 0;
    std::optional<double> satisfactionRate;
    int problemRunCount = 0;             ///< all of them; the list holds the newest 200
    std::vector<ProblemRun> problemRuns; ///< newest first
};

void to_json(nlohmann::json& j, const ProblemRun& v);
void to_json(nlohmann::json& j, const HealthReport& v);

/// Problem runs a report lists by default (problemRunCount counts all of them).
inline constexpr int kListedProblemRuns = 200;

/// Runs started in [since, until) (either may be invalid = open) and their invocations, and
/// the calls without a recorded run created in it; the newest `listedProblemRuns` problem runs
/// are listed.
Expected<HealthReport> computeHealth(AuditDatabase& db, const QDateTime& since,
                                     const QDateTime& until,
                                     const DiagnosticThresholds& thresholds = {},
                                     int listedProblemRuns = kListedProblemRuns);

/// Nearest-rank percentile of sorted values; nullopt when empty.
std::optional<qint64> percentile(const std::vector<qint64>& sorted, double p);

} // namespace raglens
