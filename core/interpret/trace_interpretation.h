#pragma once
// A DiagnosisTraceResponse as JSON with its interpretation alongside the stored values:
// every invocation carries `interpretation` (effective evidence status, failure kind,
// truncation, verdict) and every run its `fallbackCause`; the response its
// `sessionOutcome`. `raglens-cli trace`, `export` and the HTTP API print this, so a script
// reads the same facts as the GUI. Import ignores the added keys.

#include "model/diagnosis_trace.h"

namespace raglens::interpret {

nlohmann::json interpretedTraceJson(const DiagnosisTraceResponse& trace);

} // namespace raglens::interpret
