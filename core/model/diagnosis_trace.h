#pragma once
// Layer B read back: the DiagnosisTraceResponse of DESIGN §4 (camelCase JSON).
// Fed to the CLI, the GUI models, export and import; never holds SQL handles.

#include "common/json_qt.h"
#include "model/retrieval_details.h"
#include "model/row_id.h"

#include <QDateTime>

#include <optional>
#include <vector>

namespace raglens {

/// A time cell that holds something no reading of a time accepts ('yesterday', '2024-13-45'):
/// the row shows no time there, and `check` names the cell with what it holds.
struct UnreadTime
{
    QString column; ///< the column's name, e.g. "started_at"
    QString raw;    ///< what it holds, cut to a showable length
};
using UnreadTimes = std::vector<UnreadTime>;

struct TraceRun
{
    QString runId;
    QString sessionId;
    QString userId;
    QString question;
    QString status;
    QString releaseOutcome;
    QString contentType;
    QString fallbackReason;
    int toolCallCount = 0;
    qint64 totalTokenCount = 0;
    QDateTime startedAt;
    QDateTime finishedAt;
    /// No diagnosis_run row: invocations name this run id (and a session) but the run itself
    /// was never recorded. Shown under its session so no call is invisible.
    bool orphan = false;
    /// Contract words the row spells otherwise (case, spaces), read as the contract's:
    /// "release_outcome: 'fallback' read as FALLBACK". `check` reports them.
    QStringList respelled;
    /// Count columns (tool_call_count, total_token_count) whose cell holds no count (text,
    /// a negative or out-of-range number): read as 0, and said in `respelled`.
    QStringList unreadCounts;
    UnreadTimes unreadTimes;
};

struct TraceStep
{
    qint64 id = 0;  ///< the stored number, or the handle of a text id (row_id)
    QString idText; ///< the stored text id; empty when the store keys steps by number
    QString runId;
    int stepIndex = 0;
    QString agentName;
    bool hasToolCall = false;
    qint64 tokenCount = 0;
    QDateTime startedAt;
    QDateTime finishedAt;
    UnreadTimes unreadTimes;
};

struct TraceInvocation
{
    qint64 id = 0;  ///< the stored number, or the handle of a text id (row_id)
    QString idText; ///< the stored text id; empty when the store keys calls by number
    QString runId;
    QString sessionId;
    std::optional<qint64> stepId;
    QString stepIdText; ///< as idText, for step_id
    QString toolName;
    QString toolCallId;
    QString retrievalLayer;
    QString relevanceLevel; ///< PRECISE / REFERENCE / empty; legacy values are moved out
    std::optional<int> l0MatchCount;
    std::optional<int> l1MatchCount;
    bool truncated = false;
    QString outputPreview;
    nlohmann::json retrievalDetails; ///< parsed object, or null (as the column held it)
    RetrievalDetailsV1 details;      ///< the same, read once into the contract's type
    QString retrievalDetailsRaw;     ///< exactly what the column held
    QString retrievalDetailsError;   ///< parse error when the raw text is malformed
    nlohmann::json inputParams;      ///< parsed object, or null
    QString inputParamsRaw;
    QString inputParamsError;
    std::optional<qint64> durationMs;
    bool success = true;
    QString errorMessage;
    QString dedupReason;
    QDateTime createdAt;
    UnreadTimes unreadTimes;
    /// Legacy rows: relevance_level held an evidence status (EVIDENCE_FOUND, ...).
    bool legacyRelevanceLevel = false;
    QString legacyRelevanceValue;
    /// The whole LookupResult when a lookup_trace_sample row exists for this invocation.
    nlohmann::json fullTrace;
    QString fullTraceReason;

    /// Sets the parsed details and their typed reading together, so they never disagree.
    void setRetrievalDetails(nlohmann::json parsed);
    /// The id as a query binds it and as a window prints it (the text of a text id).
    QVariant storedId() const { return row_id::bindable(id, idText); }
    QString shownId() const { return row_id::shown(id, idText); }
};

struct TraceEvent
{
    qint64 id = 0;
    QString idText; ///< as TraceStep::idText
    QString sessionId;
    QString runId;
    std::optional<qint64> stepId;
    QString stepIdText;
    QString eventType;
    QDateTime createdAt;
    nlohmann::json details; ///< parsed object, or null
    QString detailsRaw;
};

struct RunFeedback
{
    QString runId;
    std::optional<bool> satisfied;
    QString comment;
    QDateTime createdAt;
};

struct DiagnosisTraceResponse
{
    QString sessionId;
    std::vector<TraceRun> runs;
    std::vector<TraceStep> steps;
    std::vector<TraceInvocation> toolInvocations;
    std::vector<TraceEvent> timeline;
    std::vector<RunFeedback> feedback;
};

void to_json(nlohmann::json& j, const TraceRun& v);
void from_json(const nlohmann::json& j, TraceRun& v);
void to_json(nlohmann::json& j, const TraceStep& v);
void from_json(const nlohmann::json& j, TraceStep& v);
void to_json(nlohmann::json& j, const TraceInvocation& v);
void from_json(const nlohmann::json& j, TraceInvocation& v);
void to_json(nlohmann::json& j, const TraceEvent& v);
void from_json(const nlohmann::json& j, TraceEvent& v);
void to_json(nlohmann::json& j, const RunFeedback& v);
void from_json(const nlohmann::json& j, RunFeedback& v);
void to_json(nlohmann::json& j, const DiagnosisTraceResponse& v);
void from_json(const nlohmann::json& j, DiagnosisTraceResponse& v);

} // namespace raglens
