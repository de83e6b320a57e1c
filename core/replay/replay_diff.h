#pragma once
// ReplayDiff: what changed between a recorded lookup_knowledge invocation (layer B row,
// plus its full-trace sample when one exists) and the same query looked up again against
// a local knowledge base. This is how index drift and threshold changes are caught: the
// selected attempt, the fallback, the evidence keys gained and lost, rank and similarity
// movements, the relevance level and the evidence status, side by side.

#include "common/json_qt.h"
#include "model/diagnosis_trace.h"
#include "model/lookup_result.h"

#include <optional>
#include <vector>

namespace raglens {

/// One contract value as recorded and as replayed.
struct ReplayValueChange
{
    QString recorded;
    QString replayed;
    bool changed() const { return recorded != replayed; }
};

/// One evidence key present in the recorded result, the replayed one, or both.
struct ReplayKeyChange
{
    QString evidenceKey;
    std::optional<int> recordedRank;       ///< 1-based; unset when the key was not recorded
    std::optional<int> replayedRank;       ///< unset when the replay lost the key
    std::optional<double> recordedQuality; ///< only known from a full-trace sample
    std::optional<double> replayedQuality;

    bool gained() const { return !recordedRank && replayedRank; }
    bool lost() const { return recordedRank && !replayedRank; }
    /// Positive = moved up (towards rank 1).
    std::optional<int> rankDelta() const;
    std::optional<double> qualityDelta() const;
};

/// One attempt of the ladder, matched by name.
struct ReplayAttemptChange
{
    QString name;
    bool recorded = false; ///< the recorded lookup ran this attempt
    bool replayed = false; ///< the replay ran this attempt
    std::optional<double> recordedTopSimilarity;
    std::optional<double> replayedTopSimilarity;
    std::optional<int> recordedCandidateCount;
    std::optional<int> replayedCandidateCount;
    std::optional<bool> recordedUsable;
    std::optional<bool> replayedUsable;

    std::optional<double> similarityDelta() const;
};

struct ReplayDiff
{
    qint64 invocationId = 0;
    QString invocationIdText; ///< the stored text of a text id (row_id)
    QString query;            ///< what was looked up again
    QString basis;            ///< "full_trace" or "rag_lookup_v1": where recorded values came from
    bool queryMayBeTruncated = false; ///< the query came from the 160-character preview

    ReplayValueChange selectedAttempt;
    ReplayValueChange fallbackReason;
    ReplayValueChange relevanceLevel;
    ReplayValueChange evidenceStatus;
    ReplayValueChange searchMode;
    ReplayValueChange categoryFilter;

    QStringList keysGained;            ///< in replayed rank order
    QStringList keysLost;              ///< in recorded rank order
    QStringList keysKept;              ///< in replayed rank order
    std::vector<ReplayKeyChange> keys; ///< recorded order, then gained keys
    std::vector<ReplayAttemptChange> attempts;

    std::optional<double> recordedBestQuality;
    std::optional<double> replayedBestQuality;

    QStringList notes; ///< translated caveats (legacy row, truncated preview, ...)

    /// True when anything a user would act on differs (values, keys, ranks).
    bool hasChanges() const;
    int rankChanges() const;
};

struct RecordedLookup;

/// Compares a recorded invocation with a fresh LookupResult for the same query. Uses the
/// recorded full trace (ranks and qualities) when present, else the rag_lookup_v1 fields.
ReplayDiff compareWithRecorded(const TraceInvocation& recorded, const LookupResult& replayed);

/// The same comparison between any two lookups: `before` plays the recorded side and
/// `after` the replayed one (two recorded runs compared, or a recording and its replay).
ReplayDiff diffLookups(const RecordedLookup& before, const RecordedLookup& after);

/// What the two sides are called in JSON: "recorded"/"replayed" for a replay ("recordedRank",
/// "replayed": true), "a"/"b" when two recorded lookups are compared ("aRank", "b": true).
struct DiffSides
{
    const char* before = "recorded";
    const char* after = "replayed";
};
nlohmann::json diffJson(const ReplayDiff& diff, const DiffSides& sides);

void to_json(nlohmann::json& j, const ReplayKeyChange& v);
void to_json(nlohmann::json& j, const ReplayAttemptChange& v);
void to_json(nlohmann::json& j, const ReplayDiff& v);

} // namespace raglens
