#include "attempts/attempt_timeline_data.h"

#include "model/lookup_result.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

#include <cmath>

namespace raglens::ui {

using nlohmann::json;

namespace {

// Audit rows come from systems we do not control: numbers may be strings, negative, NaN.
std::optional<double> numberField(const json& o, const char* key)
{
    if (!o.is_object())
        return std::nullopt;
    auto it = o.find(key);
    if (it == o.end())
        return std::nullopt;
    double v = 0;
    if (it->is_number())
        v = it->get<double>();
    else if (it->is_string()) {
        bool ok = false;
        v = QString::fromStdString(it->get<std::string>()).toDouble(&ok);
        if (!ok)
            return std::nullopt;
    } else
        return std::nullopt;
    if (!std::isfinite(v))
        return std::nullopt;
    return v;
}

QString stringField(const json& o, const char* key)
{
    if (!o.is_object())
        return {};
    auto it = o.find(key);
    if (it == o.end())
        return {};
    if (it->is_string())
        return QString::fromStdString(it->get<std::string>());
    if (it->is_number() || it->is_boolean())
        return QString::fromStdString(it->dump());
    return {};
}

bool boolField(const json& o, const char* key)
{
    if (!o.is_object())
        return false;
    auto it = o.find(key);
    if (it == o.end())
        return false;
    if (it->is_boolean())
        return it->get<bool>();
    if (it->is_string()) {
        const QString s = QString::fromStdString(it->get<std::string>()).toLower();
        return s == QLatin1String("true") || s == QLatin1String("1");
    }
    if (it->is_number())
        return it->get<double>() != 0;
    return false;
}

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
                      : ms < 10 ? QString::number(ms, 'f', 1)
                                : QString::number(ms, 'f', 0);
    return QCoreApplication::translate("AttemptTimelineWidget", "%1 ms").arg(n);
}

double AttemptTimeline::totalMs() const
{
    double total = 0;
    for (const AttemptBar& a : attempts)
        total = std::max(total, a.startMs + a.durationMs);
    return total;
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

AttemptTimeline AttemptTimeline::fromRetrievalDetails(const json& details)
{
    AttemptTimeline t;
    // rag_lookup_v1 does not persist the threshold; the engine default is the best guess.
    t.usableThreshold = LookupSettings{}.minUsableQuality;
    if (!details.is_object())
        return t;
    t.selectedAttempt = stringField(details, "selected_attempt");
    t.fallbackReason = stringField(details, "fallback_reason");
    if (auto th = numberField(details, "usable_threshold"))
        t.usableThreshold = *th;
    else if (auto th2 = numberField(details, "min_usable_quality"))
        t.usableThreshold = *th2;
    auto it = details.find("attempts");
    if (it == details.end() || !it->is_array())
        return t;
    double start = 0;
    for (const json& a : *it) {
        if (!a.is_object())
            continue; // garbage entry: skip it rather than invent an attempt
        AttemptBar bar;
        bar.name = stringField(a, "name");
        bar.categoryFilter = stringField(a, "category_filter");
        bar.durationMs = std::max(0.0, numberField(a, "duration_ms").value_or(0));
        bar.candidateCount = int(std::max(0.0, numberField(a, "candidate_count").value_or(0)));
        bar.topSimilarity = numberField(a, "top_similarity");
        bar.topScore = numberField(a, "top_score");
        bar.usable = boolField(a, "usable");
        bar.errorMessage = stringField(a, "error_message");
        bar.startMs = start;
        start += bar.durationMs;
        t.attempts.push_back(std::move(bar));
    }
    return t;
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
