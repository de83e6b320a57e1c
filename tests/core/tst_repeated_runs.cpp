// A diagnosis_run without a key on run_id, written by an append-only writer: a RUNNING row
// when the run starts, its finished row when it ends. Every view reads the run once, as its
// last row says: the session list (direct and through the facts index), the trace with its
// feedback, diagnose, health; `check` still names the run held twice; nothing is written.

#include "support/cli_runner.h"
#include "support/fixture_db.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens::test;
using nlohmann::json;

namespace {

/// Runs SQL statements on the SQLite file at `path`; the first error, or empty.
QString execOn(const QString& path, const QStringList& statements)
{
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "repeated-runs");
        db.setDatabaseName(path);
        if (!db.open())
            return db.lastError().text();
        QSqlQuery q(db);
        for (const QString& sql : statements)
            if (!q.exec(sql)) {
                error = sql + QStringLiteral(": ") + q.lastError().text();
                break;
            }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("repeated-runs"));
    return error;
}

/// The production fixture with diagnosis_run rebuilt without a key, the FALLBACK run's
/// RUNNING row written first; its finished row follows unless `finished` is false (then it
/// is kept aside in finished_run, to be appended as the writer would); with an index on
/// run_id (not unique) when `indexed`.
QString writeAppendOnlyStore(const QString& path, bool finished, bool indexed)
{
    if (QString error = writeProductionFixture(path); !error.isEmpty())
        return error;
    const QString run = fixture::kFallbackRun;
    return execOn(
        path,
        {QStringLiteral("ALTER TABLE diagnosis_run RENAME TO old_run"),
         QStringLiteral("CREATE TABLE diagnosis_run AS SELECT * FROM old_run WHERE 0"),
         QStringLiteral("CREATE TABLE finished_run AS SELECT * FROM old_run WHERE run_id = '%1'")
             .arg(run),
         QStringLiteral("INSERT INTO diagnosis_run SELECT * FROM old_run WHERE run_id = '%1'")
             .arg(run),
         QStringLiteral("UPDATE diagnosis_run SET status = 'RUNNING', release_outcome = NULL, "
                        "fallback_reason = NULL, finished_at = NULL, tool_call_count = 0, "
                        "total_token_count = 0"),
         QStringLiteral("INSERT INTO diagnosis_run SELECT * FROM old_run WHERE run_id <> '%1' "
                        "ORDER BY started_at")
             .arg(run),
         finished ? QStringLiteral("INSERT INTO diagnosis_run SELECT * FROM finished_run")
                  : QStringLiteral("SELECT 1"),
         indexed ? QStringLiteral("CREATE INDEX run_by_id ON diagnosis_run(run_id)")
                 : QStringLiteral("SELECT 1"),
         QStringLiteral("DROP TABLE old_run")});
}

QByteArray digestOf(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

/// A list or health answer without its facts-index block (which says how it was read).
json withoutIndexBlock(json j)
{
    j.erase("factsIndex");
    return j;
}

const json* sessionIn(const json& list, const QString& id)
{
    for (const json& s : list.at("sessions"))
        if (s.at("sessionId").get<std::string>() == id.toStdString())
            return &s;
    return nullptr;
}

} // namespace

class TestRepeatedRuns : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// A list or health command, its facts index in this test's folder.
    CliResult listing(const QStringList& args)
    {
        return runCli(args + QStringList{QStringLiteral("--cache"), m_dir.filePath("cache")});
    }

    CliResult sessions(const QString& path, const QString& facts)
    {
        return listing({QStringLiteral("sessions"), QStringLiteral("--db"), path,
                        QStringLiteral("--facts"), facts, QStringLiteral("--limit"),
                        QStringLiteral("100")});
    }

    /// The fallback session as listed directly and through the facts index (the same, one
    /// run) into `session`.
    void listOnce(const QString& path, json& session)
    {
        const CliResult direct = sessions(path, QStringLiteral("off"));
        const CliResult indexed = sessions(path, QStringLiteral("build"));
        QVERIFY2(direct.exitCode == 0, direct.err.constData());
        QVERIFY2(indexed.exitCode == 0, indexed.err.constData());
        QVERIFY(!indexed.json.at("factsIndex").is_null());
        QCOMPARE(withoutIndexBlock(direct.json).dump(), withoutIndexBlock(indexed.json).dump());
        const json* s = sessionIn(direct.json, fixture::kFallbackSession);
        QVERIFY(s);
        QCOMPARE(s->at("runCount").get<int>(), 1);
        session = *s;
    }

private slots:
    void everyViewReadsTheRunAsItsLastRow_data()
    {
        // Without an index on run_id the last rows are gathered per statement; with one,
        // each row asks the index for a later row of its run.
        QTest::addColumn<bool>("indexed");
        QTest::newRow("no index on run_id") << false;
        QTest::newRow("indexed by run_id") << true;
    }

    void everyViewReadsTheRunAsItsLastRow()
    {
        QFETCH(bool, indexed);
        const QString path = m_dir.filePath(QStringLiteral("append-only-%1.db").arg(indexed));
        QCOMPARE(writeAppendOnlyStore(path, true, indexed), QString());
        const QByteArray before = digestOf(path);

        json session;
        listOnce(path, session);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(session.at("lastOutcome").get<std::string>(), std::string("FALLBACK"));
        QVERIFY(session.at("totalTokenCount").get<int>() > 0);
        // The schema notes say how such a run is read.
        const CliResult list = sessions(path, QStringLiteral("off"));
        bool noted = false;
        for (const json& n : list.json.at("schemaNotes"))
            noted = noted || (n.at("table") == "diagnosis_run" && n.at("column") == "run_id" &&
                              n.at("message").get<std::string>().find("last row written") !=
                                  std::string::npos);
        QVERIFY(noted);

        // The trace: one run, finished as a FALLBACK, its one rating once.
        const CliResult trace = runCli(
            {QStringLiteral("trace"), QStringLiteral("--db"), path, fixture::kFallbackSession});
        QVERIFY2(trace.exitCode == 0, trace.err.constData());
        QCOMPARE(trace.json.at("runs").size(), size_t(1));
        QCOMPARE(trace.json.at("runs")[0].at("releaseOutcome").get<std::string>(),
                 std::string("FALLBACK"));
        QCOMPARE(trace.json.at("feedback").size(), size_t(1));

        // diagnose reads the same row: the run fell back, and why.
        const CliResult diagnose = runCli({QStringLiteral("diagnose"), QStringLiteral("--db"), path,
                                           QStringLiteral("--run"), fixture::kFallbackRun});
        QVERIFY2(diagnose.exitCode == 0, diagnose.err.constData());
        QVERIFY(diagnose.json.at("fallbackCause").at("kind").get<std::string>() != "not_fallback");

        // Health counts the run once, directly as through the index.
        const CliResult healthDirect =
            listing({QStringLiteral("health"), QStringLiteral("--db"), path,
                     QStringLiteral("--facts"), QStringLiteral("off")});
        const CliResult healthIndexed =
            listing({QStringLiteral("health"), QStringLiteral("--db"), path,
                     QStringLiteral("--facts"), QStringLiteral("build")});
        QVERIFY2(healthDirect.exitCode == 0, healthDirect.err.constData());
        QCOMPARE(withoutIndexBlock(healthDirect.json).dump(),
                 withoutIndexBlock(healthIndexed.json).dump());

        // check reads the table as stored: it names the run held in two rows.
        const CliResult check = runCli({QStringLiteral("check"), QStringLiteral("--db"), path});
        bool named = false;
        for (const json& rule : check.json.at("rules"))
            if (rule.at("id") == "run_consistency")
                for (const json& f : rule.at("findings"))
                    named = named || (f.at("runId") == fixture::kFallbackRun.toStdString() &&
                                      f.at("reason").get<std::string>().find("held by 2") !=
                                          std::string::npos);
        QVERIFY2(named, check.out.constData());

        QCOMPARE(digestOf(path), before);
    }

    void aFinishedRowWrittenLaterIsReadOnceIndexed_data()
    {
        everyViewReadsTheRunAsItsLastRow_data();
    }

    void aFinishedRowWrittenLaterIsReadOnceIndexed()
    {
        QFETCH(bool, indexed);
        const QString path = m_dir.filePath(QStringLiteral("live-%1.db").arg(indexed));
        QCOMPARE(writeAppendOnlyStore(path, false, indexed), QString());
        // While it runs: one row, no tokens counted yet; the index is built from it.
        json session;
        listOnce(path, session);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(session.at("totalTokenCount").get<int>(), 0);
        // The writer appends the finished row: the refresh takes it over the RUNNING one.
        QCOMPARE(execOn(path, {QStringLiteral("INSERT INTO diagnosis_run SELECT * FROM "
                                              "finished_run")}),
                 QString());
        listOnce(path, session);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(session.at("totalTokenCount").get<int>() > 0);
        QCOMPARE(session.at("lastOutcome").get<std::string>(), std::string("FALLBACK"));
        const CliResult fallbacks =
            listing({QStringLiteral("sessions"), QStringLiteral("--db"), path,
                     QStringLiteral("--outcome"), QStringLiteral("FALLBACK")});
        QVERIFY2(fallbacks.exitCode == 0, fallbacks.err.constData());
        QVERIFY(sessionIn(fallbacks.json, fixture::kFallbackSession));
    }
};

QTEST_GUILESS_MAIN(TestRepeatedRuns)
#include "tst_repeated_runs.moc"
