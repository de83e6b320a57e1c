// Eval metrics on hand-computed examples: rank of the first hit, reciprocal rank, recall and
// nDCG per case (evidence keys and distinct sources), aggregation, percentiles.

#include "eval/eval_metrics.h"
#include "model/vocabulary.h"

#include <QTest>

#include <cmath>

using namespace raglens;

namespace {
EvalCase makeCase(const QStringList& keys, const QStringList& sources)
{
    EvalCase c;
    c.id = QStringLiteral("c");
    c.query = QStringLiteral("q");
    c.expectedEvidenceKeys = keys;
    c.expectedSources = sources;
    c.expectNoEvidence = keys.isEmpty() && sources.isEmpty();
    return c;
}

CaseOutcome makeOutcome(const QStringList& keys, const QString& status = vocab::kEvidenceFound)
{
    CaseOutcome o;
    o.evidenceKeys = keys;
    for (const QString& k : keys)
        o.sources << k.section(QLatin1Char('#'), 0, 0);
    o.evidenceStatus = status;
    return o;
}

const double l3 = 1.0 / std::log2(3.0); // gain at rank 2
const double l4 = 1.0 / std::log2(4.0); // rank 3
const double l5 = 1.0 / std::log2(5.0); // rank 4
} // namespace

class TestEvalMetrics : public QObject
{
    Q_OBJECT

private slots:
    void perCase_data();
    void perCase();
    void noEvidenceCorrectness_data();
    void noEvidenceCorrectness();
    void percentile_data();
    void percentile();
    void aggregateAveragesOnlyOverApplicableCases();
    void aggregateOfNothingIsNull();
    void byTagCountsACaseInEveryTag();
    void metricsJsonHasTheCliShape();
};

void TestEvalMetrics::perCase_data()
{
    QTest::addColumn<QStringList>("expectedKeys");
    QTest::addColumn<QStringList>("expectedSources");
    QTest::addColumn<QStringList>("returned");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("firstHit"); // 0 = miss
    QTest::addColumn<double>("rr");
    QTest::addColumn<double>("recall");
    QTest::addColumn<double>("ndcg");

    const QStringList fiveKeys{"x#chunk-0", "a#chunk-0", "y#chunk-0", "b#chunk-0", "z#chunk-0"};
    // DCG = 1/log2(3) + 1/log2(5); IDCG = 1 + 1/log2(3)
    QTest::newRow("keys: hits at 2 and 4 of 5")
        << QStringList{"a#chunk-0", "b#chunk-0"} << QStringList{} << fiveKeys << 5 << 2 << 0.5
        << 1.0 << (l3 + l5) / (1.0 + l3);
    QTest::newRow("keys: k=3 cuts the second hit")
        << QStringList{"a#chunk-0", "b#chunk-0"} << QStringList{} << fiveKeys << 3 << 2 << 0.5
        << 0.5 << l3 / (1.0 + l3);
    QTest::newRow("keys: first rank")
        << QStringList{"a#chunk-0"} << QStringList{} << QStringList{"a#chunk-0", "x#chunk-0"} << 5
        << 1 << 1.0 << 1.0 << 1.0;
    QTest::newRow("keys: miss") << QStringList{"a#chunk-0"} << QStringList{}
                                << QStringList{"x#chunk-0", "y#chunk-0"} << 5 << 0 << 0.0 << 0.0
                                << 0.0;
    QTest::newRow("keys: nothing returned") << QStringList{"a#chunk-0"} << QStringList{}
                                            << QStringList{} << 5 << 0 << 0.0 << 0.0 << 0.0;
    // Three expected, k=2: IDCG counts only two slots, so two hits are a perfect ranking.
    QTest::newRow("keys: more expected than k")
        << QStringList{"a#chunk-0", "b#chunk-0", "c#chunk-0"} << QStringList{}
        << QStringList{"a#chunk-0", "b#chunk-0"} << 2 << 1 << 1.0 << 2.0 / 3.0 << 1.0;
    QTest::newRow("keys: hit at 3 of 3")
        << QStringList{"c#chunk-0"} << QStringList{}
        << QStringList{"a#chunk-0", "b#chunk-0", "c#chunk-0"} << 5 << 3 << 1.0 / 3.0 << 1.0 << l4;
    // Sources: [s1#0, s1#1, s2#0] ranks as distinct sources [s1, s2].
    QTest::newRow("sources: distinct rank 2")
        << QStringList{} << QStringList{"s2"}
        << QStringList{"s1#chunk-0", "s1#chunk-1", "s2#chunk-0"} << 5 << 2 << 0.5 << 1.0 << l3;
    QTest::newRow("sources: k=1 sees only the first source")
        << QStringList{} << QStringList{"s2"}
        << QStringList{"s1#chunk-0", "s1#chunk-1", "s2#chunk-0"} << 1 << 0 << 0.0 << 0.0 << 0.0;
    QTest::newRow("sources: both found, second missing from ideal")
        << QStringList{} << QStringList{"s1", "s3"}
        << QStringList{"s1#chunk-0", "s2#chunk-0", "s3#chunk-4"} << 5 << 1 << 1.0 << 1.0
        << (1.0 + l4) / (1.0 + l3);
    QTest::newRow("keys win over sources when both are given")
        << QStringList{"s2#chunk-9"} << QStringList{"s2"} << QStringList{"s1#chunk-0", "s2#chunk-0"}
        << 5 << 0 << 0.0 << 0.0 << 0.0;
}

void TestEvalMetrics::perCase()
{
    QFETCH(QStringList, expectedKeys);
    QFETCH(QStringList, expectedSources);
    QFETCH(QStringList, returned);
    QFETCH(int, k);
    QFETCH(int, firstHit);
    QFETCH(double, rr);
    QFETCH(double, recall);
    QFETCH(double, ndcg);

    const CaseResult r =
        scoreCase(makeCase(expectedKeys, expectedSources), makeOutcome(returned), k);
    QCOMPARE(r.firstHitRank.value_or(0), firstHit);
    QCOMPARE(r.hit(), firstHit > 0);
    QVERIFY2(std::abs(r.reciprocalRank - rr) < 1e-9, qPrintable(QString::number(r.reciprocalRank)));
    QVERIFY2(std::abs(r.recall - recall) < 1e-9, qPrintable(QString::number(r.recall)));
    QVERIFY2(std::abs(r.ndcg - ndcg) < 1e-9, qPrintable(QString::number(r.ndcg)));
    QVERIFY(r.ranked.size() <= k);
}

void TestEvalMetrics::noEvidenceCorrectness_data()
{
    QTest::addColumn<bool>("expectNoEvidence");
    QTest::addColumn<QString>("status");
    QTest::addColumn<bool>("correct");
    QTest::newRow("ood rejected") << true << vocab::kNoEvidence << true;
    QTest::newRow("ood answered anyway") << true << vocab::kEvidenceFound << false;
    QTest::newRow("ood errored") << true << vocab::kError << false;
    QTest::newRow("answerable found") << false << vocab::kEvidenceFound << true;
    QTest::newRow("answerable came back empty") << false << vocab::kNoEvidence << false;
    QTest::newRow("answerable errored") << false << vocab::kError << false;
}

void TestEvalMetrics::noEvidenceCorrectness()
{
    QFETCH(bool, expectNoEvidence);
    QFETCH(QString, status);
    QFETCH(bool, correct);
    const EvalCase c = expectNoEvidence ? makeCase({}, {}) : makeCase({}, {"s1"});
    const CaseOutcome o = makeOutcome(
        status == vocab::kEvidenceFound ? QStringList{"s1#chunk-0"} : QStringList{}, status);
    const CaseResult r = scoreCase(c, o, 5);
    QCOMPARE(r.noEvidenceCorrect, correct);
    if (expectNoEvidence)
        QCOMPARE(r.hit(), correct); // a no-evidence case "hits" when it is correctly rejected
}

void TestEvalMetrics::percentile_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    QTest::newRow("p50 of four") << QList<double>{40, 10, 30, 20} << 50.0 << 20.0;
    QTest::newRow("p95 of four") << QList<double>{40, 10, 30, 20} << 95.0 << 40.0;
    QTest::newRow("single") << QList<double>{7} << 95.0 << 7.0;
    QTest::newRow("empty") << QList<double>{} << 50.0 << 0.0;
    QList<double> twenty;
    for (int i = 1; i <= 20; ++i)
        twenty << i;
    QTest::newRow("p95 of 1..20 is the 19th") << twenty << 95.0 << 19.0;
    QTest::newRow("p50 of 1..20 is the 10th") << twenty << 50.0 << 10.0;
}

void TestEvalMetrics::percentile()
{
    QFETCH(QList<double>, values);
    QFETCH(double, p);
    QFETCH(double, expected);
    QCOMPARE(metrics::percentile(std::vector<double>(values.begin(), values.end()), p), expected);
}

void TestEvalMetrics::aggregateAveragesOnlyOverApplicableCases()
{
    std::vector<CaseResult> rows;
    // hit at 1, attempt right, relevance wrong, 10 ms
    EvalCase a = makeCase({}, {"s1"});
    a.expectedSelectedAttempt = vocab::kFilteredVector;
    a.expectedRelevance = vocab::kPrecise;
    CaseOutcome oa = makeOutcome({"s1#chunk-0"});
    oa.selectedAttempt = vocab::kFilteredVector;
    oa.relevanceLevel = vocab::kReference;
    oa.latencyMs = 10;
    rows.push_back(scoreCase(a, oa, 5));
    // hit at 2 (rr 0.5), no attempt/relevance expectations, 30 ms
    CaseOutcome ob = makeOutcome({"x#chunk-0", "s1#chunk-0"});
    ob.latencyMs = 30;
    rows.push_back(scoreCase(makeCase({}, {"s1"}), ob, 5));
    // no-evidence case answered wrongly, 20 ms; excluded from hit/MRR
    CaseOutcome oc = makeOutcome({"x#chunk-0"});
    oc.latencyMs = 20;
    rows.push_back(scoreCase(makeCase({}, {}), oc, 5));

    const EvalMetrics m = aggregate(rows);
    QCOMPARE(m.cases, 3);
    QCOMPARE(m.evidenceCases, 2);
    QCOMPARE(*m.hitAtK, 1.0);
    QCOMPARE(*m.mrr, 0.75);
    QCOMPARE(*m.recallAtK, 1.0);
    QCOMPARE(*m.noEvidenceAccuracy, 2.0 / 3.0);
    QCOMPARE(m.attemptCases, 1);
    QCOMPARE(*m.attemptAgreement, 1.0);
    QCOMPARE(*m.relevanceAgreement, 0.0);
    QCOMPARE(m.latencyP50, 20.0);
    QCOMPARE(m.latencyP95, 30.0);
}

void TestEvalMetrics::aggregateOfNothingIsNull()
{
    std::vector<CaseResult> rows{
        scoreCase(makeCase({}, {}), makeOutcome({}, vocab::kNoEvidence), 5)};
    const EvalMetrics m = aggregate(rows);
    QVERIFY(!m.hitAtK);
    QVERIFY(!m.mrr);
    QVERIFY(!m.attemptAgreement);
    QCOMPARE(*m.noEvidenceAccuracy, 1.0);
    const nlohmann::json j = m;
    QVERIFY(j.at("hitAtK").is_null());
    QVERIFY(j.at("relevanceAgreement").is_null());
}

void TestEvalMetrics::byTagCountsACaseInEveryTag()
{
    EvalCase a = makeCase({}, {"s1"});
    a.tags = QStringList{"mysql", "en"};
    EvalCase b = makeCase({}, {"s2"});
    b.tags = QStringList{"mysql", "zh", "zh"};
    std::vector<CaseResult> rows{scoreCase(a, makeOutcome({"s1#chunk-0"}), 5),
                                 scoreCase(b, makeOutcome({"s1#chunk-0"}), 5)};
    const auto byTag = aggregateByTag(rows);
    QCOMPARE(int(byTag.size()), 3);
    QCOMPARE(byTag.at("mysql").cases, 2);
    QCOMPARE(*byTag.at("mysql").hitAtK, 0.5);
    QCOMPARE(byTag.at("zh").cases, 1); // a repeated tag counts once
    QCOMPARE(*byTag.at("zh").hitAtK, 0.0);
    QCOMPARE(*byTag.at("en").hitAtK, 1.0);
}

void TestEvalMetrics::metricsJsonHasTheCliShape()
{
    EvalMetrics m;
    m.hitAtK = 2.0 / 3.0;
    m.latencyP50 = 1.23456;
    const nlohmann::json j = m;
    for (const char* key : {"hitAtK", "recallAtK", "mrr", "ndcgAtK", "noEvidenceAccuracy",
                            "attemptAgreement", "relevanceAgreement"})
        QVERIFY2(j.contains(key), key);
    QCOMPARE(j.at("hitAtK").get<double>(), 0.6667);
    QCOMPARE(j.at("latencyMs").at("p50").get<double>(), 1.2346);
    QVERIFY(j.at("latencyMs").contains("p95"));
    QCOMPARE(int(j.size()), 8);
    // and reads back for baselines
    const EvalMetrics back = j.get<EvalMetrics>();
    QCOMPARE(*back.hitAtK, 0.6667);
    QVERIFY(!back.mrr);
}

QTEST_GUILESS_MAIN(TestEvalMetrics)
#include "tst_eval_metrics.moc"
