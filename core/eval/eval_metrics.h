#pragma once
// Retrieval metrics of one eval case and of a whole run. Pure functions over plain values,
// so every formula can be tested on hand-computed examples without a knowledge base.
//
// Ranked list: the evidence keys of the returned evidence blocks in rank order, or — when a
// case only names sources — the distinct sources of those blocks in order of first
// appearance; cut to k. Gains are binary (an item is relevant when it is expected).

#include "eval/eval_case.h"
#include "model/lookup_result.h"

#include <map>
#include <optional>
#include <vector>

namespace raglens {

/// What one lookup returned, reduced to what the metrics need.
struct CaseOutcome
{
    QStringList evidenceKeys; ///< rank order
    QStringList sources;      ///< parallel to evidenceKeys
    QString evidenceStatus;
    QString selectedAttempt;
    QString fallbackReason;
    QString relevanceLevel;
    QString categoryFilter;
    QString errorMessage;
    double topQuality = 0;
    double latencyMs = 0;

    static CaseOutcome fromLookupResult(const LookupResult& r, double latencyMs);
};

namespace metrics {
/// Distinct values in first-appearance order.
QStringList distinct(const QStringList& items);
/// The list the case is scored on (see the header comment), at most k items.
QStringList rankedItems(const EvalCase& c, const CaseOutcome& o, int k);
/// 1-based rank of the first expected item in ranked, or nullopt.
std::optional<int> firstHitRank(const QStringList& ranked, const QStringList& expected);
/// |expected ∩ ranked| / |expected|.
double recall(const QStringList& ranked, const QStringList& expected);
/// DCG / IDCG with binary gains, DCG = Σ rel_i / log2(i + 1), IDCG from min(|expected|, k).
double ndcg(const QStringList& ranked, const QStringList& expected, int k);
/// Nearest-rank percentile (p in 0..100) of values; 0 for an empty list.
double percentile(std::vector<double> values, double p);
} // namespace metrics

/// One scored case: the per-case row of a report.
struct CaseResult
{
    EvalCase evalCase;
    CaseOutcome outcome;
    QStringList ranked; ///< what was scored (evidence keys or distinct sources), ≤ k
    std::optional<int> firstHitRank;
    double recall = 0;
    double reciprocalRank = 0;
    double ndcg = 0;
    bool noEvidenceCorrect = false; ///< NO_EVIDENCE returned exactly when it was expected
    std::optional<bool> attemptMatch;
    std::optional<bool> relevanceMatch;

    bool isNoEvidenceCase() const { return evalCase.expectNoEvidence; }
    /// The case's pass/fail: a hit within k, or for expect_no_evidence cases a correct
    /// NO_EVIDENCE. Baseline comparison tracks this as hit → miss.
    bool hit() const { return isNoEvidenceCase() ? noEvidenceCorrect : firstHitRank.has_value(); }
};

CaseResult scoreCase(const EvalCase& c, const CaseOutcome& o, int k);

/// Aggregates; a metric with no case to average over is nullopt (JSON null).
struct EvalMetrics
{
    int cases = 0;
    int evidenceCases = 0; ///< cases with expected keys/sources: hit, recall, MRR, nDCG
    int attemptCases = 0;
    int relevanceCases = 0;
    std::optional<double> hitAtK;
    std::optional<double> recallAtK;
    std::optional<double> mrr;
    std::optional<double> ndcgAtK;
    std::optional<double> noEvidenceAccuracy; ///< over all cases
    std::optional<double> attemptAgreement;
    std::optional<double> relevanceAgreement;
    double latencyP50 = 0;
    double latencyP95 = 0;
};

EvalMetrics aggregate(const std::vector<CaseResult>& rows);
/// Metrics per tag (a case with several tags counts in each).
std::map<QString, EvalMetrics> aggregateByTag(const std::vector<CaseResult>& rows);

/// The quality metrics by JSON name, in display order (latency excluded).
QStringList qualityMetricNames();
/// Also accepts "latencyP50" and "latencyP95".
std::optional<double> metricValue(const EvalMetrics& m, const QString& name);
/// Translated short name for people ("hit@k", "MRR", …).
QString metricDisplayName(const QString& name);

/// {"hitAtK", …, "latencyMs":{"p50","p95"}} — exactly the CLI's "metrics" object.
void to_json(nlohmann::json& j, const EvalMetrics& m);
/// Reads the same shape back (baselines); counts are not part of it.
void from_json(const nlohmann::json& j, EvalMetrics& m);
void to_json(nlohmann::json& j, const CaseResult& r);

} // namespace raglens
