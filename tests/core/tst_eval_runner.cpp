// EvalRunner against a real (demo) knowledge base built here: parallel batches give the
// same per-case results as a serial run, progress climbs to the total, cancelling stops
// after the current batch, and k bounds what each lookup returns.

#include "eval/eval_runner.h"
#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"
#include "support/cli_runner.h"

#include <QTemporaryDir>
#include <QTest>

using namespace raglens;

class TestEvalRunner : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void parallelEqualsSerial();
    void progressClimbsToTotal();
    void cancelStopsAfterTheCurrentBatch();
    void kBoundsTheReturnedList_data();
    void kBoundsTheReturnedList();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<KnowledgeBase> m_kb;
    EvalSet m_set;
};

void TestEvalRunner::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString kbDir = m_dir.filePath(QStringLiteral("kb"));
    auto summary = ingestFolder(test::sourcePath(QStringLiteral("resources/demo/kb")), kbDir);
    QVERIFY2(summary.ok(), qPrintable(summary.ok() ? QString() : summary.error()));
    auto kb = KnowledgeBase::open(kbDir);
    QVERIFY(kb.ok());
    m_kb = *kb;
    auto set = loadEvalSet(test::sourcePath(QStringLiteral("resources/demo/eval/demo.jsonl")));
    QVERIFY(set.ok() && set->isValid());
    m_set = *set;
}

void TestEvalRunner::parallelEqualsSerial()
{
    const LookupEngine engine(m_kb);
    EvalRunOptions serial;
    serial.maxThreads = 1;
    serial.batchSize = 1;
    EvalRunOptions parallel;
    parallel.maxThreads = 2;
    parallel.batchSize = 16;
    const EvalReport a = runEval(m_set, engine, serial);
    const EvalReport b = runEval(m_set, engine, parallel);
    QCOMPARE(a.rows.size(), m_set.cases.size());
    QCOMPARE(b.rows.size(), m_set.cases.size());
    for (size_t i = 0; i < a.rows.size(); ++i) {
        // Rows keep the set's order however the batch was spread over threads.
        QCOMPARE(b.rows[i].evalCase.id, m_set.cases[i].id);
        QCOMPARE(b.rows[i].ranked, a.rows[i].ranked);
        QCOMPARE(b.rows[i].hit(), a.rows[i].hit());
    }
    QCOMPARE(*b.metrics.hitAtK, *a.metrics.hitAtK);
    QCOMPARE(*b.metrics.mrr, *a.metrics.mrr);
    QVERIFY(!b.cancelled);
    QCOMPARE(b.kbDir, m_kb->directory());
}

void TestEvalRunner::progressClimbsToTotal()
{
    const LookupEngine engine(m_kb);
    QList<QPair<int, int>> calls;
    EvalRunOptions options;
    options.batchSize = 10;
    options.onProgress = [&](int done, int total) { calls << qMakePair(done, total); };
    runEval(m_set, engine, options);
    const int total = int(m_set.cases.size());
    QVERIFY(calls.size() >= 2);
    QCOMPARE(calls.first(), qMakePair(0, total));
    QCOMPARE(calls.last(), qMakePair(total, total));
    for (int i = 1; i < calls.size(); ++i)
        QVERIFY(calls[i].first > calls[i - 1].first);
    QCOMPARE(calls.size(), 1 + (total + 9) / 10);
}

void TestEvalRunner::cancelStopsAfterTheCurrentBatch()
{
    const LookupEngine engine(m_kb);
    int progressCalls = 0;
    EvalRunOptions options;
    options.batchSize = 8;
    options.onProgress = [&](int, int) { ++progressCalls; };
    options.isCancelled = [&] { return progressCalls >= 2; }; // after the first batch
    const EvalReport report = runEval(m_set, engine, options);
    QVERIFY(report.cancelled);
    QCOMPARE(int(report.rows.size()), 8);
    QCOMPARE(report.metrics.cases, 8);
}

void TestEvalRunner::kBoundsTheReturnedList_data()
{
    QTest::addColumn<int>("k");
    QTest::newRow("k=1") << 1;
    QTest::newRow("k=3") << 3;
}

void TestEvalRunner::kBoundsTheReturnedList()
{
    QFETCH(int, k);
    const LookupEngine engine(m_kb);
    EvalRunOptions options;
    options.k = k;
    const EvalReport report = runEval(m_set, engine, options);
    QCOMPARE(report.k, k);
    for (const CaseResult& r : report.rows) {
        QVERIFY(r.ranked.size() <= k);
        QVERIFY(r.outcome.evidenceKeys.size() <= k);
        if (r.firstHitRank)
            QVERIFY(*r.firstHitRank <= k);
    }
}

QTEST_GUILESS_MAIN(TestEvalRunner)
#include "tst_eval_runner.moc"
