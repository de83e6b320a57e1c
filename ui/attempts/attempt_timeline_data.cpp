#include "attempts/attempt_timeline_data.h"

#include "common/display_format.h"

#include "model/lookup_result.h"
#include "model/retrieval_details.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

#include <cmath>

namespace raglens::ui {

using nlohmann::json;

namespace {

bool isFiltered(const AttemptBar& bar)
{
    return bar.name == vocab::kFilteredVector || !bar.categoryFilter.isEmpty();
}

bool isRetry(const AttemptBar& bar)
{
    return bar.name == vocab::kUnfilteredVectorRetry;
}

} // namespace

QString formatDurationMs(double ms)
{
    if (ms <= 0)
        return QCoreApplication::translate("AttemptTimelineWidget", "< 1 ms");
    const QString n = ms < 1    ? QString::number(ms, 'g', 2)
                      : ms < 10 ? displayNumber(ms, 1)
                                : displayNumber(ms, 0);
    return QCoreApplication::translate("AttemptTimelineWidget", "%1 ms").arg(n);
}

double AttemptTimeline::totalMs() const
{
    double total = 0;
    for (const AttemptBar& a : attempts)
        total = std::max(total, a.startMs + a.durationMs);
    return total > 0 ? std::max(total, scaleMs) : total;
}

int AttemptTimeline::selectedIndex() const
{
    if (selectedAttempt.isEmpty())
        return -1;
    // The last attempt with that name: a retry ladder never repeats names, but be safe.
    for (int i = int(attempts.size()) - 1; i >= 0; --i)
        if (attempts[size_t(i)].name == selectedAttempt)
            return i;
    return -1;
}

std::optional<std::pair<int, int>> AttemptTimeline::retryPair() const
{
    for (size_t i = 1; i < attempts.size(); ++i) {
        const AttemptBar& prev = attempts[i - 1];
        const AttemptBar& cur = attempts[i];
        const bool prevFailed = !prev.usable || !prev.errorMessage.isEmpty();
        if (isRetry(cur) && isFiltered(prev) && prevFailed)
            return std::make_pair(int(i - 1), int(i));
    }
    return std::nullopt;
}

AttemptTimeline AttemptTimeline::fromDetails(const RetrievalDetailsV1& d)
{
    AttemptTimeline t;
    // Older rows do not record the threshold; the engine default is the best guess then.
    t.usableThreshold = d.usableThreshold.value_or(LookupSettings{}.minUsableQuality);
    t.selectedAttempt = d.selectedAttempt;
    t.fallbackReason = d.retryReason;
    double start = 0;
    for (const DetailsAttempt& a : d.attempts) {
        AttemptBar bar;
        bar.name = a.name;
        bar.categoryFilter = a.categoryFilter;
        bar.durationMs = std::max(0.0, a.durationMs.value_or(0));
        bar.candidateCount = a.candidateCount.value_or(0);
        bar.topSimilarity = a.topSimilarity;
        bar.usable = a.usable.value_or(false);
        bar.errorMessage = a.errorMessage;
        bar.startMs = start;
        start += bar.durationMs;
        t.attempts.push_back(std::move(bar));
    }
    return t;
}

AttemptTimeline AttemptTimeline::fromRetrievalDetails(const json& details)
{
    return fromDetails(RetrievalDetailsV1::fromJson(details));
}

AttemptTimeline AttemptTimeline::fromLookupResult(const LookupResult& result)
{
    AttemptTimeline t;
    t.selectedAttempt = result.retrievalTrace.selectedAttempt;
    t.fallbackReason = result.retrievalTrace.fallbackReason;
    t.usableThreshold = result.settings.minUsableQuality;
    t.hasCandidates = true;
    double start = 0;
    for (const RetrievalAttempt& a : result.retrievalTrace.attempts) {
        AttemptBar bar;
        bar.name = a.name;
        bar.categoryFilter = a.categoryFilter;
        bar.durationMs = std::isfinite(a.durationMs) ? std::max(0.0, a.durationMs) : 0.0;
        bar.candidateCount = a.candidateCount;
        bar.topSimilarity = a.topSimilarity;
        bar.topScore = a.topScore;
        bar.usable = a.usable;
        bar.errorMessage = a.errorMessage;
        bar.startMs = start;
        start += bar.durationMs;
        for (const AttemptCandidate& c : a.candidates)
            bar.candidates.push_back(
                {c.evidenceKey, c.source, c.score, c.quality, c.rank, c.denseScore, c.bm25Score});
        t.attempts.push_back(std::move(bar));
    }
    return t;
}

} // namespace raglens::ui
