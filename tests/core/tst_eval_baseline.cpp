// Baselines: a run compared with a saved one lists metric drops beyond tolerance and cases
// that went from hit to miss as regressions, and the reverse as improvements; baselines
// survive a save/load round trip and a folder of them loads oldest first.

#include "eval/eval_baseline.h"
#include "model/vocabulary.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;

namespace {
// A report of n evidence cases "c0".."c<n-1>"; hits[i] says whether case i hit at rank 1.
EvalReport makeReport(const QList<bool>& hits, double latencyMs = 10, int k = 5)
{
    EvalReport report;
    report.k = k;
    for (int i = 0; i < hits.size(); ++i) {
        EvalCase c;
        c.id = QStringLiteral("c%1").arg(i);
        c.query = QStringLiteral("query %1").arg(i);
        c.expectedSources = QStringList{"s"};
        CaseOutcome o;
        o.evidenceStatus = vocab::kEvidenceFound;
        o.evidenceKeys = QStringList{hits[i] ? "s#chunk-0" : "x#chunk-0"};
        o.sources = QStringList{hits[i] ? "s" : "x"};
        o.latencyMs = latencyMs;
        report.rows.push_back(scoreCase(c, o, k));
    }
    report.recompute();
    return report;
}

QStringList names(const std::vector<ComparisonItem>& items)
{
    QStringList out;
    for (const ComparisonItem& i : items)
        out << (i.kind == ComparisonItem::Kind::Case ? i.caseId + QLatin1Char(':') + i.change
                                                     : i.metric);
    out.sort();
    return out;
}
} // namespace

class TestEvalBaseline : public QObject
{
    Q_OBJECT

private slots:
    void compare_data();
    void compare();
    void latency_data();
    void latency();
    void differentKIsNotComparable();
    void newAndMissingCasesAreListed();
    void saveAndLoadRoundTrip();
    void plainReportIsABaseline();
    void notABaselineIsRefused();
    void aBrokenBaselineIsRefused_data();
    void aBrokenBaselineIsRefused();
    void folderLoadsOldestFirst();
};

void TestEvalBaseline::compare_data()
{
    QTest::addColumn<QList<bool>>("before");
    QTest::addColumn<QList<bool>>("after");
    QTest::addColumn<double>("tolerance");
    QTest::addColumn<QStringList>("regressions");
    QTest::addColumn<QStringList>("improvements");

    const QList<bool> all(50, true);
    QList<bool> oneMiss = all;
    oneMiss[7] = false; // hit@k drops 1.00 → 0.98
    QList<bool> twoMiss = oneMiss;
    twoMiss[8] = false; // 0.96
    const QStringList dropped{"hitAtK", "mrr", "ndcgAtK", "recallAtK"};

    QTest::newRow("unchanged") << all << all << 0.02 << QStringList{} << QStringList{};
    // 0.02 drop is within a 0.02 tolerance, but the case itself still regressed.
    QTest::newRow("small drop: case only")
        << all << oneMiss << 0.02 << QStringList{"c7:hit_to_miss"} << QStringList{};
    QTest::newRow("drop beyond tolerance")
        << all << twoMiss << 0.02 << (QStringList{"c7:hit_to_miss", "c8:hit_to_miss"} + dropped)
        << QStringList{};
    QTest::newRow("looser tolerance")
        << all << twoMiss << 0.05 << QStringList{"c7:hit_to_miss", "c8:hit_to_miss"}
        << QStringList{};
    QTest::newRow("recovery") << twoMiss << all << 0.02 << QStringList{}
                              << (QStringList{"c7:miss_to_hit", "c8:miss_to_hit"} + dropped);
}

void TestEvalBaseline::compare()
{
    QFETCH(QList<bool>, before);
    QFETCH(QList<bool>, after);
    QFETCH(double, tolerance);
    QFETCH(QStringList, regressions);
    QFETCH(QStringList, improvements);
    Tolerances tol;
    tol.metric = tolerance;
    auto cmp = compareWithBaseline(makeReport(after), baselineFromReport(makeReport(before)), tol);
    QVERIFY(cmp.ok());
    regressions.sort();
    improvements.sort();
    QCOMPARE(names(cmp->regressions), regressions);
    QCOMPARE(names(cmp->improvements), improvements);
    QCOMPARE(cmp->hasRegressions(), !regressions.isEmpty());
    for (const ComparisonItem& item : cmp->regressions)
        QVERIFY(!item.describe().isEmpty());
}

void TestEvalBaseline::latency_data()
{
    QTest::addColumn<double>("before");
    QTest::addColumn<double>("after");
    QTest::addColumn<bool>("check");
    QTest::addColumn<bool>("regressed");
    QTest::newRow("same") << 100.0 << 100.0 << true << false;
    QTest::newRow("doubled is allowed") << 100.0 << 200.0 << true << false;
    QTest::newRow("tripled regresses") << 100.0 << 300.5 << true << true;
    QTest::newRow("tiny numbers under the 50 ms floor") << 1.0 << 40.0 << true << false;
    QTest::newRow("check disabled") << 100.0 << 900.0 << false << false;
}

void TestEvalBaseline::latency()
{
    QFETCH(double, before);
    QFETCH(double, after);
    QFETCH(bool, check);
    QFETCH(bool, regressed);
    Tolerances tol;
    tol.checkLatency = check;
    auto cmp = compareWithBaseline(makeReport({true, true}, after),
                                   baselineFromReport(makeReport({true, true}, before)), tol);
    QVERIFY(cmp.ok());
    QCOMPARE(names(cmp->regressions).contains(QStringLiteral("latencyP95")), regressed);
}

void TestEvalBaseline::differentKIsNotComparable()
{
    auto cmp =
        compareWithBaseline(makeReport({true}, 10, 3), baselineFromReport(makeReport({true})));
    QVERIFY(!cmp.ok());
    QVERIFY2(cmp.error().contains(QStringLiteral("k=5")), qPrintable(cmp.error()));
}

void TestEvalBaseline::newAndMissingCasesAreListed()
{
    EvalBaseline b = baselineFromReport(makeReport({true, true}));
    b.cases[1].id = QStringLiteral("retired");
    auto cmp = compareWithBaseline(makeReport({true, true}), b);
    QVERIFY(cmp.ok());
    QCOMPARE(cmp->newCases, QStringList{"c1"});
    QCOMPARE(cmp->missingCases, QStringList{"retired"});
    QVERIFY(!cmp->hasRegressions());
}

void TestEvalBaseline::saveAndLoadRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sub/base.json"));
    EvalReport report = makeReport({true, false, true});
    QVERIFY(saveBaseline(report, path, QStringLiteral("before refactor")).ok());
    auto b = loadBaseline(path);
    QVERIFY2(b.ok(), qPrintable(b.ok() ? QString() : b.error()));
    QCOMPARE(b->k, 5);
    QCOMPARE(b->label, QStringLiteral("before refactor"));
    QVERIFY(b->savedAt.isValid());
    QCOMPARE(int(b->cases.size()), 3);
    QVERIFY(!b->findCase(QStringLiteral("c1"))->hit);
    QCOMPARE(b->findCase(QStringLiteral("c0"))->firstHitRank.value_or(0), 1);
    QCOMPARE(*b->metrics.hitAtK, 0.6667);
    // The same run compared with its own saved baseline: nothing to report.
    auto cmp = compareWithBaseline(report, *b);
    QVERIFY(cmp.ok());
    QVERIFY(cmp->regressions.empty());
    QVERIFY(cmp->improvements.empty());
}

void TestEvalBaseline::plainReportIsABaseline()
{
    const nlohmann::json j = reportToJson(makeReport({true, false}), nullptr);
    auto b = baselineFromJson(j);
    QVERIFY(b.ok());
    QCOMPARE(int(b->cases.size()), 2);
    QCOMPARE(*b->metrics.hitAtK, 0.5);
}

void TestEvalBaseline::notABaselineIsRefused()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("x.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"sessionId\": \"s\"}");
    f.close();
    auto b = loadBaseline(path);
    QVERIFY(!b.ok());
    QVERIFY(b.error().contains(path));
    QVERIFY(!loadBaseline(dir.filePath(QStringLiteral("missing.json"))).ok());
}

void TestEvalBaseline::aBrokenBaselineIsRefused_data()
{
    // Each would have compared less than it says, or nothing: a regression gate that passes.
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("metric out of range") << "/metrics/hitAtK"
                                         << "1e308"
                                         << "between 0 and 1";
    QTest::newRow("negative metric") << "/metrics/mrr"
                                     << "-5"
                                     << "between 0 and 1";
    QTest::newRow("nothing measured") << "/metrics"
                                      << "{\"hitAtK\": null}"
                                      << "no metric was measured";
    QTest::newRow("hit as text") << "/perCase/0/hit"
                                 << "\"true\""
                                 << "not true or false";
    QTest::newRow("case without id") << "/perCase/0"
                                     << "{\"bogus\": 1}"
                                     << "no case id";
    QTest::newRow("rank zero") << "/perCase/0/firstHitRank"
                               << "0"
                               << "not a rank";
}

void TestEvalBaseline::aBrokenBaselineIsRefused()
{
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, message);
    nlohmann::json j = reportToJson(makeReport({true, false}), nullptr);
    QVERIFY(baselineFromJson(j).ok());
    j[nlohmann::json::json_pointer(pointer.toStdString())] =
        nlohmann::json::parse(value.toStdString());
    auto b = baselineFromJson(j, QStringLiteral("broken.json"));
    QVERIFY(!b.ok());
    QVERIFY2(b.error().contains(message), qPrintable(b.error()));
}

void TestEvalBaseline::folderLoadsOldestFirst()
{
    QTemporaryDir dir;
    QVERIFY(saveBaseline(makeReport({true, false}), dir.filePath(QStringLiteral("b.json")),
                         QStringLiteral("first"))
                .ok());
    QTest::qWait(5);
    QVERIFY(saveBaseline(makeReport({true, true}), dir.filePath(QStringLiteral("a.json")),
                         QStringLiteral("second"))
                .ok());
    QFile junk(dir.filePath(QStringLiteral("junk.json")));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write("[1,2");
    junk.close();
    QStringList errors;
    const auto all = loadBaselineFolder(dir.path(), &errors);
    QCOMPARE(int(all.size()), 2);
    QCOMPARE(all[0].label, QStringLiteral("first"));
    QCOMPARE(all[1].label, QStringLiteral("second"));
    QCOMPARE(errors.size(), 1);
}

QTEST_GUILESS_MAIN(TestEvalBaseline)
#include "tst_eval_baseline.moc"
