// The Trace API without a socket: the HTTP request parser's limits, the target decoding,
// the token check, and every route against a database whose health is known by
// construction (TraceApi with a pinned clock).

#include "db/audit_database.h"
#include "diagnostics/health_report.h"
#include "interpret/trace_interpretation.h"
#include "serve/http_message.h"
#include "serve/trace_api.h"
#include "trace/otlp_exporter.h"
#include "trace/trace_service.h"

#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/fixture_db_rows.h"
#include "support/random_audit_db.h"
#include "support/sqlite_statements.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace raglens;
using namespace raglens::serve;
using nlohmann::json;

namespace {

const QDateTime kNow = QDateTime(QDate(2026, 6, 1), QTime(12, 0), Qt::UTC);

QString iso(const QDateTime& t)
{
    return t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ"));
}

/// 10 lookups in the last hour (3 found nothing; 5 PRECISE, 2 REFERENCE), 10 more earlier
/// in the day (all PRECISE; one run with negative feedback), and 10 two days ago (all
/// empty). Empty-retrieval rate: 0.3 over the hour, 3/20 = 0.15 over the day.
QString writeHealthFixture(const QString& path)
{
    return test::writeSqliteFile(path, [](test::FixtureWriter& w) {
        for (const QString& ddl : test::productionSchemaDdl())
            w.exec(ddl);
        const auto addRun = [&w](const QString& runId, const QDateTime& started, bool empty,
                                 const QString& level) {
            w.insert(QStringLiteral("diagnosis_run"),
                     {runId, QStringLiteral("s-") + runId, QStringLiteral("u"),
                      QStringLiteral("question of ") + runId, QStringLiteral("COMPLETED"),
                      empty ? QStringLiteral("FALLBACK") : QStringLiteral("SUCCESS"),
                      QStringLiteral("DIAGNOSIS_REPORT"), QVariant(), 1, 100, iso(started),
                      iso(started.addSecs(5))});
            const json details = {{"audit_schema", "rag_lookup_v1"},
                                  {"search_mode", "hybrid"},
                                  {"evidence_status", empty ? "NO_EVIDENCE" : "EVIDENCE_FOUND"},
                                  {"invocation_status", "READY"},
                                  {"evidence_block_count", empty ? 0 : 2},
                                  {"returned_count", empty ? 0 : 2},
                                  {"tool_call_id", ("call-" + runId).toStdString()}};
            const json params = {{"query", ("query of " + runId).toStdString()},
                                 {"tool_call_id", ("call-" + runId).toStdString()},
                                 {"request_bytes", 40}};
            w.insert(QStringLiteral("tool_invocation"),
                     {QVariant(), runId, QStringLiteral("s-") + runId, QVariant(),
                      QStringLiteral("call-") + runId, QStringLiteral("lookup_knowledge"),
                      QStringLiteral("L1"), level.isEmpty() ? QVariant() : QVariant(level), 0,
                      empty ? 0 : 2, 0, QString::fromStdString(details.dump()),
                      QStringLiteral("preview"), QString::fromStdString(params.dump()), 12, 1,
                      QVariant(), QVariant(), iso(started.addSecs(1))});
        };
        for (int i = 0; i < 10; ++i) {
            const QString level = i < 3   ? QString()
                                  : i < 8 ? QStringLiteral("PRECISE")
                                          : QStringLiteral("REFERENCE");
            addRun(QStringLiteral("h-%1").arg(i), kNow.addSecs(-1800 + i), i < 3, level);
            addRun(QStringLiteral("d-%1").arg(i), kNow.addSecs(-5 * 3600 + i), false,
                   QStringLiteral("PRECISE"));
            addRun(QStringLiteral("old-%1").arg(i), kNow.addSecs(-48 * 3600 + i), true, {});
        }
        w.insert(QStringLiteral("run_feedback"),
                 {QStringLiteral("d-4"), 0, QStringLiteral("not helpful"),
                  iso(kNow.addSecs(-4 * 3600))});
    });
}

HttpRequest get(const QByteArray& target, const QByteArray& authorization = {})
{
    HttpRequest r;
    r.method = "GET";
    r.target = target;
    r.version = "HTTP/1.1";
    if (!authorization.isEmpty())
        r.headers.insert("authorization", authorization);
    return r;
}

json body(const HttpResponse& r)
{
    return json::parse(r.body.toStdString());
}

} // namespace

class TestTraceApi : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<AuditDatabase> m_db;
    std::unique_ptr<TraceApi> m_api;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("health.db"));
        const QString error = writeHealthFixture(path);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY2(db, db ? "" : qPrintable(db.error()));
        m_db = std::move(*db);
        TraceApiOptions options;
        options.now = [] { return kNow; };
        m_api = std::make_unique<TraceApi>(*m_db, options);
    }

    void parserReadsRequestsInAnyPieces()
    {
        const QByteArray wire = "GET /api/sessions?limit=2 HTTP/1.1\r\nHost: x\r\n"
                                "Content-Length: 3\r\n\r\nabc"
                                "HEAD /api HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";
        HttpRequestParser parser;
        QList<HttpRequest> requests;
        for (char c : wire) { // one byte at a time, as a slow client sends them
            HttpRequestParser::State s = parser.feed(QByteArray(1, c));
            while (s == HttpRequestParser::State::Complete) {
                requests << parser.take();
                s = parser.resume();
            }
            QVERIFY(s != HttpRequestParser::State::Failed);
        }
        QCOMPARE(requests.size(), 2);
        QCOMPARE(requests[0].method, QByteArray("GET"));
        QCOMPARE(requests[0].target, QByteArray("/api/sessions?limit=2"));
        QCOMPARE(requests[0].header("host"), QByteArray("x"));
        QVERIFY(requests[0].keepAlive);
        QCOMPARE(requests[1].method, QByteArray("HEAD"));
        QVERIFY(requests[1].keepAlive); // HTTP/1.0 that asked for it
        QVERIFY(!parser.inRequest());

        // Pipelined in one piece.
        HttpRequestParser whole;
        QCOMPARE(whole.feed("GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\nConnection: close\r\n\r\n"),
                 HttpRequestParser::State::Complete);
        QCOMPARE(whole.take().target, QByteArray("/a"));
        QCOMPARE(whole.resume(), HttpRequestParser::State::Complete);
        const HttpRequest second = whole.take();
        QCOMPARE(second.target, QByteArray("/b"));
        QVERIFY(!second.keepAlive);

        // Bytes that come while a request waits to be taken (the server pauses reading
        // while a large answer is unsent, then reads everything that came meanwhile) belong
        // to the next requests: they were dropped, and the client waited forever.
        HttpRequestParser paused;
        QCOMPARE(paused.feed("GET /a HTTP/1.1\r\n\r\n"), HttpRequestParser::State::Complete);
        QCOMPARE(paused.feed("GET /b HTTP/1.1\r\n\r\nGET /c HTTP/1.1\r\n"),
                 HttpRequestParser::State::Complete);
        QCOMPARE(paused.take().target, QByteArray("/a"));
        QCOMPARE(paused.resume(), HttpRequestParser::State::Complete);
        QCOMPARE(paused.take().target, QByteArray("/b"));
        QCOMPARE(paused.resume(), HttpRequestParser::State::NeedMore);
        QCOMPARE(paused.feed("\r\n"), HttpRequestParser::State::Complete);
        QCOMPARE(paused.take().target, QByteArray("/c"));
    }

    void parserRefusesWhatItCannotServe_data()
    {
        QTest::addColumn<QByteArray>("wire");
        QTest::addColumn<int>("status");
        QTest::newRow("long request line")
            << QByteArray("GET /" + QByteArray(9000, 'a') + " HTTP/1.1\r\n\r\n") << 414;
        QTest::newRow("long line without end")
            << QByteArray("GET /" + QByteArray(9000, 'a')) << 414;
        QTest::newRow("10 MB header")
            << QByteArray("GET / HTTP/1.1\r\nX: " + QByteArray(10 * 1024 * 1024, 'a')) << 431;
        QTest::newRow("many headers")
            << QByteArray("GET / HTTP/1.1\r\n" + QByteArray("X-A: b\r\n").repeated(6000) + "\r\n")
            << 431;
        QTest::newRow("large body")
            << QByteArray("GET / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n") << 413;
        QTest::newRow("chunked body")
            << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") << 501;
        QTest::newRow("signed length")
            << QByteArray("GET / HTTP/1.1\r\nContent-Length: +5\r\n\r\n") << 400;
        QTest::newRow("bad length")
            << QByteArray("GET / HTTP/1.1\r\nContent-Length: 1, 2\r\n\r\n") << 400;
        QTest::newRow("not http") << QByteArray("\x16\x03\x01\x02\x00\x01", 6) << 400;
        QTest::newRow("two words") << QByteArray("GET /\r\n\r\n") << 400;
        QTest::newRow("http 2") << QByteArray("GET / HTTP/2.0\r\n\r\n") << 505;
        QTest::newRow("folded header") << QByteArray("GET / HTTP/1.1\r\nA: b\r\n c\r\n\r\n") << 400;
        QTest::newRow("header without name") << QByteArray("GET / HTTP/1.1\r\n: b\r\n\r\n") << 400;
        QTest::newRow("bare LF") << QByteArray("GET / HTTP/1.1\r\nA: b\n\r\n\r\n") << 400;
        QTest::newRow("space in target") << QByteArray("GET /a b HTTP/1.1\r\n\r\n") << 400;
        QTest::newRow("raw UTF-8 in target") << QByteArray("GET /\xc3\xa9 HTTP/1.1\r\n\r\n") << 400;
    }

    void parserRefusesWhatItCannotServe()
    {
        QFETCH(QByteArray, wire);
        QFETCH(int, status);
        HttpRequestParser parser;
        QCOMPARE(parser.feed(wire), HttpRequestParser::State::Failed);
        QCOMPARE(parser.errorStatus(), status);
        QVERIFY(!parser.errorMessage().isEmpty());
        // A failed parser stays failed, whatever follows.
        QCOMPARE(parser.feed("GET / HTTP/1.1\r\n\r\n"), HttpRequestParser::State::Failed);
    }

    void targetsAreDecodedStrictly()
    {
        ParsedTarget t;
        QString why;
        QVERIFY(parseTarget("/api/diagnosis/a%2Fb%20%E4%BC%9A/trace?runId=r+1&x=%26", t, why));
        QCOMPARE(t.segments, (QStringList{"api", "diagnosis", QStringLiteral("a/b 会"), "trace"}));
        QCOMPARE(t.query.value("runId"), QStringLiteral("r 1"));
        QCOMPARE(t.query.value("x"), QStringLiteral("&"));
        QVERIFY(parseTarget("/a?k=1&k=2", t, why));
        QCOMPARE(t.repeatedKeys, QStringList{"k"});
        QVERIFY(!parseTarget("/api/diagnosis/%FF%FE/trace", t, why));
        QVERIFY(why.contains("UTF-8"));
        QVERIFY(!parseTarget("/a?k=%C3", t, why));
        QVERIFY(!parseTarget("/a%00b", t, why));
        QVERIFY(!parseTarget("http://host/api", t, why));
        QVERIFY(!parseTarget("*", t, why));
    }

    void tokenIsComparedWhole()
    {
        const QByteArray token = "0123456789abcdef-token";
        QVERIFY(TraceApi::authorized("Bearer 0123456789abcdef-token", token));
        QVERIFY(TraceApi::authorized("bearer 0123456789abcdef-token", token));
        QVERIFY(!TraceApi::authorized("Bearer 0123456789abcdef-toke", token));
        QVERIFY(!TraceApi::authorized("Bearer 0123456789abcdef-tokenX", token));
        QVERIFY(!TraceApi::authorized("Basic 0123456789abcdef-token", token));
        QVERIFY(!TraceApi::authorized("0123456789abcdef-token", token));
        QVERIFY(!TraceApi::authorized("Bearer ", token));
        QVERIFY(!TraceApi::authorized({}, token));
        QVERIFY(TraceApi::authorized({}, {})); // no token configured: open (loopback only)

        TraceApiOptions options;
        options.token = token;
        const TraceApi api(*m_db, options);
        const HttpResponse refused = api.handle(get("/api"));
        QCOMPARE(refused.status, 401);
        bool challenged = false;
        for (const auto& [name, value] : refused.extraHeaders)
            challenged |= name == "WWW-Authenticate" && value.startsWith("Bearer");
        QVERIFY(challenged);
        QCOMPARE(api.handle(get("/api", "Bearer wrong")).status, 401);
        QCOMPARE(api.handle(get("/api", "Bearer " + token)).status, 200);
        QCOMPARE(body(api.handle(get("/api", "Bearer " + token)))["authRequired"], true);
    }

    void onlyLocalHostsWithoutAToken()
    {
        // DNS rebinding: a page on evil.example resolved to 127.0.0.1 sends its own Host.
        // Names that begin like a loopback address are names, which an attacker can point
        // here too; two Host headers arrive joined by a comma.
        for (const QByteArray& host :
             {QByteArray("evil.example"), QByteArray("evil.example:8765"),
              QByteArray("10.0.0.5:8765"), QByteArray("127.0.0.1.nip.io:8765"),
              QByteArray("127.evil.example"), QByteArray("127.0.0.1@evil.com"),
              QByteArray("127.0.0.1, evil.com"), QByteArray("127.0.0.256"), QByteArray("127.1")}) {
            HttpRequest r = get("/api");
            r.headers.insert("host", host);
            QCOMPARE(m_api->handle(r).status, 421);
        }
        for (const QByteArray& host :
             {QByteArray("127.0.0.1:8765"), QByteArray("localhost"), QByteArray("[::1]:8765"),
              QByteArray("LOCALHOST:1"), QByteArray("127.1.2.3")}) {
            HttpRequest r = get("/api");
            r.headers.insert("host", host);
            QCOMPARE(m_api->handle(r).status, 200);
        }
        // With a token the token decides, whatever the Host.
        TraceApiOptions options;
        options.token = "0123456789abcdef-token";
        const TraceApi api(*m_db, options);
        HttpRequest r = get("/api", "Bearer 0123456789abcdef-token");
        r.headers.insert("host", "traces.example.com");
        QCOMPARE(api.handle(r).status, 200);
    }

    void healthHasTheSeedsKeysAndValues()
    {
        const HttpResponse r = m_api->handle(get("/api/rag/debug/health"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.contentType, QByteArray("application/json; charset=utf-8"));
        const json h = body(r);
        QCOMPARE(h["emptyRetrievalRate_1h"].get<double>(), 0.3);
        QCOMPARE(h["emptyRetrievalRate_24h"].get<double>(), 0.15);
        QCOMPARE(h["relevanceDistribution_24h"],
                 json({{"PRECISE", 15}, {"REFERENCE", 2}, {"NONE", 3}}));
        QCOMPARE(h["status"], "CRITICAL"); // 0.3 > 0.2 in the last hour
        QCOMPARE(h["windowHours"], 24);
        QCOMPARE(h["raglens"]["lookups"], 20);

        const json week = body(m_api->handle(get("/api/rag/debug/health?hours=72")));
        QCOMPARE(week["raglens"]["lookups"], 30);
        QCOMPARE(week["emptyRetrievalRate_24h"].get<double>(), 0.15); // the seed's keys stay fixed
        QCOMPARE(body(m_api->handle(get("/api/rag/debug/health?hours=1")))["raglens"]["lookups"],
                 10);

        QCOMPARE(seedHealthStatus(0.1), QStringLiteral("HEALTHY"));
        QCOMPARE(seedHealthStatus(0.15), QStringLiteral("WARNING"));
        QCOMPARE(seedHealthStatus(0.2), QStringLiteral("WARNING"));
        QCOMPARE(seedHealthStatus(0.21), QStringLiteral("CRITICAL"));
    }

    void problematicListsEmptyAndUnsatisfiedQueries()
    {
        const json p = body(m_api->handle(get("/api/rag/debug/problematic")));
        QSet<QString> traces;
        for (const json& item : p["problematic"]) {
            traces << QString::fromStdString(item["traceId"].get<std::string>());
            const std::string run = item["runId"];
            QCOMPARE(item["query"], "query of " + run);
            QCOMPARE(item["sessionId"], "s-" + run);
            if (run == "d-4") {
                QCOMPARE(item["emptyRetrieval"], false);
                QCOMPARE(item["userSatisfied"], false);
            } else {
                QCOMPARE(item["emptyRetrieval"], true);
                QVERIFY(item["userSatisfied"].is_null());
            }
        }
        QCOMPARE(traces, (QSet<QString>{"call-h-0", "call-h-1", "call-h-2", "call-d-4"}));
        QCOMPARE(p["truncated"], false);

        const json two = body(m_api->handle(get("/api/rag/debug/problematic?limit=2")));
        QCOMPARE(two["problematic"].size(), 2u);
        QCOMPARE(two["truncated"], true);
        QCOMPARE(
            body(m_api->handle(get("/api/rag/debug/problematic?hours=72")))["problematic"].size(),
            14u);
    }

    // A run its user disliked and later rated helpful is a problem run to health (and to
    // `problems`), so this list holds its queries too, with the newest rating beside them;
    // the newest is the latest instant, whatever the form of its time. Before, the run was
    // left out here, and a rating written "2026-… 09:05:00" counted as older than a
    // "2026-…T09:01:00Z" one.
    void problematicFollowsHealthOnRatedRuns()
    {
        const QString path = m_dir.filePath(QStringLiteral("rated.db"));
        QCOMPARE(writeHealthFixture(path), QString());
        const QDateTime at = kNow.addSecs(-3 * 3600);
        QCOMPARE(test::execOnSqliteFile(
                     path,
                     {QStringLiteral("INSERT INTO run_feedback VALUES ('d-4', 1, 'fine after all', "
                                     "'%1')")
                          .arg(iso(at)),
                      QStringLiteral("INSERT INTO run_feedback VALUES ('d-5', 1, 'ok', '%1'), "
                                     "('d-5', 0, 'no', '%2')")
                          .arg(iso(at),
                               at.addSecs(60).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))}),
                 QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db.ok());
        TraceApiOptions options;
        options.now = [] { return kNow; };
        const TraceApi api(**db, options);
        auto health = computeHealth(**db, kNow.addSecs(-24 * 3600), kNow);
        QVERIFY(health.ok());
        QSet<QString> disliked;
        for (const ProblemRun& r : health->problemRuns)
            if (r.reasons.contains(QStringLiteral("negative_feedback")))
                disliked << r.runId;
        QCOMPARE(disliked, (QSet<QString>{"d-4", "d-5"}));
        const json p = body(api.handle(get("/api/rag/debug/problematic")));
        QMap<std::string, json> satisfied;
        for (const json& item : p["problematic"])
            satisfied[item["runId"].get<std::string>()] = item["userSatisfied"];
        QVERIFY2(satisfied.contains("d-4") && satisfied.contains("d-5"), p.dump().c_str());
        QCOMPARE(satisfied["d-4"], json(true));
        QCOMPARE(satisfied["d-5"], json(false));
    }

    void problemRunsAreListedAsFarAsAsked()
    {
        // The problematic endpoint asks health for as many problem runs as its limit needs:
        // a report lists the newest 200 by default, and counts all of them.
        const QString path = m_dir.filePath(QStringLiteral("many-problems.db"));
        QCOMPARE(test::writeRandomAuditDb(path, {4000, 7}), QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db.ok());
        auto standard = computeHealth(**db, {}, {});
        QVERIFY(standard.ok());
        QVERIFY2(standard->problemRunCount > kListedProblemRuns + 50,
                 qPrintable(QString::number(standard->problemRunCount)));
        QCOMPARE(int(standard->problemRuns.size()), kListedProblemRuns);
        auto more = computeHealth(**db, {}, {}, {}, 5000);
        QVERIFY(more.ok());
        QCOMPARE(int(more->problemRuns.size()), more->problemRunCount);
        QCOMPARE(more->problemRunCount, standard->problemRunCount);
    }

    void traceIsTheSameDocumentAsTheCli()
    {
        const HttpResponse r = m_api->handle(get("/api/diagnosis/s-h-0/trace"));
        QCOMPARE(r.status, 200);
        auto trace = TraceService(*m_db).getTrace(QStringLiteral("s-h-0"));
        QVERIFY(trace);
        QCOMPARE(body(r), interpret::interpretedTraceJson(*trace));
        QCOMPARE(body(m_api->handle(get("/api/diagnosis/s-h-0/trace?runId=h-0"))),
                 interpret::interpretedTraceJson(*trace));
        QCOMPARE(body(m_api->handle(get("/api/diagnosis/s-h-0/otlp"))), toOtlpJson(*trace));

        // HEAD: the same headers, no body (the writer drops it).
        HttpRequest head = get("/api/diagnosis/s-h-0/trace");
        head.method = "HEAD";
        const QByteArray wire = m_api->handle(head).serialize(true, true);
        QVERIFY(wire.endsWith("\r\n\r\n"));
        QVERIFY(wire.contains("Content-Length: " + QByteArray::number(r.body.size())));
    }

    void cachedTracesFollowTheDatabase()
    {
        // Asked twice, read once; changed by another connection, read again.
        const json before = body(m_api->handle(get("/api/diagnosis/s-d-1/trace")));
        QCOMPARE(body(m_api->handle(get("/api/diagnosis/s-d-1/trace"))), before);
        QCOMPARE(before["runs"].size(), 1u);
        {
            QSqlDatabase writer =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("writer"));
            writer.setDatabaseName(m_db->location().path);
            QVERIFY(writer.open());
            QSqlQuery q(writer);
            QVERIFY(q.exec(QStringLiteral(
                "INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
                "started_at) "
                "VALUES ('d-1-b', 's-d-1', 'COMPLETED', 'SUCCESS', '2026-06-01T11:00:00.000Z')")));
            writer.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("writer"));
        const json after = body(m_api->handle(get("/api/diagnosis/s-d-1/trace")));
        QCOMPARE(after["runs"].size(), 2u);
        auto fresh = TraceService(*m_db).getTrace(QStringLiteral("s-d-1"));
        QVERIFY(fresh);
        QCOMPARE(after, interpret::interpretedTraceJson(*fresh));
        QCOMPARE(body(m_api->handle(get("/api/diagnosis/s-d-1/otlp"))), toOtlpJson(*fresh));
    }

    // A writer holding the file: one wait of the busy timeout, then 503 with Retry-After.
    // Before, each query of the request waited its own timeout (a trace: 65 s) and the answer
    // was a 500 "could not be read".
    void aLockedDatabaseAnswers503()
    {
        const QString path = m_dir.filePath(QStringLiteral("locked.db"));
        QCOMPARE(writeHealthFixture(path), QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        const TraceApi api(**db, {});
        {
            QSqlDatabase writer =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("locker"));
            writer.setDatabaseName(path);
            QVERIFY(writer.open());
            QSqlQuery q(writer);
            QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode=DELETE")));
            QVERIFY(q.exec(QStringLiteral("BEGIN EXCLUSIVE")));
            QVERIFY(q.exec(QStringLiteral("DELETE FROM diagnosis_run")));
            const HttpResponse locked = api.handle(get("/api/diagnosis/s-d-1/trace"));
            QCOMPARE(locked.status, 503);
            QVERIFY(locked.body.contains("locked"));
            QCOMPARE(locked.extraHeaders.value(0).first, QByteArray("Retry-After"));
            QCOMPARE(api.handle(get("/api")).status, 200); // needs no database
            QVERIFY(q.exec(QStringLiteral("ROLLBACK")));
            writer.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("locker"));
        QCOMPARE(api.handle(get("/api/diagnosis/s-d-1/trace")).status, 200);
    }

    // A restore moves another file to the database's path: the connection still read the old
    // file, and the server answered from it (a deleted session too) for as long as it ran.
    void aReplacedOrRemovedFileIsNotServed()
    {
        const QString path = m_dir.filePath(QStringLiteral("replaced.db"));
        const QString other = m_dir.filePath(QStringLiteral("restored.db"));
        QCOMPARE(writeHealthFixture(path), QString());
        QCOMPARE(writeHealthFixture(other), QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        const TraceApi api(**db, {});
        QCOMPARE(api.handle(get("/api/sessions")).status, 200);
        QVERIFY(QFile::remove(path));
        const HttpResponse removed = api.handle(get("/api/sessions"));
        QCOMPARE(removed.status, 503);
        QVERIFY(removed.body.contains("removed"));
        QVERIFY(QFile::rename(other, path));
        const HttpResponse replaced = api.handle(get("/api/diagnosis/s-d-1/trace"));
        QCOMPARE(replaced.status, 503);
        QVERIFY(replaced.body.contains("replaced"));
        QVERIFY(!replaced.body.contains(path.toUtf8())); // the path is for the server's log
        QCOMPARE(api.handle(get("/api")).status, 200);
    }

    void badRequestsGetTheirStatus_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QByteArray>("target");
        QTest::addColumn<int>("status");
        QTest::newRow("unknown session")
            << QByteArray("GET") << QByteArray("/api/diagnosis/nope/trace") << 404;
        QTest::newRow("unknown run")
            << QByteArray("GET") << QByteArray("/api/diagnosis/s-h-0/trace?runId=x") << 404;
        QTest::newRow("empty run")
            << QByteArray("GET") << QByteArray("/api/diagnosis/s-h-0/trace?runId=") << 400;
        QTest::newRow("misspelt parameter")
            << QByteArray("GET") << QByteArray("/api/diagnosis/s-h-0/trace?runid=h-0") << 400;
        QTest::newRow("repeated parameter")
            << QByteArray("GET") << QByteArray("/api/rag/debug/health?hours=1&hours=2") << 400;
        QTest::newRow("hours not a number")
            << QByteArray("GET") << QByteArray("/api/rag/debug/health?hours=abc") << 400;
        QTest::newRow("hours zero")
            << QByteArray("GET") << QByteArray("/api/rag/debug/health?hours=0") << 400;
        QTest::newRow("hours huge")
            << QByteArray("GET") << QByteArray("/api/rag/debug/health?hours=99999999999999999999")
            << 400;
        QTest::newRow("limit too big")
            << QByteArray("GET") << QByteArray("/api/rag/debug/problematic?limit=5000") << 400;
        QTest::newRow("bad filter value")
            << QByteArray("GET") << QByteArray("/api/sessions?outcome=MAYBE") << 400;
        QTest::newRow("bad time") << QByteArray("GET")
                                  << QByteArray("/api/sessions?since=yesterday") << 400;
        QTest::newRow("until before since")
            << QByteArray("GET") << QByteArray("/api/sessions?since=2026-11-25&until=2026-11-20")
            << 400;
        QTest::newRow("until equal to since")
            << QByteArray("GET")
            << QByteArray("/api/sessions?since=2026-11-20T10:00:00Z&until=2026-11-20T10:00:00Z")
            << 400;
        QTest::newRow("invalid UTF-8 id")
            << QByteArray("GET") << QByteArray("/api/diagnosis/%C3%28/trace") << 400;
        QTest::newRow("unknown endpoint") << QByteArray("GET") << QByteArray("/api/nothing") << 404;
        QTest::newRow("root") << QByteArray("GET") << QByteArray("/") << 404;
        QTest::newRow("too deep") << QByteArray("GET") << QByteArray("/api/diagnosis/a/b/trace")
                                  << 404;
        QTest::newRow("post") << QByteArray("POST") << QByteArray("/api/sessions") << 405;
        QTest::newRow("delete") << QByteArray("DELETE") << QByteArray("/api/diagnosis/s-h-0/trace")
                                << 405;
    }

    void badRequestsGetTheirStatus()
    {
        QFETCH(QByteArray, method);
        QFETCH(QByteArray, target);
        QFETCH(int, status);
        HttpRequest request = get(target);
        request.method = method;
        const HttpResponse r = m_api->handle(request);
        QCOMPARE(r.status, status);
        const json b = body(r);
        QCOMPARE(b["error"]["status"], status);
        QVERIFY(!b["error"]["message"].get<std::string>().empty());
    }

    void sessionsTakeTheCliFilters()
    {
        const json all = body(m_api->handle(get("/api/sessions?limit=1000")));
        QCOMPARE(all["total"], 30);
        QCOMPARE(all["sessions"].size(), 30u);
        const json fallback =
            body(m_api->handle(get("/api/sessions?outcome=FALLBACK&limit=5&offset=1")));
        QCOMPARE(fallback["total"], 13);
        QCOMPARE(fallback["sessions"].size(), 5u);
        QCOMPARE(fallback["offset"], 1);
        const json text = body(m_api->handle(get("/api/sessions?text=question%20of%20d-4")));
        QCOMPARE(text["total"], 1);
        QCOMPARE(text["sessions"][0]["sessionId"], "s-d-4");

        // The same filter through raglens-cli sessions gives the same sessions.
        const auto cli = test::runCli(
            {QStringLiteral("sessions"), QStringLiteral("--db"), m_db->location().path,
             QStringLiteral("--outcome"), QStringLiteral("FALLBACK"), QStringLiteral("--limit"),
             QStringLiteral("5"), QStringLiteral("--offset"), QStringLiteral("1"),
             QStringLiteral("--facts"), QStringLiteral("off")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.json["sessions"], fallback["sessions"]);
        QCOMPARE(cli.json["total"], fallback["total"]);
    }
};

QTEST_GUILESS_MAIN(TestTraceApi)
#include "tst_trace_api.moc"
