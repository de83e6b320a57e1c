#pragma once
// Every threshold of the lookup engine in one place. Stored in the KB manifest,
// shown in the UI, overridable per lookup in the console. Calibration: README.

#include "common/json_qt.h"

namespace raglens {

struct LookupSettings
{
    QString searchMode = QStringLiteral("hybrid"); ///< "dense" or "hybrid"
    int candidatePoolSize = 20;                    ///< candidates fetched per attempt
    int topK = 5;                                  ///< evidence blocks returned at most
    double minUsableQuality = 0.40;                ///< attempt usable when best quality >= this
    double minEvidenceQuality = 0.24;              ///< candidates under this are dropped
    double preciseQuality = 0.68;                  ///< relevance PRECISE at or above
    double referenceQuality = 0.45;                ///< relevance REFERENCE at or above
    double domainConfidence = 0.5;                 ///< L0 domain must score this to become a filter
    double hybridDenseWeight = 0.6;                ///< dense weight in the hybrid quality
    /// Dense weight in the hybrid ranking. Lower than hybridDenseWeight: on corpora nobody
    /// tuned for, the hashing embedder orders candidates worse than BM25 does, while it is
    /// what tells an out-of-domain question from a real match (README, Retrieval quality).
    double hybridRankDenseWeight = 0.0;
    double nearDuplicateSimilarity = 0.92; ///< text similarity counted as near-identical
    int contextBudgetChars = 6000;         ///< context pack character budget
    int excerptChars = 600;                ///< agent-facing excerpt length
    bool autoCategory = true;              ///< use the L0 domain as category filter
    bool translateQueries = true;    ///< add the other language's terms (bilingual dictionary)
    double denseScoreFloor = 0.10;   ///< inner product mapped to dense quality 0
    double denseScoreCeiling = 0.60; ///< inner product mapped to dense quality 1

    friend bool operator==(const LookupSettings&, const LookupSettings&) = default;
};

void to_json(nlohmann::json& j, const LookupSettings& s);
void from_json(const nlohmann::json& j, LookupSettings& s);

} // namespace raglens
