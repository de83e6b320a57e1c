#include "interpret/invocation_facts.h"

#include "interpret/verdict.h"
#include "model/lookup_result.h"
#include "model/rag_tool_result.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

namespace raglens::interpret {

using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(InvocationFacts)
};

} // namespace

QString evidenceStatusName(EvidenceStatus s)
{
    switch (s) {
    case EvidenceStatus::NotApplicable:
        return {};
    case EvidenceStatus::Unknown:
        return QStringLiteral("UNKNOWN");
    case EvidenceStatus::EvidenceFound:
        return vocab::kEvidenceFound;
    case EvidenceStatus::NoEvidence:
        return vocab::kNoEvidence;
    case EvidenceStatus::Error:
        return vocab::kError;
    }
    return {};
}

QString failureKindName(FailureKind k)
{
    switch (k) {
    case FailureKind::None:
        return QStringLiteral("none");
    case FailureKind::ToolError:
        return QStringLiteral("tool_error");
    case FailureKind::LookupError:
        return QStringLiteral("lookup_error");
    case FailureKind::NoEvidence:
        return QStringLiteral("no_evidence");
    }
    return {};
}

std::optional<FailureKind> failureKindFromName(const QString& name)
{
    for (FailureKind k : {FailureKind::None, FailureKind::ToolError, FailureKind::LookupError,
                          FailureKind::NoEvidence})
        if (failureKindName(k) == name)
            return k;
    return std::nullopt;
}

QString emptyCauseName(EmptyCause c)
{
    switch (c) {
    case EmptyCause::None:
        return QStringLiteral("none");
    case EmptyCause::BackendReturnedNothing:
        return QStringLiteral("backend_returned_nothing");
    case EmptyCause::BelowThreshold:
        return QStringLiteral("below_threshold");
    case EmptyCause::Unknown:
        return QStringLiteral("unknown");
    }
    return {};
}

QString truncationLabel(const Truncation& t)
{
    QStringList parts;
    if (t.contextPack.value_or(false))
        parts << FactLabels::tr("context pack cut to budget");
    if (t.agent.value_or(false))
        parts << FactLabels::tr("agent excerpts cut");
    if (parts.isEmpty() && t.any)
        parts << FactLabels::tr("truncated");
    if (parts.isEmpty())
        parts << (t.contextPack && t.agent ? FactLabels::tr("complete")
                                           : FactLabels::tr("not truncated"));
    return parts.join(QStringLiteral(" · "));
}

bool InvocationFacts::retried() const
{
    return selectedAttempt == vocab::kUnfilteredVectorRetry || !retryReason.isEmpty();
}

namespace {

EvidenceStatus statusFromName(const QString& s)
{
    if (s == vocab::kEvidenceFound)
        return EvidenceStatus::EvidenceFound;
    if (s == vocab::kNoEvidence)
        return EvidenceStatus::NoEvidence;
    if (s == vocab::kError)
        return EvidenceStatus::Error;
    return EvidenceStatus::Unknown;
}

bool isUnfiltered(const DetailsAttempt& a)
{
    return a.name != vocab::kFilteredVector && a.categoryFilter.isEmpty();
}

// An unfiltered vector search over a non-empty index always returns its top candidates, so
// zero candidates there means the store answered with nothing: an environment problem, not
// a coverage one. Candidates that came back and were dropped mean the opposite.
EmptyCause emptyCauseOf(const std::vector<DetailsAttempt>& attempts)
{
    const DetailsAttempt* lastUnfiltered = nullptr;
    for (const DetailsAttempt& a : attempts)
        if (isUnfiltered(a))
            lastUnfiltered = &a;
    if (lastUnfiltered && lastUnfiltered->candidateCount && *lastUnfiltered->candidateCount == 0)
        return EmptyCause::BackendReturnedNothing;
    for (const DetailsAttempt& a : attempts)
        if (a.candidateCount.value_or(0) > 0)
            return EmptyCause::BelowThreshold;
    return EmptyCause::Unknown;
}

FailureKind failureKindOf(const InvocationFacts& f)
{
    if (f.toolFailed)
        return FailureKind::ToolError;
    if (f.evidenceStatus == EvidenceStatus::Error)
        return FailureKind::LookupError;
    if (f.evidenceStatus == EvidenceStatus::NoEvidence)
        return FailureKind::NoEvidence;
    return FailureKind::None;
}

void finish(InvocationFacts& f)
{
    f.failureKind = failureKindOf(f);
    if (f.evidenceStatus == EvidenceStatus::NoEvidence)
        f.emptyCause = emptyCauseOf(f.attempts);
    f.verdict = verdictSentence(f);
}

} // namespace

bool isLookupCall(const TraceInvocation& inv)
{
    return inv.toolName == vocab::kLookupKnowledge || inv.retrievalLayer == vocab::kLayerL1;
}

InvocationFacts interpretInvocation(const TraceInvocation& inv)
{
    InvocationFacts f;
    const RetrievalDetailsV1& d = inv.details;
    f.isLookup = isLookupCall(inv);
    f.toolFailed = !inv.success;
    f.errorMessage = inv.errorMessage;
    f.legacyRow = inv.legacyRelevanceLevel;
    f.legacyValue = inv.legacyRelevanceValue;
    f.relevanceLevel = inv.relevanceLevel;
    // A value that is not a level is a legacy row even when the reader (an imported trace,
    // a hand-built row) did not flag it: a status must never pass for a level.
    if (!f.relevanceLevel.isEmpty() && !vocab::isRelevanceLevel(f.relevanceLevel)) {
        f.legacyRow = true;
        f.legacyValue = f.relevanceLevel;
        f.relevanceLevel.clear();
    }
    f.detailsMalformed = !inv.retrievalDetailsError.isEmpty();
    f.detailsError = inv.retrievalDetailsError;
    if (const auto& held = inv.retrievalDetails; !held.is_null() && !held.is_object()) {
        const bool twice =
            held.is_string() &&
            QString::fromStdString(held.get<std::string>()).trimmed().startsWith(QLatin1Char('{'));
        f.detailsShapeProblem =
            twice ? Tr::tr("retrieval_details holds its JSON object as a string (written as JSON "
                           "twice), and RagLens reads objects only")
                  : Tr::tr("retrieval_details holds a JSON %1, not an object")
                        .arg(QString::fromLatin1(held.type_name()));
    }
    if (inv.durationMs)
        f.durationMs = double(*inv.durationMs);

    // The two truncations as the row states them; is_truncated and the old "truncated" key
    // say only that one of them happened.
    f.truncation.contextPack = d.contextPackTruncated;
    f.truncation.agent = d.agentTruncated;
    f.truncation.any = inv.truncated || d.truncated.value_or(false) ||
                       d.contextPackTruncated.value_or(false) || d.agentTruncated.value_or(false);

    if (!f.isLookup) {
        finish(f);
        return f;
    }
    f.searchMode = d.searchMode;
    f.selectedAttempt = d.selectedAttempt;
    f.retryReason = d.retryReason;
    f.categoryFilter = d.categoryFilter;
    f.candidateCount = d.evidenceCandidateCount;
    f.blockCount = d.evidenceBlockCount;
    f.returnedCount = d.returnedCount;
    f.attempts = d.attempts;
    f.usableThreshold = d.usableThreshold.value_or(LookupSettings{}.minUsableQuality);

    // Order matters and fact_sql.cpp spells the same order in SQL.
    if (f.toolFailed)
        f.evidenceStatus = EvidenceStatus::Error;
    else if (vocab::isEvidenceStatus(d.evidenceStatus))
        f.evidenceStatus = statusFromName(d.evidenceStatus);
    else if (f.legacyRow && vocab::isEvidenceStatus(f.legacyValue))
        f.evidenceStatus = statusFromName(f.legacyValue);
    else
        f.evidenceStatus = EvidenceStatus::Unknown;
    if (f.evidenceStatus == EvidenceStatus::Unknown)
        f.unknownStatusValue = d.evidenceStatus.left(80);
    finish(f);
    return f;
}

InvocationFacts interpretLookupResult(const LookupResult& r, const RagToolResult& agent)
{
    InvocationFacts f;
    const RetrievalTrace& t = r.retrievalTrace;
    f.isLookup = true;
    f.errorMessage = r.errorMessage;
    f.relevanceLevel = vocab::isRelevanceLevel(r.relevanceLevel) ? r.relevanceLevel : QString();
    f.searchMode = t.searchMode.isEmpty() ? r.settings.searchMode : t.searchMode;
    f.selectedAttempt = t.selectedAttempt;
    f.retryReason = t.fallbackReason;
    f.categoryFilter = t.queryHints.categoryFilter;
    f.candidateCount = r.evidenceCandidateCount;
    f.blockCount = int(r.evidenceBlocks.size());
    f.returnedCount = agent.returnedCount;
    f.usableThreshold = r.settings.minUsableQuality;
    f.durationMs = r.durationMs;
    for (const RetrievalAttempt& a : t.attempts)
        f.attempts.push_back({a.name, a.categoryFilter, a.candidateCount, a.usable, a.topSimilarity,
                              a.durationMs, a.errorMessage});
    f.truncation.contextPack = r.contextPack.truncated;
    f.truncation.agent = agent.truncated;
    f.truncation.any = r.contextPack.truncated || agent.truncated;
    f.evidenceStatus = vocab::isEvidenceStatus(r.evidenceStatus) ? statusFromName(r.evidenceStatus)
                                                                 : EvidenceStatus::Unknown;
    finish(f);
    return f;
}

void to_json(json& j, const Truncation& v)
{
    j = json{{"contextPack", json_util::optionalOrNull(v.contextPack)},
             {"agent", json_util::optionalOrNull(v.agent)},
             {"any", v.any},
             {"label", truncationLabel(v)}};
}

void to_json(json& j, const InvocationFacts& v)
{
    j = json{{"isLookup", v.isLookup},
             {"evidenceStatus", json_util::stringOrNull(evidenceStatusName(v.evidenceStatus))},
             {"failureKind", failureKindName(v.failureKind)},
             {"emptyCause", emptyCauseName(v.emptyCause)},
             {"truncation", v.truncation},
             {"relevanceLevel", json_util::stringOrNull(v.relevanceLevel)},
             {"legacyRow", v.legacyRow},
             {"detailsMalformed", v.detailsMalformed},
             {"selectedAttempt", json_util::stringOrNull(v.selectedAttempt)},
             {"retryReason", json_util::stringOrNull(v.retryReason)},
             {"verdict", json_util::stringOrNull(v.verdict)}};
}

} // namespace raglens::interpret
