// The audit database on real PostgreSQL and MySQL/MariaDB servers: create the schema
// (AccessMode::Create), import every fixture session, read each back with getTrace and the
// session filters, and compare with the same import into SQLite.
//
// Needs RAGLENS_TEST_PG_URL / RAGLENS_TEST_MYSQL_URL and RAGLENS_DB_PASSWORD (see
// scripts/start-test-servers.sh). Without them the server cases are skipped, except under
// CI (env CI set), where a missing server is a failure.

#include "check/audit_check.h"
#include "db/audit_database.h"
#include "diagnostics/health_report.h"
#include "facts/facts_index.h"
#include "interpret/invocation_facts.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/json_compare.h"
#include "support/mini_kb.h"
#include "support/schema_variants.h"
#include "support/sqlite_statements.h"
#include "support/test_servers.h"
#include "trace/audit_browser.h"
#include "trace/trace_importer.h"
#include "trace/trace_service.h"

#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;

using namespace raglens::test;
using nlohmann::json;

// An Expected<> that must hold a value, its error shown when it does not.
#define VERIFY_READ(v) QVERIFY2((v).ok(), qPrintable((v).ok() ? QString() : (v).error()))

namespace {

const QStringList kSessions = {fixture::kFallbackSession, fixture::kRetrySession,
                               fixture::kLegacySession, fixture::kTruncatedSession};

// Servers normalise JSON text (key order, spaces), and typed JSON columns cannot hold the
// truncated row at all; everything else must match SQLite exactly.
json comparable(json trace)
{
    for (json& inv : trace["toolInvocations"]) {
        inv.erase("retrievalDetailsRaw");
        if (inv["id"] == fixture::kTruncatedInvocation)
            inv.erase("retrievalDetailsError");
    }
    return trace;
}

json rowsJson(const std::vector<SessionRow>& rows)
{
    json out = json::array();
    for (const SessionRow& r : rows)
        out.push_back(r);
    return out;
}

QStringList ids(const std::vector<SessionRow>& rows)
{
    QStringList out;
    for (const SessionRow& r : rows)
        out << r.sessionId;
    return out;
}

} // namespace

class TestAuditDbServers : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<DiagnosisTraceResponse> m_traces;
    std::unique_ptr<AuditDatabase> m_sqlite;

    static Status dropAuditTables(AuditDatabase& db)
    {
        dropVariantViews(db.sql()); // tst_schema_variants may have left its views
        QSqlQuery q(db.sql());
        for (const char* t :
             {"lookup_trace_sample", "run_feedback", "diagnosis_trace", "tool_invocation",
              "agent_step", "diagnosis_run", "raglens_schema_version"})
            if (!q.exec(QStringLiteral("DROP TABLE IF EXISTS %1").arg(QString::fromLatin1(t))))
                return Error{q.lastError().text()};
        return ok();
    }

    std::unique_ptr<AuditDatabase> freshServer(const QString& url)
    {
        {
            // Start from an empty schema: a previous run's tables go first.
            auto db = AuditDatabase::open(url, AccessMode::Write);
            if (!db) {
                qWarning() << db.error();
                return nullptr;
            }
            if (Status s = dropAuditTables(**db); !s) {
                qWarning() << s.error();
                return nullptr;
            }
        }
        auto db = AuditDatabase::open(url, AccessMode::Create);
        if (!db) {
            qWarning() << db.error();
            return nullptr;
        }
        return std::move(*db);
    }

    void checkServer(const char* variable)
    {
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(variable);
        auto server = freshServer(url);
        QVERIFY(server);
        QVERIFY(server->isRagLensOwned());
        QVERIFY(!server->isReadOnly());
        QCOMPARE(server->schemaVersion(), AuditDatabase::latestSchemaVersion());
        for (const char* t : {"diagnosis_run", "agent_step", "tool_invocation", "diagnosis_trace",
                              "run_feedback", "lookup_trace_sample"})
            QVERIFY2(server->hasTable(QString::fromLatin1(t)), t);

        int warnings = 0;
        for (const DiagnosisTraceResponse& t : m_traces) {
            auto summary = TraceImporter(*server).import(t);
            QVERIFY2(summary.ok(), qPrintable(summary.ok() ? QString() : summary.error()));
            warnings += int(summary->warnings.size());
            // idempotent on servers too
            auto again = TraceImporter(*server).import(t);
            QVERIFY(again.ok());
        }
        QCOMPARE(warnings, 1); // the truncated details cannot go into a JSON column

        const TraceService serverTraces(*server);
        const TraceService sqliteTraces(*m_sqlite);
        for (const QString& session : kSessions) {
            auto a = serverTraces.getTrace(session);
            auto b = sqliteTraces.getTrace(session);
            QVERIFY2(a.ok(), qPrintable(a.ok() ? QString() : a.error()));
            QVERIFY(b.ok());
            JCOMPARE(comparable(json(*a)), comparable(json(*b)));
        }
        auto truncated = serverTraces.getTrace(fixture::kTruncatedSession);
        QVERIFY(truncated->toolInvocations.at(0).retrievalDetails.is_null());
        QVERIFY(!serverTraces.getTrace(QStringLiteral("x' OR '1'='1")).ok());

        // the session filters give the same answers in every dialect
        QList<SessionFilter> filters;
        SessionFilter f;
        filters << f;
        f.outcome = QStringLiteral("FALLBACK");
        filters << f;
        f = {};
        f.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        filters << f;
        f = {};
        f.relevanceLevel = QStringLiteral("NONE");
        filters << f;
        f = {};
        f.selectedAttempt = QStringLiteral("UNFILTERED_VECTOR_RETRY");
        filters << f;
        f = {};
        f.retryReason = QStringLiteral("filtered_vector_low_quality");
        filters << f;
        f = {};
        f.toolName = QStringLiteral("get_service_metrics");
        filters << f;
        f = {};
        f.since =
            QDateTime::fromString(QStringLiteral("2025-11-20T14:02:11.500Z"), Qt::ISODateWithMs);
        f.until =
            QDateTime::fromString(QStringLiteral("2026-03-03T10:00:00.000Z"), Qt::ISODateWithMs);
        filters << f;
        f = {};
        f.text = QStringLiteral("HikariPool");
        filters << f;
        f = {};
        f.text = QStringLiteral("100%");
        filters << f;
        const AuditBrowser serverBrowser(*server);
        const AuditBrowser sqliteBrowser(*m_sqlite);
        for (const SessionFilter& filter : filters) {
            auto a = serverBrowser.sessions(filter, 0, 50);
            auto b = sqliteBrowser.sessions(filter, 0, 50);
            QVERIFY2(a.ok(), qPrintable(a.ok() ? QString() : a.error()));
            QVERIFY(b.ok());
            QCOMPARE(ids(*a), ids(*b));
            JCOMPARE(rowsJson(*a), rowsJson(*b));
            QCOMPARE(*serverBrowser.countSessions(filter), *sqliteBrowser.countSessions(filter));
        }
        // health reads the JSON fields in SQL too: same report in every dialect
        auto serverHealth = computeHealth(*server, {}, {});
        auto sqliteHealth = computeHealth(*m_sqlite, {}, {});
        QVERIFY2(serverHealth.ok(),
                 qPrintable(serverHealth.ok() ? QString() : serverHealth.error()));
        QVERIFY(sqliteHealth.ok());
        JCOMPARE(json(*serverHealth), json(*sqliteHealth));
        QCOMPARE(serverHealth->emptyRetrievals, 2);
        auto s = serverBrowser.summary();
        QVERIFY(s.ok());
        QCOMPARE(s->invocations, fixture::kInvocationCount);
    }

    /// The audit tables of the server at `url` dropped and made anew by `statements`.
    void replaceTables(const QString& url, const QStringList& statements)
    {
        auto db = AuditDatabase::open(url, AccessMode::Write);
        QVERIFY(db.ok());
        QVERIFY(dropAuditTables(**db).ok());
        QSqlQuery q((*db)->sql());
        for (const QString& statement : statements)
            QVERIFY2(q.exec(statement), qPrintable(q.lastError().text()));
    }

private slots:
    void initTestCase()
    {
        const QString foreign = m_dir.filePath(QStringLiteral("fixture.db"));
        QCOMPARE(writeProductionFixture(foreign), QString());
        auto source = AuditDatabase::open(foreign);
        QVERIFY(source.ok());
        for (const QString& session : kSessions) {
            auto t = TraceService(**source).getTrace(session);
            QVERIFY(t.ok());
            m_traces.push_back(*t);
        }
        // The reference: the same traces imported into a RagLens SQLite database.
        auto sqlite =
            AuditDatabase::open(m_dir.filePath(QStringLiteral("ref.db")), AccessMode::Create);
        QVERIFY(sqlite.ok());
        m_sqlite = std::move(*sqlite);
        for (const DiagnosisTraceResponse& t : m_traces)
            QVERIFY(TraceImporter(*m_sqlite).import(t).ok());
    }

    void driversLoad()
    {
        QVERIFY(QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")));
        QVERIFY2(QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")),
                 "install libqt6sql6-psql");
        QVERIFY2(QSqlDatabase::isDriverAvailable(QStringLiteral("QMYSQL")),
                 "install libqt6sql6-mysql");
    }

    void postgresql() { checkServer("RAGLENS_TEST_PG_URL"); }
    void mysql() { checkServer("RAGLENS_TEST_MYSQL_URL"); }

    void recordReadsBackLikeSqlite_data()
    {
        QTest::addColumn<QString>("variable");
        QTest::newRow("postgresql") << "RAGLENS_TEST_PG_URL";
        QTest::newRow("mysql") << "RAGLENS_TEST_MYSQL_URL";
    }
    void recordReadsBackLikeSqlite()
    {
        // `raglens-cli record` writes through the audit boundary (tool_invocation row, its
        // timeline event, its run and step) into a server exactly as into SQLite.
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        QVERIFY(freshServer(url));
        const QString kb = m_dir.filePath(QStringLiteral("kb-") + variable);
        QVERIFY(buildMiniKb(m_dir.filePath(QStringLiteral("src-") + variable), kb).ok());
        const QString sqlite =
            m_dir.filePath(QStringLiteral("record-") + variable + QStringLiteral(".db"));
        const QStringList queries = {minikb::kPoolQuery,
                                     QStringLiteral("quantum entanglement of teapots")};
        for (const QString& db : {url, sqlite}) {
            for (const QString& query : queries) {
                const CliResult r = runCli(
                    {QStringLiteral("record"), QStringLiteral("--kb"), kb, QStringLiteral("--db"),
                     db, QStringLiteral("--session"), QStringLiteral("srv-record"),
                     QStringLiteral("--sample-rate"), QStringLiteral("1"), query});
                QVERIFY2(r.exitCode == 0, r.err.constData());
            }
        }
        const auto readBack = [](const QString& db) {
            const CliResult r = runCli({QStringLiteral("trace"), QStringLiteral("--db"), db,
                                        QStringLiteral("srv-record")});
            return r.exitCode == 0 ? r.json : json();
        };
        const json server = readBack(url);
        const json local = readBack(sqlite);
        QVERIFY(server.is_object() && local.is_object());
        QCOMPARE(server.at("runs").size(), local.at("runs").size());
        QCOMPARE(server.at("toolInvocations").size(), size_t(2));
        QCOMPARE(server.at("toolInvocations").size(), local.at("toolInvocations").size());
        QCOMPARE(server.at("timeline").size(), local.at("timeline").size());
        for (size_t i = 0; i < 2; ++i) {
            const json& a = server.at("toolInvocations").at(i);
            const json& b = local.at("toolInvocations").at(i);
            // The facts, the stored details and the sample are the same; ids and times differ.
            JCOMPARE(a.at("interpretation"), b.at("interpretation"));
            // tool_call_id names the generated run, so it differs by design; durations are
            // wall-clock times of two separate lookups, so they differ too (0 ms vs 1 ms).
            const auto withoutCallId = [](json j) {
                const auto dropTimes = [](json& node, const auto& self) -> void {
                    if (node.is_object()) {
                        for (auto it = node.begin(); it != node.end();) {
                            const std::string& key = it.key();
                            if (key.size() >= 3 && key.compare(key.size() - 3, 3, "_ms") == 0)
                                it = node.erase(it);
                            else
                                self(*it++, self);
                        }
                    } else if (node.is_array()) {
                        for (json& item : node)
                            self(item, self);
                    }
                };
                j.erase("tool_call_id");
                dropTimes(j, dropTimes);
                return j;
            };
            JCOMPARE(withoutCallId(a.at("retrievalDetails")),
                     withoutCallId(b.at("retrievalDetails")));
            JCOMPARE(withoutCallId(a.at("inputParams")), withoutCallId(b.at("inputParams")));
            JCOMPARE(a.at("relevanceLevel"), b.at("relevanceLevel"));
            JCOMPARE(a.at("success"), b.at("success"));
        }
        JCOMPARE(server.at("sessionOutcome"), local.at("sessionOutcome"));
    }

    void demoWritesToServers_data()
    {
        QTest::addColumn<QString>("variable");
        QTest::newRow("postgresql") << "RAGLENS_TEST_PG_URL";
        QTest::newRow("mysql") << "RAGLENS_TEST_MYSQL_URL";
    }
    void demoWritesToServers()
    {
        // `demo --db URL` records every scripted session through the audit boundary into the
        // server; the server then reads back what the SQLite demo reads back.
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        QVERIFY(freshServer(url));
        const QString workspace = m_dir.filePath(QStringLiteral("demo-") + variable);
        const CliResult server =
            runCli({QStringLiteral("demo"), QStringLiteral("--workspace"), workspace,
                    QStringLiteral("--db"), url, QStringLiteral("--quiet")});
        QVERIFY2(server.exitCode == 0, server.err.constData());
        const CliResult local = runCli({QStringLiteral("demo"), QStringLiteral("--workspace"),
                                        workspace, QStringLiteral("--quiet")});
        QVERIFY2(local.exitCode == 0, local.err.constData());
        const int total = server.json.at("sessions_total");
        QCOMPARE(server.json.at("sessions_recorded").get<int>(), total);
        QCOMPARE(server.json.at("invocations").get<int>(), local.json.at("invocations").get<int>());
        QCOMPARE(server.json.at("audit_failures").get<int>(), 0);
        // Running it again records nothing twice.
        const CliResult again =
            runCli({QStringLiteral("demo"), QStringLiteral("--workspace"), workspace,
                    QStringLiteral("--db"), url, QStringLiteral("--quiet")});
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QCOMPARE(again.json.at("sessions_skipped").get<int>(), total);

        const auto list = [](const QString& db) {
            const CliResult r = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), db,
                                        QStringLiteral("--limit"), QStringLiteral("100")});
            std::map<std::string, json> bySession;
            if (r.exitCode == 0)
                for (const json& s : r.json.at("sessions"))
                    bySession[s.at("sessionId").get<std::string>()] = s.at("outcome");
            return bySession;
        };
        const auto onServer = list(url);
        QCOMPARE(int(onServer.size()), total);
        QVERIFY(onServer == list(workspace + QStringLiteral("/audit.db")));
        // Health counts alike: the demo's lookups store "fallback_reason": null, which
        // MariaDB's JSON_UNQUOTE() read as the text 'null', a retry reason (every lookup was a
        // retry there). Latencies are the recordings' own, so not compared.
        const auto health = [](const QString& db) {
            const CliResult r = runCli({QStringLiteral("health"), QStringLiteral("--db"), db,
                                        QStringLiteral("--since"), QStringLiteral("2000-01-01"),
                                        QStringLiteral("--facts"), QStringLiteral("off")});
            json counts;
            if (r.exitCode == 0)
                for (const char* key : {"invocations", "lookups", "fallbackRuns", "fallbackRetry",
                                        "emptyRetrieval", "errors", "problemRunCount"})
                    counts[key] = r.json.value(key, json());
            return counts;
        };
        const json serverHealth = health(url);
        JCOMPARE(serverHealth, health(workspace + QStringLiteral("/audit.db")));
        QVERIFY(serverHealth.at("fallbackRetry").at("count").get<int>() <
                serverHealth.at("lookups").get<int>());
    }

    void foreignTextColumns_data()
    {
        QTest::addColumn<QString>("variable");
        QTest::newRow("postgresql") << "RAGLENS_TEST_PG_URL";
        QTest::newRow("mysql") << "RAGLENS_TEST_MYSQL_URL";
    }
    void foreignTextColumns()
    {
        // An agent that stores JSON in TEXT columns: a truncated row must neither break the
        // JSON-field filters nor the trace, in either server dialect.
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        {
            auto db = AuditDatabase::open(url, AccessMode::Write);
            QVERIFY(db.ok());
            QVERIFY(dropAuditTables(**db).ok());
            QSqlQuery q((*db)->sql());
            const QString id = QStringLiteral("VARCHAR(64)");
            for (const QString& ddl :
                 {QStringLiteral("CREATE TABLE diagnosis_run (run_id %1 PRIMARY KEY, session_id "
                                 "%1, user_id %1, question TEXT, status %1, release_outcome %1, "
                                 "content_type %1, fallback_reason %1, tool_call_count INT, "
                                 "total_token_count INT, started_at %1, finished_at %1)")
                      .arg(id),
                  QStringLiteral("CREATE TABLE tool_invocation (id INT PRIMARY KEY, run_id %1, "
                                 "session_id %1, step_id INT, tool_call_id %1, tool_name %1, "
                                 "retrieval_layer %1, relevance_level %1, l0_match_count INT, "
                                 "l1_match_count INT, is_truncated INT, retrieval_details TEXT, "
                                 "output_preview TEXT, input_params TEXT, duration_ms INT, "
                                 "success INT, error_message TEXT, dedup_reason %1, "
                                 "created_at %1)")
                      .arg(id)})
                QVERIFY2(q.exec(ddl), qPrintable(q.lastError().text()));
            QVERIFY(q.exec(QStringLiteral(
                "INSERT INTO diagnosis_run VALUES ('r1', 's1', 'u', 'q', 'COMPLETED', 'SUCCESS', "
                "NULL, NULL, 1, 10, '2026-03-04T09:30:00.000Z', NULL), ('r2', 's2', 'u', 'q', "
                "'COMPLETED', 'FALLBACK', NULL, NULL, 1, 10, '2026-03-05T09:30:00.000Z', NULL)")));
            QSqlQuery ins((*db)->sql());
            ins.prepare(
                QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                               "tool_name, retrieval_layer, relevance_level, "
                               "retrieval_details, input_params, success, created_at) "
                               "VALUES (?, ?, ?, 'lookup_knowledge', 'L1', ?, ?, ?, 1, ?)"));
            ins.addBindValue(701);
            ins.addBindValue(QStringLiteral("r1"));
            ins.addBindValue(QStringLiteral("s1"));
            ins.addBindValue(QStringLiteral("REFERENCE"));
            ins.addBindValue(QStringLiteral(
                "{\"audit_schema\":\"rag_lookup_v1\",\"selected_attempt\":\"FILTERED_VEC"));
            ins.addBindValue(QStringLiteral("{\"query\": \"crash"));
            ins.addBindValue(QStringLiteral("2026-03-04T09:30:01.000Z"));
            QVERIFY2(ins.exec(), qPrintable(ins.lastError().text()));
            ins.addBindValue(702);
            ins.addBindValue(QStringLiteral("r2"));
            ins.addBindValue(QStringLiteral("s2"));
            ins.addBindValue(QStringLiteral("EVIDENCE_FOUND"));
            ins.addBindValue(QStringLiteral(
                "{\"selected_attempt\": \"UNFILTERED_VECTOR_RETRY\", \"evidence_status\": "
                "\"NO_EVIDENCE\"}"));
            ins.addBindValue(QStringLiteral("{\"query\": \"pool\"}"));
            ins.addBindValue(QStringLiteral("2026-03-05T09:30:01.000Z"));
            QVERIFY2(ins.exec(), qPrintable(ins.lastError().text()));
            // Writers that escape every character beyond ASCII (Python's json.dumps, Jackson's
            // ESCAPE_NON_ASCII with upper-case hex): one call with its run, one without.
            for (const auto& [id, run, session, input, at] :
                 {std::tuple{703, "r2", "s2", R"({"query": "\u6570\u636e\u5e93 full"})",
                             "2026-03-05T09:30:02.000Z"},
                  std::tuple{704, "r-none", "s3", R"({"query": "\u00C9T\u00C9 disk"})",
                             "2026-03-04T10:00:00.000Z"}}) {
                ins.addBindValue(id);
                ins.addBindValue(QString::fromLatin1(run));
                ins.addBindValue(QString::fromLatin1(session));
                ins.addBindValue(QStringLiteral("REFERENCE"));
                ins.addBindValue(QStringLiteral("{}"));
                ins.addBindValue(QString::fromLatin1(input));
                ins.addBindValue(QString::fromLatin1(at));
                QVERIFY2(ins.exec(), qPrintable(ins.lastError().text()));
            }
        }
        auto db = AuditDatabase::open(url);
        QVERIFY(db.ok());
        QVERIFY((*db)->isReadOnly());
        const AuditBrowser browser(**db);
        SessionFilter f;
        f.selectedAttempt = QStringLiteral("UNFILTERED_VECTOR_RETRY");
        auto rows = browser.sessions(f, 0, 10);
        QVERIFY2(rows.ok(), qPrintable(rows.ok() ? QString() : rows.error()));
        QCOMPARE(ids(*rows), QStringList{"s2"});
        f = {};
        f.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        rows = browser.sessions(f, 0, 10);
        QVERIFY(rows.ok());
        QCOMPARE(ids(*rows), QStringList{"s2"});
        f = {};
        f.since = QDateTime(QDate(2026, 3, 5), QTime(0, 0), Qt::UTC);
        rows = browser.sessions(f, 0, 10);
        QVERIFY(rows.ok());
        QCOMPARE(ids(*rows), QStringList{"s2"});
        // The text filter finds what the escapes spell, in the rows with a run and without.
        for (const auto& [needle, expected] :
             {std::pair{QStringLiteral("数据库 FULL"), QStringList{"s2"}},
              std::pair{QStringLiteral("ÉTÉ"), QStringList{"s3"}},
              std::pair{QStringLiteral("\\u00c9t"), QStringList{"s3"}}}) {
            f = {};
            f.text = needle;
            rows = browser.sessions(f, 0, 10);
            QVERIFY2(rows.ok(), qPrintable(rows.ok() ? QString() : rows.error()));
            QVERIFY2(ids(*rows) == expected, qPrintable(needle + ids(*rows).join(',')));
            QCOMPARE(browser.countSessions(f).value(), 1);
        }
        auto trace = TraceService(**db).getTrace(QStringLiteral("s1"));
        QVERIFY2(trace.ok(), qPrintable(trace.ok() ? QString() : trace.error()));
        const TraceInvocation& inv = trace->toolInvocations.at(0);
        QVERIFY(inv.retrievalDetails.is_null());
        QVERIFY(!inv.retrievalDetailsError.isEmpty());
        QVERIFY(inv.retrievalDetailsRaw.startsWith(QLatin1String("{\"audit_schema\"")));
        QVERIFY(!inv.inputParamsError.isEmpty());
        QCOMPARE(trace->runs.at(0).startedAt, QDateTime(QDate(2026, 3, 4), QTime(9, 30), Qt::UTC));
        auto legacy = TraceService(**db).getTrace(QStringLiteral("s2"));
        QVERIFY(legacy.ok());
        QVERIFY(legacy->toolInvocations.at(0).legacyRelevanceLevel);
    }

    // Ids in the server's uuid type and a token count kept as text: PostgreSQL has no MIN or
    // MAX of a uuid and no SUM of text, so the status bar's summary, `check` and the trace's
    // note on a session known only from calls of another session's run failed with an SQL
    // error ("function min(uuid) does not exist"), and the session list with
    // "function sum(character varying)".
    void uuidIdsAndTextCounts_data() { foreignTextColumns_data(); }
    void uuidIdsAndTextCounts()
    {
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        const QString run = QStringLiteral("11111111-1111-4111-8111-111111111111");
        const QString session = QStringLiteral("22222222-2222-4222-8222-222222222222");
        const QString elsewhere = QStringLiteral("33333333-3333-4333-8333-333333333333");
        const QString unrecorded = QStringLiteral("44444444-4444-4444-8444-444444444444");
        {
            auto db = AuditDatabase::open(url, AccessMode::Write);
            QVERIFY(db.ok());
            QVERIFY(dropAuditTables(**db).ok());
            QSqlQuery q((*db)->sql());
            for (const QString& statement :
                 {QStringLiteral("CREATE TABLE diagnosis_run (run_id UUID PRIMARY KEY, session_id "
                                 "UUID NOT NULL, status VARCHAR(20), release_outcome VARCHAR(20), "
                                 "tool_call_count INT, total_token_count VARCHAR(20), started_at "
                                 "VARCHAR(30), finished_at VARCHAR(30))"),
                  QStringLiteral("CREATE TABLE tool_invocation (id INT PRIMARY KEY, run_id UUID, "
                                 "session_id UUID, tool_name VARCHAR(40), success INT, "
                                 "created_at VARCHAR(30))"),
                  QStringLiteral("INSERT INTO diagnosis_run VALUES ('%1', '%2', 'COMPLETED', "
                                 "'SUCCESS', 2, '42', '2026-03-04T09:30:00.000Z', "
                                 "'2026-03-04T09:31:00.000Z')")
                      .arg(run, session),
                  QStringLiteral(
                      "INSERT INTO tool_invocation VALUES (1, '%1', '%2', 'search_logs', "
                      "1, '2026-03-04T09:30:01.000Z'), (2, '%1', '%3', 'search_logs', "
                      "1, '2026-03-04T09:30:02.000Z'), (3, '%4', '%2', 'search_logs', "
                      "1, '2026-03-04T09:30:03.000Z')")
                      .arg(run, session, elsewhere, unrecorded)})
                QVERIFY2(q.exec(statement), qPrintable(q.lastError().text()));
        }
        auto db = AuditDatabase::open(url);
        QVERIFY(db.ok());
        const AuditBrowser browser(**db);
        auto summary = browser.summary();
        QVERIFY2(summary.ok(), qPrintable(summary.ok() ? QString() : summary.error()));
        QCOMPARE(summary->runs, 1);
        auto rows = browser.sessions({}, 0, 10);
        QVERIFY2(rows.ok(), qPrintable(rows.ok() ? QString() : rows.error()));
        QVERIFY(!rows->empty());
        QCOMPARE(rows->front().sessionId, session);
        QCOMPARE(rows->front().totalTokenCount, qint64(42));
        auto report = check::runAuditCheck(**db, {}, {});
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error()));
        auto none = TraceService(**db).getTrace(elsewhere);
        QVERIFY(!none.ok());
        QVERIFY2(none.error().contains(run) && none.error().contains(session),
                 qPrintable(none.error()));
        QVERIFY(dropAuditTables(**AuditDatabase::open(url, AccessMode::Write)).ok());
    }

    // JSON columns of the server's own type holding an escaped NUL, which is valid JSON:
    // PostgreSQL's json keeps it, but jsonb has none, so the cast the JSON readings made
    // failed on that one cell and with it every list, count and health report.
    void jsonColumnsWithAnEscapedNul_data() { foreignTextColumns_data(); }
    void jsonColumnsWithAnEscapedNul()
    {
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        replaceTables(
            url,
            {QStringLiteral("CREATE TABLE diagnosis_run (run_id VARCHAR(64) PRIMARY KEY, "
                            "session_id VARCHAR(64), status VARCHAR(20), release_outcome "
                            "VARCHAR(20), started_at VARCHAR(30))"),
             QStringLiteral("CREATE TABLE tool_invocation (id INT PRIMARY KEY, run_id "
                            "VARCHAR(64), session_id VARCHAR(64), tool_name VARCHAR(40), "
                            "retrieval_layer VARCHAR(8), retrieval_details JSON, input_params "
                            "JSON, success INT, created_at VARCHAR(30))"),
             QStringLiteral("INSERT INTO diagnosis_run VALUES ('r1', 's1', 'COMPLETED', 'SUCCESS', "
                            "'2026-03-04T09:30:00.000Z'), ('r2', 's2', 'COMPLETED', 'SUCCESS', "
                            "'2026-03-04T09:31:00.000Z'), ('r3', 's3', 'COMPLETED', 'SUCCESS', "
                            "'2026-03-04T09:32:00.000Z')"),
             // The status with the escape in it is no word of the contract; the other cell
             // holds it beside a plain status.
             QStringLiteral(
                 "INSERT INTO tool_invocation VALUES (1, 'r1', 's1', 'lookup_knowledge', 'L1', "
                 "'{\"evidence_status\": \"NO_EVIDENCE\\u0000x\"}', '{\"query\": \"a\"}', 1, "
                 "'2026-03-04T09:30:01.000Z'), (2, 'r2', 's2', 'lookup_knowledge', 'L1', "
                 "'{\"evidence_status\": \"NO_EVIDENCE\", \"note\": \"a\\u0000b\"}', "
                 "'{\"query\": \"b\\u0000\"}', 1, '2026-03-04T09:31:01.000Z'), (3, 'r3', 's3', "
                 "'lookup_knowledge', 'L1', '{\"evidence_status\": \"EVIDENCE_FOUND\"}', "
                 "'{\"query\": \"c\"}', 1, '2026-03-04T09:32:01.000Z')")});
        auto db = AuditDatabase::open(url);
        QVERIFY(db.ok());
        const AuditBrowser browser(**db);
        auto all = browser.sessions({}, 0, 10);
        QVERIFY2(all.ok(), qPrintable(all.ok() ? QString() : all.error()));
        QCOMPARE(int(all->size()), 3);
        SessionFilter f;
        f.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        auto empty = browser.sessions(f, 0, 10);
        QVERIFY2(empty.ok(), qPrintable(empty.ok() ? QString() : empty.error()));
        QCOMPARE(ids(*empty), QStringList{QStringLiteral("s2")});
        QCOMPARE(*browser.countSessions(f), 1);
        f.text = QStringLiteral("b");
        QVERIFY(browser.sessions(f, 0, 10).ok());
        auto health = computeHealth(**db, {}, {});
        QVERIFY2(health.ok(), qPrintable(health.ok() ? QString() : health.error()));
        QCOMPARE(health->emptyRetrievals, 1);
        // As the trace reads them.
        for (const auto& [session, noEvidence] :
             {std::pair{QStringLiteral("s1"), false}, std::pair{QStringLiteral("s2"), true}}) {
            auto trace = TraceService(**db).getTrace(session);
            QVERIFY2(trace.ok(), qPrintable(trace.ok() ? QString() : trace.error()));
            QCOMPARE(interpret::interpretInvocation(trace->toolInvocations.at(0)).evidenceStatus ==
                         interpret::EvidenceStatus::NoEvidence,
                     noEvidence);
        }
        QVERIFY(dropAuditTables(**AuditDatabase::open(url, AccessMode::Write)).ok());
    }

    void keysOfDifferentTypesAcrossTables_data() { foreignTextColumns_data(); }
    void keysOfDifferentTypesAcrossTables()
    {
        // One writer's tables need not agree on a key's type: diagnosis_run keys its runs by
        // a UUID while tool_invocation and run_feedback keep the same ids as text, and the
        // session ids the other way round. PostgreSQL compares no uuid with a varchar
        // ("operator does not exist"): every view must still read the store as SQLite reads
        // the same rows.
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        const QString runA = QStringLiteral("11111111-1111-4111-8111-111111111111");
        const QString runB = QStringLiteral("55555555-5555-4555-8555-555555555555");
        const QString runC = QStringLiteral("66666666-6666-4666-8666-666666666666");
        const QString sessionA = QStringLiteral("22222222-2222-4222-8222-222222222222");
        const QString sessionB = QStringLiteral("33333333-3333-4333-8333-333333333333");
        const QString unrecorded = QStringLiteral("44444444-4444-4444-8444-444444444444");
        const QString noEvidence =
            QStringLiteral("{\"audit_schema\": \"rag_lookup_v1\", \"evidence_status\": "
                           "\"NO_EVIDENCE\", \"selected_attempt\": \"UNFILTERED_VECTOR_RETRY\", "
                           "\"fallback_reason\": \"filtered_vector_no_evidence\"}");
        const QString found = QStringLiteral("{\"audit_schema\": \"rag_lookup_v1\", "
                                             "\"evidence_status\": \"EVIDENCE_FOUND\", "
                                             "\"selected_attempt\": \"FILTERED_VECTOR\"}");
        const QStringList statements = {
            QStringLiteral("CREATE TABLE diagnosis_run (run_id UUID PRIMARY KEY, session_id "
                           "UUID NOT NULL, user_id VARCHAR(40), question TEXT, status "
                           "VARCHAR(20), release_outcome VARCHAR(20), content_type VARCHAR(30), "
                           "tool_call_count INT, total_token_count INT, started_at VARCHAR(30), "
                           "finished_at VARCHAR(30))"),
            QStringLiteral("CREATE TABLE tool_invocation (id INT PRIMARY KEY, run_id "
                           "VARCHAR(64), session_id VARCHAR(64), tool_name VARCHAR(40), "
                           "relevance_level VARCHAR(20), retrieval_details TEXT, input_params "
                           "TEXT, duration_ms INT, success INT, error_message TEXT, created_at "
                           "VARCHAR(30))"),
            QStringLiteral("CREATE TABLE run_feedback (run_id VARCHAR(64), satisfied INT, "
                           "comment TEXT, created_at VARCHAR(30))"),
            QStringLiteral("INSERT INTO diagnosis_run VALUES ('%1', '%4', 'u1', 'why is the "
                           "disk full', 'COMPLETED', 'FALLBACK', 'SAFE_FALLBACK', 2, 40, "
                           "'2026-03-04T09:30:00.000Z', '2026-03-04T09:31:00.000Z'), ('%2', "
                           "'%4', 'u1', 'and the inode table', 'COMPLETED', 'SUCCESS', "
                           "'DIAGNOSIS_REPORT', 1, 20, '2026-03-04T09:40:00.000Z', "
                           "'2026-03-04T09:41:00.000Z'), ('%3', '%5', 'u2', 'pool timeout', "
                           "'FAILED', 'ERROR', NULL, 1, 5, '2026-03-05T10:00:00.000Z', "
                           "'2026-03-05T10:01:00.000Z')")
                .arg(runA, runB, runC, sessionA, sessionB),
            QStringLiteral("INSERT INTO tool_invocation VALUES (1, '%1', '%4', "
                           "'lookup_knowledge', NULL, '%6', '{\"query\": \"disk full\"}', 120, "
                           "1, NULL, '2026-03-04T09:30:01.000Z'), (2, '%1', '%4', 'search_logs', "
                           "NULL, NULL, '{\"service\": \"api\"}', 30, 1, NULL, "
                           "'2026-03-04T09:30:02.000Z'), (3, '%2', '%4', 'lookup_knowledge', "
                           "'PRECISE', '%7', '{\"query\": \"inode table\"}', 80, 1, NULL, "
                           "'2026-03-04T09:40:01.000Z'), (4, '%3', '%5', 'search_logs', NULL, "
                           "NULL, '{\"service\": \"pool\"}', 15, 0, 'timeout', "
                           "'2026-03-05T10:00:01.000Z'), (5, '%8', '%4', 'lookup_knowledge', "
                           "NULL, '%6', '{\"query\": \"orphan\"}', 50, 1, NULL, "
                           "'2026-03-04T09:50:00.000Z'), (6, 'run-9', 'sess-9', "
                           "'lookup_knowledge', NULL, '%6', '{\"query\": \"no row\"}', 40, 1, "
                           "NULL, '2026-03-06T08:00:00.000Z')")
                .arg(runA, runB, runC, sessionA, sessionB, noEvidence, found, unrecorded),
            QStringLiteral("INSERT INTO run_feedback VALUES ('%1', 0, 'no answer', "
                           "'2026-03-04T09:35:00.000Z')")
                .arg(runA),
            // The sampled lookup's call id as text, beside the calls' INT ids.
            QStringLiteral("CREATE TABLE lookup_trace_sample (invocation_id VARCHAR(20), reason "
                           "VARCHAR(40), lookup_result TEXT)"),
            QStringLiteral("INSERT INTO lookup_trace_sample VALUES ('1', 'no_evidence', "
                           "'{\"hits\": []}')")};
        replaceTables(url, statements);
        if (QTest::currentTestFailed())
            return;
        const QString path = m_dir.filePath(QStringLiteral("mixed-keys-%1.db").arg(variable));
        QFile::remove(path);
        {
            QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), path);
            sql.setDatabaseName(path);
            QVERIFY(sql.open());
            QSqlQuery q(sql);
            for (const QString& statement : statements)
                QVERIFY2(q.exec(statement), qPrintable(q.lastError().text()));
            q = QSqlQuery();
            sql.close();
        }
        QSqlDatabase::removeDatabase(path);
        auto server = AuditDatabase::open(url);
        QVERIFY(server.ok());
        auto file = AuditDatabase::open(path);
        QVERIFY(file.ok());
        const AuditBrowser serverBrowser(**server);
        const AuditBrowser fileBrowser(**file);
        auto summary = serverBrowser.summary();
        VERIFY_READ(summary);
        QCOMPARE(summary->runs, 3);
        QCOMPARE(summary->invocations, 6);
        QList<SessionFilter> filters;
        SessionFilter f;
        filters << f;
        f.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        filters << f;
        f = {};
        f.failureKind = QStringLiteral("tool_error");
        filters << f;
        f = {};
        f.selectedAttempt = QStringLiteral("UNFILTERED_VECTOR_RETRY");
        filters << f;
        f = {};
        f.sessionOutcome = QStringLiteral("FALLBACK");
        filters << f;
        f = {};
        f.text = QStringLiteral("inode");
        filters << f;
        f = {};
        f.text = QStringLiteral("disk full");
        filters << f;
        for (const SessionFilter& filter : filters) {
            auto a = serverBrowser.sessions(filter, 0, 50);
            auto b = fileBrowser.sessions(filter, 0, 50);
            VERIFY_READ(a);
            VERIFY_READ(b);
            QVERIFY(!a->empty());
            JCOMPARE(rowsJson(*a), rowsJson(*b));
            auto n = serverBrowser.countSessions(filter);
            VERIFY_READ(n);
            QCOMPARE(*n, *fileBrowser.countSessions(filter));
        }
        // 'sess-9' is known only from a call: a session id no uuid column can hold, listed
        // beside the recorded ones and opened like them.
        for (const QString& session : {sessionA, sessionB, QStringLiteral("sess-9")}) {
            auto a = TraceService(**server).getTrace(session);
            auto b = TraceService(**file).getTrace(session);
            VERIFY_READ(a);
            VERIFY_READ(b);
            JCOMPARE(comparable(json(*a)), comparable(json(*b)));
        }
        // The call of the run never recorded is its session's orphan, in either store; the
        // sampled lookup keeps its sample.
        auto traced = TraceService(**server).getTrace(sessionA);
        QCOMPARE(traced->toolInvocations.size(), size_t(4));
        const auto first =
            std::find_if(traced->toolInvocations.begin(), traced->toolInvocations.end(),
                         [](const TraceInvocation& inv) { return inv.id == 1; });
        QVERIFY(first != traced->toolInvocations.end());
        QCOMPARE(first->fullTraceReason, QStringLiteral("no_evidence"));
        auto serverHealth = computeHealth(**server, {}, {});
        auto fileHealth = computeHealth(**file, {}, {});
        VERIFY_READ(serverHealth);
        VERIFY_READ(fileHealth);
        JCOMPARE(json(*serverHealth), json(*fileHealth));
        QCOMPARE(serverHealth->emptyRetrievals, 3);
        check::CheckScope scope;
        scope.sessionId = QStringLiteral("sess-9");
        auto scoped = check::runAuditCheck(**server, scope, {});
        VERIFY_READ(scoped);
        QCOMPARE(scoped->invocations, qint64(1));
        auto serverCheck = check::runAuditCheck(**server, {}, {});
        auto fileCheck = check::runAuditCheck(**file, {}, {});
        VERIFY_READ(serverCheck);
        VERIFY_READ(fileCheck);
        QCOMPARE(serverCheck->notes, fileCheck->notes);
        QCOMPARE(serverCheck->rules.size(), fileCheck->rules.size());
        for (size_t k = 0; k < serverCheck->rules.size(); ++k) {
            QCOMPARE(serverCheck->rules[k].checked, fileCheck->rules[k].checked);
            QCOMPARE(serverCheck->rules[k].failed, fileCheck->rules[k].failed);
        }
        // The facts index copies the ids as text: it answers as the server does.
        const QString index = facts_index::pathFor((*server)->location(),
                                                   m_dir.filePath(QStringLiteral("mixed-facts")));
        auto built = facts_index::update(**server, index);
        VERIFY_READ(built);
        auto facts = facts_index::openForReading(index);
        VERIFY_READ(facts);
        const AuditBrowser factsBrowser(**facts);
        for (const SessionFilter& filter : filters) {
            auto a = serverBrowser.sessions(filter, 0, 50);
            auto b = factsBrowser.sessions(filter, 0, 50);
            VERIFY_READ(b);
            JCOMPARE(rowsJson(*a), rowsJson(*b));
        }
        auto factsHealth = computeHealth(**facts, {}, {});
        VERIFY_READ(factsHealth);
        QCOMPARE(factsHealth->emptyRetrievals, serverHealth->emptyRetrievals);
        QCOMPARE(factsHealth->invocations, serverHealth->invocations);
        // A writer that spells the same uuid in capitals in its text column: as in a SQLite
        // file, the call is then of a run without a row (its session's orphan), never lost
        // between the query that finds a run's calls and the one that finds the orphans.
        {
            auto db = AuditDatabase::open(url, AccessMode::Write);
            QVERIFY(db.ok());
            QSqlQuery q((*db)->sql());
            const QString lettered = QStringLiteral("abcdefab-cdef-4abc-8def-abcdefabcdef");
            QVERIFY2(q.exec(QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, "
                                           "started_at) VALUES ('%1', '%2', "
                                           "'2026-03-04T09:45:00.000Z')")
                                .arg(lettered, sessionA)),
                     qPrintable(q.lastError().text()));
            QVERIFY2(q.exec(QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                           "tool_name, success, created_at) VALUES (7, '%1', "
                                           "'%2', 'search_logs', 1, '2026-03-04T09:45:01.000Z')")
                                .arg(lettered.toUpper(), sessionA)),
                     qPrintable(q.lastError().text()));
        }
        auto again = AuditDatabase::open(url);
        VERIFY_READ(again);
        auto capitals = TraceService(**again).getTrace(sessionA);
        VERIFY_READ(capitals);
        // MariaDB's default collation holds both spellings as one id (the call is its run's);
        // PostgreSQL compares them as SQLite does (an orphan beside the new run).
        const bool oneSpelling = variable == QLatin1String("RAGLENS_TEST_MYSQL_URL");
        QCOMPARE(capitals->runs.size(), size_t(oneSpelling ? 4 : 5));
        QCOMPARE(capitals->toolInvocations.size(), size_t(5));
        QVERIFY(dropAuditTables(**AuditDatabase::open(url, AccessMode::Write)).ok());
    }

    void numberKeysBesideTextKeys_data() { foreignTextColumns_data(); }
    void numberKeysBesideTextKeys()
    {
        // diagnosis_run keys its runs by a BIGINT, tool_invocation keeps the same ids as text.
        // PostgreSQL refuses "bigint = character varying"; MariaDB compares the two as doubles,
        // so run ids past 2^53 (1800000000000000001 and …002) are one number there and each
        // run took the other's calls. Read as SQLite reads the same rows.
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        const QString details = QStringLiteral("{\"audit_schema\": \"rag_lookup_v1\", "
                                               "\"evidence_status\": \"NO_EVIDENCE\"}");
        const QStringList statements = {
            QStringLiteral("CREATE TABLE diagnosis_run (run_id BIGINT PRIMARY KEY, session_id "
                           "VARCHAR(40) NOT NULL, release_outcome VARCHAR(20), started_at "
                           "VARCHAR(30))"),
            QStringLiteral("CREATE TABLE tool_invocation (id BIGINT PRIMARY KEY, run_id "
                           "VARCHAR(40), session_id VARCHAR(40), tool_name VARCHAR(40), "
                           "retrieval_details TEXT, success INT, created_at VARCHAR(30))"),
            QStringLiteral("INSERT INTO diagnosis_run VALUES (1800000000000000001, 's1', "
                           "'FALLBACK', '2026-03-04T09:30:00.000Z'), (1800000000000000002, 's2', "
                           "'SUCCESS', '2026-03-04T09:40:00.000Z'), (860, 's3', 'SUCCESS', "
                           "'2026-03-04T09:50:00.000Z')"),
            QStringLiteral("INSERT INTO tool_invocation VALUES (1, '1800000000000000001', 's1', "
                           "'lookup_knowledge', '%1', 1, '2026-03-04T09:30:01.000Z'), (2, "
                           "'1800000000000000002', 's2', 'search_logs', NULL, 1, "
                           "'2026-03-04T09:40:01.000Z'), (3, '860', 's3', 'search_logs', NULL, "
                           "0, '2026-03-04T09:50:01.000Z'), (4, 'run-x', 's3', 'search_logs', "
                           "NULL, 1, '2026-03-04T09:50:02.000Z')")
                .arg(details)};
        replaceTables(url, statements);
        if (QTest::currentTestFailed())
            return;
        const QString path = m_dir.filePath(QStringLiteral("number-keys-%1.db").arg(variable));
        QFile::remove(path);
        QCOMPARE(test::execOnSqliteFile(path, statements), QString());
        auto server = AuditDatabase::open(url);
        VERIFY_READ(server);
        auto file = AuditDatabase::open(path);
        VERIFY_READ(file);
        SessionFilter noEvidence;
        noEvidence.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        for (const SessionFilter& filter : {SessionFilter{}, noEvidence}) {
            auto a = AuditBrowser(**server).sessions(filter, 0, 50);
            auto b = AuditBrowser(**file).sessions(filter, 0, 50);
            VERIFY_READ(a);
            VERIFY_READ(b);
            JCOMPARE(rowsJson(*a), rowsJson(*b));
        }
        for (const char* session : {"s1", "s2", "s3"}) {
            auto a = TraceService(**server).getTrace(QLatin1String(session));
            auto b = TraceService(**file).getTrace(QLatin1String(session));
            VERIFY_READ(a);
            VERIFY_READ(b);
            JCOMPARE(comparable(json(*a)), comparable(json(*b)));
            QCOMPARE(a->toolInvocations.size(), size_t(session == QLatin1String("s3") ? 2 : 1));
        }
        auto serverHealth = computeHealth(**server, {}, {});
        auto fileHealth = computeHealth(**file, {}, {});
        VERIFY_READ(serverHealth);
        VERIFY_READ(fileHealth);
        JCOMPARE(json(*serverHealth), json(*fileHealth));
        QVERIFY(dropAuditTables(**AuditDatabase::open(url, AccessMode::Write)).ok());
    }

    void typedIdsOfADecimalIdColumn_data() { foreignTextColumns_data(); }
    void typedIdsOfADecimalIdColumn()
    {
        // Call ids in a NUMERIC/DECIMAL column. An id typed into the drill-down that is no
        // integer is "no such call": PostgreSQL failed the query ("invalid input syntax for
        // type numeric") and MariaDB read '12abc' as 12 and showed call 12.
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        const QStringList statements = {
            QStringLiteral("CREATE TABLE diagnosis_run (run_id VARCHAR(40) PRIMARY KEY, "
                           "session_id VARCHAR(40) NOT NULL)"),
            QStringLiteral("CREATE TABLE tool_invocation (id NUMERIC(20, 0) PRIMARY KEY, run_id "
                           "VARCHAR(40), session_id VARCHAR(40), tool_name VARCHAR(40))"),
            QStringLiteral("INSERT INTO diagnosis_run VALUES ('r1', 's1')"),
            QStringLiteral("INSERT INTO tool_invocation VALUES (12, 'r1', 's1', "
                           "'search_logs'), (12345678901234567890, 'r1', 's1', 'search_logs')")};
        replaceTables(url, statements);
        if (QTest::currentTestFailed())
            return;
        auto server = AuditDatabase::open(url);
        VERIFY_READ(server);
        const AuditBrowser browser(**server);
        auto found = browser.invocation(QStringLiteral("12"));
        VERIFY_READ(found);
        QCOMPARE(found->id, 12);
        // An id past 64 bits, which the column holds: asked for, not refused unasked.
        VERIFY_READ(browser.invocation(QStringLiteral("12345678901234567890")));
        for (const char* typed : {"12abc", "abc"}) {
            auto missing = browser.invocation(QLatin1String(typed));
            QVERIFY(!missing.ok());
            QVERIFY2(missing.error().startsWith(QStringLiteral("No tool invocation with id")),
                     qPrintable(missing.error()));
        }
        QVERIFY(dropAuditTables(**AuditDatabase::open(url, AccessMode::Write)).ok());
    }

    void dateStartsInTimeWindows_data() { foreignTextColumns_data(); }
    void dateStartsInTimeWindows()
    {
        // A writer that keeps only the day of a run's start (DATE). A window's bound keeps its
        // time of day: the day's start is its midnight, UTC, as every view reads it.
        // PostgreSQL read the bound as a DATE, and "since 10:00 on the 4th" kept the 4th.
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        replaceTables(
            url, {QStringLiteral("CREATE TABLE diagnosis_run (run_id VARCHAR(40) PRIMARY KEY, "
                                 "session_id VARCHAR(40) NOT NULL, release_outcome VARCHAR(20), "
                                 "started_at DATE)"),
                  QStringLiteral("CREATE TABLE tool_invocation (id BIGINT PRIMARY KEY, run_id "
                                 "VARCHAR(40), session_id VARCHAR(40), tool_name VARCHAR(40))"),
                  QStringLiteral("INSERT INTO diagnosis_run VALUES ('r4', 's4', 'SUCCESS', "
                                 "'2026-03-04'), ('r5', 's5', 'FALLBACK', '2026-03-05')")});
        if (QTest::currentTestFailed())
            return;
        auto server = AuditDatabase::open(url);
        VERIFY_READ(server);
        const AuditBrowser browser(**server);
        const auto at = [](int day, int hour) {
            return QDateTime(QDate(2026, 3, day), QTime(hour, 0), Qt::UTC);
        };
        const auto sessionsOf = [&browser](const SessionFilter& filter) {
            QStringList out;
            auto page = browser.sessions(filter, 0, 10);
            if (page)
                for (const SessionRow& row : *page)
                    out << row.sessionId;
            else
                out << page.error();
            out.sort();
            return out;
        };
        SessionFilter f;
        f.since = at(4, 10);
        QCOMPARE(sessionsOf(f), QStringList{QStringLiteral("s5")});
        f.since = at(4, 0);
        QCOMPARE(sessionsOf(f), (QStringList{QStringLiteral("s4"), QStringLiteral("s5")}));
        f = {};
        f.until = at(4, 10); // until is exclusive: midnight of the 4th is before 10:00
        QCOMPARE(sessionsOf(f), QStringList{QStringLiteral("s4")});
        f.until = at(4, 0);
        QCOMPARE(sessionsOf(f), QStringList{});
        QVERIFY(dropAuditTables(**AuditDatabase::open(url, AccessMode::Write)).ok());
    }

    void readOnlyWhenForeign()
    {
        // A server schema RagLens did not create is inspected read-only, like an SQLite file.
        RAGLENS_NEEDS_SERVER("RAGLENS_TEST_PG_URL");
        const QString url = qEnvironmentVariable("RAGLENS_TEST_PG_URL");
        {
            auto server = freshServer(url);
            QVERIFY(server);
            QVERIFY(TraceImporter(*server).import(m_traces.front()).ok());
            QSqlQuery q(server->sql());
            QVERIFY(q.exec(QStringLiteral("DROP TABLE IF EXISTS raglens_schema_version")));
        }
        auto db = AuditDatabase::open(url);
        QVERIFY(db.ok());
        QVERIFY((*db)->isReadOnly());
        auto refused = TraceImporter(**db).import(m_traces.front());
        QVERIFY(!refused);
        QVERIFY(refused.error().contains(QLatin1String("--write")));
        QSqlQuery q((*db)->sql());
        QVERIFY(!q.exec(QStringLiteral("DELETE FROM diagnosis_run"))); // a read-only session
        QVERIFY(TraceService(**db).getTrace(fixture::kFallbackSession).ok());
    }

    void reconnectsAfterConnectionLoss_data()
    {
        QTest::addColumn<QString>("variable");
        QTest::newRow("postgresql") << "RAGLENS_TEST_PG_URL";
        QTest::newRow("mysql") << "RAGLENS_TEST_MYSQL_URL";
    }
    void reconnectsAfterConnectionLoss()
    {
        // The server drops RagLens's connection mid-session (a restart, an idle timeout, an
        // administrator): the next read reconnects and succeeds, instead of failing forever.
        QFETCH(QString, variable);
        RAGLENS_NEEDS_SERVER(variable);
        const QString url = qEnvironmentVariable(qPrintable(variable));
        auto server = freshServer(url);
        QVERIFY(server);
        QVERIFY(TraceImporter(*server).import(m_traces.front()).ok());
        const AuditBrowser browser(*server);
        QCOMPARE(browser.countSessions({}).value(), 1);

        const bool pg = variable.contains(QLatin1String("PG"));
        const auto dropConnection = [&] {
            QSqlQuery own(server->sql());
            if (!own.exec(pg ? QStringLiteral("SELECT pg_backend_pid()")
                             : QStringLiteral("SELECT CONNECTION_ID()")) ||
                !own.next())
                return false;
            const qint64 id = own.value(0).toLongLong();
            own = QSqlQuery();
            auto admin = AuditDatabase::open(url, AccessMode::Write);
            QSqlQuery kill((*admin)->sql());
            return admin.ok() &&
                   kill.exec(pg ? QStringLiteral("SELECT pg_terminate_backend(%1)").arg(id)
                                : QStringLiteral("KILL %1").arg(id));
        };
        // Lost before anything about the tables was asked on this connection ...
        QVERIFY(dropConnection());
        auto sessions = browser.sessions({}, 0, 10);
        QVERIFY2(sessions.ok(), sessions.ok() ? "" : qPrintable(sessions.error()));
        QCOMPARE(int(sessions->size()), 1);
        QCOMPARE(server->reconnects(), 1);
        // ... and lost once the columns are known: the read itself notices and retries.
        QVERIFY(dropConnection());
        auto trace = TraceService(*server).getTrace(fixture::kFallbackSession);
        QVERIFY2(trace.ok(), trace.ok() ? "" : qPrintable(trace.error()));
        QVERIFY(!trace->toolInvocations.empty());
        QCOMPARE(server->reconnects(), 2);
        QCOMPARE(browser.sessions({}, 0, 10).value().front().runCount, sessions->front().runCount);
    }
};

QTEST_GUILESS_MAIN(TestAuditDbServers)
#include "tst_audit_db_servers.moc"
