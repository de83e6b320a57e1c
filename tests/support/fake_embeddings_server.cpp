#include "fake_embeddings_server.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <nlohmann/json.hpp>

namespace raglens::test {

/// Lives in the server thread: accepts connections, reads one request each, answers.
class FakeEmbeddingsWorker : public QObject
{
public:
    explicit FakeEmbeddingsWorker(FakeEmbeddingsServer* owner) : m_owner(owner) {}

    quint16 listen()
    {
        m_server = new QTcpServer(this);
        if (!m_server->listen(QHostAddress::LocalHost, 0))
            return 0;
        connect(m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server->nextPendingConnection())
                serve(s);
        });
        return m_server->serverPort();
    }

private:
    void serve(QTcpSocket* socket)
    {
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
            *buffer += socket->readAll();
            const qsizetype headerEnd = buffer->indexOf("\r\n\r\n");
            if (headerEnd < 0)
                return;
            const QByteArray head = buffer->left(headerEnd);
            static const QRegularExpression length(QStringLiteral("(?i)content-length:\\s*(\\d+)"));
            const auto m = length.match(QString::fromLatin1(head));
            const qsizetype bodyLength = m.hasMatch() ? m.captured(1).toLongLong() : 0;
            if (buffer->size() < headerEnd + 4 + bodyLength)
                return;
            const QByteArray body = buffer->mid(headerEnd + 4, bodyLength);
            const QList<QByteArray> lines = head.split('\n');
            const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
            QByteArray authorization;
            for (const QByteArray& line : lines)
                if (line.toLower().startsWith("authorization:"))
                    authorization = line.mid(line.indexOf(':') + 1).trimmed();
            buffer->clear();
            int status = 200;
            const QByteArray answer =
                m_owner->respond(requestLine.value(1), authorization, body, status);
            const auto send = [socket, answer, status] {
                QByteArray out =
                    "HTTP/1.1 " + QByteArray::number(status) + (status == 200 ? " OK" : " Error") +
                    "\r\nContent-Type: application/json\r\nContent-Length: " +
                    QByteArray::number(answer.size()) + "\r\nConnection: close\r\n\r\n" + answer;
                socket->write(out);
                socket->disconnectFromHost();
            };
            if (const int delay = m_owner->delayMs.load(); delay > 0)
                QTimer::singleShot(delay, socket, send);
            else
                send();
        });
    }

    FakeEmbeddingsServer* m_owner;
    QTcpServer* m_server = nullptr;
};

FakeEmbeddingsServer::FakeEmbeddingsServer(int dimension) : m_dimension(dimension) {}

FakeEmbeddingsServer::~FakeEmbeddingsServer()
{
    stop();
}

bool FakeEmbeddingsServer::start()
{
    m_worker = new FakeEmbeddingsWorker(this);
    m_worker->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
    quint16 port = 0;
    QMetaObject::invokeMethod(
        m_worker, [this, &port] { port = m_worker->listen(); }, Qt::BlockingQueuedConnection);
    m_port = port;
    return m_port != 0;
}

void FakeEmbeddingsServer::stop()
{
    if (m_thread.isRunning()) {
        m_thread.quit();
        m_thread.wait();
    }
}

QString FakeEmbeddingsServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

QString FakeEmbeddingsServer::lastAuthorization() const
{
    std::lock_guard lock(m_mutex);
    return m_lastAuthorization;
}

QString FakeEmbeddingsServer::lastPath() const
{
    std::lock_guard lock(m_mutex);
    return m_lastPath;
}

std::vector<float> FakeEmbeddingsServer::vectorFor(const QString& text) const
{
    std::vector<float> v(size_t(m_dimension), 0.0f);
    static const QRegularExpression words(QStringLiteral("\\w+"));
    for (auto it = words.globalMatch(text.toLower()); it.hasNext();) {
        const QByteArray h =
            QCryptographicHash::hash(it.next().captured().toUtf8(), QCryptographicHash::Md5);
        v[size_t(quint8(h[0]) | (quint8(h[1]) << 8)) % v.size()] += 1.0f;
    }
    v[0] += 0.01f; // never all zeros
    return v;
}

QByteArray FakeEmbeddingsServer::respond(const QByteArray& path, const QByteArray& authorization,
                                         const QByteArray& body, int& status)
{
    ++requests;
    {
        std::lock_guard lock(m_mutex);
        m_lastAuthorization = QString::fromUtf8(authorization);
        m_lastPath = QString::fromUtf8(path);
    }
    if (failNext.load() > 0) {
        --failNext;
        status = failStatus.load();
        return R"({"error":{"message":"the model is loading"}})";
    }
    if (!requiredToken.isEmpty() && authorization != "Bearer " + requiredToken.toUtf8()) {
        status = 401;
        return R"({"error":{"message":"invalid api key"}})";
    }
    if (path != "/v1/embeddings") {
        status = 404;
        return R"({"error":"not found"})";
    }
    const auto request = nlohmann::json::parse(body.toStdString(), nullptr, false);
    if (request.is_discarded() || !request.contains("input") || !request["input"].is_array()) {
        status = 400;
        return R"({"error":{"message":"input must be a list"}})";
    }
    const int batch = int(request["input"].size());
    largestBatch = std::max(largestBatch.load(), batch);
    nlohmann::json data = nlohmann::json::array();
    // Answered in reverse order, with "index", as some servers do.
    for (int i = batch - 1; i >= 0; --i) {
        std::vector<float> v =
            vectorFor(QString::fromStdString(request["input"][size_t(i)].get<std::string>()));
        if (const int d = answerDimension.load(); d > 0)
            v.resize(size_t(d), 0.0f);
        if (answerZeros.load())
            std::fill(v.begin(), v.end(), 0.0f);
        data.push_back({{"object", "embedding"}, {"index", i}, {"embedding", v}});
    }
    status = 200;
    return QByteArray::fromStdString(
        nlohmann::json{{"object", "list"}, {"data", data}, {"model", request.value("model", "")}}
            .dump());
}

} // namespace raglens::test
