#pragma once
// Layer B read back: the DiagnosisTraceResponse of DESIGN §4 (camelCase JSON).
// Fed to the CLI, the GUI models, export and import; never holds SQL handles.

#include "common/json_qt.h"
#include "model/retrieval_details.h"
#include "model/row_id.h"

#include <QDateTime>

#include <limits>
#include <optional>
#include <vector>

namespace raglens {

/// A cell that holds something its column's reading does not accept: a time cell holding
/// 'yesterday' or '2024-13-45', a count holding -3 or 1e20, a duration holding 2^63-1 ms. The
/// row shows no value there (or 0 for a count the row cannot leave empty), and `check` and the
/// JSON name the cell with what it holds, so the blank is explained, never a made-up value.
struct UnreadTime
{
    QString column; ///< the column's name, e.g. "started_at"
    QString raw;    ///< what it holds, cut to a showable length
};
using UnreadTimes = std::vector<UnreadTime>;
using UnreadCell = UnreadTime;
using UnreadCells = std::vector<UnreadCell>;

/// The readings of the number columns, shared by the row reader and the trace validation so
/// that every trace RagLens prints is one it reads back (from a file or a Trace API server).
namespace cell_domain {
/// A duration in milliseconds: from 0 to about 31 years.
inline constexpr qint64 kMaxDurationMs = 1'000'000'000'000;
inline bool isDurationMs(qint64 ms)
{
    return ms >= 0 && ms <= kMaxDurationMs;
}
/// A count or index the field of type T holds: a whole number from 0, below T's largest (the
/// end of the range is where SQL and the row reader hold a number they cannot: 1e300).
template <typename T> bool isCount(qint64 n)
{
    return n >= 0 && n < qint64(std::numeric_limits<T>::max());
}
} // namespace cell_domain

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
    UnreadTimes unreadTimes;
    /// Count columns (tool_call_count, total_token_count) whose cell holds no count (text,
    /// a negative or out-of-range number): read as 0.
    UnreadCells unreadNumbers;
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
    UnreadCells unreadNumbers; ///< step_index, token_count: read as 0
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
    UnreadCells unreadNumbers; ///< l0/l1_match_count, duration_ms: read as none
    /// Legacy rows: relevance_level held an evidence status (EVIDENCE_FOUND, ...).
    bool legacyRelevanceLevel = false;
    QString legacyRelevanceValue;
    /// The whole LookupResult when a lookup_trace_sample row exists for this invocation.
    nlohmann::json fullTrace;
    QString fullTraceReason;
    /// The sample's text and why it could not be read, when it is not valid JSON (a column
    /// cut by a size limit): said where the sample would be shown, never dropped unseen.
    QString fullTraceRaw;
    QString fullTraceError;

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
