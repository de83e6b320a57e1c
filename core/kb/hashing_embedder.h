#pragma once
// HashingEmbedder: deterministic, offline text embedding (DESIGN §2). Features are word
// tokens and CJK bigrams (from TextTokenizer), adjacent word pairs and character
// trigrams of longer words; each is signed-feature-hashed into `dimension` buckets with
// weight (1 + ln tf) · idf, idf learned at ingest; the vector is L2-normalised. No weights,
// no downloads; the same text always gives the same vector.

#include "kb/embedder.h"

#include <QHash>

namespace raglens {

class HashingEmbedder : public Embedder
{
public:
    static constexpr int kDefaultDimension = 384;
    static QString staticName() { return QStringLiteral("hashing-v1"); }

    explicit HashingEmbedder(int dimension = kDefaultDimension);

    QString name() const override { return staticName(); }
    int dimension() const override { return m_dimension; }
    Status fit(const std::vector<QStringList>& tokenizedChunks) override;
    void embedTokens(const QStringList& tokens, float* out) const override;
    QByteArray saveState() const override;
    Status restoreState(const QByteArray& state) override;

    static quint64 hashTerm(const QString& term);

private:
    float idf(quint64 termHash) const;

    int m_dimension;
    quint32 m_documentCount = 0;
    float m_unknownIdf = 1.0f;
    QHash<quint64, float> m_idf;
};

} // namespace raglens
