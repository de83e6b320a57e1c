#include "run/run_gantt_layout.h"

#include "common/display_format.h"
#include "common/trace_fields.h"
#include "interpret/invocation_facts.h"

#include <QCoreApplication>

#include <cmath>

#include <algorithm>

namespace raglens::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(RunGantt)
};

void widen(QDateTime& lo, QDateTime& hi, const QDateTime& t)
{
    if (!t.isValid())
        return;
    if (!lo.isValid() || t < lo)
        lo = t;
    if (!hi.isValid() || t > hi)
        hi = t;
}

} // namespace

namespace {

/// Milliseconds since the earliest time the run shows; 0 when either is unknown.
struct TimeOrigin
{
    QDateTime lo;
    qint64 at(const QDateTime& t) const { return t.isValid() && lo.isValid() ? lo.msecsTo(t) : 0; }
};

GanttItem eventItem(const TraceEvent& e, const TimeOrigin& origin)
{
    GanttItem item;
    item.type = GanttItem::Type::Event;
    item.id = e.id;
    item.lane = 0;
    item.label = e.eventType;
    item.startMs = item.endMs = origin.at(e.createdAt);
    item.hasTime = e.createdAt.isValid();
    item.toolTip = Tr::tr("%1 at %2").arg(e.eventType, displayTime(e.createdAt));
    item.tone = Tone::Info;
    return item;
}

GanttItem invocationItem(const TraceInvocation& inv, int depth, int lane, const TimeOrigin& origin)
{
    GanttItem item;
    item.type = GanttItem::Type::Invocation;
    item.id = inv.id;
    item.depth = depth;
    item.lane = lane;
    const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
    const QString status = interpret::evidenceStatusName(facts.evidenceStatus);
    const QString attempt = facts.selectedAttempt;
    item.label = attempt.isEmpty() ? inv.toolName : Tr::tr("%1 · %2").arg(inv.toolName, attempt);
    item.hasTime = inv.createdAt.isValid();
    item.startMs = origin.at(invocationStart(inv));
    item.endMs = origin.at(inv.createdAt);
    // A failed call is red whatever its tool; a lookup takes its evidence status's colour.
    item.tone = facts.toolFailed ? Tone::Critical : status.isEmpty() ? Tone::Info : toneOf(status);
    item.failed = facts.toolFailed;
    QString tip = Tr::tr("Invocation %1 (%2)\n%3\nduration: %4")
                      .arg(inv.shownId(), inv.toolName, inv.outputPreview,
                           inv.durationMs ? displayDuration(*inv.durationMs) : Tr::tr("unknown"));
    if (facts.toolFailed)
        tip +=
            QLatin1Char('\n') + Tr::tr("Failed: %1")
                                    .arg(facts.errorMessage.isEmpty() ? Tr::tr("no error message")
                                                                      : facts.errorMessage);
    if (!facts.verdict.isEmpty() && !facts.toolFailed)
        tip += QLatin1Char('\n') + facts.verdict;
    item.toolTip = tip;
    return item;
}

GanttItem stepItem(const TraceStep& s, int lane, const TimeOrigin& origin)
{
    GanttItem item;
    item.type = GanttItem::Type::Step;
    item.id = s.id;
    item.lane = lane;
    item.label = s.agentName;
    item.hasTime = s.startedAt.isValid();
    item.startMs = origin.at(s.startedAt);
    item.endMs = s.finishedAt.isValid() ? origin.at(s.finishedAt) : item.startMs;
    item.tone = Tone::Neutral;
    item.toolTip =
        Tr::tr("Step %1 (id %2), %3 tokens, %4")
            .arg(stepIndexText(s), row_id::shown(s.id, s.idText),
                 displayCount(s.tokenCount, s.unreadNumbers, QLatin1String("token_count")),
                 displayDuration(msBetween(s.startedAt, s.finishedAt)));
    return item;
}

} // namespace

GanttLayout layoutRun(const TraceRun& run, const std::vector<TraceStep>& steps,
                      const std::vector<TraceInvocation>& invocations,
                      const std::vector<TraceEvent>& events)
{
    QDateTime lo, hi;
    widen(lo, hi, run.startedAt);
    widen(lo, hi, run.finishedAt);
    for (const auto& s : steps) {
        widen(lo, hi, s.startedAt);
        widen(lo, hi, s.finishedAt);
    }
    for (const auto& i : invocations) {
        widen(lo, hi, invocationStart(i));
        widen(lo, hi, i.createdAt);
    }
    for (const auto& e : events)
        widen(lo, hi, e.createdAt);

    GanttLayout layout;
    layout.origin = lo;
    layout.spanMs = std::max<qint64>(1, lo.isValid() ? lo.msecsTo(hi) : 1);
    const TimeOrigin origin{lo};

    // Lane 0: the thin diagnosis_trace timeline.
    layout.laneLabels.push_back(Tr::tr("Trace events"));
    for (const auto& e : events)
        layout.items.push_back(eventItem(e, origin));
    // A lane per step, each followed by the lanes of its calls; calls without a step last.
    const auto addInvocation = [&](const TraceInvocation& inv, int depth) {
        layout.items.push_back(invocationItem(inv, depth, int(layout.laneLabels.size()), origin));
        layout.laneLabels.push_back(Tr::tr("#%1 %2").arg(inv.shownId(), inv.toolName));
    };
    std::vector<bool> placed(invocations.size(), false);
    for (const auto& s : steps) {
        layout.items.push_back(stepItem(s, int(layout.laneLabels.size()), origin));
        layout.laneLabels.push_back(stepTitle(s));
        for (size_t i = 0; i < invocations.size(); ++i) {
            if (invocations[i].stepId && *invocations[i].stepId == s.id) {
                addInvocation(invocations[i], 1);
                placed[i] = true;
            }
        }
    }
    for (size_t i = 0; i < invocations.size(); ++i) {
        if (!placed[i])
            addInvocation(invocations[i], 0);
    }
    layout.laneCount = int(layout.laneLabels.size());
    return layout;
}

std::vector<AxisTick> axisTicks(qint64 spanMs, double plotLeft, double plotRight, double width,
                                const std::function<double(const QString&)>& textWidth)
{
    std::vector<AxisTick> ticks;
    const double plot = std::max(10.0, plotRight - plotLeft);
    const qint64 span = std::max<qint64>(1, spanMs);
    const double rawStep = double(span) * 90.0 / plot;
    const double decade = std::pow(10.0, std::floor(std::log10(std::max(1.0, rawStep))));
    double step = decade;
    for (double m : {2.0, 5.0, 10.0}) {
        if (step >= rawStep)
            break;
        step = decade * m;
    }
    constexpr double kGap = 6; // between a label and its neighbour or the widget's edge
    double lastRight = -1e9;
    for (double t = 0; t <= double(span) + 0.5; t += step) {
        AxisTick tick;
        tick.x = plotLeft + plot * t / double(span);
        tick.label = QStringLiteral("+") + displayDuration(qint64(t));
        const double w = textWidth(tick.label);
        double left = tick.x + 3;
        if (left + w > width - 1)
            left = tick.x - 3 - w; // the last tick: its label to the left of the line
        if (left >= lastRight + kGap && left >= 0 && left + w <= width - 1) {
            tick.labelLeft = left;
            lastRight = left + w;
        }
        ticks.push_back(tick);
    }
    return ticks;
}

} // namespace raglens::ui
