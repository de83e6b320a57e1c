// ToolBoundary: runs any tool, projects, times, binds to the step and audits — and an
// audit failure never costs the agent its tool result.

#include "audit/audit_sink.h"
#include "audit/run_recorder.h"
#include "audit/sql_audit_sink.h"
#include "audit/step_tracker.h"
#include "audit/tool_boundary.h"
#include "common/json_qt.h"
#include "db/audit_database.h"
#include "model/vocabulary.h"
#include "support/audit_fixtures.h"

#include <QRegularExpression>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <stdexcept>

using namespace raglens;
using nlohmann::json;

namespace {

class FailingSink : public AuditSink
{
public:
    bool throwInstead = false;
    int attempts = 0;
    Expected<qint64> write(const ToolInvocationAuditEvent&) override
    {
        ++attempts;
        if (throwInstead)
            throw std::runtime_error("disk on fire");
        return Error{QStringLiteral("database is locked")};
    }
};

class CapturingSink : public AuditSink
{
public:
    std::vector<ToolInvocationAuditEvent> events;
    Expected<qint64> write(const ToolInvocationAuditEvent& e) override
    {
        events.push_back(e);
        return qint64(events.size());
    }
};

int countRows(AuditDatabase& db, const QString& sql)
{
    QSqlQuery q(db.sql());
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toInt();
}

} // namespace

class TestAuditBoundary : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void recordsLookupThroughSqlSink();
    void eventCarriesRawAgentStepAndTiming();
    void failingSinkKeepsToolResult_data();
    void failingSinkKeepsToolResult();
    void brokenDatabaseKeepsToolResult();
    void readOnlyDatabaseKeepsToolResult();
    void toolFailureIsAudited_data();
    void toolFailureIsAudited();
    void harnessToolGetsThinRow();
    void noSinkStillRunsTool();
    void callOutsideAStepHasNoStep();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<AuditDatabase> m_db;
};

void TestAuditBoundary::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    auto db = AuditDatabase::open(m_dir->filePath(QStringLiteral("audit.db")), AccessMode::Create);
    QVERIFY2(db, qPrintable(db.ok() ? QString() : db.error()));
    m_db = std::move(*db);
}

void TestAuditBoundary::recordsLookupThroughSqlSink()
{
    auto run = RunRecorder::begin(*m_db, {QStringLiteral("r1"), QStringLiteral("s1"),
                                          QStringLiteral("alice"), QStringLiteral("why?")});
    QVERIFY(run);
    auto step = (*run)->beginStep(QStringLiteral("planner"));
    QVERIFY(step);
    SqlAuditSink sink(*m_db, TraceSamplingPolicy::off());
    ToolBoundary boundary(&sink, &(*run)->tracker());
    test::FakeLookupTool tool(test::retryLookup(QStringLiteral("hikari pool exhausted")));
    const ToolExecution ex =
        boundary.execute(tool, {vocab::kLookupKnowledge, {}, {{"query", "hikari pool exhausted"}}});
    QVERIFY(ex.output.success);
    QVERIFY(ex.invocationId.has_value());
    QCOMPARE(ex.stepId.value_or(-1), *step);
    QCOMPARE(ex.agentResult.at("evidence_status").get<QString>(), vocab::kEvidenceFound);

    QSqlQuery q(m_db->sql());
    q.prepare(QStringLiteral("SELECT step_id, tool_call_id, retrieval_layer, relevance_level, "
                             "run_id, session_id, input_params FROM tool_invocation WHERE id = ?"));
    q.addBindValue(*ex.invocationId);
    QVERIFY(q.exec() && q.next());
    QCOMPARE(q.value(0).toLongLong(), *step);
    QCOMPARE(q.value(1).toString(), ex.toolCallId);
    QCOMPARE(q.value(2).toString(), vocab::kLayerL1);
    QCOMPARE(q.value(3).toString(), vocab::kPrecise);
    QCOMPARE(q.value(4).toString(), QStringLiteral("r1"));
    QCOMPARE(q.value(5).toString(), QStringLiteral("s1"));
    const json params = json::parse(q.value(6).toString().toStdString());
    QCOMPARE(params.at("step_id").get<qint64>(), *step);

    // exactly one thin TOOL_INVOCATION event, bound to the same step
    QSqlQuery ev(m_db->sql());
    QVERIFY(ev.exec(QStringLiteral(
        "SELECT step_id, details FROM diagnosis_trace WHERE event_type = 'TOOL_INVOCATION'")));
    QVERIFY(ev.next());
    QCOMPARE(ev.value(0).toLongLong(), *step);
    const json details = json::parse(ev.value(1).toString().toStdString());
    QCOMPARE(details.size(), size_t(6));
    QCOMPARE(details.at("tool_call_id").get<QString>(), ex.toolCallId);
    QVERIFY(details.at("request_bytes").get<int>() > 0);
    QVERIFY(details.at("result_bytes").get<int>() > 0);
    QVERIFY(!ev.next());
}

void TestAuditBoundary::eventCarriesRawAgentStepAndTiming()
{
    StepTracker tracker(QStringLiteral("s"), QStringLiteral("r"));
    tracker.stepStarted(42, 0);
    CapturingSink sink;
    const QDateTime fixed(QDate(2026, 1, 2), QTime(3, 4, 5, 600), Qt::UTC);
    ToolBoundary boundary(&sink, &tracker, [fixed] { return fixed; });
    test::FakeLookupTool tool(test::retryLookup(QStringLiteral("q")));
    boundary.execute(tool, {vocab::kLookupKnowledge, QStringLiteral("call-x"), {{"query", "q"}}});
    QCOMPARE(sink.events.size(), size_t(1));
    const ToolInvocationAuditEvent& e = sink.events.front();
    QCOMPARE(e.stepId.value_or(-1), qint64(42));
    QCOMPARE(e.toolCallId, QStringLiteral("call-x"));
    QCOMPARE(e.rawResult.at("query").get<QString>(), QStringLiteral("q")); // raw, whole
    QVERIFY(e.rawResult.contains("evidenceBlocks"));
    QCOMPARE(e.agentResult.at("returned_count").get<int>(), 2);
    QCOMPARE(e.createdAt, fixed);
    QVERIFY(e.durationMs >= 0);
    QCOMPARE(e.requestBytes, jsonBytes(json{{"query", "q"}}));
    QCOMPARE(tracker.stepOf(QStringLiteral("call-x")).value_or(-1), qint64(42));
}

void TestAuditBoundary::failingSinkKeepsToolResult_data()
{
    QTest::addColumn<bool>("throwInstead");
    QTest::newRow("error") << false;
    QTest::newRow("exception") << true;
}

void TestAuditBoundary::failingSinkKeepsToolResult()
{
    QFETCH(bool, throwInstead);
    FailingSink sink;
    sink.throwInstead = throwInstead;
    StepTracker tracker(QStringLiteral("s"), QStringLiteral("r"));
    tracker.stepStarted(1, 0);
    ToolBoundary boundary(&sink, &tracker);
    test::FakeLookupTool tool(test::retryLookup(QStringLiteral("q")));
    const int before = ToolBoundary::totalAuditFailures();
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QStringLiteral("audit of lookup_knowledge .* failed")));
    const ToolExecution ex =
        boundary.execute(tool, {vocab::kLookupKnowledge, {}, {{"query", "q"}}});
    QCOMPARE(tool.calls, 1);
    QVERIFY(ex.output.success);
    QCOMPARE(ex.agentResult.at("evidence_status").get<QString>(), vocab::kEvidenceFound);
    QVERIFY(!ex.invocationId);
    QVERIFY(!ex.auditError.isEmpty());
    QCOMPARE(boundary.auditFailures(), 1);
    QCOMPARE(ToolBoundary::totalAuditFailures(), before + 1);
    QCOMPARE(sink.attempts, 1);
}

void TestAuditBoundary::brokenDatabaseKeepsToolResult()
{
    // The timeline table vanishes mid-session: the invocation cannot be written whole,
    // so nothing of it is written, and the agent still gets its evidence.
    QSqlQuery drop(m_db->sql());
    QVERIFY(drop.exec(QStringLiteral("DROP TABLE diagnosis_trace")));
    SqlAuditSink sink(*m_db, TraceSamplingPolicy::off());
    ToolBoundary boundary(&sink, nullptr);
    test::FakeLookupTool tool(test::retryLookup(QStringLiteral("q")));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("failed:.*timeline")));
    const ToolExecution ex =
        boundary.execute(tool, {vocab::kLookupKnowledge, {}, {{"query", "q"}}});
    QVERIFY(ex.output.success);
    QCOMPARE(ex.agentResult.at("returned_count").get<int>(), 2);
    QCOMPARE(boundary.auditFailures(), 1);
    QCOMPARE(countRows(*m_db, QStringLiteral("SELECT COUNT(*) FROM tool_invocation")), 0);
}

void TestAuditBoundary::readOnlyDatabaseKeepsToolResult()
{
    m_db.reset();
    auto ro = AuditDatabase::open(m_dir->filePath(QStringLiteral("audit.db")), AccessMode::Inspect);
    QVERIFY(ro);
    // An owned database opens writable; force the read-only case with a foreign file.
    QTemporaryDir dir;
    {
        auto foreign =
            AuditDatabase::open(dir.filePath(QStringLiteral("prod.db")), AccessMode::Create);
        QVERIFY(foreign);
        QSqlQuery q((*foreign)->sql());
        QVERIFY(q.exec(QStringLiteral("DROP TABLE raglens_schema_version")));
    }
    auto prod = AuditDatabase::open(dir.filePath(QStringLiteral("prod.db")), AccessMode::Inspect);
    QVERIFY(prod);
    QVERIFY((*prod)->isReadOnly());
    SqlAuditSink sink(**prod);
    QVERIFY(!sink.sampling().enabled);
    ToolBoundary boundary(&sink, nullptr);
    test::FakeLookupTool tool(test::retryLookup(QStringLiteral("q")));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("read-only")));
    const ToolExecution ex =
        boundary.execute(tool, {vocab::kLookupKnowledge, {}, {{"query", "q"}}});
    QVERIFY(ex.output.success);
    QCOMPARE(boundary.auditFailures(), 1);
}

void TestAuditBoundary::toolFailureIsAudited_data()
{
    QTest::addColumn<bool>("throwInstead");
    QTest::addColumn<QString>("message");
    QTest::newRow("returned error") << false << "lookup engine unavailable";
    QTest::newRow("exception") << true << "index file vanished";
}

void TestAuditBoundary::toolFailureIsAudited()
{
    QFETCH(bool, throwInstead);
    QFETCH(QString, message);
    SqlAuditSink sink(*m_db, TraceSamplingPolicy::on(0));
    ToolBoundary boundary(&sink, nullptr);
    test::FakeLookupTool tool(test::retryLookup(QStringLiteral("q")));
    tool.fail = !throwInstead;
    tool.throwInstead = throwInstead;
    const ToolExecution ex =
        boundary.execute(tool, {vocab::kLookupKnowledge, {}, {{"query", "q"}}});
    QVERIFY(!ex.output.success);
    QCOMPARE(ex.output.errorMessage, message);
    QCOMPARE(ex.agentResult.at("status").get<QString>(), QStringLiteral("ERROR"));
    QVERIFY(ex.invocationId);
    QSqlQuery q(m_db->sql());
    QVERIFY(q.exec(QStringLiteral("SELECT success, error_message, retrieval_details, "
                                  "output_preview FROM tool_invocation")));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 0);
    QCOMPARE(q.value(1).toString(), message);
    const json d = json::parse(q.value(2).toString().toStdString());
    QCOMPARE(d.at("evidence_status").get<QString>(), vocab::kError);
    QVERIFY(q.value(3).toString().startsWith(QStringLiteral("status=ERROR")));
}

void TestAuditBoundary::harnessToolGetsThinRow()
{
    SqlAuditSink sink(*m_db, TraceSamplingPolicy::on(1.0));
    ToolBoundary boundary(&sink, nullptr);
    test::FakeHarnessTool metrics(QStringLiteral("fetch_metrics"));
    test::FakeHarnessTool logs(QStringLiteral("query_logs"));
    logs.error = QStringLiteral("log backend timed out");
    const ToolExecution ok = boundary.execute(metrics, {{}, {}, {{"service", "order-api"}}});
    const ToolExecution bad = boundary.execute(logs, {{}, {}, {{"service", "order-api"}}});
    QVERIFY(ok.output.success);
    QCOMPARE(ok.agentResult.at("cpu").get<double>(), 0.93);
    QVERIFY(!bad.output.success);
    QSqlQuery q(m_db->sql());
    QVERIFY(
        q.exec(QStringLiteral("SELECT tool_name, retrieval_layer, output_preview, "
                              "retrieval_details, relevance_level, success FROM tool_invocation "
                              "ORDER BY id")));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), QStringLiteral("fetch_metrics"));
    QCOMPARE(q.value(1).toString(), vocab::kLayerHarness);
    QCOMPARE(q.value(2).toString(), QStringLiteral("status=SUCCESS"));
    QVERIFY(q.value(3).isNull());
    QVERIFY(q.value(4).isNull());
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), QStringLiteral("query_logs"));
    QCOMPARE(q.value(2).toString(), QStringLiteral("status=ERROR log backend timed out"));
    QCOMPARE(q.value(5).toInt(), 0);
    // harness tools never get a full-trace sample, even at rate 1
    QCOMPARE(countRows(*m_db, QStringLiteral("SELECT COUNT(*) FROM lookup_trace_sample")), 0);
}

void TestAuditBoundary::noSinkStillRunsTool()
{
    ToolBoundary boundary(nullptr, nullptr);
    test::FakeLookupTool tool(test::retryLookup(QStringLiteral("q")));
    const ToolExecution ex =
        boundary.execute(tool, {vocab::kLookupKnowledge, {}, {{"query", "q"}}});
    QVERIFY(ex.output.success);
    QVERIFY(!ex.invocationId);
    QVERIFY(ex.auditError.isEmpty());
    QVERIFY(!ex.toolCallId.isEmpty());
}

void TestAuditBoundary::callOutsideAStepHasNoStep()
{
    // A call between steps is recorded, but not pinned to a step it did not come from.
    auto run = RunRecorder::begin(*m_db, {QStringLiteral("r9"), QStringLiteral("s9"), {}, {}});
    QVERIFY(run);
    SqlAuditSink sink(*m_db, TraceSamplingPolicy::off());
    ToolBoundary boundary(&sink, &(*run)->tracker());
    test::FakeHarnessTool metrics(QStringLiteral("fetch_metrics"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("outside a step")));
    const ToolExecution ex = boundary.execute(metrics, {{}, {}, {{"service", "x"}}});
    QVERIFY(!ex.stepId);
    QVERIFY(ex.invocationId);
    QSqlQuery q(m_db->sql());
    QVERIFY(q.exec(QStringLiteral("SELECT step_id, input_params FROM tool_invocation")) &&
            q.next());
    QVERIFY(q.value(0).isNull());
    QVERIFY(!json::parse(q.value(1).toString().toStdString()).contains("step_id"));
}

QTEST_GUILESS_MAIN(TestAuditBoundary)
#include "tst_audit_boundary.moc"
