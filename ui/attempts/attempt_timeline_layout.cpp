#include "attempts/attempt_timeline_layout.h"

#include "common/display_format.h"

#include <QCoreApplication>

#include <cmath>

namespace raglens::ui {

double AttemptTimelineLayout::tickStep(double totalMs, int maxTicks)
{
    if (totalMs <= 0 || maxTicks < 1)
        return 1;
    const double raw = totalMs / maxTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw)
            return std::max(m * magnitude, 0.001);
    return 10 * magnitude;
}

QSizeF AttemptTimelineLayout::preferredSize(int attemptCount)
{
    const int lanes = std::max(1, attemptCount);
    return {kLabelWidth + kGaugeWidth + 420 + 4 * kMargin,
            kAxisHeight + lanes * kLaneHeight + (lanes - 1) * kLaneGap + 3 * kMargin};
}

qreal AttemptTimelineLayout::minimumWidth()
{
    return kMinLabelWidth + kMinGaugeWidth + kMinPlotWidth + 4 * kMargin;
}

AttemptTimelineLayout AttemptTimelineLayout::compute(const AttemptTimeline& t, const QSizeF& size,
                                                     const QFontMetricsF& fm)
{
    AttemptTimelineLayout l;
    // Below the preferred width the two side columns shrink in proportion (the plot keeps
    // at least its minimum), never below their own minimums.
    const qreal sides = size.width() - 4 * kMargin - kMinPlotWidth;
    const qreal wanted = kLabelWidth + kGaugeWidth;
    if (sides < wanted) {
        const qreal share = std::max<qreal>(0, sides) / wanted;
        l.labelWidth = std::max(kMinLabelWidth, kLabelWidth * share);
        l.gaugeWidth = std::max(kMinGaugeWidth, kGaugeWidth * share);
    }
    const qreal left = kMargin + l.labelWidth + kMargin;
    const qreal right = std::max(left + 40, size.width() - kMargin - l.gaugeWidth - kMargin);
    l.plot = QRectF(left, kMargin, right - left,
                    std::max<qreal>(kAxisHeight, size.height() - 2 * kMargin));
    const double measured = t.totalMs();
    l.orderOnly = measured <= 0;
    const double total = l.orderOnly ? 1.0 : measured;
    l.pixelsPerMs = l.plot.width() / total;
    if (!l.orderOnly)
        l.placeTicks(total);
    l.placeLanes(t, size, fm);
    l.placeRetryArrow(t, size, fm);
    return l;
}

void AttemptTimelineLayout::placeTicks(double total)
{
    const double step = tickStep(total, std::max(2, int(plot.width() / 90)));
    const int decimals = step >= 1 ? 0 : int(std::ceil(-std::log10(step)));
    for (double ms = 0; ms <= total + step * 1e-6; ms += step) {
        const QString label = QCoreApplication::translate("AttemptTimelineWidget", "%1 ms")
                                  .arg(displayNumber(ms, decimals));
        ticks.push_back({plot.left() + ms * pixelsPerMs, label});
    }
}

void AttemptTimelineLayout::placeLanes(const AttemptTimeline& t, const QSizeF& size,
                                       const QFontMetricsF& fm)
{
    const qreal slot = t.attempts.empty() ? 0 : plot.width() / qreal(t.attempts.size());

    qreal y = kMargin + kAxisHeight + 4;
    const qreal gaugeLeft = size.width() - kMargin - gaugeWidth;
    for (const AttemptBar& a : t.attempts) {
        Lane lane;
        lane.label = QRectF(kMargin, y, labelWidth, kLaneHeight);
        const qreal index = qreal(lanes.size());
        const qreal w = orderOnly ? slot : std::max(kMinBarWidth, a.durationMs * pixelsPerMs);
        const qreal x = orderOnly
                            ? plot.left() + index * slot
                            : std::min(plot.left() + a.startMs * pixelsPerMs, plot.right() - w);
        lane.bar = QRectF(x, y, w, kBarHeight);
        // The caption goes where the lane is free: after the bar (later attempts sit in lower
        // lanes), else before it, else over it.
        lane.captionText = captionFor(a);
        const qreal cw = fm.horizontalAdvance(lane.captionText) + 8;
        qreal cx = lane.bar.right() + 6;
        qreal width = cw;
        if (cx + cw > plot.right() + kMargin) {
            cx = lane.bar.left() - 6 - cw;
            if (cx < plot.left()) {
                // Over the bar, within the plot: a caption wider than that is cut short
                // (the tooltip and the table below give it whole) rather than drawn over
                // the similarity gauge.
                cx = plot.left() + 4;
                width = std::max<qreal>(0, std::min(cw, plot.right() + kMargin - cx));
                lane.captionText =
                    fm.elidedText(lane.captionText, Qt::ElideRight, std::max<qreal>(0, width - 8));
            }
        }
        lane.caption = QRectF(cx, y + (kBarHeight - fm.height()) / 2, width, fm.height());
        lane.gauge = QRectF(gaugeLeft + 4, y + 2, gaugeWidth - 8, 8);
        const double th = std::clamp(t.usableThreshold, 0.0, 1.0);
        lane.thresholdX = lane.gauge.left() + th * lane.gauge.width();
        if (a.topSimilarity)
            lane.similarityX =
                lane.gauge.left() + std::clamp(*a.topSimilarity, 0.0, 1.0) * lane.gauge.width();
        lanes.push_back(lane);
        y += kLaneHeight + kLaneGap;
    }
}

void AttemptTimelineLayout::placeRetryArrow(const AttemptTimeline& t, const QSizeF& size,
                                            const QFontMetricsF& fm)
{
    if (auto pair = t.retryPair()) {
        const QRectF& from = lanes[pair->first].bar;
        const QRectF& to = lanes[pair->second].bar;
        // From under the end of the failed attempt down to the start of its retry.
        const QPointF start(from.right() - std::min<qreal>(10, from.width() / 2), from.bottom());
        const QPointF end(to.left() + std::min<qreal>(10, to.width() / 2), to.top());
        retryArrow = QLineF(start, end);
        const QString text = t.fallbackReason.isEmpty()
                                 ? QCoreApplication::translate("AttemptTimelineWidget", "retry")
                                 : t.fallbackReason;
        const qreal tw = fm.horizontalAdvance(text) + 10;
        const qreal midY = (start.y() + end.y()) / 2;
        qreal lx = std::max(start.x(), end.x()) + 8;
        if (lx + tw > size.width() - kMargin)
            lx = std::min(start.x(), end.x()) - 8 - tw;
        retryLabel = QRectF(lx, midY - fm.height() / 2, tw, fm.height());
    }
}

QString AttemptTimelineLayout::captionFor(const AttemptBar& a)
{
    QString text = QCoreApplication::translate("AttemptTimelineWidget", "%1 · candidates: %2")
                       .arg(formatDurationMs(a.durationMs))
                       .arg(a.candidateCount);
    if (!a.errorMessage.isEmpty())
        text += QCoreApplication::translate("AttemptTimelineWidget", " · error");
    return text;
}

} // namespace raglens::ui
