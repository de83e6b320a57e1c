#pragma once
// What an imported trace file must satisfy before a row is written: times that parse,
// ids and step ids that are whole numbers, durations that are plausible milliseconds, and
// runs, steps and calls that belong to the trace's session and runs. Import refuses a file
// that breaks any of them and names each problem, instead of quietly writing "now", NULL or
// the smallest 64-bit integer in their place.

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QStringList>

namespace raglens {

/// Problems of a trace document (the DiagnosisTraceResponse JSON), each with its path
/// ("runs[0].startedAt: not a time"); empty when it can be imported as it is.
QStringList traceProblems(const nlohmann::json& trace);

/// For reading a trace another program served (`trace --url`), not for import: a time in a
/// form a database cell is read in (epoch milliseconds, a zone offset) is read so and
/// written in the trace's ISO UTC form; each time no reading accepts, and each count or
/// duration traceProblems() would refuse, goes where the row reader puts a cell it does not
/// accept, under the row's "unreadTimes" or "unreadNumbers" by its column's name (the field
/// itself null), so the trace is shown with those cells marked instead of refused whole; an
/// event's or a feedback's unreadable time is none. How many cells were changed.
int keepUnreadCells(nlohmann::json& trace);

class TraceValidation
{
    Q_DECLARE_TR_FUNCTIONS(TraceValidation)
};

} // namespace raglens
