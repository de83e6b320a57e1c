#include "lookup/query_hint_extractor.h"

#include "lookup/entity_extractor.h"

namespace raglens {

QueryHints QueryHintExtractor::extract(const QString& query, const DomainDictionary& dictionary,
                                       double confidenceBar)
{
    QueryHints hints;
    const std::vector<DomainMatch> matches = dictionary.match(query);
    for (const DomainMatch& m : matches) {
        hints.domains.append(m.category);
        for (const QString& k : m.keywords)
            if (!hints.matchedKeywords.contains(k))
                hints.matchedKeywords.append(k);
    }
    hints.entities = EntityExtractor::extract(query);
    hints.l0MatchCount = int(hints.matchedKeywords.size() + hints.entities.size());
    hints.domainConfidence = DomainDictionary::confidence(matches);
    if (!matches.empty() && hints.domainConfidence >= confidenceBar)
        hints.categoryFilter = matches.front().category;
    return hints;
}

} // namespace raglens
