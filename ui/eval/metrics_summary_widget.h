#pragma once
// Metrics at a glance: one tile per metric (hit@k, recall@k, MRR, nDCG@k, no-evidence
// accuracy, attempt and relevance agreement, latency p50/p95) with the change against the
// baseline when one is loaded, tinted when it is a regression or an improvement.

#include "eval/eval_baseline.h"

#include <QWidget>

#include <map>
#include <optional>

class QLabel;

namespace raglens::ui {

class MetricsSummaryWidget : public QWidget
{
    Q_OBJECT
public:
    explicit MetricsSummaryWidget(QWidget* parent = nullptr);

    void setMetrics(const EvalMetrics& metrics, int k);
    void setBaseline(const std::optional<EvalBaseline>& baseline,
                     const std::optional<BaselineComparison>& comparison);
    void clear();

    /// The value text shown for a metric (tests and accessibility).
    QString valueText(const QString& metric) const;
    QString deltaText(const QString& metric) const;

private:
    struct Tile
    {
        QLabel* name = nullptr;
        QLabel* value = nullptr;
        QLabel* delta = nullptr;
    };
    void refresh();

    std::map<QString, Tile> m_tiles;
    std::optional<EvalMetrics> m_metrics;
    int m_k = 0;
    std::optional<EvalBaseline> m_baseline;
    std::optional<BaselineComparison> m_comparison;
};

} // namespace raglens::ui
