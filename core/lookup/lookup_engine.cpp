#include "lookup/lookup_engine.h"

#include "common/logging.h"
#include "kb/bilingual_dictionary.h"
#include "kb/kb_data.h"
#include "lookup/candidate_scorer.h"
#include "lookup/evidence_post_processor.h"
#include "lookup/query_hint_extractor.h"
#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cmath>

namespace raglens {

namespace {

constexpr int kMaxQueryChars = 2000;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(LookupEngine)
};

double elapsedMs(const QElapsedTimer& t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

RetrievalAttempt runAttempt(const KbData& kb, const PreparedQuery& q, const LookupSettings& s,
                            const QString& name, const QString& category)
{
    QElapsedTimer timer;
    timer.start();
    RetrievalAttempt a;
    a.name = name;
    a.query = q.text;
    a.categoryFilter = category;
    const std::vector<uint8_t>* filter =
        category.isEmpty() ? nullptr : &kb.categoryBitmap(kb.categoryByName.value(category, -1));
    a.candidates = CandidateScorer::search(kb, q, s, filter);
    a.candidateCount = int(a.candidates.size());
    if (!a.candidates.empty()) {
        a.topScore = a.candidates.front().score;
        // The best quality of any candidate: the rank order need not follow it.
        for (const AttemptCandidate& c : a.candidates)
            a.topSimilarity = std::max(a.topSimilarity, c.quality);
    }
    a.usable = !a.candidates.empty() && a.topSimilarity >= s.minUsableQuality;
    a.durationMs = elapsedMs(timer);
    return a;
}

/// The category filter of the first attempt: the caller's category, else (when automatic
/// categories are on) the one the L0 hints chose; the hints then record what was used.
QString chooseFilter(const LookupRequest& request, const LookupSettings& s, QueryHints& hints)
{
    const bool automatic = request.autoCategory && s.autoCategory;
    QString filter;
    if (!request.category.isEmpty())
        filter = request.category;
    else if (automatic)
        filter = hints.categoryFilter;
    if (request.category.isEmpty() && !automatic)
        hints.categoryFilter.clear();
    else
        hints.categoryFilter = filter;
    return filter;
}

/// The attempt ladder: the filtered search and, when it is not usable, the unfiltered retry;
/// without a filter, one unfiltered search.
void runAttempts(const KbData& kb, const PreparedQuery& prepared, const LookupSettings& s,
                 const QString& filter, RetrievalTrace& trace)
{
    if (filter.isEmpty()) {
        trace.attempts.push_back(runAttempt(kb, prepared, s, vocab::kUnfilteredVector, {}));
        trace.selectedAttempt = vocab::kUnfilteredVector;
        return;
    }
    trace.attempts.push_back(runAttempt(kb, prepared, s, vocab::kFilteredVector, filter));
    const RetrievalAttempt& filtered = trace.attempts.back();
    if (filtered.usable) {
        trace.selectedAttempt = vocab::kFilteredVector;
        return;
    }
    trace.fallbackReason =
        filtered.candidateCount == 0 ? vocab::kFilteredNoEvidence : vocab::kFilteredLowQuality;
    trace.attempts.push_back(runAttempt(kb, prepared, s, vocab::kUnfilteredVectorRetry, {}));
    trace.selectedAttempt = vocab::kUnfilteredVectorRetry;
}

} // namespace

LookupEngine::LookupEngine(std::shared_ptr<const KnowledgeBase> kb) : m_kb(std::move(kb)) {}

LookupResult LookupEngine::lookup(const LookupRequest& request) const
{
    // The bilingual dictionary is read once per process (about 0.15 s): that is start-up,
    // not this lookup's time, which `record` writes to the audit row as its duration.
    if (m_kb && (request.settingsOverride ? request.settingsOverride->translateQueries
                                          : m_kb->settingsSnapshot().translateQueries))
        BilingualDictionary::shared();
    QElapsedTimer timer;
    timer.start();
    LookupResult result;
    result.query = request.query;
    result.toolCallId = request.toolCallId;
    auto failWith = [&](const QString& message) {
        result.evidenceStatus = vocab::kError;
        result.errorMessage = message;
        result.completenessHint = // wire text for the agent: never translated
            QStringLiteral("The lookup failed; no evidence is available.");
        result.durationMs = elapsedMs(timer);
        return result;
    };
    if (!m_kb)
        return failWith(Tr::tr("no knowledge base is loaded"));

    LookupSettings s =
        request.settingsOverride ? *request.settingsOverride : m_kb->settingsSnapshot();
    if (!request.searchMode.isEmpty())
        s.searchMode = request.searchMode;
    if (request.topK > 0)
        s.topK = request.topK;
    result.settings = s;
    result.retrievalTrace.searchMode = s.searchMode;
    if (s.searchMode != vocab::kModeDense && s.searchMode != vocab::kModeHybrid)
        return failWith(
            Tr::tr("unknown search mode \"%1\" (use dense or hybrid)").arg(s.searchMode));
    if (request.topK < 0)
        return failWith(Tr::tr("top-k must be a positive number"));

    const QString query = request.query.trimmed();
    if (query.isEmpty())
        return failWith(Tr::tr("the query is empty"));

    try {
        const KbData& kb = m_kb->data();
        if (!request.category.isEmpty() && !kb.categoryByName.contains(request.category)) {
            QStringList names;
            for (const CategoryRecord& c : kb.categories)
                names.append(c.name);
            return failWith(Tr::tr("unknown category \"%1\" (known: %2)")
                                .arg(request.category, names.join(QStringLiteral(", "))));
        }
        // Very long input (a pasted log) is searched by its head; the trace says so.
        QString searchText = query;
        RetrievalTrace& trace = result.retrievalTrace;
        if (searchText.size() > kMaxQueryChars)
            searchText = searchText.left(kMaxQueryChars);
        trace.queryHints =
            QueryHintExtractor::extract(searchText, kb.dictionary, s.domainConfidence);
        if (searchText != query)
            trace.queryHints.rewrittenQuery = searchText;
        const QString filter = chooseFilter(request, s, trace.queryHints);

        const PreparedQuery prepared = CandidateScorer::prepare(
            kb, searchText, s.searchMode == vocab::kModeHybrid, s.translateQueries);
        if (!prepared.error.isEmpty())
            return failWith(Tr::tr("the question could not be embedded: %1").arg(prepared.error));
        // Punctuation, symbols or only the commonest words: nothing a search can match. Said
        // as an error of the question, like an empty one, not as a gap in the knowledge base
        // ("nothing relevant"), which the empty-retrieval rate would count.
        const bool noVector = std::all_of(prepared.embedding.begin(), prepared.embedding.end(),
                                          [](float v) { return v == 0.0F; });
        if (prepared.tokens.isEmpty() && prepared.translations.empty() && noVector)
            return failWith(Tr::tr("the question has no words to search for (only punctuation, "
                                   "symbols or the commonest words); rephrase it"));
        for (const auto& t : prepared.translations)
            // Six decimals: the float's binary tail (0.3499999940…) is no part of the weight.
            trace.queryTranslations.push_back(
                {t.text, t.from, std::round(double(t.weight) * 1e6) / 1e6, t.rankOnly});
        runAttempts(kb, prepared, s, filter, trace);
        const RetrievalAttempt& selected = trace.attempts.back();
        result.evidenceCandidateCount = selected.candidateCount;
        EvidencePostProcessor::process(kb, selected.candidates, s, result);
    } catch (const std::exception& e) {
        qCWarning(lcLookup) << "lookup failed:" << e.what();
        return failWith(Tr::tr("the lookup failed: %1").arg(QString::fromLocal8Bit(e.what())));
    }
    result.durationMs = elapsedMs(timer);
    return result;
}

} // namespace raglens
