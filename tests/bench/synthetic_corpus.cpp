#include "synthetic_corpus.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>

#include <cmath>

namespace raglens::bench {

namespace {

QString pseudoWord(QRandomGenerator& rng)
{
    static const char* syllables[] = {"ka", "to",  "ri",  "mu",  "sel", "var", "on",  "dex",
                                      "lo", "pra", "ne",  "qui", "tor", "ba",  "zen", "fi",
                                      "gu", "ho",  "lin", "mar", "pol", "sta", "tek", "vo"};
    QString w;
    const int n = 2 + int(rng.bounded(3));
    for (int i = 0; i < n; ++i)
        w += QLatin1String(syllables[rng.bounded(int(std::size(syllables)))]);
    return w;
}

/// Zipf sampler over n ranks (s = 1.05) by inverse CDF on a precomputed table.
class Zipf
{
public:
    explicit Zipf(int n)
    {
        double sum = 0;
        for (int i = 1; i <= n; ++i)
            m_cdf.push_back(sum += 1.0 / std::pow(i, 1.05));
        for (double& c : m_cdf)
            c /= sum;
    }
    int sample(QRandomGenerator& rng) const
    {
        const double u = rng.generateDouble();
        return int(std::lower_bound(m_cdf.begin(), m_cdf.end(), u) - m_cdf.begin());
    }

private:
    std::vector<double> m_cdf;
};

} // namespace

std::vector<SyntheticQuery> SyntheticCorpus::write(const QString& dir, int chunks, int queries,
                                                   quint32 seed)
{
    QRandomGenerator rng(seed);
    QStringList shared;
    for (int i = 0; i < 3000; ++i)
        shared << pseudoWord(rng);
    // Topics give the text the clustered structure of real runbooks: each category has
    // kTopicsPerCategory topics with their own small vocabulary.
    std::vector<QStringList> topicWords(size_t(kCategories * kTopicsPerCategory));
    QStringList categoryNames;
    for (int c = 0; c < kCategories; ++c) {
        categoryNames
            << QStringLiteral("cat%1-%2").arg(c, 2, 10, QLatin1Char('0')).arg(pseudoWord(rng));
        for (int t = 0; t < kTopicsPerCategory; ++t)
            for (int i = 0; i < 60; ++i)
                topicWords[size_t(c * kTopicsPerCategory + t)]
                    << pseudoWord(rng) + QString::number(c * kTopicsPerCategory + t);
    }
    const Zipf sharedZipf(int(shared.size())), topicZipf(60);

    struct ChunkText
    {
        QString source;
        QStringList topical;
        QStringList all;
    };
    std::vector<ChunkText> sample; // a reservoir of chunks to draw queries from
    const int docs = std::max(1, chunks / kChunksPerDoc);
    const int sampleEvery = std::max(1, docs * kChunksPerDoc / std::max(1, queries * 4));
    for (int d = 0; d < docs; ++d) {
        const int c = d % kCategories;
        const int mainTopic = c * kTopicsPerCategory + int(rng.bounded(kTopicsPerCategory));
        const QString source =
            categoryNames[c] + QStringLiteral("/doc-%1").arg(d, 6, 10, QLatin1Char('0'));
        QString text = QStringLiteral("# Runbook %1 %2\n\n")
                           .arg(d)
                           .arg(topicWords[size_t(mainTopic)][topicZipf.sample(rng)]);
        const QString ident = QStringLiteral("E%1-%2").arg(c).arg(d);
        for (int s = 0; s < kChunksPerDoc; ++s) {
            const int topic = rng.bounded(10) < 7
                                  ? mainTopic
                                  : c * kTopicsPerCategory + int(rng.bounded(kTopicsPerCategory));
            text += QStringLiteral("## Section %1\n\n").arg(s);
            ChunkText ct{source, {}, {}};
            for (int sentence = 0; sentence < 5; ++sentence) {
                QStringList words;
                const int len = 12 + int(rng.bounded(8));
                for (int w = 0; w < len; ++w) {
                    if (rng.bounded(100) < 55) {
                        words << topicWords[size_t(topic)][topicZipf.sample(rng)];
                        ct.topical << words.last();
                    } else {
                        words << shared[sharedZipf.sample(rng)];
                    }
                }
                if (sentence == 2)
                    words << ident;
                ct.all << words;
                text += words.join(QLatin1Char(' ')) + QStringLiteral(". ");
            }
            text += QStringLiteral("\n\n");
            if (int(sample.size()) < queries * 4 && rng.bounded(sampleEvery) == 0)
                sample.push_back(std::move(ct));
        }
        QDir().mkpath(QDir(dir).filePath(categoryNames[c]));
        QFile f(QDir(dir).filePath(source + QStringLiteral(".md")));
        if (f.open(QIODevice::WriteOnly))
            f.write(text.toUtf8());
    }
    std::vector<SyntheticQuery> out;
    for (int q = 0; q < queries && !sample.empty(); ++q) {
        const ChunkText& ct = sample[size_t(rng.bounded(int(sample.size())))];
        QStringList words;
        const int n = 5 + int(rng.bounded(4));
        // Mostly topical words, as a person describing the problem would use.
        for (int i = 0; i < n; ++i)
            words << (rng.bounded(4) == 0 || ct.topical.isEmpty()
                          ? ct.all[rng.bounded(int(ct.all.size()))]
                          : ct.topical[rng.bounded(int(ct.topical.size()))]);
        const QString category = ct.source.section(QLatin1Char('/'), 0, 0);
        if (q % 3 == 0) { // a third name their category, which turns on the filtered attempt
            words.prepend(category);
        } else if (q % 10 == 1) {
            // One in ten names another category, as a user who guessed wrong: the filtered
            // attempt searches the wrong place and the lookup retries unfiltered.
            const int own = int(categoryNames.indexOf(category));
            words.prepend(categoryNames[(own + 7) % kCategories]);
        }
        out.push_back({words.join(QLatin1Char(' ')), ct.source});
    }
    return out;
}

} // namespace raglens::bench
