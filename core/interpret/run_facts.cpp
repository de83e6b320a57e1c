#include "interpret/run_facts.h"

#include "model/row_id.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

#include <algorithm>

namespace raglens::interpret {

using nlohmann::json;

QString fallbackCauseName(FallbackCauseKind k)
{
    switch (k) {
    case FallbackCauseKind::NotFallback:
        return QStringLiteral("not_fallback");
    case FallbackCauseKind::ToolError:
        return QStringLiteral("tool_error");
    case FallbackCauseKind::LookupError:
        return QStringLiteral("lookup_error");
    case FallbackCauseKind::NoEvidence:
        return QStringLiteral("no_evidence");
    case FallbackCauseKind::WeakEvidence:
        return QStringLiteral("weak_evidence");
    case FallbackCauseKind::NoLookup:
        return QStringLiteral("no_lookup");
    case FallbackCauseKind::Unrecorded:
        return QStringLiteral("unrecorded");
    }
    return {};
}

QString fallbackCauseLabel(FallbackCauseKind k)
{
    switch (k) {
    case FallbackCauseKind::NotFallback:
        return {};
    case FallbackCauseKind::ToolError:
        return RunFacts::tr("tool error");
    case FallbackCauseKind::LookupError:
        return RunFacts::tr("lookup error");
    case FallbackCauseKind::NoEvidence:
        return RunFacts::tr("no evidence");
    case FallbackCauseKind::WeakEvidence:
        return RunFacts::tr("weak evidence");
    case FallbackCauseKind::NoLookup:
        return RunFacts::tr("no lookup");
    case FallbackCauseKind::Unrecorded:
        return RunFacts::tr("no recorded cause");
    }
    return {};
}

bool isFallbackRun(const TraceRun& run)
{
    // Runs come from decoders and from hand-filled rows (health): spelt either way.
    return vocab::canonicalWord(run.releaseOutcome, vocab::releaseOutcomes()) == vocab::kFallback ||
           vocab::canonicalWord(run.contentType, vocab::contentTypes()) == vocab::kSafeFallback;
}

QString runOutcome(const TraceRun& run)
{
    return isFallbackRun(run) ? QString(vocab::kFallback)
                              : vocab::canonicalWord(run.releaseOutcome, vocab::releaseOutcomes());
}

namespace {

QString callName(const InterpretedCall& c)
{
    return RunFacts::tr("%1 (#%2)").arg(c.toolName, row_id::shown(c.id, c.idText));
}

/// A count for QString::arg's one-pass form: chained arg() calls would also replace
/// markers inside a recorded reason read from the database ("%2").
QString n(int count)
{
    return QString::number(count);
}

/// What the run's lookups found, counted for a fallback nothing explains.
struct LookupTally
{
    int relevant = 0;   ///< evidence with a relevance level
    int weak = 0;       ///< evidence without a relevance level
    int errors = 0;     ///< status ERROR
    int unreadable = 0; ///< status UNKNOWN: details missing or not readable
};

/// The unexplained fallback in facts that are all true of the run: the plain sentence when
/// every lookup found relevant evidence and no call failed, else what each count was.
QString unrecordedSentence(const RunFallbackCause& c, const LookupTally& t, const QString& reason)
{
    if (c.failedCalls == 0 && t.relevant == c.lookups)
        return RunFacts::tr("The run fell back%1, but nothing recorded explains it: its lookups "
                            "found relevant evidence and no call failed.")
            .arg(reason);
    return RunFacts::tr("The run fell back%1, and nothing recorded explains it for certain: of "
                        "its %2 lookups, %3 found relevant evidence, %4 found evidence without "
                        "a relevance level, %5 found none, %6 reported an error and %7 could not "
                        "be read; %8 of its calls failed.")
        .arg(reason, n(c.lookups), n(t.relevant), n(t.weak), n(c.noEvidenceLookups), n(t.errors),
             n(t.unreadable), n(c.failedCalls));
}

QString sentenceFor(const RunFallbackCause& c, const LookupTally& tally, const QString& call)
{
    const QString reason = c.recordedReason.isEmpty()
                               ? QString()
                               : RunFacts::tr(" (recorded as %1)").arg(c.recordedReason);
    switch (c.kind) {
    case FallbackCauseKind::NotFallback:
        return {};
    case FallbackCauseKind::ToolError:
        return c.errorMessage.isEmpty()
                   ? RunFacts::tr("The run fell back%1 because the tool call %2 failed.")
                         .arg(reason, call)
                   : RunFacts::tr("The run fell back%1 because the tool call %2 failed: %3")
                         .arg(reason, call, c.errorMessage);
    case FallbackCauseKind::LookupError:
        return RunFacts::tr("The run fell back%1 because the lookup %2 reported an error.")
            .arg(reason, call);
    case FallbackCauseKind::NoEvidence:
        return RunFacts::tr("The run fell back%1 because its lookups found no evidence (%2 of "
                            "%3 with NO_EVIDENCE).")
            .arg(reason, n(c.noEvidenceLookups), n(c.lookups));
    case FallbackCauseKind::WeakEvidence:
        return RunFacts::tr("The run fell back%1 because its lookups found only evidence "
                            "without a relevance level (neither PRECISE nor REFERENCE).")
            .arg(reason);
    case FallbackCauseKind::NoLookup:
        return RunFacts::tr("The run fell back%1 without any lookup: it made no "
                            "lookup_knowledge call, so it had no evidence.")
            .arg(reason);
    case FallbackCauseKind::Unrecorded:
        return unrecordedSentence(c, tally, reason);
    }
    return {};
}

/// callBefore() on what a call and an InterpretedCall both carry.
bool madeBefore(const QDateTime& aAt, qint64 aId, const QString& aIdText, const QDateTime& bAt,
                qint64 bId, const QString& bIdText)
{
    if (aAt.isValid() != bAt.isValid())
        return aAt.isValid();
    if (aAt.isValid() && aAt != bAt)
        return aAt < bAt;
    return row_id::less(aId, aIdText, bId, bIdText);
}

} // namespace

bool callBefore(const TraceInvocation& a, const TraceInvocation& b)
{
    return madeBefore(a.createdAt, a.id, a.idText, b.createdAt, b.id, b.idText);
}

bool eventBefore(const TraceEvent& a, const TraceEvent& b)
{
    return madeBefore(a.createdAt, a.id, a.idText, b.createdAt, b.id, b.idText);
}

RunFallbackCause runFallbackCause(const TraceRun& run, const std::vector<InterpretedCall>& given)
{
    // The culprit is the first call of its kind in the one call order, not in the order a
    // view happened to list them (the tree lists by id, the trace by time).
    std::vector<const InterpretedCall*> ordered;
    ordered.reserve(given.size());
    for (const InterpretedCall& call : given)
        ordered.push_back(&call);
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto* a, const auto* b) {
        return madeBefore(a->createdAt, a->id, a->idText, b->createdAt, b->id, b->idText);
    });
    RunFallbackCause c;
    c.recordedReason = run.fallbackReason;
    const InterpretedCall* firstFailed = nullptr;
    const InterpretedCall* failedLookup = nullptr;
    const InterpretedCall* lookupError = nullptr;
    LookupTally tally;
    bool anyEvidence = false;
    for (const InterpretedCall* at : ordered) {
        const InterpretedCall& call = *at;
        const InvocationFacts& f = call.facts;
        if (f.toolFailed) {
            ++c.failedCalls;
            if (!firstFailed)
                firstFailed = &call;
            if (f.isLookup && !failedLookup)
                failedLookup = &call;
        }
        if (!f.isLookup)
            continue;
        ++c.lookups;
        if (f.evidenceStatus == EvidenceStatus::NoEvidence)
            ++c.noEvidenceLookups;
        if (f.failureKind == FailureKind::LookupError && !lookupError)
            lookupError = &call;
        if (f.evidenceStatus == EvidenceStatus::Unknown)
            ++tally.unreadable;
        if (f.evidenceStatus == EvidenceStatus::Error)
            ++tally.errors;
        if (f.evidenceStatus == EvidenceStatus::EvidenceFound) {
            anyEvidence = true;
            ++(f.relevanceLevel.isEmpty() ? tally.weak : tally.relevant);
        }
    }
    if (!isFallbackRun(run))
        return c;

    // The most specific explanation first: a failed lookup, then what the lookups found,
    // then (without any lookup) a failed call of another tool.
    const InterpretedCall* culprit = nullptr;
    if (failedLookup) {
        c.kind = FallbackCauseKind::ToolError;
        culprit = failedLookup;
    } else if (c.lookups > 0 && tally.relevant > 0) {
        c.kind = FallbackCauseKind::Unrecorded;
    } else if (c.noEvidenceLookups > 0) {
        c.kind = FallbackCauseKind::NoEvidence;
    } else if (lookupError) {
        c.kind = FallbackCauseKind::LookupError;
        culprit = lookupError;
    } else if (anyEvidence) {
        c.kind = FallbackCauseKind::WeakEvidence;
    } else if (c.lookups == 0 && firstFailed) {
        c.kind = FallbackCauseKind::ToolError;
        culprit = firstFailed;
    } else if (c.lookups == 0) {
        c.kind = FallbackCauseKind::NoLookup;
    } else {
        c.kind = FallbackCauseKind::Unrecorded;
    }
    if (culprit) {
        c.invocationId = culprit->id;
        c.invocationIdText = culprit->idText;
        c.toolName = culprit->toolName;
        c.errorMessage = culprit->facts.errorMessage;
    }
    c.sentence = sentenceFor(c, tally, culprit ? callName(*culprit) : QString());
    return c;
}

RunFallbackCause runFallbackCause(const TraceRun& run,
                                  const std::vector<TraceInvocation>& invocations)
{
    std::vector<InterpretedCall> calls;
    calls.reserve(invocations.size());
    for (const TraceInvocation& inv : invocations)
        if (inv.runId == run.runId)
            calls.push_back(
                {inv.id, inv.toolName, interpretInvocation(inv), inv.idText, inv.createdAt});
    return runFallbackCause(run, calls);
}

std::optional<qint64> mostTellingCall(const std::vector<TraceInvocation>& invocations,
                                      const RunFallbackCause& cause)
{
    // The call the cause names, when it is among these (a step shows only its own calls).
    if (cause.invocationId &&
        std::any_of(invocations.begin(), invocations.end(),
                    [&](const TraceInvocation& inv) { return inv.id == *cause.invocationId; }))
        return cause.invocationId;
    const TraceInvocation* best = nullptr;
    int bestRank = 0;
    for (const TraceInvocation& inv : invocations) {
        const InvocationFacts f = interpretInvocation(inv);
        if (!f.isLookup)
            continue;
        const int rank = f.failureKind != FailureKind::None ? 3 : f.retried() ? 2 : 1;
        // Among equals the first in the call order, whatever order the view listed them in.
        if (rank > bestRank || (rank == bestRank && callBefore(inv, *best))) {
            best = &inv;
            bestRank = rank;
        }
    }
    return best ? std::optional<qint64>(best->id) : std::nullopt;
}

const QStringList& sessionOutcomePrecedence()
{
    static const QStringList order = {vocab::kFallback, vocab::kOutcomeError, vocab::kSuccess};
    return order;
}

SessionOutcome sessionOutcome(const std::vector<QString>& runOutcomes)
{
    SessionOutcome s;
    s.runs = int(runOutcomes.size());
    for (const QString& outcome : sessionOutcomePrecedence()) {
        const int n = int(std::count(runOutcomes.begin(), runOutcomes.end(), outcome));
        if (n > 0) {
            s.outcome = outcome;
            s.matchingRuns = n;
            break;
        }
    }
    return s;
}

SessionOutcome sessionOutcome(const std::vector<TraceRun>& runs)
{
    std::vector<QString> outcomes;
    for (const TraceRun& run : runs)
        if (!run.orphan)
            outcomes.push_back(runOutcome(run));
    return sessionOutcome(outcomes);
}

SessionOutcome sessionOutcomeFromCounts(int runs, int fallbackRuns, int errorRuns, int successRuns)
{
    SessionOutcome s;
    s.runs = runs;
    const int counts[] = {fallbackRuns, errorRuns, successRuns};
    for (int i = 0; i < 3; ++i)
        if (counts[i] > 0) {
            s.outcome = sessionOutcomePrecedence().at(i);
            s.matchingRuns = counts[i];
            break;
        }
    return s;
}

QString SessionOutcome::label() const
{
    if (outcome.isEmpty() || runs <= 1)
        return outcome;
    return RunFacts::tr("%1 · %2 of %n runs", nullptr, runs).arg(outcome).arg(matchingRuns);
}

void to_json(json& j, const RunFallbackCause& v)
{
    j = json{{"kind", fallbackCauseName(v.kind)},
             {"recordedReason", json_util::stringOrNull(v.recordedReason)},
             {"invocationId", row_id::toJson(v.invocationId, v.invocationIdText)},
             {"toolName", json_util::stringOrNull(v.toolName)},
             {"errorMessage", json_util::stringOrNull(v.errorMessage)},
             {"lookups", v.lookups},
             {"noEvidenceLookups", v.noEvidenceLookups},
             {"failedCalls", v.failedCalls},
             {"sentence", json_util::stringOrNull(v.sentence)}};
}

void to_json(json& j, const SessionOutcome& v)
{
    j = json{{"outcome", json_util::stringOrNull(v.outcome)},
             {"runs", v.runs},
             {"matchingRuns", v.matchingRuns},
             {"label", json_util::stringOrNull(v.label())}};
}

} // namespace raglens::interpret
