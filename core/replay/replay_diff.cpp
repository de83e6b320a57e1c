#include "replay/replay_diff.h"

#include "model/vocabulary.h"
#include "replay/recorded_lookup.h"

#include <QCoreApplication>
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

void compareKeys(ReplayDiff& diff, const RecordedLookup& before, const RecordedLookup& after)
{
    QHash<QString, int> afterIndex;
    for (size_t i = 0; i < after.evidence.size(); ++i)
        afterIndex.insert(after.evidence[i].evidenceKey, int(i));
    QHash<QString, int> beforeIndex;
    for (size_t i = 0; i < before.evidence.size(); ++i)
        beforeIndex.insert(before.evidence[i].evidenceKey, int(i));

    for (const RecordedEvidence& e : before.evidence) {
        ReplayKeyChange k;
        k.evidenceKey = e.evidenceKey;
        k.recordedRank = e.rank;
        k.recordedQuality = e.quality;
        if (auto it = afterIndex.constFind(e.evidenceKey); it != afterIndex.cend()) {
            k.replayedRank = after.evidence[size_t(*it)].rank;
            k.replayedQuality = after.evidence[size_t(*it)].quality;
        } else {
            diff.keysLost << e.evidenceKey;
        }
        diff.keys.push_back(k);
    }
    for (const RecordedEvidence& e : after.evidence) {
        if (beforeIndex.contains(e.evidenceKey)) {
            diff.keysKept << e.evidenceKey;
            continue;
        }
        diff.keysGained << e.evidenceKey;
        ReplayKeyChange k;
        k.evidenceKey = e.evidenceKey;
        k.replayedRank = e.rank;
        k.replayedQuality = e.quality;
        diff.keys.push_back(k);
    }
}

void compareAttempts(ReplayDiff& diff, const RecordedLookup& before, const RecordedLookup& after)
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
    for (const RecordedAttempt& r : before.attempts) {
        ReplayAttemptChange& a = find(r.name);
        a.recorded = true;
        a.recordedTopSimilarity = r.topSimilarity;
        a.recordedCandidateCount = r.candidateCount;
        a.recordedUsable = r.usable;
    }
    for (const RecordedAttempt& r : after.attempts) {
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

ReplayDiff diffLookups(const RecordedLookup& before, const RecordedLookup& after)
{
    ReplayDiff diff;
    diff.query = after.query.isEmpty() ? before.query : after.query;
    diff.selectedAttempt = {before.selectedAttempt, after.selectedAttempt};
    diff.fallbackReason = {before.fallbackReason, after.fallbackReason};
    diff.relevanceLevel = {before.relevanceLevel, after.relevanceLevel};
    diff.evidenceStatus = {before.evidenceStatus, after.evidenceStatus};
    diff.searchMode = {before.searchMode, after.searchMode};
    diff.categoryFilter = {before.categoryFilter, after.categoryFilter};
    compareKeys(diff, before, after);
    compareAttempts(diff, before, after);
    diff.recordedBestQuality = before.bestQuality;
    diff.replayedBestQuality = after.bestQuality;
    return diff;
}

ReplayDiff compareWithRecorded(const TraceInvocation& recorded, const LookupResult& replayed)
{
    const RecordedLookup rec = recordedLookupOf(recorded);
    ReplayDiff diff = diffLookups(rec, lookupOf(replayed));
    diff.invocationId = recorded.id;
    diff.invocationIdText = recorded.idText;
    diff.basis = rec.fromFullTrace ? QStringLiteral("full_trace") : QStringLiteral("rag_lookup_v1");
    diff.queryMayBeTruncated = rec.queryMayBeTruncated;
    diff.notes = rec.notes;
    // A replay that failed says why (an unknown category, a query without searchable words):
    // else an ERROR reads as a retrieval regression when the local knowledge base differs.
    if (!replayed.errorMessage.isEmpty())
        diff.notes << QCoreApplication::translate("ReplayDiff", "The replayed lookup failed: %1")
                          .arg(replayed.errorMessage);
    return diff;
}

namespace {

json roundedOrNull(const std::optional<double>& d)
{
    return d ? json(rounded(*d)) : json(nullptr);
}

/// "recordedRank" for the sides ("recorded", "replayed"); "aRank" for ("a", "b").
std::string key(const char* side, const char* name)
{
    std::string k(side);
    k += name;
    return k;
}

json keyChangeJson(const ReplayKeyChange& v, const DiffSides& s)
{
    QString change = QStringLiteral("kept");
    if (v.gained())
        change = QStringLiteral("gained");
    else if (v.lost())
        change = QStringLiteral("lost");
    return {{"evidenceKey", v.evidenceKey},
            {"change", change},
            {key(s.before, "Rank"), optionalOrNull(v.recordedRank)},
            {key(s.after, "Rank"), optionalOrNull(v.replayedRank)},
            {"rankDelta", optionalOrNull(v.rankDelta())},
            {key(s.before, "Quality"), roundedOrNull(v.recordedQuality)},
            {key(s.after, "Quality"), roundedOrNull(v.replayedQuality)},
            {"qualityDelta", roundedOrNull(v.qualityDelta())}};
}

json attemptChangeJson(const ReplayAttemptChange& v, const DiffSides& s)
{
    return {{"name", v.name},
            {s.before, v.recorded},
            {s.after, v.replayed},
            {key(s.before, "TopSimilarity"), roundedOrNull(v.recordedTopSimilarity)},
            {key(s.after, "TopSimilarity"), roundedOrNull(v.replayedTopSimilarity)},
            {"similarityDelta", roundedOrNull(v.similarityDelta())},
            {key(s.before, "CandidateCount"), optionalOrNull(v.recordedCandidateCount)},
            {key(s.after, "CandidateCount"), optionalOrNull(v.replayedCandidateCount)},
            {key(s.before, "Usable"), optionalOrNull(v.recordedUsable)},
            {key(s.after, "Usable"), optionalOrNull(v.replayedUsable)}};
}

json valueChange(const ReplayValueChange& c, const DiffSides& s)
{
    return {{s.before, stringOrNull(c.recorded)},
            {s.after, stringOrNull(c.replayed)},
            {"changed", c.changed()}};
}

} // namespace

json diffJson(const ReplayDiff& v, const DiffSides& s)
{
    json keys = json::array();
    for (const ReplayKeyChange& k : v.keys)
        keys.push_back(keyChangeJson(k, s));
    json attempts = json::array();
    for (const ReplayAttemptChange& a : v.attempts)
        attempts.push_back(attemptChangeJson(a, s));
    return {{"invocationId", row_id::toJson(v.invocationId, v.invocationIdText)},
            {"query", v.query},
            {"queryMayBeTruncated", v.queryMayBeTruncated},
            {"basis", v.basis},
            {"hasChanges", v.hasChanges()},
            {"selectedAttempt", valueChange(v.selectedAttempt, s)},
            {"fallbackReason", valueChange(v.fallbackReason, s)},
            {"relevanceLevel", valueChange(v.relevanceLevel, s)},
            {"evidenceStatus", valueChange(v.evidenceStatus, s)},
            {"searchMode", valueChange(v.searchMode, s)},
            {"categoryFilter", valueChange(v.categoryFilter, s)},
            {"keysGained", v.keysGained},
            {"keysLost", v.keysLost},
            {"keysKept", v.keysKept},
            {"rankChanges", v.rankChanges()},
            {"keys", keys},
            {"attempts", attempts},
            {key(s.before, "BestQuality"), roundedOrNull(v.recordedBestQuality)},
            {key(s.after, "BestQuality"), roundedOrNull(v.replayedBestQuality)},
            {"notes", v.notes}};
}

void to_json(json& j, const ReplayKeyChange& v)
{
    j = keyChangeJson(v, {});
}

void to_json(json& j, const ReplayAttemptChange& v)
{
    j = attemptChangeJson(v, {});
}

void to_json(json& j, const ReplayDiff& v)
{
    j = diffJson(v, {});
}

} // namespace raglens
