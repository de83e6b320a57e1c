// The scripted diagnosis runner and the demo workspace: outcomes follow the evidence,
// times are reproducible, every promised path is in the demo database, and creating the
// workspace again neither duplicates nor corrupts it.

#include "audit/input_params_sanitizer.h"
#include "audit/token_estimate.h"
#include "common/json_qt.h"
#include "db/audit_database.h"
#include "demo/demo_scenario.h"
#include "demo/demo_workspace.h"
#include "demo/scripted_diagnosis_runner.h"
#include "eval/eval_case.h"
#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"
#include "model/vocabulary.h"
#include "support/cli_runner.h"

#include <QFile>
#include <QFileInfo>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using nlohmann::json;

namespace {

// A precise lookup, an out-of-domain one, a failing harness tool and a metrics call.
const char* kScenario = R"({"version":1,"sessions":[
 {"session_id":"t-1","user_id":"tess","started_at":"2026-02-03T04:05:06.007Z","runs":[
  {"run_id":"t-1-a","question":"Checkout times out",
   "steps":[{"agent_name":"planner","thought_tokens":100,"tool_calls":[]},
            {"agent_name":"retriever","thought_tokens":50,"tool_calls":[
              {"tool":"lookup_knowledge","query":"HikariPool-1 - Connection is not available, request timed out after 30000ms"}]},
            {"agent_name":"logs","thought_tokens":20,"tool_calls":[
              {"tool":"query_logs","params":{"service":"checkout","password":"hunter2"},"error":"log backend returned 503"}]},
            {"agent_name":"reporter","thought_tokens":300,"tool_calls":[]}]},
  {"run_id":"t-1-b","question":"Vacation policy?","feedback":{"satisfied":false,"comment":"no answer"},
   "steps":[{"agent_name":"retriever","thought_tokens":10,"tool_calls":[
              {"tool":"lookup_knowledge","query":"vacation policy for new employees"}]},
            {"agent_name":"metrics","thought_tokens":10,"tool_calls":[
              {"tool":"fetch_metrics","params":{"service":"hr"},"result":{"ok":true}}]}]}]}]})";

int scalar(AuditDatabase& db, const QString& sql)
{
    QSqlQuery q(db.sql());
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toInt();
}

QStringList dumpRows(AuditDatabase& db)
{
    // Everything that must be reproducible (not the measured durations).
    QStringList rows;
    QSqlQuery q(db.sql());
    q.exec(QStringLiteral("SELECT run_id, status, release_outcome, content_type, fallback_reason, "
                          "tool_call_count, total_token_count, started_at, finished_at FROM "
                          "diagnosis_run ORDER BY run_id"));
    while (q.next()) {
        QStringList cols;
        for (int i = 0; i < 9; ++i)
            cols << q.value(i).toString();
        rows << cols.join(QLatin1Char('|'));
    }
    q.exec(QStringLiteral("SELECT id, run_id, step_index, agent_name, has_tool_call, token_count, "
                          "started_at, finished_at FROM agent_step ORDER BY id"));
    while (q.next()) {
        QStringList cols;
        for (int i = 0; i < 8; ++i)
            cols << q.value(i).toString();
        rows << cols.join(QLatin1Char('|'));
    }
    q.exec(QStringLiteral("SELECT id, step_id, tool_call_id, relevance_level, output_preview, "
                          "input_params, created_at FROM tool_invocation ORDER BY id"));
    while (q.next()) {
        QStringList cols;
        for (int i = 0; i < 7; ++i)
            cols << q.value(i).toString();
        rows << cols.join(QLatin1Char('|'));
    }
    return rows;
}

} // namespace

class TestDemo : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void tokenEstimate_data();
    void tokenEstimate();
    void badScenarios_data();
    void badScenarios();
    void bundledScenariosParse();
    void outcomesFollowEvidence();
    void reproducibleTimestampsAndTokens();
    void workspaceShowsEveryPath();
    void workspaceIsIdempotent();
    void workspaceKeepsItsRunbooksAndEvalSet();
    void workspaceRepairsHalfWrittenSession();
    void workspaceCancel();
    void cliDemo();

private:
    QTemporaryDir m_tmp;
    QString m_kbDir;
    std::shared_ptr<KnowledgeBase> m_kb;
    QString m_workspace;
};

void TestDemo::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    const QString sources = m_tmp.filePath(QStringLiteral("sources"));
    QVERIFY(DemoWorkspace::extractBundledKb(sources));
    m_kbDir = m_tmp.filePath(QStringLiteral("kb"));
    auto ingest = ingestFolder(sources, m_kbDir);
    QVERIFY2(ingest, qPrintable(ingest.ok() ? QString() : ingest.error()));
    auto kb = KnowledgeBase::open(m_kbDir);
    QVERIFY(kb);
    m_kb = *kb;
    m_workspace = m_tmp.filePath(QStringLiteral("workspace"));
}

void TestDemo::tokenEstimate_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("tokens");
    QTest::newRow("empty") << "" << qint64(0);
    QTest::newRow("four latin chars") << "abcd" << qint64(1);
    QTest::newRow("five latin chars") << "abcde" << qint64(2);
    QTest::newRow("cjk, one each") << QStringLiteral("连接池耗尽") << qint64(5);
    QTest::newRow("mixed") << QStringLiteral("Pod 重启") << qint64(3); // "Pod " = 1, 2 CJK
}

void TestDemo::tokenEstimate()
{
    QFETCH(QString, text);
    QFETCH(qint64, tokens);
    QCOMPARE(estimateTokens(text), tokens);
}

void TestDemo::badScenarios_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << QByteArray("{oops") << "not a JSON object";
    QTest::newRow("no sessions") << QByteArray(R"({"version":1})") << "no \"sessions\"";
    QTest::newRow("bad version") << QByteArray(R"({"version":7,"sessions":[]})") << "version 7";
    QTest::newRow("bad time")
        << QByteArray(R"({"sessions":[{"session_id":"s","started_at":"yesterday","runs":[]}]})")
        << "started_at";
    QTest::newRow("duplicate run")
        << QByteArray(
               R"({"sessions":[{"session_id":"s","started_at":"2026-01-01T00:00:00Z","runs":[
        {"run_id":"r","steps":[]},{"run_id":"r","steps":[]}]}]})")
        << "Run r appears twice";
    QTest::newRow("lookup without query")
        << QByteArray(
               R"({"sessions":[{"session_id":"s","started_at":"2026-01-01T00:00:00Z","runs":[
        {"run_id":"r","steps":[{"agent_name":"a","tool_calls":[{"tool":"lookup_knowledge"}]}]}]}]})")
        << "run r, step 0";
}

void TestDemo::badScenarios()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    auto set = DemoScenarioSet::parse(json);
    QVERIFY(!set);
    QVERIFY2(set.error().contains(message), qPrintable(set.error()));
}

void TestDemo::bundledScenariosParse()
{
    auto set = DemoScenarioSet::bundled();
    QVERIFY2(set, qPrintable(set.ok() ? QString() : set.error()));
    QVERIFY(set->sessions.size() >= 12);
}

void TestDemo::outcomesFollowEvidence()
{
    QTemporaryDir dir;
    auto db = AuditDatabase::open(dir.filePath(QStringLiteral("a.db")), AccessMode::Create);
    QVERIFY(db);
    auto set = DemoScenarioSet::parse(kScenario);
    QVERIFY(set);
    const LookupEngine engine(m_kb);
    ScriptedDiagnosisRunner runner(**db, engine, TraceSamplingPolicy::on(0));
    auto runs = runner.runSession(set->sessions.front());
    QVERIFY2(runs, qPrintable(runs.ok() ? QString() : runs.error()));
    QCOMPARE(runs->size(), size_t(2));

    // a precise lookup, then a failing log query: the run still completes with a report
    const ScriptedRunSummary& a = runs->at(0);
    QCOMPARE(a.finish.status, vocab::kCompleted);
    QCOMPARE(a.finish.releaseOutcome, vocab::kSuccess);
    QCOMPARE(a.finish.contentType, vocab::kDiagnosisReport);
    QVERIFY(a.finish.fallbackReason.isEmpty());
    QCOMPARE(a.lookups.size(), size_t(1));
    QVERIFY(vocab::isRelevanceLevel(a.lookups.front().relevanceLevel));
    QCOMPARE(a.toolErrors, 1);
    QCOMPARE(a.totals.toolCallCount, 2);

    // no evidence → safe fallback
    const ScriptedRunSummary& b = runs->at(1);
    QCOMPARE(b.finish.status, vocab::kCompleted);
    QCOMPARE(b.finish.releaseOutcome, vocab::kFallback);
    QCOMPARE(b.finish.contentType, vocab::kSafeFallback);
    QCOMPARE(b.finish.fallbackReason, vocab::kInsufficientEvidence);
    QCOMPARE(b.lookups.front().evidenceStatus, vocab::kNoEvidence);

    // the same rows in the database; the failing tool is a HARNESS row with its error
    QSqlQuery q((*db)->sql());
    QVERIFY(q.exec(QStringLiteral("SELECT success, retrieval_layer, output_preview, input_params "
                                  "FROM tool_invocation WHERE tool_name = 'query_logs'")));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 0);
    QCOMPARE(q.value(1).toString(), vocab::kLayerHarness);
    QCOMPARE(q.value(2).toString(), QStringLiteral("status=ERROR log backend returned 503"));
    QVERIFY(!q.value(3).toString().contains(QStringLiteral("hunter2")));
    // the NO_EVIDENCE lookup kept its full trace even at rate 0
    QCOMPARE(scalar(**db, QStringLiteral("SELECT COUNT(*) FROM lookup_trace_sample WHERE reason = "
                                         "'no_evidence'")),
             1);
    // the scripted user's feedback lands in run_feedback, after the run finished
    QVERIFY(q.exec(QStringLiteral("SELECT f.satisfied, f.comment, f.created_at > r.finished_at "
                                  "FROM run_feedback f JOIN diagnosis_run r ON r.run_id = "
                                  "f.run_id WHERE f.run_id = 't-1-b'")));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 0);
    QCOMPARE(q.value(1).toString(), QStringLiteral("no answer"));
    QCOMPARE(q.value(2).toInt(), 1);
    QCOMPARE(scalar(**db, QStringLiteral("SELECT COUNT(*) FROM run_feedback")), 1);
    // tokens: thought tokens plus what the model read back from its tools
    QVERIFY(a.totals.totalTokenCount > 100 + 50 + 20 + 300);
}

void TestDemo::reproducibleTimestampsAndTokens()
{
    auto set = DemoScenarioSet::parse(kScenario);
    QVERIFY(set);
    const LookupEngine engine(m_kb);
    QStringList first;
    for (int pass = 0; pass < 2; ++pass) {
        QTemporaryDir dir;
        auto db = AuditDatabase::open(dir.filePath(QStringLiteral("a.db")), AccessMode::Create);
        QVERIFY(db);
        ScriptedDiagnosisRunner runner(**db, engine, TraceSamplingPolicy::on(0.25));
        QVERIFY(runner.runSession(set->sessions.front()));
        const QStringList rows = dumpRows(**db);
        if (pass == 0)
            first = rows;
        else
            QCOMPARE(rows, first);
        QSqlQuery q((*db)->sql());
        QVERIFY(q.exec(QStringLiteral("SELECT started_at FROM diagnosis_run WHERE run_id = "
                                      "'t-1-a'")) &&
                q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("2026-02-03T04:05:06.007Z"));
    }
    QVERIFY(first.size() > 8);
}

void TestDemo::workspaceShowsEveryPath()
{
    QStringList messages;
    auto summary = DemoWorkspace::create(m_workspace, [&messages](const QString& m) {
        messages << m;
        return true;
    });
    QVERIFY2(summary, qPrintable(summary.ok() ? QString() : summary.error()));
    QVERIFY(!messages.isEmpty());
    QVERIFY2(summary->coverage.missingPaths().isEmpty(),
             qPrintable(summary->coverage.missingPaths().join(QLatin1Char(','))));
    QCOMPARE(summary->sessionsRecorded, summary->sessionsTotal);
    QVERIFY(summary->sessionsTotal >= 12);
    QCOMPARE(summary->auditFailures, 0);
    QVERIFY(summary->documents >= 40);
    QVERIFY(summary->traceSamples > 0);
    QVERIFY(!QFileInfo::exists(m_workspace + QStringLiteral("/audit.db.partial")));

    auto db = AuditDatabase::open(m_workspace + QStringLiteral("/audit.db"), AccessMode::Inspect);
    QVERIFY(db);
    // every invocation bound to a step of its own run
    QCOMPARE(scalar(**db, QStringLiteral("SELECT COUNT(*) FROM tool_invocation i LEFT JOIN "
                                         "agent_step s ON s.id = i.step_id WHERE s.id IS NULL OR "
                                         "s.run_id <> i.run_id")),
             0);
    // no secret-named key and no string over 160 characters in input_params
    QSqlQuery q((*db)->sql());
    QVERIFY(q.exec(QStringLiteral("SELECT input_params FROM tool_invocation")));
    int rows = 0;
    while (q.next()) {
        const json params = json::parse(q.value(0).toString().toStdString());
        QVERIFY(params.contains("tool_call_id") && params.contains("request_bytes") &&
                params.contains("step_id"));
        for (auto it = params.begin(); it != params.end(); ++it) {
            QVERIFY2(!InputParamsSanitizer::isSecretKey(QString::fromStdString(it.key())),
                     it.key().c_str());
            if (it->is_string())
                QVERIFY(it->get<QString>().size() <= 160);
        }
        ++rows;
    }
    QCOMPARE(rows, summary->invocations);
    // timeline events stay thin
    QVERIFY(q.exec(QStringLiteral("SELECT details FROM diagnosis_trace WHERE event_type = "
                                  "'TOOL_INVOCATION'")));
    while (q.next()) {
        const json d = json::parse(q.value(0).toString().toStdString());
        QCOMPARE(d.size(), size_t(6));
        QVERIFY(!d.contains("retrieval_details") && !d.contains("query"));
    }
}

void TestDemo::workspaceIsIdempotent()
{
    auto db = AuditDatabase::open(m_workspace + QStringLiteral("/audit.db"), AccessMode::Inspect);
    QVERIFY(db);
    const QStringList before = dumpRows(**db);
    db->reset();
    auto again = DemoWorkspace::create(m_workspace);
    QVERIFY2(again, qPrintable(again.ok() ? QString() : again.error()));
    QCOMPARE(again->sessionsRecorded, 0);
    QCOMPARE(again->sessionsSkipped, again->sessionsTotal);
    auto reopened =
        AuditDatabase::open(m_workspace + QStringLiteral("/audit.db"), AccessMode::Inspect);
    QVERIFY(reopened);
    QCOMPARE(dumpRows(**reopened), before);
    QSqlQuery q((*reopened)->sql());
    QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
    QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
}

void TestDemo::workspaceKeepsItsRunbooksAndEvalSet()
{
    // The knowledge base's documents point at runbooks in the workspace, not at a deleted
    // temporary folder; the demo eval set is there to run offline; a later `demo` keeps a
    // user's edit of a runbook.
    const QString runbooks = m_workspace + QStringLiteral("/runbooks");
    QVERIFY(QFileInfo(runbooks).isDir());
    auto kb = KnowledgeBase::open(m_workspace + QStringLiteral("/kb"));
    QVERIFY(kb);
    const QString root = QFileInfo(runbooks).canonicalFilePath();
    int documents = 0;
    for (const KbDocument& d : (*kb)->documents()) {
        QVERIFY2(QFileInfo(d.path).canonicalFilePath().startsWith(root + QLatin1Char('/')),
                 qPrintable(d.path));
        QVERIFY(QFileInfo::exists(d.path));
        ++documents;
    }
    QVERIFY(documents > 10);

    const QString set = m_workspace + QStringLiteral("/eval/demo.jsonl");
    auto loaded = loadEvalSet(set);
    QVERIFY2(loaded, qPrintable(loaded.ok() ? QString() : loaded.error()));
    QCOMPARE(int(loaded->cases.size()), 86);

    QString edited;
    for (const KbDocument& d : (*kb)->documents()) {
        edited = d.path;
        break;
    }
    {
        QFile f(edited);
        QVERIFY(f.open(QIODevice::Append));
        f.write("\n\nA line the user added.\n");
    }
    kb->reset();
    auto again = DemoWorkspace::create(m_workspace);
    QVERIFY2(again, qPrintable(again.ok() ? QString() : again.error()));
    QCOMPARE(again->runbooksDir, m_workspace + QStringLiteral("/runbooks"));
    QCOMPARE(again->evalSet, set);
    QFile f(edited);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("A line the user added."));
}

void TestDemo::workspaceRepairsHalfWrittenSession()
{
    const QString path = m_workspace + QStringLiteral("/audit.db");
    int invocationsBefore = 0;
    {
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        invocationsBefore = scalar(**db, QStringLiteral("SELECT COUNT(*) FROM tool_invocation"));
        // what a writer killed in the middle of a session leaves behind
        QSqlQuery q((*db)->sql());
        QVERIFY(q.exec(QStringLiteral("UPDATE diagnosis_run SET status = 'RUNNING', finished_at = "
                                      "NULL WHERE run_id = 'run-demo-007-a'")));
        QVERIFY(q.exec(QStringLiteral("DELETE FROM tool_invocation WHERE id = (SELECT MAX(id) "
                                      "FROM tool_invocation WHERE run_id = 'run-demo-007-a')")));
    }
    auto again = DemoWorkspace::create(m_workspace);
    QVERIFY(again);
    QCOMPARE(again->sessionsRepaired, 1);
    QCOMPARE(again->sessionsRecorded, 1);
    QCOMPARE(again->invocations, invocationsBefore);
    auto db = AuditDatabase::open(path, AccessMode::Inspect);
    QCOMPARE(scalar(**db, QStringLiteral("SELECT COUNT(*) FROM diagnosis_run WHERE run_id = "
                                         "'run-demo-007-a' AND status = 'COMPLETED'")),
             1);
    QCOMPARE(scalar(**db, QStringLiteral("SELECT COUNT(*) FROM diagnosis_run WHERE status <> "
                                         "'COMPLETED'")),
             0);
}

void TestDemo::workspaceCancel()
{
    QTemporaryDir dir;
    int calls = 0;
    auto r = DemoWorkspace::create(dir.path(), [&calls](const QString& m) {
        ++calls;
        return !m.contains(QStringLiteral("sess-demo-002")); // cancel in the middle
    });
    QVERIFY(!r);
    QVERIFY(calls > 1);
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("audit.db"))));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("audit.db.partial"))));
    // and a later full run completes normally
    auto full = DemoWorkspace::create(dir.path());
    QVERIFY(full);
    QCOMPARE(full->sessionsRecorded, full->sessionsTotal);
}

void TestDemo::cliDemo()
{
    QTemporaryDir dir;
    const test::CliResult r =
        test::runCli({QStringLiteral("demo"), QStringLiteral("--workspace"), dir.path()});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(!r.crashed);
    QVERIFY2(r.json.is_object(), r.out.left(500).constData());
    QCOMPARE(r.json.at("missing_paths").size(), size_t(0));
    QVERIFY(r.json.at("sessions_recorded").get<int>() >= 12);
    const test::CliResult again =
        test::runCli({QStringLiteral("demo"), QStringLiteral("--workspace"), dir.path()});
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(again.json.at("sessions_recorded").get<int>(), 0);
    QCOMPARE(again.json.at("invocations").get<int>(), r.json.at("invocations").get<int>());

    const test::CliResult trace =
        test::runCli({QStringLiteral("trace"), QStringLiteral("--db"),
                      dir.filePath(QStringLiteral("audit.db")), QStringLiteral("sess-demo-003")});
    QCOMPARE(trace.exitCode, 0);
    QVERIFY(trace.json.contains("toolInvocations"));

    const test::CliResult bad = test::runCli({QStringLiteral("demo"), QStringLiteral("extra")});
    QCOMPARE(bad.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestDemo)
#include "tst_demo.moc"
