#pragma once
// QueryHintExtractor: L0 of the lookup. Matches the query against the KB's domain
// dictionary and extracts entities; the best domain above the confidence bar becomes
// the category filter.

#include "kb/domain_dictionary.h"
#include "model/lookup_result.h"

namespace raglens {

class QueryHintExtractor
{
public:
    static QueryHints extract(const QString& query, const DomainDictionary& dictionary,
                              double confidenceBar);
};

} // namespace raglens
