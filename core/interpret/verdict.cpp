#include "interpret/verdict.h"

#include "interpret/invocation_facts.h"
#include "model/vocabulary.h"

#include <cmath>

namespace raglens::interpret {

QString similarityText(double v)
{
    // A similarity is a cosine, -1..1; a writer's value far outside it (1e308) is shown as
    // what it is, in a few characters, not as a 309-digit number.
    return std::abs(v) < 1e6 ? QString::number(v, 'f', 2) : QString::number(v, 'g', 3);
}

namespace {

// The filtered attempt that was retried, when the ladder shows one.
const DetailsAttempt* retriedAttempt(const InvocationFacts& f)
{
    for (size_t i = 1; i < f.attempts.size(); ++i)
        if (f.attempts[i].name == vocab::kUnfilteredVectorRetry &&
            (f.attempts[i - 1].name == vocab::kFilteredVector ||
             !f.attempts[i - 1].categoryFilter.isEmpty()))
            return &f.attempts[i - 1];
    return nullptr;
}

QString retrySentence(const InvocationFacts& f, const DetailsAttempt& filtered)
{
    const QString filter =
        filtered.categoryFilter.isEmpty() ? Verdict::tr("a category") : filtered.categoryFilter;
    if (!filtered.errorMessage.isEmpty())
        return Verdict::tr("The filtered attempt (%1) failed (%2), so the lookup retried without "
                           "the filter.")
            .arg(filter, filtered.errorMessage);
    if (filtered.candidateCount.value_or(-1) == 0 || f.retryReason == vocab::kFilteredNoEvidence)
        return Verdict::tr("The filtered attempt (%1) found nothing, so the lookup retried "
                           "without the filter.")
            .arg(filter);
    // The row may have been judged by another threshold than the one known here: claim
    // "under the threshold" only when it is.
    if (filtered.topSimilarity && *filtered.topSimilarity < f.usableThreshold)
        return Verdict::tr("The filtered attempt (%1) was not usable — top similarity %2 under "
                           "the threshold %3 — so the lookup retried without the filter.")
            .arg(filter, similarityText(*filtered.topSimilarity),
                 similarityText(f.usableThreshold));
    return Verdict::tr("The filtered attempt (%1) was not usable, so the lookup retried without "
                       "the filter.")
        .arg(filter);
}

QString noEvidenceSentence(const InvocationFacts& f, const DetailsAttempt* last)
{
    switch (f.emptyCause) {
    case EmptyCause::BackendReturnedNothing:
        return Verdict::tr("The unfiltered search returned no candidates at all: the search "
                           "backend returned nothing. Suspect the vector store, its collection "
                           "or the environment, not the knowledge base's coverage; a replay "
                           "against a local knowledge base tells the two apart.");
    case EmptyCause::BelowThreshold:
        // Candidates came back and were dropped: the knowledge base has nothing close enough.
        if (last && last->topSimilarity && *last->topSimilarity < f.usableThreshold)
            return Verdict::tr("Its best candidate scored %1, under the usable threshold %2, and "
                               "nothing passed the minimum evidence quality: NO_EVIDENCE.")
                .arg(similarityText(*last->topSimilarity), similarityText(f.usableThreshold));
        if (last && last->topSimilarity)
            return Verdict::tr("Its best candidate scored %1, and nothing passed the minimum "
                               "evidence quality: NO_EVIDENCE.")
                .arg(similarityText(*last->topSimilarity));
        return Verdict::tr("Nothing passed the minimum evidence quality: NO_EVIDENCE.");
    case EmptyCause::Unknown:
    case EmptyCause::None:
        break;
    }
    return Verdict::tr("The lookup found no evidence (NO_EVIDENCE); the row does not record "
                       "its attempts, so whether the backend or the coverage is to blame is "
                       "unknown.");
}

QString truncationSentence(const Truncation& t)
{
    QStringList parts;
    if (t.contextPack.value_or(false))
        parts << Verdict::tr("The context pack was cut to its character budget.");
    if (t.agent.value_or(false))
        parts << Verdict::tr("The agent was given shortened excerpts or fewer blocks than were "
                             "found.");
    // Older rows say only that something was cut, not which way: the finding says so too.
    if (parts.isEmpty() && t.any)
        parts << Verdict::tr("The evidence was truncated (the row does not say which way).");
    return parts.join(QLatin1Char(' '));
}

} // namespace

QString verdictSentence(const InvocationFacts& f)
{
    if (f.toolFailed)
        return f.errorMessage.isEmpty()
                   ? Verdict::tr("The tool call failed without an error message.")
                   : Verdict::tr("The tool call failed: %1").arg(f.errorMessage);
    if (!f.isLookup)
        return {};
    if (f.detailsMalformed)
        return Verdict::tr("The stored retrieval details are not valid JSON, so the attempts "
                           "cannot be shown; read the raw text in the retrieval_details tab.");
    if (f.evidenceStatus == EvidenceStatus::Error)
        return f.errorMessage.isEmpty()
                   ? Verdict::tr("The lookup reported ERROR without an error message.")
                   : Verdict::tr("The lookup reported ERROR: %1").arg(f.errorMessage);

    QStringList out;
    if (const DetailsAttempt* filtered = retriedAttempt(f))
        out << retrySentence(f, *filtered);
    const DetailsAttempt* last = nullptr;
    for (auto it = f.attempts.rbegin(); it != f.attempts.rend() && !last; ++it)
        if (it->name == f.selectedAttempt)
            last = &*it;
    if (!last && !f.attempts.empty())
        last = &f.attempts.back();

    switch (f.evidenceStatus) {
    case EvidenceStatus::NoEvidence:
        out << noEvidenceSentence(f, last);
        break;
    case EvidenceStatus::EvidenceFound: {
        const QString level = f.legacyRow                  ? Verdict::tr("unknown (legacy row)")
                              : f.relevanceLevel.isEmpty() ? Verdict::tr("none")
                                                           : f.relevanceLevel;
        const QString top = last && last->topSimilarity ? similarityText(*last->topSimilarity)
                                                        : Verdict::tr("unknown");
        const QString name = last ? last->name : Verdict::tr("The lookup");
        out << Verdict::tr("%1 returned evidence (top similarity %2); relevance %3.")
                   .arg(name, top, level);
        break;
    }
    case EvidenceStatus::Unknown:
        if (!f.detailsShapeProblem.isEmpty()) {
            out << Verdict::tr("The row's evidence status cannot be read: %1.")
                       .arg(f.detailsShapeProblem);
            break;
        }
        out << (f.unknownStatusValue.isEmpty()
                    ? Verdict::tr("The row records no evidence status, so what the agent was "
                                  "given is unknown.")
                    : Verdict::tr("The row records the evidence status '%1', which is not one "
                                  "RagLens knows (EVIDENCE_FOUND, NO_EVIDENCE, ERROR), so what "
                                  "the agent was given is unknown.")
                          .arg(f.unknownStatusValue));
        break;
    case EvidenceStatus::Error:
    case EvidenceStatus::NotApplicable:
        break;
    }
    const QString cut = truncationSentence(f.truncation);
    if (!cut.isEmpty())
        out << cut;
    return out.join(QLatin1Char(' ')).trimmed();
}

} // namespace raglens::interpret
