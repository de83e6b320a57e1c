// raglens-bench --serve [--serve-seconds S]
//
// Starts `raglens-cli serve` (its default 4 workers) on a fresh demo workspace, then for
// 1, 8 and 32 concurrent keep-alive clients asks GET /api/diagnosis/{id}/trace, cycling
// through the demo's sessions, for S seconds each (default 10); then the same with the
// server's answer cache off (serve.uncached.*). The clients run on one
// event loop in this process; each sends its next request when the previous answer is
// whole. Prints requests/s per level and p50/p99 latencies as JSON (serve.*).

#include "serve_bench.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

namespace raglens::bench {

using nlohmann::json;

namespace {

struct Level
{
    int clients = 0;
    qint64 requests = 0;
    qint64 errors = 0;
    double seconds = 0;
    std::vector<double> latenciesMs;
};

double percentileMs(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t rank = size_t(std::ceil(p * double(v.size())));
    return v[std::clamp<size_t>(rank, 1, v.size()) - 1];
}

class Client
{
public:
    Client(quint16 port, const std::vector<QByteArray>& sessions, Level& level, int offset)
        : m_sessions(sessions), m_level(level), m_next(size_t(offset))
    {
        QObject::connect(&m_socket, &QTcpSocket::readyRead, [this] { onReadable(); });
        QObject::connect(&m_socket, &QTcpSocket::connected, [this] { send(); });
        m_socket.connectToHost(QHostAddress::LocalHost, port);
    }
    void stop() { m_stopped = true; }

private:
    void send()
    {
        if (m_stopped)
            return;
        const QByteArray& id = m_sessions[m_next++ % m_sessions.size()];
        m_buffer.clear();
        m_timer.start();
        m_socket.write("GET /api/diagnosis/" + id + "/trace HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    }

    void onReadable()
    {
        m_buffer += m_socket.readAll();
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const qsizetype at = m_buffer.indexOf("Content-Length: ");
        const qsizetype lineEnd = m_buffer.indexOf("\r\n", at);
        const qsizetype length = m_buffer.mid(at + 16, lineEnd - at - 16).toLongLong();
        if (m_buffer.size() < end + 4 + length)
            return;
        if (!m_stopped) {
            m_level.latenciesMs.push_back(double(m_timer.nsecsElapsed()) / 1e6);
            ++m_level.requests;
            if (!m_buffer.startsWith("HTTP/1.1 200"))
                ++m_level.errors;
        }
        send();
    }

    QTcpSocket m_socket;
    const std::vector<QByteArray>& m_sessions;
    Level& m_level;
    size_t m_next;
    QByteArray m_buffer;
    QElapsedTimer m_timer;
    bool m_stopped = false;
};

} // namespace

int runServeBench(int secondsPerLevel)
{
    QTemporaryDir dir;
    const QString ws = dir.filePath(QStringLiteral("ws"));
    QProcess demo;
    demo.start(QStringLiteral(RAGLENS_CLI_PATH),
               {QStringLiteral("demo"), QStringLiteral("--workspace"), ws});
    if (!demo.waitForFinished(300000) || demo.exitCode() != 0) {
        std::fprintf(stderr, "raglens-bench: the demo workspace could not be made\n");
        return 1;
    }
    QProcess list;
    list.start(QStringLiteral(RAGLENS_CLI_PATH),
               {QStringLiteral("sessions"), QStringLiteral("--db"),
                ws + QStringLiteral("/audit.db"), QStringLiteral("--limit"),
                QStringLiteral("1000")});
    list.waitForFinished(60000);
    std::vector<QByteArray> sessions;
    const json listed = json::parse(list.readAllStandardOutput().toStdString(), nullptr, false);
    if (listed.is_object() && listed.contains("sessions"))
        for (const json& s : listed["sessions"])
            sessions.push_back(QByteArray::fromStdString(s["sessionId"].get<std::string>()));
    if (sessions.empty()) {
        std::fprintf(stderr, "raglens-bench: the demo database lists no sessions: %s\n",
                     list.readAllStandardError().constData());
        return 1;
    }

    json out = {{"sessions", sessions.size()}, {"secondsPerLevel", secondsPerLevel}};
    // First as served by default (answers kept while the database is unchanged), then with
    // the cache off: every request reads and interprets its trace again.
    for (const bool cached : {true, false}) {
        QProcess server;
        QStringList args = {QStringLiteral("serve"), QStringLiteral("--db"),
                            ws + QStringLiteral("/audit.db"), QStringLiteral("--port"),
                            QStringLiteral("0")};
        if (!cached)
            args << QStringLiteral("--cache-mb") << QStringLiteral("0");
        server.start(QStringLiteral(RAGLENS_CLI_PATH), args);
        server.waitForReadyRead(30000);
        const json info = json::parse(server.readLine().toStdString(), nullptr, false);
        if (!info.is_object() || !info.contains("port")) {
            std::fprintf(stderr, "raglens-bench: raglens-cli serve did not start\n");
            return 1;
        }
        const quint16 port = quint16(info["port"].get<int>());
        json& figures = cached ? out : out["uncached"];
        figures["workers"] = info["workers"];
        for (int clients : {1, 8, 32}) {
            Level level;
            level.clients = clients;
            std::vector<std::unique_ptr<Client>> pool;
            for (int i = 0; i < clients; ++i)
                pool.push_back(std::make_unique<Client>(port, sessions, level, i));
            QElapsedTimer t;
            t.start();
            QTimer::singleShot(secondsPerLevel * 1000, [&] {
                for (auto& c : pool)
                    c->stop();
                level.seconds = double(t.nsecsElapsed()) / 1e9;
                QCoreApplication::exit(0);
            });
            QCoreApplication::exec();
            pool.clear();
            const std::string n = std::to_string(clients);
            figures["requestsPerSecAt" + n] = double(level.requests) / level.seconds;
            figures["p50MsAt" + n] = percentileMs(level.latenciesMs, 0.50);
            figures["p99MsAt" + n] = percentileMs(level.latenciesMs, 0.99);
            figures["errorsAt" + n] = level.errors;
            std::fprintf(stderr, "raglens-bench: %s, %d client(s): %.0f requests/s\n",
                         cached ? "cached" : "uncached", clients,
                         double(level.requests) / level.seconds);
        }
        server.terminate();
        server.waitForFinished(10000);
    }
    const std::string text = json({{"serve", out}}).dump(2);
    std::printf("%s\n", text.c_str());
    return 0;
}

} // namespace raglens::bench
