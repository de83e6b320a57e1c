// The Trace API over real HTTP on loopback: `raglens-cli serve` in one process, the CLI
// client (`trace --url`), curl and raw sockets in others. The trace from --url equals the
// trace from --db for every demo session; bad clients (10 MB headers, one byte a second,
// invalid UTF-8, many at once) get their status and the server keeps serving the rest; and
// the client fails clearly on servers that are not the Trace API.

#include "support/canned_http_server.h"
#include "support/cli_runner.h"
#include "support/sqlite_statements.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

using namespace raglens;
using nlohmann::json;

namespace {

/// A `raglens-cli serve` process; its address is read from the JSON line it prints.
class ServeProcess
{
public:
    bool start(const QStringList& extraArgs)
    {
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start(
            QStringLiteral(RAGLENS_CLI_PATH),
            QStringList{QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0")} +
                extraArgs);
        if (!m_process.waitForStarted(10000))
            return false;
        QByteArray line;
        QElapsedTimer t;
        t.start();
        while (!line.contains('\n') && t.elapsed() < 30000) {
            m_process.waitForReadyRead(1000);
            line += m_process.readAllStandardOutput();
            if (m_process.state() != QProcess::Running)
                break;
        }
        if (!line.contains('\n'))
            return false;
        const json j = json::parse(line.left(line.indexOf('\n')).toStdString());
        m_url = QString::fromStdString(j["url"].get<std::string>());
        m_port = quint16(j["port"].get<int>());
        return true;
    }
    ~ServeProcess()
    {
        m_process.terminate(); // SIGTERM: the server stops cleanly
        if (!m_process.waitForFinished(10000))
            m_process.kill();
    }
    QString url() const { return m_url; }
    quint16 port() const { return m_port; }
    QProcess& process() { return m_process; }

private:
    QProcess m_process;
    QString m_url;
    quint16 m_port = 0;
};

/// Sends raw bytes and reads until the server closes or `timeoutMs` passes.
QByteArray exchange(quint16 port, const QByteArray& request, int timeoutMs = 10000)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(5000))
        return {};
    socket.write(request);
    QByteArray answer;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs && socket.state() == QAbstractSocket::ConnectedState) {
        socket.waitForReadyRead(100);
        answer += socket.readAll();
        if (answer.contains("\r\n\r\n") && answer.contains("Connection: close") &&
            socket.state() != QAbstractSocket::ConnectedState)
            break;
    }
    answer += socket.readAll();
    return answer;
}

int statusOf(const QByteArray& answer)
{
    if (!answer.startsWith("HTTP/1.1 "))
        return 0;
    return answer.mid(9, 3).toInt();
}

/// One keep-alive GET on an open socket; the answer's status and body.
bool getOn(QTcpSocket& socket, const QByteArray& target, int& status, QByteArray& body)
{
    socket.write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    QByteArray buffer;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 10000) {
        if (!socket.waitForReadyRead(1000) && socket.state() != QAbstractSocket::ConnectedState)
            return false;
        buffer += socket.readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            continue;
        const qsizetype lengthAt = buffer.indexOf("Content-Length: ");
        const qsizetype lineEnd = buffer.indexOf("\r\n", lengthAt);
        const int length = buffer.mid(lengthAt + 16, lineEnd - lengthAt - 16).toInt();
        if (buffer.size() < end + 4 + length)
            continue;
        status = statusOf(buffer);
        body = buffer.mid(end + 4, length);
        return true;
    }
    return false;
}

} // namespace

class TestTraceApiHttp : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    ServeProcess m_server;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        m_db = test::makeDemoWorkspace(m_dir.filePath(QStringLiteral("ws")), &error);
        QVERIFY2(!m_db.isEmpty(), qPrintable(error));
        QVERIFY(m_server.start({QStringLiteral("--db"), m_db}));
        QVERIFY(m_server.url().startsWith(QStringLiteral("http://127.0.0.1:")));
    }

    void traceFromUrlEqualsTraceFromDatabase()
    {
        const auto sessions =
            test::runCli({QStringLiteral("sessions"), QStringLiteral("--db"), m_db,
                          QStringLiteral("--limit"), QStringLiteral("1000")});
        QCOMPARE(sessions.exitCode, 0);
        QVERIFY(sessions.json["sessions"].size() >= 10);
        for (const json& s : sessions.json["sessions"]) {
            const QString id = QString::fromStdString(s["sessionId"].get<std::string>());
            const auto fromDb =
                test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_db, id});
            const auto fromUrl = test::runCli(
                {QStringLiteral("trace"), QStringLiteral("--url"), m_server.url(), id});
            QVERIFY2(fromUrl.exitCode == 0, fromUrl.err.constData());
            QVERIFY(!fromDb.json.is_null());
            QCOMPARE(fromUrl.json, fromDb.json);
        }
        // One run of a session, and a base address given with a trailing slash.
        const auto oneRun =
            test::runCli({QStringLiteral("trace"), QStringLiteral("--url"),
                          m_server.url() + QStringLiteral("/"), QStringLiteral("sess-demo-006"),
                          QStringLiteral("--run"), QStringLiteral("run-demo-006-b")});
        QCOMPARE(oneRun.exitCode, 0);
        QCOMPARE(oneRun.json["runs"].size(), 1u);
        QCOMPARE(oneRun.json["runs"][0]["runId"], "run-demo-006-b");
    }

    // A cell no reading of its column accepts is printed as none with what it holds beside
    // it, so the document the server sends is one the client reads back: before, a duration of
    // 2^63-1 ms was printed as it was and `trace --url` refused it ("not a duration").
    void cellsOutOfRangeTravelThroughTheApi()
    {
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("odd.db"));
        QVERIFY(QFile::copy(m_db, copy));
        const QString session = QStringLiteral("sess-demo-001");
        QCOMPARE(
            test::execOnSqliteFile(
                copy, {QStringLiteral("UPDATE tool_invocation SET duration_ms = "
                                      "9223372036854775807, l0_match_count = -5, "
                                      "l1_match_count = 1.5 WHERE session_id = '%1'")
                           .arg(session),
                       // A byte-order mark before the JSON (a malformed cell, kept raw):
                       // the client's reading once dropped it.
                       QStringLiteral("UPDATE tool_invocation SET retrieval_details = "
                                      "char(65279) || '{\"evidence_status\": "
                                      "\"NO_EVIDENCE\"}' WHERE id = (SELECT MIN(id) FROM "
                                      "tool_invocation WHERE session_id = '%1')")
                           .arg(session),
                       // As deep as the row reader takes a cell (2000): the document is read
                       // back although it nests a few levels more.
                       QStringLiteral("UPDATE tool_invocation SET retrieval_details = '%1' "
                                      "WHERE id = (SELECT MAX(id) FROM tool_invocation WHERE "
                                      "session_id = '%2')")
                           .arg(QString(1999, QLatin1Char('[')) + QString(1999, QLatin1Char(']')),
                                session),
                       QStringLiteral("UPDATE agent_step SET step_index = 1e20, token_count = "
                                      "'many' WHERE run_id IN (SELECT run_id FROM "
                                      "diagnosis_run WHERE session_id = '%1')")
                           .arg(session)}),
            QString());
        ServeProcess server;
        QVERIFY(server.start({QStringLiteral("--db"), copy}));
        const auto fromDb =
            test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), copy, session});
        QCOMPARE(fromDb.exitCode, 0);
        const auto fromUrl =
            test::runCli({QStringLiteral("trace"), QStringLiteral("--url"), server.url(), session});
        QVERIFY2(fromUrl.exitCode == 0, fromUrl.err.constData());
        QCOMPARE(fromUrl.json, fromDb.json);
        const json& call = fromDb.json["toolInvocations"][0];
        QVERIFY2(call["durationMs"].is_null() && call["l0MatchCount"].is_null() &&
                     call["l1MatchCount"].is_null(),
                 call.dump().c_str());
        QCOMPARE(call["unreadNumbers"], (json{{"duration_ms", "9223372036854775807"},
                                              {"l0_match_count", "-5"},
                                              {"l1_match_count", "1.5"}}));
        QVERIFY(call["retrievalDetailsRaw"].get<std::string>().rfind("\xEF\xBB\xBF{", 0) == 0);
        const json& step = fromDb.json["steps"][0];
        QCOMPARE(step["stepIndex"], 0);
        QCOMPARE(step["unreadNumbers"], (json{{"step_index", "1e+20"}, {"token_count", "many"}}));
        // Health leaves the unread durations out of its latencies, directly and from the index.
        for (const char* facts : {"off", "build"}) {
            const auto health =
                test::runCli({QStringLiteral("health"), QStringLiteral("--db"), copy,
                              QStringLiteral("--since"), QStringLiteral("2000-01-01"),
                              QStringLiteral("--facts"), QString::fromLatin1(facts),
                              QStringLiteral("--cache"), dir.filePath(QStringLiteral("cache"))});
            QVERIFY2(health.exitCode == 0, health.err.constData());
            const std::string dump = health.json.dump();
            QVERIFY2(dump.find("9223372036854775807") == std::string::npos, dump.c_str());
        }
    }

    void clientSaysWhatTheServerSaid()
    {
        const auto missing = test::runCli({QStringLiteral("trace"), QStringLiteral("--url"),
                                           m_server.url(), QStringLiteral("no-such-session")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("404"));
        QVERIFY(missing.err.contains("no-such-session"));
        const auto both =
            test::runCli({QStringLiteral("trace"), QStringLiteral("--url"), m_server.url(),
                          QStringLiteral("--db"), m_db, QStringLiteral("x")});
        QCOMPARE(both.exitCode, 2);
        for (const QString& bad :
             {QStringLiteral("ftp://host/x"), QStringLiteral("not a url"),
              QStringLiteral("http://user:pw@127.0.0.1:1"),
              QStringLiteral("http://127.0.0.1:1/?q=1"),
              // Strict reading: these became a host named "https" or
              // "http" on port 80 (and an https address plain http).
              QStringLiteral("https://127.0.0.1:99999/prefix"),
              QStringLiteral("http://127.0.0.1:abc"), QStringLiteral("http://exa mple.com")}) {
            const auto r = test::runCli(
                {QStringLiteral("trace"), QStringLiteral("--url"), bad, QStringLiteral("x")});
            QVERIFY2(r.exitCode == 2, qPrintable(bad));
        }
        const auto refused =
            test::runCli({QStringLiteral("trace"), QStringLiteral("--url"),
                          QStringLiteral("http://127.0.0.1:1"), QStringLiteral("x")});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY(refused.err.contains("Could not reach"));
        // "." and ".." are steps in a URL's path however they are encoded: said, not a 404.
        for (const QString& dots : {QStringLiteral("."), QStringLiteral("..")}) {
            const auto r = test::runCli(
                {QStringLiteral("trace"), QStringLiteral("--url"), m_server.url(), dots});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("cannot be asked for through a URL"), r.err.constData());
        }
    }

    void curlGetsJsonWithTheRightStatus()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("curl")).isEmpty())
            QSKIP("curl is not installed (scripts/install-deps.sh installs it)");
        QProcess curl;
        curl.start(QStringLiteral("curl"),
                   {QStringLiteral("-s"), QStringLiteral("-i"),
                    m_server.url() + QStringLiteral("/api/diagnosis/sess-demo-002/trace")});
        QVERIFY(curl.waitForFinished(20000));
        const QByteArray out = curl.readAllStandardOutput();
        QCOMPARE(statusOf(out), 200);
        QVERIFY(out.contains("Content-Type: application/json; charset=utf-8"));
        const json served = json::parse(out.mid(out.indexOf("\r\n\r\n") + 4).toStdString());
        const auto cli = test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_db,
                                       QStringLiteral("sess-demo-002")});
        QCOMPARE(served, cli.json);

        const auto status = [](const QStringList& args) {
            QProcess p;
            p.start(QStringLiteral("curl"),
                    QStringList{QStringLiteral("-s"), QStringLiteral("-o"),
                                QStringLiteral("/dev/null"), QStringLiteral("-w"),
                                QStringLiteral("%{http_code}")} +
                        args);
            p.waitForFinished(20000);
            return p.readAllStandardOutput().toInt();
        };
        QCOMPARE(status({m_server.url() + QStringLiteral("/api/diagnosis/nope/trace")}), 404);
        QCOMPARE(status({m_server.url() + QStringLiteral("/api/rag/debug/health?hours=x")}), 400);
        QCOMPARE(status({QStringLiteral("-X"), QStringLiteral("PUT"),
                         m_server.url() + QStringLiteral("/api/sessions")}),
                 405);
        QCOMPARE(status({QStringLiteral("-I"), m_server.url() + QStringLiteral("/api/sessions")}),
                 200);
        QCOMPARE(status({m_server.url() + QStringLiteral("/api/diagnosis/sess-demo-002/otlp")}),
                 200);
        QCOMPARE(status({m_server.url() +
                         QStringLiteral("/api/rag/debug/problematic?hours=8000&limit=5")}),
                 200);
    }

    void hostileClientsGetAStatusAndOthersAreStillServed()
    {
        const quint16 port = m_server.port();
        // 10 MB of header: refused after 32 KiB, not buffered.
        const QByteArray big = exchange(
            port, "GET /api HTTP/1.1\r\nX-Big: " + QByteArray(10 * 1024 * 1024, 'a') + "\r\n\r\n");
        QCOMPARE(statusOf(big), 431);
        QCOMPARE(statusOf(exchange(port, "GET /" + QByteArray(20000, 'a') + " HTTP/1.1\r\n\r\n")),
                 414);
        QCOMPARE(
            statusOf(exchange(
                port, "GET /api/diagnosis/%FF%FE/trace HTTP/1.1\r\nConnection: close\r\n\r\n")),
            400);
        QCOMPARE(statusOf(exchange(port, "GET /api/diagnosis/\xff\xfe/trace HTTP/1.1\r\n\r\n")),
                 400);
        QCOMPARE(
            statusOf(exchange(port, "GET /../../etc/passwd HTTP/1.1\r\nConnection: close\r\n\r\n")),
            404);
        QCOMPARE(statusOf(exchange(
                     port, QByteArray("\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\r\n\r\n", 15))),
                 400);
        QCOMPARE(statusOf(exchange(
                     port, "POST /api/sessions HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n")),
                 413);
        // A browser page on another domain resolved to 127.0.0.1 is refused (DNS rebinding).
        QCOMPARE(
            statusOf(exchange(
                port,
                "GET /api/sessions HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")),
            421);
        // The server is still there for an ordinary client.
        QCOMPARE(statusOf(exchange(port, "GET /api HTTP/1.1\r\nConnection: close\r\n\r\n")), 200);
    }

    void slowClientsTimeOutWithoutHoldingOthers()
    {
        ServeProcess quick;
        QVERIFY(
            quick.start({QStringLiteral("--db"), m_db, QStringLiteral("--request-timeout"),
                         QStringLiteral("1"), QStringLiteral("--workers"), QStringLiteral("1")}));
        QTcpSocket slow;
        slow.connectToHost(QHostAddress::LocalHost, quick.port());
        QVERIFY(slow.waitForConnected(5000));
        const QByteArray request = "GET /api HTTP/1.1\r\n\r\n";
        QElapsedTimer t;
        t.start();
        QByteArray answer;
        int sent = 0;
        bool othersServed = false;
        while (t.elapsed() < 8000 && answer.isEmpty()) {
            if (sent < request.size()) // one byte every 200 ms: never whole within 1 s
                slow.write(request.mid(sent++, 1));
            slow.waitForReadyRead(200);
            answer += slow.readAll();
            // Meanwhile, on the same single worker, another client is served at once.
            if (!othersServed)
                othersServed = statusOf(exchange(quick.port(),
                                                 "GET /api HTTP/1.1\r\nConnection: close\r\n\r\n",
                                                 3000)) == 200;
        }
        QCOMPARE(statusOf(answer), 408);
        QVERIFY(t.elapsed() < 5000);
        QVERIFY(othersServed);
    }

    void manyKeepAliveClientsAtOnce()
    {
        std::vector<std::unique_ptr<QTcpSocket>> clients;
        for (int i = 0; i < 16; ++i) {
            clients.push_back(std::make_unique<QTcpSocket>());
            clients.back()->connectToHost(QHostAddress::LocalHost, m_server.port());
            QVERIFY(clients.back()->waitForConnected(5000));
        }
        const auto cli = test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_db,
                                       QStringLiteral("sess-demo-003")});
        for (int round = 0; round < 5; ++round) {
            for (auto& c : clients) {
                int status = 0;
                QByteArray body;
                QVERIFY(getOn(*c, "/api/diagnosis/sess-demo-003/trace", status, body));
                QCOMPARE(status, 200);
                QCOMPARE(json::parse(body.toStdString()), cli.json);
            }
        }
    }

    // An empty file opens as an empty database: it was served, and every request got a 500.
    void aFileWithoutTheAuditTablesIsNotServed()
    {
        QTemporaryDir dir;
        const QString empty = dir.filePath(QStringLiteral("empty.db"));
        QFile f(empty);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const auto r = test::runCli({QStringLiteral("serve"), QStringLiteral("--db"), empty,
                                     QStringLiteral("--port"), QStringLiteral("0")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("has no diagnosis_run table"), r.err.constData());
        QCOMPARE(QFileInfo(empty).size(), 0); // read-only: nothing was written to it
    }

    void tokensGuardTheServer()
    {
        const QString tokenFile = m_dir.filePath(QStringLiteral("token"));
        QFile f(tokenFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("s3cret-0123456789-abcdef\n");
        f.close();
        QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        ServeProcess guarded;
        QVERIFY(guarded.start(
            {QStringLiteral("--db"), m_db, QStringLiteral("--token-file"), tokenFile}));
        QCOMPARE(
            statusOf(exchange(guarded.port(), "GET /api HTTP/1.1\r\nConnection: close\r\n\r\n")),
            401);
        QCOMPARE(statusOf(exchange(guarded.port(),
                                   "GET /api HTTP/1.1\r\nAuthorization: Bearer "
                                   "s3cret-0123456789-abcdef\r\nConnection: close\r\n\r\n")),
                 200);

        const auto withoutToken = test::runCli({QStringLiteral("trace"), QStringLiteral("--url"),
                                                guarded.url(), QStringLiteral("sess-demo-002")});
        QCOMPARE(withoutToken.exitCode, 1);
        QVERIFY(withoutToken.err.contains("token"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("RAGLENS_TRACE_API_TOKEN"),
                   QStringLiteral("s3cret-0123456789-abcdef"));
        const auto withToken = test::runCli({QStringLiteral("trace"), QStringLiteral("--url"),
                                             guarded.url(), QStringLiteral("sess-demo-002")},
                                            {}, env);
        QVERIFY2(withToken.exitCode == 0, withToken.err.constData());
        QVERIFY(!withToken.err.contains("s3cret"));

        // Any address beyond loopback needs a token; a token file others can read is refused.
        const auto open = test::runCli({QStringLiteral("serve"), QStringLiteral("--db"), m_db,
                                        QStringLiteral("--bind"), QStringLiteral("0.0.0.0"),
                                        QStringLiteral("--port"), QStringLiteral("0")});
        QCOMPARE(open.exitCode, 2);
        QVERIFY(open.err.contains("token"));
        QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                 QFileDevice::ReadOther));
        const auto shared = test::runCli({QStringLiteral("serve"), QStringLiteral("--db"), m_db,
                                          QStringLiteral("--token-file"), tokenFile,
                                          QStringLiteral("--port"), QStringLiteral("0")});
        QCOMPARE(shared.exitCode, 2);
        QVERIFY(shared.err.contains("chmod 600"));
    }

    void clientFailsClearlyOnServersThatAreNotTheTraceApi_data()
    {
        using test::CannedHttpServer;
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<QString>("expected");
        QTest::newRow("html page")
            << CannedHttpServer::response(200, "text/html", "<html><body>Login</body></html>")
            << QStringLiteral("web page");
        QTest::newRow("html error")
            << CannedHttpServer::response(502, "text/html", "<html>Bad gateway</html>")
            << QStringLiteral("502");
        QTest::newRow("garbage") << QByteArray("hello, this is not HTTP at all\r\n\r\n")
                                 << QStringLiteral("Could not reach");
        QTest::newRow("json, not a trace")
            << CannedHttpServer::response(200, "application/json", "{\"ok\":true}")
            << QStringLiteral("not a trace");
        QTest::newRow("broken json")
            << CannedHttpServer::response(200, "application/json", "{\"sessionId\": ")
            << QStringLiteral("not JSON");
        QTest::newRow("deep json")
            << CannedHttpServer::response(200, "application/json", QByteArray(100000, '['))
            << QStringLiteral("not JSON");
        // A server's message reaches a terminal: its escape sequences must not.
        QTest::newRow("escape sequences in the message")
            << CannedHttpServer::response(
                   404, "application/json",
                   "{\"error\":{\"message\":\"gone \\u001b]0;pwned\\u0007\\u001b[2J\"}}")
            << QStringLiteral("gone \uFFFD]0;pwned\uFFFD\uFFFD[2J");
        // A bidi override reorders what follows; a joiner belongs to an emoji or a word.
        QTest::newRow("bidi override and joiner")
            << CannedHttpServer::response(404, "application/json",
                                          "{\"error\":{\"message\":\"a\\u202eb c\\u200dd\"}}")
            << QStringLiteral("a\uFFFDb c\u200Dd");
        QTest::newRow("redirect loop")
            << CannedHttpServer::response(302, "text/plain", "",
                                          "Location: /api/diagnosis/sess-1/trace\r\n")
            << QStringLiteral("keeps redirecting");
        QTest::newRow("redirect elsewhere")
            << CannedHttpServer::response(302, "text/plain", "",
                                          "Location: http://127.0.0.2:9/api\r\n")
            << QStringLiteral("redirect");
    }

    void clientFailsClearlyOnServersThatAreNotTheTraceApi()
    {
        QFETCH(QByteArray, answer);
        QFETCH(QString, expected);
        test::CannedHttpServer server(answer);
        QVERIFY(server.start());
        const auto r = test::runCli({QStringLiteral("trace"), QStringLiteral("--url"),
                                     server.baseUrl(), QStringLiteral("sess-1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.crashed);
        QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
        QVERIFY2(!r.err.contains('\x1b') && !r.err.contains('\x07'), r.err.constData());
    }

    void aServedTraceWithOddCellsIsShownWithThemMarked()
    {
        // Another Trace API's document: a call's time in epoch milliseconds (read as a
        // database cell holding it is), another's time no reading accepts, a step's token
        // count of -5, a run's call count as text, retrieval details sent as the cell's
        // text. Before, the whole trace was refused ("not a time") for one cell, and the
        // details sent as text read as UNKNOWN without a word.
        const json trace = {{"sessionId", "sess-1"},
                            {"runs",
                             {{{"runId", "r1"},
                               {"sessionId", "sess-1"},
                               {"releaseOutcome", "FALLBACK"},
                               {"toolCallCount", "two"},
                               {"startedAt", "2026-03-04T09:30:00.000Z"}}}},
                            {"steps",
                             {{{"id", 7},
                               {"runId", "r1"},
                               {"stepIndex", 0},
                               {"agentName", "planner"},
                               {"tokenCount", -5},
                               {"startedAt", "2026-03-04T09:30:00.100Z"}}}},
                            {"toolInvocations",
                             {{{"id", 1},
                               {"runId", "r1"},
                               {"sessionId", "sess-1"},
                               {"stepId", 7},
                               {"toolName", "lookup_knowledge"},
                               {"createdAt", 1772616601000},
                               {"durationMs", 12},
                               {"retrievalDetails", "{\"audit_schema\": \"rag_lookup_v1\", "
                                                    "\"evidence_status\": \"NO_EVIDENCE\"}"}},
                              {{"id", 2},
                               {"runId", "r1"},
                               {"sessionId", "sess-1"},
                               {"stepId", 7},
                               {"toolName", "lookup_knowledge"},
                               {"durationMs", -3},
                               {"createdAt", "at tea time"},
                               {"retrievalDetails", "{not json"}}}},
                            {"timeline",
                             {{{"id", 1},
                               {"runId", "r1"},
                               {"eventType", "RUN_STARTED"},
                               {"createdAt", "yesterday"}}}},
                            {"feedback", json::array()}};
        const QByteArray body = QByteArray::fromStdString(trace.dump());
        test::CannedHttpServer server(
            test::CannedHttpServer::response(200, "application/json", body));
        QVERIFY(server.start());
        const auto r = test::runCli({QStringLiteral("trace"), QStringLiteral("--url"),
                                     server.baseUrl(), QStringLiteral("sess-1")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const json& run = r.json["runs"][0];
        QCOMPARE(run["unreadNumbers"]["tool_call_count"].get<std::string>(), "two");
        const json& step = r.json["steps"][0];
        QCOMPARE(step["unreadNumbers"]["token_count"].get<std::string>(), "-5");
        QCOMPARE(step["tokenCount"].get<qint64>(), qint64(0));
        const json& first = r.json["toolInvocations"][0];
        QCOMPARE(first["createdAt"].get<std::string>(), "2026-03-04T09:30:01.000Z");
        QVERIFY(!first.contains("unreadTimes"));
        QCOMPARE(first["retrievalDetails"]["evidence_status"].get<std::string>(), "NO_EVIDENCE");
        QCOMPARE(first["durationMs"].get<qint64>(), qint64(12));
        const json& second = r.json["toolInvocations"][1];
        QCOMPARE(second["unreadNumbers"]["duration_ms"].get<std::string>(), "-3");
        QCOMPARE(second["unreadTimes"]["created_at"].get<std::string>(), "at tea time");
        QVERIFY(second["createdAt"].is_null());
        QVERIFY(second["retrievalDetails"].is_null());
        QCOMPARE(second["retrievalDetailsRaw"].get<std::string>(), "{not json");
        QVERIFY(!second["retrievalDetailsError"].is_null());
        QVERIFY(r.json["timeline"][0]["createdAt"].is_null());
        // Imported, the same document is still refused with every cell named: a store keeps
        // what the file says or nothing.
        const QString file = m_dir.filePath(QStringLiteral("odd-cells.json"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(body);
        out.close();
        const auto imported = test::runCli({QStringLiteral("import"), QStringLiteral("--db"),
                                            m_dir.filePath(QStringLiteral("odd-cells.db")), file});
        QCOMPARE(imported.exitCode, 1);
        QVERIFY2(imported.err.contains("toolInvocations[0].createdAt"), imported.err.constData());
    }

    void clientGivesUpOnASilentServer()
    {
        test::CannedHttpServer silent({}, /*silent=*/true);
        QVERIFY(silent.start());
        QElapsedTimer t;
        t.start();
        const auto r = test::runCli({QStringLiteral("trace"), QStringLiteral("--url"),
                                     silent.baseUrl(), QStringLiteral("sess-1"),
                                     QStringLiteral("--timeout"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("did not answer"), r.err.constData());
        QVERIFY(t.elapsed() < 10000);
    }
};

QTEST_GUILESS_MAIN(TestTraceApiHttp)
#include "tst_trace_api_http.moc"
