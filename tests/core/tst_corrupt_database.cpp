// A SQLite file whose later pages are damaged: the first rows read, then the driver stops
// with "database disk image is malformed". Every reader must report that — never exit 0 with
// the rows it managed to read before the damage (health and sessions once under-counted).

#include "db/audit_database.h"
#include "diagnostics/health_report.h"
#include "support/cli_runner.h"
#include "support/random_audit_db.h"
#include "trace/audit_browser.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;

class TestCorruptDatabase : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;

private slots:
    void initTestCase()
    {
        m_path = m_dir.filePath(QStringLiteral("damaged.db"));
        QCOMPARE(writeRandomAuditDb(m_path, {3000, 11}), QString());
        QCOMPARE(damageLastPages(m_path), QString());
    }

    void healthReportsTheDamage()
    {
        auto db = AuditDatabase::open(m_path);
        QVERIFY(db.ok());
        auto health = computeHealth(**db, {}, {});
        QVERIFY(!health.ok());
        QVERIFY2(health.error().contains(QStringLiteral("corrupt")), qPrintable(health.error()));
    }

    void cliExitsOneWithTheReason_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("health") << QStringList{QStringLiteral("health")};
        QTest::newRow("sessions") << QStringList{
            QStringLiteral("sessions"), QStringLiteral("--limit"), QStringLiteral("100000")};
        // The facts index is built from the damaged file: the damage is the audit database's,
        // not blamed on RagLens's own index.
        QTest::newRow("index") << QStringList{QStringLiteral("index")};
    }
    void cliExitsOneWithTheReason()
    {
        QFETCH(QStringList, args);
        const CliResult r = runCli(args + QStringList{QStringLiteral("--db"), m_path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.crashed);
        QVERIFY2(r.err.contains("corrupt"), r.err.constData());
        QVERIFY2(r.err.contains("audit database"), r.err.constData());
        QVERIFY2(!r.err.contains("facts index"), r.err.constData());
        // The reason in words, not a screen of the SQL that met the damage.
        QVERIFY2(!r.err.contains("SELECT"), r.err.constData());
    }

    // A file a writer holds locked is a database, only busy: the message says so (and to
    // try again), not that it cannot be read as a database.
    void lockedIsBusyNotBroken()
    {
        const QString path = m_dir.filePath(QStringLiteral("locked.db"));
        QCOMPARE(writeRandomAuditDb(path, {50, 3}), QString());
        {
            QSqlDatabase writer =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("lock-holder"));
            writer.setDatabaseName(path);
            QVERIFY(writer.open());
            QSqlQuery q(writer);
            QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode=DELETE")));
            QVERIFY(q.exec(QStringLiteral("BEGIN EXCLUSIVE")));
            QVERIFY(q.exec(QStringLiteral("UPDATE diagnosis_run SET question = question")));
            const CliResult r = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), path});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("locked by another program"), r.err.constData());
            QVERIFY(q.exec(QStringLiteral("ROLLBACK")));
            q.finish();
            writer.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("lock-holder"));
        // Once the writer is done, the same command reads it.
        QCOMPARE(runCli({QStringLiteral("sessions"), QStringLiteral("--db"), path}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestCorruptDatabase)
#include "tst_corrupt_database.moc"
