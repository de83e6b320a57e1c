#pragma once
// How times, durations and counts read in every view: one place, so the tree, the run
// view and the status bar agree.

#include "model/diagnosis_trace.h"

#include <QDateTime>
#include <QString>

namespace raglens::ui {

/// "2026-03-04 12:30:05" in local time; empty for an invalid time.
QString displayTime(const QDateTime& time);
/// displayTime(), or, for a cell that holds something but reads as no time, what it holds,
/// marked "(not a time)": the blank is explained where the time would be.
QString displayTime(const QDateTime& time, const UnreadTimes& unread, QLatin1String column);
/// "850 ms", "1.2 s" ("1,2 s" in German), "3 min 05 s"; empty for a negative duration.
QString displayDuration(qint64 ms);
/// displayDuration(), or, for a cell that holds no duration (-5, 2^63-1 ms), what it holds,
/// marked "(not a duration)", as displayTime() shows an unread time.
QString displayDuration(std::optional<qint64> ms, const UnreadCells& unread, QLatin1String column);
/// A count as the locale writes it, or, for a cell whose reading did not accept what it
/// holds (-3, 1e20, 'many': the row carries 0 there), what it holds, marked "(not a count)".
QString displayCount(qint64 value, const UnreadCells& unread, QLatin1String column);
/// A step's index as displayCount() shows it, marked "(not a step index)" instead.
QString stepIndexText(const TraceStep& step);
/// "Step 3" or "Step 3 · planner": every view names a step alike, and never by a made-up 0;
/// "Step ? · planner" when the index cell holds no index (stepIndexText() says what, for a
/// tooltip).
QString stepTitle(const TraceStep& step);
/// A score, similarity, quality or threshold with `decimals` places, as the locale writes
/// it ("0.277", "0,277" in German). Ids and ranks stay plain integers.
QString displayNumber(double value, int decimals);
/// Milliseconds between two times, or -1 when either is missing.
qint64 msBetween(const QDateTime& from, const QDateTime& to);

} // namespace raglens::ui
