#include "audit/rag_lookup_audit_enricher.h"

#include "audit/input_params_sanitizer.h"
#include "common/json_qt.h"
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

static json cappedList(const QStringList& items, int max)
{
    json a = json::array();
    for (const QString& s : items) {
        if (a.size() >= size_t(max))
            break;
        a.push_back(cut(s).toStdString());
    }
    return a;
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

json RagLookupAuditEnricher::retrievalDetails(const LookupResult& r, const QString& toolCallId,
                                              bool success)
{
    const RetrievalTrace& t = r.retrievalTrace;
    QString categoryFilter = t.queryHints.categoryFilter;
    for (const RetrievalAttempt& a : t.attempts)
        if (categoryFilter.isEmpty() && !a.categoryFilter.isEmpty())
            categoryFilter = a.categoryFilter;

    QStringList keys;
    QStringList sources;
    for (const EvidenceBlock& b : r.evidenceBlocks) {
        keys.append(b.evidenceKey);
        if (!sources.contains(b.source))
            sources.append(b.source);
    }

    json attempts = json::array();
    for (const RetrievalAttempt& a : t.attempts) {
        if (attempts.size() >= size_t(kMaxAttempts))
            break;
        // Attempt queries and candidates are layer A only.
        json aj = {{"name", cut(a.name).toStdString()},
                   {"candidate_count", a.candidateCount},
                   {"usable", a.usable},
                   {"top_similarity", rounded(a.topSimilarity)},
                   {"duration_ms", qint64(std::llround(a.durationMs))}};
        if (!a.categoryFilter.isEmpty())
            aj["category_filter"] = cut(a.categoryFilter).toStdString();
        if (!a.errorMessage.isEmpty())
            aj["error_message"] = cut(oneLine(a.errorMessage)).toStdString();
        attempts.push_back(aj);
    }

    const bool truncated = r.contextPack.truncated;
    const QString status = r.evidenceStatus.isEmpty()
                               ? (success ? vocab::kNoEvidence : vocab::kError)
                               : r.evidenceStatus;
    json d = {{"audit_schema", vocab::kAuditSchemaV1.toStdString()},
              {"search_mode",
               stringOrNull(cut(t.searchMode.isEmpty() ? r.settings.searchMode : t.searchMode))},
              {"selected_attempt", stringOrNull(cut(t.selectedAttempt))},
              {"fallback_reason", stringOrNull(cut(t.fallbackReason))},
              {"category_filter", stringOrNull(cut(categoryFilter))},
              {"evidence_keys", cappedList(keys, kMaxKeys)},
              {"sources", cappedList(sources, kMaxKeys)},
              {"evidence_candidate_count", r.evidenceCandidateCount},
              {"evidence_block_count", int(r.evidenceBlocks.size())},
              {"l0_hints",
               {{"domains", cappedList(t.queryHints.domains, kMaxDomains)},
                {"matched_keywords", cappedList(t.queryHints.matchedKeywords, kMaxKeys)}}},
              {"attempts", attempts},
              {"truncated", truncated},
              {"returned_count", int(r.evidenceBlocks.size())},
              {"evidence_status", cut(status).toStdString()},
              {"relevance_level", vocab::isRelevanceLevel(r.relevanceLevel)
                                      ? json(r.relevanceLevel.toStdString())
                                      : json(nullptr)},
              {"invocation_status", success ? "READY" : "ERROR"},
              {"tool_call_id", stringOrNull(cut(toolCallId))}};
    return d;
}

QString RagLookupAuditEnricher::lookupPreview(const LookupResult& r, bool success,
                                              const QString& errorMessage)
{
    if (!success)
        return cut(QStringLiteral("status=ERROR %1").arg(oneLine(errorMessage)).trimmed());
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
    row.errorMessage = InputParamsSanitizer::cut(oneLine(e.errorMessage), kMaxErrorChars);
    row.createdAt = e.createdAt;
    row.inputParams =
        InputParamsSanitizer::sanitize(e.requestParams, e.toolCallId, e.requestBytes, e.stepId);

    if (e.toolName != vocab::kLookupKnowledge) {
        row.retrievalLayer = vocab::kLayerHarness;
        row.outputPreview =
            e.success
                ? QStringLiteral("status=SUCCESS")
                : cut(QStringLiteral("status=ERROR %1").arg(oneLine(e.errorMessage)).trimmed());
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
    row.truncated = r.contextPack.truncated;
    if (e.agentResult.is_object())
        row.truncated = row.truncated || json_util::value<bool>(e.agentResult, "truncated");
    row.retrievalDetails = retrievalDetails(r, e.toolCallId, e.success);
    row.retrievalDetails["truncated"] = row.truncated;
    row.outputPreview = lookupPreview(r, e.success, e.errorMessage);
    row.dedupReason = cut(r.rerankTrace.dedupReason);
    return row;
}

} // namespace raglens
