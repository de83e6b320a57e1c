#include "kb/domain_dictionary.h"

#include "kb/text_tokenizer.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace raglens {

namespace {

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

/// Phrase match on word boundaries for Latin aliases, plain substring for CJK ones.
bool containsPhrase(const QString& haystack, const QString& phrase)
{
    if (phrase.isEmpty())
        return false;
    const bool cjk = TextTokenizer::isCjk(phrase.at(0));
    qsizetype from = 0;
    while (true) {
        const qsizetype pos = haystack.indexOf(phrase, from);
        if (pos < 0)
            return false;
        if (cjk)
            return true;
        const bool startOk = pos == 0 || !isWordChar(haystack.at(pos - 1));
        const qsizetype end = pos + phrase.size();
        const bool endOk = !isWordChar(phrase.back()) || end >= haystack.size() ||
                           !isWordChar(haystack.at(end)) ||
                           // plural of the alias ("pods", "brokers") still counts
                           ((haystack.at(end) == QLatin1Char('s')) &&
                            (end + 1 >= haystack.size() || !isWordChar(haystack.at(end + 1))));
        if (startOk && endOk)
            return true;
        from = pos + 1;
    }
}

} // namespace

void DomainDictionary::build(std::vector<DomainEntry> entries,
                             const std::vector<std::vector<QStringList>>& categoryTokens)
{
    m_entries = std::move(entries);
    // Chunk-level document frequency of each term per category.
    std::vector<QHash<QString, int>> df(m_entries.size());
    QHash<QString, int> categoriesWithTerm;
    for (size_t c = 0; c < m_entries.size() && c < categoryTokens.size(); ++c) {
        // Distinctive terms are a statistic: an even sample of a large category's chunks
        // finds the same ones and keeps ingest linear.
        const size_t total = categoryTokens[c].size();
        const size_t step = std::max<size_t>(1, total / kMaxSampledChunks);
        for (size_t i = 0; i < total; i += step) {
            const QStringList& chunk = categoryTokens[c][i];
            QSet<QString> seen;
            for (const QString& t : chunk)
                if (t.size() >= 3 || TextTokenizer::isCjk(t.at(0)))
                    seen.insert(t);
            for (const QString& t : seen)
                ++df[c][t];
        }
        for (auto it = df[c].cbegin(); it != df[c].cend(); ++it)
            ++categoriesWithTerm[it.key()];
    }
    const double nCat = double(m_entries.size());
    for (size_t c = 0; c < m_entries.size(); ++c) {
        const size_t total = c < categoryTokens.size() ? categoryTokens[c].size() : 0;
        const double chunks = double((total + std::max<size_t>(1, total / kMaxSampledChunks) - 1) /
                                     std::max<size_t>(1, total / kMaxSampledChunks));
        if (chunks == 0)
            continue;
        std::vector<std::pair<double, QString>> scored;
        for (auto it = df[c].cbegin(); it != df[c].cend(); ++it) {
            const int spread = categoriesWithTerm.value(it.key());
            // Numbers alone ("30000", "2") say nothing about a domain.
            bool numeric = false;
            it.key().toDouble(&numeric);
            if (numeric || it.value() < 2 || spread > std::max(1.0, nCat / 4))
                continue;
            const double score = (it.value() / chunks) * std::log((1.0 + nCat) / spread);
            scored.emplace_back(score, it.key());
        }
        std::sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
        QStringList terms;
        for (size_t i = 0; i < scored.size() && int(i) < kDistinctiveTerms; ++i)
            terms.append(scored[i].second);
        m_entries[c].distinctiveTerms = terms;
    }
}

std::vector<DomainMatch> DomainDictionary::match(const QString& query) const
{
    std::vector<DomainMatch> out;
    const QString norm = TextTokenizer::normalize(query);
    const QStringList tokens = TextTokenizer::tokenize(query);
    const QSet<QString> tokenSet(tokens.cbegin(), tokens.cend());
    for (const DomainEntry& e : m_entries) {
        DomainMatch m;
        m.category = e.category;
        QSet<QString> used; // a word counted once, whether as alias, name or term
        const QString name = e.category.toLower();
        const QString spacedName = QString(name).replace(QLatin1Char('-'), QLatin1Char(' '));
        if (containsPhrase(norm, name) || containsPhrase(norm, spacedName)) {
            m.score += kNameWeight;
            m.keywords.append(name);
            used.insert(name);
        }
        // Longest aliases first, so "connection pool" claims its words before "pool".
        QStringList aliases = e.aliases;
        std::stable_sort(aliases.begin(), aliases.end(),
                         [](const QString& x, const QString& y) { return x.size() > y.size(); });
        for (const QString& alias : aliases) {
            const QString a = TextTokenizer::normalize(alias);
            if (a.isEmpty() || used.contains(a) || !containsPhrase(norm, a))
                continue;
            const QStringList parts = TextTokenizer::tokenize(a);
            if (!parts.isEmpty() && std::all_of(parts.cbegin(), parts.cend(),
                                                [&](const QString& p) { return used.contains(p); }))
                continue;
            // Multi-word aliases are stronger evidence than a single word.
            m.score += kAliasWeight * (a.contains(QLatin1Char(' ')) ? 1.2 : 1.0);
            m.keywords.append(a);
            used.insert(a);
            for (const QString& part : parts)
                used.insert(part);
        }
        for (const QString& term : e.distinctiveTerms) {
            if (used.contains(term) || !tokenSet.contains(term))
                continue;
            m.score += kTermWeight;
            m.keywords.append(term);
            used.insert(term);
        }
        if (m.score > 0)
            out.push_back(std::move(m));
    }
    std::sort(out.begin(), out.end(), [](const DomainMatch& a, const DomainMatch& b) {
        return a.score != b.score ? a.score > b.score : a.category < b.category;
    });
    return out;
}

double DomainDictionary::confidence(const std::vector<DomainMatch>& matches)
{
    if (matches.empty())
        return 0;
    const double s1 = matches[0].score;
    const double s2 = matches.size() > 1 ? matches[1].score : 0;
    return (s1 / (s1 + s2)) * (1.0 - std::exp(-s1));
}

nlohmann::json DomainDictionary::toJson() const
{
    nlohmann::json arr = nlohmann::json::array();
    for (const DomainEntry& e : m_entries)
        arr.push_back({{"category", e.category},
                       {"aliases", e.aliases},
                       {"description", e.description},
                       {"distinctiveTerms", e.distinctiveTerms}});
    return {{"categories", arr}};
}

DomainDictionary DomainDictionary::fromJson(const nlohmann::json& j)
{
    DomainDictionary d;
    if (!j.is_object() || !j.contains("categories") || !j["categories"].is_array())
        return d;
    for (const auto& item : j["categories"]) {
        DomainEntry e;
        e.category = json_util::value<QString>(item, "category");
        e.aliases = json_util::value<QStringList>(item, "aliases");
        e.description = json_util::value<QString>(item, "description");
        e.distinctiveTerms = json_util::value<QStringList>(item, "distinctiveTerms");
        if (!e.category.isEmpty())
            d.m_entries.push_back(std::move(e));
    }
    return d;
}

} // namespace raglens
