// Several `raglens-cli record` processes writing one SQLite audit database at once, on
// different sessions and on one shared run: every command that exits 0 left its run
// finished (COMPLETED with a release outcome), and every failure says why with exit 1.
// (A deferred write transaction once lost the lock between its read and its write: the
// command printed SUCCESS and exited 0 while the run stayed RUNNING.)

#include "db/audit_database.h"
#include "support/mini_kb.h"

#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;

class TestConcurrentRecord : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb;

    struct Outcome
    {
        int ok = 0;
        int failed = 0;
        QStringList failures;
    };

    // Runs `rounds` batches of `parallel` record processes; returns how they ended.
    Outcome recordInParallel(const QString& db, int parallel, int rounds,
                             const std::function<QStringList(int)>& extraArgs)
    {
        Outcome out;
        int n = 0;
        for (int round = 0; round < rounds; ++round) {
            std::vector<std::unique_ptr<QProcess>> batch;
            for (int p = 0; p < parallel; ++p, ++n) {
                auto proc = std::make_unique<QProcess>();
                proc->start(QStringLiteral(RAGLENS_CLI_PATH),
                            QStringList{QStringLiteral("record"), QStringLiteral("--kb"), m_kb,
                                        QStringLiteral("--db"), db} +
                                extraArgs(n) + QStringList{minikb::kPoolQuery});
                batch.push_back(std::move(proc));
            }
            for (auto& proc : batch) {
                if (!proc->waitForFinished(60000) || proc->exitStatus() != QProcess::NormalExit) {
                    out.failures << QStringLiteral("crashed or hung");
                    ++out.failed;
                    continue;
                }
                if (proc->exitCode() == 0) {
                    ++out.ok;
                } else {
                    ++out.failed;
                    out.failures << QString::fromUtf8(proc->readAllStandardError());
                }
            }
        }
        return out;
    }

    static void checkRunsFinished(const QString& path, int atLeast)
    {
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        QSqlQuery q((*db)->sql());
        QVERIFY(
            q.exec(QStringLiteral("SELECT run_id, status, release_outcome FROM diagnosis_run")));
        int runs = 0;
        while (q.next()) {
            ++runs;
            QVERIFY2(q.value(1).toString() == QLatin1String("COMPLETED") && !q.value(2).isNull(),
                     qPrintable(q.value(0).toString() + QStringLiteral(" left ") +
                                q.value(1).toString()));
        }
        QVERIFY(runs >= atLeast);
    }

private slots:
    void initTestCase()
    {
        m_kb = m_dir.filePath(QStringLiteral("kb"));
        QVERIFY(buildMiniKb(m_dir.filePath(QStringLiteral("src")), m_kb).ok());
    }

    void differentSessionsAllFinish()
    {
        const QString db = m_dir.filePath(QStringLiteral("sessions.db"));
        // The database exists before the writers race (creating it is one writer's job).
        QVERIFY(AuditDatabase::open(db, AccessMode::Create).ok());
        const Outcome o = recordInParallel(db, 4, 6, [](int n) {
            return QStringList{QStringLiteral("--session"), QStringLiteral("s-%1").arg(n % 4)};
        });
        // Concurrency may make a writer wait; it must not make it lie or give up.
        QVERIFY2(o.failed == 0, qPrintable(o.failures.join(QLatin1Char('\n'))));
        QCOMPARE(o.ok, 24);
        checkRunsFinished(db, 24);
    }

    void oneSharedRunAllFinish()
    {
        const QString db = m_dir.filePath(QStringLiteral("shared.db"));
        // Create the run first, then append steps to it from several processes at once.
        const Outcome first = recordInParallel(db, 1, 1, [](int) {
            return QStringList{QStringLiteral("--session"), QStringLiteral("shared"),
                               QStringLiteral("--run"), QStringLiteral("run-shared")};
        });
        QCOMPARE(first.ok, 1);
        const Outcome o = recordInParallel(db, 4, 4, [](int) {
            return QStringList{QStringLiteral("--session"), QStringLiteral("shared"),
                               QStringLiteral("--run"), QStringLiteral("run-shared")};
        });
        QVERIFY2(o.failed == 0, qPrintable(o.failures.join(QLatin1Char('\n'))));
        checkRunsFinished(db, 1);
        auto opened = AuditDatabase::open(db);
        QVERIFY(opened.ok());
        QSqlQuery q((*opened)->sql());
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM tool_invocation WHERE run_id = "
                                      "'run-shared'")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 17);
    }
};

QTEST_GUILESS_MAIN(TestConcurrentRecord)
#include "tst_concurrent_record.moc"
