// Follow mode in the core: SessionFollower reports the sessions another process writes (new,
// then changed) on SQLite, PostgreSQL and MariaDB, and `raglens-cli sessions --follow`
// prints them as JSON lines while `raglens-cli record` writes the database.
//
// The server rows need RAGLENS_TEST_PG_URL / RAGLENS_TEST_MYSQL_URL and RAGLENS_DB_PASSWORD
// (scripts/start-test-servers.sh); without them they skip, except under CI.

#include "db/audit_database.h"
#include "support/cli_runner.h"
#include "support/mini_kb.h"
#include "support/schema_variants.h"
#include "support/test_servers.h"
#include "trace/session_follower.h"

#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace raglens;
using namespace raglens::test;

class TestSessionFollower : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb;

    /// `raglens-cli record`: another process, as the agent is, writes one lookup run.
    bool record(const QString& db, const QString& session, const QString& question)
    {
        const CliResult r =
            runCli({QStringLiteral("record"), QStringLiteral("--kb"), m_kb, QStringLiteral("--db"),
                    db, QStringLiteral("--session"), session, question});
        if (r.exitCode != 0)
            qWarning() << "record failed:" << r.err;
        return r.exitCode == 0;
    }

    /// An empty audit database RagLens created, on the backend asked for; its location.
    QString freshDatabase(const QString& backend)
    {
        if (backend == QLatin1String("sqlite")) {
            const QString path = m_dir.filePath(
                QStringLiteral("follow-%1.db").arg(QDateTime::currentMSecsSinceEpoch()));
            return AuditDatabase::open(path, AccessMode::Create).ok() ? path : QString();
        }
        const QString url = testServerUrl(backend);
        if (url.isEmpty())
            return {};
        {
            auto db = AuditDatabase::open(url, AccessMode::Write);
            if (!db)
                return {};
            dropVariantViews((*db)->sql()); // tst_schema_variants may have left its views
            QSqlQuery q((*db)->sql());
            for (const char* t :
                 {"lookup_trace_sample", "run_feedback", "diagnosis_trace", "tool_invocation",
                  "agent_step", "diagnosis_run", "raglens_schema_version"})
                q.exec(QStringLiteral("DROP TABLE IF EXISTS %1").arg(QString::fromLatin1(t)));
        }
        return AuditDatabase::open(url, AccessMode::Create).ok() ? url : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_kb = m_dir.filePath(QStringLiteral("kb"));
        auto kb = buildMiniKb(m_dir.filePath(QStringLiteral("src")), m_kb);
        QVERIFY2(kb.ok(), kb.ok() ? "" : qPrintable(kb.error()));
    }

    void reportsWhatAnotherProcessWrites_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgresql") << QStringLiteral("postgresql");
        QTest::newRow("mariadb") << QStringLiteral("mariadb");
    }
    void reportsWhatAnotherProcessWrites()
    {
        QFETCH(QString, backend);
        if (backend != QLatin1String("sqlite"))
            RAGLENS_NEEDS_SERVER(testServerVariable(backend));
        const QString where = freshDatabase(backend);
        if (where.isEmpty())
            QFAIL("the database could not be created");
        auto db = AuditDatabase::open(where, AccessMode::InspectLive);
        QVERIFY2(db.ok(), db.ok() ? "" : qPrintable(db.error()));
        QVERIFY(seesOtherWriters(**db));

        SessionFollower follower;
        QVERIFY(!follower.hasBaseline());
        auto changes = follower.poll(**db);
        QVERIFY(changes.ok());
        QVERIFY(changes->empty()); // the first poll only learns what is there
        QVERIFY(follower.hasBaseline());

        QVERIFY(record(where, QStringLiteral("follow-a"), minikb::kPoolQuery));
        changes = follower.poll(**db);
        QVERIFY2(changes.ok(), changes.ok() ? "" : qPrintable(changes.error()));
        QCOMPARE(changes->size(), size_t(1));
        QCOMPARE(changes->front().kind, SessionChange::Kind::New);
        QCOMPARE(changes->front().row.sessionId, QStringLiteral("follow-a"));
        QCOMPARE(changes->front().row.runCount, 1);
        QCOMPARE(changes->front().row.invocationCount, 1);

        // Nothing written: nothing reported.
        changes = follower.poll(**db);
        QVERIFY(changes.ok());
        QVERIFY(changes->empty());

        // A second run in the same session, and a new session: one changed, one new,
        // newest first.
        QVERIFY(record(where, QStringLiteral("follow-a"), QStringLiteral("redis timeout")));
        QVERIFY(record(where, QStringLiteral("follow-b"), QStringLiteral("disk is full")));
        changes = follower.poll(**db);
        QVERIFY(changes.ok());
        QCOMPARE(changes->size(), size_t(2));
        QCOMPARE(changes->at(0).row.sessionId, QStringLiteral("follow-b"));
        QCOMPARE(changes->at(0).kind, SessionChange::Kind::New);
        QCOMPARE(changes->at(1).row.sessionId, QStringLiteral("follow-a"));
        QCOMPARE(changes->at(1).kind, SessionChange::Kind::Changed);
        QCOMPARE(changes->at(1).row.runCount, 2);
        QCOMPARE(changes->at(1).row.lastQuestion, QStringLiteral("redis timeout"));
        QCOMPARE(sessionChangeName(changes->at(1).kind), QStringLiteral("changed"));

        // A filter is applied to what is followed: only sessions with a matching run.
        SessionFilter avalanche;
        avalanche.text = QStringLiteral("avalanche");
        SessionFollower filtered(avalanche);
        QVERIFY(filtered.poll(**db).ok());
        QVERIFY(record(where, QStringLiteral("follow-c"), QStringLiteral("avalanche of 502s")));
        QVERIFY(record(where, QStringLiteral("follow-d"), QStringLiteral("slow queries")));
        changes = filtered.poll(**db);
        QVERIFY(changes.ok());
        QCOMPARE(changes->size(), size_t(1));
        QCOMPARE(changes->front().row.sessionId, QStringLiteral("follow-c"));
    }

    // A failed poll (the tables gone) is an error, and the state stays: once the database is
    // readable again, only what really changed is reported.
    void failedPollKeepsState()
    {
        const QString path = m_dir.filePath(QStringLiteral("broken.db"));
        QVERIFY(AuditDatabase::open(path, AccessMode::Create).ok());
        QVERIFY(record(path, QStringLiteral("s1"), minikb::kPoolQuery));
        auto db = AuditDatabase::open(path, AccessMode::Write);
        QVERIFY(db.ok());
        SessionFollower follower;
        QVERIFY(follower.poll(**db).ok());
        QSqlQuery q((*db)->sql());
        QVERIFY(q.exec(QStringLiteral("ALTER TABLE diagnosis_run RENAME TO diagnosis_run_old")));
        auto failed = follower.poll(**db);
        QVERIFY(!failed.ok());
        QVERIFY(failed.error().contains(QLatin1String("diagnosis_run")));
        QVERIFY(q.exec(QStringLiteral("ALTER TABLE diagnosis_run_old RENAME TO diagnosis_run")));
        auto again = follower.poll(**db);
        QVERIFY2(again.ok(), again.ok() ? "" : qPrintable(again.error()));
        QVERIFY(again->empty());
    }

    // A file opened to inspect while no writer is active is read as immutable and does not
    // see other writers; opened live, it does.
    void liveConnectionsSeeOtherWriters()
    {
        const QString path = m_dir.filePath(QStringLiteral("wal.db"));
        QVERIFY(AuditDatabase::open(path, AccessMode::Create).ok());
        {
            QSqlDatabase raw =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("wal"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery(raw).exec(QStringLiteral("PRAGMA journal_mode=WAL"));
            // A foreign file: RagLens opens it read-only.
            QSqlQuery(raw).exec(QStringLiteral("DROP TABLE raglens_schema_version"));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("wal"));
        auto inspect = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(inspect.ok());
        QVERIFY((*inspect)->isReadOnly());
        QVERIFY(!seesOtherWriters(**inspect));
        auto live = (*inspect)->reopen(AccessMode::InspectLive);
        QVERIFY2(live.ok(), live.ok() ? "" : qPrintable(live.error()));
        QVERIFY(seesOtherWriters(**live));
    }

    // `raglens-cli sessions --follow`: one JSON line per change while another process
    // writes, the first poll silent, and --max-changes ends it.
    void cliFollowPrintsLines()
    {
        const QString path = m_dir.filePath(QStringLiteral("cli-follow.db"));
        QVERIFY(AuditDatabase::open(path, AccessMode::Create).ok());
        QVERIFY(record(path, QStringLiteral("before"), minikb::kPoolQuery));
        const auto startFollowing = [&path](QProcess& follow, const QStringList& extra) {
            follow.start(QStringLiteral(RAGLENS_CLI_PATH),
                         QStringList{QStringLiteral("sessions"), QStringLiteral("--db"), path,
                                     QStringLiteral("--follow"), QStringLiteral("--interval"),
                                     QStringLiteral("0.2")} +
                             extra);
            if (!follow.waitForStarted())
                return false;
            // It says on stderr that it follows once its first read is done.
            QByteArray err;
            return QTest::qWaitFor(
                [&] { return (err += follow.readAllStandardError()).contains("Following"); },
                10000);
        };
        const auto linesOf = [](QProcess& follow) {
            std::vector<nlohmann::json> lines;
            for (const QByteArray& line : follow.readAllStandardOutput().trimmed().split('\n'))
                if (!line.isEmpty())
                    lines.push_back(nlohmann::json::parse(line.toStdString()));
            return lines;
        };

        // --max-changes 1: the first change ends it. A run being written may show as a new
        // session first and then change (its call, its outcome): one line either way.
        QProcess once;
        QVERIFY(startFollowing(once, {QStringLiteral("--max-changes"), QStringLiteral("1")}));
        QVERIFY(record(path, QStringLiteral("live"), QStringLiteral("disk is full")));
        QVERIFY(once.waitForFinished(20000));
        QCOMPARE(once.exitCode(), 0);
        std::vector<nlohmann::json> lines = linesOf(once);
        QCOMPARE(lines.size(), size_t(1));
        QCOMPARE(lines[0]["change"].get<std::string>(), std::string("new"));
        QCOMPARE(lines[0]["session"]["sessionId"].get<std::string>(), std::string("live"));
        QVERIFY(lines[0].contains("seenAt"));

        // Following on: a second run in that session is a change with two runs; the session
        // written before following started is never reported.
        QProcess follow;
        QVERIFY(startFollowing(follow, {}));
        QVERIFY(record(path, QStringLiteral("live"), QStringLiteral("redis timeout")));
        QByteArray out;
        // Until the line that says so is whole: a pipe may hand over a line in two reads.
        QVERIFY(QTest::qWaitFor(
            [&] {
                out += follow.readAllStandardOutput();
                return out.contains("\"runCount\":2") && out.endsWith('\n');
            },
            20000));
        follow.kill();
        follow.waitForFinished();
        lines.clear();
        for (const QByteArray& line : out.trimmed().split('\n'))
            lines.push_back(nlohmann::json::parse(line.toStdString()));
        for (const nlohmann::json& line : lines) {
            QCOMPARE(line["change"].get<std::string>(), std::string("changed"));
            QCOMPARE(line["session"]["sessionId"].get<std::string>(), std::string("live"));
        }
        QCOMPARE(lines.back()["session"]["runCount"].get<int>(), 2);
    }

    // The followed file is replaced at its path (rsync, a backup moved over it): the follow
    // says so and reads the new file, whose new session it reports. Before, it read the old
    // file on and never printed a line again.
    void cliFollowReadsAReplacedFile()
    {
        const QString path = m_dir.filePath(QStringLiteral("cli-follow-replaced.db"));
        const QString next = m_dir.filePath(QStringLiteral("cli-follow-next.db"));
        QVERIFY(AuditDatabase::open(path, AccessMode::Create).ok());
        QVERIFY(record(path, QStringLiteral("first"), minikb::kPoolQuery));
        QVERIFY(QFile::copy(path, next));
        QVERIFY(record(next, QStringLiteral("second"), QStringLiteral("disk is full")));
        QProcess follow;
        follow.start(QStringLiteral(RAGLENS_CLI_PATH),
                     {QStringLiteral("sessions"), QStringLiteral("--db"), path,
                      QStringLiteral("--follow"), QStringLiteral("--interval"),
                      QStringLiteral("0.2"), QStringLiteral("--max-changes"), QStringLiteral("1")});
        QVERIFY(follow.waitForStarted());
        QByteArray err;
        QVERIFY(QTest::qWaitFor(
            [&] { return (err += follow.readAllStandardError()).contains("Following"); }, 10000));
        QVERIFY(std::rename(QFile::encodeName(next).constData(),
                            QFile::encodeName(path).constData()) == 0);
        QVERIFY(follow.waitForFinished(20000));
        err += follow.readAllStandardError();
        QCOMPARE(follow.exitCode(), 0);
        const nlohmann::json line =
            nlohmann::json::parse(follow.readAllStandardOutput().trimmed().toStdString());
        QCOMPARE(line["change"].get<std::string>(), std::string("new"));
        QCOMPARE(line["session"]["sessionId"].get<std::string>(), std::string("second"));
        QVERIFY2(err.contains("was replaced"), err.constData());
    }

    void cliFollowRejectsMisuse()
    {
        const QString path = m_dir.filePath(QStringLiteral("cli-follow.db"));
        CliResult r = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), path,
                              QStringLiteral("--interval"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--interval needs --follow"));
        r = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), path,
                    QStringLiteral("--follow"), QStringLiteral("--offset"), QStringLiteral("5")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--offset cannot be used with --follow"));
        r = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), path,
                    QStringLiteral("--follow"), QStringLiteral("--interval"), QStringLiteral("0")});
        QCOMPARE(r.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestSessionFollower)
#include "tst_session_follower.moc"
