#include "replay/replay_diff.h"

#include "model/vocabulary.h"
#include "replay/recorded_lookup.h"

#include <QHash>

#include <cmath>

namespace raglens {

using json_util::optionalOrNull;
using json_util::stringOrNull;
using nlohmann::json;

namespace {

// Qualities are rounded to 4 decimals in the audit row; compare at that precision.
double rounded(double v)
{
    return std::round(v * 10000.0) / 10000.0;
}

QString replayedCategoryFilter(const LookupResult& r)
{
    QString filter = r.retrievalTrace.queryHints.categoryFilter;
    for (const RetrievalAttempt& a : r.retrievalTrace.attempts)
        if (filter.isEmpty() && !a.categoryFilter.isEmpty())
            filter = a.categoryFilter;
    return filter;
}

void compareKeys(ReplayDiff& diff, const RecordedLookup& rec, const LookupResult& replayed)
{
    QHash<QString, int> replayedIndex;
    for (size_t i = 0; i < replayed.evidenceBlocks.size(); ++i)
        replayedIndex.insert(replayed.evidenceBlocks[i].evidenceKey, int(i));
    QHash<QString, int> recordedIndex;
    for (size_t i = 0; i < rec.evidence.size(); ++i)
        recordedIndex.insert(rec.evidence[i].evidenceKey, int(i));

    auto replayedRank = [&](int i) {
        const EvidenceBlock& b = replayed.evidenceBlocks[size_t(i)];
        return b.rank > 0 ? b.rank : i + 1;
    };

    for (const RecordedEvidence& e : rec.evidence) {
        ReplayKeyChange k;
        k.evidenceKey = e.evidenceKey;
        k.recordedRank = e.rank;
        k.recordedQuality = e.quality;
        if (auto it = replayedIndex.constFind(e.evidenceKey); it != replayedIndex.cend()) {
            k.replayedRank = replayedRank(*it);
            k.replayedQuality = replayed.evidenceBlocks[size_t(*it)].quality;
        } else {
            diff.keysLost << e.evidenceKey;
        }
        diff.keys.push_back(k);
    }
    for (size_t i = 0; i < replayed.evidenceBlocks.size(); ++i) {
        const EvidenceBlock& b = replayed.evidenceBlocks[i];
        if (recordedIndex.contains(b.evidenceKey)) {
            diff.keysKept << b.evidenceKey;
            continue;
        }
        diff.keysGained << b.evidenceKey;
        ReplayKeyChange k;
        k.evidenceKey = b.evidenceKey;
        k.replayedRank = replayedRank(int(i));
        k.replayedQuality = b.quality;
        diff.keys.push_back(k);
    }
}

void compareAttempts(ReplayDiff& diff, const RecordedLookup& rec, const LookupResult& replayed)
{
    auto find = [&](const QString& name) -> ReplayAttemptChange& {
        for (ReplayAttemptChange& a : diff.attempts)
            if (a.name == name)
                return a;
        ReplayAttemptChange a;
        a.name = name;
        diff.attempts.push_back(a);
        return diff.attempts.back();
    };
    for (const RecordedAttempt& r : rec.attempts) {
        ReplayAttemptChange& a = find(r.name);
        a.recorded = true;
        a.recordedTopSimilarity = r.topSimilarity;
        a.recordedCandidateCount = r.candidateCount;
        a.recordedUsable = r.usable;
    }
    for (const RetrievalAttempt& r : replayed.retrievalTrace.attempts) {
        ReplayAttemptChange& a = find(r.name);
        a.replayed = true;
        a.replayedTopSimilarity = r.topSimilarity;
        a.replayedCandidateCount = r.candidateCount;
        a.replayedUsable = r.usable;
    }
}

} // namespace

std::optional<int> ReplayKeyChange::rankDelta() const
{
    if (!recordedRank || !replayedRank)
        return std::nullopt;
    return *recordedRank - *replayedRank;
}

std::optional<double> ReplayKeyChange::qualityDelta() const
{
    if (!recordedQuality || !replayedQuality)
        return std::nullopt;
    return *replayedQuality - *recordedQuality;
}

std::optional<double> ReplayAttemptChange::similarityDelta() const
{
    if (!recordedTopSimilarity || !replayedTopSimilarity)
        return std::nullopt;
    return *replayedTopSimilarity - *recordedTopSimilarity;
}

int ReplayDiff::rankChanges() const
{
    int n = 0;
    for (const ReplayKeyChange& k : keys)
        if (auto d = k.rankDelta(); d && *d != 0)
            ++n;
    return n;
}

bool ReplayDiff::hasChanges() const
{
    if (selectedAttempt.changed() || fallbackReason.changed() || relevanceLevel.changed() ||
        evidenceStatus.changed() || categoryFilter.changed())
        return true;
    if (!keysGained.isEmpty() || !keysLost.isEmpty() || rankChanges() > 0)
        return true;
    for (const ReplayAttemptChange& a : attempts)
        if (a.recorded != a.replayed)
            return true;
    return false;
}

ReplayDiff compareWithRecorded(const TraceInvocation& recorded, const LookupResult& replayed)
{
    const RecordedLookup rec = recordedLookupOf(recorded);
    ReplayDiff diff;
    diff.invocationId = recorded.id;
    diff.query = replayed.query.isEmpty() ? rec.query : replayed.query;
    diff.basis = rec.fromFullTrace ? QStringLiteral("full_trace") : QStringLiteral("rag_lookup_v1");
    diff.queryMayBeTruncated = rec.queryMayBeTruncated;
    diff.notes = rec.notes;

    const RetrievalTrace& t = replayed.retrievalTrace;
    diff.selectedAttempt = {rec.selectedAttempt, t.selectedAttempt};
    diff.fallbackReason = {rec.fallbackReason, t.fallbackReason};
    diff.relevanceLevel = {rec.relevanceLevel, vocab::isRelevanceLevel(replayed.relevanceLevel)
                                                   ? replayed.relevanceLevel
                                                   : QString()};
    diff.evidenceStatus = {rec.evidenceStatus, replayed.evidenceStatus};
    diff.searchMode = {rec.searchMode,
                       t.searchMode.isEmpty() ? replayed.settings.searchMode : t.searchMode};
    diff.categoryFilter = {rec.categoryFilter, replayedCategoryFilter(replayed)};

    compareKeys(diff, rec, replayed);
    compareAttempts(diff, rec, replayed);

    diff.recordedBestQuality = rec.bestQuality;
    if (!replayed.evidenceBlocks.empty())
        diff.replayedBestQuality = replayed.bestQuality();
    else if (const RetrievalAttempt* a = replayed.selectedAttempt(); a && a->candidateCount > 0)
        diff.replayedBestQuality = a->topSimilarity;
    return diff;
}

void to_json(json& j, const ReplayKeyChange& v)
{
    auto roundedOrNull = [](const std::optional<double>& d) {
        return d ? json(rounded(*d)) : json(nullptr);
    };
    QString change = QStringLiteral("kept");
    if (v.gained())
        change = QStringLiteral("gained");
    else if (v.lost())
        change = QStringLiteral("lost");
    j = {{"evidenceKey", v.evidenceKey},
         {"change", change},
         {"recordedRank", optionalOrNull(v.recordedRank)},
         {"replayedRank", optionalOrNull(v.replayedRank)},
         {"rankDelta", optionalOrNull(v.rankDelta())},
         {"recordedQuality", roundedOrNull(v.recordedQuality)},
         {"replayedQuality", roundedOrNull(v.replayedQuality)},
         {"qualityDelta", roundedOrNull(v.qualityDelta())}};
}

void to_json(json& j, const ReplayAttemptChange& v)
{
    auto roundedOrNull = [](const std::optional<double>& d) {
        return d ? json(rounded(*d)) : json(nullptr);
    };
    j = {{"name", v.name},
         {"recorded", v.recorded},
         {"replayed", v.replayed},
         {"recordedTopSimilarity", roundedOrNull(v.recordedTopSimilarity)},
         {"replayedTopSimilarity", roundedOrNull(v.replayedTopSimilarity)},
         {"similarityDelta", roundedOrNull(v.similarityDelta())},
         {"recordedCandidateCount", optionalOrNull(v.recordedCandidateCount)},
         {"replayedCandidateCount", optionalOrNull(v.replayedCandidateCount)},
         {"recordedUsable", optionalOrNull(v.recordedUsable)},
         {"replayedUsable", optionalOrNull(v.replayedUsable)}};
}

static json valueChange(const ReplayValueChange& c)
{
    return {{"recorded", stringOrNull(c.recorded)},
            {"replayed", stringOrNull(c.replayed)},
            {"changed", c.changed()}};
}

void to_json(json& j, const ReplayDiff& v)
{
    auto roundedOrNull = [](const std::optional<double>& d) {
        return d ? json(rounded(*d)) : json(nullptr);
    };
    j = {{"invocationId", v.invocationId},
         {"query", v.query},
         {"queryMayBeTruncated", v.queryMayBeTruncated},
         {"basis", v.basis},
         {"hasChanges", v.hasChanges()},
         {"selectedAttempt", valueChange(v.selectedAttempt)},
         {"fallbackReason", valueChange(v.fallbackReason)},
         {"relevanceLevel", valueChange(v.relevanceLevel)},
         {"evidenceStatus", valueChange(v.evidenceStatus)},
         {"searchMode", valueChange(v.searchMode)},
         {"categoryFilter", valueChange(v.categoryFilter)},
         {"keysGained", v.keysGained},
         {"keysLost", v.keysLost},
         {"keysKept", v.keysKept},
         {"rankChanges", v.rankChanges()},
         {"keys", v.keys},
         {"attempts", v.attempts},
         {"recordedBestQuality", roundedOrNull(v.recordedBestQuality)},
         {"replayedBestQuality", roundedOrNull(v.replayedBestQuality)},
         {"notes", v.notes}};
}

} // namespace raglens
