#pragma once
// Two runs (or two lookups) side by side: "what is different from the run that worked?".
// Runs are aligned step by step (index and agent), calls within a step by tool name in
// order; each aligned pair of lookups is compared with the replay diff engine (query,
// category filter, attempt ladder, evidence keys gained and lost, rank and similarity moves,
// relevance, evidence status), plus truncation and duration. Steps and calls found on one
// side only are listed as such. A is the "before" side of every diff, B the "after".

#include "interpret/run_facts.h"
#include "model/diagnosis_trace.h"
#include "replay/replay_diff.h"
#include "trace/audit_browser.h"

#include <optional>
#include <vector>

namespace raglens::compare {

/// One lookup as its side of a comparison shows it, beyond what the diff compares.
struct LookupSide
{
    qint64 invocationId = 0;
    QString invocationIdText; ///< the stored text of a text id (row_id)
    QString query;
    bool queryMayBeTruncated = false; ///< the 160-character input_params preview
    QString basis;                    ///< "full_trace" or "rag_lookup_v1"
    QString truncation;               ///< interpret::truncationLabel
    bool truncated = false;
    std::optional<qint64> durationMs;
    QStringList notes;
};

struct LookupComparison
{
    LookupSide a;
    LookupSide b;
    ReplayDiff diff; ///< A as the recorded side, B as the replayed one
    bool queryChanged() const { return a.query != b.query; }
    /// Anything a person would act on: the diff's changes, the query, the truncation.
    bool hasChanges() const;
};

LookupComparison compareLookups(const TraceInvocation& a, const TraceInvocation& b);

/// One tool call, matched across the two runs or found on one side only.
struct CallComparison
{
    QString toolName;
    std::optional<qint64> aId;
    std::optional<qint64> bId;
    std::optional<bool> aSuccess;
    std::optional<bool> bSuccess;
    std::optional<qint64> aDurationMs;
    std::optional<qint64> bDurationMs;
    std::optional<LookupComparison> lookup; ///< both sides are lookups
    QString aIdText;                        ///< the stored text of a text id (row_id)
    QString bIdText;
    bool onlyInA() const { return aId && !bId; }
    bool onlyInB() const { return bId && !aId; }
};

/// One step, matched by index and agent, or found on one side only. Calls bound to no step
/// are gathered in a group without a step id on either side (unbound()).
struct StepComparison
{
    /// The group of calls bound to no step: a step of the store, whatever its index, agent
    /// or id (-1, 0), has an id on one side at least.
    bool unbound() const { return !aStepId && !bStepId; }
    int stepIndex = -1;
    /// The step's index cell holds no index (stepIndex is then 0, as the row reads it).
    bool stepIndexUnread = false;
    QString agentName;
    std::optional<qint64> aStepId;
    std::optional<qint64> bStepId;
    std::vector<CallComparison> calls;
    QString aStepIdText; ///< the stored text of a text id (row_id)
    QString bStepIdText;
};

struct RunSide
{
    QString runId;
    QString sessionId;
    QString outcome; ///< release outcome, else status
    QString question;
    interpret::RunFallbackCause cause;
    int steps = 0;
    int calls = 0;
    std::optional<qint64> durationMs;
};

struct RunData
{
    TraceRun run;
    std::vector<TraceStep> steps;
    std::vector<TraceInvocation> invocations; ///< the run's own, with full traces where kept
};

struct RunComparison
{
    RunSide a;
    RunSide b;
    std::vector<StepComparison> steps;
    int lookupsCompared = 0;
    int lookupsChanged = 0;
    int stepsOnlyInA = 0;
    int stepsOnlyInB = 0;
    int callsOnlyInA = 0;
    int callsOnlyInB = 0;
};

RunComparison compareRuns(const RunData& a, const RunData& b);

/// Reads a run with its steps and calls, lookups with their full-trace sample where one was
/// kept; a run without its row (an orphan) from its calls alone.
Expected<RunData> loadRun(const AuditBrowser& browser, const QString& runId);

void to_json(nlohmann::json& j, const LookupSide& v);
void to_json(nlohmann::json& j, const LookupComparison& v);
void to_json(nlohmann::json& j, const CallComparison& v);
void to_json(nlohmann::json& j, const StepComparison& v);
void to_json(nlohmann::json& j, const RunSide& v);
void to_json(nlohmann::json& j, const RunComparison& v);

} // namespace raglens::compare
