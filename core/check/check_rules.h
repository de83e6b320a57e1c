#pragma once
// The rules themselves, one file each. The runner reads runs a batch at a time (the run rows,
// their steps, calls and timeline events) and hands every batch to every enabled rule; a
// rule adds what it checked and what failed to its RuleResult. State that spans batches
// (tool_call_id uniqueness) is found before, in ScopeFacts.

#include "check/check_config.h"
#include "check/check_report.h"
#include "model/diagnosis_trace.h"

#include <QHash>

namespace raglens::check {

/// What the database offers: a rule whose columns or tables are missing checks nothing there.
struct SchemaView
{
    bool hasSteps = false;        ///< agent_step exists
    bool hasEvents = false;       ///< diagnosis_trace exists
    bool hasStepIdColumn = false; ///< tool_invocation.step_id exists
    bool hasStepKeys = false;     ///< agent_step and its id exist: a call's step_id can name a step
    bool hasToolCallIdColumn = false;
    bool hasToolCallCount = false;
    bool hasTokenCounts = false; ///< diagnosis_run.total_token_count and agent_step.token_count
    bool hasFallbackReason = false;
    bool hasQuestion = false;
    bool hasInputParams = true;      ///< tool_invocation.input_params exists
    bool hasRetrievalDetails = true; ///< tool_invocation.retrieval_details exists
    bool hasStepToolFlag = true;     ///< agent_step.has_tool_call exists
    bool hasEventDetails = true;     ///< diagnosis_trace.details exists
};

/// One batch of runs with all their rows, grouped by run in the order of `runs`.
struct RunBatch
{
    std::vector<TraceRun> runs;
    QHash<QString, std::vector<const TraceStep*>> stepsByRun;
    QHash<QString, std::vector<const TraceInvocation*>> callsByRun;
    QHash<QString, std::vector<const TraceEvent*>> eventsByRun;
    std::vector<TraceStep> steps;
    std::vector<TraceInvocation> calls;
    std::vector<TraceEvent> events;
    /// Calls recorded without any run id, under one placeholder run (`runs` holds only it):
    /// there is no run, step or event to check them against.
    bool runless = false;

    /// Fills the by-run maps from the vectors (call after they are complete).
    void index();

    /// A run's rows, without copying them; empty for a run without any.
    const std::vector<const TraceStep*>& stepsOf(const QString& runId) const;
    const std::vector<const TraceInvocation*>& callsOf(const QString& runId) const;
    const std::vector<const TraceEvent*>& eventsOf(const QString& runId) const;
};

/// The first invocation of a tool_call_id that others use too, as row_id reads an id.
struct SharedCallId
{
    qint64 id = 0;
    QString idText;
};

/// A finding about a call or a step, its ids as the store holds them (row_id).
RuleFinding callFinding(const TraceInvocation& call, const QString& runId,
                        const QString& reason = {});
RuleFinding stepFinding(const TraceStep& step, const QString& runId, const QString& reason = {});
RuleFinding runFinding(const QString& runId, const QString& reason = {});

/// Facts about the whole scope, found before the batches are read, the same for every checker.
struct ScopeFacts
{
    /// tool_call_ids that more than one invocation in scope uses → the lowest invocation id
    /// using it (the others are the duplicates).
    QHash<QString, SharedCallId> sharedCallIds;
    /// run_ids held by more than one diagnosis_run row → how many rows.
    QHash<QString, int> repeatedRunIds;
    /// Whether every reader takes the last of a run's rows (run_rows::readLastRowsOnly()).
    bool lastRunRowRead = false;
    /// diagnosis_run rows in scope without a run_id: no run to anything RagLens shows.
    int keylessRuns = 0;
    /// diagnosis_run rows in scope with a run_id and no session_id: no session lists them.
    int sessionlessRuns = 0;
    /// tool_invocation ids held by more than one row, as row_id reads them (number and
    /// stored text: 860 and '860' are two ids in SQLite) → how many rows.
    QHash<std::pair<qint64, QString>, int> repeatedCallIds;
};

/// True for a lookup_knowledge call (by name or by its L1 layer), as the facts read it.
bool isLookup(const TraceInvocation& call);

void checkStepBinding(const RunBatch& batch, const SchemaView& schema, const CheckConfig& config,
                      RuleResult& result);
void checkCallIdentity(const RunBatch& batch, const SchemaView& schema, const ScopeFacts& facts,
                       RuleResult& result);
void checkInputParams(const RunBatch& batch, const SchemaView& schema, const CheckConfig& config,
                      RuleResult& result);
void checkSecrets(const RunBatch& batch, const SchemaView& schema, const CheckConfig& config,
                  RuleResult& result);
void checkLookupShape(const RunBatch& batch, const SchemaView& schema, RuleResult& result);
void checkRunConsistency(const RunBatch& batch, const SchemaView& schema, const ScopeFacts& facts,
                         const CheckConfig& config, RuleResult& result);

/// Shannon entropy of `text` in bits per character.
double entropyBits(QStringView text);

} // namespace raglens::check
