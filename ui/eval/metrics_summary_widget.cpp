#include "eval/metrics_summary_widget.h"

#include "common/display_format.h"

#include "common/badge_colors.h"

#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

namespace raglens::ui {

static QStringList tileMetrics()
{
    QStringList names = qualityMetricNames();
    names << QStringLiteral("latencyP50") << QStringLiteral("latencyP95");
    return names;
}

static bool isLatency(const QString& metric)
{
    return metric.startsWith(QLatin1String("latency"));
}

MetricsSummaryWidget::MetricsSummaryWidget(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    const QStringList names = tileMetrics();
    for (int i = 0; i < names.size(); ++i) {
        auto* frame = new QFrame(this);
        frame->setFrameShape(QFrame::StyledPanel);
        auto* box = new QVBoxLayout(frame);
        box->setContentsMargins(8, 4, 8, 4);
        Tile tile;
        tile.name = new QLabel(frame);
        tile.value = new QLabel(frame);
        QFont big = tile.value->font();
        big.setPointSizeF(big.pointSizeF() * 1.5);
        big.setBold(true);
        tile.value->setFont(big);
        tile.delta = new QLabel(frame);
        tile.delta->setAutoFillBackground(true);
        box->addWidget(tile.name);
        box->addWidget(tile.value);
        box->addWidget(tile.delta);
        grid->addWidget(frame, i / 5, i % 5);
        m_tiles[names[i]] = tile;
    }
    refresh();
}

void MetricsSummaryWidget::setMetrics(const EvalMetrics& metrics, int k)
{
    m_metrics = metrics;
    m_k = k;
    refresh();
}

void MetricsSummaryWidget::setBaseline(const std::optional<EvalBaseline>& baseline,
                                       const std::optional<BaselineComparison>& comparison)
{
    m_baseline = baseline;
    m_comparison = comparison;
    refresh();
}

void MetricsSummaryWidget::clear()
{
    m_metrics.reset();
    m_baseline.reset();
    m_comparison.reset();
    refresh();
}

QString MetricsSummaryWidget::valueText(const QString& metric) const
{
    auto it = m_tiles.find(metric);
    return it == m_tiles.end() ? QString() : it->second.value->text();
}

QString MetricsSummaryWidget::deltaText(const QString& metric) const
{
    auto it = m_tiles.find(metric);
    return it == m_tiles.end() ? QString() : it->second.delta->text();
}

void MetricsSummaryWidget::refresh()
{
    for (auto& [metric, tile] : m_tiles) {
        QString name = metricDisplayName(metric);
        if (m_k > 0)
            name.replace(QLatin1String("@k"), QStringLiteral("@%1").arg(m_k));
        tile.name->setText(name);
        const auto value = m_metrics ? metricValue(*m_metrics, metric) : std::nullopt;
        if (!value)
            tile.value->setText(tr("–"));
        else if (isLatency(metric))
            tile.value->setText(tr("%1 ms").arg(displayNumber(*value, 1)));
        else
            tile.value->setText(displayNumber(*value, 3));
        tile.value->setToolTip(m_metrics && !value ? tr("No case in the set checks this.")
                                                   : QString());

        QString delta;
        Tone tone = Tone::Neutral;
        const auto before = m_baseline ? metricValue(m_baseline->metrics, metric) : std::nullopt;
        if (value && before) {
            const double d = *value - *before;
            const bool same = std::abs(d) < (isLatency(metric) ? 0.05 : 0.0005);
            delta = same                ? tr("same as baseline")
                    : isLatency(metric) ? tr("%1%2 ms vs. baseline")
                                              .arg(d >= 0 ? QStringLiteral("+") : QString())
                                              .arg(displayNumber(d, 1))
                                        : tr("%1%2 vs. baseline")
                                              .arg(d >= 0 ? QStringLiteral("+") : QString())
                                              .arg(displayNumber(d, 3));
            if (m_comparison) {
                auto has = [&](const std::vector<ComparisonItem>& items) {
                    return std::any_of(items.begin(), items.end(), [&](const ComparisonItem& i) {
                        return i.kind == ComparisonItem::Kind::Metric && i.metric == metric;
                    });
                };
                if (has(m_comparison->regressions))
                    tone = Tone::Critical;
                else if (has(m_comparison->improvements))
                    tone = Tone::Good;
            }
        }
        tile.delta->setText(delta);
        QPalette pal = palette();
        if (tone != Tone::Neutral) {
            pal.setColor(QPalette::Window, badgeBackground(tone, palette()));
            pal.setColor(QPalette::WindowText, badgeForeground(tone, palette()));
        }
        tile.delta->setPalette(pal);
    }
}

} // namespace raglens::ui
