#include "support/canned_http_server.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace raglens::test {

class CannedHttpWorker : public QTcpServer
{
public:
    CannedHttpWorker(QByteArray answer, bool silent) : m_answer(std::move(answer)), m_silent(silent)
    {}

protected:
    void incomingConnection(qintptr descriptor) override
    {
        auto* socket = new QTcpSocket(this);
        socket->setSocketDescriptor(descriptor);
        auto* received = new QByteArray;
        connect(socket, &QTcpSocket::readyRead, socket, [this, socket, received] {
            *received += socket->readAll();
            if (m_silent || !received->contains("\r\n\r\n"))
                return;
            received->clear();
            socket->write(m_answer);
            socket->disconnectFromHost();
        });
        connect(socket, &QTcpSocket::disconnected, socket, [socket, received] {
            delete received;
            socket->deleteLater();
        });
    }

private:
    QByteArray m_answer;
    bool m_silent;
};

CannedHttpServer::CannedHttpServer(QByteArray answer, bool silent)
    : m_answer(std::move(answer)), m_silent(silent)
{}

CannedHttpServer::~CannedHttpServer()
{
    if (m_worker)
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker] { delete w; }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

bool CannedHttpServer::start()
{
    m_thread.start();
    bool ok = false;
    // The server must be made in its thread, so its socket notifiers belong there.
    QObject context;
    QThread* home = QThread::currentThread();
    context.moveToThread(&m_thread);
    QMetaObject::invokeMethod(
        &context,
        [&] {
            m_worker = new CannedHttpWorker(m_answer, m_silent);
            ok = m_worker->listen(QHostAddress::LocalHost, 0);
            m_port = m_worker->serverPort();
            context.moveToThread(home); // destroyed here, in its own thread again
        },
        Qt::BlockingQueuedConnection);
    return ok;
}

QString CannedHttpServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

QByteArray CannedHttpServer::response(int status, const QByteArray& contentType,
                                      const QByteArray& body, const QByteArray& extraHeaders)
{
    return "HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Type: " + contentType +
           "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n" +
           extraHeaders + "\r\n" + body;
}

} // namespace raglens::test
