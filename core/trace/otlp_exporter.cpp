#include "trace/otlp_exporter.h"

#include "interpret/invocation_facts.h"

#include <QCryptographicHash>

#include <algorithm>
#include <cmath>
#include <limits>

#include <map>

namespace raglens {

using nlohmann::json;

namespace {

enum SpanKind
{
    kSpanKindInternal = 1,
    kSpanKindClient = 3
};
enum StatusCode
{
    kStatusUnset = 0,
    kStatusOk = 1,
    kStatusError = 2
};

std::string hexId(const QString& seed, int hexChars)
{
    const QByteArray hash =
        QCryptographicHash::hash(seed.toUtf8(), QCryptographicHash::Sha256).toHex();
    return hash.left(hexChars).toStdString();
}

std::string traceId(const QString& runId)
{
    return hexId(QStringLiteral("run-trace:") + runId, 32);
}
std::string runSpanId(const QString& runId)
{
    return hexId(QStringLiteral("run:") + runId, 16);
}
std::string stepSpanId(qint64 id)
{
    return hexId(QStringLiteral("step:%1").arg(id), 16);
}
std::string invocationSpanId(qint64 id)
{
    return hexId(QStringLiteral("inv:%1").arg(id), 16);
}

// OTLP/JSON encodes 64-bit integers (including times) as decimal strings.
// They are unsigned (fixed64): a time before 1970 is 0, one past the year 2554 the largest
// there is; the product never overflows.
std::string nanos(const QDateTime& t)
{
    if (!t.isValid() || t.toMSecsSinceEpoch() <= 0)
        return "0";
    constexpr quint64 kMaxMs = std::numeric_limits<quint64>::max() / 1000000ULL;
    return std::to_string(std::min<quint64>(quint64(t.toMSecsSinceEpoch()), kMaxMs) * 1000000ULL);
}

json attr(const char* key, const json& v)
{
    json value;
    if (v.is_boolean())
        value = {{"boolValue", v.get<bool>()}};
    else if (v.is_number_integer())
        value = {{"intValue", std::to_string(v.get<qint64>())}};
    else if (v.is_number())
        value = {{"doubleValue", v.get<double>()}};
    else if (v.is_string())
        value = {{"stringValue", v.get<std::string>()}};
    else
        value = {{"stringValue", v.dump()}};
    return {{"key", key}, {"value", value}};
}

void addIf(json& attrs, const char* key, const QString& v)
{
    if (!v.isEmpty())
        attrs.push_back(attr(key, v.toStdString()));
}

/// A run span's start and end: the run row's, or, where it holds none (a run row without a
/// start, calls without a run row), the earliest and latest time of its steps, calls and
/// events, so that the span holds its children (it started at 1970 and ended in 2026).
struct SpanTimes
{
    QDateTime start, end;

    void widen(const QDateTime& t)
    {
        if (!t.isValid())
            return;
        if (!start.isValid() || t < start)
            start = t;
        if (!end.isValid() || t > end)
            end = t;
    }
};

json runSpan(const TraceRun& r, const std::vector<TraceEvent>& events, const SpanTimes& children)
{
    const QDateTime start = r.startedAt.isValid() ? r.startedAt : children.start;
    QDateTime end = r.finishedAt.isValid() ? r.finishedAt : children.end;
    if (!end.isValid() || (start.isValid() && end < start))
        end = start;
    json attrs = json::array();
    attrs.push_back(attr("raglens.session_id", r.sessionId.toStdString()));
    attrs.push_back(attr("raglens.run_id", r.runId.toStdString()));
    addIf(attrs, "enduser.id", r.userId);
    addIf(attrs, "raglens.question", r.question);
    addIf(attrs, "raglens.status", r.status);
    addIf(attrs, "raglens.release_outcome", r.releaseOutcome);
    addIf(attrs, "raglens.content_type", r.contentType);
    addIf(attrs, "raglens.fallback_reason", r.fallbackReason);
    attrs.push_back(attr("raglens.tool_call_count", r.toolCallCount));
    attrs.push_back(attr("raglens.total_token_count", r.totalTokenCount));
    json spanEvents = json::array();
    for (const TraceEvent& e : events) {
        json ea = json::array();
        if (e.stepId)
            ea.push_back(attr("raglens.step_id", row_id::toJson(e.stepId, e.stepIdText)));
        if (e.details.is_object())
            for (auto it = e.details.begin(); it != e.details.end(); ++it)
                // A null detail is an absent attribute, as on the span (never the text "null").
                if (!it.value().is_null())
                    ea.push_back(attr(("raglens." + it.key()).c_str(), it.value()));
        spanEvents.push_back(
            {{"timeUnixNano", nanos(e.createdAt)}, {"name", e.eventType}, {"attributes", ea}});
    }
    const bool failed =
        r.releaseOutcome == QLatin1String("ERROR") || r.status == QLatin1String("FAILED");
    return {{"traceId", traceId(r.runId)},
            {"spanId", runSpanId(r.runId)},
            {"name", "diagnosis_run"},
            {"kind", kSpanKindInternal},
            {"startTimeUnixNano", nanos(start)},
            {"endTimeUnixNano", nanos(end)},
            {"attributes", attrs},
            {"events", spanEvents},
            {"status", {{"code", failed ? kStatusError : kStatusOk}}}};
}

json stepSpan(const TraceStep& s, const TraceRun& run, const QDateTime& runStart)
{
    json attrs = json::array();
    attrs.push_back(attr("raglens.step_id", row_id::toJson(s.id, s.idText)));
    attrs.push_back(attr("raglens.step_index", s.stepIndex));
    addIf(attrs, "raglens.agent_name", s.agentName);
    attrs.push_back(attr("raglens.has_tool_call", s.hasToolCall));
    attrs.push_back(attr("raglens.token_count", s.tokenCount));
    const QDateTime start = s.startedAt.isValid() ? s.startedAt : runStart;
    const QDateTime end = s.finishedAt.isValid() ? s.finishedAt : start;
    return {{"traceId", traceId(run.runId)},
            {"spanId", stepSpanId(s.id)},
            {"parentSpanId", runSpanId(run.runId)},
            {"name", ("agent_step " + s.agentName).trimmed().toStdString()},
            {"kind", kSpanKindInternal},
            {"startTimeUnixNano", nanos(start)},
            {"endTimeUnixNano", nanos(end)},
            {"attributes", attrs},
            {"status", {{"code", kStatusUnset}}}};
}

/// The row is written when the tool returns; the span ends there and starts its duration
/// before. A negative duration (a clock that stepped back) would start it after its end.
QDateTime callStart(const TraceInvocation& inv)
{
    const qint64 duration = std::max<qint64>(0, inv.durationMs.value_or(0));
    return inv.createdAt.isValid() ? inv.createdAt.addMSecs(-duration) : inv.createdAt;
}

json invocationSpan(const TraceInvocation& inv, const std::string& parent)
{
    json attrs = json::array();
    attrs.push_back(attr("raglens.invocation_id", row_id::toJson(inv.id, inv.idText)));
    attrs.push_back(attr("gen_ai.tool.name", inv.toolName.toStdString()));
    addIf(attrs, "gen_ai.tool.call.id", inv.toolCallId);
    addIf(attrs, "raglens.retrieval_layer", inv.retrievalLayer);
    addIf(attrs, "raglens.relevance_level", inv.relevanceLevel);
    if (inv.legacyRelevanceLevel)
        addIf(attrs, "raglens.legacy_relevance_value", inv.legacyRelevanceValue);
    if (inv.l0MatchCount)
        attrs.push_back(attr("raglens.l0_match_count", *inv.l0MatchCount));
    if (inv.l1MatchCount)
        attrs.push_back(attr("raglens.l1_match_count", *inv.l1MatchCount));
    attrs.push_back(attr("raglens.truncated", inv.truncated));
    addIf(attrs, "raglens.output_preview", inv.outputPreview);
    addIf(attrs, "raglens.dedup_reason", inv.dedupReason);
    const RetrievalDetailsV1& d = inv.details;
    const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
    addIf(attrs, "raglens.search_mode", d.searchMode);
    addIf(attrs, "raglens.selected_attempt", d.selectedAttempt);
    addIf(attrs, "raglens.retry_reason", d.retryReason);
    addIf(attrs, "raglens.category_filter", d.categoryFilter);
    addIf(attrs, "raglens.evidence_status", interpret::evidenceStatusName(facts.evidenceStatus));
    addIf(attrs, "raglens.failure_kind", interpret::failureKindName(facts.failureKind));
    if (d.returnedCount)
        attrs.push_back(attr("raglens.returned_count", *d.returnedCount));
    if (!d.evidenceKeys.isEmpty())
        attrs.push_back(attr("raglens.evidence_keys", d.evidenceKeys));
    addIf(attrs, "raglens.retrieval_details_error", inv.retrievalDetailsError);
    if (inv.inputParams.is_object() && inv.inputParams.contains("query"))
        attrs.push_back(attr("raglens.query_preview", inv.inputParams["query"]));

    const QDateTime end = inv.createdAt;
    const QDateTime start = callStart(inv);
    json events = json::array();
    QDateTime at = start;
    for (const DetailsAttempt& a : d.attempts) {
        // The attempt's own fields, as the rag_lookup_v1 row names them.
        json ea = json::array();
        const json fields = a;
        for (auto it = fields.begin(); it != fields.end(); ++it)
            if (it.key() != "name" && !it.value().is_null())
                ea.push_back(attr(("raglens.attempt." + it.key()).c_str(), it.value()));
        events.push_back(
            {{"timeUnixNano", nanos(at)},
             {"name", a.name.isEmpty() ? std::string("attempt") : a.name.toStdString()},
             {"attributes", ea}});
        // A duration no reading accepts (1e20, NaN, below 0) moves the next attempt nowhere.
        if (a.durationMs && std::isfinite(*a.durationMs) && *a.durationMs >= 0 &&
            *a.durationMs <= double(cell_domain::kMaxDurationMs))
            at = at.addMSecs(qint64(*a.durationMs));
    }
    json status = {{"code", inv.success ? kStatusOk : kStatusError}};
    if (!inv.errorMessage.isEmpty())
        status["message"] = inv.errorMessage.toStdString();
    return {{"traceId", traceId(inv.runId)},
            {"spanId", invocationSpanId(inv.id)},
            {"parentSpanId", parent},
            {"name", inv.toolName.toStdString()},
            {"kind", kSpanKindClient},
            {"startTimeUnixNano", nanos(start)},
            {"endTimeUnixNano", nanos(end)},
            {"attributes", attrs},
            {"events", events},
            {"status", status}};
}

} // namespace

bool forEachOtlpSpan(const DiagnosisTraceResponse& trace,
                     const std::function<bool(const json&)>& visit)
{
    std::map<QString, const TraceRun*> runs;
    for (const TraceRun& r : trace.runs)
        runs[r.runId] = &r;
    std::map<qint64, QString> stepRun;
    for (const TraceStep& s : trace.steps)
        stepRun[s.id] = s.runId;
    std::map<QString, std::vector<TraceEvent>> eventsByRun;
    for (const TraceEvent& e : trace.timeline)
        eventsByRun[e.runId].push_back(e);

    std::map<QString, SpanTimes> children;
    for (const TraceStep& s : trace.steps) {
        children[s.runId].widen(s.startedAt);
        children[s.runId].widen(s.finishedAt);
    }
    for (const TraceInvocation& inv : trace.toolInvocations) {
        children[inv.runId].widen(callStart(inv));
        children[inv.runId].widen(inv.createdAt);
    }
    for (const TraceEvent& e : trace.timeline)
        children[e.runId].widen(e.createdAt);
    std::map<QString, QDateTime> runStart;
    for (const TraceRun& r : trace.runs) {
        const SpanTimes& times = children[r.runId];
        runStart[r.runId] = r.startedAt.isValid() ? r.startedAt : times.start;
        if (!visit(runSpan(r, eventsByRun[r.runId], times)))
            return false;
    }
    for (const TraceStep& s : trace.steps)
        if (auto it = runs.find(s.runId);
            it != runs.end() && !visit(stepSpan(s, *it->second, runStart[s.runId])))
            return false;
    for (const TraceInvocation& inv : trace.toolInvocations) {
        if (!runs.count(inv.runId))
            continue;
        const bool stepKnown =
            inv.stepId && stepRun.count(*inv.stepId) && stepRun[*inv.stepId] == inv.runId;
        if (!visit(invocationSpan(inv, stepKnown ? stepSpanId(*inv.stepId) : runSpanId(inv.runId))))
            return false;
    }
    return true;
}

namespace {

json envelope(const DiagnosisTraceResponse& trace, json spans)
{
    json resource = json::object();
    resource["attributes"] =
        json::array({attr("service.name", "diagnosis-agent"),
                     attr("raglens.session_id", trace.sessionId.toStdString())});
    json scopeSpans = json::object();
    scopeSpans["scope"] = {{"name", "raglens.audit"}, {"version", "1"}};
    scopeSpans["spans"] = std::move(spans);
    json resourceSpans = json::object();
    resourceSpans["resource"] = std::move(resource);
    resourceSpans["scopeSpans"] = json::array({std::move(scopeSpans)});
    json doc = json::object();
    doc["resourceSpans"] = json::array({std::move(resourceSpans)});
    return doc;
}

std::string dumped(const json& j)
{
    // Invalid UTF-8 from a foreign database must not abort the export.
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace

json toOtlpJson(const DiagnosisTraceResponse& trace)
{
    json spans = json::array();
    forEachOtlpSpan(trace, [&spans](const json& span) {
        spans.push_back(span);
        return true;
    });
    return envelope(trace, std::move(spans));
}

bool writeOtlpJson(const DiagnosisTraceResponse& trace,
                   const std::function<bool(std::string_view)>& sink)
{
    // The envelope is small and fixed; it is written around the spans, which are serialized
    // one at a time so memory stays at one span however large the trace.
    const std::string whole = dumped(envelope(trace, json::array()));
    const std::string marker = "\"spans\":[]";
    const size_t at = whole.find(marker);
    const size_t split = at + marker.size() - 1;
    if (at == std::string::npos || !sink(std::string_view(whole).substr(0, split)))
        return false;
    bool first = true;
    const bool complete = forEachOtlpSpan(trace, [&](const json& span) {
        const std::string text = dumped(span);
        const bool ok = (first || sink(",")) && sink(text);
        first = false;
        return ok;
    });
    return complete && sink(std::string_view(whole).substr(split)) && sink("\n");
}

} // namespace raglens
