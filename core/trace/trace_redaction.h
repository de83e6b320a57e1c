#pragma once
// An imported trace is written under the same rules as a recorded one: the shared secret
// policy (common/secret_policy.h) masks credentials in every text it stores, secret-named
// keys are dropped, input_params pass the input_params sanitizer, and questions are capped.

#include "model/diagnosis_trace.h"

namespace raglens {

/// Redacts `trace` in place; returns how many values were masked or dropped.
int redactForStorage(DiagnosisTraceResponse& trace);

} // namespace raglens
