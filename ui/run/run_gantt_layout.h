#pragma once
// Puts one run on one time axis: a lane for its diagnosis_trace events, then a lane per
// agent step with that step's tool invocations in lanes nested below it, then the
// invocations bound to no step. Pure data, so the geometry can be tested without pixels.

#include "common/badge_colors.h"
#include "model/diagnosis_trace.h"

#include <QDateTime>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace raglens::ui {

struct GanttItem
{
    enum class Type
    {
        Event,
        Step,
        Invocation
    };
    Type type = Type::Step;
    qint64 id = 0;
    int lane = 0;
    int depth = 0; ///< 0 for steps and events, 1 for invocations nested in a step
    QString label;
    QString toolTip;
    qint64 startMs = 0; ///< from the axis origin
    qint64 endMs = 0;   ///< == startMs for events
    bool hasTime = true;
    Tone tone = Tone::Neutral;
    bool failed = false; ///< invocations: the tool call failed (drawn red, outlined)
};

struct GanttLayout
{
    QDateTime origin;
    qint64 spanMs = 1;
    int laneCount = 0;
    std::vector<QString> laneLabels;
    std::vector<GanttItem> items;
};

GanttLayout layoutRun(const TraceRun& run, const std::vector<TraceStep>& steps,
                      const std::vector<TraceInvocation>& invocations,
                      const std::vector<TraceEvent>& events);

/// One tick of the time axis: where its line goes, and where its label starts (or no label
/// when it would not fit without overlapping its neighbour or leaving the widget).
struct AxisTick
{
    double x = 0;
    QString label;
    std::optional<double> labelLeft;
};

/// Ticks every 1, 2 or 5 × 10^n ms, about every 90 px, over a plot from `plotLeft` to
/// `plotRight` in a widget `width` wide. A label goes right of its tick, or left of it
/// when it would leave the widget; a label that would overlap the one before is left out.
std::vector<AxisTick> axisTicks(qint64 spanMs, double plotLeft, double plotRight, double width,
                                const std::function<double(const QString&)>& textWidth);

} // namespace raglens::ui
