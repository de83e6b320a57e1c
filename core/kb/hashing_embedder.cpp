#include "kb/hashing_embedder.h"

#include "kb/remote_embedder.h"
#include "kb/text_tokenizer.h"

#include <QCoreApplication>
#include <QDataStream>
#include <QIODevice>
#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

#include <cmath>
#include <numeric>

namespace raglens {

void Embedder::embed(const QString& text, float* out) const
{
    embedTokens(TextTokenizer::tokenize(text), out);
}

Status Embedder::embedBatch(const QStringList&, const std::vector<QStringList>& tokens,
                            float* out) const
{
    std::vector<int> ids(tokens.size());
    std::iota(ids.begin(), ids.end(), 0);
    const size_t dim = size_t(dimension());
    QtConcurrent::blockingMap(
        ids, [&](int i) { embedTokens(tokens[size_t(i)], out + size_t(i) * dim); });
    return ok();
}

Status Embedder::embedQuery(const QString&, const QStringList& tokens, float* out) const
{
    embedTokens(tokens, out);
    return ok();
}

std::unique_ptr<Embedder> Embedder::create(const QString& name, int dimension)
{
    if (name == HashingEmbedder::staticName() && dimension >= 16 && dimension <= 8192)
        return std::make_unique<HashingEmbedder>(dimension);
    if (name == RemoteEmbedder::staticName() && dimension >= 1 && dimension <= 65536) {
        EmbeddingsEndpoint endpoint;
        endpoint.dimension = dimension; // the rest comes with restoreState()
        return std::make_unique<RemoteEmbedder>(endpoint);
    }
    return nullptr;
}

HashingEmbedder::HashingEmbedder(int dimension) : m_dimension(dimension) {}

quint64 HashingEmbedder::hashTerm(const QString& term)
{
    // FNV-1a over UTF-16 code units: stable across Qt versions and platforms, unlike qHash.
    quint64 h = 14695981039346656037ull;
    for (QChar c : term) {
        h ^= c.unicode();
        h *= 1099511628211ull;
    }
    // Final avalanche so that low bits (the bucket) depend on every character.
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h;
}

Status HashingEmbedder::fit(const std::vector<QStringList>& tokenizedChunks)
{
    QHash<quint64, quint32> df;
    for (const QStringList& tokens : tokenizedChunks) {
        QSet<quint64> seen;
        for (const QString& t : tokens)
            seen.insert(hashTerm(t));
        for (quint64 h : seen)
            ++df[h];
    }
    m_documentCount = quint32(tokenizedChunks.size());
    m_idf.clear();
    m_idf.reserve(df.size());
    const double n = m_documentCount;
    for (auto it = df.cbegin(); it != df.cend(); ++it)
        m_idf.insert(it.key(), float(std::log((n + 1.0) / (it.value() + 1.0)) + 1.0));
    m_unknownIdf = float(std::log(n + 1.0) + 1.0);
    return ok();
}

float HashingEmbedder::idf(quint64 termHash) const
{
    return m_idf.value(termHash, m_unknownIdf);
}

void HashingEmbedder::embedTokens(const QStringList& tokens, float* out) const
{
    std::fill(out, out + m_dimension, 0.0f);
    if (tokens.isEmpty())
        return;
    // Term frequencies first, so the sublinear tf applies per feature.
    QHash<quint64, int> tf;
    tf.reserve(tokens.size() * 2);
    for (const QString& t : tokens)
        ++tf[hashTerm(t)];
    auto add = [&](quint64 h, float w) {
        const int bucket = int(h % quint64(m_dimension));
        out[bucket] += (h >> 63) ? -w : w;
    };
    QHash<quint64, bool> cjk;
    for (const QString& t : tokens)
        if (TextTokenizer::isCjk(t.at(0)))
            cjk.insert(hashTerm(t), true);
    for (auto it = tf.cbegin(); it != tf.cend(); ++it) {
        float w = idf(it.key());
        // Unknown CJK bigrams are mostly word-boundary artefacts: damp them (see Bm25Index).
        if (!m_idf.isEmpty() && !m_idf.contains(it.key()) && cjk.contains(it.key()))
            w *= 0.3f;
        add(it.key(), (1.0f + std::log(float(it.value()))) * w);
    }

    // Word pairs capture phrases ("connection pool"), at half weight.
    for (qsizetype i = 0; i + 1 < tokens.size(); ++i) {
        const quint64 a = hashTerm(tokens.at(i)), b = hashTerm(tokens.at(i + 1));
        const quint64 pair = (a * 31ull) ^ (b + 0x9e3779b97f4a7c15ull);
        add(pair ^ (pair >> 29), 0.5f * std::min(idf(a), idf(b)));
    }
    // Character trigrams let inflections and compounds ("timeout" / "timeouts",
    // "connectiontimeout") share features, at low weight.
    QSet<quint64> seenWords;
    for (const QString& t : tokens) {
        if (t.size() < 6 || TextTokenizer::isCjk(t.at(0)))
            continue;
        const quint64 th = hashTerm(t);
        if (seenWords.contains(th))
            continue;
        seenWords.insert(th);
        const QString padded = QLatin1Char('<') + t + QLatin1Char('>');
        const int grams = int(padded.size()) - 2;
        const float w = 0.6f * idf(th) / std::sqrt(float(grams));
        for (int i = 0; i < grams; ++i)
            add(hashTerm(padded.mid(i, 3)) ^ 0x5bd1e995ull, w);
    }

    double norm = 0;
    for (int i = 0; i < m_dimension; ++i)
        norm += double(out[i]) * out[i];
    if (norm > 0) {
        const float inv = float(1.0 / std::sqrt(norm));
        for (int i = 0; i < m_dimension; ++i)
            out[i] *= inv;
    }
}

QByteArray HashingEmbedder::saveState() const
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_4);
    out << quint32(0x524c4845) << quint32(1) << qint32(m_dimension) << m_documentCount
        << m_unknownIdf << quint64(m_idf.size());
    for (auto it = m_idf.cbegin(); it != m_idf.cend(); ++it)
        out << it.key() << it.value();
    return bytes;
}

Status HashingEmbedder::restoreState(const QByteArray& state)
{
    QDataStream in(state);
    in.setVersion(QDataStream::Qt_6_4);
    quint32 magic = 0, version = 0;
    qint32 dim = 0;
    quint64 count = 0;
    in >> magic >> version >> dim >> m_documentCount >> m_unknownIdf >> count;
    if (in.status() != QDataStream::Ok || magic != 0x524c4845 || version != 1)
        return Error{
            QCoreApplication::translate("KnowledgeBase", "the embedder state file is corrupt")};
    if (dim != m_dimension)
        return Error{
            QCoreApplication::translate(
                "KnowledgeBase", "the embedder state has dimension %1 but the manifest says %2")
                .arg(dim)
                .arg(m_dimension)};
    if (count > quint64(state.size()) / 12)
        return Error{
            QCoreApplication::translate("KnowledgeBase", "the embedder state file is truncated")};
    m_idf.clear();
    m_idf.reserve(qsizetype(count));
    for (quint64 i = 0; i < count; ++i) {
        quint64 k = 0;
        float v = 0;
        in >> k >> v;
        m_idf.insert(k, v);
    }
    if (in.status() != QDataStream::Ok)
        return Error{
            QCoreApplication::translate("KnowledgeBase", "the embedder state file is truncated")};
    return ok();
}

} // namespace raglens
