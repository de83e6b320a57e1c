#pragma once
// DomainDictionary: the L0 vocabulary of a KB, built at ingest. Per category: its name,
// aliases (from _category.json or front matter) and its most distinctive terms (frequent
// in the category, rare elsewhere). match() scores a query against every category.

#include "common/json_qt.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace raglens {

struct DomainEntry
{
    QString category;
    QStringList aliases;
    QString description;
    QStringList distinctiveTerms;
};

struct DomainMatch
{
    QString category;
    double score = 0;
    QStringList keywords; ///< the aliases / terms that matched
};

class DomainDictionary
{
public:
    static constexpr double kAliasWeight = 1.0;
    static constexpr double kNameWeight = 1.0;
    static constexpr double kTermWeight = 0.35;
    static constexpr int kDistinctiveTerms = 30;
    static constexpr size_t kMaxSampledChunks = 1500;

    /// categoryTokens[i] = tokenised chunks of category i (entries[i]).
    void build(std::vector<DomainEntry> entries,
               const std::vector<std::vector<QStringList>>& categoryTokens);
    const std::vector<DomainEntry>& entries() const { return m_entries; }

    /// Categories with a non-zero score, best first.
    std::vector<DomainMatch> match(const QString& query) const;
    /// Confidence of the best match in 0..1: saturating in its score and discounted when
    /// a runner-up scores close to it.
    static double confidence(const std::vector<DomainMatch>& matches);

    nlohmann::json toJson() const;
    static DomainDictionary fromJson(const nlohmann::json& j);

private:
    std::vector<DomainEntry> m_entries;
};

} // namespace raglens
