#pragma once
// The small part of HTTP/1.1 the Trace API needs: an incremental request parser with hard
// limits (a request line, the header block and a body are bounded before they are buffered,
// so a 10 MB header costs 32 KiB, not 10 MB) and a response writer.
//
// Qt HttpServer 6.4 (a technical preview) buffers whole requests and has no size or time
// limits, so the server speaks HTTP itself; the grammar here is the strict subset of
// RFC 9112 that clients such as curl, browsers and QNetworkAccessManager send.

#include <QByteArray>
#include <QHash>
#include <QString>

namespace raglens::serve {

struct HttpLimits
{
    int maxRequestLine = 8 * 1024;   ///< method, target and version (414 beyond)
    int maxHeaderBytes = 32 * 1024;  ///< the whole header block (431 beyond)
    qint64 maxBodyBytes = 64 * 1024; ///< read and discarded; GET needs none (413 beyond)
};

struct HttpRequest
{
    QByteArray method;
    QByteArray target;                     ///< as sent: path and query, percent-encoded
    QByteArray version;                    ///< "HTTP/1.1" or "HTTP/1.0"
    QHash<QByteArray, QByteArray> headers; ///< names in lower case; repeated names joined by ", "
    bool keepAlive = true;

    QByteArray header(const QByteArray& lowerName) const { return headers.value(lowerName); }
};

struct HttpResponse
{
    int status = 200;
    QByteArray body;
    QByteArray contentType = "application/json; charset=utf-8";
    QList<QPair<QByteArray, QByteArray>> extraHeaders;

    /// A JSON error body: {"error": {"status": N, "message": "..."}}.
    static HttpResponse error(int status, const QString& message);
    static HttpResponse json(int status, const QByteArray& body);

    /// Status line, headers and (unless `headOnly`) the body, ready for the socket.
    QByteArray serialize(bool keepAlive, bool headOnly) const;
};

/// The reason phrase of a status code ("Not Found"); "Unknown" for codes this server never sends.
QByteArray reasonPhrase(int status);

/// Reads one request at a time from a byte stream. Feed it what the socket delivered; it
/// answers NeedMore, Complete (take() the request; bytes after it stay buffered for the next
/// one, as pipelining sends them) or Failed (errorStatus() says which 4xx to answer with and
/// errorMessage() why; the connection should then be closed).
class HttpRequestParser
{
public:
    enum class State
    {
        NeedMore,
        Complete,
        Failed
    };

    explicit HttpRequestParser(HttpLimits limits = {});

    State feed(const QByteArray& bytes);
    /// Parses what is buffered without new bytes (after take(), for a pipelined request).
    State resume() { return feed({}); }
    HttpRequest take();

    int errorStatus() const { return m_errorStatus; }
    QString errorMessage() const { return m_errorMessage; }
    /// True once any byte of a request has arrived and it is not complete yet.
    bool inRequest() const { return !m_buffer.isEmpty() || m_bodyRemaining > 0; }

private:
    State fail(int status, const QString& message);
    State parseHead(qsizetype headEnd);

    HttpLimits m_limits;
    QByteArray m_buffer;
    HttpRequest m_request;
    qint64 m_bodyRemaining = 0;
    bool m_haveHead = false;
    State m_state = State::NeedMore;
    int m_errorStatus = 0;
    QString m_errorMessage;
};

/// Splits a request target into its decoded path segments and query parameters. Fails
/// (returns false with a reason) on a target that is not origin-form ("/…"), on
/// percent-decoded text that is not UTF-8, and on NUL characters.
struct ParsedTarget
{
    QStringList segments; ///< "/api/diagnosis/a%2Fb/trace" → api, diagnosis, a/b, trace
    QHash<QString, QString> query;
    QStringList repeatedKeys; ///< query keys given more than once (the first value is kept)
};
bool parseTarget(const QByteArray& target, ParsedTarget& out, QString& why);

} // namespace raglens::serve
