#include "interpret/trace_interpretation.h"

#include "interpret/run_facts.h"

namespace raglens::interpret {

using nlohmann::json;

json interpretedTraceJson(const DiagnosisTraceResponse& trace)
{
    json j = trace;
    std::vector<InterpretedCall> calls;
    calls.reserve(trace.toolInvocations.size());
    for (size_t i = 0; i < trace.toolInvocations.size(); ++i) {
        const TraceInvocation& inv = trace.toolInvocations[i];
        calls.push_back(
            {inv.id, inv.toolName, interpretInvocation(inv), inv.idText, inv.createdAt});
        j["toolInvocations"][i]["interpretation"] = calls.back().facts;
    }
    for (size_t r = 0; r < trace.runs.size(); ++r) {
        const TraceRun& run = trace.runs[r];
        std::vector<InterpretedCall> own;
        for (size_t i = 0; i < calls.size(); ++i)
            if (trace.toolInvocations[i].runId == run.runId)
                own.push_back(calls[i]);
        j["runs"][r]["fallbackCause"] = runFallbackCause(run, own);
    }
    j["sessionOutcome"] = sessionOutcome(trace.runs);
    return j;
}

} // namespace raglens::interpret
