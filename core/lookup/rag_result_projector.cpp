#include "lookup/rag_result_projector.h"

#include <algorithm>

namespace raglens {

namespace {

/// Cuts at a word boundary near `limit` so the agent never sees half a word.
QString excerptOf(const QString& text, int limit, bool& cut)
{
    cut = text.size() > limit;
    if (!cut)
        return text;
    int end = limit;
    const int space = int(text.lastIndexOf(QLatin1Char(' '), limit));
    if (space > limit * 3 / 4)
        end = space;
    return text.left(end).trimmed() + QChar(0x2026);
}

} // namespace

RagToolResult RagResultProjector::project(const LookupResult& result)
{
    RagToolResult r;
    r.evidenceStatus = result.evidenceStatus;
    r.relevanceLevel = result.relevanceLevel;
    r.completenessHint = result.completenessHint;
    r.errorMessage = result.errorMessage;
    const int limit = std::max(40, result.settings.excerptChars);
    // The agent is shown what fitted in the context pack, nothing beyond it.
    const int shown =
        result.contextPack.budgetChars > 0
            ? std::min<int>(result.contextPack.includedBlocks, int(result.evidenceBlocks.size()))
            : int(result.evidenceBlocks.size());
    bool anyCut = false;
    for (int i = 0; i < shown; ++i) {
        const EvidenceBlock& b = result.evidenceBlocks[size_t(i)];
        bool cut = false;
        r.evidence.push_back(
            {b.evidenceKey, b.source, excerptOf(b.content, limit, cut), b.quality});
        anyCut = anyCut || cut;
    }
    r.truncated =
        anyCut || result.contextPack.truncated || shown < int(result.evidenceBlocks.size());
    r.returnedCount = int(r.evidence.size());
    return r;
}

} // namespace raglens
