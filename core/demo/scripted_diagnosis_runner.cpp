#include "demo/scripted_diagnosis_runner.h"

#include "audit/lookup_knowledge_tool.h"
#include "audit/run_outcome.h"
#include "audit/sql_audit_sink.h"
#include "audit/token_estimate.h"
#include "audit/tool_boundary.h"
#include "common/json_qt.h"
#include "common/logging.h"
#include "db/audit_database.h"
#include "demo/scripted_tool.h"
#include "lookup/lookup_engine.h"
#include "model/vocabulary.h"

namespace raglens {

using json_util::stringOrNull;
using nlohmann::json;

void to_json(json& j, const ScriptedLookupOutcome& v)
{
    j = json{{"tool_call_id", v.toolCallId},
             {"success", v.success},
             {"evidence_status", stringOrNull(v.evidenceStatus)},
             {"relevance_level", stringOrNull(v.relevanceLevel)},
             {"selected_attempt", stringOrNull(v.selectedAttempt)},
             {"fallback_reason", stringOrNull(v.fallbackReason)}};
}

void to_json(json& j, const ScriptedRunSummary& v)
{
    json lookups = json::array();
    for (const ScriptedLookupOutcome& l : v.lookups)
        lookups.push_back(l);
    j = json{{"session_id", v.sessionId},
             {"run_id", v.runId},
             {"status", v.finish.status},
             {"release_outcome", stringOrNull(v.finish.releaseOutcome)},
             {"content_type", stringOrNull(v.finish.contentType)},
             {"fallback_reason", stringOrNull(v.finish.fallbackReason)},
             {"tool_call_count", v.totals.toolCallCount},
             {"total_token_count", v.totals.totalTokenCount},
             {"harness_calls", v.harnessCalls},
             {"tool_errors", v.toolErrors},
             {"audit_failures", v.auditFailures},
             {"lookups", lookups}};
}

ScriptedDiagnosisRunner::ScriptedDiagnosisRunner(AuditDatabase& db, const LookupEngine& engine,
                                                 TraceSamplingPolicy sampling)
    : m_db(db), m_engine(engine), m_sampling(sampling)
{}

Expected<std::vector<ScriptedRunSummary>>
ScriptedDiagnosisRunner::runSession(const DemoSession& session)
{
    std::vector<ScriptedRunSummary> out;
    ScriptedClock clock(session.startedAt);
    for (const DemoRun& run : session.runs) {
        if (!out.empty())
            clock.advance(kGapBetweenRunsMs);
        auto summary = runRun(session, run, clock);
        if (!summary)
            return Error{summary.error()};
        out.push_back(std::move(*summary));
    }
    return out;
}

Expected<ScriptedRunSummary> ScriptedDiagnosisRunner::runRun(const DemoSession& session,
                                                             const DemoRun& run,
                                                             ScriptedClock& clock)
{
    ScriptedRunSummary summary;
    summary.sessionId = session.sessionId;
    summary.runId = run.runId;
    auto begun = RunRecorder::begin(
        m_db, {run.runId, session.sessionId, session.userId, run.question}, clock.clock());
    if (!begun)
        return Error{begun.error()};
    RunRecorder& recorder = **begun;
    SqlAuditSink sink(m_db, m_sampling);
    ToolBoundary boundary(&sink, &recorder.tracker(), clock.clock());
    LookupKnowledgeTool lookupTool(m_engine);
    bool relevantEvidence = false;

    for (const DemoStep& step : run.steps) {
        clock.advance(kStepOverheadMs);
        auto stepId = recorder.beginStep(step.agentName);
        if (!stepId)
            return Error{stepId.error()};
        clock.advance(step.thoughtTokens * kMsPerThoughtToken);
        qint64 tokens = step.thoughtTokens;
        for (const DemoToolCall& call : step.toolCalls) {
            ToolExecution ex;
            if (call.tool == vocab::kLookupKnowledge) {
                json params = {{"query", call.query.toStdString()}};
                if (!call.category.isEmpty())
                    params["category"] = call.category.toStdString();
                clock.advance(kLookupLatencyMs);
                ex = boundary.execute(lookupTool, {call.tool, {}, params});
                ScriptedLookupOutcome o;
                o.toolCallId = ex.toolCallId;
                o.query = call.query;
                o.success = ex.output.success;
                if (const auto& r = lookupTool.lastResult()) {
                    o.evidenceStatus = r->evidenceStatus;
                    o.relevanceLevel =
                        vocab::isRelevanceLevel(r->relevanceLevel) ? r->relevanceLevel : QString();
                    o.selectedAttempt = r->retrievalTrace.selectedAttempt;
                    o.fallbackReason = r->retrievalTrace.fallbackReason;
                }
                relevantEvidence = relevantEvidence || (o.success && !o.relevanceLevel.isEmpty());
                summary.lookups.push_back(o);
                tokens += estimateTokens(params);
            } else {
                ScriptedTool tool(call);
                clock.advance(kHarnessLatencyMs);
                ex = boundary.execute(tool, {call.tool, {}, call.params});
                ++summary.harnessCalls;
                tokens += estimateTokens(call.params);
            }
            // The model reads what the tool returned: that is part of the step's context.
            tokens += estimateTokens(ex.agentResult);
            if (!ex.output.success)
                ++summary.toolErrors;
        }
        if (Status s = recorder.finishStep(tokens); !s)
            return Error{s.error()};
    }
    summary.auditFailures = boundary.auditFailures();
    summary.finish = RunOutcome::fromEvidence(relevantEvidence);
    clock.advance(kStepOverheadMs);
    auto totals = recorder.finish(summary.finish);
    if (!totals)
        return Error{totals.error()};
    summary.totals = *totals;
    if (run.feedback.present) {
        clock.advance(kFeedbackDelayMs);
        if (Status s = recorder.addFeedback(run.feedback.satisfied, run.feedback.comment); !s)
            return Error{s.error()};
    }
    qCDebug(lcDemo) << "scripted run" << run.runId << summary.finish.releaseOutcome
                    << summary.totals.toolCallCount << "calls";
    return summary;
}

} // namespace raglens
