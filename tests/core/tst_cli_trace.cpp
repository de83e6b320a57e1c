// The trace/sessions/export/import commands as a script uses them (DESIGN §8): JSON on
// stdout, messages on stderr, exit 0/1/2; inspecting a foreign database never changes a
// byte; export → import round-trips a session exactly and is idempotent.

#include "db/sqlite_collations.h"
#include "trace/otlp_exporter.h"

#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/json_compare.h"
#include "support/schema_variants.h"
#include "support/sqlite_statements.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>

#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstring>
#include <limits>

#include <sqlite3.h>

using namespace raglens::test;
using nlohmann::json;

namespace {

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

QStringList sidecars(const QString& dbPath)
{
    QStringList present;
    for (const char* suffix : {"-wal", "-shm", "-journal"})
        if (QFile::exists(dbPath + QLatin1String(suffix)))
            present << dbPath + QLatin1String(suffix);
    return present;
}

QStringList sessionIds(const json& out)
{
    QStringList ids;
    for (const json& s : out["sessions"])
        ids << QString::fromStdString(s["sessionId"].get<std::string>());
    return ids;
}

} // namespace

class TestCliTrace : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_fixture;

    QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        m_fixture = path(QStringLiteral("agent-audit.db"));
        QCOMPARE(writeProductionFixture(m_fixture), QString());
        // For documentation and manual runs: keep a copy of the fixture.
        const QString keep = qEnvironmentVariable("RAGLENS_KEEP_FIXTURE");
        if (!keep.isEmpty()) {
            QFile::remove(keep);
            QFile::copy(m_fixture, keep);
        }
    }

    void traceOfFallbackSession()
    {
        const CliResult r = runCli({"trace", "--db", m_fixture, fixture::kFallbackSession});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(!r.crashed);
        QVERIFY(!r.err.contains("raglens-cli:")); // no error or warning
        JCOMPARE(r.json["sessionId"], "sess-fallback-0001");
        QCOMPARE(r.json["toolInvocations"].size(), 2u);
        JCOMPARE(r.json["toolInvocations"][1]["stepId"], 962);
        JCOMPARE(r.json["toolInvocations"][1]["inputParams"]["query"],
                 fixture::kQueryPreview.toStdString());
        const CliResult pretty =
            runCli({"trace", "--pretty", "--db", m_fixture, fixture::kFallbackSession});
        QVERIFY(pretty.out.contains("\n  \"runs\""));
        JCOMPARE(pretty.json, r.json);
    }

    // A session's token count is the sum of its runs' counts as the trace reads them, and one
    // run of 2^63-1 tokens stops no list: before, SQLite's SUM failed the whole list with
    // "integer overflow", and -5 or 2.5 were added as they were while the trace read them as 0.
    void sessionTokensAddWhatTheTraceReads()
    {
        const QString db = path(QStringLiteral("tokens.db"));
        QFile::remove(db);
        QVERIFY(QFile::copy(m_fixture, db));
        const QString insert = QStringLiteral(
            "INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
            "total_token_count, started_at, finished_at) VALUES ('%1', '%2', 'COMPLETED', "
            "'SUCCESS', %3, '2026-11-2%4T09:00:00.000Z', '2026-11-2%4T09:00:09.000Z')");
        QStringList rows;
        const QList<std::tuple<const char*, const char*, const char*>> runs = {
            {"run-t1", "sess-tokens-huge", "9223372036854775807"},
            {"run-t2", "sess-tokens-huge", "9223372036854775807"},
            {"run-t3", "sess-tokens-huge", "1e20"},
            {"run-t4", "sess-tokens-odd", "-5"},
            {"run-t5", "sess-tokens-odd", "2.5"},
            {"run-t6", "sess-tokens-odd", "'many'"},
            {"run-t7", "sess-tokens-odd", "'42'"},
            {"run-t8", "sess-tokens-odd", "7.0"}};
        int day = 0;
        for (const auto& [run, session, tokens] : runs)
            rows << insert.arg(QLatin1String(run), QLatin1String(session), QLatin1String(tokens))
                        .arg(day++ % 8);
        QCOMPARE(execOnSqliteFile(db, rows), QString());
        QMap<QString, qint64> expected;
        for (const char* session : {"sess-tokens-huge", "sess-tokens-odd"}) {
            const CliResult trace = runCli({"trace", "--db", db, session});
            QCOMPARE(trace.exitCode, 0);
            qint64 sum = 0;
            for (const json& r : trace.json["runs"])
                sum += r["totalTokenCount"].get<qint64>();
            expected.insert(QString::fromLatin1(session), sum);
        }
        QCOMPARE(expected.value(QStringLiteral("sess-tokens-odd")), qint64(49));
        QCOMPARE(expected.value(QStringLiteral("sess-tokens-huge")), qint64(0));
        for (const char* facts : {"off", "build"}) {
            const CliResult list =
                runCli({"sessions", "--db", db, "--facts", facts, "--cache",
                        path(QStringLiteral("tokens-cache")), "--limit", "1000"});
            QVERIFY2(list.exitCode == 0, list.err.constData());
            int seen = 0;
            for (const json& s : list.json["sessions"]) {
                const QString id = QString::fromStdString(s["sessionId"].get<std::string>());
                if (!expected.contains(id))
                    continue;
                ++seen;
                QCOMPARE(s["totalTokenCount"].get<qint64>(), expected.value(id));
            }
            QCOMPARE(seen, 2);
        }
    }

    void traceRunFilter()
    {
        const CliResult r = runCli(
            {"trace", "--db", m_fixture, fixture::kRetrySession, "--run", fixture::kRetryRun});
        QCOMPARE(r.exitCode, 0);
        JCOMPARE(r.json["runs"][0]["runId"], "run-retry-0002");
        const CliResult wrong = runCli(
            {"trace", "--db", m_fixture, fixture::kRetrySession, "--run", fixture::kFallbackRun});
        QCOMPARE(wrong.exitCode, 1);
        QVERIFY(wrong.out.isEmpty());
        QVERIFY(wrong.err.contains("has no run"));
    }

    void failuresAndUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString db = path(QStringLiteral("agent-audit.db"));
        QTest::newRow("unknown session")
            << QStringList{"trace", "--db", db, "nope"} << 1 << "No session 'nope'";
        QTest::newRow("injection-shaped session")
            << QStringList{"trace", "--db", db, "x' OR '1'='1"} << 1 << "No session";
        QTest::newRow("missing --db") << QStringList{"trace", "s"} << 2 << "--db";
        QTest::newRow("no session id") << QStringList{"trace", "--db", db} << 2 << "SESSION_ID";
        QTest::newRow("unknown option")
            << QStringList{"sessions", "--db", db, "--bogus"} << 2 << "bogus";
        QTest::newRow("bad outcome")
            << QStringList{"sessions", "--db", db, "--outcome", "MAYBE"} << 2 << "--outcome";
        QTest::newRow("bad since")
            << QStringList{"sessions", "--db", db, "--since", "yesterday"} << 2 << "--since";
        QTest::newRow("bad limit")
            << QStringList{"sessions", "--db", db, "--limit", "0"} << 2 << "--limit";
        QTest::newRow("bad format")
            << QStringList{"export", "--db", db, "s", "--format", "xml"} << 2 << "--format";
        QTest::newRow("no such file")
            << QStringList{"sessions", "--db", path("missing.db")} << 1 << "No such database";
        QTest::newRow("wrong URL scheme")
            << QStringList{"sessions", "--db", "ftp://host/db"} << 1 << "Unsupported";
        QTest::newRow("password in URL")
            << QStringList{"sessions", "--db", "postgresql://u:secret@127.0.0.1/db"} << 1
            << "RAGLENS_DB_PASSWORD";
        QTest::newRow("URL without database")
            << QStringList{"sessions", "--db", "mysql://u@127.0.0.1"} << 1 << "names no database";
        QTest::newRow("server not listening")
            << QStringList{"sessions", "--db", "postgresql://u@127.0.0.1:1/db"} << 1
            << "Cannot open";
        QTest::newRow("import missing file")
            << QStringList{"import", "--db", path("new.db"), path("none.json")} << 1
            << "Cannot read";
    }
    void failuresAndUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const CliResult r = runCli(args);
        QVERIFY(!r.crashed);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!QFile::exists(path("new.db")));
    }

    void notADatabase()
    {
        const QString p = path(QStringLiteral("report.pdf"));
        QFile f(p);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("%PDF-1.7\n" + QByteArray(4096, 'x'));
        f.close();
        const QByteArray before = fileHash(p);
        for (const QStringList& args :
             {QStringList{"sessions", "--db", p}, QStringList{"trace", "--db", p, "s"}}) {
            const CliResult r = runCli(args);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("not a readable database"), r.err.constData());
            // SQLite's words, not Qt's driver's ("Unable to execute statement").
            QVERIFY2(!r.err.contains("Unable to"), r.err.constData());
        }
        QCOMPARE(fileHash(p), before);
    }

    // What the schema lacks is said by every command that reads it: `health` in its JSON,
    // `trace` and `export` (whose JSON keeps the Trace API's shape) on stderr.
    void schemaNotesReachHealthAndTrace()
    {
        const QString db = path(QStringLiteral("no-question.db"));
        QFile::remove(db);
        QVERIFY(QFile::copy(m_fixture, db));
        QCOMPARE(execOnSqliteFile(
                     db, {QStringLiteral("ALTER TABLE diagnosis_run DROP COLUMN question")}),
                 QString());
        const CliResult health = runCli({"health", "--db", db, "--facts", "off"});
        QCOMPARE(health.exitCode, 0);
        bool noted = false;
        for (const json& note : health.json["schemaNotes"])
            noted = noted || (note["table"] == "diagnosis_run" && note["column"] == "question");
        QVERIFY2(noted, health.out.constData());
        const CliResult trace = runCli({"trace", "--db", db, fixture::kFallbackSession});
        QCOMPARE(trace.exitCode, 0);
        JCOMPARE(trace.json["sessionId"], "sess-fallback-0001");
        QVERIFY2(trace.err.contains("no question column in diagnosis_run"), trace.err.constData());
        // `export` writes the same shape to a file, and says it the same way.
        const CliResult exported = runCli({"export", "--db", db, fixture::kFallbackSession, "--out",
                                           path(QStringLiteral("no-question.json"))});
        QCOMPARE(exported.exitCode, 0);
        QVERIFY2(exported.err.contains("no question column in diagnosis_run"),
                 exported.err.constData());
        // The fixture's own schema lacks nothing: nothing to say.
        const CliResult full = runCli({"health", "--db", m_fixture, "--facts", "off"});
        JCOMPARE(full.json["schemaNotes"], json::array());
    }

    // A missing count or flag is read as 0 or false (the trace's shape holds numbers and
    // booleans there): its note says so, not "shown as empty".
    void notesSayWhatAMissingCountIsReadAs()
    {
        const QString db = path(QStringLiteral("no-token-count.db"));
        QFile::remove(db);
        QVERIFY(QFile::copy(m_fixture, db));
        QCOMPARE(execOnSqliteFile(db, {QStringLiteral("ALTER TABLE diagnosis_run DROP COLUMN "
                                                      "total_token_count")}),
                 QString());
        const CliResult health = runCli({"health", "--db", db, "--facts", "off"});
        QCOMPARE(health.exitCode, 0);
        QString message;
        for (const json& note : health.json["schemaNotes"])
            if (note["column"] == "total_token_count")
                message = QString::fromStdString(note["message"].get<std::string>());
        QVERIFY2(message.contains(QLatin1String("read as 0")), qPrintable(message));
        const CliResult trace = runCli({"trace", "--db", db, fixture::kFallbackSession});
        JCOMPARE(trace.json["runs"][0]["totalTokenCount"], 0);
    }

    void foreignTablesMissing()
    {
        const QString empty = path(QStringLiteral("empty.db"));
        QFile f(empty); // a zero-byte file is a valid, empty SQLite database
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const CliResult r = runCli({"sessions", "--db", empty});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("has no diagnosis_run table"), r.err.constData());
        QCOMPARE(QFileInfo(empty).size(), 0);
    }

    void sessionsFiltersThroughCli_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("all") << QStringList{}
                             << QStringList{fixture::kTruncatedSession, fixture::kRetrySession,
                                            fixture::kFallbackSession, fixture::kLegacySession};
        QTest::newRow("--outcome FALLBACK")
            << QStringList{"--outcome", "FALLBACK"} << QStringList{fixture::kFallbackSession};
        QTest::newRow("--evidence NO_EVIDENCE")
            << QStringList{"--evidence", "NO_EVIDENCE"}
            << QStringList{fixture::kFallbackSession, fixture::kLegacySession};
        QTest::newRow("--since/--until")
            << QStringList{"--since", "2026-03-02", "--until", "2026-03-04T00:00:00Z"}
            << QStringList{fixture::kRetrySession, fixture::kFallbackSession};
        QTest::newRow("--attempt + --retry-reason")
            << QStringList{"--attempt", "UNFILTERED_VECTOR_RETRY", "--retry-reason",
                           "filtered_vector_no_evidence"}
            << QStringList{fixture::kFallbackSession};
        QTest::newRow("--relevance NONE")
            << QStringList{"--relevance", "NONE"}
            << QStringList{fixture::kFallbackSession, fixture::kLegacySession};
        QTest::newRow("--tool") << QStringList{"--tool", "get_service_metrics"}
                                << QStringList{fixture::kFallbackSession};
        QTest::newRow("--text") << QStringList{"--text", "crashloop"}
                                << QStringList{fixture::kTruncatedSession};
        QTest::newRow("--limit/--offset")
            << QStringList{"--limit", "1", "--offset", "1"} << QStringList{fixture::kRetrySession};
        QTest::newRow("--since age") << QStringList{"--since", "1h"} << QStringList{};
    }
    void sessionsFiltersThroughCli()
    {
        QFETCH(QStringList, options);
        QFETCH(QStringList, expected);
        const CliResult r = runCli(QStringList{"sessions", "--db", m_fixture} + options);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(sessionIds(r.json), expected);
        JCOMPARE(r.json["readOnly"], true);
        if (!options.contains("--limit"))
            JCOMPARE(r.json["total"], expected.size());
        else
            JCOMPARE(r.json["total"], 4);
    }

    // A newer agent's own retry reason is a filter value like the vocabulary's; a value that
    // is not a code is refused with the reason.
    void writersOwnRetryReasonFilters()
    {
        const QString db = path(QStringLiteral("own-reason.db"));
        QFile::remove(db);
        QCOMPARE(writeProductionFixture(db), QString());
        {
            QSqlDatabase conn =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("own-reason"));
            conn.setDatabaseName(db);
            QVERIFY(conn.open());
            QSqlQuery q(conn);
            QVERIFY(q.exec(QStringLiteral(
                "UPDATE tool_invocation SET retrieval_details = replace(retrieval_details, "
                "'filtered_vector_no_evidence', 'NO_USABLE_FILTERED_RESULT')")));
            QVERIFY(q.numRowsAffected() > 0);
            conn.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("own-reason"));
        const CliResult r =
            runCli({"sessions", "--db", db, "--retry-reason", "NO_USABLE_FILTERED_RESULT"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(sessionIds(r.json), QStringList{fixture::kFallbackSession});
        const CliResult bad = runCli({"sessions", "--db", db, "--retry-reason", "no such; thing"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("code of letters"), bad.err.constData());
    }

    void inspectingNeverChangesTheFile_data()
    {
        QTest::addColumn<bool>("wal");
        QTest::newRow("rollback journal") << false;
        QTest::newRow("WAL journal") << true;
    }
    void inspectingNeverChangesTheFile()
    {
        QFETCH(bool, wal);
        const QString db = path(wal ? QStringLiteral("wal.db") : QStringLiteral("ro.db"));
        QFile::remove(db);
        FixtureOptions options;
        options.walJournal = wal;
        QCOMPARE(writeProductionFixture(db, options), QString());
        const QByteArray before = fileHash(db);
        const QStringList sidecarsBefore = sidecars(db);
        const QDateTime modified = QFileInfo(db).lastModified();
        const QList<QStringList> commands = {
            {"sessions", "--db", db},
            {"sessions", "--db", db, "--evidence", "NO_EVIDENCE", "--text", "pool", "--since",
             "2020-01-01"},
            {"trace", "--db", db, fixture::kFallbackSession},
            {"trace", "--db", db, "'; DROP TABLE diagnosis_run; --"},
            {"export", "--db", db, fixture::kRetrySession, "--format", "otlp"},
            {"import", "--db", db, path("does-not-matter.json")},
        };
        for (const QStringList& args : commands) {
            const CliResult r = runCli(args);
            QVERIFY(!r.crashed);
            QCOMPARE(fileHash(db), before);
        }
        QCOMPARE(sidecars(db), sidecarsBefore);
        QCOMPARE(QFileInfo(db).lastModified(), modified);
    }

    void exportImportRoundTrip()
    {
        const QString exported = path(QStringLiteral("fallback-trace.json"));
        const CliResult ex =
            runCli({"export", "--db", m_fixture, fixture::kFallbackSession, "--out", exported});
        QCOMPARE(ex.exitCode, 0);
        JCOMPARE(ex.json["written"], exported.toStdString());
        JCOMPARE(ex.json["toolInvocations"], 2);

        const QString target = path(QStringLiteral("imported.db"));
        const CliResult im = runCli({"import", "--db", target, exported});
        QCOMPARE(im.exitCode, 0);
        JCOMPARE(im.json["imported"]["runs"], 1);
        JCOMPARE(im.json["imported"]["steps"], 2);
        JCOMPARE(im.json["imported"]["invocations"], 2);
        JCOMPARE(im.json["imported"]["events"], 6);
        JCOMPARE(im.json["imported"]["feedback"], 1);
        JCOMPARE(im.json["imported"]["reassignedIds"], 0);

        const CliResult original = runCli({"trace", "--db", m_fixture, fixture::kFallbackSession});
        const CliResult copy = runCli({"trace", "--db", target, fixture::kFallbackSession});
        QCOMPARE(copy.exitCode, 0);
        JCOMPARE(copy.json, original.json);

        // Importing again replaces the run: same rows, same trace, same counts.
        QCOMPARE(runCli({"import", "--db", target, exported}).exitCode, 0);
        const CliResult again = runCli({"trace", "--db", target, fixture::kFallbackSession});
        JCOMPARE(again.json, original.json);
        const CliResult sessions = runCli({"sessions", "--db", target});
        JCOMPARE(sessions.json["total"], 1);
        JCOMPARE(sessions.json["sessions"][0]["invocationCount"], 2);
        JCOMPARE(sessions.json["readOnly"], false); // RagLens created it
    }

    // Every demo session comes back whole: before, the secret policy dropped every key with
    // "token" in its name, the run's own RUN_FINISHED total_token_count among them, and the
    // import said nothing.
    void demoSessionsRoundTripWhole()
    {
        const QString workspace = path(QStringLiteral("demo-round-trip"));
        QCOMPARE(runCli({"demo", "--workspace", workspace, "--quiet"}).exitCode, 0);
        const QString db = workspace + QStringLiteral("/audit.db");
        const CliResult list = runCli({"sessions", "--db", db, "--limit", "100"});
        QCOMPARE(list.exitCode, 0);
        QVERIFY(list.json["sessions"].size() > 10);
        const QString target = path(QStringLiteral("demo-imported.db"));
        for (const auto& row : list.json["sessions"]) {
            const QString session = QString::fromStdString(row["sessionId"].get<std::string>());
            const QString file = path(session + QStringLiteral(".json"));
            QCOMPARE(runCli({"export", "--db", db, session, "--out", file}).exitCode, 0);
            const CliResult im = runCli({"import", "--db", target, file});
            QCOMPARE(im.exitCode, 0);
            QVERIFY2(im.json["imported"]["warnings"].empty(), im.out.constData());
            const CliResult original = runCli({"trace", "--db", db, session});
            const CliResult copy = runCli({"trace", "--db", target, session});
            JCOMPARE(copy.json, original.json);
        }
    }

    // A run the store never recorded (its calls name it) comes back without a row: the
    // import made one up before, a COMPLETED run started at the time of the import.
    void orphanRunsImportWithoutARunRow()
    {
        const QString source = path(QStringLiteral("orphans.db"));
        {
            QSqlDatabase sql =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("orphans"));
            sql.setDatabaseName(source);
            QVERIFY(sql.open());
            QCOMPARE(writeSchemaVariant(sql, SchemaVariant::Orphans), QString());
            sql.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("orphans"));
        const QString target = path(QStringLiteral("orphans-imported.db"));
        // The empty session holds a run never recorded and a call that names no run.
        const QList<std::pair<QString, int>> sessions = {{variant::kEmptySession, 2},
                                                         {variant::kOrphanOnlySession, 1}};
        for (const auto& [session, orphans] : sessions) {
            const QString file = path(session + QStringLiteral("-orphan.json"));
            QCOMPARE(runCli({"export", "--db", source, session, "--out", file}).exitCode, 0);
            const CliResult original = runCli({"trace", "--db", source, session});
            // Twice: the second import replaces the first's rows, the runless call among them.
            for (int round = 0; round < 2; ++round) {
                const CliResult im = runCli({"import", "--db", target, file});
                QVERIFY2(im.exitCode == 0, im.err.constData());
                JCOMPARE(im.json["imported"]["orphanRuns"], orphans);
                JCOMPARE(im.json["imported"]["reassignedIds"], 0);
                const CliResult copy = runCli({"trace", "--db", target, session});
                QCOMPARE(copy.exitCode, 0);
                JCOMPARE(copy.json["runs"], original.json["runs"]);
                JCOMPARE(copy.json["toolInvocations"], original.json["toolInvocations"]);
            }
        }
        // A target that records the run the trace shows without a row: refused, the run kept.
        // Before, the recorded run was deleted and its calls came back without it.
        QCOMPARE(execOnSqliteFile(target, {"INSERT INTO diagnosis_run (run_id, session_id, status, "
                                           "started_at) VALUES ('sv-run-orphan', 'sv-empty', "
                                           "'COMPLETED', '2026-11-20T10:00:00.000Z')"}),
                 QString());
        const QByteArray before = fileHash(target);
        const CliResult refused =
            runCli({"import", "--db", target, path(variant::kEmptySession + "-orphan.json")});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("never deletes a recorded run"), refused.err.constData());
        QCOMPARE(fileHash(target), before);
    }

    // A run stored without its start: the copy needs one (RagLens's schema keeps it NOT NULL)
    // and takes the earliest time the trace holds of the run, the same at every import.
    // Before, the import time: the session jumped to the top of the list and into today's
    // health, and each import gave another start.
    void aRunWithoutAStartImportsWithItsEarliestTime()
    {
        const QString source = path(QStringLiteral("no-start.db"));
        QVERIFY(QFile::copy(m_fixture, source));
        QCOMPARE(execOnSqliteFile(source, {QStringLiteral("UPDATE diagnosis_run SET started_at = "
                                                          "NULL WHERE run_id = '%1'")
                                               .arg(fixture::kFallbackRun)}),
                 QString());
        const QString file = path(QStringLiteral("no-start.json"));
        QCOMPARE(
            runCli({"export", "--db", source, fixture::kFallbackSession, "--out", file}).exitCode,
            0);
        const CliResult original = runCli({"trace", "--db", source, fixture::kFallbackSession});
        QVERIFY(original.json["runs"][0]["startedAt"].is_null());
        QDateTime earliest;
        const auto take = [&earliest](const json& v) {
            if (!v.is_string())
                return;
            const QDateTime t = QDateTime::fromString(QString::fromStdString(v.get<std::string>()),
                                                      Qt::ISODateWithMs);
            if (t.isValid() && (!earliest.isValid() || t < earliest))
                earliest = t;
        };
        for (const json& st : original.json["steps"])
            take(st["startedAt"]);
        for (const json& inv : original.json["toolInvocations"])
            take(inv["createdAt"]);
        for (const json& e : original.json["timeline"])
            take(e["createdAt"]);
        QVERIFY(earliest.isValid());
        const QString target = path(QStringLiteral("no-start-imported.db"));
        for (int round = 0; round < 2; ++round) {
            const CliResult im = runCli({"import", "--db", target, file});
            QVERIFY2(im.exitCode == 0, im.err.constData());
            QVERIFY2(im.out.contains("earliest time their run holds") ||
                         im.err.contains("earliest time their run holds"),
                     im.out.constData());
            const CliResult copy = runCli({"trace", "--db", target, fixture::kFallbackSession});
            QCOMPARE(copy.exitCode, 0);
            const QDateTime start = QDateTime::fromString(
                QString::fromStdString(copy.json["runs"][0]["startedAt"].get<std::string>()),
                Qt::ISODateWithMs);
            QCOMPARE(start, earliest);
        }
    }

    // A run row without a session is no run to the lists and the trace, which show its calls
    // as an orphan run under their session: diagnose and compare read it so too (diagnose
    // said FALLBACK where the trace showed an orphan run with no outcome).
    void aRunRowWithoutASessionIsReadAsTheTraceReadsIt()
    {
        const QString source = path(QStringLiteral("sessionless-run.db"));
        QVERIFY(QFile::copy(m_fixture, source));
        // The table as a writer without the NOT NULL constraint keeps it.
        QCOMPARE(execOnSqliteFile(
                     source, {QStringLiteral("CREATE TABLE loose AS SELECT * FROM diagnosis_run"),
                              QStringLiteral("DROP TABLE diagnosis_run"),
                              QStringLiteral("ALTER TABLE loose RENAME TO diagnosis_run"),
                              QStringLiteral("UPDATE diagnosis_run SET session_id = NULL "
                                             "WHERE run_id = '%1'")
                                  .arg(fixture::kFallbackRun)}),
                 QString());
        const CliResult trace = runCli({"trace", "--db", source, fixture::kFallbackSession});
        QCOMPARE(trace.exitCode, 0);
        json shown;
        for (const json& r : trace.json["runs"])
            if (r["runId"] == fixture::kFallbackRun.toStdString())
                shown = r;
        QVERIFY(shown.value("orphan", false));
        const CliResult diagnose =
            runCli({"diagnose", "--db", source, "--run", fixture::kFallbackRun});
        QVERIFY2(diagnose.exitCode == 0, diagnose.err.constData());
        JCOMPARE(diagnose.json["fallbackCause"]["kind"], shown["fallbackCause"]["kind"]);
        QVERIFY(!diagnose.json.contains("outcome"));
        const CliResult compare = runCli({"compare", "--db", source, "--run", fixture::kFallbackRun,
                                          "--run", fixture::kRetryRun});
        QVERIFY2(compare.exitCode == 0, compare.err.constData());
        JCOMPARE(compare.json["a"]["fallbackCause"]["kind"], shown["fallbackCause"]["kind"]);
    }

    // SQLite's PRAGMA table_info, which Qt reads, leaves out generated columns: a generated
    // question or release_outcome was shown as missing, a generated session_id refused the
    // whole store.
    void generatedColumnsAreColumns()
    {
        const QString db = path(QStringLiteral("generated.db"));
        QCOMPARE(execOnSqliteFile(
                     db, {"CREATE TABLE diagnosis_run (run_id TEXT PRIMARY KEY, session_id TEXT, "
                          "question_raw TEXT, outcome_raw TEXT, question TEXT GENERATED ALWAYS "
                          "AS (question_raw) VIRTUAL, release_outcome TEXT GENERATED ALWAYS AS "
                          "(outcome_raw) STORED, started_at TEXT)",
                          "CREATE TABLE tool_invocation (id INTEGER PRIMARY KEY, run_id TEXT, "
                          "session_key TEXT, session_id TEXT GENERATED ALWAYS AS (session_key) "
                          "VIRTUAL, tool_name TEXT, created_at TEXT)",
                          "INSERT INTO diagnosis_run (run_id, session_id, question_raw, "
                          "outcome_raw, started_at) VALUES ('r1', 's1', 'why is the pool "
                          "empty?', 'FALLBACK', '2026-11-20T10:00:00Z')",
                          "INSERT INTO tool_invocation (id, run_id, session_key, tool_name, "
                          "created_at) VALUES (1, 'r1', 's1', 'lookup_knowledge', "
                          "'2026-11-20T10:00:01Z')"}),
                 QString());
        const CliResult trace = runCli({"trace", "--db", db, "s1"});
        QVERIFY2(trace.exitCode == 0, trace.err.constData());
        JCOMPARE(trace.json["runs"][0]["question"], "why is the pool empty?");
        JCOMPARE(trace.json["runs"][0]["releaseOutcome"], "FALLBACK");
        JCOMPARE(trace.json["toolInvocations"].size(), 1);
        const CliResult list = runCli({"sessions", "--db", db, "--facts", "off"});
        QCOMPARE(list.exitCode, 0);
        JCOMPARE(list.json["sessions"][0]["lastQuestion"], "why is the pool empty?");
        for (const auto& note : list.json["schemaNotes"])
            QVERIFY2(note["message"].get<std::string>().find("question") == std::string::npos,
                     note.dump().c_str());
        // Read, never written: a rating leaves a generated comment column alone.
        QCOMPARE(execOnSqliteFile(db, {"CREATE TABLE run_feedback (run_id TEXT, satisfied "
                                       "INTEGER, note TEXT, comment TEXT GENERATED ALWAYS AS "
                                       "(note) VIRTUAL, created_at TEXT)"}),
                 QString());
        const CliResult rated = runCli({"rate", "--db", db, "--write", "--run", "r1", "--helpful",
                                        "yes", "--comment", "fine"});
        QVERIFY2(rated.exitCode == 0, rated.err.constData());
    }

    // An optional table that is a view over a table a retention job dropped: left out as if
    // absent, and said. Read, it failed every trace and health that touched it.
    void anUnreadableOptionalTableIsLeftOut()
    {
        const QString db = path(QStringLiteral("dropped-under-view.db"));
        QCOMPARE(writeProductionFixture(db), QString());
        QCOMPARE(execOnSqliteFile(db, {"ALTER TABLE run_feedback RENAME TO fb_2025",
                                       "CREATE VIEW run_feedback AS SELECT * FROM fb_2025",
                                       "PRAGMA legacy_alter_table=ON", "DROP TABLE fb_2025"}),
                 QString());
        const CliResult trace = runCli({"trace", "--db", db, fixture::kFallbackSession});
        QVERIFY2(trace.exitCode == 0, trace.err.constData());
        JCOMPARE(trace.json["feedback"].size(), 0);
        QVERIFY2(trace.err.contains("run_feedback cannot be read"), trace.err.constData());
        QVERIFY2(!trace.err.contains("has no run_feedback table"), trace.err.constData());
        const CliResult health = runCli({"health", "--db", db, "--facts", "off"});
        QVERIFY2(health.exitCode == 0, health.err.constData());
    }

    // A collation its writer registered in its own process (COLLATE appsort): every statement
    // comparing the column failed ("no such collation sequence") in the session list, trace,
    // export and report, while health and check read on. Compared byte by byte, and said.
    // Not when an index is ordered by it: searched in byte order, that index misses rows (a
    // trace showed none of a run's calls), so those reads fail as before, and say why.
    void aCollationOnlyItsWriterHadIsComparedAsBinary_data()
    {
        QTest::addColumn<bool>("indexed");
        QTest::newRow("declared on columns") << false;
        QTest::newRow("ordering an index") << true;
    }
    void aCollationOnlyItsWriterHadIsComparedAsBinary()
    {
        QFETCH(bool, indexed);
        const QString db =
            path(indexed ? QStringLiteral("collation-indexed.db") : QStringLiteral("collation.db"));
        {
            QSqlDatabase w =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("appsort"));
            w.setDatabaseName(db);
            QVERIFY(w.open());
            // The writer's own collation: the reverse of byte order.
            sqlite3* handle = *static_cast<sqlite3* const*>(w.driver()->handle().constData());
            QCOMPARE(sqlite3_create_collation_v2(
                         handle, "appsort", SQLITE_UTF8, nullptr,
                         [](void*, int n1, const void* a, int n2, const void* b) {
                             const int c = std::memcmp(b, a, size_t(std::min(n1, n2)));
                             return c != 0 ? c : n2 - n1;
                         },
                         nullptr),
                     SQLITE_OK);
            QSqlQuery q(w);
            QStringList statements = {
                "CREATE TABLE diagnosis_run (run_id TEXT PRIMARY KEY, session_id TEXT COLLATE "
                "appsort, question TEXT, release_outcome TEXT, started_at TEXT)",
                "CREATE TABLE tool_invocation (id INTEGER PRIMARY KEY, run_id TEXT COLLATE "
                "appsort, session_id TEXT COLLATE appsort, tool_name TEXT, created_at TEXT)"};
            if (indexed)
                statements << "CREATE INDEX calls_by_run ON tool_invocation (run_id)";
            for (int n = 1; n <= 20; ++n)
                statements << QStringLiteral("INSERT INTO diagnosis_run VALUES ('r%1', 's%1', "
                                             "'why?', 'FALLBACK', '2026-11-20T10:00:00Z')")
                                  .arg(n)
                           << QStringLiteral("INSERT INTO tool_invocation VALUES (%1, 'r%1', "
                                             "'s%1', 'get_logs', '2026-11-20T10:00:01Z')")
                                  .arg(n);
            for (const QString& sql : statements)
                QVERIFY2(q.exec(sql), qPrintable(sql));
            w.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("appsort"));
        const QByteArray before = fileHash(db);
        const CliResult trace = runCli({"trace", "--db", db, "s7"});
        if (indexed) {
            // Never a trace without its calls: the read fails and says why.
            QCOMPARE(trace.exitCode, 1);
            QVERIFY2(trace.err.contains("appsort"), trace.err.constData());
            // Every reader that fails on it says why, not only "no such collation sequence".
            for (const QStringList& command :
                 {QStringList{"sessions", "--db", db, "--facts", "off"},
                  QStringList{"health", "--db", db, "--facts", "off"},
                  QStringList{"export", "--db", db, "s7"}}) {
                const CliResult r = runCli(command);
                QVERIFY2(r.exitCode == 0 || r.err.contains("which only the program that wrote it"),
                         qPrintable(command.join(' ') + ": " + QString::fromUtf8(r.err)));
            }
        } else {
            QVERIFY2(trace.exitCode == 0, trace.err.constData());
            JCOMPARE(trace.json["toolInvocations"].size(), 1);
            const CliResult list = runCli({"sessions", "--db", db, "--facts", "off"});
            QVERIFY2(list.exitCode == 0, list.err.constData());
            JCOMPARE(list.json["total"], 20);
            bool noted = false;
            for (const auto& note : list.json["schemaNotes"])
                noted = noted || note["message"].get<std::string>().find("byte by byte") !=
                                     std::string::npos;
            QVERIFY2(noted, list.out.constData());
        }
        QCOMPARE(fileHash(db), before);
    }

    void quirkyRowsRoundTrip_data()
    {
        QTest::addColumn<QString>("session");
        QTest::newRow("legacy") << fixture::kLegacySession;
        QTest::newRow("truncated JSON") << fixture::kTruncatedSession;
        QTest::newRow("full trace sample") << fixture::kRetrySession;
    }
    void quirkyRowsRoundTrip()
    {
        QFETCH(QString, session);
        const QString file = path(session + QStringLiteral(".json"));
        QCOMPARE(runCli({"export", "--db", m_fixture, session, "--out", file}).exitCode, 0);
        const QString target = path(QStringLiteral("quirks.db"));
        QCOMPARE(runCli({"import", "--db", target, file}).exitCode, 0);
        const CliResult original = runCli({"trace", "--db", m_fixture, session});
        const CliResult copy = runCli({"trace", "--db", target, session});
        JCOMPARE(copy.json, original.json);
    }

    // A call whose session_id names another session than its run's is shown under its run's
    // session: the file `export` writes of it is imported (and `serve` serves it to `trace
    // --url`); before, both refused the whole session ("is not the trace's session").
    void aCallNamingAnotherSessionRoundTrips()
    {
        const QString source = path(QStringLiteral("misfiled-call.db"));
        QVERIFY(QFile::copy(m_fixture, source));
        QCOMPARE(execOnSqliteFile(source, {QStringLiteral("UPDATE tool_invocation SET session_id = "
                                                          "'another-session' WHERE id = %1")
                                               .arg(fixture::kInvocation860)}),
                 QString());
        const QString file = path(QStringLiteral("misfiled-call.json"));
        QCOMPARE(
            runCli({"export", "--db", source, fixture::kFallbackSession, "--out", file}).exitCode,
            0);
        const QString target = path(QStringLiteral("misfiled-imported.db"));
        const CliResult im = runCli({"import", "--db", target, file});
        QVERIFY2(im.exitCode == 0, im.err.constData());
        const CliResult original = runCli({"trace", "--db", source, fixture::kFallbackSession});
        const CliResult copy = runCli({"trace", "--db", target, fixture::kFallbackSession});
        JCOMPARE(copy.json, original.json);
    }

    // A session known only from calls, one of which belongs to another session's run (it names
    // this session): the list counts the calls without a recorded run only, as the trace
    // shows them; before, it counted the other run too (2 runs, its call's time first).
    void aSessionKnownOnlyFromCallsCountsItsOwnCalls()
    {
        const QString source = path(QStringLiteral("calls-only-session.db"));
        QVERIFY(QFile::copy(m_fixture, source));
        QCOMPARE(execOnSqliteFile(
                     source,
                     {QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                     "tool_name, success, created_at) VALUES (9101, "
                                     "'run-never-recorded', 'sess-calls-only', 'search_logs', 1, "
                                     "'2026-05-02T10:00:01Z'), (9102, '%1', 'sess-calls-only', "
                                     "'search_logs', 1, '2026-05-03T10:00:01Z')")
                          .arg(fixture::kFallbackRun)}),
                 QString());
        for (const char* facts : {"off", "build"}) {
            const CliResult list = runCli({"sessions", "--db", source, "--facts", facts});
            QCOMPARE(list.exitCode, 0);
            bool seen = false;
            for (const auto& row : list.json["sessions"]) {
                if (row["sessionId"] != "sess-calls-only")
                    continue;
                seen = true;
                JCOMPARE(row["runCount"], 1);
                JCOMPARE(row["invocationCount"], 1);
                JCOMPARE(row["firstStartedAt"], "2026-05-02T10:00:01.000Z");
            }
            QVERIFY2(seen, facts);
        }
        const CliResult trace = runCli({"trace", "--db", source, "sess-calls-only"});
        JCOMPARE(trace.json["toolInvocations"].size(), 1);
    }

    // A query holding a Windows path or a quoted message is stored JSON-escaped ("C:\\app",
    // "\"refused\""); the text filter finds it as the trace prints it, directly and through
    // the facts index. Before, only the escaped spelling was found.
    void textFilterFindsWhatJsonEscapes()
    {
        const QString source = path(QStringLiteral("escaped-query.db"));
        QVERIFY(QFile::copy(m_fixture, source));
        QCOMPARE(
            execOnSqliteFile(source, {QStringLiteral("UPDATE tool_invocation SET input_params = "
                                                     "'{\"query\": \"FileNotFound C:\\\\app\\\\"
                                                     "config.yml: \\\"Connection refused\\\"\"}' "
                                                     "WHERE id = %1")
                                          .arg(fixture::kInvocation860)}),
            QString());
        const CliResult trace = runCli({"trace", "--db", source, fixture::kFallbackSession});
        QVERIFY(QString::fromUtf8(trace.out).contains(
            QLatin1String(R"(FileNotFound C:\\app\\config.yml: \"Connection refused\")")));
        for (const char* facts : {"off", "build"})
            for (const char* needle : {R"(C:\app\config.yml)", R"("Connection refused")"}) {
                const CliResult list =
                    runCli({"sessions", "--db", source, "--facts", facts, "--text", needle});
                QCOMPARE(list.exitCode, 0);
                QVERIFY2(list.json["sessions"].size() == 1 &&
                             list.json["sessions"][0]["sessionId"] ==
                                 fixture::kFallbackSession.toStdString(),
                         qPrintable(QStringLiteral("%1 %2: %3")
                                        .arg(QLatin1String(facts), QLatin1String(needle),
                                             QString::fromUtf8(list.out.left(300)))));
            }
    }

    void importRefusesForeignDatabaseWithoutWrite()
    {
        const QString foreign = path(QStringLiteral("foreign-target.db"));
        QCOMPARE(writeProductionFixture(foreign), QString());
        const QString file = path(QStringLiteral("retry.json"));
        QCOMPARE(
            runCli({"export", "--db", m_fixture, fixture::kRetrySession, "--out", file}).exitCode,
            0);
        const QByteArray before = fileHash(foreign);
        const CliResult refused = runCli({"import", "--db", foreign, file});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("read-only") && refused.err.contains("--write"),
                 refused.err.constData());
        QCOMPARE(fileHash(foreign), before);

        const CliResult written = runCli({"import", "--db", foreign, "--write", file});
        QCOMPARE(written.exitCode, 0);
        JCOMPARE(written.json["imported"]["samples"], 1);
        QVERIFY(fileHash(foreign) != before);
        const CliResult sessions = runCli({"sessions", "--db", foreign});
        JCOMPARE(sessions.json["total"], fixture::kSessionCount); // replaced, not duplicated
        JCOMPARE(sessions.json["readOnly"], true);                // still foreign without --write
        // Its journal mode is the file's own: --write never switches another program's
        // database to WAL (the mode is stored in the file; byte 18 is 2 in WAL).
        QFile header(foreign);
        QVERIFY(header.open(QIODevice::ReadOnly));
        QCOMPARE(int(header.read(20).at(18)), 1);
    }

    void importReassignsTakenIds()
    {
        // A different run whose invocation and step ids collide with rows already present.
        const QString file = path(QStringLiteral("fallback.json"));
        QCOMPARE(runCli({"export", "--db", m_fixture, fixture::kFallbackSession, "--out", file})
                     .exitCode,
                 0);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        json trace = json::parse(f.readAll().toStdString());
        f.close();
        const QString target = path(QStringLiteral("collide.db"));
        QCOMPARE(runCli({"import", "--db", target, file}).exitCode, 0);

        trace["sessionId"] = "sess-copy";
        for (json& r : trace["runs"]) {
            r["runId"] = "run-copy";
            r["sessionId"] = "sess-copy";
        }
        for (const char* key : {"steps", "toolInvocations", "timeline"})
            for (json& row : trace[key]) {
                row["runId"] = "run-copy";
                if (row.contains("sessionId"))
                    row["sessionId"] = "sess-copy";
            }
        for (json& fb : trace["feedback"])
            fb["runId"] = "run-copy";
        // As the audit boundary writes them: the step in input_params and in the events'
        // details too.
        for (json& inv : trace["toolInvocations"])
            if (inv["stepId"].is_number_integer() && inv["inputParams"].is_object())
                inv["inputParams"]["step_id"] = inv["stepId"];
        json* last = nullptr;
        for (json& e : trace["timeline"])
            if (e["stepId"].is_number_integer() && e["details"].is_object()) {
                e["details"]["step_id"] = e["stepId"];
                last = &e;
            }
        // The last such event keeps its step in its details alone (no step_id cell).
        QVERIFY(last);
        (*last)["stepId"] = nullptr;
        const QString copyFile = path(QStringLiteral("copy.json"));
        QFile out(copyFile);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(trace.dump()));
        out.close();

        const CliResult im = runCli({"import", "--db", target, copyFile});
        QVERIFY2(im.exitCode == 0, im.err.constData());
        JCOMPARE(im.json["imported"]["reassignedIds"], 2 + 2 + 6);
        const CliResult copy = runCli({"trace", "--db", target, "sess-copy"});
        QCOMPARE(copy.exitCode, 0);
        const qint64 newStep = copy.json["steps"][0]["id"].get<qint64>();
        QVERIFY(newStep != fixture::kStep962);
        // the lookup still points at its (renumbered) step
        JCOMPARE(copy.json["toolInvocations"][1]["stepId"], newStep);
        JCOMPARE(copy.json["timeline"][1]["stepId"], newStep);
        // and so do the step ids inside its input_params and its events' details (before,
        // they kept the old ids and `check` failed the step binding of the copy)
        int inside = 0;
        for (const json& inv : copy.json["toolInvocations"])
            if (inv["inputParams"].is_object() && inv["inputParams"].contains("step_id")) {
                JCOMPARE(inv["inputParams"]["step_id"], inv["stepId"]);
                ++inside;
            }
        int withoutCell = 0;
        for (const json& e : copy.json["timeline"])
            if (e["details"].is_object() && e["details"].contains("step_id")) {
                if (e["stepId"].is_null()) {
                    // a step of the copy, not the original's id
                    bool ofCopy = false;
                    for (const json& st : copy.json["steps"])
                        ofCopy = ofCopy || st["id"] == e["details"]["step_id"];
                    QVERIFY2(ofCopy, e.dump().c_str());
                    ++withoutCell;
                } else {
                    JCOMPARE(e["details"]["step_id"], e["stepId"]);
                }
                ++inside;
            }
        QVERIFY(inside >= 2);
        QCOMPARE(withoutCell, 1);
        // and `check` finds the copy's steps bound as the original's
        const CliResult checked = runCli({"check", "--db", target, "--session", "sess-copy"});
        const CliResult checkedOriginal =
            runCli({"check", "--db", target, "--session", fixture::kFallbackSession});
        const auto stepBinding = [](const json& report) {
            for (const json& rule : report["rules"])
                if (rule["id"] == "step_binding")
                    return rule["verdict"].dump() + " " + rule["findings"].dump();
            return std::string("no step_binding rule");
        };
        QCOMPARE(QString::fromStdString(stepBinding(checked.json)),
                 QString::fromStdString(stepBinding(checkedOriginal.json)));
        QVERIFY(QString::fromStdString(stepBinding(checked.json)).startsWith("\"PASS\""));
        // and the original session is untouched
        const CliResult original = runCli({"trace", "--db", target, fixture::kFallbackSession});
        JCOMPARE(original.json["toolInvocations"][1]["id"], 860);
    }

    void importNeverTakesARunOfAnotherSession()
    {
        // A trace naming a run the database files under another session would replace that
        // run, deleting it and its calls from the session it is in.
        const QString target = path(QStringLiteral("steal.db"));
        QVERIFY(QFile::copy(m_fixture, target));
        QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner);
        const CliResult before = runCli({"trace", "--db", target, fixture::kFallbackSession});
        QCOMPARE(before.exitCode, 0);
        const std::string run = before.json["runs"][0]["runId"].get<std::string>();
        const QString file = path(QStringLiteral("steal.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray::fromStdString(json{
            {"sessionId", "sess-other"},
            {"runs", json::array({{{"runId", run}, {"startedAt", "2026-01-01T00:00:00.000Z"}}})}}
                                              .dump()));
        f.close();
        const CliResult r = runCli({"import", "--db", target, "--write", file});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("belongs to the session"), r.err.constData());
        const CliResult after = runCli({"trace", "--db", target, fixture::kFallbackSession});
        QCOMPARE(after.exitCode, 0);
        QCOMPARE(after.json["runs"].dump(), before.json["runs"].dump());
        QCOMPARE(after.json["toolInvocations"].size(), before.json["toolInvocations"].size());
    }

    void importRejectsBadFiles_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{\"sessionId\": \"s\", \"runs\": [") << "not JSON";
        QTest::newRow("not a trace") << QByteArray("{\"resourceSpans\": []}") << "not a trace";
        QTest::newRow("no runs") << QByteArray("{\"sessionId\": \"s\", \"runs\": []}") << "no runs";
        QTest::newRow("run without id")
            << QByteArray("{\"sessionId\": \"s\", \"runs\": [{\"status\": \"COMPLETED\"}]}")
            << "without runId";
        QTest::newRow("number no double holds")
            << QByteArray("{\"sessionId\": \"s\", \"runs\": [{\"runId\": \"r\", "
                          "\"toolCallCount\": 1e400}]}")
            << "too large for a double";
        QTest::newRow("one run twice")
            << QByteArray("{\"sessionId\": \"s\", \"runs\": [{\"runId\": \"r\"}, "
                          "{\"runId\": \"r\"}]}")
            << "appears twice";
        // Read as no calls, the import replaced a run already in the store with an empty one.
        QTest::newRow("calls not a list")
            << QByteArray("{\"sessionId\": \"s\", \"runs\": [{\"runId\": \"r\"}], "
                          "\"toolInvocations\": {\"id\": 1}}")
            << "toolInvocations is object, not a list";
        QTest::newRow("steps not a list")
            << QByteArray("{\"sessionId\": \"s\", \"runs\": [{\"runId\": \"r\"}], "
                          "\"steps\": \"none\"}")
            << "steps is string, not a list";
        QTest::newRow("timeline not a list")
            << QByteArray("{\"sessionId\": \"s\", \"runs\": [{\"runId\": \"r\"}], "
                          "\"timeline\": 42}")
            << "timeline is number, not a list";
    }
    void importRejectsBadFiles()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        const QString file = path(QStringLiteral("bad.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
        f.close();
        const QString target = path(QStringLiteral("never-created.db"));
        const CliResult r = runCli({"import", "--db", target, file});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!QFile::exists(target));
    }

    void otlpTimesAreUnsignedNanoseconds()
    {
        // A start in the year 9999 overflowed the product into a negative number, and a
        // start before 1970 was negative: OTLP's times are unsigned.
        const QString file = path(QStringLiteral("far-times.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray::fromStdString(
            json{{"sessionId", "sess-far"},
                 {"runs", json::array({{{"runId", "run-far"},
                                        {"startedAt", "1969-07-20T20:17:40.000Z"},
                                        {"finishedAt", "9999-12-31T23:59:59.999Z"}}})}}
                .dump()));
        f.close();
        const QString target = path(QStringLiteral("far-times.db"));
        const CliResult im = runCli({"import", "--db", target, file});
        QVERIFY2(im.exitCode == 0, im.err.constData());
        const CliResult r = runCli({"export", "--db", target, "sess-far", "--format", "otlp"});
        QCOMPARE(r.exitCode, 0);
        const json& run = r.json["resourceSpans"][0]["scopeSpans"][0]["spans"][0];
        JCOMPARE(run["startTimeUnixNano"], "0");
        JCOMPARE(run["endTimeUnixNano"],
                 std::to_string(std::numeric_limits<quint64>::max() / 1000000ULL * 1000000ULL));
    }

    void otlpExport()
    {
        const CliResult r =
            runCli({"export", "--db", m_fixture, fixture::kFallbackSession, "--format", "otlp"});
        QCOMPARE(r.exitCode, 0);
        const json& spans = r.json["resourceSpans"][0]["scopeSpans"][0]["spans"];
        QCOMPARE(spans.size(), 1u + 2u + 2u); // run, two steps, two invocations
        const json& run = spans[0];
        JCOMPARE(run["name"], "diagnosis_run");
        QCOMPARE(run["traceId"].get<std::string>().size(), 32u);
        QCOMPARE(run["spanId"].get<std::string>().size(), 16u);
        QVERIFY(!run.contains("parentSpanId"));
        QCOMPARE(run["events"].size(), 6u);
        JCOMPARE(run["startTimeUnixNano"], "1772439300120000000");
        const json& step962 = spans[1];
        JCOMPARE(step962["parentSpanId"], run["spanId"]);
        const json& lookup = spans[4];
        JCOMPARE(lookup["name"], "lookup_knowledge");
        JCOMPARE(lookup["parentSpanId"], step962["spanId"]);
        JCOMPARE(lookup["traceId"], run["traceId"]);
        QCOMPARE(lookup["events"].size(), 2u);
        JCOMPARE(lookup["events"][0]["name"], "FILTERED_VECTOR");
        bool selected = false;
        for (const json& a : lookup["attributes"])
            if (a["key"] == "raglens.selected_attempt")
                selected = a["value"]["stringValue"] == "UNFILTERED_VECTOR_RETRY";
        QVERIFY(selected);
        // reproducible ids
        const CliResult again =
            runCli({"export", "--db", m_fixture, fixture::kFallbackSession, "--format", "otlp"});
        JCOMPARE(again.json, r.json);
    }

    void otlpRunWithoutTimesHoldsItsChildren()
    {
        using namespace raglens;
        // A run row without a start (or calls without a run row) began at 1970 and ended
        // in 2026 around its children: it now spans their earliest and latest times.
        DiagnosisTraceResponse trace;
        TraceRun run;
        run.sessionId = QStringLiteral("s");
        run.runId = QStringLiteral("r");
        trace.runs.push_back(run);
        TraceStep step;
        step.id = 7;
        step.runId = run.runId;
        step.startedAt = QDateTime::fromString(QStringLiteral("2026-11-20T09:00:01Z"), Qt::ISODate);
        trace.steps.push_back(step);
        TraceInvocation call;
        call.id = 1;
        call.runId = run.runId;
        call.toolName = QStringLiteral("lookup_knowledge");
        call.createdAt = QDateTime::fromString(QStringLiteral("2026-11-20T09:00:05Z"), Qt::ISODate);
        call.durationMs = 3000;
        trace.toolInvocations.push_back(call);
        const json spans = toOtlpJson(trace)["resourceSpans"][0]["scopeSpans"][0]["spans"];
        QCOMPARE(spans.size(), 3u);
        const auto nanos = [](const char* iso) {
            return std::to_string(
                QDateTime::fromString(QString::fromLatin1(iso), Qt::ISODate).toMSecsSinceEpoch() *
                1000000LL);
        };
        JCOMPARE(spans[0]["startTimeUnixNano"], nanos("2026-11-20T09:00:01Z"));
        JCOMPARE(spans[0]["endTimeUnixNano"], nanos("2026-11-20T09:00:05Z"));
        JCOMPARE(spans[1]["startTimeUnixNano"], nanos("2026-11-20T09:00:01Z"));
        JCOMPARE(spans[2]["startTimeUnixNano"], nanos("2026-11-20T09:00:02Z"));
    }

    // An attempt's unknown values stay unknown in OTLP: no count, flag or similarity made up
    // as 0 or false, and a duration past the integers left out (it was exported wrapped
    // round, -9223372036854775808 ms).
    void otlpLeavesUnknownAttemptValuesOut()
    {
        using namespace raglens;
        DiagnosisTraceResponse trace;
        TraceRun run;
        run.sessionId = QStringLiteral("s");
        run.runId = QStringLiteral("r");
        trace.runs.push_back(run);
        TraceInvocation call;
        call.id = 1;
        call.runId = run.runId;
        call.sessionId = run.sessionId;
        call.toolName = QStringLiteral("lookup_knowledge");
        call.createdAt = QDateTime(QDate(2026, 3, 4), QTime(9, 30), Qt::UTC);
        call.setRetrievalDetails({{"audit_schema", "rag_lookup_v1"},
                                  {"attempts", json::array({{{"name", "UNFILTERED_VECTOR"},
                                                             {"duration_ms", 1e20},
                                                             {"top_similarity", "NaN"}},
                                                            {{"name", "FILTERED_VECTOR"},
                                                             {"duration_ms", 12},
                                                             {"candidate_count", 3},
                                                             {"usable", true},
                                                             {"top_similarity", 0.5}}})}});
        trace.toolInvocations.push_back(call);
        const json spans = toOtlpJson(trace)["resourceSpans"][0]["scopeSpans"][0]["spans"];
        json events;
        for (const json& span : spans)
            if (span["name"] == "lookup_knowledge")
                events = span["events"];
        QCOMPARE(events.size(), 2u);
        QVERIFY2(events[0]["attributes"].empty(), events.dump().c_str());
        QStringList keys;
        for (const json& a : events[1]["attributes"])
            keys << QString::fromStdString(a["key"].get<std::string>());
        keys.sort();
        QCOMPARE(keys,
                 (QStringList{"raglens.attempt.candidate_count", "raglens.attempt.duration_ms",
                              "raglens.attempt.top_similarity", "raglens.attempt.usable"}));
        QVERIFY(events[1]["timeUnixNano"] == events[0]["timeUnixNano"]);
    }

    void otlpLeavesNullDetailsOut()
    {
        using namespace raglens;
        // A SUCCESS run's RUN_FINISHED event records fallback_reason: null. OTLP has no null:
        // the attribute is left out, as on the run span, never written as the text "null".
        DiagnosisTraceResponse trace;
        TraceRun run;
        run.sessionId = QStringLiteral("s");
        run.runId = QStringLiteral("r");
        run.releaseOutcome = QStringLiteral("SUCCESS");
        trace.runs.push_back(run);
        TraceEvent finished;
        finished.sessionId = run.sessionId;
        finished.runId = run.runId;
        finished.eventType = QStringLiteral("RUN_FINISHED");
        finished.details = {{"fallback_reason", nullptr}, {"release_outcome", "SUCCESS"}};
        trace.timeline.push_back(finished);
        const json spans = toOtlpJson(trace)["resourceSpans"][0]["scopeSpans"][0]["spans"];
        QCOMPARE(spans.size(), 1u);
        const json& attributes = spans[0]["events"][0]["attributes"];
        QCOMPARE(attributes.size(), 1u);
        JCOMPARE(attributes[0]["key"], "raglens.release_outcome");
    }
};

QTEST_GUILESS_MAIN(TestCliTrace)
#include "tst_cli_trace.moc"
