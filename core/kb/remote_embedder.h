#pragma once
// RemoteEmbedder: a knowledge base embedded by an OpenAI-compatible embeddings server
// (EmbeddingsClient), so that lookups and replays use the agent's own embedding model.
// Its endpoint (URL, model, dimension, the name of the token's environment variable,
// batch size, timeout, retries) is the embedder state stored with the KB and shown in its
// manifest; the token itself is never stored. Vectors are L2-normalised here, whatever the
// server returns, because the vector index ranks by inner product.

#include "kb/embedder.h"
#include "kb/embeddings_client.h"

namespace raglens {

class RemoteEmbedder : public Embedder
{
    Q_DECLARE_TR_FUNCTIONS(RemoteEmbedder)

public:
    static QString staticName() { return QStringLiteral("openai-compatible"); }

    explicit RemoteEmbedder(EmbeddingsEndpoint endpoint);

    QString name() const override { return staticName(); }
    int dimension() const override { return m_endpoint.dimension; }
    /// Learns nothing from the corpus; asks the server once for the dimension when the
    /// endpoint does not fix it.
    Status fit(const std::vector<QStringList>& tokenizedChunks) override;
    /// The tokens joined by spaces: only for callers that have nothing else. A failure
    /// leaves the vector at zero (and is logged).
    void embedTokens(const QStringList& tokens, float* out) const override;
    Status embedBatch(const QStringList& texts, const std::vector<QStringList>& tokens,
                      float* out) const override;
    Status embedQuery(const QString& text, const QStringList& tokens, float* out) const override;
    QByteArray saveState() const override;
    Status restoreState(const QByteArray& state) override;
    nlohmann::json describe() const override;

    const EmbeddingsEndpoint& endpoint() const { return m_endpoint; }

private:
    EmbeddingsEndpoint m_endpoint;
};

} // namespace raglens
