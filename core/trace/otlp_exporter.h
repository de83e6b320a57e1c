#pragma once
// Maps a DiagnosisTraceResponse to OTLP/JSON (the OpenTelemetry protocol's JSON encoding of
// ExportTraceServiceRequest), so a trace can be loaded into Jaeger, Tempo or any OTLP tool.
//
// One trace per run (traceId = hash of the run id); the run is the root span, each agent
// step a child span, each tool invocation a child of its step (or of the run when the step
// is unknown). Lookup attempts become span events of the invocation, timeline events span
// events of the run. Ids are derived from the audit ids, so exports are reproducible.

#include "model/diagnosis_trace.h"

namespace raglens {

nlohmann::json toOtlpJson(const DiagnosisTraceResponse& trace);

} // namespace raglens
