#include "kb/remote_embedder.h"

#include "common/input_guard.h"
#include "common/logging.h"

#include <cmath>

namespace raglens {

namespace {

/// Copies v into out, scaled to unit length (a zero vector stays zero).
void normalizedInto(const std::vector<float>& v, float* out)
{
    double norm = 0;
    for (float x : v)
        norm += double(x) * double(x);
    const float scale = norm > 0 ? float(1.0 / std::sqrt(norm)) : 0.0f;
    for (size_t i = 0; i < v.size(); ++i)
        out[i] = v[i] * scale;
}

} // namespace

RemoteEmbedder::RemoteEmbedder(EmbeddingsEndpoint endpoint) : m_endpoint(std::move(endpoint)) {}

Status RemoteEmbedder::fit(const std::vector<QStringList>&)
{
    if (const QString problem = m_endpoint.problem(); !problem.isEmpty())
        return Error{problem};
    if (m_endpoint.dimension > 0)
        return ok();
    auto probe = EmbeddingsClient(m_endpoint).embed({QStringLiteral("dimension probe")});
    if (!probe)
        return Error{probe.error()};
    m_endpoint.dimension = int(probe->front().size());
    return ok();
}

void RemoteEmbedder::embedTokens(const QStringList& tokens, float* out) const
{
    if (Status s = embedQuery(tokens.join(QLatin1Char(' ')), tokens, out); !s)
        qCWarning(lcKb).noquote() << s.error();
}

Status RemoteEmbedder::embedBatch(const QStringList& texts, const std::vector<QStringList>&,
                                  float* out) const
{
    auto vectors = EmbeddingsClient(m_endpoint).embed(texts);
    if (!vectors)
        return Error{vectors.error()};
    for (size_t i = 0; i < vectors->size(); ++i)
        normalizedInto((*vectors)[i], out + i * size_t(m_endpoint.dimension));
    return ok();
}

Status RemoteEmbedder::embedQuery(const QString& text, const QStringList& tokens, float* out) const
{
    std::fill(out, out + m_endpoint.dimension, 0.0f);
    return embedBatch({text}, {tokens}, out);
}

nlohmann::json RemoteEmbedder::describe() const
{
    return {{"url", m_endpoint.url.toStdString()},
            {"model", m_endpoint.model.toStdString()},
            {"tokenEnv", m_endpoint.tokenEnv.toStdString()},
            {"batchSize", m_endpoint.batchSize},
            {"timeoutMs", m_endpoint.timeoutMs},
            {"retries", m_endpoint.retries}};
}

QByteArray RemoteEmbedder::saveState() const
{
    nlohmann::json state = describe();
    state["dimension"] = m_endpoint.dimension;
    return QByteArray::fromStdString(state.dump());
}

Status RemoteEmbedder::restoreState(const QByteArray& bytes)
{
    const Error corrupt{tr("the embeddings endpoint stored with the knowledge base is unreadable")};
    auto doc = input_guard::parseJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    if (!doc || !doc->is_object())
        return corrupt;
    const auto text = [&](const char* key) {
        const auto it = doc->find(key);
        return it != doc->end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                   : QString();
    };
    const auto number = [&](const char* key, int fallback) {
        const auto it = doc->find(key);
        return it != doc->end() && it->is_number_integer() ? it->get<int>() : fallback;
    };
    EmbeddingsEndpoint e;
    e.url = text("url");
    e.model = text("model");
    e.tokenEnv = text("tokenEnv");
    e.dimension = number("dimension", 0);
    e.batchSize = number("batchSize", e.batchSize);
    e.timeoutMs = number("timeoutMs", e.timeoutMs);
    e.retries = number("retries", e.retries);
    if (!e.problem().isEmpty() || e.dimension != m_endpoint.dimension)
        return corrupt;
    m_endpoint = e;
    return ok();
}

} // namespace raglens
