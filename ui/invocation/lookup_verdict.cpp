#include "invocation/lookup_verdict.h"

#include "attempts/attempt_timeline_data.h"
#include "invocation/summary_facts.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

namespace raglens::ui {

static QString tr(const char* text)
{
    return QCoreApplication::translate("LookupVerdict", text);
}

static QString num(double v)
{
    return QString::number(v, 'f', 2);
}

QString lookupVerdict(const SummaryFacts& f, const AttemptTimeline& t)
{
    if (!f.isRetrieval)
        return {};
    if (!f.success)
        return f.errorMessage.isEmpty() ? tr("The lookup failed without an error message.")
                                        : tr("The lookup failed: %1").arg(f.errorMessage);
    if (!f.malformedError.isEmpty())
        return tr("The stored retrieval details are not valid JSON, so the attempts cannot be "
                  "shown; read the raw text in the retrieval_details tab.");
    if (t.attempts.empty())
        return {};

    QString out;
    const auto retry = t.retryPair();
    if (retry) {
        const AttemptBar& failed = t.attempts[size_t(retry->first)];
        const QString filter =
            failed.categoryFilter.isEmpty() ? tr("a category") : failed.categoryFilter;
        if (failed.candidateCount == 0 || t.fallbackReason == vocab::kFilteredNoEvidence)
            out = tr("The filtered attempt (%1) found nothing, so the lookup retried without the "
                     "filter.")
                      .arg(filter);
        else if (failed.topSimilarity)
            out = tr("The filtered attempt (%1) was not usable — top similarity %2 under the "
                     "threshold %3 — so the lookup retried without the filter.")
                      .arg(filter, num(*failed.topSimilarity), num(t.usableThreshold));
        else
            out = tr("The filtered attempt (%1) was not usable, so the lookup retried without "
                     "the filter.")
                      .arg(filter);
        out += QLatin1Char(' ');
    }

    const int selected = t.selectedIndex() >= 0 ? t.selectedIndex() : int(t.attempts.size()) - 1;
    const AttemptBar& last = t.attempts[size_t(selected)];
    if (f.evidenceStatus == vocab::kNoEvidence) {
        int candidates = 0;
        for (const AttemptBar& a : t.attempts)
            candidates += a.candidateCount;
        if (candidates == 0)
            out += tr("No attempt found any candidate: the knowledge base has nothing close to "
                      "this query.");
        else if (last.topSimilarity)
            out += tr("Its best candidate scored %1, under the usable threshold %2, and nothing "
                      "passed the minimum evidence quality: NO_EVIDENCE.")
                       .arg(num(*last.topSimilarity), num(t.usableThreshold));
        else
            out += tr("Nothing passed the minimum evidence quality: NO_EVIDENCE.");
    } else if (f.evidenceStatus == vocab::kEvidenceFound) {
        out += tr("%1 returned evidence (top similarity %2); relevance %3.")
                   .arg(last.name, last.topSimilarity ? num(*last.topSimilarity) : tr("unknown"),
                        f.legacyRow                  ? tr("unknown (legacy row)")
                        : f.relevanceLevel.isEmpty() ? tr("none")
                                                     : f.relevanceLevel);
        if (f.truncated.value_or(false))
            out += QLatin1Char(' ') + tr("The evidence was truncated for the agent.");
    }
    return out.trimmed();
}

} // namespace raglens::ui
