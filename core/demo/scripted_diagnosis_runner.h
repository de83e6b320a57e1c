#pragma once
// A small deterministic "agent" for the demo workspace. It walks a scripted session:
// each step thinks (a token count from the script), issues its tool calls through the
// ToolBoundary (lookup_knowledge against the real engine, other tools with canned
// results) and the run's outcome is decided from the evidence actually found:
// PRECISE / REFERENCE → SUCCESS with a DIAGNOSIS_REPORT; otherwise FALLBACK with a
// SAFE_FALLBACK and INSUFFICIENT_EVIDENCE. A failing tool does not stop the run. No LLM
// is involved: tokens are estimates, and times come from a ScriptedClock starting at the
// session's started_at, so the same scenarios give the same database.

#include "audit/audit_clock.h"
#include "audit/run_recorder.h"
#include "audit/trace_sampling.h"
#include "demo/demo_scenario.h"

#include <vector>

namespace raglens {

class AuditDatabase;
class LookupEngine;

struct ScriptedLookupOutcome
{
    QString toolCallId;
    QString query;
    bool success = true;
    QString evidenceStatus;
    QString relevanceLevel;
    QString selectedAttempt;
    QString fallbackReason;
};

struct ScriptedRunSummary
{
    QString sessionId;
    QString runId;
    RunFinish finish;
    RunTotals totals;
    int harnessCalls = 0;
    int toolErrors = 0;
    int auditFailures = 0;
    std::vector<ScriptedLookupOutcome> lookups;
};

void to_json(nlohmann::json& j, const ScriptedLookupOutcome& v);
void to_json(nlohmann::json& j, const ScriptedRunSummary& v);

class ScriptedDiagnosisRunner
{
public:
    // Simulated durations, in milliseconds, that move the ScriptedClock.
    static constexpr qint64 kStepOverheadMs = 150;
    static constexpr qint64 kMsPerThoughtToken = 8;
    static constexpr qint64 kLookupLatencyMs = 180;
    static constexpr qint64 kHarnessLatencyMs = 420;
    static constexpr qint64 kGapBetweenRunsMs = 90'000;
    static constexpr qint64 kFeedbackDelayMs = 45'000;

    ScriptedDiagnosisRunner(AuditDatabase& db, const LookupEngine& engine,
                            TraceSamplingPolicy sampling);

    /// Records every run of the session, in order, starting at session.startedAt.
    Expected<std::vector<ScriptedRunSummary>> runSession(const DemoSession& session);
    /// Records one run starting at the clock's current time; leaves the clock at its end.
    Expected<ScriptedRunSummary> runRun(const DemoSession& session, const DemoRun& run,
                                        ScriptedClock& clock);

private:
    AuditDatabase& m_db;
    const LookupEngine& m_engine;
    TraceSamplingPolicy m_sampling;
};

} // namespace raglens
