#include "serve/http_message.h"

#include <QStringDecoder>

#include <nlohmann/json.hpp>

namespace raglens::serve {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 408:
        return "Request Timeout";
    case 413:
        return "Content Too Large";
    case 414:
        return "URI Too Long";
    case 421:
        return "Misdirected Request";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Unknown";
    }
}

HttpResponse HttpResponse::error(int status, const QString& message)
{
    const nlohmann::json body = {
        {"error", {{"status", status}, {"message", message.toStdString()}}}};
    return json(status, QByteArray::fromStdString(
                            body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
}

HttpResponse HttpResponse::json(int status, const QByteArray& body)
{
    HttpResponse r;
    r.status = status;
    r.body = body;
    return r;
}

QByteArray HttpResponse::serialize(bool keepAlive, bool headOnly) const
{
    QByteArray out;
    out.reserve(body.size() + 256);
    out += "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    out += "Content-Type: " + contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    out += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
    // Traces are read live from the database: never cached, never sniffed as HTML.
    out += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n";
    for (const auto& [name, value] : extraHeaders)
        out += name + ": " + value + "\r\n";
    out += "\r\n";
    if (!headOnly)
        out += body;
    return out;
}

static bool isTokenChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

HttpRequestParser::HttpRequestParser(HttpLimits limits) : m_limits(limits) {}

HttpRequestParser::State HttpRequestParser::fail(int status, const QString& message)
{
    m_state = State::Failed;
    m_errorStatus = status;
    m_errorMessage = message;
    m_buffer.clear();
    return m_state;
}

HttpRequestParser::State HttpRequestParser::feed(const QByteArray& bytes)
{
    if (m_state == State::Failed)
        return m_state;
    if (m_state == State::Complete) {
        // Kept for the requests after it (pipelined, or read after a pause): take() first,
        // then resume() parses them.
        m_buffer += bytes;
        return m_state;
    }
    if (m_bodyRemaining > 0) {
        // A body is read and dropped: the API has no use for one, but a keep-alive connection
        // must skip it to find the next request.
        const qint64 n = std::min<qint64>(m_bodyRemaining, bytes.size());
        m_bodyRemaining -= n;
        m_buffer += bytes.mid(n);
        if (m_bodyRemaining > 0)
            return State::NeedMore;
        return m_state = State::Complete;
    }
    m_buffer += bytes;
    if (!m_haveHead) {
        // Blank lines before a request are allowed (RFC 9112 §2.2).
        while (m_buffer.startsWith("\r\n"))
            m_buffer.remove(0, 2);
        // A TLS handshake or other protocol is told apart by its first bytes, without waiting
        // for a line end that may never come.
        for (char c : m_buffer) {
            if (c == ' ')
                break;
            if (!isTokenChar(c) && c != '\r')
                return fail(400, QStringLiteral("this is not an HTTP request"));
        }
        const qsizetype lineEnd = m_buffer.indexOf("\r\n");
        if (lineEnd < 0 ? m_buffer.size() > m_limits.maxRequestLine
                        : lineEnd > m_limits.maxRequestLine)
            return fail(414, QStringLiteral("the request line is longer than %1 bytes")
                                 .arg(m_limits.maxRequestLine));
        const qsizetype headEnd = m_buffer.indexOf("\r\n\r\n");
        if (headEnd < 0) {
            if (m_buffer.size() > m_limits.maxHeaderBytes)
                return fail(431, QStringLiteral("the request headers are larger than %1 bytes")
                                     .arg(m_limits.maxHeaderBytes));
            return State::NeedMore;
        }
        if (headEnd > m_limits.maxHeaderBytes)
            return fail(431, QStringLiteral("the request headers are larger than %1 bytes")
                                 .arg(m_limits.maxHeaderBytes));
        if (State s = parseHead(headEnd); s == State::Failed)
            return s;
        m_haveHead = true;
        m_buffer.remove(0, headEnd + 4);
        if (m_bodyRemaining > 0) {
            const QByteArray rest = m_buffer;
            m_buffer.clear();
            return feed(rest);
        }
        return m_state = State::Complete;
    }
    return State::NeedMore;
}

HttpRequestParser::State HttpRequestParser::parseHead(qsizetype headEnd)
{
    // Every line of the head, the last one included, ends in CRLF.
    QList<QByteArray> lines = m_buffer.left(headEnd + 2).split('\n');
    lines.removeLast(); // the empty piece after the final LF
    QByteArray requestLine = lines.first();
    if (requestLine.endsWith('\r'))
        requestLine.chop(1);
    const QList<QByteArray> parts = requestLine.split(' ');
    if (parts.size() != 3 || parts[0].isEmpty() || parts[1].isEmpty())
        return fail(400, QStringLiteral("the request line is not 'METHOD TARGET HTTP/1.1'"));
    for (char c : parts[0])
        if (!isTokenChar(c))
            return fail(400, QStringLiteral("the method is not a token"));
    for (char c : parts[1])
        if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7f)
            return fail(400,
                        QStringLiteral("the request target holds a control or non-ASCII byte"));
    if (parts[2] != "HTTP/1.1" && parts[2] != "HTTP/1.0") {
        if (parts[2].startsWith("HTTP/"))
            return fail(505, QStringLiteral("only HTTP/1.0 and HTTP/1.1 are served"));
        return fail(400, QStringLiteral("the request line does not end in an HTTP version"));
    }
    m_request = {};
    m_request.method = parts[0];
    m_request.target = parts[1];
    m_request.version = parts[2];
    for (qsizetype i = 1; i < lines.size(); ++i) {
        QByteArray line = lines[i];
        if (!line.endsWith('\r'))
            return fail(400, QStringLiteral("a header line does not end in CRLF"));
        line.chop(1);
        if (line.startsWith(' ') || line.startsWith('\t'))
            return fail(400, QStringLiteral("folded header lines are not accepted"));
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return fail(400, QStringLiteral("a header line has no name"));
        const QByteArray name = line.left(colon).toLower();
        for (char c : name)
            if (!isTokenChar(c))
                return fail(400, QStringLiteral("a header name is not a token"));
        const QByteArray value = line.mid(colon + 1).trimmed();
        auto it = m_request.headers.find(name);
        if (it == m_request.headers.end())
            m_request.headers.insert(name, value);
        else
            *it += ", " + value;
    }
    const QByteArray connection = m_request.header("connection").toLower();
    m_request.keepAlive = m_request.version == "HTTP/1.1" ? !connection.contains("close")
                                                          : connection.contains("keep-alive");
    if (m_request.headers.contains("transfer-encoding"))
        return fail(501, QStringLiteral("chunked request bodies are not accepted"));
    if (m_request.headers.contains("content-length")) {
        const QByteArray text = m_request.header("content-length");
        bool ok = !text.isEmpty() && text.size() <= 18;
        for (char c : text)
            ok = ok && c >= '0' && c <= '9'; // no sign, no list: what a proxy would read too
        const qint64 length = ok ? text.toLongLong(&ok) : -1;
        if (!ok || length < 0)
            return fail(400, QStringLiteral("Content-Length is not one number"));
        if (length > m_limits.maxBodyBytes)
            return fail(413, QStringLiteral("the request body is larger than %1 bytes")
                                 .arg(m_limits.maxBodyBytes));
        m_bodyRemaining = length;
    }
    return State::NeedMore;
}

HttpRequest HttpRequestParser::take()
{
    HttpRequest out = std::move(m_request);
    m_request = {};
    m_haveHead = false;
    m_bodyRemaining = 0;
    m_state = State::NeedMore;
    return out;
}

static bool decodeUtf8(const QByteArray& percentEncoded, QString& out)
{
    const QByteArray bytes = QByteArray::fromPercentEncoding(percentEncoded);
    if (bytes.contains('\0'))
        return false;
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    out = decoder(bytes);
    return !decoder.hasError();
}

bool parseTarget(const QByteArray& target, ParsedTarget& out, QString& why)
{
    out = {};
    if (!target.startsWith('/')) {
        why = QStringLiteral("the request target must be a path starting with '/'");
        return false;
    }
    const qsizetype q = target.indexOf('?');
    const QByteArray path = q < 0 ? target : target.left(q);
    const QByteArray query = q < 0 ? QByteArray() : target.mid(q + 1);
    for (const QByteArray& raw : path.split('/')) {
        if (raw.isEmpty())
            continue;
        QString segment;
        if (!decodeUtf8(raw, segment)) {
            why = QStringLiteral("a path segment is not valid UTF-8 once decoded");
            return false;
        }
        out.segments << segment;
    }
    for (QByteArray pair : query.split('&')) {
        if (pair.isEmpty())
            continue;
        pair.replace('+', ' ');
        const qsizetype eq = pair.indexOf('=');
        QString key;
        QString value;
        if (!decodeUtf8(eq < 0 ? pair : pair.left(eq), key) ||
            (eq >= 0 && !decodeUtf8(pair.mid(eq + 1), value))) {
            why = QStringLiteral("a query parameter is not valid UTF-8 once decoded");
            return false;
        }
        if (out.query.contains(key))
            out.repeatedKeys << key;
        else
            out.query.insert(key, value);
    }
    return true;
}

} // namespace raglens::serve
