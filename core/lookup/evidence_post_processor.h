#pragma once
// EvidencePostProcessor: turns the selected attempt's candidates into evidence. Drops
// candidates under minEvidenceQuality, de-duplicates (same chunk, adjacent chunk of a
// source already kept, near-identical text) recording why, keeps the best topK, packs
// them into a character-budgeted context pack, and sets relevance, status and hint.

#include "model/lookup_result.h"

namespace raglens {

struct KbData;

class EvidencePostProcessor
{
public:
    /// Fills evidenceBlocks, rerankTrace, contextPack, relevanceLevel, evidenceStatus and
    /// completenessHint of `result` from `candidates` (best first).
    static void process(const KbData& kb, const std::vector<AttemptCandidate>& candidates,
                        const LookupSettings& settings, LookupResult& result);

    static QString relevanceFor(double bestQuality, const LookupSettings& settings);
    static ContextPack pack(const std::vector<EvidenceBlock>& blocks, int budgetChars);
    /// Jaccard similarity of word-trigram shingles, 0..1.
    static double textSimilarity(const QString& a, const QString& b);
};

} // namespace raglens
