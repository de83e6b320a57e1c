// WAL durability: a writer process recording runs through the audit boundary is killed
// with SIGKILL mid-stream; every run it reported as committed must be intact, no
// invocation may exist without its timeline event, and the database must pass
// PRAGMA integrity_check and accept new writes.
//
// The writer is this same executable started with --writer DB (a helper mode), so the
// test needs no other binary.

#include "audit/run_recorder.h"
#include "audit/sql_audit_sink.h"
#include "audit/tool_boundary.h"
#include "db/audit_database.h"
#include "model/vocabulary.h"
#include "support/audit_fixtures.h"
#include "support/fixture_db.h"
#include "trace/schema_notes.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace raglens;

static constexpr int kCallsPerRun = 3;

static int runWriter(const QString& path)
{
    auto db = AuditDatabase::open(path, AccessMode::Create);
    if (!db) {
        std::fprintf(stderr, "%s\n", qPrintable(db.error()));
        return 1;
    }
    SqlAuditSink sink(**db, TraceSamplingPolicy::on(1.0)); // big sample rows too
    test::FakeLookupTool tool(test::retryLookup(QStringLiteral("pool exhausted"), 8));
    for (int n = 0;; ++n) {
        const QString runId = QStringLiteral("wal-run-%1").arg(n);
        auto run = RunRecorder::begin(**db, {runId, QStringLiteral("wal-session"), {}, {}});
        if (!run)
            return 2;
        ToolBoundary boundary(&sink, &(*run)->tracker());
        if (!(*run)->beginStep(QStringLiteral("worker")))
            return 3;
        for (int i = 0; i < kCallsPerRun; ++i)
            if (!boundary.execute(tool, {vocab::kLookupKnowledge, {}, {{"query", "q"}}})
                     .invocationId)
                return 4;
        if (!(*run)->finish({vocab::kCompleted, vocab::kSuccess, vocab::kDiagnosisReport, {}}))
            return 5;
        std::printf("committed %d\n", n + 1);
        std::fflush(stdout);
    }
}

class TestAuditWal : public QObject
{
    Q_OBJECT

private slots:
    void killedWriterLeavesConsistentDatabase();
    void staleWalIsReadFromAPrivateCopy();
    void emptyWalWithoutShmChangesNothing();
    void hotJournalIsRolledBackInAPrivateCopy();
    void writerReadsStaleWalThroughLocks();
};

static int scalar(QSqlDatabase& db, const QString& sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toInt();
}

void TestAuditWal::killedWriterLeavesConsistentDatabase()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("audit.db"));
    QProcess writer;
    // stderr to a file: an unread pipe could fill up with log lines and stall the writer
    const QString errFile = dir.filePath(QStringLiteral("writer.err"));
    writer.setStandardErrorFile(errFile);
    writer.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--writer"), path});
    QVERIFY(writer.waitForStarted());

    int committed = 0;
    QElapsedTimer timer;
    timer.start();
    while (committed < 40 && timer.elapsed() < 60000) {
        if (!writer.waitForReadyRead(5000))
            break;
        while (writer.canReadLine()) {
            const QByteArray line = writer.readLine().trimmed();
            if (line.startsWith("committed "))
                committed = line.mid(10).toInt();
        }
    }
    if (committed < 40) {
        QFile err(errFile);
        err.open(QIODevice::ReadOnly);
        QFAIL(err.readAll().right(2000).constData());
    }
    writer.kill(); // SIGKILL: no destructors, no checkpoint, possibly mid-transaction
    QVERIFY(writer.waitForFinished(10000));
    QCOMPARE(writer.exitStatus(), QProcess::CrashExit);
    // read whatever the writer managed to report before it died
    for (const QByteArray& line : writer.readAllStandardOutput().split('\n'))
        if (line.startsWith("committed "))
            committed = qMax(committed, line.mid(10).toInt());
    QVERIFY2(QFileInfo::exists(path + QStringLiteral("-wal")), "the writer did not use WAL");

    auto reopened = AuditDatabase::open(path, AccessMode::Inspect);
    QVERIFY(reopened);
    QSqlDatabase& db = (*reopened)->sql();
    QSqlQuery check(db);
    QVERIFY(check.exec(QStringLiteral("PRAGMA integrity_check")) && check.next());
    QCOMPARE(check.value(0).toString(), QStringLiteral("ok"));

    // every run reported as committed is there, finished, with all its rows
    const int completed =
        scalar(db, QStringLiteral("SELECT COUNT(*) FROM diagnosis_run WHERE status = 'COMPLETED'"));
    QVERIFY2(completed >= committed,
             qPrintable(QStringLiteral("%1 < %2").arg(completed).arg(committed)));
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM diagnosis_run r WHERE r.status = "
                                       "'COMPLETED' AND r.tool_call_count <> (SELECT COUNT(*) FROM "
                                       "tool_invocation i WHERE i.run_id = r.run_id)")),
             0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT MIN(tool_call_count) FROM diagnosis_run WHERE "
                                       "status = 'COMPLETED'")),
             kCallsPerRun);
    // at most the one run being written when the kill came is unfinished
    QVERIFY(scalar(db, QStringLiteral("SELECT COUNT(*) FROM diagnosis_run WHERE status = "
                                      "'RUNNING'")) <= 1);
    // no invocation without its timeline event and vice versa (one transaction each)
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM tool_invocation i WHERE NOT EXISTS "
                                       "(SELECT 1 FROM diagnosis_trace t WHERE t.event_type = "
                                       "'TOOL_INVOCATION' AND t.run_id = i.run_id AND t.step_id = "
                                       "i.step_id AND json_extract(t.details, '$.tool_call_id') = "
                                       "i.tool_call_id)")),
             0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM diagnosis_trace WHERE event_type = "
                                       "'TOOL_INVOCATION'")),
             scalar(db, QStringLiteral("SELECT COUNT(*) FROM tool_invocation")));
    // every sample belongs to an invocation, and its JSON is whole
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM lookup_trace_sample s WHERE NOT "
                                       "EXISTS (SELECT 1 FROM tool_invocation i WHERE i.id = "
                                       "s.invocation_id) OR json_valid(s.lookup_result) = 0")),
             0);
    // every invocation is bound to a step of its own run
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM tool_invocation i LEFT JOIN "
                                       "agent_step s ON s.id = i.step_id WHERE s.id IS NULL OR "
                                       "s.run_id <> i.run_id")),
             0);

    // and the database keeps working
    reopened->reset();
    auto again = AuditDatabase::open(path, AccessMode::Create);
    QVERIFY(again);
    QVERIFY(RunRecorder::begin(**again, {"after-crash", "wal-session", {}, {}}));
}

int main(int argc, char** argv)
{
    if (argc >= 3 && qstrcmp(argv[1], "--writer") == 0) {
        QCoreApplication app(argc, argv);
        return runWriter(QString::fromLocal8Bit(argv[2]));
    }
    QCoreApplication app(argc, argv);
    TestAuditWal test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_audit_wal.moc"

static QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1);
}

void TestAuditWal::staleWalIsReadFromAPrivateCopy()
{
    // A foreign WAL database copied (or left by a crashed writer) with its -wal and no -shm:
    // the log holds commits. Reading must show them and must not create a -shm beside it.
    QTemporaryDir dir;
    const QString live = dir.filePath(QStringLiteral("live.db"));
    QCOMPARE(test::writeProductionFixture(live), QString());
    const QString stale = dir.filePath(QStringLiteral("stale/audit.db"));
    QVERIFY(QDir().mkpath(QFileInfo(stale).absolutePath()));
    QVERIFY(test::copyWithUnappliedLog(live, stale));
    QVERIFY(QFileInfo(stale + QStringLiteral("-wal")).size() > 0);
    const QByteArray dbHash = fileHash(stale);
    const QByteArray walHash = fileHash(stale + QStringLiteral("-wal"));
    {
        auto db = AuditDatabase::open(stale, AccessMode::Inspect);
        QVERIFY2(db, db ? "" : qPrintable(db.error()));
        QVERIFY((*db)->isReadOnly());
        QCOMPARE(scalar((*db)->sql(), QStringLiteral("SELECT count(*) FROM only_in_the_log")), 2);
        QVERIFY((*db)->accessNote().contains(QStringLiteral("write-ahead log")));
        bool noted = false;
        for (const SchemaNote& n : schemaNotes(**db))
            noted = noted || n.message == (*db)->accessNote();
        QVERIFY(noted);
        // A worker's second connection reads the same copy.
        auto second = (*db)->reopen();
        QVERIFY(second);
        QCOMPARE(scalar((*second)->sql(), QStringLiteral("SELECT count(*) FROM only_in_the_log")),
                 2);
    }
    const QStringList left = QDir(QFileInfo(stale).absolutePath()).entryList(QDir::Files);
    QCOMPARE(left, (QStringList{QStringLiteral("audit.db"), QStringLiteral("audit.db-wal")}));
    QCOMPARE(fileHash(stale), dbHash);
    QCOMPARE(fileHash(stale + QStringLiteral("-wal")), walHash);
}

// An empty -wal without its -shm (copied without the -shm) holds no commit: the database is
// read as it is, immutable. Before, SQLite's locks created a -shm beside the foreign file.
void TestAuditWal::emptyWalWithoutShmChangesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("audit.db"));
    test::FixtureOptions options;
    options.walJournal = true;
    QCOMPARE(test::writeProductionFixture(path, options), QString());
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-shm")));
    QFile wal(path + QStringLiteral("-wal"));
    QVERIFY(wal.open(QIODevice::WriteOnly | QIODevice::Truncate));
    wal.close();
    const QByteArray dbHash = fileHash(path);
    {
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY2(db, db ? "" : qPrintable(db.error()));
        QVERIFY((*db)->isReadOnly());
        QVERIFY(scalar((*db)->sql(), QStringLiteral("SELECT count(*) FROM diagnosis_run")) > 0);
    }
    const QStringList left = QDir(dir.path()).entryList(QDir::Files);
    QCOMPARE(left, (QStringList{QStringLiteral("audit.db"), QStringLiteral("audit.db-wal")}));
    QCOMPARE(fileHash(path), dbHash);
    QCOMPARE(QFileInfo(path + QStringLiteral("-wal")).size(), 0);
}

// A writer in rollback-journal mode that stopped mid-transaction, its uncommitted pages
// already in the file: the -journal is hot. A read-only reader cannot roll it back, and every
// command said the file was "not a readable database". It reads a private copy, rolled back.
void TestAuditWal::hotJournalIsRolledBackInAPrivateCopy()
{
    QTemporaryDir dir;
    const QString live = dir.filePath(QStringLiteral("live.db"));
    QCOMPARE(test::writeProductionFixture(live), QString());
    const QString crashed = dir.filePath(QStringLiteral("crashed/audit.db"));
    QVERIFY(QDir().mkpath(QFileInfo(crashed).absolutePath()));
    int runs = 0;
    {
        QSqlDatabase writer =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("crashing"));
        writer.setDatabaseName(live);
        QVERIFY(writer.open());
        QSqlQuery q(writer);
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode=DELETE")));
        runs = scalar(writer, QStringLiteral("SELECT count(*) FROM diagnosis_run"));
        // A small cache: the uncommitted pages spill into the file, as a big transaction's do.
        QVERIFY(q.exec(QStringLiteral("PRAGMA cache_size=2")));
        QVERIFY(q.exec(QStringLiteral("BEGIN")));
        QVERIFY(
            q.exec(QStringLiteral("UPDATE diagnosis_run SET question = hex(randomblob(2000))")));
        QVERIFY(q.exec(QStringLiteral("DELETE FROM tool_invocation")));
        // The files as a writer killed now leaves them.
        QVERIFY(QFile::copy(live, crashed));
        QVERIFY(
            QFile::copy(live + QStringLiteral("-journal"), crashed + QStringLiteral("-journal")));
        QVERIFY(q.exec(QStringLiteral("ROLLBACK")));
        writer.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("crashing"));
    QVERIFY(QFileInfo(crashed + QStringLiteral("-journal")).size() > 0);
    const QByteArray dbHash = fileHash(crashed);
    const QByteArray journalHash = fileHash(crashed + QStringLiteral("-journal"));
    {
        auto db = AuditDatabase::open(crashed, AccessMode::Inspect);
        QVERIFY2(db, db ? "" : qPrintable(db.error()));
        QVERIFY((*db)->isReadOnly());
        QCOMPARE(scalar((*db)->sql(), QStringLiteral("SELECT count(*) FROM diagnosis_run")), runs);
        QCOMPARE(scalar((*db)->sql(), QStringLiteral("SELECT count(*) FROM tool_invocation")),
                 test::fixture::kInvocationCount);
        QVERIFY((*db)->accessNote().contains(QStringLiteral("rollback journal")));
        auto second = (*db)->reopen();
        QVERIFY(second);
        QCOMPARE(scalar((*second)->sql(), QStringLiteral("SELECT count(*) FROM tool_invocation")),
                 test::fixture::kInvocationCount);
        QCOMPARE((*second)->accessNote(), (*db)->accessNote());
    }
    // Following it live (serve, --follow) reads through its locks, never a copy: said so.
    auto following = AuditDatabase::open(crashed, AccessMode::InspectLive);
    QVERIFY(!following);
    QVERIFY2(following.error().contains(QStringLiteral("cannot follow new writes")),
             qPrintable(following.error()));
    const QStringList left = QDir(QFileInfo(crashed).absolutePath()).entryList(QDir::Files);
    QCOMPARE(left, (QStringList{QStringLiteral("audit.db"), QStringLiteral("audit.db-journal")}));
    QCOMPARE(fileHash(crashed), dbHash);
    QCOMPARE(fileHash(crashed + QStringLiteral("-journal")), journalHash);
}

void TestAuditWal::writerReadsStaleWalThroughLocks()
{
    // A command that means to write (record, demo) on its own database with an unapplied
    // log: it opens through SQLite's locks, where concurrent writers are seen as they are,
    // never from a private copy that a closing writer could pull the log from under.
    QTemporaryDir dir;
    const QString live = dir.filePath(QStringLiteral("live.db"));
    QVERIFY(AuditDatabase::open(live, AccessMode::Create).ok());
    const QString stale = dir.filePath(QStringLiteral("stale/audit.db"));
    QVERIFY(QDir().mkpath(QFileInfo(stale).absolutePath()));
    QVERIFY(test::copyWithUnappliedLog(live, stale));
    auto db = AuditDatabase::open(stale, AccessMode::Create);
    QVERIFY2(db, db ? "" : qPrintable(db.error()));
    QVERIFY(!(*db)->isReadOnly());
    QCOMPARE((*db)->accessNote(), QString());
    QCOMPARE(scalar((*db)->sql(), QStringLiteral("SELECT count(*) FROM only_in_the_log")), 2);
}
