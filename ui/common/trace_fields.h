#pragma once
// Where an invocation sits on a time axis. (What a row *means* — evidence status, failure
// kind, truncation, verdict — is core's interpretation: interpret/invocation_facts.h.)

#include "model/diagnosis_trace.h"

namespace raglens::ui {

/// The start of an invocation on a time axis: created_at is written when the call ends.
QDateTime invocationStart(const TraceInvocation& invocation);

} // namespace raglens::ui
