#include "serve/trace_api_server.h"

#include "common/logging.h"
#include "serve/trace_api.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <unistd.h>

namespace raglens::serve {

bool isLoopback(const QHostAddress& address)
{
    return address.isLoopback();
}

/// One client connection, living in its worker's thread: reads requests through the
/// parser, answers each through the worker's TraceApi, and enforces the time limits.
class ServeConnection : public QObject
{
public:
    ~ServeConnection() override
    {
        if (!m_finished) // deleted by ServeWorker::close() while still open
            --*m_open;
    }

    ServeConnection(QTcpSocket* socket, const TraceApi& api, const ServeOptions& options,
                    std::shared_ptr<std::atomic<qint64>> served,
                    std::shared_ptr<std::atomic<int>> open)
        : m_socket(socket), m_api(api), m_options(options), m_parser(options.limits),
          m_served(std::move(served)), m_open(std::move(open))
    {
        socket->setParent(this);
        // At most one request head is buffered; a client sending more waits (TCP backpressure).
        socket->setReadBufferSize(options.limits.maxRequestLine + options.limits.maxHeaderBytes +
                                  4096);
        m_timer.setSingleShot(true);
        // A client that never reads its answers must not make them pile up here: parsing
        // pauses while much is unsent and resumes as the socket drains.
        connect(socket, &QTcpSocket::bytesWritten, this, [this] {
            if (m_paused && m_socket->bytesToWrite() < kMaxUnsent / 2) {
                m_paused = false;
                onReadable();
            }
        });
        connect(socket, &QTcpSocket::readyRead, this, [this] { onReadable(); });
        connect(socket, &QTcpSocket::disconnected, this, [this] { finish(); });
        connect(socket, &QTcpSocket::errorOccurred, this, [this] {
            if (m_socket->state() != QAbstractSocket::ConnectedState)
                finish();
        });
        connect(&m_timer, &QTimer::timeout, this, [this] { onTimeout(); });
        armTimer();
        if (socket->bytesAvailable() > 0)
            onReadable();
    }

private:
    static constexpr qint64 kMaxUnsent = 4 * 1024 * 1024;

    void onReadable()
    {
        if (m_closing || m_paused)
            return;
        HttpRequestParser::State state = m_parser.feed(m_socket->readAll());
        while (state == HttpRequestParser::State::Complete) {
            if (m_socket->bytesToWrite() > kMaxUnsent) {
                m_paused = true; // bytesWritten resumes; the request stays parsed
                return;
            }
            const HttpRequest request = m_parser.take();
            m_timingRequest = false; // the next request gets its own time
            m_servedOne = true;
            const HttpResponse response = m_api.handle(request);
            ++*m_served;
            m_socket->write(response.serialize(request.keepAlive, request.method == "HEAD"));
            if (!request.keepAlive) {
                closeAfterWrite();
                return;
            }
            state = m_parser.resume();
        }
        if (state == HttpRequestParser::State::Failed) {
            const HttpResponse response =
                HttpResponse::error(m_parser.errorStatus(), m_parser.errorMessage());
            m_socket->write(response.serialize(false, false));
            closeAfterWrite();
            return;
        }
        armTimer();
    }

    /// A request in progress gets requestTimeoutMs from its first byte (a client trickling
    /// bytes does not extend it); a connection between requests gets idleTimeoutMs.
    void armTimer()
    {
        const bool inRequest = m_parser.inRequest();
        if (inRequest && m_timingRequest)
            return;
        m_timingRequest = inRequest;
        // Before its first request a connection gets the request time, not the idle time:
        // silent connections must not hold the connection limit for long.
        m_timer.start(inRequest || !m_servedOne ? m_options.requestTimeoutMs
                                                : m_options.idleTimeoutMs);
    }

    void onTimeout()
    {
        if (m_closing)
            return;
        if (m_timingRequest) {
            const HttpResponse response =
                HttpResponse::error(408, QStringLiteral("the request did not arrive within %1 ms")
                                             .arg(m_options.requestTimeoutMs));
            m_socket->write(response.serialize(false, false));
        }
        closeAfterWrite();
    }

    void closeAfterWrite()
    {
        m_closing = true;
        m_timer.stop();
        m_socket->disconnectFromHost(); // flushes what was written, then closes
        // A client that never reads must not keep the socket forever.
        QTimer::singleShot(m_options.requestTimeoutMs, this, [this] {
            m_socket->abort();
            finish();
        });
    }

    void finish()
    {
        if (m_finished)
            return;
        m_finished = true;
        --*m_open;
        deleteLater();
    }

    QTcpSocket* m_socket;
    const TraceApi& m_api;
    const ServeOptions& m_options;
    HttpRequestParser m_parser;
    QTimer m_timer;
    bool m_timingRequest = false;
    bool m_servedOne = false;
    bool m_paused = false;
    bool m_closing = false;
    bool m_finished = false;
    std::shared_ptr<std::atomic<qint64>> m_served;
    std::shared_ptr<std::atomic<int>> m_open;
};

/// A worker thread's state: its own database connection and the API over it.
class ServeWorker : public QObject
{
public:
    ServeWorker(const ServeOptions& options, std::shared_ptr<std::atomic<qint64>> served,
                std::shared_ptr<std::atomic<int>> open)
        : m_options(options), m_served(std::move(served)), m_open(std::move(open))
    {}

    /// Runs in the worker's thread: the connection belongs to the thread that opens it.
    Status open(const AuditDatabase& source)
    {
        // Read through SQLite's locks: the agent keeps writing while this serves.
        auto db = source.reopen(AccessMode::InspectLive);
        if (!db)
            return Error{db.error()};
        m_db = std::move(*db);
        TraceApiOptions apiOptions;
        apiOptions.token = m_options.token;
        apiOptions.cacheBytes = m_options.cacheBytes;
        m_api = std::make_unique<TraceApi>(*m_db, apiOptions);
        return ok();
    }

    void adopt(qintptr descriptor)
    {
        auto* socket = new QTcpSocket;
        if (!socket->setSocketDescriptor(descriptor)) {
            delete socket;
            ::close(int(descriptor));
            --*m_open;
            return;
        }
        // Parented to the worker, so close() finds the connections still open.
        auto* connection = new ServeConnection(socket, *m_api, m_options, m_served, m_open);
        connection->setParent(this);
    }

    /// Runs in the worker's thread before it stops: connections and the database go first.
    void close()
    {
        const QObjectList connections = children();
        qDeleteAll(connections);
        m_api.reset();
        m_db.reset();
    }

private:
    const ServeOptions& m_options;
    std::shared_ptr<std::atomic<qint64>> m_served;
    std::shared_ptr<std::atomic<int>> m_open;
    std::unique_ptr<AuditDatabase> m_db;
    std::unique_ptr<TraceApi> m_api;
};

/// Accepts connections and deals them to the workers in turn.
class ServeListener : public QTcpServer
{
public:
    ServeListener(std::vector<ServeWorker*> workers, const ServeOptions& options,
                  std::shared_ptr<std::atomic<int>> open)
        : m_workers(std::move(workers)), m_options(options), m_open(std::move(open))
    {}

protected:
    void incomingConnection(qintptr descriptor) override
    {
        if (m_open->load() >= m_options.maxConnections) {
            // Answer at once rather than queue: the client learns the server is full.
            auto* socket = new QTcpSocket(this);
            if (socket->setSocketDescriptor(descriptor)) {
                socket->write(
                    HttpResponse::error(503, QStringLiteral("too many connections; try again"))
                        .serialize(false, false));
                socket->disconnectFromHost();
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                QTimer::singleShot(1000, socket, [socket] {
                    socket->abort();
                    socket->deleteLater();
                });
            } else {
                delete socket;
                ::close(int(descriptor));
            }
            return;
        }
        ++*m_open;
        ServeWorker* worker = m_workers[m_next++ % m_workers.size()];
        QMetaObject::invokeMethod(
            worker, [worker, descriptor] { worker->adopt(descriptor); }, Qt::QueuedConnection);
    }

private:
    std::vector<ServeWorker*> m_workers;
    const ServeOptions& m_options;
    std::shared_ptr<std::atomic<int>> m_open;
    size_t m_next = 0;
};

TraceApiServer::TraceApiServer(const AuditDatabase& db, ServeOptions options, QObject* parent)
    : QObject(parent), m_source(db), m_options(std::move(options))
{
    m_options.workers = std::max(1, m_options.workers);
}

TraceApiServer::~TraceApiServer()
{
    stop();
}

Status TraceApiServer::start()
{
    if (isListening())
        return ok();
    if (!isLoopback(m_options.bind) && m_options.token.isEmpty())
        return Error{tr("Refusing to serve on %1 without a token: anyone who can reach that "
                        "address could read every trace. Give a token file, or bind to "
                        "127.0.0.1.")
                         .arg(m_options.bind.toString())};
    // A file without the audit tables (an empty file opens as an empty database) would be
    // served, and every request answered 500.
    for (const QString& table :
         {QStringLiteral("diagnosis_run"), QStringLiteral("tool_invocation")})
        if (!m_source.hasTable(table))
            return Error{tr("%1 has no %2 table: it holds no audit trail to serve.")
                             .arg(m_source.location().display(), table)};
    for (int i = 0; i < m_options.workers; ++i) {
        auto* thread = new QThread;
        thread->setObjectName(QStringLiteral("raglens-serve-%1").arg(i));
        auto* worker = new ServeWorker(m_options, m_served, m_open);
        worker->moveToThread(thread);
        QObject::connect(thread, &QThread::finished, worker, &QObject::deleteLater);
        thread->start();
        m_threads.push_back(thread);
        m_workers.push_back(worker);
        if (!thread->isRunning()) { // a blocking call into it would never return
            stop();
            return Error{tr("Could not start a thread to serve with.")};
        }
        Status opened = ok();
        QMetaObject::invokeMethod(
            worker, [&] { opened = worker->open(m_source); }, Qt::BlockingQueuedConnection);
        if (!opened) {
            stop();
            return Error{
                tr("The database could not be opened for serving: %1").arg(opened.error())};
        }
    }
    m_listener = std::make_unique<ServeListener>(m_workers, m_options, m_open);
    if (!m_listener->listen(m_options.bind, m_options.port)) {
        const QString why = m_listener->errorString();
        stop();
        return Error{tr("Could not listen on %1 port %2: %3")
                         .arg(m_options.bind.toString())
                         .arg(m_options.port)
                         .arg(why)};
    }
    m_port = m_listener->serverPort();
    qCInfo(lcTrace) << "serving the Trace API on" << url().toString();
    return ok();
}

void TraceApiServer::stop()
{
    if (m_listener) {
        m_listener->close();
        m_listener.reset();
    }
    for (size_t i = 0; i < m_workers.size(); ++i) {
        ServeWorker* worker = m_workers[i];
        if (m_threads[i]->isRunning())
            QMetaObject::invokeMethod(
                worker, [worker] { worker->close(); }, Qt::BlockingQueuedConnection);
        m_threads[i]->quit();
        m_threads[i]->wait();
        delete m_threads[i];
    }
    m_threads.clear();
    m_workers.clear();
}

bool TraceApiServer::isListening() const
{
    return m_listener && m_listener->isListening();
}

QUrl TraceApiServer::url() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_options.bind.toString());
    url.setPort(m_port);
    return url;
}

} // namespace raglens::serve
