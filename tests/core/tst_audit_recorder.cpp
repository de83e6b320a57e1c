// RunRecorder + StepTracker + SqlAuditSink: every invocation is bound to the step that
// issued it across multi-step runs; counts and timeline come out right; full-trace
// sampling follows its policy.

#include "audit/run_recorder.h"
#include "audit/sql_audit_sink.h"
#include "audit/tool_boundary.h"
#include "audit/trace_sampling.h"
#include "common/json_qt.h"
#include "db/audit_database.h"
#include "model/vocabulary.h"
#include "support/audit_fixtures.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using nlohmann::json;

class TestAuditRecorder : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void stepBindingAcrossMultiStepRuns();
    void interleavedRunsKeepTheirSteps();
    void resumeContinuesStepIndex();
    void resumeRefusesOtherSession();
    void deterministicTimestamps();
    void samplingReasons_data();
    void samplingReasons();
    void samplingDefaults();
    void samplingRateIsDeterministic();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<AuditDatabase> m_db;
};

void TestAuditRecorder::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    auto db = AuditDatabase::open(m_dir->filePath(QStringLiteral("audit.db")), AccessMode::Create);
    QVERIFY(db);
    m_db = std::move(*db);
}

void TestAuditRecorder::stepBindingAcrossMultiStepRuns()
{
    auto run = RunRecorder::begin(*m_db, {"run-a", "sess-a", "bob", "Pool exhausted?"});
    QVERIFY(run);
    RunRecorder& rec = **run;
    SqlAuditSink sink(*m_db, TraceSamplingPolicy::off());
    ToolBoundary boundary(&sink, &rec.tracker());
    test::FakeLookupTool lookup(test::retryLookup(QStringLiteral("q")));
    test::FakeHarnessTool metrics(QStringLiteral("fetch_metrics"));

    // step 0: two lookups; step 1: thinking only; step 2: metrics + lookup
    const qint64 s0 = *rec.beginStep(QStringLiteral("triage"));
    const ToolExecution a = boundary.execute(lookup, {"lookup_knowledge", {}, {{"query", "a"}}});
    const ToolExecution b = boundary.execute(lookup, {"lookup_knowledge", {}, {{"query", "b"}}});
    QVERIFY(rec.finishStep(120));
    const qint64 s1 = *rec.beginStep(QStringLiteral("planner"));
    QVERIFY(rec.finishStep(40));
    const qint64 s2 = *rec.beginStep(QStringLiteral("investigator"));
    const ToolExecution c = boundary.execute(metrics, {{}, {}, {{"service", "x"}}});
    const ToolExecution d = boundary.execute(lookup, {"lookup_knowledge", {}, {{"query", "d"}}});
    QVERIFY(rec.finishStep(200));
    auto totals = rec.finish({vocab::kCompleted, vocab::kSuccess, vocab::kDiagnosisReport, {}});
    QVERIFY(totals);
    QCOMPARE(totals->toolCallCount, 4);
    QCOMPARE(totals->totalTokenCount, qint64(360));

    const QList<std::pair<const ToolExecution*, qint64>> expected = {
        {&a, s0}, {&b, s0}, {&c, s2}, {&d, s2}};
    for (const auto& [ex, step] : expected) {
        QCOMPARE(ex->stepId.value_or(-1), step);
        QSqlQuery q(m_db->sql());
        q.prepare(QStringLiteral("SELECT step_id FROM tool_invocation WHERE id = ?"));
        q.addBindValue(*ex->invocationId);
        QVERIFY(q.exec() && q.next());
        QCOMPARE(q.value(0).toLongLong(), step);
        QCOMPARE(rec.tracker().stepOf(ex->toolCallId).value_or(-1), step);
    }
    QVERIFY(a.toolCallId != b.toolCallId);

    QSqlQuery steps(m_db->sql());
    QVERIFY(steps.exec(QStringLiteral("SELECT id, step_index, has_tool_call, token_count, "
                                      "finished_at FROM agent_step ORDER BY step_index")));
    const QList<QList<qint64>> stepRows = {{s0, 0, 1, 120}, {s1, 1, 0, 40}, {s2, 2, 1, 200}};
    for (const QList<qint64>& row : stepRows) {
        QVERIFY(steps.next());
        for (int i = 0; i < 4; ++i)
            QCOMPARE(steps.value(i).toLongLong(), row.at(i));
        QVERIFY(!steps.value(4).isNull());
    }

    QSqlQuery runRow(m_db->sql());
    QVERIFY(runRow.exec(QStringLiteral("SELECT status, release_outcome, content_type, "
                                       "tool_call_count, total_token_count, finished_at "
                                       "FROM diagnosis_run WHERE run_id = 'run-a'")));
    QVERIFY(runRow.next());
    QCOMPARE(runRow.value(0).toString(), vocab::kCompleted);
    QCOMPARE(runRow.value(1).toString(), vocab::kSuccess);
    QCOMPARE(runRow.value(2).toString(), vocab::kDiagnosisReport);
    QCOMPARE(runRow.value(3).toInt(), 4);
    QCOMPARE(runRow.value(4).toInt(), 360);

    QSqlQuery ev(m_db->sql());
    QVERIFY(ev.exec(QStringLiteral("SELECT event_type FROM diagnosis_trace ORDER BY id")));
    QStringList types;
    while (ev.next())
        types << ev.value(0).toString();
    QCOMPARE(types,
             QStringList({"RUN_STARTED", "STEP", "TOOL_INVOCATION", "TOOL_INVOCATION", "STEP",
                          "STEP", "TOOL_INVOCATION", "TOOL_INVOCATION", "RUN_FINISHED"}));
}

void TestAuditRecorder::interleavedRunsKeepTheirSteps()
{
    auto r1 = RunRecorder::begin(*m_db, {"run-1", "sess", {}, {}});
    auto r2 = RunRecorder::begin(*m_db, {"run-2", "sess", {}, {}});
    QVERIFY(r1 && r2);
    SqlAuditSink sink(*m_db, TraceSamplingPolicy::off());
    ToolBoundary b1(&sink, &(*r1)->tracker());
    ToolBoundary b2(&sink, &(*r2)->tracker());
    test::FakeLookupTool tool(test::retryLookup(QStringLiteral("q")));
    const qint64 s1 = *(*r1)->beginStep(QStringLiteral("a"));
    const qint64 s2 = *(*r2)->beginStep(QStringLiteral("b"));
    const ToolExecution x = b1.execute(tool, {"lookup_knowledge", {}, {}});
    const ToolExecution y = b2.execute(tool, {"lookup_knowledge", {}, {}});
    QCOMPARE(x.stepId.value_or(-1), s1);
    QCOMPARE(y.stepId.value_or(-1), s2);
    QSqlQuery q(m_db->sql());
    QVERIFY(q.exec(QStringLiteral("SELECT i.run_id, s.run_id FROM tool_invocation i "
                                  "JOIN agent_step s ON s.id = i.step_id")));
    int rows = 0;
    while (q.next()) {
        QCOMPARE(q.value(0).toString(), q.value(1).toString());
        ++rows;
    }
    QCOMPARE(rows, 2);
}

void TestAuditRecorder::resumeContinuesStepIndex()
{
    {
        auto run = RunRecorder::begin(*m_db, {"run-r", "sess-r", {}, {}});
        QVERIFY(run);
        (*run)->beginStep(QStringLiteral("console"));
        (*run)->beginStep(QStringLiteral("console"));
        QVERIFY((*run)->finish({vocab::kCompleted, vocab::kSuccess, {}, {}}));
    }
    auto resumed = RunRecorder::resume(*m_db, QStringLiteral("run-r"), QStringLiteral("sess-r"));
    QVERIFY(resumed);
    QCOMPARE((*resumed)->tracker().nextStepIndex(), 2);
    QVERIFY((*resumed)->beginStep(QStringLiteral("console")));
    QCOMPARE((*resumed)->tracker().currentStepIndex(), 2);
}

void TestAuditRecorder::resumeRefusesOtherSession()
{
    QVERIFY(RunRecorder::begin(*m_db, {"run-x", "sess-x", {}, {}}));
    auto wrong = RunRecorder::resume(*m_db, QStringLiteral("run-x"), QStringLiteral("other"));
    QVERIFY(!wrong);
    QVERIFY(wrong.error().contains(QStringLiteral("sess-x")));
    QVERIFY(!RunRecorder::resume(*m_db, QStringLiteral("missing"), QStringLiteral("sess-x")));
    // a duplicate run id is refused rather than silently merged
    QVERIFY(!RunRecorder::begin(*m_db, {"run-x", "sess-x", {}, {}}));
}

void TestAuditRecorder::deterministicTimestamps()
{
    ScriptedClock clock(QDateTime(QDate(2026, 3, 1), QTime(8, 0), Qt::UTC));
    auto run = RunRecorder::begin(*m_db, {"run-t", "sess-t", {}, {}}, clock.clock());
    QVERIFY(run);
    clock.advance(250);
    (*run)->beginStep(QStringLiteral("a"));
    clock.advance(1000);
    QVERIFY((*run)->finish(
        {vocab::kCompleted, vocab::kFallback, vocab::kSafeFallback, vocab::kInsufficientEvidence}));
    QSqlQuery q(m_db->sql());
    QVERIFY(q.exec(QStringLiteral("SELECT r.started_at, s.started_at, r.finished_at, "
                                  "r.fallback_reason FROM diagnosis_run r JOIN agent_step s "
                                  "ON s.run_id = r.run_id")));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), QStringLiteral("2026-03-01T08:00:00.000Z"));
    QCOMPARE(q.value(1).toString(), QStringLiteral("2026-03-01T08:00:00.250Z"));
    QCOMPARE(q.value(2).toString(), QStringLiteral("2026-03-01T08:00:01.250Z"));
    QCOMPARE(q.value(3).toString(), vocab::kInsufficientEvidence);
}

void TestAuditRecorder::samplingReasons_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<double>("rate");
    QTest::addColumn<QString>("reason");
    QTest::newRow("off: retry not kept") << "retry" << false << 1.0 << "";
    QTest::newRow("retry always") << "retry" << true << 0.0 << "retry";
    QTest::newRow("no evidence always") << "none" << true << 0.0 << "no_evidence";
    QTest::newRow("tool error, no result") << "error" << true << 0.0 << "error";
    QTest::newRow("engine error always") << "engine-error" << true << 0.0 << "error";
    QTest::newRow("plain at rate 0") << "plain" << true << 0.0 << "";
    QTest::newRow("plain at rate 1") << "plain" << true << 1.0 << "sampled";
}

void TestAuditRecorder::samplingReasons()
{
    QFETCH(QString, kind);
    QFETCH(bool, enabled);
    QFETCH(double, rate);
    QFETCH(QString, reason);
    LookupResult r = kind == QLatin1String("none") ? test::noEvidenceLookup(QStringLiteral("q"))
                                                   : test::retryLookup(QStringLiteral("q"));
    if (kind == QLatin1String("plain")) {
        r.retrievalTrace.fallbackReason.clear();
        r.retrievalTrace.selectedAttempt = vocab::kFilteredVector;
    }
    const bool success = kind != QLatin1String("error");
    const bool engineError = kind == QLatin1String("engine-error");
    SqlAuditSink sink(*m_db, TraceSamplingPolicy{enabled, rate});
    ToolBoundary boundary(&sink, nullptr);
    test::FakeLookupTool tool(r);
    tool.fail = !success;
    tool.failWithResult = engineError;
    const ToolExecution ex = boundary.execute(tool, {"lookup_knowledge", {}, {{"query", "q"}}});
    QVERIFY(ex.invocationId);

    QSqlQuery q(m_db->sql());
    QVERIFY(q.exec(QStringLiteral("SELECT invocation_id, reason, lookup_result FROM "
                                  "lookup_trace_sample")));
    const bool stored = q.next();
    // a failed tool has no LookupResult to keep, so even "error" stores nothing then
    const bool expectStored = !reason.isEmpty() && (success || engineError);
    QCOMPARE(stored, expectStored);
    if (stored) {
        QCOMPARE(q.value(0).toLongLong(), *ex.invocationId);
        QCOMPARE(q.value(1).toString(), reason);
        const json full = json::parse(q.value(2).toString().toStdString());
        QCOMPARE(full.at("query").get<QString>(), QStringLiteral("q")); // the whole thing
    }
    QSqlQuery ev(m_db->sql());
    QVERIFY(ev.exec(QStringLiteral("SELECT details FROM diagnosis_trace")));
    QVERIFY(ev.next());
    QCOMPARE(json::parse(ev.value(0).toString().toStdString()).at("has_raw_result").get<bool>(),
             stored);
}

void TestAuditRecorder::samplingDefaults()
{
    // RagLens-owned local file: on, at the configured rate
    QVERIFY(TraceSamplingPolicy::defaultFor(*m_db).enabled);
    QCOMPARE(TraceSamplingPolicy::defaultFor(*m_db).rate, 0.25);
    qputenv("RAGLENS_TRACE_SAMPLE_RATE", "1");
    QCOMPARE(TraceSamplingPolicy::defaultFor(*m_db).rate, 1.0);
    qputenv("RAGLENS_TRACE_SAMPLE_RATE", "0");
    QVERIFY(!TraceSamplingPolicy::defaultFor(*m_db).enabled);
    qputenv("RAGLENS_TRACE_SAMPLE_RATE", "lots");
    QCOMPARE(TraceSamplingPolicy::defaultFor(*m_db).rate, 0.25);
    qunsetenv("RAGLENS_TRACE_SAMPLE_RATE");
    // a production database RagLens did not create, even with --write: off
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("prod.db"));
    {
        auto db = AuditDatabase::open(path, AccessMode::Create);
        QVERIFY(db);
        QSqlQuery q((*db)->sql());
        QVERIFY(q.exec(QStringLiteral("DROP TABLE raglens_schema_version")));
    }
    auto prod = AuditDatabase::open(path, AccessMode::Write);
    QVERIFY(prod);
    QVERIFY(!(*prod)->isRagLensOwned());
    QVERIFY(!(*prod)->isReadOnly());
    QVERIFY(!TraceSamplingPolicy::defaultFor(**prod).enabled);
    SqlAuditSink sink(**prod);
    ToolBoundary boundary(&sink, nullptr);
    test::FakeLookupTool tool(test::noEvidenceLookup(QStringLiteral("secret customer text")));
    QVERIFY(boundary.execute(tool, {"lookup_knowledge", {}, {}}).invocationId);
    QSqlQuery q((*prod)->sql());
    QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM lookup_trace_sample")) && q.next());
    QCOMPARE(q.value(0).toInt(), 0);
}

void TestAuditRecorder::samplingRateIsDeterministic()
{
    LookupResult plain = test::retryLookup(QStringLiteral("q"));
    plain.retrievalTrace.fallbackReason.clear();
    plain.retrievalTrace.selectedAttempt = vocab::kFilteredVector;
    const TraceSamplingPolicy p = TraceSamplingPolicy::on(0.25);
    int kept = 0;
    for (int i = 0; i < 2000; ++i) {
        const QString id = QStringLiteral("call-%1").arg(i);
        const QString reason = p.reasonFor(plain, true, id);
        QCOMPARE(p.reasonFor(plain, true, id), reason); // same id, same decision
        kept += reason.isEmpty() ? 0 : 1;
    }
    QVERIFY2(kept > 400 && kept < 600, qPrintable(QString::number(kept)));
}

QTEST_GUILESS_MAIN(TestAuditRecorder)
#include "tst_audit_recorder.moc"
