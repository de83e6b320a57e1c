#pragma once
// CannedHttpServer: a loopback server, in its own thread, that answers every connection
// with the same bytes and closes it — an HTML error page, garbage, a non-trace JSON, a
// redirect — for tests of clients that must fail clearly on a server that is not the
// Trace API.

#include <QByteArray>
#include <QString>
#include <QThread>

namespace raglens::test {

class CannedHttpServer
{
public:
    /// `answer` is written as is once the request's head has arrived (or at once when
    /// `answerBeforeRequest`); `silent` never answers at all.
    explicit CannedHttpServer(QByteArray answer, bool silent = false);
    ~CannedHttpServer();

    bool start();
    QString baseUrl() const; ///< http://127.0.0.1:PORT

    /// A whole HTTP/1.1 response with this status, content type and body.
    static QByteArray response(int status, const QByteArray& contentType, const QByteArray& body,
                               const QByteArray& extraHeaders = {});

private:
    QByteArray m_answer;
    bool m_silent;
    quint16 m_port = 0;
    QThread m_thread;
    class CannedHttpWorker* m_worker = nullptr;
};

} // namespace raglens::test
