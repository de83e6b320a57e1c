#include "eval/baseline_history_chart.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QValueAxis>

#include <cmath>

namespace raglens::ui {

std::vector<HistorySeries> historySeries(const std::vector<EvalBaseline>& baselines)
{
    std::vector<HistorySeries> out;
    for (const QString& metric : qualityMetricNames()) {
        HistorySeries s;
        s.metric = metric;
        for (size_t i = 0; i < baselines.size(); ++i)
            if (const auto v = metricValue(baselines[i].metrics, metric))
                s.points << QPointF(double(i), *v);
        if (!s.points.isEmpty())
            out.push_back(std::move(s));
    }
    return out;
}

QString historyLabel(const EvalBaseline& baseline)
{
    if (!baseline.label.trimmed().isEmpty())
        return baseline.label.trimmed();
    return QLocale().toString(baseline.savedAt.toLocalTime(), QStringLiteral("MM-dd HH:mm"));
}

BaselineHistoryChart::BaselineHistoryChart(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    // Enough for an axis and a few points; more would make the Evaluation panel, and with
    // it the window, taller than a 1280×720 screen in Chinese (CJK fonts are taller).
    setMinimumHeight(150);
    setBaselines({});
}

int BaselineHistoryChart::seriesCount() const
{
    return int(chart()->series().size());
}

int BaselineHistoryChart::pointCount() const
{
    const auto series = chart()->series();
    if (series.isEmpty())
        return 0;
    auto* line = qobject_cast<QLineSeries*>(series.first());
    return line ? int(line->count()) : 0;
}

void BaselineHistoryChart::setBaselines(const std::vector<EvalBaseline>& baselines)
{
    m_baselines = baselines;
    auto* chart = new QChart;
    chart->setTitle(baselines.empty()
                        ? tr("No saved baselines in this folder yet")
                        : tr("Metrics across %n baseline(s)", nullptr, int(baselines.size())));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(12, 8, 48, 8)); // room for the last x label
    if (baselines.empty()) {
        // Nothing to plot: the title says so, and no empty axes pretend to a scale.
        chart->legend()->hide();
        QChart* old = this->chart();
        setChart(chart);
        delete old;
        return;
    }

    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    for (size_t i = 0; i < baselines.size(); ++i) // labels must be unique on a category axis
        x->append(QStringLiteral("%1. %2").arg(i + 1).arg(historyLabel(baselines[i])), double(i));
    x->setRange(0, std::max<double>(1.0, double(baselines.size()) - 1.0));
    // Zoom the value axis onto the data (in steps of 0.05), so a drop of a few points shows.
    const std::vector<HistorySeries> series = historySeries(baselines);
    double lowest = 1.0;
    for (const HistorySeries& s : series)
        for (const QPointF& p : s.points)
            lowest = std::min(lowest, p.y());
    auto* y = new QValueAxis;
    y->setRange(std::max(0.0, std::floor((lowest - 0.05) * 20.0) / 20.0), 1.0);
    y->setLabelFormat(QStringLiteral("%.2f"));
    y->setTitleText(tr("value"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    for (const HistorySeries& s : series) {
        auto* line = new QLineSeries;
        line->setName(metricDisplayName(s.metric));
        line->append(s.points);
        line->setPointsVisible(true);
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    QChart* old = this->chart();
    setChart(chart); // the view does not delete a replaced chart
    delete old;
}

} // namespace raglens::ui
