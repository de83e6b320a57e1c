#pragma once
// Embedder: turns text into an L2-normalised float vector. The default is the offline
// HashingEmbedder (from tokens); RemoteEmbedder asks an OpenAI-compatible /v1/embeddings
// server (from the text). An embedder may learn corpus statistics at ingest (fit) and
// persist them.

#include "common/error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <memory>
#include <vector>

namespace raglens {

class Embedder
{
public:
    virtual ~Embedder() = default;
    virtual QString name() const = 0;
    virtual int dimension() const = 0;
    /// Learns corpus statistics (e.g. idf) from the tokenised chunks of a KB; after it,
    /// dimension() is final.
    virtual Status fit(const std::vector<QStringList>& tokenizedChunks) = 0;
    /// Writes dimension() floats to out, L2-normalised (all zeros for empty text).
    virtual void embedTokens(const QStringList& tokens, float* out) const = 0;
    void embed(const QString& text, float* out) const;
    /// Embeds texts[i] (tokenised as tokens[i]) into out + i · dimension(). The default
    /// embeds the tokens on every core; a remote model sends the texts in batches.
    virtual Status embedBatch(const QStringList& texts, const std::vector<QStringList>& tokens,
                              float* out) const;
    /// Embeds a question; fails only for an embedder that can fail (a remote one).
    virtual Status embedQuery(const QString& text, const QStringList& tokens, float* out) const;
    virtual QByteArray saveState() const = 0;
    virtual Status restoreState(const QByteArray& state) = 0;
    /// What the manifest records beside the name and dimension (a remote endpoint).
    virtual nlohmann::json describe() const { return nlohmann::json::object(); }

    /// Creates an embedder by its manifest name; nullptr for an unknown name.
    static std::unique_ptr<Embedder> create(const QString& name, int dimension);
};

} // namespace raglens
