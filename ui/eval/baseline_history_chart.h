#pragma once
// A line chart of the quality metrics across the saved baselines of a folder, oldest
// first, so a person sees whether retrieval got better or worse over time. The series
// are computed by historySeries() (no widgets), which the tests check directly.

#include "eval/eval_baseline.h"

#include <QChartView>
#include <QPointF>

#include <vector>

namespace raglens::ui {

struct HistorySeries
{
    QString metric;        ///< JSON metric name
    QList<QPointF> points; ///< x = baseline index (0-based), y = value; gaps for null
};

/// One series per quality metric that any baseline has a value for.
std::vector<HistorySeries> historySeries(const std::vector<EvalBaseline>& baselines);
/// The x-axis label of a baseline: its label, else its date.
QString historyLabel(const EvalBaseline& baseline);

class BaselineHistoryChart : public QChartView
{
    Q_OBJECT
public:
    explicit BaselineHistoryChart(QWidget* parent = nullptr);

    void setBaselines(const std::vector<EvalBaseline>& baselines);
    int seriesCount() const;
    int pointCount() const; ///< points of the first series

private:
    std::vector<EvalBaseline> m_baselines;
};

} // namespace raglens::ui
