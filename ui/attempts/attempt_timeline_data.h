#pragma once
// The attempt ladder of one lookup as plain values, ready to be drawn: built either from a
// persisted retrieval_details object (rag_lookup_v1, snake_case, possibly incomplete) or from
// an in-request LookupResult. Attempts run one after another, so each starts where the
// previous one ended.

#include <QString>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace raglens {
struct LookupResult;
struct AttemptCandidate;
struct RetrievalDetailsV1;
} // namespace raglens

namespace raglens::ui {

struct AttemptCandidateRow
{
    QString evidenceKey;
    QString source;
    double score = 0;
    double quality = 0;
    int rank = 0;
    double denseScore = 0;
    double bm25Score = 0;
};

struct AttemptBar
{
    QString name;
    QString categoryFilter; ///< empty: no filter
    double startMs = 0;     ///< sum of the previous attempts' durations
    double durationMs = 0;
    int candidateCount = 0;
    std::optional<double> topSimilarity; ///< normalised quality 0..1; unset when unknown
    std::optional<double> topScore;      ///< engine score; only in-request results have it
    bool usable = false;
    QString errorMessage;
    std::vector<AttemptCandidateRow> candidates; ///< only from a LookupResult
};

struct AttemptTimeline
{
    std::vector<AttemptBar> attempts;
    QString selectedAttempt;
    QString fallbackReason;
    double usableThreshold = 0.45;
    bool hasCandidates = false; ///< true when built from a LookupResult (per-attempt candidates)
    /// The time axis spans at least this many ms: two timelines compared one above the
    /// other share one scale. 0: the attempts' own span.
    double scaleMs = 0;

    double totalMs() const;
    /// Index of the selected attempt, or -1.
    int selectedIndex() const;
    /// The (from, to) attempt indexes of the fallback retry: a filtered attempt that was not
    /// usable (or failed) followed by a retry. Unset when no retry happened.
    std::optional<std::pair<int, int>> retryPair() const;

    static AttemptTimeline fromDetails(const RetrievalDetailsV1& details);
    /// The same from the JSON object, read through RetrievalDetailsV1.
    static AttemptTimeline fromRetrievalDetails(const nlohmann::json& ragLookupV1);
    static AttemptTimeline fromLookupResult(const LookupResult& result);
};

/// "12 ms", "3.5 ms", "0.035 ms"; 0 reads "< 1 ms" because audit rows round durations.
QString formatDurationMs(double ms);

} // namespace raglens::ui
