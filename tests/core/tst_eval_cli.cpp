// `raglens-cli eval` end to end, as a CI job runs it: the demo eval set against a demo KB
// built here, the exact JSON shape, exit codes (0 clean, 1 regression or explained
// failure, 2 usage), baselines, frozen fixtures, and a deliberately weakened KB — a copy of
// the demo KB with runbooks removed — reported as a regression with exit 1.

#include "common/json_qt.h"
#include "support/cli_runner.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace raglens;
using namespace raglens::test;
using nlohmann::json;

namespace {
// Runbooks the weakened KB loses; demo cases expecting them must go from hit to miss.
const QStringList kRemovedRunbooks{
    "mysql/hikaricp-connection-timeout.md", "kafka/consumer-lag.md",
    "network/connection-refused.md",        "jvm/heap-space-oom.md",
    "network/tls-pkix-handshake.md",        "mysql/deadlock-error-1213.md"};

bool copyTree(const QString& from, const QString& to)
{
    QDirIterator it(from, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QString dst = QDir(to).filePath(QDir(from).relativeFilePath(src));
        if (!QDir().mkpath(QFileInfo(dst).absolutePath()) || !QFile::copy(src, dst))
            return false;
    }
    return true;
}

QString describe(const CliResult& r)
{
    return QStringLiteral("exit %1, stderr: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err));
}
} // namespace

class TestEvalCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void demoSetPrintsTheIssueShape();
    void sameKbAgainstItsBaselinePasses();
    void weakenedKbIsARegression();
    void doctoredBaselineShowsMetricAndCaseRegressions();
    void differentKFails();
    void malformedSetFailsWithLineNumbers();
    void usageErrors_data();
    void usageErrors();
    void missingKbFails();
    void caseThatFailsFailsTheRun();
    void expectedSourceTheKbLacksIsNamed();
    void brokenBaselineIsRefused();
    void baselineNeverReplacesTheSet();
    void frozenFixtures_data();
    void frozenFixtures();

private:
    QTemporaryDir m_dir;
    QString m_kb, m_weakKb, m_baseline, m_set;
};

void TestEvalCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_set = sourcePath(QStringLiteral("resources/demo/eval/demo.jsonl"));
    m_kb = m_dir.filePath(QStringLiteral("kb"));
    CliResult ingest = runCli({"ingest", "--kb", m_kb, sourcePath("resources/demo/kb")});
    QVERIFY2(ingest.exitCode == 0, qPrintable(describe(ingest)));

    const QString weakSource = m_dir.filePath(QStringLiteral("weak-source"));
    QVERIFY(copyTree(sourcePath(QStringLiteral("resources/demo/kb")), weakSource));
    for (const QString& doc : kRemovedRunbooks)
        QVERIFY2(QFile::remove(QDir(weakSource).filePath(doc)), qPrintable(doc));
    m_weakKb = m_dir.filePath(QStringLiteral("weak-kb"));
    CliResult weak = runCli({"ingest", "--kb", m_weakKb, weakSource});
    QVERIFY2(weak.exitCode == 0, qPrintable(describe(weak)));

    m_baseline = m_dir.filePath(QStringLiteral("baselines/demo.json"));
    CliResult save = runCli(
        {"eval", "--kb", m_kb, "--set", m_set, "--save-baseline", m_baseline, "--label", "demo"});
    QVERIFY2(save.exitCode == 0, qPrintable(describe(save)));
    QVERIFY(QFile::exists(m_baseline));
}

void TestEvalCli::demoSetPrintsTheIssueShape()
{
    CliResult r = runCli({"eval", "--kb", m_kb, "--set", m_set, "--k", "5"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.json.is_object());
    std::set<std::string> keys;
    for (auto it = r.json.begin(); it != r.json.end(); ++it)
        keys.insert(it.key());
    QVERIFY(keys == (std::set<std::string>{"k", "cases", "metrics", "perCase", "byTag",
                                           "regressions", "improvements"}));
    QCOMPARE(r.json.at("k").get<int>(), 5);
    QCOMPARE(r.json.at("cases").get<int>(), 86);
    const json& m = r.json.at("metrics");
    for (const char* key : {"hitAtK", "recallAtK", "mrr", "ndcgAtK", "noEvidenceAccuracy",
                            "attemptAgreement", "relevanceAgreement"}) {
        QVERIFY2(m.at(key).is_number(), key);
        QVERIFY(m.at(key).get<double>() >= 0 && m.at(key).get<double>() <= 1);
    }
    QVERIFY(m.at("latencyMs").at("p95").get<double>() >= m.at("latencyMs").at("p50").get<double>());
    // The demo KB answers most of its own eval set.
    QVERIFY2(m.at("hitAtK").get<double>() > 0.5, r.out.constData());
    QCOMPARE(r.json.at("perCase").size(), size_t(86));
    const json& row = r.json.at("perCase").at(0);
    for (const char* key : {"id", "query", "hit", "firstHitRank", "returned", "evidenceStatus",
                            "selectedAttempt", "relevanceLevel", "latencyMs"})
        QVERIFY2(row.contains(key), key);
    QVERIFY(r.json.at("byTag").contains("mysql"));
    QVERIFY(r.json.at("byTag").at("ood").at("metrics").at("hitAtK").is_null());
    QVERIFY(r.json.at("regressions").empty());
}

void TestEvalCli::sameKbAgainstItsBaselinePasses()
{
    CliResult r = runCli({"eval", "--kb", m_kb, "--set", m_set, "--baseline", m_baseline});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY(r.json.at("regressions").empty());
    QVERIFY(r.json.at("improvements").empty());
}

void TestEvalCli::weakenedKbIsARegression()
{
    // Every case that hit in the baseline and whose expected sources were all removed
    // cannot hit any more: each must be listed as hit → miss.
    QStringList removedSources;
    for (const QString& doc : kRemovedRunbooks)
        removedSources << doc.chopped(3); // without ".md"
    QFile f(m_baseline);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const json baseline = json::parse(f.readAll().toStdString());
    QStringList mustBeLost;
    for (const json& row : baseline.at("perCase")) {
        const QStringList expected = row.at("expected").get<QStringList>();
        bool allRemoved = !expected.isEmpty();
        for (const QString& e : expected)
            allRemoved = allRemoved && removedSources.contains(e.section(QLatin1Char('#'), 0, 0));
        if (allRemoved && row.at("hit").get<bool>())
            mustBeLost << row.at("id").get<QString>();
    }
    QVERIFY2(mustBeLost.size() >= 6, qPrintable(mustBeLost.join(' ')));

    CliResult r = runCli({"eval", "--kb", m_weakKb, "--set", m_set, "--baseline", m_baseline});
    QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
    QVERIFY(r.json.is_object());
    QStringList lostCases;
    bool hitDropped = false;
    for (const json& item : r.json.at("regressions")) {
        if (item.at("kind") == "case" && item.at("change") == "hit_to_miss")
            lostCases << item.at("id").get<QString>();
        else if (item.at("kind") == "metric" && item.at("metric") == "hitAtK")
            hitDropped = item.at("delta").get<double>() < -0.02;
    }
    for (const QString& id : mustBeLost)
        QVERIFY2(lostCases.contains(id), qPrintable(id));
    QVERIFY2(hitDropped, r.out.constData());
    QVERIFY(r.err.contains("regression: "));
}

void TestEvalCli::doctoredBaselineShowsMetricAndCaseRegressions()
{
    QFile f(m_baseline);
    QVERIFY(f.open(QIODevice::ReadOnly));
    json b = json::parse(f.readAll().toStdString());
    f.close();
    // Pretend the past was perfect on MRR and that a currently missed case used to hit.
    b["metrics"]["mrr"] = 1.0;
    QString flipped;
    for (json& row : b["perCase"])
        if (!row.at("hit").get<bool>() && flipped.isEmpty()) {
            row["hit"] = true;
            row["firstHitRank"] = 1;
            flipped = row.at("id").get<QString>();
        }
    QVERIFY(!flipped.isEmpty());
    const QString path = m_dir.filePath(QStringLiteral("doctored.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(b.dump()));
    out.close();

    CliResult r = runCli({"eval", "--kb", m_kb, "--set", m_set, "--baseline", path});
    QCOMPARE(r.exitCode, 1);
    QStringList found;
    for (const json& item : r.json.at("regressions"))
        found << (item.at("kind") == "case" ? item.at("id").get<QString>()
                                            : item.at("metric").get<QString>());
    found.sort();
    QStringList expected{QStringLiteral("mrr"), flipped};
    expected.sort();
    QCOMPARE(found, expected);
}

void TestEvalCli::differentKFails()
{
    CliResult r =
        runCli({"eval", "--kb", m_kb, "--set", m_set, "--k", "3", "--baseline", m_baseline});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("k=5"));
    QVERIFY(r.out.isEmpty());
}

void TestEvalCli::malformedSetFailsWithLineNumbers()
{
    CliResult r = runCli(
        {"eval", "--kb", m_kb, "--set", fixturePath(QStringLiteral("eval/sets/malformed.jsonl"))});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(!r.crashed);
    QVERIFY2(r.err.contains("line 2: not valid JSON"), r.err.constData());
    QVERIFY(r.err.contains("line 10: duplicate id"));
}

void TestEvalCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no set") << QStringList{"eval", "--kb", "/tmp"};
    QTest::newRow("k zero") << QStringList{"eval", "--kb", "/tmp", "--set", "x", "--k", "0"};
    QTest::newRow("k not a number")
        << QStringList{"eval", "--kb", "/tmp", "--set", "x", "--k", "five"};
    QTest::newRow("fixtures without golden") << QStringList{"eval", "--fixtures", "/tmp"};
    QTest::newRow("bad mode") << QStringList{"eval", "--kb",   "/tmp", "--set",
                                             "x",    "--mode", "bm25"};
    QTest::newRow("negative tolerance")
        << QStringList{"eval", "--kb", "/tmp", "--set", "x", "--tolerance", "-1"};
}

void TestEvalCli::usageErrors()
{
    QFETCH(QStringList, args);
    CliResult r = runCli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
}

void TestEvalCli::missingKbFails()
{
    CliResult r = runCli({"eval", "--kb", m_dir.filePath(QStringLiteral("nope")), "--set", m_set});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(!r.err.isEmpty());
    CliResult b = runCli({"eval", "--kb", m_kb, "--set", m_set, "--baseline",
                          m_dir.filePath(QStringLiteral("no-baseline.json"))});
    QCOMPARE(b.exitCode, 1);
    QVERIFY(b.err.contains("no-baseline.json"));
}

void TestEvalCli::caseThatFailsFailsTheRun()
{
    // A lookup that failed (here: a category the KB does not have) measured nothing: the
    // report is still printed, but the run exits 1 and names the case.
    const QString set = m_dir.filePath(QStringLiteral("failing-case.jsonl"));
    QFile f(set);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"id": "no-such-category", "query": "redis maxmemory", )"
            R"("expected_sources": ["redis/maxmemory-oom-eviction"], "category": "nosuch"})"
            "\n");
    f.close();
    CliResult r = runCli({"eval", "--kb", m_kb, "--set", set});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(!r.out.isEmpty()); // the report, with the case's error in it
    QVERIFY2(r.err.contains("case no-such-category: the lookup failed"), r.err.constData());
    QVERIFY2(r.err.contains("1 of 1 cases failed with an error"), r.err.constData());
}

void TestEvalCli::expectedSourceTheKbLacksIsNamed()
{
    // A typo in an expected source can never hit: said before the run, not left to be read
    // as a retrieval miss.
    const QString set = m_dir.filePath(QStringLiteral("typo-case.jsonl"));
    QFile f(set);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"id": "typo", "query": "redis maxmemory", )"
            R"("expected_sources": ["redis/maxmemroy-oom-eviction"]})"
            "\n"
            R"({"id": "fine", "query": "redis maxmemory", )"
            R"("expected_sources": ["redis/maxmemory-oom-eviction"]})"
            "\n"
            // A chunk number past the document's last (a key gone stale after re-chunking).
            R"({"id": "stale", "query": "redis maxmemory", "expected_evidence_keys": )"
            R"(["redis/maxmemory-oom-eviction#chunk-0", "redis/maxmemory-oom-eviction#chunk-99", )"
            R"("redis/maxmemory-oom-eviction#chunk-00"]})"
            "\n");
    f.close();
    CliResult r = runCli({"eval", "--kb", m_kb, "--set", set});
    QVERIFY2(r.err.contains("case stale expects redis/maxmemory-oom-eviction#chunk-99, which"),
             r.err.constData());
    QVERIFY2(r.err.contains("#chunk-00, which"), r.err.constData()); // never matched as text
    QVERIFY2(!r.err.contains("#chunk-0, which"), r.err.constData());
    QVERIFY2(r.err.contains("case typo expects redis/maxmemroy-oom-eviction, which the "
                            "knowledge base does not hold"),
             r.err.constData());
    QVERIFY2(!r.err.contains("case fine expects"), r.err.constData());
}

void TestEvalCli::baselineNeverReplacesTheSet()
{
    // --save-baseline naming the eval set, however spelled, wrote the report over the cases.
    const QString set = m_dir.filePath(QStringLiteral("own-set.jsonl"));
    QFile::remove(set);
    QVERIFY(QFile::copy(m_set, set));
    QFile::setPermissions(set, QFile::ReadOwner | QFile::WriteOwner);
    QFile before(set);
    QVERIFY(before.open(QIODevice::ReadOnly));
    const QByteArray cases = before.readAll();
    before.close();
    const QString spelled = m_dir.path() + QStringLiteral("/./sub/../own-set.jsonl");
    CliResult r = runCli({"eval", "--kb", m_kb, "--set", set, "--save-baseline", spelled});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--save-baseline names"), r.err.constData());
    QFile after(set);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), cases);
}

void TestEvalCli::brokenBaselineIsRefused()
{
    // Metrics that are not numbers, or a baseline of another format or version, would be
    // read as "not measured" and never compared: refused instead.
    QFile f(m_baseline);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const json saved = json::parse(f.readAll().toStdString());
    f.close();
    const auto refused = [&](const json& doctored, const char* message) {
        const QString path = m_dir.filePath(QStringLiteral("broken-baseline.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(doctored.dump()));
        out.close();
        CliResult r = runCli({"eval", "--kb", m_kb, "--set", m_set, "--baseline", path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(message), r.err.constData());
    };
    json textMetric = saved;
    textMetric["metrics"]["hitAtK"] = "0.96";
    refused(textMetric, "metrics.hitAtK is not a number");
    json otherFormat = saved;
    otherFormat["baseline"]["format"] = "junk";
    refused(otherFormat, "is not a baseline this RagLens reads");
    json newerVersion = saved;
    newerVersion["baseline"]["version"] = 99;
    refused(newerVersion, "is not a baseline this RagLens reads");
}

void TestEvalCli::frozenFixtures_data()
{
    QTest::addColumn<QString>("golden");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<int>("failed");
    QTest::newRow("pinned behaviour holds") << "eval/golden.jsonl" << 0 << 0;
    QTest::newRow("drifted behaviour") << "eval/golden-drifted.jsonl" << 1 << 4;
    QTest::newRow("malformed golden") << "eval/golden-malformed.jsonl" << 1 << -1;
}

void TestEvalCli::frozenFixtures()
{
    QFETCH(QString, golden);
    QFETCH(int, exitCode);
    QFETCH(int, failed);
    // No --kb: fixtures are checked without a knowledge base.
    CliResult r = runCli({"eval", "--fixtures", fixturePath(QStringLiteral("eval/lookups")),
                          "--golden", fixturePath(golden)});
    QVERIFY2(r.exitCode == exitCode, qPrintable(describe(r)));
    if (failed < 0) { // refused before checking anything
        QVERIFY(r.err.contains("line 2"));
        return;
    }
    QCOMPARE(r.json.at("fixtures").at("failed").get<int>(), failed);
    int fixtureRegressions = 0;
    for (const json& item : r.json.at("regressions"))
        fixtureRegressions += item.at("kind") == "fixture" ? 1 : 0;
    QCOMPARE(fixtureRegressions, failed);
}

QTEST_GUILESS_MAIN(TestEvalCli)
#include "tst_eval_cli.moc"
