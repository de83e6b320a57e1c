#include "eval/eval_metrics.h"

#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace raglens {

using nlohmann::json;

CaseOutcome CaseOutcome::fromLookupResult(const LookupResult& r, double latencyMs)
{
    CaseOutcome o;
    for (const EvidenceBlock& b : r.evidenceBlocks) {
        o.evidenceKeys << b.evidenceKey;
        o.sources << b.source;
    }
    o.evidenceStatus = r.evidenceStatus;
    o.selectedAttempt = r.retrievalTrace.selectedAttempt;
    o.fallbackReason = r.retrievalTrace.fallbackReason;
    o.relevanceLevel = r.relevanceLevel;
    o.categoryFilter = r.retrievalTrace.queryHints.categoryFilter;
    o.errorMessage = r.errorMessage;
    o.topQuality = r.bestQuality();
    o.latencyMs = latencyMs;
    return o;
}

namespace metrics {

QStringList distinct(const QStringList& items)
{
    QStringList out;
    QSet<QString> seen;
    for (const QString& s : items)
        if (!seen.contains(s)) {
            seen.insert(s);
            out << s;
        }
    return out;
}

QStringList rankedItems(const EvalCase& c, const CaseOutcome& o, int k)
{
    QStringList list = c.usesEvidenceKeys() ? distinct(o.evidenceKeys) : distinct(o.sources);
    if (k > 0 && list.size() > k)
        list = list.mid(0, k);
    return list;
}

std::optional<int> firstHitRank(const QStringList& ranked, const QStringList& expected)
{
    for (int i = 0; i < ranked.size(); ++i)
        if (expected.contains(ranked.at(i)))
            return i + 1;
    return std::nullopt;
}

double recall(const QStringList& ranked, const QStringList& expected)
{
    const QStringList wanted = distinct(expected);
    if (wanted.isEmpty())
        return 0;
    int found = 0;
    for (const QString& e : wanted)
        found += ranked.contains(e) ? 1 : 0;
    return double(found) / double(wanted.size());
}

double ndcg(const QStringList& ranked, const QStringList& expected, int k)
{
    const QStringList wanted = distinct(expected);
    if (wanted.isEmpty() || k <= 0)
        return 0;
    double dcg = 0;
    for (int i = 0; i < std::min<int>(int(ranked.size()), k); ++i)
        if (wanted.contains(ranked.at(i)))
            dcg += 1.0 / std::log2(double(i) + 2.0);
    double idcg = 0;
    for (int i = 0; i < std::min<int>(int(wanted.size()), k); ++i)
        idcg += 1.0 / std::log2(double(i) + 2.0);
    return dcg / idcg;
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const double n = double(values.size());
    int idx = int(std::ceil(p / 100.0 * n)) - 1;
    idx = std::clamp(idx, 0, int(values.size()) - 1);
    return values[size_t(idx)];
}

} // namespace metrics

CaseResult scoreCase(const EvalCase& c, const CaseOutcome& o, int k)
{
    CaseResult r;
    r.evalCase = c;
    r.outcome = o;
    r.ranked = metrics::rankedItems(c, o, k);
    if (!c.expectNoEvidence) {
        const QStringList& expected = c.expectedItems();
        r.firstHitRank = metrics::firstHitRank(r.ranked, expected);
        r.reciprocalRank = r.firstHitRank ? 1.0 / double(*r.firstHitRank) : 0.0;
        r.recall = metrics::recall(r.ranked, expected);
        r.ndcg = metrics::ndcg(r.ranked, expected, k);
    }
    const bool gotNoEvidence = o.evidenceStatus == vocab::kNoEvidence;
    // An ERROR is never the right answer, whichever outcome was expected.
    r.noEvidenceCorrect = o.evidenceStatus != vocab::kError && gotNoEvidence == c.expectNoEvidence;
    if (!c.expectedSelectedAttempt.isEmpty())
        r.attemptMatch = o.selectedAttempt == c.expectedSelectedAttempt;
    if (!c.expectedRelevance.isEmpty())
        r.relevanceMatch = o.relevanceLevel == c.expectedRelevance;
    return r;
}

static std::optional<double> mean(double sum, int n)
{
    return n > 0 ? std::optional<double>(sum / double(n)) : std::nullopt;
}

EvalMetrics aggregate(const std::vector<CaseResult>& rows)
{
    EvalMetrics m;
    double hits = 0, recall = 0, rr = 0, ndcg = 0, noEvidence = 0, attempts = 0, relevance = 0;
    std::vector<double> latencies;
    for (const CaseResult& r : rows) {
        ++m.cases;
        latencies.push_back(r.outcome.latencyMs);
        noEvidence += r.noEvidenceCorrect ? 1 : 0;
        if (!r.isNoEvidenceCase()) {
            ++m.evidenceCases;
            hits += r.firstHitRank ? 1 : 0;
            recall += r.recall;
            rr += r.reciprocalRank;
            ndcg += r.ndcg;
        }
        if (r.attemptMatch) {
            ++m.attemptCases;
            attempts += *r.attemptMatch ? 1 : 0;
        }
        if (r.relevanceMatch) {
            ++m.relevanceCases;
            relevance += *r.relevanceMatch ? 1 : 0;
        }
    }
    m.hitAtK = mean(hits, m.evidenceCases);
    m.recallAtK = mean(recall, m.evidenceCases);
    m.mrr = mean(rr, m.evidenceCases);
    m.ndcgAtK = mean(ndcg, m.evidenceCases);
    m.noEvidenceAccuracy = mean(noEvidence, m.cases);
    m.attemptAgreement = mean(attempts, m.attemptCases);
    m.relevanceAgreement = mean(relevance, m.relevanceCases);
    m.latencyP50 = metrics::percentile(latencies, 50);
    m.latencyP95 = metrics::percentile(latencies, 95);
    return m;
}

std::map<QString, EvalMetrics> aggregateByTag(const std::vector<CaseResult>& rows)
{
    std::map<QString, std::vector<CaseResult>> groups;
    for (const CaseResult& r : rows)
        for (const QString& tag : metrics::distinct(r.evalCase.tags))
            groups[tag].push_back(r);
    std::map<QString, EvalMetrics> out;
    for (const auto& [tag, group] : groups)
        out[tag] = aggregate(group);
    return out;
}

QStringList qualityMetricNames()
{
    return {QStringLiteral("hitAtK"),
            QStringLiteral("recallAtK"),
            QStringLiteral("mrr"),
            QStringLiteral("ndcgAtK"),
            QStringLiteral("noEvidenceAccuracy"),
            QStringLiteral("attemptAgreement"),
            QStringLiteral("relevanceAgreement")};
}

std::optional<double> metricValue(const EvalMetrics& m, const QString& name)
{
    if (name == QLatin1String("hitAtK"))
        return m.hitAtK;
    if (name == QLatin1String("recallAtK"))
        return m.recallAtK;
    if (name == QLatin1String("mrr"))
        return m.mrr;
    if (name == QLatin1String("ndcgAtK"))
        return m.ndcgAtK;
    if (name == QLatin1String("noEvidenceAccuracy"))
        return m.noEvidenceAccuracy;
    if (name == QLatin1String("attemptAgreement"))
        return m.attemptAgreement;
    if (name == QLatin1String("relevanceAgreement"))
        return m.relevanceAgreement;
    if (name == QLatin1String("latencyP50"))
        return m.latencyP50;
    if (name == QLatin1String("latencyP95"))
        return m.latencyP95;
    return std::nullopt;
}

QString metricDisplayName(const QString& name)
{
    static const std::map<QString, const char*> names{
        {QStringLiteral("hitAtK"), QT_TRANSLATE_NOOP("EvalMetrics", "hit@k")},
        {QStringLiteral("recallAtK"), QT_TRANSLATE_NOOP("EvalMetrics", "recall@k")},
        {QStringLiteral("mrr"), QT_TRANSLATE_NOOP("EvalMetrics", "MRR")},
        {QStringLiteral("ndcgAtK"), QT_TRANSLATE_NOOP("EvalMetrics", "nDCG@k")},
        {QStringLiteral("noEvidenceAccuracy"),
         QT_TRANSLATE_NOOP("EvalMetrics", "no-evidence accuracy")},
        {QStringLiteral("attemptAgreement"), QT_TRANSLATE_NOOP("EvalMetrics", "attempt agreement")},
        {QStringLiteral("relevanceAgreement"),
         QT_TRANSLATE_NOOP("EvalMetrics", "relevance agreement")},
        {QStringLiteral("latencyP50"), QT_TRANSLATE_NOOP("EvalMetrics", "latency p50")},
        {QStringLiteral("latencyP95"), QT_TRANSLATE_NOOP("EvalMetrics", "latency p95")}};
    auto it = names.find(name);
    return it == names.end() ? name : QCoreApplication::translate("EvalMetrics", it->second);
}

// Four decimals keep the JSON readable and make saved baselines diff cleanly.
static json rounded(std::optional<double> v)
{
    if (!v)
        return nullptr;
    return std::round(*v * 10000.0) / 10000.0;
}

void to_json(json& j, const EvalMetrics& m)
{
    j = json{{"hitAtK", rounded(m.hitAtK)},
             {"recallAtK", rounded(m.recallAtK)},
             {"mrr", rounded(m.mrr)},
             {"ndcgAtK", rounded(m.ndcgAtK)},
             {"noEvidenceAccuracy", rounded(m.noEvidenceAccuracy)},
             {"attemptAgreement", rounded(m.attemptAgreement)},
             {"relevanceAgreement", rounded(m.relevanceAgreement)},
             {"latencyMs", {{"p50", rounded(m.latencyP50)}, {"p95", rounded(m.latencyP95)}}}};
}

void from_json(const json& j, EvalMetrics& m)
{
    using json_util::optionalValue;
    m = EvalMetrics{};
    m.hitAtK = optionalValue<double>(j, "hitAtK");
    m.recallAtK = optionalValue<double>(j, "recallAtK");
    m.mrr = optionalValue<double>(j, "mrr");
    m.ndcgAtK = optionalValue<double>(j, "ndcgAtK");
    m.noEvidenceAccuracy = optionalValue<double>(j, "noEvidenceAccuracy");
    m.attemptAgreement = optionalValue<double>(j, "attemptAgreement");
    m.relevanceAgreement = optionalValue<double>(j, "relevanceAgreement");
    const json latency = j.is_object() && j.contains("latencyMs") ? j.at("latencyMs") : json();
    m.latencyP50 = json_util::value<double>(latency, "p50", 0);
    m.latencyP95 = json_util::value<double>(latency, "p95", 0);
}

static json boolOrNull(std::optional<bool> b)
{
    return b ? json(*b) : json(nullptr);
}

void to_json(json& j, const CaseResult& r)
{
    const EvalCase& c = r.evalCase;
    const bool scored = !c.expectNoEvidence;
    j = json{{"id", c.id},
             {"query", c.query},
             {"tags", c.tags},
             {"hit", r.hit()},
             {"firstHitRank", scored ? json_util::optionalOrNull(r.firstHitRank) : json(nullptr)},
             {"recall", scored ? rounded(r.recall) : json(nullptr)},
             {"reciprocalRank", scored ? rounded(r.reciprocalRank) : json(nullptr)},
             {"ndcg", scored ? rounded(r.ndcg) : json(nullptr)},
             {"matchOn", c.expectNoEvidence     ? "no_evidence"
                         : c.usesEvidenceKeys() ? "evidence_keys"
                                                : "sources"},
             {"expected", c.expectedItems()},
             {"returned", r.ranked},
             {"returnedEvidenceKeys", r.outcome.evidenceKeys},
             {"expectNoEvidence", c.expectNoEvidence},
             {"evidenceStatus", r.outcome.evidenceStatus},
             {"noEvidenceCorrect", r.noEvidenceCorrect},
             {"selectedAttempt", json_util::stringOrNull(r.outcome.selectedAttempt)},
             {"expectedSelectedAttempt", json_util::stringOrNull(c.expectedSelectedAttempt)},
             {"attemptMatch", boolOrNull(r.attemptMatch)},
             {"relevanceLevel", json_util::stringOrNull(r.outcome.relevanceLevel)},
             {"expectedRelevance", json_util::stringOrNull(c.expectedRelevance)},
             {"relevanceMatch", boolOrNull(r.relevanceMatch)},
             {"fallbackReason", json_util::stringOrNull(r.outcome.fallbackReason)},
             {"categoryFilter", json_util::stringOrNull(r.outcome.categoryFilter)},
             {"topQuality", rounded(r.outcome.topQuality)},
             {"latencyMs", rounded(r.outcome.latencyMs)},
             {"error", json_util::stringOrNull(r.outcome.errorMessage)}};
}

} // namespace raglens
