#pragma once
// Baselines: a saved eval report that later runs are compared with. A baseline file is the
// report JSON plus a "baseline" header, so the output of `raglens-cli eval > f.json` is a
// usable baseline too. Comparison lists regressions (metric drops beyond tolerance, cases
// that went from hit to miss) and improvements (the reverse).

#include "common/error.h"
#include "eval/eval_report.h"

#include <QDateTime>

#include <optional>
#include <vector>

namespace raglens {

struct BaselineCase
{
    QString id;
    QString query;
    bool hit = false;
    std::optional<int> firstHitRank;
};

struct EvalBaseline
{
    QString path;
    QString label;
    QDateTime savedAt; ///< invalid for a plain report without a baseline header
    int k = 0;
    QString setPath;
    QString kbDir;
    EvalMetrics metrics;
    std::vector<BaselineCase> cases;

    const BaselineCase* findCase(const QString& id) const;
};

struct Tolerances
{
    double metric = 0.02; ///< absolute drop of a 0..1 metric that still passes
    bool checkLatency = true;
    double latencyRatio = 1.0;  ///< p95 may grow by this fraction of the baseline…
    double latencyFloorMs = 50; ///< …and by at least this many ms before it counts
};

struct ComparisonItem
{
    enum class Kind
    {
        Metric,
        Case
    };
    Kind kind = Kind::Metric;
    // Metric items
    QString metric; ///< JSON metric name, "latencyP95" for latency
    double baseline = 0;
    double current = 0;
    double tolerance = 0;
    // Case items
    QString caseId;
    QString query;
    QString change; ///< hit_to_miss or miss_to_hit
    std::optional<int> baselineRank;
    std::optional<int> currentRank;

    double delta() const { return current - baseline; }
    /// One translated line for people (stderr, the GUI).
    QString describe() const;
};

struct BaselineComparison
{
    QString baselinePath;
    std::vector<ComparisonItem> regressions;
    std::vector<ComparisonItem> improvements;
    QStringList newCases;     ///< in this run, not in the baseline
    QStringList missingCases; ///< in the baseline, not in this run

    bool hasRegressions() const { return !regressions.empty(); }
    bool isRegressedCase(const QString& id) const;
    bool isImprovedCase(const QString& id) const;
};

void to_json(nlohmann::json& j, const ComparisonItem& item);

EvalBaseline baselineFromReport(const EvalReport& report);
Expected<EvalBaseline> baselineFromJson(const nlohmann::json& j, const QString& path = {});
Expected<EvalBaseline> loadBaseline(const QString& path);
/// Writes the report as a baseline (atomically); label is free text shown in charts.
Status saveBaseline(const EvalReport& report, const QString& path, const QString& label = {});
/// Every readable *.json baseline in dir, oldest first; unreadable files go to errors.
std::vector<EvalBaseline> loadBaselineFolder(const QString& dir, QStringList* errors = nullptr);

/// Fails only when the runs are not comparable (different k).
Expected<BaselineComparison> compareWithBaseline(const EvalReport& report,
                                                 const EvalBaseline& baseline,
                                                 const Tolerances& tolerances = {});

} // namespace raglens
