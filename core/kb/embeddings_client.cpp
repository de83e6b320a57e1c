#include "kb/embeddings_client.h"

#include "common/input_guard.h"
#include "common/logging.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QThread>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace raglens {

namespace {

/// Responses larger than this are refused unread: 64 MB holds 2,000 vectors of 4,096
/// floats written as text.
constexpr qint64 kMaxResponseBytes = 64LL * 1024 * 1024;

/// The body's own error message when it has one ({"error": {"message"}} or {"error": "…"}),
/// else its first 200 characters.
QString serverMessage(const QByteArray& body)
{
    if (auto doc = input_guard::parseJson(std::string_view(body.constData(), size_t(body.size())));
        doc && doc->is_object() && doc->contains("error")) {
        const auto& e = (*doc)["error"];
        if (e.is_string())
            return QString::fromStdString(e.get<std::string>());
        if (e.is_object() && e.contains("message") && e["message"].is_string())
            return QString::fromStdString(e["message"].get<std::string>());
    }
    return QString::fromUtf8(body.left(200)).simplified();
}

bool retryable(QNetworkReply::NetworkError error, int status)
{
    if (status == 429 || status >= 500)
        return true;
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError: // our transfer timeout
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::UnknownNetworkError:
        return true;
    default:
        return false;
    }
}

} // namespace

QString EmbeddingsEndpoint::endpointUrl() const
{
    QString u = url.trimmed();
    while (u.endsWith(QLatin1Char('/')))
        u.chop(1);
    if (u.endsWith(QLatin1String("/embeddings")))
        return u;
    if (u.endsWith(QLatin1String("/v1")))
        return u + QStringLiteral("/embeddings");
    return u + QStringLiteral("/v1/embeddings");
}

QString EmbeddingsEndpoint::problem() const
{
    const QUrl u(endpointUrl(), QUrl::StrictMode);
    if (url.trimmed().isEmpty())
        return EmbeddingsClient::tr("no embeddings server URL is set");
    if (!u.isValid() || u.host().isEmpty() ||
        (u.scheme() != QLatin1String("http") && u.scheme() != QLatin1String("https")))
        return EmbeddingsClient::tr("\"%1\" is not an http:// or https:// URL").arg(url);
    if (model.trimmed().isEmpty())
        return EmbeddingsClient::tr("no embeddings model is set");
    if (dimension < 0 || dimension > 65536)
        return EmbeddingsClient::tr("the embedding dimension %1 is out of range").arg(dimension);
    if (batchSize < 1 || timeoutMs < 1 || retries < 0)
        return EmbeddingsClient::tr("the batch size, timeout and retry count must be positive");
    return {};
}

EmbeddingsClient::EmbeddingsClient(EmbeddingsEndpoint endpoint) : m_endpoint(std::move(endpoint)) {}

Expected<std::vector<std::vector<float>>> EmbeddingsClient::embed(const QStringList& inputs) const
{
    if (const QString problem = m_endpoint.problem(); !problem.isEmpty())
        return Error{problem};
    std::vector<std::vector<float>> out;
    out.reserve(size_t(inputs.size()));
    for (qsizetype start = 0; start < inputs.size(); start += m_endpoint.batchSize) {
        auto batch = embedBatch(inputs.mid(start, m_endpoint.batchSize));
        if (!batch)
            return Error{batch.error()};
        for (auto& v : *batch)
            out.push_back(std::move(v));
    }
    return out;
}

namespace {

/// What one POST brought back.
struct HttpAnswer
{
    int status = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    QString errorText;
};

/// One POST of `payload` to `endpoint`, waiting for the answer (this runs in a worker).
HttpAnswer post(const QString& endpoint, const QByteArray& token, const QByteArray& payload,
                int timeoutMs)
{
    QNetworkAccessManager manager;
    QNetworkRequest request{QUrl(endpoint)};
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", "application/json");
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    request.setTransferTimeout(timeoutMs);
    // A redirect may stay on the same host and scheme; anything else would send the
    // token and the texts somewhere the user did not name.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::SameOriginRedirectPolicy);
    QNetworkReply* reply = manager.post(request, payload);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QObject::connect(reply, &QNetworkReply::downloadProgress, reply,
                     [reply](qint64 received, qint64) {
                         if (received > kMaxResponseBytes)
                             reply->abort();
                     });
    if (!reply->isFinished())
        loop.exec();
    HttpAnswer answer;
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.error = reply->error();
    answer.body = reply->isOpen() ? reply->readAll() : QByteArray();
    answer.errorText = reply->errorString();
    reply->deleteLater();
    return answer;
}

/// Why a POST failed, in words.
QString failureText(const HttpAnswer& answer, const QString& endpoint, int timeoutMs)
{
    if (answer.status != 0)
        return EmbeddingsClient::tr("the embeddings server at %1 answered HTTP %2: %3")
            .arg(endpoint)
            .arg(answer.status)
            .arg(serverMessage(answer.body));
    if (answer.error == QNetworkReply::OperationCanceledError)
        return EmbeddingsClient::tr("the embeddings server at %1 did not answer within %2 ms")
            .arg(endpoint)
            .arg(timeoutMs);
    return EmbeddingsClient::tr("the embeddings server at %1 cannot be reached: %2")
        .arg(endpoint, answer.errorText);
}

/// The vectors of an OpenAI-style embeddings response, in the order of the inputs, checked
/// for count, order, dimension (when `dimension` > 0) and numbers.
Expected<std::vector<std::vector<float>>> parseEmbeddings(const QByteArray& response,
                                                          const QString& endpoint,
                                                          qsizetype expected, int dimension)
{
    auto doc =
        input_guard::parseJson(std::string_view(response.constData(), size_t(response.size())));
    if (!doc || !doc->is_object() || !doc->contains("data") || !(*doc)["data"].is_array())
        return Error{
            EmbeddingsClient::tr("the embeddings server at %1 did not return an OpenAI-style "
                                 "embeddings response (no \"data\" list)")
                .arg(endpoint)};
    const auto& data = (*doc)["data"];
    if (data.size() != size_t(expected))
        return Error{
            EmbeddingsClient::tr("the embeddings server at %1 returned %2 vectors for %3 texts")
                .arg(endpoint)
                .arg(data.size())
                .arg(expected)};
    std::vector<std::vector<float>> out(data.size());
    for (size_t i = 0; i < data.size(); ++i) {
        const auto& item = data[i];
        if (!item.is_object() || !item.contains("embedding") || !item["embedding"].is_array())
            return Error{
                EmbeddingsClient::tr("the embeddings server at %1 returned an item without an "
                                     "\"embedding\" list")
                    .arg(endpoint)};
        // Servers may answer out of order; "index" says which input a vector belongs to.
        size_t slot = i;
        if (item.contains("index") && item["index"].is_number_unsigned())
            slot = item["index"].get<size_t>();
        if (slot >= out.size() || !out[slot].empty())
            return Error{
                EmbeddingsClient::tr("the embeddings server at %1 returned a wrong or repeated "
                                     "index %2")
                    .arg(endpoint)
                    .arg(qulonglong(slot))};
        const auto& values = item["embedding"];
        if (dimension > 0 && values.size() != size_t(dimension))
            return Error{EmbeddingsClient::tr(
                             "the embeddings server at %1 returned vectors of dimension %2; "
                             "%3 was expected")
                             .arg(endpoint)
                             .arg(values.size())
                             .arg(dimension)};
        if (values.empty())
            return Error{
                EmbeddingsClient::tr("the embeddings server at %1 returned an empty vector")
                    .arg(endpoint)};
        auto& v = out[slot];
        v.reserve(values.size());
        bool allZero = true;
        for (const auto& x : values) {
            if (!x.is_number())
                return Error{
                    EmbeddingsClient::tr("the embeddings server at %1 returned a vector with a "
                                         "component that is not a number")
                        .arg(endpoint)};
            const float f = x.get<float>();
            if (!std::isfinite(f))
                return Error{
                    EmbeddingsClient::tr("the embeddings server at %1 returned a vector with a "
                                         "component too large for a float")
                        .arg(endpoint)};
            allZero = allZero && f == 0.0f;
            v.push_back(f);
        }
        // A zero vector matches nothing: lookups would quietly run on BM25 alone.
        if (allZero)
            return Error{EmbeddingsClient::tr("the embeddings server at %1 returned a vector of "
                                              "all zeros for input %2; is its model loaded?")
                             .arg(endpoint)
                             .arg(qulonglong(slot))};
    }
    return out;
}

} // namespace

Expected<std::vector<std::vector<float>>>
EmbeddingsClient::embedBatch(const QStringList& inputs) const
{
    const QString endpoint = m_endpoint.endpointUrl();
    QByteArray token;
    if (!m_endpoint.tokenEnv.isEmpty()) {
        token = qgetenv(m_endpoint.tokenEnv.toLocal8Bit().constData());
        if (token.isEmpty())
            return Error{tr("the environment variable %1, which holds the token for the "
                            "embeddings server, is not set")
                             .arg(m_endpoint.tokenEnv)};
    }
    nlohmann::json body = {{"model", m_endpoint.model.toStdString()},
                           {"input", nlohmann::json::array()}};
    for (const QString& text : inputs)
        body["input"].push_back(text.toStdString());
    const QByteArray payload = QByteArray::fromStdString(body.dump());

    QString lastError;
    for (int attempt = 0; attempt <= m_endpoint.retries; ++attempt) {
        if (attempt > 0) // 0.25 s, 0.5 s, 1 s …: a busy server gets room to recover
            QThread::msleep(std::min<unsigned long>(250ul << (attempt - 1), 4000ul));
        const HttpAnswer answer = post(endpoint, token, payload, m_endpoint.timeoutMs);
        if (answer.error == QNetworkReply::NoError && answer.status >= 200 && answer.status < 300)
            return parseEmbeddings(answer.body, endpoint, inputs.size(), m_endpoint.dimension);
        lastError = failureText(answer, endpoint, m_endpoint.timeoutMs);
        qCWarning(lcKb).noquote() << lastError;
        if (!retryable(answer.error, answer.status))
            break;
    }
    return Error{lastError};
}

} // namespace raglens
