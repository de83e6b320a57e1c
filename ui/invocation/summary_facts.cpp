#include "invocation/summary_facts.h"

#include "attempts/attempt_timeline_data.h"
#include "invocation/lookup_verdict.h"
#include "model/diagnosis_trace.h"
#include "model/lookup_result.h"
#include "model/vocabulary.h"

namespace raglens::ui {

using nlohmann::json;

namespace {

QString str(const json& o, const char* key)
{
    if (!o.is_object())
        return {};
    auto it = o.find(key);
    return it != o.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                            : QString();
}

std::optional<int> integer(const json& o, const char* key)
{
    if (!o.is_object())
        return std::nullopt;
    auto it = o.find(key);
    if (it == o.end() || !it->is_number())
        return std::nullopt;
    return int(it->get<double>());
}

std::optional<bool> boolean(const json& o, const char* key)
{
    if (!o.is_object())
        return std::nullopt;
    auto it = o.find(key);
    if (it == o.end() || !it->is_boolean())
        return std::nullopt;
    return it->get<bool>();
}

} // namespace

SummaryFacts SummaryFacts::fromInvocation(const TraceInvocation& inv)
{
    SummaryFacts f;
    const json& d = inv.retrievalDetails;
    f.toolName = inv.toolName;
    f.success = inv.success;
    f.errorMessage = inv.errorMessage;
    f.evidenceStatus = str(d, "evidence_status");
    if (f.evidenceStatus.isEmpty() && !inv.success && inv.toolName == vocab::kLookupKnowledge)
        f.evidenceStatus = vocab::kError;
    f.relevanceLevel = inv.relevanceLevel;
    f.legacyRow = inv.legacyRelevanceLevel;
    f.legacyValue = inv.legacyRelevanceValue;
    // Readers that did not flag the quirk themselves still must not show a status as a level.
    if (vocab::isEvidenceStatus(f.relevanceLevel)) {
        f.legacyRow = true;
        f.legacyValue = f.relevanceLevel;
        f.relevanceLevel.clear();
    }
    if (!vocab::isRelevanceLevel(f.relevanceLevel))
        f.relevanceLevel.clear();
    f.searchMode = str(d, "search_mode");
    f.selectedAttempt = str(d, "selected_attempt");
    f.fallbackReason = str(d, "fallback_reason");
    f.truncated = boolean(d, "truncated");
    if (!f.truncated && (inv.truncated || d.is_object()))
        f.truncated = inv.truncated;
    f.returnedCount = integer(d, "returned_count");
    f.candidateCount = integer(d, "evidence_candidate_count");
    f.blockCount = integer(d, "evidence_block_count");
    if (inv.durationMs)
        f.durationMs = double(*inv.durationMs);
    f.malformedError = inv.retrievalDetailsError;
    f.isRetrieval = d.is_object() || !inv.retrievalDetailsError.isEmpty() ||
                    inv.toolName == vocab::kLookupKnowledge;
    f.verdict = lookupVerdict(f, AttemptTimeline::fromRetrievalDetails(d));
    return f;
}

SummaryFacts SummaryFacts::fromLookupResult(const LookupResult& r)
{
    SummaryFacts f;
    f.toolName = vocab::kLookupKnowledge;
    f.success = r.evidenceStatus != vocab::kError && r.errorMessage.isEmpty();
    f.errorMessage = r.errorMessage;
    f.evidenceStatus = r.evidenceStatus;
    f.relevanceLevel = r.relevanceLevel;
    f.searchMode = r.retrievalTrace.searchMode;
    f.selectedAttempt = r.retrievalTrace.selectedAttempt;
    f.fallbackReason = r.retrievalTrace.fallbackReason;
    f.truncated = r.contextPack.truncated;
    // What reached the agent: the blocks that fit the context pack.
    f.returnedCount =
        r.contextPack.budgetChars > 0 ? r.contextPack.includedBlocks : int(r.evidenceBlocks.size());
    f.candidateCount = r.evidenceCandidateCount;
    f.blockCount = int(r.evidenceBlocks.size());
    f.durationMs = r.durationMs;
    f.isRetrieval = true;
    f.verdict = lookupVerdict(f, AttemptTimeline::fromLookupResult(r));
    return f;
}

} // namespace raglens::ui
