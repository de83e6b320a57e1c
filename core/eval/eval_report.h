#pragma once
// EvalReport: the result of one eval run (per-case rows, overall and per-tag metrics),
// and its JSON — the shape `raglens-cli eval` prints and a baseline file stores.

#include "eval/eval_metrics.h"

#include <QDateTime>

#include <map>
#include <vector>

namespace raglens {

struct BaselineComparison;

struct EvalReport
{
    int k = 5;
    QString setPath;
    QString kbDir;
    QDateTime startedAt;
    double seconds = 0;
    bool cancelled = false; ///< rows then hold only the cases finished before cancelling
    std::vector<CaseResult> rows;
    EvalMetrics metrics;
    std::map<QString, EvalMetrics> byTag;

    /// Fills metrics and byTag from rows.
    void recompute();
    const CaseResult* row(const QString& caseId) const;
};

/// {"k","cases","metrics","perCase","byTag","regressions","improvements"}; regressions and
/// improvements are empty arrays when there is no comparison.
nlohmann::json reportToJson(const EvalReport& report, const BaselineComparison* comparison);

} // namespace raglens
