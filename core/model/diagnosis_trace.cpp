#include "model/diagnosis_trace.h"

namespace raglens {

using json_util::arrayOf;
using json_util::optionalOrNull;
using json_util::optionalValue;
using json_util::parseIsoUtc;
using json_util::stringOrNull;
using json_util::timeOrNull;
using json_util::value;
using json_util::vectorOf;
using nlohmann::json;

static QDateTime timeValue(const json& j, const char* key)
{
    return parseIsoUtc(value<QString>(j, key));
}

/// A row's unread cells as `"unreadTimes": {"started_at": "yesterday"}` (or "unreadNumbers"),
/// only when it has any: the null beside it is then explained, in the JSON as in the window.
static void putUnreadCells(json& j, const UnreadCells& unread, const char* key)
{
    if (unread.empty())
        return;
    json cells = json::object();
    for (const UnreadCell& t : unread)
        cells[t.column.toStdString()] = t.raw;
    j[key] = std::move(cells);
}

static void putUnreadTimes(json& j, const UnreadTimes& unread)
{
    putUnreadCells(j, unread, "unreadTimes");
}

static void putUnreadNumbers(json& j, const UnreadCells& unread)
{
    putUnreadCells(j, unread, "unreadNumbers");
}

static UnreadCells unreadCellsOf(const json& j, const char* key)
{
    UnreadCells out;
    if (!j.is_object())
        return out;
    const auto it = j.find(key);
    if (it == j.end() || !it->is_object())
        return out;
    for (const auto& [column, raw] : it->items())
        if (raw.is_string())
            out.push_back(
                {QString::fromStdString(column), QString::fromStdString(raw.get<std::string>())});
    return out;
}

static UnreadTimes unreadTimesOf(const json& j)
{
    return unreadCellsOf(j, "unreadTimes");
}

static UnreadCells unreadNumbersOf(const json& j)
{
    return unreadCellsOf(j, "unreadNumbers");
}

void to_json(json& j, const TraceRun& v)
{
    j = json{{"runId", v.runId},
             {"sessionId", v.sessionId},
             {"userId", stringOrNull(v.userId)},
             {"question", stringOrNull(v.question)},
             {"status", stringOrNull(v.status)},
             {"releaseOutcome", stringOrNull(v.releaseOutcome)},
             {"contentType", stringOrNull(v.contentType)},
             {"fallbackReason", stringOrNull(v.fallbackReason)},
             {"toolCallCount", v.toolCallCount},
             {"totalTokenCount", v.totalTokenCount},
             {"startedAt", timeOrNull(v.startedAt)},
             {"finishedAt", timeOrNull(v.finishedAt)}};
    if (v.orphan)
        j["orphan"] = true;
    putUnreadTimes(j, v.unreadTimes);
    putUnreadNumbers(j, v.unreadNumbers);
}

void from_json(const json& j, TraceRun& v)
{
    v.runId = value<QString>(j, "runId");
    v.sessionId = value<QString>(j, "sessionId");
    v.userId = value<QString>(j, "userId");
    v.question = value<QString>(j, "question");
    v.status = value<QString>(j, "status");
    v.releaseOutcome = value<QString>(j, "releaseOutcome");
    v.contentType = value<QString>(j, "contentType");
    v.fallbackReason = value<QString>(j, "fallbackReason");
    v.toolCallCount = value<int>(j, "toolCallCount");
    v.totalTokenCount = value<qint64>(j, "totalTokenCount");
    v.startedAt = timeValue(j, "startedAt");
    v.finishedAt = timeValue(j, "finishedAt");
    v.orphan = value<bool>(j, "orphan");
    v.unreadTimes = unreadTimesOf(j);
    v.unreadNumbers = unreadNumbersOf(j);
}

void to_json(json& j, const TraceStep& v)
{
    j = json{{"id", row_id::toJson(v.id, v.idText)},
             {"runId", v.runId},
             {"stepIndex", v.stepIndex},
             {"agentName", stringOrNull(v.agentName)},
             {"hasToolCall", v.hasToolCall},
             {"tokenCount", v.tokenCount},
             {"startedAt", timeOrNull(v.startedAt)},
             {"finishedAt", timeOrNull(v.finishedAt)}};
    putUnreadTimes(j, v.unreadTimes);
    putUnreadNumbers(j, v.unreadNumbers);
}

void from_json(const json& j, TraceStep& v)
{
    v.id = row_id::fromJson(j, "id", &v.idText).value_or(0);
    v.runId = value<QString>(j, "runId");
    v.stepIndex = value<int>(j, "stepIndex");
    v.agentName = value<QString>(j, "agentName");
    v.hasToolCall = value<bool>(j, "hasToolCall");
    v.tokenCount = value<qint64>(j, "tokenCount");
    v.startedAt = timeValue(j, "startedAt");
    v.finishedAt = timeValue(j, "finishedAt");
    v.unreadTimes = unreadTimesOf(j);
    v.unreadNumbers = unreadNumbersOf(j);
}

void TraceInvocation::setRetrievalDetails(json parsed)
{
    retrievalDetails = std::move(parsed);
    details = RetrievalDetailsV1::fromJson(retrievalDetails);
}

void to_json(json& j, const TraceInvocation& v)
{
    j = json{{"id", row_id::toJson(v.id, v.idText)},
             {"runId", v.runId},
             {"sessionId", stringOrNull(v.sessionId)},
             {"stepId", row_id::toJson(v.stepId, v.stepIdText)},
             {"toolName", v.toolName},
             {"toolCallId", stringOrNull(v.toolCallId)},
             {"retrievalLayer", stringOrNull(v.retrievalLayer)},
             {"relevanceLevel", stringOrNull(v.relevanceLevel)},
             {"l0MatchCount", optionalOrNull(v.l0MatchCount)},
             {"l1MatchCount", optionalOrNull(v.l1MatchCount)},
             {"truncated", v.truncated},
             {"outputPreview", stringOrNull(v.outputPreview)},
             {"retrievalDetails", v.retrievalDetails},
             {"retrievalDetailsRaw", stringOrNull(v.retrievalDetailsRaw)},
             {"retrievalDetailsError", stringOrNull(v.retrievalDetailsError)},
             {"inputParams", v.inputParams},
             {"inputParamsError", stringOrNull(v.inputParamsError)},
             {"durationMs", optionalOrNull(v.durationMs)},
             {"success", v.success},
             {"errorMessage", stringOrNull(v.errorMessage)},
             {"dedupReason", stringOrNull(v.dedupReason)},
             {"createdAt", timeOrNull(v.createdAt)},
             {"legacyRelevanceLevel", v.legacyRelevanceLevel},
             {"legacyRelevanceValue", stringOrNull(v.legacyRelevanceValue)}};
    if (!v.inputParamsError.isEmpty())
        j["inputParamsRaw"] = v.inputParamsRaw;
    putUnreadTimes(j, v.unreadTimes);
    putUnreadNumbers(j, v.unreadNumbers);
    if (!v.fullTrace.is_null()) {
        j["fullTrace"] = v.fullTrace;
        j["fullTraceReason"] = stringOrNull(v.fullTraceReason);
    }
    if (!v.fullTraceError.isEmpty()) {
        j["fullTraceReason"] = stringOrNull(v.fullTraceReason);
        j["fullTraceRaw"] = v.fullTraceRaw;
        j["fullTraceError"] = v.fullTraceError;
    }
}

void from_json(const json& j, TraceInvocation& v)
{
    v.id = row_id::fromJson(j, "id", &v.idText).value_or(0);
    v.runId = value<QString>(j, "runId");
    v.sessionId = value<QString>(j, "sessionId");
    v.stepId = row_id::fromJson(j, "stepId", &v.stepIdText);
    v.toolName = value<QString>(j, "toolName");
    v.toolCallId = value<QString>(j, "toolCallId");
    v.retrievalLayer = value<QString>(j, "retrievalLayer");
    v.relevanceLevel = value<QString>(j, "relevanceLevel");
    v.l0MatchCount = optionalValue<int>(j, "l0MatchCount");
    v.l1MatchCount = optionalValue<int>(j, "l1MatchCount");
    v.truncated = value<bool>(j, "truncated");
    v.outputPreview = value<QString>(j, "outputPreview");
    v.setRetrievalDetails(j.is_object() && j.contains("retrievalDetails") ? j.at("retrievalDetails")
                                                                          : json(nullptr));
    v.retrievalDetailsRaw = value<QString>(j, "retrievalDetailsRaw");
    v.retrievalDetailsError = value<QString>(j, "retrievalDetailsError");
    v.inputParams =
        j.is_object() && j.contains("inputParams") ? j.at("inputParams") : json(nullptr);
    v.inputParamsRaw = value<QString>(j, "inputParamsRaw");
    v.inputParamsError = value<QString>(j, "inputParamsError");
    v.durationMs = optionalValue<qint64>(j, "durationMs");
    v.success = value<bool>(j, "success", true);
    v.errorMessage = value<QString>(j, "errorMessage");
    v.dedupReason = value<QString>(j, "dedupReason");
    v.createdAt = timeValue(j, "createdAt");
    v.legacyRelevanceLevel = value<bool>(j, "legacyRelevanceLevel");
    v.legacyRelevanceValue = value<QString>(j, "legacyRelevanceValue");
    v.fullTrace = j.is_object() && j.contains("fullTrace") ? j.at("fullTrace") : json(nullptr);
    v.fullTraceReason = value<QString>(j, "fullTraceReason");
    v.fullTraceRaw = value<QString>(j, "fullTraceRaw");
    v.fullTraceError = value<QString>(j, "fullTraceError");
    v.unreadTimes = unreadTimesOf(j);
    v.unreadNumbers = unreadNumbersOf(j);
}

void to_json(json& j, const TraceEvent& v)
{
    j = json{{"id", row_id::toJson(v.id, v.idText)},
             {"sessionId", stringOrNull(v.sessionId)},
             {"runId", stringOrNull(v.runId)},
             {"stepId", row_id::toJson(v.stepId, v.stepIdText)},
             {"eventType", v.eventType},
             {"createdAt", timeOrNull(v.createdAt)},
             {"details", v.details}};
    if (v.details.is_null() && !v.detailsRaw.isEmpty())
        j["detailsRaw"] = v.detailsRaw;
}

void from_json(const json& j, TraceEvent& v)
{
    v.id = row_id::fromJson(j, "id", &v.idText).value_or(0);
    v.sessionId = value<QString>(j, "sessionId");
    v.runId = value<QString>(j, "runId");
    v.stepId = row_id::fromJson(j, "stepId", &v.stepIdText);
    v.eventType = value<QString>(j, "eventType");
    v.createdAt = timeValue(j, "createdAt");
    v.details = j.is_object() && j.contains("details") ? j.at("details") : json(nullptr);
    v.detailsRaw = value<QString>(j, "detailsRaw");
}

void to_json(json& j, const RunFeedback& v)
{
    j = json{{"runId", v.runId},
             {"satisfied", optionalOrNull(v.satisfied)},
             {"comment", stringOrNull(v.comment)},
             {"createdAt", timeOrNull(v.createdAt)}};
}

void from_json(const json& j, RunFeedback& v)
{
    v.runId = value<QString>(j, "runId");
    v.satisfied = optionalValue<bool>(j, "satisfied");
    v.comment = value<QString>(j, "comment");
    v.createdAt = timeValue(j, "createdAt");
}

void to_json(json& j, const DiagnosisTraceResponse& v)
{
    j = json{{"sessionId", v.sessionId},        {"runs", arrayOf(v.runs)},
             {"steps", arrayOf(v.steps)},       {"toolInvocations", arrayOf(v.toolInvocations)},
             {"timeline", arrayOf(v.timeline)}, {"feedback", arrayOf(v.feedback)}};
}

void from_json(const json& j, DiagnosisTraceResponse& v)
{
    v.sessionId = value<QString>(j, "sessionId");
    v.runs = vectorOf<TraceRun>(j, "runs");
    v.steps = vectorOf<TraceStep>(j, "steps");
    v.toolInvocations = vectorOf<TraceInvocation>(j, "toolInvocations");
    v.timeline = vectorOf<TraceEvent>(j, "timeline");
    v.feedback = vectorOf<RunFeedback>(j, "feedback");
}

} // namespace raglens
