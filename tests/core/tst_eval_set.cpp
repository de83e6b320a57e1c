// Eval-set files: valid sets parse into cases; each malformed line is reported with its
// line number while the good lines around it are still read.

#include "eval/eval_case.h"
#include "support/cli_runner.h"

#include <QTest>

using namespace raglens;

class TestEvalSet : public QObject
{
    Q_OBJECT

private slots:
    void validSet();
    void malformedLines_data();
    void malformedLines();
    void aKeyWrittenTwiceIsRefused();
    void aLoneSurrogateIsNotTheCaseWritten();
    void aLineTooDeepIsRefusedWithTheReason();
    void aBlankOptionalValueIsRefused();
    void numberTooLargeIsReportedNotThrown();
    void goodLinesSurviveBadOnes();
    void errorSummaryNamesLines();
    void missingFileIsAnError();
    void demoSetIsValid();
    void caseRoundTripsThroughJson();
};

void TestEvalSet::validSet()
{
    Expected<EvalSet> set = loadEvalSet(test::fixturePath("eval/sets/small.jsonl"));
    QVERIFY2(set.ok(), qPrintable(set.ok() ? QString() : set.error()));
    QVERIFY(set->isValid());
    QCOMPARE(int(set->cases.size()), 3);
    const EvalCase& keys = set->cases[0];
    QCOMPARE(keys.id, QStringLiteral("keys-case"));
    QVERIFY(keys.usesEvidenceKeys());
    QCOMPARE(keys.expectedRelevance, QStringLiteral("PRECISE"));
    QCOMPARE(keys.line, 1);
    const EvalCase& sources = set->cases[1];
    QCOMPARE(sources.line, 3); // the blank line 2 is skipped but still counted
    QCOMPARE(sources.category, QStringLiteral("mysql"));
    QVERIFY(!sources.usesEvidenceKeys());
    QCOMPARE(sources.expectedItems(), QStringList{"mysql/too-many-connections-1040"});
    QCOMPARE(sources.expectedSelectedAttempt, QStringLiteral("FILTERED_VECTOR"));
    QVERIFY(set->cases[2].expectNoEvidence);
    QCOMPARE(set->cases[2].tags, QStringList{"ood"});
}

void TestEvalSet::malformedLines_data()
{
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("broken JSON") << 2 << "not valid JSON";
    QTest::newRow("no id") << 3 << "\"id\"";
    QTest::newRow("no query") << 4 << "\"query\"";
    QTest::newRow("nothing expected") << 5 << "expect_no_evidence";
    QTest::newRow("contradiction") << 6 << "contradicts";
    QTest::newRow("bad relevance") << 7 << "HIGH";
    QTest::newRow("bad attempt") << 8 << "KEYWORD";
    QTest::newRow("sources not a list") << 9 << "expected_sources";
    QTest::newRow("duplicate id") << 10 << "duplicate id \"good-1\"";
    QTest::newRow("not an object") << 11 << "JSON object";
}

void TestEvalSet::numberTooLargeIsReportedNotThrown()
{
    // Found by fuzz_eval_set: a number past a double's range is not a syntax error, and the
    // column lookup for the message threw out of the parser.
    const EvalSet set = parseEvalSet(QByteArrayLiteral("7777777e7777777777777777\",\n"
                                                       "{\"id\": \"x\", \"query\": 1e999}\n"));
    QCOMPARE(int(set.errors.size()), 2);
    QVERIFY(set.errors.at(0).message.contains(QStringLiteral("not valid JSON")));
    // The second line is JSON the SQL engines read, with a number no double holds: its
    // case would run with a null query, so it is refused as not the case written.
    QVERIFY2(set.errors.at(1).message.contains(QStringLiteral("not a case as written")) &&
                 set.errors.at(1).message.contains(QStringLiteral("too large")),
             qPrintable(set.errors.at(1).message));
}

void TestEvalSet::aLoneSurrogateIsNotTheCaseWritten()
{
    // nlohmann refuses "\ud800"; the input guard reads it as U+FFFD, as SQLite does. Either
    // way the line is refused, and it says why.
    const EvalSet set =
        parseEvalSet(QByteArrayLiteral("{\"id\": \"a\", \"query\": \"redis \\ud800\", "
                                       "\"expected_sources\": [\"redis/x\"]}\n"));
    QCOMPARE(int(set.errors.size()), 1);
    QVERIFY2(set.errors.at(0).message.contains(QStringLiteral("surrogate")),
             qPrintable(set.errors.at(0).message));
    QVERIFY(set.cases.empty());
}

void TestEvalSet::aBlankOptionalValueIsRefused()
{
    // "category": "" ran the case with the automatic category, as if the key were absent;
    // `lookup --category ""` is refused for that reason. Each blank value names its key.
    const EvalSet set = parseEvalSet(
        QByteArrayLiteral("{\"id\": \"a\", \"query\": \"q\", \"category\": \"\", "
                          "\"expect_no_evidence\": true}\n"
                          "{\"id\": \"b\", \"query\": \"q\", \"expected_relevance\": \" \", "
                          "\"expected_sources\": [\"x\"]}\n"
                          "{\"id\": \"c\", \"query\": \"q\", \"category\": \"redis\", "
                          "\"expect_no_evidence\": true}\n"
                          "{\"id\": \"d\", \"query\": \"q\", \"expected_sources\": [\" \"]}\n"));
    QCOMPARE(int(set.errors.size()), 3);
    QVERIFY2(set.errors.at(2).message.contains(QStringLiteral("non-empty strings")),
             qPrintable(set.errors.at(2).message));
    QVERIFY2(set.errors.at(0).message.contains(QStringLiteral("\"category\" is blank")),
             qPrintable(set.errors.at(0).message));
    QVERIFY2(set.errors.at(1).message.contains(QStringLiteral("\"expected_relevance\" is blank")),
             qPrintable(set.errors.at(1).message));
    QCOMPARE(int(set.cases.size()), 1);
    QCOMPARE(set.cases.at(0).category, QStringLiteral("redis"));
}

void TestEvalSet::aLineTooDeepIsRefusedWithTheReason()
{
    const QByteArray deep = QByteArray(5000, '[') + QByteArray(5000, ']');
    const EvalSet set = parseEvalSet(deep + '\n');
    QCOMPARE(int(set.errors.size()), 1);
    QVERIFY2(set.errors.at(0).message.contains(QStringLiteral("nested")),
             qPrintable(set.errors.at(0).message));
}

void TestEvalSet::aKeyWrittenTwiceIsRefused()
{
    // The case ran the query written last while the file shows the first one first; every
    // other reader of outside JSON reads the first and says so.
    const EvalSet set = parseEvalSet(
        QByteArrayLiteral("{\"id\": \"a\", \"query\": \"redis oom\", \"query\": \"kafka lag\", "
                          "\"expected_sources\": [\"redis/x\"]}\n"
                          "{\"id\": \"b\", \"query\": \"kafka lag\", \"expected_sources\": "
                          "[\"kafka/y\"]}\n"));
    QCOMPARE(int(set.errors.size()), 1);
    QCOMPARE(set.errors.at(0).line, 1);
    QVERIFY2(set.errors.at(0).message.contains(QStringLiteral("not a case as written")) &&
                 set.errors.at(0).message.contains(QStringLiteral("repeated")),
             qPrintable(set.errors.at(0).message));
    QCOMPARE(int(set.cases.size()), 1);
    QCOMPARE(set.cases.at(0).id, QStringLiteral("b"));
}

void TestEvalSet::malformedLines()
{
    QFETCH(int, line);
    QFETCH(QString, mentions);
    Expected<EvalSet> set = loadEvalSet(test::fixturePath("eval/sets/malformed.jsonl"));
    QVERIFY(set.ok());
    QVERIFY(!set->isValid());
    const auto it = std::find_if(set->errors.begin(), set->errors.end(),
                                 [&](const EvalSetLineError& e) { return e.line == line; });
    QVERIFY2(it != set->errors.end(), qPrintable(QStringLiteral("no error for line %1").arg(line)));
    QVERIFY2(it->message.contains(mentions), qPrintable(it->message));
}

void TestEvalSet::goodLinesSurviveBadOnes()
{
    Expected<EvalSet> set = loadEvalSet(test::fixturePath("eval/sets/malformed.jsonl"));
    QVERIFY(set.ok());
    QCOMPARE(int(set->errors.size()), 10);
    QCOMPARE(int(set->cases.size()), 2);
    QCOMPARE(set->cases[0].id, QStringLiteral("good-1"));
    QCOMPARE(set->cases[1].id, QStringLiteral("good-2"));
    QCOMPARE(set->cases[1].line, 12);
}

void TestEvalSet::errorSummaryNamesLines()
{
    const EvalSet set = parseEvalSet("{\"id\":\"a\"}\n\n{oops\n");
    QCOMPARE(int(set.errors.size()), 2);
    const QString summary = set.errorSummary();
    QVERIFY2(summary.startsWith(QStringLiteral("line 1: ")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("line 3: not valid JSON (column")),
             qPrintable(summary));
    QVERIFY(set.errorSummary(1).contains(QStringLiteral("1 more")));
}

void TestEvalSet::missingFileIsAnError()
{
    Expected<EvalSet> set = loadEvalSet(QStringLiteral("/nonexistent/set.jsonl"));
    QVERIFY(!set.ok());
    QVERIFY(set.error().contains(QStringLiteral("/nonexistent/set.jsonl")));
}

void TestEvalSet::demoSetIsValid()
{
    Expected<EvalSet> set = loadEvalSet(test::sourcePath("resources/demo/eval/demo.jsonl"));
    QVERIFY(set.ok());
    QVERIFY2(set->isValid(), qPrintable(set->errorSummary()));
    QVERIFY(set->cases.size() >= 80);
}

void TestEvalSet::caseRoundTripsThroughJson()
{
    EvalCase c;
    c.id = QStringLiteral("rt");
    c.query = QStringLiteral("连接池 exhausted");
    c.expectedEvidenceKeys = QStringList{"a#chunk-1"};
    c.expectedSelectedAttempt = QStringLiteral("UNFILTERED_VECTOR_RETRY");
    c.tags = QStringList{"zh"};
    const nlohmann::json j = c;
    QVERIFY(!j.contains("expect_no_evidence")); // optional fields only when set
    QVERIFY(!j.contains("category"));
    Expected<EvalCase> back = evalCaseFromJson(j);
    QVERIFY(back.ok());
    QCOMPARE(back->query, c.query);
    QCOMPARE(back->expectedEvidenceKeys, c.expectedEvidenceKeys);
    QCOMPARE(back->expectedSelectedAttempt, c.expectedSelectedAttempt);
    QCOMPARE(back->tags, c.tags);
}

QTEST_GUILESS_MAIN(TestEvalSet)
#include "tst_eval_set.moc"
