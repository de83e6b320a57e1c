#pragma once
// The rag_lookup_v1 contract (DESIGN §3) as a value type: the bounded retrieval_details
// object of one tool_invocation row. The enricher produces it; readers get it parsed once
// per row and read fields, never JSON keys. Reading is tolerant because production rows
// come from writers we do not control: a missing key stays unset, a value of the wrong
// type is recorded as a problem (and unset), unknown keys are kept aside, and nothing
// throws.

#include "common/json_qt.h"

#include <optional>
#include <vector>

namespace raglens {

struct DetailsAttempt
{
    QString name;           ///< FILTERED_VECTOR, UNFILTERED_VECTOR_RETRY, UNFILTERED_VECTOR
    QString categoryFilter; ///< empty: no filter
    std::optional<int> candidateCount;
    std::optional<bool> usable;
    std::optional<double> topSimilarity; ///< normalised quality 0..1
    std::optional<double> durationMs;
    QString errorMessage;
};

struct RetrievalDetailsV1
{
    QString auditSchema; ///< "rag_lookup_v1" when the writer said so
    QString searchMode;
    QString selectedAttempt;
    /// The attempt-level *retry reason* (filtered_vector_no_evidence / _low_quality): why the
    /// lookup retried without its category filter. Not a run's fallback cause.
    QString retryReason;
    QString categoryFilter;
    QStringList evidenceKeys;
    QStringList sources;
    std::optional<int> evidenceCandidateCount;
    std::optional<int> evidenceBlockCount;
    std::optional<int> returnedCount; ///< excerpts the agent was given
    QStringList l0Domains;
    QStringList l0MatchedKeywords;
    std::vector<DetailsAttempt> attempts;
    std::optional<bool> truncated;            ///< either kind (older writers know only this)
    std::optional<bool> contextPackTruncated; ///< the context pack hit its character budget
    std::optional<bool> agentTruncated;       ///< excerpts cut or fewer given than found
    std::optional<double> usableThreshold;    ///< minUsableQuality the attempts were judged by
    QString evidenceStatus;                   ///< as written; the effective one is interpreted
    QString relevanceLevel;
    QString invocationStatus; ///< READY / ERROR
    QString toolCallId;

    nlohmann::json unknownKeys = nlohmann::json::object(); ///< keys no RagLens writer produces
    QStringList problems; ///< "evidence_status: expected a string", ... (untranslated keys)
    bool present = false; ///< the row held a JSON object at all

    /// The selected attempt, or the last one when none is named; nullptr without attempts.
    const DetailsAttempt* selected() const;
    int totalCandidates() const;

    /// Never throws. `j` is whatever the column held once parsed (object, null, anything).
    static RetrievalDetailsV1 fromJson(const nlohmann::json& j);
};

void to_json(nlohmann::json& j, const DetailsAttempt& v);
void to_json(nlohmann::json& j, const RetrievalDetailsV1& v);

} // namespace raglens
