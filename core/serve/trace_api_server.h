#pragma once
// The Trace API over HTTP (`raglens-cli serve`, File → Serve Trace API…).
//
// One listener hands each connection to one of a few worker threads; each worker has its
// own read-only connection to the audit database and serves its connections with the
// event-driven socket API, so a slow client or a slow statement holds up only its own
// worker's turn, never the GUI. Requests are bounded in size (HttpLimits) and in time: a
// request must arrive whole within requestTimeoutMs (one byte a second gets 408), an idle
// keep-alive connection is closed after idleTimeoutMs, and past maxConnections a new
// client gets 503 at once.

#include "common/error.h"
#include "db/audit_database.h"
#include "serve/http_message.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QObject>
#include <QUrl>

#include <atomic>
#include <memory>
#include <vector>

class QThread;

namespace raglens::serve {

class ServeWorker;
class ServeListener;

struct ServeOptions
{
    QHostAddress bind = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 0; ///< 0: any free port (url() says which)
    QByteArray token; ///< required for every request when set; required to bind beyond loopback
    int workers = 4;
    int maxConnections = 256;
    int requestTimeoutMs = 10000;
    int idleTimeoutMs = 30000;
    qint64 cacheBytes = 32LL * 1024 * 1024; ///< per worker, SQLite only (TraceApiOptions)
    HttpLimits limits;
};

/// Loopback addresses (127.0.0.0/8, ::1) need no token; anything else does.
bool isLoopback(const QHostAddress& address);

class TraceApiServer : public QObject
{
    Q_DECLARE_TR_FUNCTIONS(TraceApiServer)

public:
    /// `db` is only reopened (a connection per worker); it may be closed once start() returned.
    TraceApiServer(const AuditDatabase& db, ServeOptions options, QObject* parent = nullptr);
    ~TraceApiServer() override;

    /// Opens the workers' connections and listens. Refuses a non-loopback address without a
    /// token, and says why when the port is taken or the database cannot be reopened.
    Status start();
    void stop();
    bool isListening() const;

    QUrl url() const; ///< http://ADDRESS:PORT
    qint64 requestsServed() const { return m_served->load(); }
    int openConnections() const { return m_open->load(); }

private:
    const AuditDatabase& m_source;
    ServeOptions m_options;
    std::unique_ptr<ServeListener> m_listener;
    std::vector<QThread*> m_threads;
    std::vector<ServeWorker*> m_workers;
    std::shared_ptr<std::atomic<qint64>> m_served = std::make_shared<std::atomic<qint64>>(0);
    std::shared_ptr<std::atomic<int>> m_open = std::make_shared<std::atomic<int>>(0);
    quint16 m_port = 0;
};

} // namespace raglens::serve
