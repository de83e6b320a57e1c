#pragma once
// Reads the few retrieval_details fields every view shows (selected attempt, evidence
// status, fallback reason, search mode) from a TraceInvocation, tolerating thin HARNESS
// rows and malformed JSON: a missing field is an empty string, never an exception.

#include "model/diagnosis_trace.h"

#include <QString>

namespace raglens::ui {

QString detailString(const TraceInvocation& invocation, const char* key);
inline QString selectedAttemptOf(const TraceInvocation& inv)
{
    return detailString(inv, "selected_attempt");
}
inline QString fallbackReasonOf(const TraceInvocation& inv)
{
    return detailString(inv, "fallback_reason");
}
inline QString searchModeOf(const TraceInvocation& inv)
{
    return detailString(inv, "search_mode");
}
/// evidence_status from the details, else a legacy row's status from relevance_level;
/// ERROR when the tool failed without one.
QString evidenceStatusOf(const TraceInvocation& invocation);
/// The start of an invocation on a time axis: created_at is written when the call ends.
QDateTime invocationStart(const TraceInvocation& invocation);

} // namespace raglens::ui
