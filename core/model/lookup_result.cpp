#include "model/lookup_result.h"

#include <algorithm>

namespace raglens {

using json_util::arrayOf;
using json_util::stringOrNull;
using json_util::value;
using json_util::vectorOf;
using nlohmann::json;

const RetrievalAttempt* LookupResult::selectedAttempt() const
{
    for (const RetrievalAttempt& a : retrievalTrace.attempts)
        if (a.name == retrievalTrace.selectedAttempt)
            return &a;
    return nullptr;
}

int LookupResult::evidenceBlockCount() const
{
    if (evidenceBlocks.empty() && declaredBlockCount)
        return *declaredBlockCount;
    return int(evidenceBlocks.size());
}

double LookupResult::bestQuality() const
{
    double best = 0;
    for (const EvidenceBlock& b : evidenceBlocks)
        best = std::max(best, b.quality);
    return best;
}

void to_json(json& j, const QueryHints& v)
{
    j = json{{"domains", v.domains},
             {"matchedKeywords", v.matchedKeywords},
             {"entities", v.entities},
             {"l0MatchCount", v.l0MatchCount},
             {"rewrittenQuery", stringOrNull(v.rewrittenQuery)},
             {"categoryFilter", stringOrNull(v.categoryFilter)},
             {"domainConfidence", v.domainConfidence}};
}

void from_json(const json& j, QueryHints& v)
{
    v.domains = value<QStringList>(j, "domains");
    v.matchedKeywords = value<QStringList>(j, "matchedKeywords");
    v.entities = value<QStringList>(j, "entities");
    v.l0MatchCount = value<int>(j, "l0MatchCount");
    v.rewrittenQuery = value<QString>(j, "rewrittenQuery");
    v.categoryFilter = value<QString>(j, "categoryFilter");
    v.domainConfidence = value<double>(j, "domainConfidence");
}

void to_json(json& j, const AttemptCandidate& v)
{
    j = json{{"evidenceKey", v.evidenceKey}, {"source", v.source},
             {"category", v.category},       {"score", v.score},
             {"quality", v.quality},         {"denseScore", v.denseScore},
             {"bm25Score", v.bm25Score},     {"rank", v.rank}};
}

void from_json(const json& j, AttemptCandidate& v)
{
    v.evidenceKey = value<QString>(j, "evidenceKey");
    v.source = value<QString>(j, "source");
    v.category = value<QString>(j, "category");
    v.score = value<double>(j, "score");
    v.quality = value<double>(j, "quality");
    v.denseScore = value<double>(j, "denseScore");
    v.bm25Score = value<double>(j, "bm25Score");
    v.rank = value<int>(j, "rank");
}

void to_json(json& j, const RetrievalAttempt& v)
{
    j = json{{"name", v.name},
             {"query", v.query},
             {"categoryFilter", stringOrNull(v.categoryFilter)},
             {"candidateCount", v.candidateCount},
             {"usable", v.usable},
             {"topScore", v.topScore},
             {"topSimilarity", v.topSimilarity},
             {"durationMs", v.durationMs},
             {"errorMessage", stringOrNull(v.errorMessage)},
             {"candidates", arrayOf(v.candidates)}};
}

void from_json(const json& j, RetrievalAttempt& v)
{
    v.name = value<QString>(j, "name");
    v.query = value<QString>(j, "query");
    v.categoryFilter = value<QString>(j, "categoryFilter");
    v.candidateCount = value<int>(j, "candidateCount");
    v.usable = value<bool>(j, "usable");
    v.topScore = value<double>(j, "topScore");
    v.topSimilarity = value<double>(j, "topSimilarity");
    v.durationMs = value<double>(j, "durationMs");
    v.errorMessage = value<QString>(j, "errorMessage");
    v.candidates = vectorOf<AttemptCandidate>(j, "candidates");
}

void to_json(json& j, const QueryTranslation& v)
{
    j = json{{"term", v.term}, {"from", v.from}, {"weight", v.weight}};
    if (v.rankOnly)
        j["rankOnly"] = true;
}

void from_json(const json& j, QueryTranslation& v)
{
    v.term = value<QString>(j, "term");
    v.from = value<QString>(j, "from");
    v.weight = value<double>(j, "weight");
    v.rankOnly = value<bool>(j, "rankOnly");
}

void to_json(json& j, const RetrievalTrace& v)
{
    j = json{{"searchMode", v.searchMode},
             {"queryHints", v.queryHints},
             {"queryTranslations", arrayOf(v.queryTranslations)},
             {"attempts", arrayOf(v.attempts)},
             {"selectedAttempt", stringOrNull(v.selectedAttempt)},
             {"fallbackReason", stringOrNull(v.fallbackReason)}};
}

void from_json(const json& j, RetrievalTrace& v)
{
    v.searchMode = value<QString>(j, "searchMode");
    if (j.is_object() && j.contains("queryHints"))
        v.queryHints = j.at("queryHints").get<QueryHints>();
    v.queryTranslations = vectorOf<QueryTranslation>(j, "queryTranslations");
    v.attempts = vectorOf<RetrievalAttempt>(j, "attempts");
    v.selectedAttempt = value<QString>(j, "selectedAttempt");
    v.fallbackReason = value<QString>(j, "fallbackReason");
}

void to_json(json& j, const DroppedCandidate& v)
{
    j = json{{"evidenceKey", v.evidenceKey},
             {"reason", v.reason},
             {"keptEvidenceKey", stringOrNull(v.keptEvidenceKey)},
             {"quality", v.quality}};
}

void from_json(const json& j, DroppedCandidate& v)
{
    v.evidenceKey = value<QString>(j, "evidenceKey");
    v.reason = value<QString>(j, "reason");
    v.keptEvidenceKey = value<QString>(j, "keptEvidenceKey");
    v.quality = value<double>(j, "quality");
}

void to_json(json& j, const RerankTrace& v)
{
    j = json{{"inputCount", v.inputCount},
             {"outputCount", v.outputCount},
             {"dropped", arrayOf(v.dropped)},
             {"dedupReason", stringOrNull(v.dedupReason)}};
}

void from_json(const json& j, RerankTrace& v)
{
    v.inputCount = value<int>(j, "inputCount");
    v.outputCount = value<int>(j, "outputCount");
    v.dropped = vectorOf<DroppedCandidate>(j, "dropped");
    v.dedupReason = value<QString>(j, "dedupReason");
}

void to_json(json& j, const EvidenceBlock& v)
{
    j = json{{"evidenceKey", v.evidenceKey}, {"source", v.source},   {"category", v.category},
             {"heading", v.heading},         {"content", v.content}, {"score", v.score},
             {"quality", v.quality},         {"rank", v.rank}};
}

void from_json(const json& j, EvidenceBlock& v)
{
    v.evidenceKey = value<QString>(j, "evidenceKey");
    v.source = value<QString>(j, "source");
    v.category = value<QString>(j, "category");
    v.heading = value<QString>(j, "heading");
    v.content = value<QString>(j, "content");
    v.score = value<double>(j, "score");
    v.quality = value<double>(j, "quality");
    v.rank = value<int>(j, "rank");
}

void to_json(json& j, const ContextPack& v)
{
    j = json{{"text", v.text},
             {"budgetChars", v.budgetChars},
             {"usedChars", v.usedChars},
             {"includedBlocks", v.includedBlocks},
             {"truncated", v.truncated}};
}

void from_json(const json& j, ContextPack& v)
{
    v.text = value<QString>(j, "text");
    v.budgetChars = value<int>(j, "budgetChars");
    v.usedChars = value<int>(j, "usedChars");
    v.includedBlocks = value<int>(j, "includedBlocks");
    v.truncated = value<bool>(j, "truncated");
}

void to_json(json& j, const LookupResult& v)
{
    j = json{{"query", v.query},
             {"toolCallId", stringOrNull(v.toolCallId)},
             {"found", v.evidenceStatus == QLatin1String("EVIDENCE_FOUND")},
             {"evidenceBlockCount", v.evidenceBlockCount()},
             {"evidenceStatus", v.evidenceStatus},
             {"relevanceLevel", stringOrNull(v.relevanceLevel)},
             {"completenessHint", v.completenessHint},
             {"evidenceCandidateCount", v.evidenceCandidateCount},
             {"evidenceBlocks", arrayOf(v.evidenceBlocks)},
             {"contextPack", v.contextPack},
             {"retrievalTrace", v.retrievalTrace},
             {"rerankTrace", v.rerankTrace},
             {"durationMs", v.durationMs},
             {"errorMessage", stringOrNull(v.errorMessage)},
             {"settings", v.settings}};
}

// The seed system's keys, each used only where RagLens's own key is absent.
static void readSeedShape(const json& j, LookupResult& v)
{
    const json trace = j.is_object() ? j.value("retrievalTrace", json()) : json();
    if (v.query.isEmpty())
        v.query = value<QString>(trace, "originalQuery");
    if (v.retrievalTrace.queryHints.rewrittenQuery.isEmpty())
        v.retrievalTrace.queryHints.rewrittenQuery = value<QString>(trace, "rewrittenQuery");
    if (v.retrievalTrace.queryHints.categoryFilter.isEmpty())
        v.retrievalTrace.queryHints.categoryFilter = value<QString>(trace, "categoryFilter");
    if (v.evidenceStatus.isEmpty())
        v.evidenceStatus = value<QString>(trace, "evidenceStatus");
    if (v.evidenceStatus.isEmpty()) {
        if (const auto found = json_util::optionalValue<bool>(j, "found"))
            v.evidenceStatus =
                *found ? QStringLiteral("EVIDENCE_FOUND") : QStringLiteral("NO_EVIDENCE");
    }
    if (v.evidenceBlocks.empty())
        v.declaredBlockCount = json_util::optionalValue<int>(j, "evidenceBlockCount");
}

void from_json(const json& j, LookupResult& v)
{
    v.query = value<QString>(j, "query");
    v.toolCallId = value<QString>(j, "toolCallId");
    v.evidenceStatus = value<QString>(j, "evidenceStatus");
    v.relevanceLevel = value<QString>(j, "relevanceLevel");
    v.completenessHint = value<QString>(j, "completenessHint");
    v.evidenceCandidateCount = value<int>(j, "evidenceCandidateCount");
    v.evidenceBlocks = vectorOf<EvidenceBlock>(j, "evidenceBlocks");
    if (j.is_object() && j.contains("contextPack"))
        v.contextPack = j.at("contextPack").get<ContextPack>();
    if (j.is_object() && j.contains("retrievalTrace"))
        v.retrievalTrace = j.at("retrievalTrace").get<RetrievalTrace>();
    readSeedShape(j, v);
    if (j.is_object() && j.contains("rerankTrace"))
        v.rerankTrace = j.at("rerankTrace").get<RerankTrace>();
    v.durationMs = value<double>(j, "durationMs");
    v.errorMessage = value<QString>(j, "errorMessage");
    if (j.is_object() && j.contains("settings"))
        v.settings = j.at("settings").get<LookupSettings>();
}

} // namespace raglens
