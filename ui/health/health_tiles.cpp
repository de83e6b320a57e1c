#include "health/health_tiles.h"

#include "diagnostics/invocation_findings.h"
#include "health/health_text.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace raglens::ui {

HealthTiles::HealthTiles(QWidget* parent) : QWidget(parent)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    addTile(Tile::Runs, tr("Runs"), 0);
    addTile(Tile::EmptyRetrieval, tr("Empty retrieval"), 1);
    addTile(Tile::FallbackRate, tr("Retries"), 2);
    addTile(Tile::ErrorRate, tr("Tool errors"), 3);
    addTile(Tile::Satisfaction, tr("Satisfaction"), 4);
    addTile(Tile::LatencyP50, tr("Latency p50"), 5);
    addTile(Tile::LatencyP95, tr("Latency p95"), 6);
    addTile(Tile::LatencyP99, tr("Latency p99"), 7);
    clear();
}

void HealthTiles::addTile(Tile tile, const QString& name, int column)
{
    Parts parts;
    parts.frame = new QFrame(this);
    parts.frame->setFrameShape(QFrame::StyledPanel);
    parts.frame->setAutoFillBackground(true);
    auto* box = new QVBoxLayout(parts.frame);
    box->setContentsMargins(10, 6, 10, 6);
    box->setSpacing(2);
    parts.name = new QLabel(name, parts.frame);
    parts.value = new QLabel(parts.frame);
    QFont big = parts.value->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    parts.value->setFont(big);
    parts.detail = new QLabel(parts.frame);
    QFont small = parts.detail->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    parts.detail->setFont(small);
    box->addWidget(parts.name);
    box->addWidget(parts.value);
    box->addWidget(parts.detail);
    box->addStretch(1);
    static_cast<QGridLayout*>(layout())->addWidget(parts.frame, 0, column);
    m_tiles[tile] = parts;
}

void HealthTiles::set(Tile tile, const QString& value, const QString& detail, Tone tone,
                      const QString& toolTip)
{
    Parts& parts = m_tiles.at(tile);
    parts.value->setText(value);
    parts.detail->setText(detail);
    parts.tone = tone;
    parts.frame->setToolTip(toolTip);
}

void HealthTiles::clear()
{
    for (auto& [tile, parts] : m_tiles)
        set(tile, tr("–"), QString(), Tone::Neutral);
    applyColours();
}

void HealthTiles::setReport(const HealthReport& r, const DiagnosticThresholds& t)
{
    const QLocale locale;
    set(Tile::Runs, locale.toString(r.runs), tr("%n in FALLBACK", nullptr, r.fallbackRuns),
        r.fallbackRuns > 0 ? Tone::Warning : Tone::Neutral,
        tr("%1 tool invocations, %2 of them lookups")
            .arg(locale.toString(r.invocations), locale.toString(r.lookups)));
    // A rate over nothing is no 0 %: its severity (core's one reading) says NO_DATA.
    const QString none = tr("–");
    const auto rate = [&none](double value, const QString& severity) {
        return severity == severity::kNoData ? none : rateText(value);
    };
    set(Tile::EmptyRetrieval, rate(r.emptyRetrievalRate, r.emptyRetrievalSeverity),
        tr("%1 of %n lookups · %2", nullptr, r.lookups)
            .arg(locale.toString(r.emptyRetrievals), severityText(r.emptyRetrievalSeverity)),
        severityTone(r.emptyRetrievalSeverity),
        tr("Lookups that returned no evidence. WARNING above %1, CRITICAL above %2.")
            .arg(rateText(t.emptyRateWarning), rateText(t.emptyRateCritical)));
    set(Tile::FallbackRate, rate(r.fallbackRate, r.fallbackSeverity),
        tr("%1 of %n lookups · %2", nullptr, r.lookups)
            .arg(locale.toString(r.fallbackRetries), severityText(r.fallbackSeverity)),
        severityTone(r.fallbackSeverity),
        tr("Lookups whose filtered search was not usable and were retried without the "
           "filter. WARNING above %1.")
            .arg(rateText(t.fallbackRateWarning)));
    set(Tile::ErrorRate, rate(r.errorRate, r.errorSeverity),
        tr("%1 of %n invocations · %2", nullptr, r.invocations)
            .arg(locale.toString(r.errors), severityText(r.errorSeverity)),
        severityTone(r.errorSeverity),
        tr("Tool calls that failed (any tool). WARNING above %1.")
            .arg(rateText(t.errorRateWarning)));
    // Ratings are optional: without any the rate is unknown, never 0 %.
    set(Tile::Satisfaction, r.satisfactionRate ? rateText(*r.satisfactionRate) : tr("–"),
        r.ratings > 0
            ? tr("%1 of %n ratings", nullptr, r.ratings).arg(locale.toString(r.satisfiedRatings))
            : tr("no ratings"),
        Tone::Neutral,
        tr("Runs people rated helpful (run_feedback), of those rated helpful or not. Runs rated "
           "not helpful are listed among the problem runs."));
    auto latency = [&](Tile tile, const std::optional<qint64>& value, const QString& what) {
        const bool slow = value && *value > t.slowRetrievalMs;
        set(tile, latencyText(value),
            slow ? tr("over %1").arg(latencyText(t.slowRetrievalMs)) : QString(),
            slow ? Tone::Warning : Tone::Neutral,
            tr("%1 of the lookups' retrieval latency (nearest rank); max %2.")
                .arg(what, latencyText(r.latencyMax)));
    };
    latency(Tile::LatencyP50, r.latencyP50, tr("Median"));
    latency(Tile::LatencyP95, r.latencyP95, tr("95th percentile"));
    latency(Tile::LatencyP99, r.latencyP99, tr("99th percentile"));
    applyColours();
}

QString HealthTiles::valueText(Tile tile) const
{
    return m_tiles.at(tile).value->text();
}

QString HealthTiles::detailText(Tile tile) const
{
    return m_tiles.at(tile).detail->text();
}

Tone HealthTiles::tone(Tile tile) const
{
    return m_tiles.at(tile).tone;
}

QColor HealthTiles::background(Tile tile) const
{
    return m_tiles.at(tile).frame->palette().color(QPalette::Window);
}

void HealthTiles::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyColours();
}

void HealthTiles::applyColours()
{
    const QPalette base = palette();
    for (auto& [tile, parts] : m_tiles) {
        QPalette pal = base;
        if (parts.tone != Tone::Neutral) {
            pal.setColor(QPalette::Window, badgeBackground(parts.tone, base));
            pal.setColor(QPalette::WindowText, badgeForeground(parts.tone, base));
        } else {
            pal.setColor(QPalette::Window, base.color(QPalette::Base));
        }
        // Setting a palette on the frame would trigger our own PaletteChange; the frame's
        // change does not reach this widget.
        parts.frame->setPalette(pal);
    }
}

} // namespace raglens::ui
