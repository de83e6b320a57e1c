// Frozen LookupResult fixtures against golden expectations, without a knowledge base:
// matching fixtures pass, drifted behaviour is reported field by field, and a broken golden
// file is refused with line numbers.

#include "eval/golden_fixtures.h"
#include "support/cli_runner.h"

#include <QTest>

using namespace raglens;
using nlohmann::json;

class TestEvalGolden : public QObject
{
    Q_OBJECT

private slots:
    void fixturesMatchTheirGolden();
    void driftIsReportedFieldByField_data();
    void driftIsReportedFieldByField();
    void missingAndBrokenFixturesFail();
    void malformedGoldenLines_data();
    void malformedGoldenLines();
    void nullMeansMustBeAbsent();
    void seedShapedResultReadsLikeOurs();
};

static const FixtureCheck* find(const std::vector<FixtureCheck>& checks, const QString& name)
{
    for (const FixtureCheck& c : checks)
        if (c.fixture == name)
            return &c;
    return nullptr;
}

void TestEvalGolden::fixturesMatchTheirGolden()
{
    Expected<GoldenSet> golden = loadGoldenSet(test::fixturePath("eval/golden.jsonl"));
    QVERIFY(golden.ok());
    QVERIFY(golden->errors.empty());
    QCOMPARE(int(golden->entries.size()), 4);
    const auto checks = checkFixtures(test::fixturePath("eval/lookups"), *golden);
    QCOMPARE(int(checks.size()), 4);
    for (const FixtureCheck& c : checks) {
        QString why;
        for (const FixtureMismatch& m : c.mismatches)
            why += m.field + QLatin1Char(' ');
        QVERIFY2(c.passed(), qPrintable(c.fixture + QStringLiteral(": ") + c.loadError + why));
    }
}

void TestEvalGolden::driftIsReportedFieldByField_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QStringList>("fields");
    QTest::newRow("attempt changed") << "precise-hikari.json" << QStringList{"selected_attempt"};
    QTest::newRow("weaker and missing a key")
        << "decoy-retry.json"
        << QStringList{"relevance_level", "min_top_quality", "evidence_keys_include"};
    QTest::newRow("unchanged") << "ood-no-evidence.json" << QStringList{};
}

void TestEvalGolden::driftIsReportedFieldByField()
{
    QFETCH(QString, fixture);
    QFETCH(QStringList, fields);
    Expected<GoldenSet> golden = loadGoldenSet(test::fixturePath("eval/golden-drifted.jsonl"));
    QVERIFY(golden.ok());
    const auto checks = checkFixtures(test::fixturePath("eval/lookups"), *golden);
    const FixtureCheck* c = find(checks, fixture);
    QVERIFY(c);
    QVERIFY(c->loaded);
    QStringList got;
    for (const FixtureMismatch& m : c->mismatches)
        got << m.field;
    got.sort();
    fields.sort();
    QCOMPARE(got, fields);
    QCOMPARE(c->passed(), fields.isEmpty());
    if (fixture == QLatin1String("precise-hikari.json")) {
        QVERIFY(c->mismatches[0].expected == json("FILTERED_VECTOR"));
        QVERIFY(c->mismatches[0].actual == json("UNFILTERED_VECTOR"));
    }
}

void TestEvalGolden::missingAndBrokenFixturesFail()
{
    Expected<GoldenSet> golden = loadGoldenSet(test::fixturePath("eval/golden-drifted.jsonl"));
    QVERIFY(golden.ok());
    const auto checks = checkFixtures(test::fixturePath("eval/lookups"), *golden);
    const FixtureCheck* missing = find(checks, QStringLiteral("missing-fixture.json"));
    QVERIFY(missing && !missing->loaded && !missing->passed());
    QVERIFY(missing->loadError.contains(QStringLiteral("missing-fixture.json")));
    const FixtureCheck* broken = find(checks, QStringLiteral("truncated.json"));
    QVERIFY(broken && !broken->passed());
    QVERIFY(!broken->loadError.isEmpty());
}

void TestEvalGolden::malformedGoldenLines_data()
{
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("typo in key") << 2 << "relevence_level";
    QTest::newRow("no fixture") << 4 << "fixture";
    QTest::newRow("wrong type") << 5 << "min_top_quality";
    QTest::newRow("not JSON") << 6 << "JSON";
}

void TestEvalGolden::malformedGoldenLines()
{
    QFETCH(int, line);
    QFETCH(QString, mentions);
    Expected<GoldenSet> golden = loadGoldenSet(test::fixturePath("eval/golden-malformed.jsonl"));
    QVERIFY(golden.ok());
    QCOMPARE(int(golden->entries.size()), 1);
    QCOMPARE(int(golden->errors.size()), 4);
    const auto it = std::find_if(golden->errors.begin(), golden->errors.end(),
                                 [&](const EvalSetLineError& e) { return e.line == line; });
    QVERIFY(it != golden->errors.end());
    QVERIFY2(it->message.contains(mentions), qPrintable(it->message));
}

void TestEvalGolden::nullMeansMustBeAbsent()
{
    LookupResult r;
    r.evidenceStatus = QStringLiteral("EVIDENCE_FOUND");
    r.retrievalTrace.fallbackReason = QStringLiteral("filtered_vector_low_quality");
    const json expect = {{"fallback_reason", nullptr}, {"relevance_level", nullptr}};
    const auto mismatches = checkAgainstGolden(r, expect);
    QCOMPARE(int(mismatches.size()), 1);
    QCOMPARE(mismatches[0].field, QStringLiteral("fallback_reason"));
}

QTEST_GUILESS_MAIN(TestEvalGolden)
void TestEvalGolden::seedShapedResultReadsLikeOurs()
{
    // The production system's own LookupResult shape: found, evidenceBlockCount, and the
    // decisions inside retrievalTrace (originalQuery, categoryFilter, evidenceStatus, ...).
    const json seed = {
        {"found", false},
        {"evidenceBlockCount", 0},
        {"retrievalTrace",
         {{"originalQuery", "HikariPool connection is not available"},
          {"rewrittenQuery", "hikaripool connection not available"},
          {"categoryFilter", "mysql"},
          {"selectedAttempt", "UNFILTERED_VECTOR_RETRY"},
          {"fallbackReason", "filtered_vector_no_evidence"},
          {"evidenceStatus", "NO_EVIDENCE"},
          {"attempts",
           {{{"name", "FILTERED_VECTOR"}, {"categoryFilter", "mysql"}, {"candidateCount", 0}},
            {{"name", "UNFILTERED_VECTOR_RETRY"}, {"candidateCount", 3}}}}}}};
    const LookupResult r = seed.get<LookupResult>();
    QCOMPARE(r.evidenceStatus, QStringLiteral("NO_EVIDENCE"));
    QCOMPARE(r.query, QStringLiteral("HikariPool connection is not available"));
    QCOMPARE(r.retrievalTrace.queryHints.categoryFilter, QStringLiteral("mysql"));
    QCOMPARE(r.retrievalTrace.queryHints.rewrittenQuery,
             QStringLiteral("hikaripool connection not available"));
    QCOMPARE(r.retrievalTrace.selectedAttempt, QStringLiteral("UNFILTERED_VECTOR_RETRY"));
    QCOMPARE(int(r.retrievalTrace.attempts.size()), 2);
    QCOMPARE(r.evidenceBlockCount(), 0);
    // Its golden check passes, where it used to lose its evidence status.
    const json expect = {{"evidence_status", "NO_EVIDENCE"},
                         {"selected_attempt", "UNFILTERED_VECTOR_RETRY"},
                         {"fallback_reason", "filtered_vector_no_evidence"},
                         {"max_evidence_count", 0}};
    QVERIFY(checkAgainstGolden(r, expect).empty());
    // `found` alone also gives the status; a declared count stands in for missing blocks.
    const LookupResult found = json{{"found", true}, {"evidenceBlockCount", 2}}.get<LookupResult>();
    QCOMPARE(found.evidenceStatus, QStringLiteral("EVIDENCE_FOUND"));
    QCOMPARE(found.evidenceBlockCount(), 2);
    // RagLens's own output carries the seed keys too.
    const json ours = r;
    QCOMPARE(ours.at("found").get<bool>(), false);
    QCOMPARE(ours.at("evidenceBlockCount").get<int>(), 0);
}

#include "tst_eval_golden.moc"
