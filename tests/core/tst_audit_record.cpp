// `raglens-cli record` and LocalLookupRecorder: one real lookup through the audit
// boundary into a local or (with --write) a foreign database.

#include "audit/local_lookup_recorder.h"
#include "common/json_qt.h"
#include "db/audit_database.h"
#include "demo/demo_workspace.h"
#include "kb/knowledge_base.h"
#include "model/vocabulary.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/sqlite_statements.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using nlohmann::json;

namespace {

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

int scalar(const QString& dbPath, const QString& sql)
{
    auto db = AuditDatabase::open(dbPath, AccessMode::Inspect);
    if (!db)
        return -1;
    QSqlQuery q((*db)->sql());
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toInt();
}

const QString kPrecise =
    QStringLiteral("HikariPool-1 - Connection is not available, request timed out after 30000ms");

} // namespace

class TestAuditRecord : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void recordsNewRun();
    void continuesExistingRun();
    void refusesRunOfOtherSession();
    void badUsage_data();
    void badUsage();
    void foreignDatabaseNeedsWrite();
    void sampleRateOption();
    void longQueryIsCut();
    void recorderRejectsBadInput();
    void aCallThatCannotBeWrittenLeavesNothing();

private:
    QStringList base(const QString& db) const
    {
        return {QStringLiteral("record"), QStringLiteral("--kb"), m_kbDir, QStringLiteral("--db"),
                db};
    }
    QTemporaryDir m_tmp;
    QString m_kbDir;
};

void TestAuditRecord::initTestCase()
{
    const QString sources = m_tmp.filePath(QStringLiteral("sources"));
    QVERIFY(DemoWorkspace::extractBundledKb(sources));
    m_kbDir = m_tmp.filePath(QStringLiteral("kb"));
    QVERIFY(ingestFolder(sources, m_kbDir));
}

void TestAuditRecord::recordsNewRun()
{
    const QString db = m_tmp.filePath(QStringLiteral("new.db"));
    const test::CliResult r =
        test::runCli(base(db) << QStringLiteral("--session") << QStringLiteral("s-1") << kPrecise);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.json.is_object(), r.err.constData());
    QVERIFY(r.json.at("invocation_id").is_number_integer());
    QVERIFY(r.json.at("new_run").get<bool>());
    QVERIFY(r.json.at("run_id").get<QString>().startsWith(QStringLiteral("local-")));
    QCOMPARE(r.json.at("session_id").get<QString>(), QStringLiteral("s-1"));
    const json& agent = r.json.at("agent");
    QCOMPARE(agent.at("evidence_status").get<QString>(), vocab::kEvidenceFound);
    QVERIFY(agent.at("evidence").size() > 0);
    QVERIFY(!agent.contains("retrievalTrace")); // the agent projection, not layer A
    QCOMPARE(r.json.at("release_outcome").get<QString>(), vocab::kSuccess);

    const qint64 id = r.json.at("invocation_id").get<qint64>();
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM tool_invocation i JOIN agent_step s "
                                       "ON s.id = i.step_id WHERE i.id = %1 AND s.agent_name = "
                                       "'console'")
                            .arg(id)),
             1);
    // the trace CLI reads it back
    const test::CliResult trace =
        test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), db, QStringLiteral("s-1")});
    QCOMPARE(trace.exitCode, 0);
    QCOMPARE(trace.json.at("toolInvocations").size(), size_t(1));
    QCOMPARE(trace.json.at("toolInvocations").at(0).at("relevanceLevel").get<QString>(),
             vocab::kPrecise);
}

void TestAuditRecord::continuesExistingRun()
{
    const QString db = m_tmp.filePath(QStringLiteral("cont.db"));
    const QStringList args = base(db) << QStringLiteral("--session") << QStringLiteral("s-2")
                                      << QStringLiteral("--run") << QStringLiteral("r-2");
    const test::CliResult first = test::runCli(QStringList(args) << kPrecise);
    const test::CliResult second =
        test::runCli(QStringList(args) << QStringLiteral("vacation policy for new employees"));
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(second.exitCode, 0);
    QVERIFY(first.json.at("new_run").get<bool>());
    QVERIFY(!second.json.at("new_run").get<bool>());
    QVERIFY(first.json.at("step_id") != second.json.at("step_id"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT tool_call_count FROM diagnosis_run WHERE run_id = "
                                       "'r-2'")),
             2);
    QCOMPARE(scalar(db, QStringLiteral("SELECT MAX(step_index) FROM agent_step WHERE run_id = "
                                       "'r-2'")),
             1);
    // one relevant lookup in the run keeps it a SUCCESS
    QCOMPARE(second.json.at("release_outcome").get<QString>(), vocab::kSuccess);
    QCOMPARE(second.json.at("agent").at("evidence_status").get<QString>(), vocab::kNoEvidence);
}

void TestAuditRecord::refusesRunOfOtherSession()
{
    const QString db = m_tmp.filePath(QStringLiteral("other.db"));
    QCOMPARE(test::runCli(base(db) << QStringLiteral("--session") << QStringLiteral("a")
                                   << QStringLiteral("--run") << QStringLiteral("r") << kPrecise)
                 .exitCode,
             0);
    const test::CliResult r =
        test::runCli(base(db) << QStringLiteral("--session") << QStringLiteral("b")
                              << QStringLiteral("--run") << QStringLiteral("r") << kPrecise);
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("belongs to session a"));
}

void TestAuditRecord::badUsage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no session") << QStringList{QStringLiteral("q")};
    QTest::newRow("no query") << QStringList{QStringLiteral("--session"), QStringLiteral("s")};
    QTest::newRow("bad rate") << QStringList{QStringLiteral("--session"), QStringLiteral("s"),
                                             QStringLiteral("--sample-rate"), QStringLiteral("2"),
                                             QStringLiteral("q")};
    QTest::newRow("bad mode") << QStringList{QStringLiteral("--session"), QStringLiteral("s"),
                                             QStringLiteral("--mode"), QStringLiteral("sparse"),
                                             QStringLiteral("q")};
}

void TestAuditRecord::badUsage()
{
    QFETCH(QStringList, args);
    const QString db = m_tmp.filePath(QStringLiteral("usage.db"));
    const test::CliResult r = test::runCli(base(db) + args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(!QFile::exists(db));
}

void TestAuditRecord::foreignDatabaseNeedsWrite()
{
    const QString db = m_tmp.filePath(QStringLiteral("prod.db"));
    QCOMPARE(test::writeProductionFixture(db), QString());
    const QByteArray before = fileHash(db);
    const QStringList args = base(db) << QStringLiteral("--session") << QStringLiteral("s-prod");
    const test::CliResult refused =
        test::runCli(QStringList(args) << QStringLiteral("vacation policy for new employees"));
    QCOMPARE(refused.exitCode, 1);
    QVERIFY(refused.err.contains("--write"));
    QCOMPARE(fileHash(db), before);

    const int samplesBefore =
        scalar(db, QStringLiteral("SELECT COUNT(*) FROM lookup_trace_sample"));
    const test::CliResult written =
        test::runCli(QStringList(args) << QStringLiteral("--write")
                                       << QStringLiteral("vacation policy for new employees"));
    QCOMPARE(written.exitCode, 0);
    QVERIFY(written.json.at("invocation_id").is_number_integer());
    // production data: no full-trace sample, even for a NO_EVIDENCE lookup
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM lookup_trace_sample")), samplesBefore);
}

void TestAuditRecord::sampleRateOption()
{
    const QString db = m_tmp.filePath(QStringLiteral("rate.db"));
    QCOMPARE(test::runCli(base(db)
                          << QStringLiteral("--session") << QStringLiteral("s")
                          << QStringLiteral("--sample-rate") << QStringLiteral("1") << kPrecise)
                 .exitCode,
             0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM lookup_trace_sample")), 1);
    QCOMPARE(test::runCli(base(db) << QStringLiteral("--session") << QStringLiteral("s")
                                   << QStringLiteral("--sample-rate") << QStringLiteral("0")
                                   << QStringLiteral("vacation policy for new employees"))
                 .exitCode,
             0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM lookup_trace_sample")), 1);
}

void TestAuditRecord::longQueryIsCut()
{
    const QString db = m_tmp.filePath(QStringLiteral("long.db"));
    const QString query = kPrecise + QStringLiteral(" ") + QString(300, QLatin1Char('z'));
    QCOMPARE(test::runCli(base(db) << QStringLiteral("--session") << QStringLiteral("s") << query)
                 .exitCode,
             0);
    auto adb = AuditDatabase::open(db, AccessMode::Inspect);
    QVERIFY(adb);
    QSqlQuery q((*adb)->sql());
    QVERIFY(q.exec(QStringLiteral("SELECT input_params, retrieval_details FROM tool_invocation")));
    QVERIFY(q.next());
    const json params = json::parse(q.value(0).toString().toStdString());
    QCOMPARE(params.at("query").get<QString>(), query.left(160));
    QVERIFY(!q.value(1).toString().contains(QStringLiteral("zzzz")));
}

void TestAuditRecord::recorderRejectsBadInput()
{
    auto kb = KnowledgeBase::open(m_kbDir);
    QVERIFY(kb);
    auto db = AuditDatabase::open(QStringLiteral(":memory:"), AccessMode::Create);
    QVERIFY(db);
    LocalLookupRecorder recorder(**db, *kb);
    LocalRecordRequest noSession;
    noSession.lookup.query = kPrecise;
    QVERIFY(!recorder.record(noSession));
    LocalRecordRequest noQuery;
    noQuery.sessionId = QStringLiteral("s");
    QVERIFY(!recorder.record(noQuery));
    LocalRecordRequest good = noQuery;
    good.lookup.query = kPrecise;
    auto r = recorder.record(good);
    QVERIFY2(r, qPrintable(r.ok() ? QString() : r.error()));
    QVERIFY(r->invocationId);
    QCOMPARE(r->lookup.query, kPrecise); // the caller gets the whole LookupResult
    QCOMPARE(r->agent.evidenceStatus, vocab::kEvidenceFound);
}

QTEST_GUILESS_MAIN(TestAuditRecord)
#include "tst_audit_record.moc"

void TestAuditRecord::aCallThatCannotBeWrittenLeavesNothing()
{
    // The call's row refused (here by a trigger; a full disk or a foreign column type alike):
    // before, the run stayed behind, finished as a FALLBACK that "made no lookup".
    const QString db = m_tmp.filePath(QStringLiteral("refused.db"));
    const test::CliResult first =
        test::runCli(base(db) << QStringLiteral("--session") << QStringLiteral("s-ok")
                              << QStringLiteral("--run") << QStringLiteral("r-ok") << kPrecise);
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(test::execOnSqliteFile(
                 db, {QStringLiteral("CREATE TRIGGER no_calls BEFORE INSERT ON tool_invocation "
                                     "BEGIN SELECT RAISE(ABORT, 'calls are closed'); END")}),
             QString());
    const auto rows = [&db] {
        return QStringList{
            QString::number(scalar(db, QStringLiteral("SELECT COUNT(*) FROM diagnosis_run"))),
            QString::number(scalar(db, QStringLiteral("SELECT COUNT(*) FROM agent_step"))),
            QString::number(scalar(db, QStringLiteral("SELECT COUNT(*) FROM diagnosis_trace"))),
            QString::number(scalar(db, QStringLiteral("SELECT COUNT(*) FROM diagnosis_run WHERE "
                                                      "status = 'COMPLETED'")))};
    };
    // Another writer's step and event of a run whose row it never wrote: `record --run`
    // begins that run anew, and taking it back must leave them.
    QCOMPARE(test::execOnSqliteFile(
                 db, {QStringLiteral("INSERT INTO agent_step (run_id, step_index, agent_name, "
                                     "has_tool_call, token_count, started_at) VALUES "
                                     "('r-orphan', 0, 'other', 0, 0, '2026-11-30T10:00:00.000Z')"),
                      QStringLiteral("INSERT INTO diagnosis_trace (session_id, run_id, event_type, "
                                     "details, created_at) VALUES ('s-o', 'r-orphan', "
                                     "'RUN_STARTED', '{}', '2026-11-30T10:00:00.000Z')")}),
             QString());
    const QStringList before = rows();
    QCOMPARE(before, (QStringList{"1", "2", "5", "1"}));
    // A new run, the run recorded before (resumed), a run only others' rows name: nothing
    // stays of any attempt, and nothing of the others goes.
    for (const QStringList& where :
         {QStringList{QStringLiteral("--session"), QStringLiteral("s-new")},
          QStringList{QStringLiteral("--session"), QStringLiteral("s-ok"), QStringLiteral("--run"),
                      QStringLiteral("r-ok")},
          QStringList{QStringLiteral("--session"), QStringLiteral("s-o"), QStringLiteral("--run"),
                      QStringLiteral("r-orphan")}}) {
        const test::CliResult r = test::runCli(base(db) + where << kPrecise);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("calls are closed") &&
                     r.err.contains("nothing of this lookup was kept"),
                 r.err.constData());
        QCOMPARE(rows(), before);
    }
}
