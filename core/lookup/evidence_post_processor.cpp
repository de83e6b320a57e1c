#include "lookup/evidence_post_processor.h"

#include "kb/kb_data.h"
#include "kb/text_tokenizer.h"
#include "model/vocabulary.h"

#include <algorithm>

namespace raglens {

namespace {

/// Word-trigram shingles as sorted 64-bit hashes. Built by scanning characters, without
/// allocating a string per word: this runs for every evidence candidate of every lookup.
using Shingles = std::vector<quint64>;

Shingles shingles(const QString& text)
{
    std::vector<quint64> words;
    words.reserve(size_t(text.size() / 5 + 1));
    quint64 h = 14695981039346656037ull;
    bool inWord = false;
    for (QChar c : text) {
        if (c.isLetterOrNumber()) {
            h = (h ^ c.toLower().unicode()) * 1099511628211ull;
            inWord = true;
        } else if (inWord) {
            words.push_back(h);
            h = 14695981039346656037ull;
            inWord = false;
        }
    }
    if (inWord)
        words.push_back(h);
    Shingles out;
    if (words.size() < 3) {
        out = words;
    } else {
        out.reserve(words.size() - 2);
        for (size_t i = 0; i + 2 < words.size(); ++i)
            out.push_back((words[i] * 31 + words[i + 1]) * 31 + words[i + 2]);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

double jaccard(const Shingles& sa, const Shingles& sb)
{
    if (sa.empty() || sb.empty())
        return 0;
    size_t i = 0, j = 0, common = 0;
    while (i < sa.size() && j < sb.size()) {
        if (sa[i] == sb[j]) {
            ++common;
            ++i;
            ++j;
        } else if (sa[i] < sb[j]) {
            ++i;
        } else {
            ++j;
        }
    }
    return double(common) / double(sa.size() + sb.size() - common);
}

int chunkNumber(const QString& key)
{
    return key.mid(key.lastIndexOf(QLatin1String("#chunk-")) + 7).toInt();
}

} // namespace

double EvidencePostProcessor::textSimilarity(const QString& a, const QString& b)
{
    return jaccard(shingles(a), shingles(b));
}

QString EvidencePostProcessor::relevanceFor(double best, const LookupSettings& s)
{
    if (best >= s.preciseQuality)
        return vocab::kPrecise;
    if (best >= s.referenceQuality)
        return vocab::kReference;
    return {};
}

ContextPack EvidencePostProcessor::pack(const std::vector<EvidenceBlock>& blocks, int budget)
{
    ContextPack p;
    p.budgetChars = budget;
    for (const EvidenceBlock& b : blocks) {
        const QString header = QStringLiteral("[%1] %2 (%3, quality %4)\n")
                                   .arg(b.rank)
                                   .arg(b.evidenceKey, b.category)
                                   .arg(b.quality, 0, 'f', 2);
        const QString body = b.content + QStringLiteral("\n\n");
        const int remaining = budget - int(p.text.size());
        if (int(header.size() + body.size()) <= remaining) {
            p.text += header + body;
            ++p.includedBlocks;
            continue;
        }
        // Cut the block only when a useful part of it still fits; either way the pack
        // is truncated and says so.
        p.truncated = true;
        const int room = remaining - int(header.size()) - 2;
        if (room >= 200) {
            p.text += header + b.content.left(room - 1) + QChar(0x2026) + QStringLiteral("\n");
            ++p.includedBlocks;
        }
        break;
    }
    p.usedChars = int(p.text.size());
    return p;
}

namespace {

/// The chunk an evidence key names ("source#chunk-N"), or null.
const ChunkRecord* chunkOf(const KbData& kb, const QString& key)
{
    const int doc = kb.docBySource.value(key.left(key.lastIndexOf(QLatin1String("#chunk-"))), -1);
    if (doc < 0)
        return nullptr;
    const DocRecord& d = kb.docs[size_t(doc)];
    const int n = chunkNumber(key);
    for (int id = d.firstChunk; id < d.firstChunk + d.chunkCount; ++id)
        if (kb.chunks[size_t(id)].chunkNo == n)
            return &kb.chunks[size_t(id)];
    return nullptr;
}

/// Why a candidate repeats a kept block (same chunk, the chunk beside it, nearly the same
/// text), and which block; empty when it does not. `candidateShingles` is filled on demand.
std::pair<QString, QString> redundancy(const AttemptCandidate& c, const ChunkRecord& record,
                                       const std::vector<EvidenceBlock>& kept,
                                       const std::vector<Shingles>& keptShingles,
                                       Shingles& candidateShingles, const LookupSettings& s,
                                       int topK)
{
    for (size_t i = 0; i < kept.size(); ++i) {
        const EvidenceBlock& k = kept[i];
        if (k.evidenceKey == c.evidenceKey)
            return {QStringLiteral("same_chunk"), k.evidenceKey};
        if (k.source == c.source && std::abs(chunkNumber(k.evidenceKey) - record.chunkNo) == 1)
            return {QStringLiteral("adjacent_chunk"), k.evidenceKey};
        if (int(kept.size()) < topK) { // past top-k the candidate is out anyway
            if (candidateShingles.empty())
                candidateShingles = shingles(record.content);
            if (jaccard(keptShingles[i], candidateShingles) >= s.nearDuplicateSimilarity)
                return {QStringLiteral("near_duplicate"), k.evidenceKey};
        }
    }
    return {};
}

/// What the agent is told about the evidence. Part of its wire format: always English,
/// never translated.
QString completenessHint(const LookupResult& result)
{
    QString hint;
    if (result.evidenceBlocks.empty())
        hint = QStringLiteral(
            "The knowledge base has nothing relevant to this question; say so instead of "
            "guessing.");
    else if (result.relevanceLevel == vocab::kPrecise)
        hint = QStringLiteral("The evidence matches the question closely; cite it directly.");
    else if (result.relevanceLevel == vocab::kReference)
        hint = QStringLiteral(
            "The evidence is related but may not answer the question fully; use it as "
            "background and say what is missing.");
    else
        hint = QStringLiteral(
            "Only weakly related evidence was found; do not base conclusions on it alone.");
    if (!result.retrievalTrace.fallbackReason.isEmpty() && !result.evidenceBlocks.empty())
        hint += QLatin1Char(' ') +
                QStringLiteral("It was found by an unfiltered retry after the category "
                               "filter came up short.");
    if (result.contextPack.truncated)
        hint +=
            QLatin1Char(' ') + QStringLiteral("Some evidence was cut to fit the context budget.");
    return hint;
}

} // namespace

void EvidencePostProcessor::process(const KbData& kb,
                                    const std::vector<AttemptCandidate>& candidates,
                                    const LookupSettings& s, LookupResult& result)
{
    RerankTrace& trace = result.rerankTrace;
    trace.inputCount = int(candidates.size());
    std::vector<EvidenceBlock> kept;
    QStringList reasons;
    auto drop = [&](const AttemptCandidate& c, const QString& reason, const QString& keptKey) {
        trace.dropped.push_back({c.evidenceKey, reason, keptKey, c.quality});
        if (!keptKey.isEmpty() && !reasons.contains(reason))
            reasons.append(reason);
    };
    const int topK = std::max(1, s.topK);
    // Shingle sets are computed once per kept block: near-duplicate checks would otherwise
    // re-tokenise the same chunk for every candidate.
    std::vector<Shingles> keptShingles;
    for (const AttemptCandidate& c : candidates) {
        if (c.quality < s.minEvidenceQuality) {
            drop(c, QStringLiteral("below_min_quality"), {});
            continue;
        }
        const ChunkRecord* record = chunkOf(kb, c.evidenceKey);
        if (!record)
            continue; // cannot happen for candidates of this KB
        Shingles candidateShingles;
        const auto [reason, keptKey] =
            redundancy(c, *record, kept, keptShingles, candidateShingles, s, topK);
        if (!reason.isEmpty()) {
            drop(c, reason, keptKey);
            continue;
        }
        if (int(kept.size()) >= topK) {
            drop(c, QStringLiteral("over_top_k"), {});
            continue;
        }
        EvidenceBlock b;
        b.evidenceKey = c.evidenceKey;
        b.source = c.source;
        b.category = c.category;
        b.heading = record->heading;
        b.content = record->content;
        b.score = c.score;
        b.quality = c.quality;
        b.rank = int(kept.size()) + 1;
        keptShingles.push_back(candidateShingles.empty() ? shingles(record->content)
                                                         : candidateShingles);
        kept.push_back(std::move(b));
    }
    trace.outputCount = int(kept.size());
    trace.dedupReason = reasons.join(QLatin1Char(','));
    result.contextPack = pack(kept, s.contextBudgetChars);
    result.evidenceBlocks = std::move(kept);
    const double best = result.bestQuality();
    result.relevanceLevel = result.evidenceBlocks.empty() ? QString() : relevanceFor(best, s);
    result.evidenceStatus =
        result.evidenceBlocks.empty() ? vocab::kNoEvidence : vocab::kEvidenceFound;
    result.completenessHint = completenessHint(result);
}

} // namespace raglens
