#include "replay/recorded_lookup.h"

#include "common/logging.h"
#include "interpret/invocation_facts.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

namespace raglens {

using json_util::optionalValue;
using json_util::value;
using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(RecordedLookup)
};

// input_params keys the console, the CLI and production agents use for the same thing.
QString firstString(const json& params, std::initializer_list<const char*> keys)
{
    for (const char* key : keys) {
        const QString v = value<QString>(params, key);
        if (!v.isEmpty())
            return v;
    }
    return {};
}

std::optional<int> firstInt(const json& params, std::initializer_list<const char*> keys)
{
    for (const char* key : keys)
        if (auto v = optionalValue<int>(params, key))
            return v;
    return std::nullopt;
}

std::optional<LookupResult> parseFullTrace(const json& j)
{
    if (!j.is_object() || j.empty())
        return std::nullopt;
    try {
        return j.get<LookupResult>();
    } catch (const json::exception& e) {
        qCWarning(lcTrace) << "unreadable full trace sample:" << e.what();
        return std::nullopt;
    }
}

void fillFromFullTrace(RecordedLookup& r, const LookupResult& full)
{
    r.fromFullTrace = true;
    if (!full.query.isEmpty()) {
        r.query = full.query;
        r.queryMayBeTruncated = false;
    }
    const RetrievalTrace& t = full.retrievalTrace;
    r.searchMode = t.searchMode.isEmpty() ? full.settings.searchMode : t.searchMode;
    r.selectedAttempt = t.selectedAttempt;
    r.fallbackReason = t.fallbackReason;
    r.categoryFilter = t.queryHints.categoryFilter;
    for (const RetrievalAttempt& a : t.attempts)
        if (r.categoryFilter.isEmpty() && !a.categoryFilter.isEmpty())
            r.categoryFilter = a.categoryFilter;
    r.relevanceLevel =
        vocab::isRelevanceLevel(full.relevanceLevel) ? full.relevanceLevel : QString();
    r.evidenceStatus = full.evidenceStatus;
    r.evidence.clear();
    int rank = 0;
    for (const EvidenceBlock& b : full.evidenceBlocks) {
        ++rank;
        r.evidence.push_back({b.evidenceKey, b.rank > 0 ? b.rank : rank, b.quality});
    }
    r.attempts.clear();
    for (const RetrievalAttempt& a : t.attempts)
        r.attempts.push_back({a.name, a.topSimilarity, a.candidateCount, a.usable});
    if (!full.evidenceBlocks.empty())
        r.bestQuality = full.bestQuality();
}

void fillFromDetails(RecordedLookup& r, const TraceInvocation& inv)
{
    const RetrievalDetailsV1& d = inv.details;
    r.searchMode = d.searchMode;
    r.selectedAttempt = d.selectedAttempt;
    r.fallbackReason = d.retryReason;
    r.categoryFilter = d.categoryFilter;
    for (int i = 0; i < d.evidenceKeys.size(); ++i)
        r.evidence.push_back({d.evidenceKeys.at(i), i + 1, std::nullopt});
    for (const DetailsAttempt& a : d.attempts)
        if (!a.name.isEmpty())
            r.attempts.push_back({a.name, a.topSimilarity, a.candidateCount, a.usable});
    // The bounded row has no per-key quality; the selected attempt's top similarity is the
    // best quality the lookup saw.
    for (const RecordedAttempt& a : r.attempts)
        if (a.name == r.selectedAttempt && a.topSimilarity)
            r.bestQuality = a.topSimilarity;
}

} // namespace

RecordedLookup lookupOf(const LookupResult& result)
{
    RecordedLookup r;
    r.query = result.query;
    fillFromFullTrace(r, result);
    // Without evidence, the best quality seen is the selected attempt's top similarity.
    if (result.evidenceBlocks.empty())
        if (const RetrievalAttempt* a = result.selectedAttempt(); a && a->candidateCount > 0)
            r.bestQuality = a->topSimilarity;
    return r;
}

RecordedLookup recordedLookupOf(const TraceInvocation& inv)
{
    RecordedLookup r;
    const json& params = inv.inputParams;
    r.query = firstString(params, {"query", "question", "q"});
    // The sanitiser cuts text at 160 characters; a preview that long may have lost its end.
    r.queryMayBeTruncated = r.query.size() >= 160;
    r.topK = firstInt(params, {"top_k", "topK"});
    r.explicitCategory = firstString(params, {"category", "category_filter"});

    fillFromDetails(r, inv);
    if (auto full = parseFullTrace(inv.fullTrace)) {
        fillFromFullTrace(r, *full);
    } else if (!inv.fullTraceError.isEmpty()) {
        r.notes << Tr::tr("The full-trace sample is not valid JSON (%1); compared with the audit "
                          "row.")
                       .arg(inv.fullTraceError);
    } else if (!inv.fullTrace.is_null() && !inv.fullTrace.empty()) {
        r.notes << Tr::tr("The full-trace sample could not be read; compared with the audit row.");
    }

    const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
    if (!r.fromFullTrace) // the recorded row's effective status, legacy rows included
        r.evidenceStatus = interpret::evidenceStatusName(facts.evidenceStatus);
    // The level is the row's, as the trace, the findings and every filter read it: the
    // column (a legacy row's evidence status in it is no level), never the details' copy
    // or the sample's, which said PRECISE beside the note that the row has no level.
    r.relevanceLevel = facts.relevanceLevel;
    if (inv.legacyRelevanceLevel)
        r.notes << Tr::tr("Legacy row: its relevance_level held an evidence status, read as no "
                          "relevance level.");
    if (!inv.retrievalDetailsError.isEmpty() && !r.fromFullTrace)
        r.notes << Tr::tr("The recorded retrieval details are malformed (%1); only the columns "
                          "were compared.")
                       .arg(inv.retrievalDetailsError);
    if (r.queryMayBeTruncated)
        r.notes << Tr::tr("The recorded query is a 160-character preview and may have been cut; "
                          "the replay used the preview.");
    return r;
}

} // namespace raglens
