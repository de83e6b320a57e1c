#pragma once
// Pure geometry of the attempt timeline for one widget size: where each bar, its label,
// its similarity gauge, the time-axis ticks and the retry arrow go. Kept apart from painting
// so tests can check it and the widget can hit-test with it.

#include "attempts/attempt_timeline_data.h"

#include <QFontMetricsF>
#include <QLineF>
#include <QRectF>
#include <QString>
#include <QVector>

#include <optional>

namespace raglens::ui {

struct AttemptTimelineLayout
{
    struct Tick
    {
        qreal x = 0;
        QString label;
    };
    struct Lane
    {
        QRectF label;   ///< name and category filter, left column
        QRectF bar;     ///< the attempt on the time axis
        QRectF caption; ///< duration · candidates · error, beside the bar
        QString captionText;
        QRectF gauge;                     ///< top similarity track 0..1, right column
        qreal thresholdX = 0;             ///< the usable threshold on the gauge
        std::optional<qreal> similarityX; ///< top similarity on the gauge
    };

    /// The label and gauge columns get these widths when there is room, and give way
    /// together down to their minimums on a narrow drill-down, so the time axis keeps its
    /// share and nothing scrolls sideways.
    static constexpr qreal kLabelWidth = 210;
    static constexpr qreal kGaugeWidth = 190;
    static constexpr qreal kMinLabelWidth = 120;
    static constexpr qreal kMinGaugeWidth = 120;
    static constexpr qreal kMinPlotWidth = 120;
    static constexpr qreal kAxisHeight = 28;
    static constexpr qreal kBarHeight = 24;
    static constexpr qreal kLaneHeight = 34; ///< two label lines beside the bar
    static constexpr qreal kLaneGap = 22;    ///< room for the retry arrow's label
    static constexpr qreal kMargin = 8;
    static constexpr qreal kMinBarWidth = 3;

    qreal labelWidth = kLabelWidth; ///< this size's label column
    qreal gaugeWidth = kGaugeWidth; ///< this size's gauge column
    QRectF plot;                    ///< the time axis area
    qreal pixelsPerMs = 0;
    /// Every attempt took under a millisecond (audit rows round to whole ms): bars get equal
    /// slots in execution order instead of a misleading time scale.
    bool orderOnly = false;
    QVector<Tick> ticks;
    QVector<Lane> lanes;
    std::optional<QLineF> retryArrow;
    QRectF retryLabel;

    static AttemptTimelineLayout compute(const AttemptTimeline& timeline, const QSizeF& size,
                                         const QFontMetricsF& metrics);
    static QSizeF preferredSize(int attemptCount);
    /// The narrowest width at which every column keeps its minimum.
    static qreal minimumWidth();
    static QString captionFor(const AttemptBar& bar);
    /// Tick step in ms: 1, 2 or 5 × 10^k giving about maxTicks ticks over totalMs.
    static double tickStep(double totalMs, int maxTicks);

private:
    /// Axis ticks at a round step, about one per 90 px of the plot.
    void placeTicks(double totalMs);
    /// A lane per attempt: its label, bar, caption (where the lane is free) and gauge.
    void placeLanes(const AttemptTimeline& timeline, const QSizeF& size,
                    const QFontMetricsF& metrics);
    /// The arrow from the failed attempt down to its retry, with the reason beside it.
    void placeRetryArrow(const AttemptTimeline& timeline, const QSizeF& size,
                         const QFontMetricsF& metrics);
};

} // namespace raglens::ui
