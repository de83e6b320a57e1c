#pragma once
// Embedder: turns text into an L2-normalised float vector. The default is the offline
// HashingEmbedder; the interface leaves room for an OpenAI-compatible /v1/embeddings
// backend. An embedder may learn corpus statistics at ingest (fit) and persist them.

#include "common/error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace raglens {

class Embedder
{
public:
    virtual ~Embedder() = default;
    virtual QString name() const = 0;
    virtual int dimension() const = 0;
    /// Learns corpus statistics (e.g. idf) from the tokenised chunks of a KB.
    virtual void fit(const std::vector<QStringList>& tokenizedChunks) = 0;
    /// Writes dimension() floats to out, L2-normalised (all zeros for empty text).
    virtual void embedTokens(const QStringList& tokens, float* out) const = 0;
    void embed(const QString& text, float* out) const;
    virtual QByteArray saveState() const = 0;
    virtual Status restoreState(const QByteArray& state) = 0;

    /// Creates an embedder by its manifest name; nullptr for an unknown name.
    static std::unique_ptr<Embedder> create(const QString& name, int dimension);
};

} // namespace raglens
