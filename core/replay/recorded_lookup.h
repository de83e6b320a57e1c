#pragma once
// RecordedLookup: the observable decisions of one recorded lookup_knowledge invocation,
// read from its full-trace sample when one exists (exact ranks and qualities) and
// otherwise from the bounded rag_lookup_v1 row, tolerating legacy and malformed rows.
// The replay diff and the replay request both start from it.

#include "model/diagnosis_trace.h"
#include "model/lookup_result.h"

#include <optional>
#include <vector>

namespace raglens {

struct RecordedEvidence
{
    QString evidenceKey;
    int rank = 0;                  ///< 1-based
    std::optional<double> quality; ///< only from a full trace
};

struct RecordedAttempt
{
    QString name;
    std::optional<double> topSimilarity;
    std::optional<int> candidateCount;
    std::optional<bool> usable;
};

struct RecordedLookup
{
    bool fromFullTrace = false;
    QString query; ///< full query (full trace) or the input_params preview
    bool queryMayBeTruncated = false;
    QString searchMode;
    QString selectedAttempt;
    QString fallbackReason;
    QString categoryFilter;
    QString relevanceLevel; ///< PRECISE / REFERENCE / empty
    QString evidenceStatus;
    std::optional<int> topK;  ///< from input_params when the caller passed one
    QString explicitCategory; ///< from input_params when the caller passed one
    std::vector<RecordedEvidence> evidence;
    std::vector<RecordedAttempt> attempts;
    std::optional<double> bestQuality;
    QStringList notes; ///< translated caveats
};

RecordedLookup recordedLookupOf(const TraceInvocation& invocation);
/// The same decisions of a lookup made here (a replay, a console lookup): exact, like a
/// full-trace sample.
RecordedLookup lookupOf(const LookupResult& result);

} // namespace raglens
