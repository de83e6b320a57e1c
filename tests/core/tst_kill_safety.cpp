// SIGKILL at any moment leaves what a user had: `ingest` killed mid-way leaves the knowledge
// base readable (the previous complete generation, or none on the very first ingest), and
// `record` killed mid-way leaves an audit database that passes integrity_check, keeps every
// run it reported, and takes new writes. The kill times are spread over each command's run
// so the kills land in different phases (scan, embed, index, write, switch).

#include "support/cli_runner.h"
#include "support/mini_kb.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace raglens::test;

namespace {

enum class Ending
{
    Killed,
    Finished,
    NotStarted
};

/// Starts raglens-cli and kills it after `ms` milliseconds unless it finished first.
Ending killAfter(const QStringList& args, int ms)
{
    QProcess p;
    p.start(QStringLiteral(RAGLENS_CLI_PATH), args);
    if (!p.waitForStarted(10000))
        return Ending::NotStarted;
    if (p.waitForFinished(ms))
        return Ending::Finished;
    p.kill();
    p.waitForFinished(10000);
    return Ending::Killed;
}

bool copyTree(const QString& from, const QString& to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = to + file.mid(from.size());
        if (!QDir().mkpath(QFileInfo(target).absolutePath()) || !QFile::copy(file, target))
            return false;
    }
    return true;
}

/// Kills `args` kKills times at moments spread over a run of about `fullMs`: each round kills
/// later than the last, and earlier again when the command beat the kill (a loaded machine
/// makes every run slower or faster). `after` checks what the kill left behind.
template <typename Check>
int spreadKills(int kills, int fullMs, const std::function<QStringList(int)>& args, Check after)
{
    int killed = 0;
    int at = 1;
    const int step = qMax(1, fullMs / kills);
    for (int round = 0; round < kills * 3 && killed < kills; ++round) {
        const Ending e = killAfter(args(round), at);
        if (e == Ending::NotStarted)
            return -1;
        if (e == Ending::Killed) {
            ++killed;
            at += step;
        } else {
            at = qMax(1, at * 2 / 3);
        }
        if (!after(round, at))
            return -1;
    }
    return killed;
}

int elapsedMs(const QStringList& args)
{
    QElapsedTimer t;
    t.start();
    const CliResult r = runCli(args);
    return r.exitCode == 0 ? int(t.elapsed()) : -1;
}

} // namespace

class TestKillSafety : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    static constexpr int kKills = 12;

private slots:
    void killedIngestKeepsAReadableKnowledgeBase()
    {
        // A private copy of the demo runbooks: each round edits one, so every ingest writes.
        const QString source = m_dir.filePath(QStringLiteral("demo-src"));
        QVERIFY(copyTree(sourcePath(QStringLiteral("resources/demo/kb")), source));
        const QString kb = m_dir.filePath(QStringLiteral("kb"));
        // A first complete ingest; then one like those below (one document changed), timed,
        // so the kills spread over a whole run.
        QVERIFY(elapsedMs({QStringLiteral("ingest"), QStringLiteral("--kb"), kb, source}) > 0);
        QVERIFY(writeDocument(source, QStringLiteral("mysql/kill-round"),
                              QStringLiteral("# Timed\n\nConnection pool, timed round.\n")));
        const int full = elapsedMs({QStringLiteral("ingest"), QStringLiteral("--kb"), kb, source});
        QVERIFY(full > 0);
        const QStringList lookup = {QStringLiteral("lookup"), QStringLiteral("--kb"), kb,
                                    minikb::kPoolQuery};
        const int killed = spreadKills(
            kKills, full,
            [&](int round) {
                writeDocument(
                    source, QStringLiteral("mysql/kill-round"),
                    QStringLiteral("# Round %1\n\nConnection pool round %1.\n").arg(round));
                return QStringList{QStringLiteral("ingest"), QStringLiteral("--kb"), kb, source};
            },
            [&](int round, int at) {
                const CliResult r = runCli(lookup);
                if (r.exitCode != 0 || !r.json.contains("evidenceBlocks"))
                    qWarning("after round %d (next kill at %d ms): %s", round, at,
                             r.err.constData());
                return r.exitCode == 0 && r.json.contains("evidenceBlocks");
            });
        QVERIFY2(killed >= 0, "the knowledge base did not survive a kill (see the warning)");
        QVERIFY2(killed == kKills, qPrintable(QStringLiteral("only %1 kills").arg(killed)));
    }

    void killedRecordKeepsACommittedDatabase()
    {
        const QString kb = m_dir.filePath(QStringLiteral("mini-kb"));
        QVERIFY(buildMiniKb(m_dir.filePath(QStringLiteral("mini-src")), kb).ok());
        const QString db = m_dir.filePath(QStringLiteral("record.db"));
        const auto record = [&](const QString& session) {
            return QStringList{QStringLiteral("record"),
                               QStringLiteral("--kb"),
                               kb,
                               QStringLiteral("--db"),
                               db,
                               QStringLiteral("--session"),
                               session,
                               QStringLiteral("--sample-rate"),
                               QStringLiteral("1"),
                               minikb::kPoolQuery};
        };
        const int full = elapsedMs(record(QStringLiteral("timed")));
        QVERIFY(full > 0);
        const int killed = spreadKills(
            kKills, full, [&](int round) { return record(QStringLiteral("killed-%1").arg(round)); },
            [](int, int) { return true; });
        QVERIFY2(killed == kKills, qPrintable(QStringLiteral("only %1 kills").arg(killed)));
        {
            QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "check");
            sql.setDatabaseName(db);
            QVERIFY(sql.open());
            QSqlQuery q(sql);
            QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
            // An invocation never exists without its run, and the timed run is complete.
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM tool_invocation i WHERE NOT "
                                          "EXISTS (SELECT 1 FROM diagnosis_run r WHERE "
                                          "r.run_id = i.run_id)")) &&
                    q.next());
            QCOMPARE(q.value(0).toInt(), 0);
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM diagnosis_run WHERE session_id = "
                                          "'timed' AND release_outcome IS NOT NULL")) &&
                    q.next());
            QCOMPARE(q.value(0).toInt(), 1);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("check"));
        // The database still takes writes.
        const CliResult after = runCli(record(QStringLiteral("after")));
        QVERIFY2(after.exitCode == 0, after.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestKillSafety)
#include "tst_kill_safety.moc"
