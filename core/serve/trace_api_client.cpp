#include "serve/trace_api_client.h"

#include "common/input_guard.h"
#include "trace/trace_importer.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrlQuery>

namespace raglens::serve {

Expected<QUrl> TraceApiEndpoint::parseBase(const QString& text)
{
    const QString trimmed = text.trimmed();
    // Strict: QUrl::fromUserInput() took "https://127.0.0.1:99999" for the host "https" of
    // a plain-http address, so a wrong port turned into another host and no TLS.
    const QUrl url(trimmed, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (trimmed.isEmpty() || !url.isValid() || url.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https")) ||
        !trimmed.contains(QLatin1String("://")))
        return Error{TraceApiClient::tr("'%1' is not a Trace API address; give one such as "
                                        "http://127.0.0.1:8765 or https://host/prefix.")
                         .arg(trimmed.left(200))};
    if (!url.userInfo().isEmpty())
        return Error{TraceApiClient::tr("The address holds a user name or password; give the "
                                        "token in an environment variable instead.")};
    if (url.hasQuery() || url.hasFragment())
        return Error{TraceApiClient::tr("The address must be the API's base, without '?' or '#'.")};
    QUrl base = url;
    QString path = base.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    // A pasted endpoint URL is cut back to the base it lives under.
    if (const qsizetype api = path.indexOf(QLatin1String("/api/")); api >= 0)
        path = path.left(api);
    else if (path.endsWith(QLatin1String("/api")))
        path.chop(4);
    base.setPath(path);
    return base;
}

TraceApiClient::TraceApiClient(TraceApiEndpoint endpoint) : m_endpoint(std::move(endpoint)) {}

QUrl TraceApiClient::urlFor(const QString& encodedPath, const QString& query) const
{
    QUrl url = m_endpoint.base;
    url.setPath(m_endpoint.base.path(QUrl::FullyEncoded) + encodedPath, QUrl::StrictMode);
    if (!query.isEmpty())
        url.setQuery(query, QUrl::StrictMode);
    return url;
}

namespace {

/// A server's text as the user may be shown it: control characters (a terminal's escape
/// sequences among them, which could retitle the window or forge output) and the bidi
/// overrides (which reorder what follows) as U+FFFD. Joiners and soft hyphens stay: emoji
/// sequences and Persian or Indic words need them.
QString shownText(const QString& text)
{
    QString out = text;
    for (QChar& c : out) {
        const char16_t u = c.unicode();
        const bool control = c.category() == QChar::Other_Control && u != u'\n' && u != u'\t';
        const bool bidi = (u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069);
        if (control || bidi)
            c = QChar::ReplacementCharacter;
    }
    return out;
}

/// Why a server answered with an error status, with its own message when it sent one (the
/// Trace API's errors are {"error": {"message": …}}; other servers send anything).
QString errorStatusText(const QString& shown, int status, const QByteArray& body)
{
    QString detail;
    auto parsed = input_guard::parseJson(std::string_view(body.constData(), size_t(body.size())));
    if (parsed && parsed->is_object() && parsed->contains("error")) {
        const nlohmann::json& e = (*parsed)["error"];
        if (e.is_object() && e.contains("message") && e["message"].is_string())
            detail = shownText(QString::fromStdString(e["message"].get<std::string>()).left(300));
        else if (e.is_string())
            detail = shownText(QString::fromStdString(e.get<std::string>()).left(300));
    }
    QString message;
    if (status == 401 || status == 403)
        message = TraceApiClient::tr("%1 refused the request (HTTP %2): a valid token is needed.")
                      .arg(shown)
                      .arg(status);
    else if (detail.isEmpty())
        message = TraceApiClient::tr("%1 answered HTTP %2.").arg(shown).arg(status);
    else
        message = TraceApiClient::tr("%1 answered HTTP %2: %3").arg(shown).arg(status).arg(detail);
    return message;
}

} // namespace

Expected<QByteArray> TraceApiClient::get(const QUrl& url, qint64 maxBytes) const
{
    const QString shown = url.toDisplayString(QUrl::RemoveUserInfo);
    QNetworkAccessManager manager;
    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/json");
    if (!m_endpoint.token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_endpoint.token);
    request.setTransferTimeout(m_endpoint.timeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::SameOriginRedirectPolicy);
    QNetworkReply* reply = manager.get(request);
    bool tooLarge = false;
    bool tooSlow = false;
    QEventLoop loop;
    // The transfer timeout measures silence; this one the whole answer, so a server that
    // trickles bytes cannot hold the caller either.
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, reply, [&tooSlow, reply] {
        tooSlow = true;
        reply->abort();
    });
    deadline.start(m_endpoint.timeoutMs);
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QObject::connect(reply, &QNetworkReply::downloadProgress, reply,
                     [&tooLarge, reply, maxBytes](qint64 received, qint64 total) {
                         if (received > maxBytes || total > maxBytes) {
                             tooLarge = true;
                             reply->abort();
                         }
                     });
    loop.exec();
    std::unique_ptr<QNetworkReply> owned(reply);
    if (tooLarge)
        return Error{
            tr("%1 answered with more than %2 MB; RagLens reads traces of up to that size.")
                .arg(shown)
                .arg(maxBytes / (1024 * 1024))};
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    if (tooSlow)
        return Error{
            tr("%1 did not answer within %2 s.").arg(shown).arg(m_endpoint.timeoutMs / 1000.0)};
    if (status == 0) {
        if (reply->error() == QNetworkReply::OperationCanceledError)
            return Error{
                tr("%1 did not answer within %2 s.").arg(shown).arg(m_endpoint.timeoutMs / 1000.0)};
        return Error{tr("Could not reach %1: %2").arg(shown, reply->errorString())};
    }
    if (reply->error() == QNetworkReply::TooManyRedirectsError)
        return Error{tr("%1 keeps redirecting (a redirect loop, or more than %2 redirects).")
                         .arg(shown)
                         .arg(request.maximumRedirectsAllowed())};
    if (status >= 300 && status < 400)
        return Error{tr("%1 redirects elsewhere (HTTP %2); RagLens follows redirects only "
                        "within the same host.")
                         .arg(shown)
                         .arg(status)};
    if (status != 200)
        return Error{errorStatusText(shown, status, body), /*notFound=*/status == 404};
    const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString().toLower();
    if (type.contains(QLatin1String("html")))
        return Error{tr("%1 answered with a web page, not JSON: is this the Trace API's base "
                        "address?")
                         .arg(shown)};
    return body;
}

Expected<DiagnosisTraceResponse> TraceApiClient::fetchTrace(const QString& sessionId,
                                                            const QString& runId) const
{
    if (sessionId.isEmpty())
        return Error{tr("No session id given.")};
    // A URL's path reads a segment "." or ".." as a step in the path, however it is encoded:
    // the request would name another endpoint (and the server would say "no such endpoint").
    if (sessionId == QLatin1String(".") || sessionId == QLatin1String(".."))
        return Error{tr("The session id '%1' cannot be asked for through a URL; open the "
                        "database itself to read it.")
                         .arg(sessionId)};
    const QString path = QStringLiteral("/api/diagnosis/%1/trace")
                             .arg(QString::fromLatin1(QUrl::toPercentEncoding(sessionId)));
    QString query;
    if (!runId.isEmpty())
        query = QStringLiteral("runId=") + QString::fromLatin1(QUrl::toPercentEncoding(runId));
    const QUrl url = urlFor(path, query);
    auto body = get(url, input_guard::kMaxTraceFileBytes);
    if (!body)
        return Error{body.error(), body.notFound()};
    auto trace = TraceImporter::parseText(*body, url.toDisplayString(QUrl::RemoveUserInfo),
                                          TraceImporter::Purpose::View);
    if (!trace)
        return Error{shownText(trace.error())}; // it may quote what the server sent
    if (trace->sessionId != sessionId)
        return Error{tr("%1 answered with session '%2' instead of '%3'.")
                         .arg(url.toDisplayString(QUrl::RemoveUserInfo),
                              shownText(trace->sessionId.left(200)), shownText(sessionId))};
    return trace;
}

Expected<nlohmann::json> TraceApiClient::fetchSessions(int limit) const
{
    const QUrl url = urlFor(QStringLiteral("/api/sessions"), QStringLiteral("limit=%1").arg(limit));
    auto body = get(url, 16LL * 1024 * 1024);
    if (!body)
        return Error{body.error(), body.notFound()};
    auto parsed = input_guard::parseJson(std::string_view(body->constData(), size_t(body->size())));
    if (!parsed || !parsed->is_object() || !parsed->contains("sessions") ||
        !(*parsed)["sessions"].is_array())
        return Error{tr("%1 did not answer with a list of sessions.")
                         .arg(url.toDisplayString(QUrl::RemoveUserInfo))};
    return std::move(*parsed);
}

} // namespace raglens::serve
