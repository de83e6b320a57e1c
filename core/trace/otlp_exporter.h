#pragma once
// Maps a DiagnosisTraceResponse to OTLP/JSON (the OpenTelemetry protocol's JSON encoding of
// ExportTraceServiceRequest), so a trace can be loaded into Jaeger, Tempo or any OTLP tool.
//
// One trace per run (traceId = hash of the run id); the run is the root span, each agent
// step a child span, each tool invocation a child of its step (or of the run when the step
// is unknown). Lookup attempts become span events of the invocation, timeline events span
// events of the run. Ids are derived from the audit ids, so exports are reproducible.

#include "model/diagnosis_trace.h"

#include <functional>
#include <string_view>

namespace raglens {

/// The whole document as one value (for small traces and tests).
nlohmann::json toOtlpJson(const DiagnosisTraceResponse& trace);

/// The same document as compact JSON text handed to `sink` piece by piece, one span at a
/// time, so memory stays bounded by one span. Returns false as soon as `sink` does.
bool writeOtlpJson(const DiagnosisTraceResponse& trace,
                   const std::function<bool(std::string_view)>& sink);

/// Calls `visit` with every span in document order (runs, steps, invocations); stops and
/// returns false when it returns false.
bool forEachOtlpSpan(const DiagnosisTraceResponse& trace,
                     const std::function<bool(const nlohmann::json&)>& visit);

} // namespace raglens
