#include "audit/rag_lookup_audit_enricher.h"

#include "audit/input_params_sanitizer.h"
#include "common/json_qt.h"
#include "common/secret_policy.h"
#include "lookup/rag_result_projector.h"
#include "model/vocabulary.h"

#include <QSet>

#include <cmath>

namespace raglens {

using json_util::stringOrNull;
using nlohmann::json;

static QString cut(const QString& s)
{
    return InputParamsSanitizer::cut(s);
}

static QString oneLine(QString s)
{
    s.replace(QLatin1Char('\n'), QLatin1Char(' ')).replace(QLatin1Char('\r'), QLatin1Char(' '));
    return s.simplified();
}

static QStringList cappedList(const QStringList& items, int max)
{
    QStringList out;
    for (const QString& s : items) {
        if (out.size() >= max)
            break;
        out.append(cut(s));
    }
    return out;
}

static double rounded(double v)
{
    return std::round(v * 10000.0) / 10000.0;
}

std::optional<LookupResult>
RagLookupAuditEnricher::lookupResultOf(const ToolInvocationAuditEvent& event)
{
    if (event.toolName != vocab::kLookupKnowledge || !event.rawResult.is_object())
        return std::nullopt;
    try {
        return event.rawResult.get<LookupResult>();
    } catch (const json::exception&) {
        return std::nullopt; // a raw result we cannot read is audited as a thin row
    }
}

RetrievalDetailsV1 RagLookupAuditEnricher::details(const LookupResult& r,
                                                   const RagToolResult& agent,
                                                   const QString& toolCallId, bool success)
{
    const RetrievalTrace& t = r.retrievalTrace;
    RetrievalDetailsV1 d;
    d.auditSchema = vocab::kAuditSchemaV1;
    d.searchMode = cut(t.searchMode.isEmpty() ? r.settings.searchMode : t.searchMode);
    d.selectedAttempt = cut(t.selectedAttempt);
    d.retryReason = cut(t.fallbackReason);
    QString categoryFilter = t.queryHints.categoryFilter;
    for (const RetrievalAttempt& a : t.attempts)
        if (categoryFilter.isEmpty() && !a.categoryFilter.isEmpty())
            categoryFilter = a.categoryFilter;
    d.categoryFilter = cut(categoryFilter);

    QStringList keys;
    QStringList sources;
    for (const EvidenceBlock& b : r.evidenceBlocks) {
        keys.append(b.evidenceKey);
        if (!sources.contains(b.source))
            sources.append(b.source);
    }
    d.evidenceKeys = cappedList(keys, kMaxKeys);
    d.sources = cappedList(sources, kMaxKeys);
    d.evidenceCandidateCount = r.evidenceCandidateCount;
    d.evidenceBlockCount = r.evidenceBlockCount();
    d.returnedCount = agent.returnedCount;
    d.l0Domains = cappedList(t.queryHints.domains, kMaxDomains);
    d.l0MatchedKeywords = cappedList(t.queryHints.matchedKeywords, kMaxKeys);
    for (const RetrievalAttempt& a : t.attempts) {
        if (d.attempts.size() >= size_t(kMaxAttempts))
            break;
        // Attempt queries and candidates are layer A only.
        d.attempts.push_back({cut(a.name), cut(a.categoryFilter), a.candidateCount, a.usable,
                              rounded(a.topSimilarity), a.durationMs,
                              cut(secrets::redact(oneLine(a.errorMessage)))});
    }
    d.contextPackTruncated = r.contextPack.truncated;
    d.agentTruncated = agent.truncated;
    d.truncated = r.contextPack.truncated || agent.truncated;
    d.usableThreshold = r.settings.minUsableQuality;
    d.evidenceStatus =
        cut(r.evidenceStatus.isEmpty() ? (success ? vocab::kNoEvidence : vocab::kError)
                                       : r.evidenceStatus);
    d.relevanceLevel = vocab::isRelevanceLevel(r.relevanceLevel) ? r.relevanceLevel : QString();
    d.invocationStatus = success ? QStringLiteral("READY") : QStringLiteral("ERROR");
    d.toolCallId = cut(toolCallId);
    return d;
}

json RagLookupAuditEnricher::retrievalDetails(const LookupResult& r, const QString& toolCallId,
                                              bool success)
{
    return details(r, RagResultProjector::project(r), toolCallId, success);
}

QString RagLookupAuditEnricher::lookupPreview(const LookupResult& r, bool success,
                                              const QString& errorMessage)
{
    if (!success)
        return cut(QStringLiteral("status=ERROR %1")
                       .arg(secrets::redact(oneLine(errorMessage)))
                       .trimmed());
    const QString level =
        vocab::isRelevanceLevel(r.relevanceLevel) ? r.relevanceLevel : QStringLiteral("none");
    const QString attempt = r.retrievalTrace.selectedAttempt.isEmpty()
                                ? QStringLiteral("none")
                                : r.retrievalTrace.selectedAttempt;
    return cut(
        QStringLiteral("%1 level=%2 attempt=%3 blocks=%4 candidates=%5%6")
            .arg(r.evidenceStatus.isEmpty() ? vocab::kNoEvidence : r.evidenceStatus, level, attempt)
            .arg(r.evidenceBlocks.size())
            .arg(r.evidenceCandidateCount)
            .arg(r.contextPack.truncated ? QStringLiteral(" truncated") : QString()));
}

ToolInvocationRecord RagLookupAuditEnricher::enrich(const ToolInvocationAuditEvent& e)
{
    ToolInvocationRecord row;
    row.runId = e.runId;
    row.sessionId = e.sessionId;
    row.stepId = e.stepId;
    row.toolCallId = cut(e.toolCallId);
    row.toolName = cut(e.toolName);
    row.durationMs = e.durationMs;
    row.success = e.success;
    row.errorMessage =
        InputParamsSanitizer::cut(secrets::redact(oneLine(e.errorMessage)), kMaxErrorChars);
    row.createdAt = e.createdAt;
    row.inputParams =
        InputParamsSanitizer::sanitize(e.requestParams, e.toolCallId, e.requestBytes, e.stepId);

    if (e.toolName != vocab::kLookupKnowledge) {
        row.retrievalLayer = vocab::kLayerHarness;
        row.outputPreview = e.success ? QStringLiteral("status=SUCCESS")
                                      : cut(QStringLiteral("status=ERROR %1")
                                                .arg(secrets::redact(oneLine(e.errorMessage)))
                                                .trimmed());
        return row;
    }

    row.retrievalLayer = vocab::kLayerL1;
    const std::optional<LookupResult> parsed = lookupResultOf(e);
    LookupResult r = parsed ? *parsed : LookupResult{};
    if (!parsed) {
        r.evidenceStatus = vocab::kError;
        r.errorMessage = e.errorMessage;
    }
    if (!e.success && r.evidenceStatus != vocab::kError)
        r.evidenceStatus = vocab::kError;
    // Legacy writers stored the evidence status here; the contract allows only levels.
    row.relevanceLevel = vocab::isRelevanceLevel(r.relevanceLevel) ? r.relevanceLevel : QString();
    row.l0MatchCount = r.retrievalTrace.queryHints.l0MatchCount;
    row.l1MatchCount = int(r.evidenceBlocks.size());
    // What the agent was shown: the projection is a pure function of the result; where the
    // boundary recorded the wire values themselves, those win.
    RagToolResult agent = RagResultProjector::project(r);
    if (const auto n = json_util::optionalValue<int>(e.agentResult, "returned_count"))
        agent.returnedCount = *n;
    if (const auto cut = json_util::optionalValue<bool>(e.agentResult, "truncated"))
        agent.truncated = *cut;
    const RetrievalDetailsV1 details =
        RagLookupAuditEnricher::details(r, agent, e.toolCallId, e.success);
    row.truncated = details.truncated.value_or(false);
    row.retrievalDetails = details;
    row.outputPreview = lookupPreview(r, e.success, e.errorMessage);
    row.dedupReason = cut(r.rerankTrace.dedupReason);
    return row;
}

} // namespace raglens
