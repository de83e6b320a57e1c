#pragma once
// SyntheticCorpus: deterministic Markdown source trees of any size for raglens-bench.
// 20 categories × 25 topics; every topic has its own 60 pseudo-words. A document has a
// main topic (70 % of its sections; the rest pick another topic of the category) and
// 10 sections of 5 sentences; 55 % of the words come from the section's topic
// (Zipf-distributed), 45 % from a shared Zipf vocabulary of 3,000 pseudo-words, plus one
// error-code-like identifier per document. Queries are drawn from random chunks (5–8
// of their words, mostly topical; a third prefixed with the category name so the
// filtered attempt runs, one in ten with another category's name so it runs in the wrong
// place and the lookup retries), so every query has a known source.

#include <QString>
#include <QStringList>

#include <vector>

namespace raglens::bench {

struct SyntheticQuery
{
    QString text;
    QString source;
};

class SyntheticCorpus
{
public:
    static constexpr int kCategories = 20;
    static constexpr int kChunksPerDoc = 10;
    static constexpr int kTopicsPerCategory = 25;

    /// Writes about `chunks` chunks worth of documents under dir; returns the queries.
    static std::vector<SyntheticQuery> write(const QString& dir, int chunks, int queries,
                                             quint32 seed = 42);
};

} // namespace raglens::bench
