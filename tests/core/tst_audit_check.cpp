// The audit check (raglens-cli check): the acceptance run of DESIGN §3 passes every rule
// with the facts its owners checked by hand; a database that breaks one rule once fails
// exactly that rule and names the row; planted secrets are found in every column and
// spelling and only ever shown masked; the demo workspace raises no finding; rules files,
// scopes and exit codes behave as documented.

#include "check/audit_check.h"
#include "facts/facts_index.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/random_audit_db.h"
#include "support/secret_corpus.h"
#include "support/sqlite_statements.h"
#include "trace/audit_browser.h"
#include "trace/schema_notes.h"
#include "trace/trace_service.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;
using nlohmann::json;

namespace {

const QString kAcceptanceSession = QStringLiteral("e2e-audit-20260728171858");

/// The production fixture with its FALLBACK session renamed to the acceptance run's id:
/// steps 962/963, lookup 860 bound to step 962, query preview and search_mode hybrid.
QString writeAcceptanceDb(const QString& path)
{
    if (QString e = writeProductionFixture(path); !e.isEmpty())
        return e;
    QStringList rename;
    for (const char* table : {"diagnosis_run", "tool_invocation", "diagnosis_trace"})
        rename << QStringLiteral("UPDATE %1 SET session_id = '%2' WHERE session_id = '%3'")
                      .arg(QLatin1String(table), kAcceptanceSession, fixture::kFallbackSession);
    return execOnSqliteFile(path, rename);
}

Expected<check::CheckReport> checkSession(const QString& path, const QString& session,
                                          const check::CheckConfig& config = {})
{
    auto db = AuditDatabase::open(path, AccessMode::Inspect);
    if (!db)
        return Error{db.error()};
    check::CheckScope scope;
    scope.sessionId = session;
    return check::runAuditCheck(**db, scope, config);
}

const check::RuleResult& rule(const check::CheckReport& report, const QString& id)
{
    for (const check::RuleResult& r : report.rules)
        if (r.info.id == id)
            return r;
    qFatal("no rule %s", qPrintable(id));
}

QString sqlText(const QString& text)
{
    QString out = text;
    return QLatin1Char('\'') + out.replace(QLatin1Char('\''), QStringLiteral("''")) +
           QLatin1Char('\'');
}

} // namespace

class TestAuditCheck : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;
    QString freshPath() { return m_dir.filePath(QStringLiteral("audit-%1.db").arg(++m_files)); }

private slots:
    void acceptanceRunPassesEveryRule()
    {
        const QString path = freshPath();
        QCOMPARE(writeAcceptanceDb(path), QString());
        auto report = checkSession(path, kAcceptanceSession);
        QVERIFY2(report, qPrintable(report ? QString() : report.error()));
        for (const check::RuleResult& r : report->rules)
            QVERIFY2(r.verdict() == check::Verdict::Pass,
                     qPrintable(r.info.id + QLatin1Char(' ') + check::verdictName(r.verdict()) +
                                QLatin1Char(' ') + QString::fromStdString(json(*report).dump())));
        QCOMPARE(report->runs, 1);
        QCOMPARE(report->steps, 2);       // 962 and 963
        QCOMPARE(report->invocations, 2); // 859 (harness) and 860 (lookup) on step 962
        QVERIFY(report->events > 0);
        // The facts the owners checked: 2 calls + 2 steps bound; 860 is the one lookup.
        QCOMPARE(rule(*report, QStringLiteral("step_binding")).checked, 4);
        QCOMPARE(rule(*report, QStringLiteral("rag_lookup_v1_shape")).checked, 1);

        // The same through the CLI, as JSON and as a table.
        const CliResult cli = runCli({QStringLiteral("check"), QStringLiteral("--db"), path,
                                      QStringLiteral("--session"), kAcceptanceSession});
        QCOMPARE(cli.exitCode, 0);
        QVERIFY(cli.json["passed"] == true);
        QVERIFY(cli.json["verdicts"]["PASS"] == 6);
        QVERIFY(cli.json["scope"]["sessionId"] == kAcceptanceSession.toStdString());
        const CliResult table =
            runCli({QStringLiteral("check"), QStringLiteral("--db"), path, QStringLiteral("--run"),
                    fixture::kFallbackRun, QStringLiteral("--table")});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("step_binding"));
        QVERIFY(table.out.contains("PASS"));
        QVERIFY(!table.out.contains("FAIL"));
    }

    void eachBrokenRuleFailsAloneNamingTheRow_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("table");
        QTest::addColumn<qint64>("rowId");
        QTest::addColumn<QString>("reasonPart");
        QTest::newRow("step says it called a tool but none names it")
            << QStringLiteral("UPDATE agent_step SET has_tool_call = 1 WHERE id = 963")
            << QStringLiteral("step_binding") << QStringLiteral("agent_step") << qint64(963)
            << QStringLiteral("has_tool_call = 1");
        QTest::newRow("timeline event on another step")
            << QStringLiteral("UPDATE diagnosis_trace SET step_id = 963, details = "
                              "json_set(details, '$.step_id', 963) WHERE event_type = "
                              "'TOOL_INVOCATION' AND json_extract(details, '$.tool_call_id') = "
                              "'call-860'")
            << QStringLiteral("step_binding") << QStringLiteral("tool_invocation") << qint64(860)
            << QStringLiteral("says step 963");
        QTest::newRow("input_params names another call")
            << QStringLiteral("UPDATE tool_invocation SET input_params = json_set(input_params, "
                              "'$.tool_call_id', 'call-999') WHERE id = 860")
            << QStringLiteral("call_identity") << QStringLiteral("tool_invocation") << qint64(860)
            << QStringLiteral("call-999");
        QTest::newRow("an object in input_params")
            << QStringLiteral("UPDATE tool_invocation SET input_params = json_set(input_params, "
                              "'$.filters', json('{\"a\":1}')) WHERE id = 860")
            << QStringLiteral("input_params_contract") << QStringLiteral("tool_invocation")
            << qint64(860) << QStringLiteral("filters");
        QTest::newRow("a key posing as step_id")
            << QStringLiteral("UPDATE tool_invocation SET input_params = json_set(input_params, "
                              "'$.stepId', 1) WHERE id = 859")
            << QStringLiteral("input_params_contract") << QStringLiteral("tool_invocation")
            << qint64(859) << QStringLiteral("stepId");
        QTest::newRow("a password in an error message")
            << QStringLiteral("UPDATE tool_invocation SET error_message = 'connect failed: "
                              "password=hunter2hunter2' WHERE id = 859")
            << QStringLiteral("secrets") << QStringLiteral("tool_invocation") << qint64(859)
            << QStringLiteral("error_message");
        QTest::newRow("details without search_mode")
            << QStringLiteral("UPDATE tool_invocation SET retrieval_details = "
                              "json_remove(retrieval_details, '$.search_mode') WHERE id = 860")
            << QStringLiteral("rag_lookup_v1_shape") << QStringLiteral("tool_invocation")
            << qint64(860) << QStringLiteral("search_mode");
        QTest::newRow("a retry without its reason")
            << QStringLiteral("UPDATE tool_invocation SET retrieval_details = "
                              "json_set(retrieval_details, '$.fallback_reason', NULL) WHERE id = "
                              "860")
            << QStringLiteral("rag_lookup_v1_shape") << QStringLiteral("tool_invocation")
            << qint64(860) << QStringLiteral("fallback_reason");
        QTest::newRow("tool_call_count off by five")
            << QStringLiteral("UPDATE diagnosis_run SET tool_call_count = 7")
            << QStringLiteral("run_consistency") << QStringLiteral("diagnosis_run") << qint64(0)
            << QStringLiteral("tool_call_count is 7");
        // A count that is none is named as such, not compared as 0 ("tool_call_count is 0").
        QTest::newRow("tool_call_count that is no number")
            << QStringLiteral("UPDATE diagnosis_run SET tool_call_count = 'many'")
            << QStringLiteral("run_consistency") << QStringLiteral("diagnosis_run") << qint64(0)
            << QStringLiteral("tool_call_count: 'many' is not a count");
        QTest::newRow("total_token_count past the 64-bit range")
            << QStringLiteral("UPDATE diagnosis_run SET total_token_count = 1e300")
            << QStringLiteral("run_consistency") << QStringLiteral("diagnosis_run") << qint64(0)
            << QStringLiteral("total_token_count: '1e+300' is not a count");
        // A number no reading of its column accepts is named and shown as none, never as a
        // wrapped, clamped or rounded value (before: -1 for 1e20, 2 for 1.5, 2^63-1 ms).
        QTest::newRow("a duration past 10^12 ms")
            << QStringLiteral("UPDATE tool_invocation SET duration_ms = 9223372036854775807 "
                              "WHERE id = 860")
            << QStringLiteral("run_consistency") << QStringLiteral("tool_invocation") << qint64(860)
            << QStringLiteral("duration_ms: '9223372036854775807' is not a duration");
        QTest::newRow("a match count of one and a half")
            << QStringLiteral("UPDATE tool_invocation SET l1_match_count = 1.5 WHERE id = 859")
            << QStringLiteral("run_consistency") << QStringLiteral("tool_invocation") << qint64(859)
            << QStringLiteral("l1_match_count: '1.5' is not a count");
        QTest::newRow("a step index past the 32-bit range")
            << QStringLiteral("UPDATE agent_step SET step_index = 1e20 WHERE id = 963")
            << QStringLiteral("run_consistency") << QStringLiteral("agent_step") << qint64(963)
            << QStringLiteral("step_index: '1e+20' is not a count");
        QTest::newRow("a FALLBACK run without its cause")
            << QStringLiteral("UPDATE diagnosis_run SET fallback_reason = NULL")
            << QStringLiteral("run_consistency") << QStringLiteral("diagnosis_run") << qint64(0)
            << QStringLiteral("FALLBACK");
        // Every view shows such a call under its run's session; the other is named.
        QTest::newRow("a call naming another session than its run")
            << QStringLiteral("UPDATE tool_invocation SET session_id = 'sess-elsewhere' WHERE "
                              "id = 860")
            << QStringLiteral("run_consistency") << QStringLiteral("tool_invocation") << qint64(860)
            << QStringLiteral("names session 'sess-elsewhere'");
        QTest::newRow("a step that outlives its run")
            << QStringLiteral("UPDATE agent_step SET finished_at = '2026-03-02T09:00:00.000Z' "
                              "WHERE id = 963")
            << QStringLiteral("run_consistency") << QStringLiteral("agent_step") << qint64(963)
            << QStringLiteral("after its run");
    }
    void eachBrokenRuleFailsAloneNamingTheRow()
    {
        QFETCH(QString, sql);
        QFETCH(QString, rule);
        QFETCH(QString, table);
        QFETCH(qint64, rowId);
        QFETCH(QString, reasonPart);
        const QString path = freshPath();
        QCOMPARE(writeAcceptanceDb(path), QString());
        QCOMPARE(execOnSqliteFile(path, {sql}), QString());
        auto report = checkSession(path, kAcceptanceSession);
        QVERIFY(report);
        for (const check::RuleResult& r : report->rules) {
            const bool expected = r.info.id == rule;
            QVERIFY2((r.verdict() == check::Verdict::Fail) == expected,
                     qPrintable(r.info.id + QStringLiteral(": ") + check::verdictName(r.verdict()) +
                                QLatin1Char(' ') + QString::fromStdString(json(r).dump())));
            if (!expected)
                continue;
            QCOMPARE(r.failed, 1);
            QCOMPARE(r.findings.size(), size_t(1));
            QCOMPARE(r.findings[0].table, table);
            QCOMPARE(r.findings[0].rowId, rowId);
            QCOMPARE(r.findings[0].runId, fixture::kFallbackRun);
            QVERIFY2(r.findings[0].reason.contains(reasonPart), qPrintable(r.findings[0].reason));
        }
        const CliResult cli = runCli({QStringLiteral("check"), QStringLiteral("--db"), path,
                                      QStringLiteral("--session"), kAcceptanceSession});
        QCOMPARE(cli.exitCode, 1);
        QVERIFY(cli.json["passed"] == false);
    }

    void plantedSecretsAreFoundEverywhereAndShownMasked()
    {
        const QString path = freshPath();
        QCOMPARE(writeAcceptanceDb(path), QString());
        const auto shapes = secretCorpus();
        const QStringList keys = secretKeySpellings();
        QStringList inserts = {QStringLiteral(
            "INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
            "tool_call_count, started_at, finished_at) VALUES ('run-leaky', 'sess-leaky', "
            "'COMPLETED', 'SUCCESS', 0, '2026-03-05T10:00:00.000Z', '2026-03-05T10:00:09.000Z')")};
        // One row per shape and column, and one per key spelling, so every finding is counted.
        const QStringList columns = {
            QStringLiteral("output_preview"), QStringLiteral("error_message"),
            QStringLiteral("retrieval_details"), QStringLiteral("input_params")};
        qint64 id = 5000;
        for (const QString& column : columns)
            for (const SecretShape& s : shapes) {
                QString value = s.text;
                if (column == QLatin1String("retrieval_details"))
                    value = QString::fromStdString(json{{"note", s.text.toStdString()}}.dump());
                if (column == QLatin1String("input_params"))
                    value = QString::fromStdString(json{{"query", s.text.toStdString()}}.dump());
                inserts << QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                          "tool_name, %1) VALUES (%2, 'run-leaky', 'sess-leaky', "
                                          "'get_logs', %3)")
                               .arg(column)
                               .arg(++id)
                               .arg(sqlText(value));
            }
        for (const QString& key : keys)
            inserts << QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                      "tool_name, input_params) VALUES (%1, 'run-leaky', "
                                      "'sess-leaky', 'get_logs', %2)")
                           .arg(++id)
                           .arg(sqlText(QString::fromStdString(
                               json{{key.toStdString(), "plain-but-secret-value-42"}}.dump())));
        QCOMPARE(execOnSqliteFile(path, inserts), QString());

        check::CheckConfig config;
        config.maxFindingsPerRule = 100000;
        auto report = checkSession(path, QStringLiteral("sess-leaky"), config);
        QVERIFY(report);
        const check::RuleResult& secrets = rule(*report, QStringLiteral("secrets"));
        QCOMPARE(secrets.verdict(), check::Verdict::Fail);
        QSet<qint64> flagged;
        for (const check::RuleFinding& f : secrets.findings)
            flagged.insert(f.rowId);
        for (qint64 row = 5001; row <= id; ++row)
            QVERIFY2(flagged.contains(row),
                     qPrintable(QStringLiteral("row %1 not flagged").arg(row)));
        // Never the value: neither in the JSON nor in the table.
        const QString printed =
            QString::fromStdString(json(*report).dump()) + check::reportTable(*report);
        for (const SecretShape& s : shapes)
            QVERIFY2(!printed.contains(s.secret), s.name);
        QVERIFY(!printed.contains(QStringLiteral("plain-but-secret-value-42")));
        QVERIFY(printed.contains(QStringLiteral("chars)")));
    }

    // Two shapes of input_params that hid a password from the scan while `trace` printed it
    // and `--text` found it: an object encoded twice (a JSON string whose text is the object)
    // and a key written twice, whose second value only the raw text holds. Each is named
    // once.
    void secretsInsideTwiceEncodedOrRepeatedKeysAreFound()
    {
        const QString path = freshPath();
        QCOMPARE(writeAcceptanceDb(path), QString());
        const QString twice = QString::fromStdString(
            json(json{{"query", "q"}, {"db_password", "hunter22hunter"}}.dump()).dump());
        const QString repeated =
            QStringLiteral(R"({"query":"q","query":"password=hunter2222hunter"})");
        QCOMPARE(
            execOnSqliteFile(
                path, {QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, status, "
                                      "release_outcome, tool_call_count, started_at, "
                                      "finished_at) VALUES ('run-hidden', 'sess-hidden', "
                                      "'COMPLETED', 'SUCCESS', 2, "
                                      "'2026-03-05T10:00:00.000Z', "
                                      "'2026-03-05T10:00:09.000Z')"),
                       QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                      "tool_name, input_params) VALUES (6001, 'run-hidden', "
                                      "'sess-hidden', 'get_logs', %1), (6002, 'run-hidden', "
                                      "'sess-hidden', 'get_logs', %2), (6003, 'run-hidden', "
                                      "'sess-hidden', 'get_logs', %3), (6004, 'run-hidden', "
                                      "'sess-hidden', 'get_logs', %4)")
                           .arg(sqlText(twice), sqlText(repeated),
                                // Named once each, as before: by shape, by key.
                                sqlText(QStringLiteral(R"({"query":"password=hunter2222hunter"})")),
                                sqlText(QStringLiteral(
                                    R"({"auth":"Bearer abcdefghijklmnopqrst123"})")))}),
            QString());
        auto report = checkSession(path, QStringLiteral("sess-hidden"));
        QVERIFY(report);
        const check::RuleResult& secrets = rule(*report, QStringLiteral("secrets"));
        QMap<qint64, int> perRow;
        for (const check::RuleFinding& f : secrets.findings)
            ++perRow[f.rowId];
        QCOMPARE(perRow, (QMap<qint64, int>{{6001, 1}, {6002, 1}, {6003, 1}, {6004, 1}}));
        const QString printed = QString::fromStdString(json(*report).dump());
        QVERIFY(!printed.contains(QLatin1String("hunter")));
        QVERIFY(!printed.contains(QLatin1String("abcdefghijklmnopqrst123")));
    }

    void demoWorkspaceRaisesNoFinding()
    {
        const QString workspace = m_dir.filePath(QStringLiteral("demo"));
        const CliResult demo =
            runCli({QStringLiteral("demo"), QStringLiteral("--workspace"), workspace});
        QCOMPARE(demo.exitCode, 0);
        const CliResult cli = runCli({QStringLiteral("check"), QStringLiteral("--db"),
                                      workspace + QStringLiteral("/audit.db")});
        QVERIFY2(cli.exitCode == 0, cli.out.constData());
        for (const json& r : cli.json["rules"]) {
            QVERIFY(r["failed"] == 0);
            QVERIFY(r["verdict"] == "PASS");
        }
        QVERIFY(cli.json["checked"]["invocations"].get<int>() > 20);
    }

    void wholeDatabaseIncludesOrphanCallsAndSaysWhatIsMissing()
    {
        const QString path = freshPath();
        QCOMPARE(writeProductionFixture(path), QString());
        QCOMPARE(execOnSqliteFile(path,
                                  {QStringLiteral("INSERT INTO tool_invocation (id, run_id, "
                                                  "session_id, tool_name, input_params) VALUES "
                                                  "(9000, 'run-orphan', 'sess-orphan', 'get_logs', "
                                                  "'{\"service\":\"x\"}')"),
                                   QStringLiteral("DROP TABLE agent_step")}),
                 QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        qint64 lastDone = -1, lastTotal = -1;
        auto report = check::runAuditCheck(**db, {}, {}, [&](qint64 done, qint64 total) {
            lastDone = done;
            lastTotal = total;
            return true;
        });
        QVERIFY(report);
        QCOMPARE(report->runs, fixture::kRunCount + 1);
        QCOMPARE(lastDone, lastTotal);
        QVERIFY(report->notes.join(QLatin1Char(' ')).contains(QLatin1String("agent_step")));
        // The orphan call has neither tool_call_id nor request_bytes: both rules name it.
        bool named = false;
        for (const check::RuleFinding& f : rule(*report, QStringLiteral("call_identity")).findings)
            named = named || f.rowId == 9000;
        QVERIFY(named);
        // Nothing was written to the database it read.
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")) ||
                QFileInfo(path + QStringLiteral("-wal")).size() == 0);
    }

    // A column the store does not have fails no row: the rule that needs it checks what it
    // can, and the report's notes say what was not checked. Before, every call failed
    // "input_params is empty" or "retrieval_details is missing", every step "has_tool_call = 0
    // but 1 invocation name this step", and the check failed.
    void aMissingColumnFailsNoRow_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("column");
        QTest::newRow("input_params") << "tool_invocation"
                                      << "input_params";
        QTest::newRow("retrieval_details") << "tool_invocation"
                                           << "retrieval_details";
        QTest::newRow("has_tool_call") << "agent_step"
                                       << "has_tool_call";
        QTest::newRow("timeline details") << "diagnosis_trace"
                                          << "details";
    }
    void aMissingColumnFailsNoRow()
    {
        QFETCH(QString, table);
        QFETCH(QString, column);
        const QString path = freshPath();
        QCOMPARE(writeAcceptanceDb(path), QString());
        QCOMPARE(execOnSqliteFile(
                     path, {QStringLiteral("ALTER TABLE %1 DROP COLUMN %2").arg(table, column)}),
                 QString());
        auto report = checkSession(path, kAcceptanceSession);
        QVERIFY2(report, qPrintable(report ? QString() : report.error()));
        for (const check::RuleResult& r : report->rules)
            QVERIFY2(r.verdict() != check::Verdict::Fail,
                     qPrintable(r.info.id + QLatin1Char(' ') +
                                QString::fromStdString(json(*report).dump())));
        QVERIFY(report->passed());
        const QString notes = report->notes.join(QLatin1Char(' '));
        QVERIFY2(notes.contains(QStringLiteral("no %1 column in %2").arg(column, table)),
                 qPrintable(notes));
    }

    // A store without rows passes, but does not say "every rule passed": nothing was checked.
    void anEmptyStoreSaysNothingWasChecked()
    {
        const QString path = freshPath();
        QCOMPARE(writeProductionFixture(path), QString());
        QStringList empty;
        for (const char* table : {"tool_invocation", "agent_step", "diagnosis_trace",
                                  "run_feedback", "lookup_trace_sample", "diagnosis_run"})
            empty << QStringLiteral("DELETE FROM %1").arg(QLatin1String(table));
        QCOMPARE(execOnSqliteFile(path, empty), QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto report = check::runAuditCheck(**db, {}, {});
        QVERIFY2(report, qPrintable(report ? QString() : report.error()));
        QVERIFY(report->passed());
        QVERIFY(report->checkedNothing());
        const QString text = check::reportTable(*report);
        QVERIFY2(text.contains(QLatin1String("Nothing was checked")), qPrintable(text));
        QVERIFY(!text.contains(QLatin1String("Every rule passed")));
    }

    void stepsAndEventsWithoutAnIdColumnAreStillRead()
    {
        // A writer that keys its steps and events otherwise (or not at all): the trace still
        // reads them, the schema notes say what is lost, and no call is reported as bound to
        // a missing step, since no step_id can name one.
        const QString path = freshPath();
        QCOMPARE(writeProductionFixture(path), QString());
        std::size_t steps = 0;
        std::size_t events = 0;
        {
            auto db = AuditDatabase::open(path, AccessMode::Inspect);
            QVERIFY(db);
            auto before = TraceService(**db).getTrace(fixture::kFallbackSession);
            QVERIFY(before);
            steps = before->steps.size();
            events = before->timeline.size();
        }
        QVERIFY(steps > 0 && events > 0);
        QStringList statements;
        for (const char* name : {"agent_step", "diagnosis_trace"}) {
            const QString table = QLatin1String(name);
            QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), path);
            sql.setDatabaseName(path);
            QVERIFY(sql.open());
            QStringList kept;
            QSqlQuery q(sql);
            QVERIFY(q.exec(QStringLiteral("SELECT name FROM pragma_table_info('%1')").arg(table)));
            while (q.next())
                if (q.value(0).toString() != QLatin1String("id"))
                    kept << q.value(0).toString();
            q = QSqlQuery();
            sql.close();
            sql = QSqlDatabase();
            QSqlDatabase::removeDatabase(path);
            statements << QStringLiteral("CREATE TABLE %1_kept AS SELECT %2 FROM %1")
                              .arg(table, kept.join(QStringLiteral(", ")))
                       << QStringLiteral("DROP TABLE %1").arg(table)
                       << QStringLiteral("ALTER TABLE %1_kept RENAME TO %1").arg(table);
        }
        QCOMPARE(execOnSqliteFile(path, statements), QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto trace = TraceService(**db).getTrace(fixture::kFallbackSession);
        QVERIFY2(trace, qPrintable(trace ? QString() : trace.error()));
        QCOMPARE(trace->steps.size(), steps);
        QCOMPARE(trace->timeline.size(), events);
        QStringList notes;
        for (const SchemaNote& n : schemaNotes(**db))
            notes << n.table + QLatin1Char('.') + n.column;
        QVERIFY2(notes.contains(QStringLiteral("agent_step.id")), qPrintable(notes.join(' ')));
        QVERIFY(notes.contains(QStringLiteral("diagnosis_trace.id")));
        auto report = check::runAuditCheck(**db, {}, {});
        QVERIFY2(report, qPrintable(report ? QString() : report.error()));
        // Its calls' step_id columns are still compared with their input_params and events.
        const check::RuleResult& binding = rule(*report, QStringLiteral("step_binding"));
        QVERIFY(binding.checked > 0);
        for (const check::RuleFinding& f : binding.findings)
            QVERIFY2(!f.reason.contains(QLatin1String("is not a step of run")),
                     qPrintable(f.reason));
        // A pass that could not compare calls with steps says so.
        QVERIFY2(report->notes.join(QLatin1Char(' '))
                     .contains(QLatin1String("no id column in "
                                             "agent_step")),
                 qPrintable(report->notes.join(QLatin1Char(' '))));
    }

    // Calls recorded without any run id are checked too, by the whole-database check and by
    // their session's: the secrets rule finds what they leak, and names their session.
    void callsWithoutARunIdAreChecked()
    {
        const QString path = freshPath();
        QCOMPARE(writeProductionFixture(path), QString());
        const QString leak =
            QString::fromStdString(json{{"api_key", "plain-but-secret-value-42"}}.dump());
        QCOMPARE(execOnSqliteFile(path,
                                  {QStringLiteral("INSERT INTO tool_invocation (id, run_id, "
                                                  "session_id, tool_name, input_params, "
                                                  "created_at) VALUES (9100, NULL, 'sess-runless', "
                                                  "'get_logs', %1, '2026-05-02T10:00:00.000Z')")
                                       .arg(sqlText(leak)),
                                   QStringLiteral("INSERT INTO tool_invocation (id, run_id, "
                                                  "session_id, tool_name, input_params, "
                                                  "created_at) VALUES (9101, NULL, NULL, "
                                                  "'get_logs', %1, '2026-04-01T10:00:00.000Z')")
                                       .arg(sqlText(leak)),
                                   QStringLiteral("INSERT INTO tool_invocation (id, run_id, "
                                                  "session_id, tool_name, input_params, "
                                                  "created_at) VALUES (9102, 'run-unrecorded', "
                                                  "'sess-runless', 'get_logs', %1, "
                                                  "'2026-05-02T11:00:00.000Z')")
                                       .arg(sqlText(leak))}),
                 QString());
        const auto flagged = [](const check::CheckReport& report) {
            QMap<qint64, QString> out;
            for (const check::RuleFinding& f : rule(report, QStringLiteral("secrets")).findings)
                if (f.table == QLatin1String("tool_invocation"))
                    out.insert(f.rowId, f.sessionId);
            return out;
        };
        for (int checkers : {1, 2}) {
            check::CheckConfig config;
            config.checkers = checkers;
            auto db = AuditDatabase::open(path, AccessMode::Inspect);
            QVERIFY(db);
            auto whole = check::runAuditCheck(**db, {}, config);
            QVERIFY(whole);
            const auto found = flagged(*whole);
            QCOMPARE(found.value(9100, QStringLiteral("(none)")), QStringLiteral("sess-runless"));
            QVERIFY(found.contains(9101));
            QVERIFY(found.contains(9102));
            QCOMPARE(whole->invocations, qint64(fixture::kInvocationCount + 3));
            // A window places them by their own created_at, as health does.
            check::CheckScope may;
            may.since = QDateTime(QDate(2026, 5, 1), QTime(0, 0), Qt::UTC);
            may.until = QDateTime(QDate(2026, 6, 1), QTime(0, 0), Qt::UTC);
            auto windowed = check::runAuditCheck(**db, may, config);
            QVERIFY(windowed);
            QCOMPARE(flagged(*windowed).keys(), (QList<qint64>{9100, 9102}));
            QVERIFY(windowed->notes.join(QLatin1Char(' ')).contains(QLatin1String("created_at")));
        }
        auto session = checkSession(path, QStringLiteral("sess-runless"));
        QVERIFY(session);
        QCOMPARE(flagged(*session).keys(), (QList<qint64>{9100, 9102}));
        QCOMPARE(rule(*session, QStringLiteral("secrets")).verdict(), check::Verdict::Fail);
    }

    // Ids of 0 and below are ids (an INTEGER PRIMARY KEY takes them; the trace shows them):
    // a finding on such a call named "id": null.
    void callIdsOfZeroAndBelowAreNamed()
    {
        const QString path = freshPath();
        QCOMPARE(writeProductionFixture(path), QString());
        const QString leak =
            QString::fromStdString(json{{"api_key", "plain-but-secret-value-42"}}.dump());
        QStringList inserts;
        for (const char* id : {"0", "-3"})
            inserts << QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                      "tool_name, input_params, created_at) VALUES (%1, NULL, "
                                      "'sess-zero', 'get_logs', %2, '2026-05-02T10:00:00.000Z')")
                           .arg(QLatin1String(id), sqlText(leak));
        QCOMPARE(execOnSqliteFile(path, inserts), QString());
        auto report = checkSession(path, QStringLiteral("sess-zero"));
        QVERIFY(report);
        QList<qint64> named;
        for (const check::RuleFinding& f : rule(*report, QStringLiteral("secrets")).findings) {
            QVERIFY(f.hasRowId());
            const json j = f;
            QVERIFY2(j["id"].is_number_integer(), j.dump().c_str());
            named << j["id"].get<qint64>();
        }
        std::sort(named.begin(), named.end());
        QCOMPARE(named, (QList<qint64>{-3, 0}));
    }

    // A run id a writer bound as bytes (a BLOB sorts after every text): the keyset bound the
    // last id as text, so the same last page came back for ever and the check never ended.
    void aRunIdStoredAsBytesEndsTheCheck()
    {
        const QString path = freshPath();
        QCOMPARE(writeProductionFixture(path), QString());
        QCOMPARE(
            execOnSqliteFile(path, {QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, "
                                                   "question, status, started_at) VALUES "
                                                   "(X'72756e2d62797465', 'sess-bytes', 'q', "
                                                   "'COMPLETED', '2026-05-02T10:00:00.000Z')")}),
            QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto whole = check::runAuditCheck(**db, {}, {});
        QVERIFY2(whole, whole ? "" : qPrintable(whole.error()));
        QCOMPARE(whole->runs, qint64(fixture::kRunCount + 1));
    }

    // A time cell that holds what no reading of a time accepts is named with what it
    // holds (the views show no time there), in a run row, a step and an orphan call alike;
    // an empty cell is a missing time, not a finding.
    void timesThatReadAsNoTimeAreNamed()
    {
        const QString path = freshPath();
        QCOMPARE(writeProductionFixture(path), QString());
        QCOMPARE(execOnSqliteFile(
                     path, {QStringLiteral("UPDATE diagnosis_run SET started_at = 'yesterday' "
                                           "WHERE run_id = '%1'")
                                .arg(fixture::kFallbackRun),
                            QStringLiteral("UPDATE diagnosis_run SET finished_at = '' WHERE "
                                           "run_id = '%1'")
                                .arg(fixture::kRetryRun),
                            QStringLiteral("UPDATE agent_step SET finished_at = "
                                           "'2024-13-45T99:00:00Z' WHERE id = %1")
                                .arg(fixture::kStep963),
                            QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                           "tool_name, created_at) VALUES (9200, "
                                           "'run-unrecorded', '%1', 'get_logs', 'soon')")
                                .arg(fixture::kRetrySession)}),
                 QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto report = check::runAuditCheck(**db, {}, {});
        QVERIFY(report);
        QMap<QString, QString> found; // table:row -> reason
        for (const check::RuleFinding& f :
             rule(*report, QStringLiteral("run_consistency")).findings)
            if (f.reason.contains(QLatin1String("reads as no time")))
                found.insert(QStringLiteral("%1:%2").arg(f.table, f.rowId ? QString::number(f.rowId)
                                                                          : f.runId),
                             f.reason);
        QCOMPARE(found.keys(),
                 (QStringList{QStringLiteral("agent_step:963"),
                              QStringLiteral("diagnosis_run:") + fixture::kFallbackRun,
                              QStringLiteral("tool_invocation:9200")}));
        QVERIFY(found.first().startsWith(QLatin1String("finished_at holds '2024-13-45T99")));
        QVERIFY(found.value(QStringLiteral("diagnosis_run:") + fixture::kFallbackRun)
                    .startsWith(QLatin1String("started_at holds 'yesterday'")));
        QVERIFY(found.last().startsWith(QLatin1String("created_at holds 'soon'")));
        // The rows themselves are still read: the session's trace holds the run, timeless.
        auto trace = TraceService(**db).getTrace(fixture::kFallbackSession);
        QVERIFY(trace);
        QCOMPARE(trace->runs.size(), size_t(1));
        QVERIFY(!trace->runs.front().startedAt.isValid());
        // The trace JSON says what the cell holds beside its null time, and reads it back.
        const json run = json(*trace)["runs"][0];
        QVERIFY(run["startedAt"].is_null());
        QVERIFY2(run["unreadTimes"] == (json{{"started_at", "yesterday"}}), run.dump().c_str());
        QCOMPARE(run.get<TraceRun>().unreadTimes.size(), size_t(1));
        auto retried = TraceService(**db).getTrace(fixture::kRetrySession);
        QVERIFY(retried);
        const json retriedJson = *retried;
        QVERIFY(!retriedJson["runs"][0].contains("unreadTimes")); // an empty cell is no finding
        bool callNoted = false;
        for (const json& call : retriedJson["toolInvocations"])
            callNoted |=
                call.value("unreadTimes", json::object()).value("created_at", "") == "soon";
        QVERIFY(callNoted);
    }

    // Tables without their keys: a run row written twice and a call id held by two rows are
    // named (every count joined through them is multiplied), and the facts index still
    // builds, keeping the first row of the call.
    void repeatedKeysAreNamedAndIndexed()
    {
        const QString path = freshPath();
        QCOMPARE(writeProductionFixture(path), QString());
        QStringList edits;
        for (const char* table : {"diagnosis_run", "tool_invocation"}) {
            const QString t = QLatin1String(table);
            edits << QStringLiteral("CREATE TABLE keyless AS SELECT * FROM %1").arg(t)
                  << QStringLiteral("DROP TABLE %1").arg(t)
                  << QStringLiteral("ALTER TABLE keyless RENAME TO %1").arg(t);
        }
        edits << QStringLiteral("INSERT INTO diagnosis_run SELECT * FROM diagnosis_run WHERE "
                                "run_id = '%1'")
                     .arg(fixture::kFallbackRun)
              << QStringLiteral("INSERT INTO tool_invocation SELECT * FROM tool_invocation WHERE "
                                "id = 860");
        // Calls without a run id, one id held twice: read in pages of two, a page must not
        // end between the two rows.
        for (int id : {9200, 9201, 9201, 9202})
            edits << QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                    "tool_name) VALUES (%1, NULL, 'sess-keyless', 'get_logs')")
                         .arg(id);
        // Two run rows without their key, one in a session of its own: no run anywhere
        // (lists, counts and the facts index agree), and check counts them.
        edits << QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, status) VALUES "
                                "(NULL, 'sess-runless-row', 'COMPLETED'), (NULL, "
                                "'sess-runless-row', 'COMPLETED')");
        // A run row with its key and no session: no session lists it, and check says so; so
        // is a call with neither key.
        edits << QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, status) VALUES "
                                "('run-without-session', NULL, 'COMPLETED')")
              << QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, tool_name) "
                                "VALUES (9300, NULL, NULL, 'get_logs')");
        QCOMPARE(execOnSqliteFile(path, edits), QString());
        {
            auto db = AuditDatabase::open(path, AccessMode::Inspect);
            QVERIFY(db);
            const AuditBrowser browser(**db);
            QList<qint64> read;
            QVariant after;
            for (;;) {
                auto page = browser.callsWithoutRunId(after, 2, QStringLiteral("sess-keyless"));
                QVERIFY(page);
                if (page->empty())
                    break;
                for (const TraceInvocation& call : *page)
                    read << call.id;
                after = page->back().storedId();
            }
            QCOMPARE(read, (QList<qint64>{9200, 9201, 9201, 9202}));
        }
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto report = check::runAuditCheck(**db, {}, {});
        QVERIFY2(report, report ? "" : qPrintable(report.error()));
        int runNamed = 0;
        for (const check::RuleFinding& f :
             rule(*report, QStringLiteral("run_consistency")).findings)
            runNamed += f.runId == fixture::kFallbackRun &&
                        f.reason.contains(QLatin1String("2 diagnosis_run rows"));
        QCOMPARE(runNamed, 1);
        int callNamed = 0;
        for (const check::RuleFinding& f : rule(*report, QStringLiteral("call_identity")).findings)
            callNamed += f.rowId == 860 && f.reason.contains(QLatin1String("860"));
        QCOMPARE(callNamed, 1);
        int unkeyedCallNamed = 0;
        for (const check::RuleFinding& f : rule(*report, QStringLiteral("call_identity")).findings)
            unkeyedCallNamed += f.rowId == 9300 && f.reason.contains(QLatin1String("neither"));
        QCOMPARE(unkeyedCallNamed, 1);
        int keylessNamed = 0;
        for (const check::RuleFinding& f :
             rule(*report, QStringLiteral("run_consistency")).findings)
            keylessNamed += f.reason.startsWith(QLatin1String("2 diagnosis_run row")) &&
                            f.reason.contains(QLatin1String("no run_id"));
        QCOMPARE(keylessNamed, 1);
        int sessionlessNamed = 0;
        for (const check::RuleFinding& f :
             rule(*report, QStringLiteral("run_consistency")).findings)
            sessionlessNamed += f.reason.startsWith(QLatin1String("1 diagnosis_run row")) &&
                                f.reason.contains(QLatin1String("no session_id"));
        QCOMPARE(sessionlessNamed, 1);
        SessionFilter named;
        named.text = QStringLiteral("sess-runless-row");
        QCOMPARE(AuditBrowser(**db).countSessions(named).value(), 0);

        const QString index =
            facts_index::pathFor((*db)->location(), m_dir.filePath(QStringLiteral("facts")));
        auto built = facts_index::update(**db, index);
        QVERIFY2(built, built ? "" : qPrintable(built.error()));
        auto facts = facts_index::openForReading(index);
        QVERIFY(facts);
        auto sessions = AuditBrowser(**facts).sessions({}, 0, 100);
        QVERIFY(sessions);
        QCOMPARE(int(sessions->size()), int(AuditBrowser(**db).sessions({}, 0, 100)->size()));
        QCOMPARE(AuditBrowser(**facts).summary()->runs, AuditBrowser(**db).summary()->runs);
    }

    // Two connections checking batches side by side report exactly what one reports: the
    // same counts and the same first findings in the same order, duplicates across the two
    // included. A generated store of many batches, with planted duplicate tool_call_ids.
    void sideBySideCheckersAgreeWithOne()
    {
        const QString path = freshPath();
        test::RandomAuditDbOptions options;
        options.invocations = 6000;
        QCOMPARE(test::writeRandomAuditDb(path, options), QString());
        QCOMPARE(execOnSqliteFile(path, {QStringLiteral("UPDATE tool_invocation SET tool_call_id = "
                                                        "'dup-call' WHERE id % 997 = 0")}),
                 QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        check::CheckConfig one;
        one.checkers = 1;
        one.maxFindingsPerRule = 40;
        check::CheckConfig two = one;
        two.checkers = 2;
        auto a = check::runAuditCheck(**db, {}, one);
        auto b = check::runAuditCheck(**db, {}, two);
        QVERIFY(a && b);
        QVERIFY(a->runs > 1500); // several batches of 500
        QCOMPARE(QString::fromStdString(json(*b).dump()), QString::fromStdString(json(*a).dump()));
        // Every finding, not only the first 40: the duplicates are among them, alike.
        one.maxFindingsPerRule = two.maxFindingsPerRule = 1000000;
        auto allA = check::runAuditCheck(**db, {}, one);
        auto allB = check::runAuditCheck(**db, {}, two);
        QVERIFY(allA && allB);
        QCOMPARE(QString::fromStdString(json(*allB).dump()),
                 QString::fromStdString(json(*allA).dump()));
        int duplicates = 0;
        for (const check::RuleFinding& f : rule(*allA, QStringLiteral("call_identity")).findings)
            duplicates += f.reason.contains(QLatin1String("'dup-call' is also used")) ? 1 : 0;
        QVERIFY2(duplicates >= 4, qPrintable(QString::number(duplicates)));
    }

    void rulesFileSwitchesOffAndTunes()
    {
        const QString path = freshPath();
        QCOMPARE(writeAcceptanceDb(path), QString());
        QCOMPARE(
            execOnSqliteFile(path, {QStringLiteral("UPDATE agent_step SET finished_at = "
                                                   "'2026-03-02T08:15:10.500Z' WHERE id = 963")}),
            QString());
        // 0.7 s past the run's end: a failure without tolerance, a pass within 1 s.
        auto strict =
            check::CheckConfig::fromJson(R"({"rules": {"run_consistency": {"clockSkewMs": 0}}})");
        QVERIFY(strict);
        auto tolerant = check::CheckConfig::fromJson(
            R"({"rules": {"run_consistency": {"clockSkewMs": 1000}, "secrets": false}})");
        QVERIFY(tolerant);
        auto a = checkSession(path, kAcceptanceSession, *strict);
        auto b = checkSession(path, kAcceptanceSession, *tolerant);
        QVERIFY(a && b);
        QCOMPARE(rule(*a, QStringLiteral("run_consistency")).verdict(), check::Verdict::Fail);
        QCOMPARE(rule(*b, QStringLiteral("run_consistency")).verdict(), check::Verdict::Pass);
        QCOMPARE(rule(*b, QStringLiteral("secrets")).verdict(), check::Verdict::NotApplicable);
        QVERIFY(!rule(*b, QStringLiteral("secrets")).note.isEmpty());

        for (const char* bad : {R"({"rules": {"secret": false}})",
                                R"({"rules": {"secrets": {"minEntropyBits": "high"}}})",
                                R"({"rules": {"run_consistency": {"clockSkew": 5}}})",
                                R"({"rule": {}})", "[1, 2", "[]"})
            QVERIFY2(!check::CheckConfig::fromJson(bad), bad);
    }

    void usageAndExitCodes()
    {
        const QString path = freshPath();
        QCOMPARE(writeAcceptanceDb(path), QString());
        const QString rules = m_dir.filePath(QStringLiteral("rules.json"));
        QFile f(rules);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"rules": {"nonsense": true}})");
        f.close();
        const QStringList db = {QStringLiteral("check"), QStringLiteral("--db"), path};
        QCOMPARE(runCli(db + QStringList{QStringLiteral("--session"), QStringLiteral("a"),
                                         QStringLiteral("--run"), QStringLiteral("b")})
                     .exitCode,
                 2);
        const CliResult badRules = runCli(db + QStringList{QStringLiteral("--rules"), rules});
        QCOMPARE(badRules.exitCode, 2);
        QVERIFY(badRules.err.contains("nonsense"));
        QCOMPARE(runCli(db + QStringList{QStringLiteral("--since"), QStringLiteral("yesterdayish")})
                     .exitCode,
                 2);
        const CliResult unknown =
            runCli(db + QStringList{QStringLiteral("--session"), QStringLiteral("no-such")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains("no-such"));
        // A window: the fixture's runs of March 2026.
        const CliResult window =
            runCli(db + QStringList{QStringLiteral("--since"), QStringLiteral("2026-03-02"),
                                    QStringLiteral("--until"), QStringLiteral("2026-03-03")});
        QVERIFY(window.json.is_object());
        QVERIFY(window.json["checked"]["runs"] == 1);
    }
};

QTEST_GUILESS_MAIN(TestAuditCheck)
#include "tst_audit_check.moc"
