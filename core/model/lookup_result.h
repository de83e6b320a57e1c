#pragma once
// Layer A of the observability model: everything one lookup_knowledge call decided.
// Returned by the lookup engine; saved whole only by the console, eval fixtures,
// exports and (when sampling is on) lookup_trace_sample. JSON keys are camelCase.
//
// Two shapes are read into the same value: RagLens's, and the production system's (the
// "seed" shape), where `found`, `evidenceBlockCount` and a retrievalTrace holding
// originalQuery, rewrittenQuery, categoryFilter, selectedAttempt, fallbackReason and
// evidenceStatus stand where RagLens keeps them elsewhere. RagLens writes its own shape
// plus `found` and `evidenceBlockCount`, so seed readers understand it too.

#include "common/json_qt.h"
#include "model/lookup_settings.h"

#include <optional>
#include <vector>

namespace raglens {

struct QueryHints
{
    QStringList domains; ///< best first
    QStringList matchedKeywords;
    QStringList entities; ///< error codes, exception names, host:port, SQL states
    int l0MatchCount = 0;
    QString rewrittenQuery;      ///< empty when the query was not rewritten
    QString categoryFilter;      ///< empty when no domain passed the confidence bar
    double domainConfidence = 0; ///< confidence of domains.front()
};

struct AttemptCandidate
{
    QString evidenceKey; ///< <source>#chunk-<n>
    QString source;
    QString category;
    double score = 0;      ///< rank score: inner product (dense) or hybrid rank score
    double quality = 0;    ///< normalised 0..1
    double denseScore = 0; ///< best inner product of the question or a translated view
    double bm25Score = 0;  ///< BM25 of the question as typed (translations added)
    int rank = 0;          ///< 1-based within the attempt
};

struct RetrievalAttempt
{
    QString name; ///< vocab::kFilteredVector, ...
    QString query;
    QString categoryFilter;
    int candidateCount = 0;
    bool usable = false;
    double topScore = 0;
    double topSimilarity = 0;
    double durationMs = 0;
    QString errorMessage;
    std::vector<AttemptCandidate> candidates;
};

/// A term the bilingual dictionary added to the BM25 query: the other language's word for
/// one of the query's words, weighted below the words typed.
struct QueryTranslation
{
    QString term; ///< as the tokenizer gives it
    QString from; ///< the query's word it translates
    double weight = 0;
    /// Helps the order of candidates only, never their quality (a runner-up word); in the
    /// JSON only when true.
    bool rankOnly = false;
};

struct RetrievalTrace
{
    QString searchMode;
    QueryHints queryHints;
    std::vector<QueryTranslation> queryTranslations; ///< hybrid lookups with a dictionary
    std::vector<RetrievalAttempt> attempts;
    QString selectedAttempt;
    QString fallbackReason; ///< empty when no retry happened
};

/// Why a candidate did not become an evidence block.
struct DroppedCandidate
{
    QString evidenceKey;
    QString reason; ///< below_min_quality, same_chunk, adjacent_chunk, near_duplicate, over_top_k
    QString keptEvidenceKey; ///< the block it lost to, for de-duplication reasons
    double quality = 0;
};

struct RerankTrace
{
    int inputCount = 0;
    int outputCount = 0;
    std::vector<DroppedCandidate> dropped;
    QString dedupReason; ///< comma-joined distinct de-duplication reasons, for the audit row
};

struct EvidenceBlock
{
    QString evidenceKey;
    QString source;
    QString category;
    QString heading; ///< nearest Markdown heading of the chunk, may be empty
    QString content;
    double score = 0;
    double quality = 0;
    int rank = 0;
};

struct ContextPack
{
    QString text;
    int budgetChars = 0;
    int usedChars = 0;
    int includedBlocks = 0;
    bool truncated = false;
};

struct LookupResult
{
    QString query;
    QString toolCallId;
    std::vector<EvidenceBlock> evidenceBlocks;
    ContextPack contextPack;
    RetrievalTrace retrievalTrace;
    RerankTrace rerankTrace;
    QString relevanceLevel; ///< PRECISE, REFERENCE or empty (null)
    QString completenessHint;
    QString evidenceStatus; ///< EVIDENCE_FOUND, NO_EVIDENCE, ERROR
    int evidenceCandidateCount = 0;
    double durationMs = 0;
    QString errorMessage;
    LookupSettings settings; ///< the thresholds this result was computed with
    /// The block count a seed-shaped result declared (`evidenceBlockCount`) when it carries
    /// no blocks themselves; unset otherwise.
    std::optional<int> declaredBlockCount;

    const RetrievalAttempt* selectedAttempt() const;
    /// Evidence blocks: the blocks present, else the count the result declared.
    int evidenceBlockCount() const;
    double bestQuality() const;
};

void to_json(nlohmann::json& j, const QueryHints& v);
void from_json(const nlohmann::json& j, QueryHints& v);
void to_json(nlohmann::json& j, const QueryTranslation& v);
void from_json(const nlohmann::json& j, QueryTranslation& v);
void to_json(nlohmann::json& j, const AttemptCandidate& v);
void from_json(const nlohmann::json& j, AttemptCandidate& v);
void to_json(nlohmann::json& j, const RetrievalAttempt& v);
void from_json(const nlohmann::json& j, RetrievalAttempt& v);
void to_json(nlohmann::json& j, const RetrievalTrace& v);
void from_json(const nlohmann::json& j, RetrievalTrace& v);
void to_json(nlohmann::json& j, const DroppedCandidate& v);
void from_json(const nlohmann::json& j, DroppedCandidate& v);
void to_json(nlohmann::json& j, const RerankTrace& v);
void from_json(const nlohmann::json& j, RerankTrace& v);
void to_json(nlohmann::json& j, const EvidenceBlock& v);
void from_json(const nlohmann::json& j, EvidenceBlock& v);
void to_json(nlohmann::json& j, const ContextPack& v);
void from_json(const nlohmann::json& j, ContextPack& v);
void to_json(nlohmann::json& j, const LookupResult& v);
void from_json(const nlohmann::json& j, LookupResult& v);

} // namespace raglens
