#include "diagnostics/invocation_findings.h"

#include "audit/token_estimate.h"
#include "interpret/invocation_facts.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

namespace raglens {

using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Diagnostics)
};

} // namespace

int severity::rank(const QString& s)
{
    return s == kCritical ? 2 : s == kWarning ? 1 : s == kNoData ? -1 : 0;
}

void to_json(json& j, const Finding& v)
{
    j = json{{"code", v.code},
             {"severity", v.severity},
             {"message", v.message},
             {"suggestion", json_util::stringOrNull(v.suggestion)},
             {"evidence", v.evidence}};
}

void to_json(json& j, const InvocationDiagnosis& v)
{
    json findings = json::array();
    for (const Finding& f : v.findings)
        findings.push_back(f);
    j = json{{"invocationId", row_id::toJson(v.invocationId, v.invocationIdText)},
             {"runId", json_util::stringOrNull(v.runId)},
             {"sessionId", json_util::stringOrNull(v.sessionId)},
             {"toolName", v.toolName},
             {"severity", v.severity},
             {"verdict", json_util::stringOrNull(v.verdict)},
             {"findings", findings}};
}

std::optional<double> lookupQuality(const TraceInvocation& inv)
{
    // Prefer the real evidence qualities (full trace); else the selected attempt's top.
    const json& blocks =
        inv.fullTrace.is_object() ? inv.fullTrace.value("evidenceBlocks", json()) : json();
    if (blocks.is_array() && !blocks.empty()) {
        double sum = 0;
        int n = 0;
        for (const json& b : blocks)
            if (b.is_object() && b.contains("quality") && b["quality"].is_number()) {
                sum += b["quality"].get<double>();
                ++n;
            }
        if (n > 0)
            return sum / n;
    }
    if (const DetailsAttempt* a = inv.details.selected())
        return a->topSimilarity;
    return std::nullopt;
}

namespace {

/// Findings as diagnoseInvocation() collects them: add(code, severity, message, suggestion,
/// evidence).
struct FindingSink
{
    std::vector<Finding>& findings;
    void operator()(const char* code, const QString& sev, const QString& message,
                    const QString& suggestion, json evidence) const
    {
        findings.push_back(
            {QString::fromLatin1(code), sev, message, suggestion, std::move(evidence)});
    }
};

// What any row can show: a failed tool, unreadable details, a legacy level.
void rowFindings(const TraceInvocation& inv, const interpret::InvocationFacts& facts,
                 const FindingSink& add)
{
    if (facts.toolFailed)
        add("tool_error", severity::kCritical,
            Tr::tr("The tool call failed: %1")
                .arg(inv.errorMessage.isEmpty() ? Tr::tr("no message") : inv.errorMessage),
            Tr::tr("Check the tool's logs around %1; the agent got no evidence from this call.")
                .arg(json_util::isoUtc(inv.createdAt)),
            {{"error_message", json_util::stringOrNull(inv.errorMessage)}});
    if (!inv.retrievalDetailsError.isEmpty())
        add("malformed_details", severity::kWarning,
            Tr::tr("retrieval_details is not valid JSON (%1); attempt data is unavailable.")
                .arg(inv.retrievalDetailsError),
            Tr::tr("The column was probably cut by a size limit: widen it or shorten what the "
                   "enricher stores."),
            {{"raw_length", inv.retrievalDetailsRaw.size()}});
    if (!inv.fullTraceError.isEmpty())
        add("malformed_full_trace", severity::kWarning,
            Tr::tr("The full-trace sample (lookup_trace_sample) is not valid JSON (%1); the "
                   "evidence and the context pack it would show are unavailable.")
                .arg(inv.fullTraceError),
            Tr::tr("The lookup_result column was probably cut by a size limit: widen it."),
            {{"raw_length", inv.fullTraceRaw.size()}});
    if (inv.legacyRelevanceLevel)
        add("legacy_row", severity::kWarning,
            Tr::tr("Legacy row: relevance_level holds the evidence status '%1'; the level is read "
                   "as none.")
                .arg(inv.legacyRelevanceValue),
            Tr::tr("Written by an older agent; compare it with newer rows with care."),
            {{"relevance_level", inv.legacyRelevanceValue.toStdString()}});
}

// Whether the lookup found evidence, and how: errors, unknown status, nothing found, weak
// evidence, the unfiltered retry.
void evidenceFindings(const TraceInvocation& inv, const interpret::InvocationFacts& facts,
                      const DiagnosticThresholds& t, const FindingSink& add)
{
    if (facts.failureKind == interpret::FailureKind::LookupError)
        add("lookup_error", severity::kCritical,
            Tr::tr("The lookup ran but reported ERROR: %1")
                .arg(inv.errorMessage.isEmpty() ? Tr::tr("no message") : inv.errorMessage),
            Tr::tr("Check the attempts' error messages and the knowledge base's index."),
            {{"evidence_status", vocab::kError.toStdString()}});
    if (facts.evidenceStatus == interpret::EvidenceStatus::Unknown && !facts.detailsMalformed)
        add("missing_status", severity::kWarning,
            !facts.detailsShapeProblem.isEmpty()
                ? Tr::tr("The row's evidence status cannot be read: %1.")
                      .arg(facts.detailsShapeProblem)
            : facts.unknownStatusValue.isEmpty()
                ? Tr::tr("The row records no evidence status, so whether the agent got "
                         "evidence is unknown.")
                : Tr::tr("The row records the evidence status '%1', which is not one RagLens "
                         "knows, so whether the agent got evidence is unknown.")
                      .arg(facts.unknownStatusValue),
            !facts.detailsShapeProblem.isEmpty()
                ? Tr::tr("Have the writer store retrieval_details as a JSON object.")
            : facts.unknownStatusValue.isEmpty()
                ? Tr::tr("The writer left evidence_status out of retrieval_details; check its "
                         "audit_schema version.")
                : Tr::tr("The writer uses its own evidence_status words; check its "
                         "audit_schema version."),
            {{"audit_schema", json_util::stringOrNull(inv.details.auditSchema)},
             {"evidence_status", json_util::stringOrNull(facts.unknownStatusValue)}});
    if (facts.evidenceStatus == interpret::EvidenceStatus::NoEvidence) {
        const bool backend = facts.emptyCause == interpret::EmptyCause::BackendReturnedNothing;
        add("empty_retrieval", severity::kCritical,
            backend ? Tr::tr("The lookup returned no evidence: the unfiltered search returned no "
                             "candidates at all, so the search backend returned nothing.")
                    : Tr::tr("The lookup returned no evidence; the agent had nothing to ground "
                             "its answer on."),
            backend ? Tr::tr("Suspect the environment before the knowledge base: check the "
                             "vector store, its collection and the embedder, then replay the "
                             "query against a local knowledge base.")
                    : Tr::tr("Check that the knowledge base covers this question (add a "
                             "runbook), and add the query to the eval set as a problem query."),
            {{"evidence_status", vocab::kNoEvidence.toStdString()},
             {"empty_cause", interpret::emptyCauseName(facts.emptyCause).toStdString()},
             {"returned_count", json_util::optionalOrNull(facts.returnedCount)}});
    }
    const double quality = lookupQuality(inv).value_or(1.0);
    // As many digits as tell the two apart: "0.60 is under 0.60" said nothing (0.5987).
    int digits = 2;
    while (digits < 4 &&
           QString::number(quality, 'f', digits) == QString::number(t.lowQuality, 'f', digits))
        ++digits;
    if (quality < t.lowQuality && facts.evidenceStatus == interpret::EvidenceStatus::EvidenceFound)
        add("low_quality", severity::kWarning,
            Tr::tr("Average evidence quality %1 is under %2.")
                .arg(quality, 0, 'f', digits)
                .arg(t.lowQuality, 0, 'f', digits),
            Tr::tr("The evidence is only loosely related: improve the runbook's wording or "
                   "headings, or tune the hybrid weights."),
            {{"quality", quality}, {"threshold", t.lowQuality}});
    if (facts.retried())
        add("fallback_retry", severity::kWarning,
            Tr::tr("The filtered search was not usable; the unfiltered retry was used (retry "
                   "reason: %1).")
                .arg(facts.retryReason.isEmpty() ? Tr::tr("none recorded") : facts.retryReason),
            Tr::tr("The category filter '%1' chosen from L0 hints was wrong or too narrow: "
                   "review the category's aliases and the L0 dictionary.")
                .arg(facts.categoryFilter),
            {{"selected_attempt", facts.selectedAttempt.toStdString()},
             {"retry_reason", json_util::stringOrNull(facts.retryReason)}});
}

// What the evidence cost: truncation, time, context size.
void costFindings(const TraceInvocation& inv, const interpret::InvocationFacts& facts,
                  std::optional<qint64> stepTokens, const DiagnosticThresholds& t,
                  const FindingSink& add)
{
    if (facts.truncation.any) {
        QStringList which;
        if (facts.truncation.contextPack.value_or(false))
            which << Tr::tr("the context pack was cut to its character budget");
        if (facts.truncation.agent.value_or(false))
            which << Tr::tr("the agent was given shortened excerpts or fewer blocks than found");
        add("evidence_truncated", severity::kWarning,
            which.isEmpty()
                ? Tr::tr("Evidence was truncated (the row does not say which way).")
                : Tr::tr("Evidence was truncated: %1.").arg(which.join(QStringLiteral("; "))),
            Tr::tr("Raise the context budget or return fewer, shorter blocks."),
            {{"is_truncated", inv.truncated}, {"truncation", facts.truncation}});
    }
    if (inv.durationMs && *inv.durationMs > t.slowRetrievalMs)
        add("slow_retrieval", severity::kWarning,
            Tr::tr("Retrieval took %1 ms (over %2 ms).")
                .arg(*inv.durationMs)
                .arg(t.slowRetrievalMs),
            Tr::tr("Check the index type (HNSW above the size threshold) and the embedder "
                   "backend's latency."),
            {{"duration_ms", *inv.durationMs}, {"threshold_ms", t.slowRetrievalMs}});

    std::optional<qint64> contextTokens;
    const json pack =
        inv.fullTrace.is_object() ? inv.fullTrace.value("contextPack", json()) : json();
    if (pack.is_object() && pack.contains("text"))
        contextTokens = estimateTokens(json_util::value<QString>(pack, "text"));
    else if (stepTokens)
        contextTokens = stepTokens;
    if (contextTokens && *contextTokens > t.maxContextTokens)
        add("large_context", severity::kWarning,
            Tr::tr("About %1 tokens of context (over %2).")
                .arg(*contextTokens)
                .arg(t.maxContextTokens),
            Tr::tr("Lower top-k or the context budget; long contexts dilute the evidence."),
            {{"tokens", *contextTokens}, {"threshold", t.maxContextTokens}});
}

} // namespace

InvocationDiagnosis diagnoseInvocation(const TraceInvocation& inv, std::optional<qint64> stepTokens,
                                       const DiagnosticThresholds& t)
{
    InvocationDiagnosis out;
    out.invocationId = inv.id;
    out.invocationIdText = inv.idText;
    out.runId = inv.runId;
    out.sessionId = inv.sessionId;
    out.toolName = inv.toolName;
    const FindingSink add{out.findings};
    const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
    out.verdict = facts.verdict;
    rowFindings(inv, facts, add);
    if (facts.isLookup) {
        evidenceFindings(inv, facts, t, add);
        costFindings(inv, facts, stepTokens, t, add);
    } else if (inv.durationMs && *inv.durationMs > t.slowRetrievalMs) {
        add("slow_tool", severity::kWarning, Tr::tr("The tool took %1 ms.").arg(*inv.durationMs),
            QString(), {{"duration_ms", *inv.durationMs}});
    }

    out.severity = severity::kGood;
    for (const Finding& f : out.findings)
        if (severity::rank(f.severity) > severity::rank(out.severity))
            out.severity = f.severity;
    if (out.findings.empty())
        add("healthy", severity::kGood,
            facts.isLookup ? Tr::tr("Evidence found, usable on the first attempt, in time.")
                           : Tr::tr("Not a retrieval; the call succeeded in time."),
            QString(), json::object());
    return out;
}

} // namespace raglens
