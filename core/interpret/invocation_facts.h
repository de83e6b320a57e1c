#pragma once
// The one interpretation of a tool invocation (DESIGN §4 "One interpretation"): every fact a
// view shows about a lookup — effective evidence status (legacy rows included), failure
// kind, the two kinds of truncation, whether an empty result points at the environment or
// at the knowledge base's coverage, and the verdict sentence — is derived here, from either
// a persisted row or an in-request LookupResult. The tree, the filters' SQL (fact_sql.h),
// the summary card, findings, health, the CLI and HTTP all read these facts.

#include "model/diagnosis_trace.h"
#include "model/retrieval_details.h"

#include <QCoreApplication>

#include <optional>
#include <vector>

namespace raglens {
struct LookupResult;
struct RagToolResult;
} // namespace raglens

namespace raglens::interpret {

/// The effective evidence status. NotApplicable: not a lookup. Unknown: a lookup whose row
/// records no status we can read (malformed details, or a writer that left it out).
enum class EvidenceStatus
{
    NotApplicable,
    Unknown,
    EvidenceFound,
    NoEvidence,
    Error
};
/// "EVIDENCE_FOUND", "NO_EVIDENCE", "ERROR", "UNKNOWN"; empty for NotApplicable.
QString evidenceStatusName(EvidenceStatus s);

/// Why a call gave the agent nothing: the tool itself failed (success = 0), the lookup ran
/// but reported ERROR, or it ran and found no evidence.
enum class FailureKind
{
    None,
    ToolError,
    LookupError,
    NoEvidence
};
QString failureKindName(FailureKind k); ///< none, tool_error, lookup_error, no_evidence
std::optional<FailureKind> failureKindFromName(const QString& name);

/// For a NO_EVIDENCE lookup: did the search backend return nothing at all (suspect the
/// vector store, its collection or the environment), or did candidates come back and fail
/// the quality thresholds (the knowledge base has nothing close enough)?
enum class EmptyCause
{
    None,
    BackendReturnedNothing,
    BelowThreshold,
    Unknown
};
QString emptyCauseName(EmptyCause c); ///< none, backend_returned_nothing, below_threshold, unknown

/// Two different things were both called "truncated"; they are kept apart.
struct Truncation
{
    std::optional<bool> contextPack; ///< the context pack was cut to its character budget
    std::optional<bool> agent;       ///< excerpts cut, or fewer given to the agent than found
    bool any = false;                ///< either, including rows that do not say which
    /// True when a row says "truncated" without saying which kind (older writers).
    bool kindUnknown() const
    {
        return any && !contextPack.value_or(false) && !agent.value_or(false);
    }
};

struct InvocationFacts
{
    bool isLookup = false;
    bool toolFailed = false;
    QString errorMessage;
    EvidenceStatus evidenceStatus = EvidenceStatus::NotApplicable;
    FailureKind failureKind = FailureKind::None;
    EmptyCause emptyCause = EmptyCause::None;
    Truncation truncation;
    QString relevanceLevel; ///< PRECISE / REFERENCE / empty (null, or a legacy row)
    bool legacyRow = false; ///< relevance_level held something that is not a level
    QString legacyValue;
    /// retrieval_details.evidence_status as written when it is not a status RagLens knows
    /// (another writer's word); empty when it was a known one or missing.
    QString unknownStatusValue;
    /// Set when retrieval_details is valid JSON but not an object (a string, a number, an
    /// array), e.g. a writer that encoded its JSON twice; says what it holds.
    QString detailsShapeProblem;
    bool detailsMalformed = false;
    QString detailsError;
    QString searchMode;
    QString selectedAttempt;
    QString retryReason; ///< attempt-level: why the filtered attempt was retried
    QString categoryFilter;
    std::optional<int> candidateCount;
    std::optional<int> blockCount;
    std::optional<int> returnedCount;
    std::vector<DetailsAttempt> attempts;
    double usableThreshold = 0;
    std::optional<double> durationMs;
    QString verdict; ///< one sentence: why the lookup ended this way

    bool retried() const;
};

/// The words for the two truncations, the same in the card, the agent view and the CLI:
/// "context pack cut to budget · agent excerpts cut", "truncated" (a row that does not say
/// which), "complete" (both known not to have happened) or "not truncated".
QString truncationLabel(const Truncation& t);

class FactLabels
{
    Q_DECLARE_TR_FUNCTIONS(FactLabels)
};

/// Whether a call is a retrieval: its tool is lookup_knowledge, or (a row without the tool's
/// name, an older writer) its retrieval layer is L1. The one rule every view applies, the same
/// as FactSql::isLookup() in SQL.
bool isLookupCall(const TraceInvocation& inv);
InvocationFacts interpretInvocation(const TraceInvocation& inv);
/// An in-request lookup and what the agent was shown of it (the projector's output).
InvocationFacts interpretLookupResult(const LookupResult& result, const RagToolResult& agentView);

void to_json(nlohmann::json& j, const Truncation& v);
void to_json(nlohmann::json& j, const InvocationFacts& v);

} // namespace raglens::interpret
