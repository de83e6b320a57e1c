#pragma once
// EmbeddingsClient: the OpenAI-compatible embeddings API, `POST …/v1/embeddings` with
// {"model", "input": [texts]} → {"data": [{"index", "embedding"}]}, as served by Ollama,
// vLLM, text-embeddings-inference, llama.cpp's server and hosted providers. Used so that a
// knowledge base can embed with the same model as the agent whose lookups it replays.
//
// Blocking by design (ingest and lookups run on worker threads): each call runs its own
// QNetworkAccessManager in a local event loop. Requests time out, are retried on network
// errors, 429 and 5xx with a growing pause, and never follow a redirect to another host.
// The bearer token is read from an environment variable named in the configuration, so a
// knowledge base records where its token comes from, never the token.

#include "common/error.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace raglens {

struct EmbeddingsEndpoint
{
    QString url;       ///< the server's base URL, or the full …/v1/embeddings URL
    QString model;     ///< sent as "model"
    int dimension = 0; ///< vectors must have this many components (0 = accept the first seen)
    QString tokenEnv;  ///< environment variable holding a bearer token; empty = no token
    int batchSize = 64;
    int timeoutMs = 30000; ///< per request
    int retries = 2;       ///< further tries after a failed request

    /// The URL the requests go to.
    QString endpointUrl() const;
    /// An empty string when usable, else what is wrong (no URL, not http(s), no model…).
    QString problem() const;
};

class EmbeddingsClient
{
    Q_DECLARE_TR_FUNCTIONS(EmbeddingsClient)

public:
    explicit EmbeddingsClient(EmbeddingsEndpoint endpoint);

    /// One vector per input, in input order, as the server returned them (not normalised).
    /// Inputs are sent in batches of endpoint.batchSize.
    Expected<std::vector<std::vector<float>>> embed(const QStringList& inputs) const;

private:
    Expected<std::vector<std::vector<float>>> embedBatch(const QStringList& inputs) const;

    EmbeddingsEndpoint m_endpoint;
};

} // namespace raglens
