#pragma once
// The handful of facts a person checks first about one lookup, gathered from either a
// persisted tool_invocation row or an in-request LookupResult, so one SummaryCard shows both.

#include <QString>

#include <optional>

namespace raglens {
struct TraceInvocation;
struct LookupResult;
} // namespace raglens

namespace raglens::ui {

struct SummaryFacts
{
    QString toolName;
    bool success = true;
    QString evidenceStatus; ///< EVIDENCE_FOUND, NO_EVIDENCE, ERROR or empty
    QString relevanceLevel; ///< PRECISE, REFERENCE or empty (null)
    QString searchMode;
    QString selectedAttempt;
    QString fallbackReason; ///< empty: no retry
    std::optional<bool> truncated;
    std::optional<int> returnedCount;
    std::optional<int> candidateCount; ///< evidence candidates before post-processing
    std::optional<int> blockCount;     ///< evidence blocks kept
    std::optional<double> durationMs;
    QString errorMessage;
    bool legacyRow = false; ///< relevance_level held an evidence status
    QString legacyValue;
    QString malformedError;   ///< retrieval_details could not be parsed
    bool isRetrieval = false; ///< a lookup with retrieval details to show
    QString verdict;          ///< one sentence: why the lookup ended this way

    static SummaryFacts fromInvocation(const TraceInvocation& inv);
    static SummaryFacts fromLookupResult(const LookupResult& result);
};

} // namespace raglens::ui
