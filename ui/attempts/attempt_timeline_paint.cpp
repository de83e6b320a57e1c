// Painting of AttemptTimelineWidget, kept apart from its interaction code; the geometry

#include "common/display_format.h"
// comes from AttemptTimelineLayout so what is drawn is what the tests measure.

#include "attempts/attempt_timeline_widget.h"

#include "common/badge_colors.h"

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

void AttemptTimelineWidget::paint(QPainter& p, const AttemptTimelineLayout& l,
                                  const QSizeF& size) const
{
    const QPalette pal = palette();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(QRectF(QPointF(0, 0), size), pal.color(QPalette::Base));
    const QColor text = pal.color(QPalette::Text);
    QColor faint = text;
    faint.setAlphaF(0.55f);
    QColor grid = text;
    grid.setAlphaF(0.12f);

    if (m_timeline.attempts.empty()) {
        p.setPen(faint);
        p.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter,
                   tr("No retrieval attempts recorded"));
        return;
    }

    // Time axis: tick labels along the top, faint grid lines down through the lanes.
    const qreal axisY = AttemptTimelineLayout::kMargin + AttemptTimelineLayout::kAxisHeight - 6;
    const qreal lanesBottom = l.lanes.back().bar.top() + AttemptTimelineLayout::kLaneHeight;
    QFont small = p.font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.85));
    QFontMetricsF smallFm(small);
    p.setFont(small);
    for (const auto& tick : l.ticks) {
        p.setPen(grid);
        p.drawLine(QPointF(tick.x, axisY), QPointF(tick.x, lanesBottom));
        p.setPen(faint);
        p.drawLine(QPointF(tick.x, axisY - 4), QPointF(tick.x, axisY));
        const qreal w = smallFm.horizontalAdvance(tick.label);
        const qreal x = std::clamp(tick.x - w / 2, l.plot.left() - 4, size.width() - w - 2);
        p.drawText(QPointF(x, axisY - 7), tick.label);
    }
    p.setPen(faint);
    p.drawLine(QPointF(l.plot.left(), axisY), QPointF(l.plot.right(), axisY));
    if (l.orderOnly)
        p.drawText(QRectF(l.plot.left(), AttemptTimelineLayout::kMargin, l.plot.width(),
                          AttemptTimelineLayout::kAxisHeight - 8),
                   Qt::AlignLeft | Qt::AlignBottom,
                   smallFm.elidedText(tr("every attempt took under 1 ms: order only, not to scale"),
                                      Qt::ElideRight, l.plot.width()));
    // Gauge column heading.
    const QRectF firstGauge = l.lanes.front().gauge;
    p.drawText(
        QRectF(firstGauge.left(), AttemptTimelineLayout::kMargin, firstGauge.width(),
               AttemptTimelineLayout::kAxisHeight - 8),
        Qt::AlignLeft | Qt::AlignBottom,
        smallFm.elidedText(
            tr("top similarity (usable ≥ %1)").arg(displayNumber(m_timeline.usableThreshold, 2)),
            Qt::ElideRight, firstGauge.width()));

    const int selected = m_timeline.selectedIndex();
    const auto retry = m_timeline.retryPair();
    for (int i = 0; i < l.lanes.size(); ++i) {
        const auto& lane = l.lanes[i];
        const AttemptBar& a = m_timeline.attempts[size_t(i)];
        const bool failed = !a.errorMessage.isEmpty();
        const Tone tone = a.usable && !failed ? Tone::Good : Tone::Critical;

        if (i == m_current && hasFocus()) {
            QPen focusPen(pal.color(QPalette::Highlight), 1, Qt::DotLine);
            p.setPen(focusPen);
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(1, lane.bar.top() - 3, size.width() - 2,
                              AttemptTimelineLayout::kLaneHeight + 2));
        }
        if (i == m_hovered) {
            QColor hover = pal.color(QPalette::Highlight);
            hover.setAlphaF(0.10f);
            p.fillRect(
                QRectF(0, lane.bar.top() - 3, size.width(), AttemptTimelineLayout::kLaneHeight + 2),
                hover);
        }

        // Label column: name (bold) over category filter.
        QFont bold = font();
        bold.setBold(i == selected);
        p.setFont(bold);
        p.setPen(text);
        const QRectF nameRect(lane.label.left(), lane.label.top(), lane.label.width(),
                              QFontMetricsF(bold).height());
        p.drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(bold).elidedText(a.name.isEmpty() ? tr("(unnamed)") : a.name,
                                                  Qt::ElideRight, nameRect.width()));
        p.setFont(small);
        p.setPen(faint);
        const QString filter = a.categoryFilter.isEmpty() ? tr("no category filter")
                                                          : tr("filter: %1").arg(a.categoryFilter);
        p.drawText(
            QRectF(lane.label.left(), nameRect.bottom(), lane.label.width(), smallFm.height()),
            Qt::AlignLeft | Qt::AlignVCenter,
            smallFm.elidedText(filter, Qt::ElideRight, lane.label.width()));

        // The bar.
        QPainterPath bar;
        bar.addRoundedRect(lane.bar, 3, 3);
        QBrush fill(badgeBackground(tone, pal));
        p.fillPath(bar, fill);
        if (failed)
            p.fillPath(bar, QBrush(strongColour(Tone::Critical, pal), Qt::BDiagPattern));
        QPen outline(strongColour(tone, pal), i == selected ? 2.5 : 1.2);
        p.setPen(outline);
        p.setBrush(Qt::NoBrush);
        p.drawPath(bar);
        if (i == selected) {
            QPen focus(pal.color(QPalette::Highlight), 1.5, Qt::DashLine);
            p.setPen(focus);
            p.drawRoundedRect(lane.bar.adjusted(-3, -3, 3, 3), 4, 4);
        }

        // Caption beside the bar.
        p.setFont(font());
        p.setPen(failed ? strongColour(Tone::Critical, pal) : text);
        p.drawText(lane.caption, Qt::AlignLeft | Qt::AlignVCenter, lane.captionText);

        // Gauge: track, fill to the top similarity, threshold marker.
        const QRectF& g = lane.gauge;
        QPainterPath track;
        track.addRoundedRect(g, g.height() / 2, g.height() / 2);
        p.fillPath(track, pal.color(QPalette::AlternateBase).darker(isDarkPalette(pal) ? 80 : 105));
        p.setPen(QPen(grid, 1));
        p.drawPath(track);
        if (lane.similarityX) {
            QRectF filled = g;
            filled.setRight(std::max(g.left() + 2, *lane.similarityX));
            QPainterPath fillPath;
            fillPath.addRoundedRect(filled, g.height() / 2, g.height() / 2);
            p.fillPath(fillPath, strongColour(a.usable ? Tone::Good : Tone::Critical, pal));
        }
        p.setPen(QPen(text, 2));
        p.drawLine(QPointF(lane.thresholdX, g.top() - 3), QPointF(lane.thresholdX, g.bottom() + 3));
        p.setFont(small);
        p.setPen(faint);
        const QString verdict = a.usable ? tr("usable") : tr("not usable");
        const QString gaugeText =
            lane.similarityX ? tr("%1 %2 %3 · %4")
                                   .arg(similarityText(a.topSimilarity),
                                        a.topSimilarity.value_or(0) >= m_timeline.usableThreshold
                                            ? QStringLiteral("≥")
                                            : QStringLiteral("<"),
                                        displayNumber(m_timeline.usableThreshold, 2), verdict)
                             : tr("similarity unknown · %1").arg(verdict);
        p.setPen(strongColour(a.usable ? Tone::Good : Tone::Critical, pal));
        p.drawText(QRectF(g.left(), g.bottom() + 3, g.width(), smallFm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   smallFm.elidedText(gaugeText, Qt::ElideRight, g.width()));
        p.setFont(font());
    }

    // Retry arrow, drawn last so it sits on top of the grid.
    if (l.retryArrow && retry) {
        const QLineF line = *l.retryArrow;
        const QColor arrowColour = strongColour(Tone::Warning, pal);
        p.setPen(QPen(arrowColour, 1.8));
        p.drawLine(line);
        const qreal angle = std::atan2(line.dy(), line.dx());
        const qreal head = 8;
        const QPointF tip = line.p2();
        QPolygonF arrowHead;
        arrowHead << tip
                  << tip - QPointF(std::cos(angle - 0.45) * head, std::sin(angle - 0.45) * head)
                  << tip - QPointF(std::cos(angle + 0.45) * head, std::sin(angle + 0.45) * head);
        p.setBrush(arrowColour);
        p.drawPolygon(arrowHead);
        p.setBrush(Qt::NoBrush);
        QPainterPath labelBg;
        labelBg.addRoundedRect(l.retryLabel, 3, 3);
        p.fillPath(labelBg, badgeBackground(Tone::Warning, pal));
        p.setPen(badgeForeground(Tone::Warning, pal));
        p.drawText(l.retryLabel, Qt::AlignCenter, retryArrowLabel());
    }
}

} // namespace raglens::ui
