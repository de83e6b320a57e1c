#pragma once
// Why a run fell back, and what a session's runs add up to.
//
// Two different things were both called "fallback reason"; RagLens names them apart:
//  - the *retry reason* of one lookup (retrieval_details.fallback_reason:
//    filtered_vector_no_evidence / filtered_vector_low_quality) says why a filtered attempt
//    was retried without its filter — see InvocationFacts::retryReason;
//  - the *fallback cause* of a run says why the run released a safe fallback instead of a
//    report (release_outcome FALLBACK, content_type SAFE_FALLBACK, diagnosis_run.
//    fallback_reason such as INSUFFICIENT_EVIDENCE), explained from its invocations.

#include "interpret/invocation_facts.h"

#include <QCoreApplication>

namespace raglens::interpret {

enum class FallbackCauseKind
{
    NotFallback,  ///< the run did not fall back
    ToolError,    ///< a tool call failed (the lookup itself, or the run made no lookup)
    LookupError,  ///< a lookup ran and reported ERROR
    NoEvidence,   ///< its lookups found no evidence
    WeakEvidence, ///< evidence was found but none of it relevant (no PRECISE / REFERENCE)
    NoLookup,     ///< the run made no lookup, so it had no evidence
    Unrecorded    ///< nothing recorded explains it (e.g. relevant evidence was found)
};
QString fallbackCauseName(FallbackCauseKind k);  ///< not_fallback, tool_error, ...
QString fallbackCauseLabel(FallbackCauseKind k); ///< short translated words: "tool error", ...

struct RunFallbackCause
{
    FallbackCauseKind kind = FallbackCauseKind::NotFallback;
    QString recordedReason; ///< diagnosis_run.fallback_reason as written (INSUFFICIENT_EVIDENCE)
    std::optional<qint64> invocationId; ///< the call that explains it, when one does
    QString invocationIdText;           ///< its stored text, for a text id (row_id)
    QString toolName;
    QString errorMessage;
    int lookups = 0;
    int noEvidenceLookups = 0;
    int failedCalls = 0;
    QString sentence; ///< translated explanation; empty when the run did not fall back
};

/// Whether a run released a fallback: release_outcome FALLBACK or content_type SAFE_FALLBACK.
bool isFallbackRun(const TraceRun& run);
/// The outcome a run counts under in every view (lists, filters, session outcome, health):
/// FALLBACK when it fell back, else its release_outcome as recorded. A run whose
/// content_type is SAFE_FALLBACK fell back whatever its release_outcome says.
QString runOutcome(const TraceRun& run);

/// The one order of a run's calls that every view follows, so that "the first failed call"
/// is the same call in the tree, the trace, `diagnose` and the report: by created_at (calls
/// without a readable time after those with one), then by id as the store orders ids
/// (row_id::less). Views that list calls in another order still name the same culprit.
bool callBefore(const TraceInvocation& a, const TraceInvocation& b);
/// Timeline events in the same order: by the instant they were written (whatever form the
/// store spelled it in: SQL's ORDER BY compares the text, and '2026-11-25 08:05' sorts
/// before '2026-11-25T07:00'), events without a time after those with one, then by id.
bool eventBefore(const TraceEvent& a, const TraceEvent& b);

/// `invocations` are the run's own, in any order (callBefore() decides which comes first);
/// other runs' rows are ignored.
RunFallbackCause runFallbackCause(const TraceRun& run,
                                  const std::vector<TraceInvocation>& invocations);
/// The same from facts already interpreted (ids, tool names and times alongside).
struct InterpretedCall
{
    qint64 id = 0;
    QString toolName;
    InvocationFacts facts;
    QString idText; ///< the stored text of a text id (row_id)
    QDateTime createdAt;
};
RunFallbackCause runFallbackCause(const TraceRun& run, const std::vector<InterpretedCall>& calls);

/// The call that explains a run best, to open first: the call its fallback cause names,
/// else a failed or empty lookup, else a retry, else the first lookup (first by callBefore(),
/// whatever the order of `invocations`); nullopt without any.
std::optional<qint64> mostTellingCall(const std::vector<TraceInvocation>& invocations,
                                      const RunFallbackCause& cause);

/// A session's outcome over all its runs: FALLBACK when any run fell back, else ERROR when
/// any errored, else SUCCESS when any succeeded; empty while no run has finished.
struct SessionOutcome
{
    QString outcome;
    int runs = 0;
    int matchingRuns = 0; ///< runs with that outcome
    /// "FALLBACK · 1 of 2 runs"; just the outcome for a single run.
    QString label() const;
};
/// Release outcomes in precedence order, the one list SQL and C++ both use.
const QStringList& sessionOutcomePrecedence();
SessionOutcome sessionOutcome(const std::vector<QString>& runOutcomes);
/// The same over a trace's runs, each by runOutcome(); orphan placeholders (calls without
/// a run row) have no outcome and are not counted.
SessionOutcome sessionOutcome(const std::vector<TraceRun>& runs);
SessionOutcome sessionOutcomeFromCounts(int runs, int fallbackRuns, int errorRuns, int successRuns);

void to_json(nlohmann::json& j, const RunFallbackCause& v);
void to_json(nlohmann::json& j, const SessionOutcome& v);

class RunFacts
{
    Q_DECLARE_TR_FUNCTIONS(RunFacts)
};

} // namespace raglens::interpret
