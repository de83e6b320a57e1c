// Painting of AttemptTimelineWidget, kept apart from its interaction code; the geometry
// comes from AttemptTimelineLayout so what is drawn is what the tests measure.

#include "attempts/attempt_timeline_widget.h"

#include "common/badge_colors.h"
#include "common/display_format.h"

#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace raglens::ui {

namespace {

// Stronger companions of the badge colours: outlines and gauge fills must stand out on
// both palettes where the pale badge backgrounds alone would not.
QColor strongColour(Tone tone, const QPalette& palette)
{
    const bool dark = isDarkPalette(palette);
    switch (tone) {
    case Tone::Good:
        return dark ? QColor(0x5c, 0xd6, 0x86) : QColor(0x23, 0x8a, 0x45);
    case Tone::Critical:
        return dark ? QColor(0xff, 0x7b, 0x7b) : QColor(0xc6, 0x30, 0x30);
    case Tone::Warning:
        return dark ? QColor(0xf2, 0xc1, 0x4e) : QColor(0xa8, 0x6a, 0x00);
    default:
        return palette.color(QPalette::Mid);
    }
}

QString similarityText(const std::optional<double>& v)
{
    return v ? displayNumber(*v, 2) : QStringLiteral("–");
}

} // namespace

/// The colours and the small font every part of the picture shares.
struct AttemptTimelineWidget::Ink
{
    explicit Ink(const QPalette& palette, const QFont& font)
        : pal(palette), text(palette.color(QPalette::Text)), faint(text), grid(text), small(font),
          smallFm(font)
    {
        faint.setAlphaF(0.55f);
        grid.setAlphaF(0.12f);
        small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.85));
        smallFm = QFontMetricsF(small);
    }
    QPalette pal;
    QColor text;
    QColor faint;
    QColor grid;
    QFont small;
    QFontMetricsF smallFm;
};

void AttemptTimelineWidget::paint(QPainter& p, const AttemptTimelineLayout& l,
                                  const QSizeF& size) const
{
    const Ink ink(palette(), p.font());
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(QRectF(QPointF(0, 0), size), ink.pal.color(QPalette::Base));
    if (m_timeline.attempts.empty()) {
        p.setPen(ink.faint);
        p.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter,
                   tr("No retrieval attempts recorded"));
        return;
    }
    paintAxis(p, l, size, ink);
    for (int i = 0; i < l.lanes.size(); ++i)
        paintLane(p, l.lanes[i], i, size, ink);
    // Retry arrow, drawn last so it sits on top of the grid.
    if (l.retryArrow && m_timeline.retryPair())
        paintRetryArrow(p, l, ink);
}

// Time axis: tick labels along the top, faint grid lines down through the lanes, and the
// gauge column's heading.
void AttemptTimelineWidget::paintAxis(QPainter& p, const AttemptTimelineLayout& l,
                                      const QSizeF& size, const Ink& ink) const
{
    const qreal axisY = AttemptTimelineLayout::kMargin + AttemptTimelineLayout::kAxisHeight - 6;
    const qreal lanesBottom = l.lanes.back().bar.top() + AttemptTimelineLayout::kLaneHeight;
    p.setFont(ink.small);
    for (const auto& tick : l.ticks) {
        p.setPen(ink.grid);
        p.drawLine(QPointF(tick.x, axisY), QPointF(tick.x, lanesBottom));
        p.setPen(ink.faint);
        p.drawLine(QPointF(tick.x, axisY - 4), QPointF(tick.x, axisY));
        const qreal w = ink.smallFm.horizontalAdvance(tick.label);
        const qreal x = std::clamp(tick.x - w / 2, l.plot.left() - 4, size.width() - w - 2);
        p.drawText(QPointF(x, axisY - 7), tick.label);
    }
    p.setPen(ink.faint);
    p.drawLine(QPointF(l.plot.left(), axisY), QPointF(l.plot.right(), axisY));
    if (l.orderOnly)
        p.drawText(
            QRectF(l.plot.left(), AttemptTimelineLayout::kMargin, l.plot.width(),
                   AttemptTimelineLayout::kAxisHeight - 8),
            Qt::AlignLeft | Qt::AlignBottom,
            ink.smallFm.elidedText(tr("every attempt took under 1 ms: order only, not to scale"),
                                   Qt::ElideRight, l.plot.width()));
    const QRectF firstGauge = l.lanes.front().gauge;
    p.drawText(
        QRectF(firstGauge.left(), AttemptTimelineLayout::kMargin, firstGauge.width(),
               AttemptTimelineLayout::kAxisHeight - 8),
        Qt::AlignLeft | Qt::AlignBottom,
        ink.smallFm.elidedText(
            tr("top similarity (usable ≥ %1)").arg(displayNumber(m_timeline.usableThreshold, 2)),
            Qt::ElideRight, firstGauge.width()));
}

// One attempt: focus and hover marks, its name over its filter, its bar and caption, and
// its similarity gauge.
void AttemptTimelineWidget::paintLane(QPainter& p, const AttemptTimelineLayout::Lane& lane, int i,
                                      const QSizeF& size, const Ink& ink) const
{
    const AttemptBar& a = m_timeline.attempts[size_t(i)];
    const bool selected = i == m_timeline.selectedIndex();
    if (i == m_current && hasFocus()) {
        p.setPen(QPen(ink.pal.color(QPalette::Highlight), 1, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(1, lane.bar.top() - 3, size.width() - 2,
                          AttemptTimelineLayout::kLaneHeight + 2));
    }
    if (i == m_hovered) {
        QColor hover = ink.pal.color(QPalette::Highlight);
        hover.setAlphaF(0.10f);
        p.fillRect(
            QRectF(0, lane.bar.top() - 3, size.width(), AttemptTimelineLayout::kLaneHeight + 2),
            hover);
    }
    // Label column: name (bold when selected) over category filter.
    QFont bold = font();
    bold.setBold(selected);
    p.setFont(bold);
    p.setPen(ink.text);
    const QRectF nameRect(lane.label.left(), lane.label.top(), lane.label.width(),
                          QFontMetricsF(bold).height());
    p.drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(bold).elidedText(a.name.isEmpty() ? tr("(unnamed)") : a.name,
                                              Qt::ElideRight, nameRect.width()));
    p.setFont(ink.small);
    p.setPen(ink.faint);
    const QString filter = a.categoryFilter.isEmpty() ? tr("no category filter")
                                                      : tr("filter: %1").arg(a.categoryFilter);
    p.drawText(
        QRectF(lane.label.left(), nameRect.bottom(), lane.label.width(), ink.smallFm.height()),
        Qt::AlignLeft | Qt::AlignVCenter,
        ink.smallFm.elidedText(filter, Qt::ElideRight, lane.label.width()));
    paintBar(p, lane, a, selected, ink);
    paintGauge(p, lane, a, ink);
    p.setFont(font());
}

void AttemptTimelineWidget::paintBar(QPainter& p, const AttemptTimelineLayout::Lane& lane,
                                     const AttemptBar& a, bool selected, const Ink& ink) const
{
    const bool failed = !a.errorMessage.isEmpty();
    const Tone tone = a.usable && !failed ? Tone::Good : Tone::Critical;
    QPainterPath bar;
    bar.addRoundedRect(lane.bar, 3, 3);
    p.fillPath(bar, QBrush(badgeBackground(tone, ink.pal)));
    if (failed)
        p.fillPath(bar, QBrush(strongColour(Tone::Critical, ink.pal), Qt::BDiagPattern));
    p.setPen(QPen(strongColour(tone, ink.pal), selected ? 2.5 : 1.2));
    p.setBrush(Qt::NoBrush);
    p.drawPath(bar);
    if (selected) {
        p.setPen(QPen(ink.pal.color(QPalette::Highlight), 1.5, Qt::DashLine));
        p.drawRoundedRect(lane.bar.adjusted(-3, -3, 3, 3), 4, 4);
    }
    // Caption beside the bar.
    p.setFont(font());
    p.setPen(failed ? strongColour(Tone::Critical, ink.pal) : ink.text);
    p.drawText(lane.caption, Qt::AlignLeft | Qt::AlignVCenter, lane.captionText);
}

// Gauge: track, fill to the top similarity, threshold marker, and the verdict under it.
void AttemptTimelineWidget::paintGauge(QPainter& p, const AttemptTimelineLayout::Lane& lane,
                                       const AttemptBar& a, const Ink& ink) const
{
    const QRectF& g = lane.gauge;
    QPainterPath track;
    track.addRoundedRect(g, g.height() / 2, g.height() / 2);
    p.fillPath(track,
               ink.pal.color(QPalette::AlternateBase).darker(isDarkPalette(ink.pal) ? 80 : 105));
    p.setPen(QPen(ink.grid, 1));
    p.drawPath(track);
    if (lane.similarityX) {
        QRectF filled = g;
        filled.setRight(std::max(g.left() + 2, *lane.similarityX));
        QPainterPath fillPath;
        fillPath.addRoundedRect(filled, g.height() / 2, g.height() / 2);
        p.fillPath(fillPath, strongColour(a.usable ? Tone::Good : Tone::Critical, ink.pal));
    }
    p.setPen(QPen(ink.text, 2));
    p.drawLine(QPointF(lane.thresholdX, g.top() - 3), QPointF(lane.thresholdX, g.bottom() + 3));
    p.setFont(ink.small);
    const QString verdict = a.usable ? tr("usable") : tr("not usable");
    const QString gaugeText =
        lane.similarityX ? tr("%1 %2 %3 · %4")
                               .arg(similarityText(a.topSimilarity),
                                    a.topSimilarity.value_or(0) >= m_timeline.usableThreshold
                                        ? QStringLiteral("≥")
                                        : QStringLiteral("<"),
                                    displayNumber(m_timeline.usableThreshold, 2), verdict)
                         : tr("similarity unknown · %1").arg(verdict);
    p.setPen(strongColour(a.usable ? Tone::Good : Tone::Critical, ink.pal));
    p.drawText(QRectF(g.left(), g.bottom() + 3, g.width(), ink.smallFm.height()),
               Qt::AlignLeft | Qt::AlignVCenter,
               ink.smallFm.elidedText(gaugeText, Qt::ElideRight, g.width()));
}

void AttemptTimelineWidget::paintRetryArrow(QPainter& p, const AttemptTimelineLayout& l,
                                            const Ink& ink) const
{
    const QLineF line = *l.retryArrow;
    const QColor arrowColour = strongColour(Tone::Warning, ink.pal);
    p.setPen(QPen(arrowColour, 1.8));
    p.drawLine(line);
    const qreal angle = std::atan2(line.dy(), line.dx());
    const qreal head = 8;
    const QPointF tip = line.p2();
    QPolygonF arrowHead;
    arrowHead << tip << tip - QPointF(std::cos(angle - 0.45) * head, std::sin(angle - 0.45) * head)
              << tip - QPointF(std::cos(angle + 0.45) * head, std::sin(angle + 0.45) * head);
    p.setBrush(arrowColour);
    p.drawPolygon(arrowHead);
    p.setBrush(Qt::NoBrush);
    QPainterPath labelBg;
    labelBg.addRoundedRect(l.retryLabel, 3, 3);
    p.fillPath(labelBg, badgeBackground(Tone::Warning, ink.pal));
    p.setPen(badgeForeground(Tone::Warning, ink.pal));
    p.drawText(l.retryLabel, Qt::AlignCenter, retryArrowLabel());
}

} // namespace raglens::ui
