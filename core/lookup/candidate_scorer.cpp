#include "lookup/candidate_scorer.h"

#include "kb/kb_data.h"
#include "kb/text_tokenizer.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace raglens {

namespace {

/// Identity up to 0.8, then a soft knee towards 1: strong matches keep their order instead
/// of all tying at 1 (a hard clamp made ranking among them arbitrary).
double softCap(double x)
{
    constexpr double knee = 0.8;
    if (x <= knee)
        return std::max(0.0, x);
    return knee + (1.0 - knee) * (1.0 - std::exp(-(x - knee) / (1.0 - knee)));
}

/// The question's own tokens of one script with the translated terms of that script: the
/// question as far as it reads in one language (for the quality: without the terms that
/// help the order only). Empty when nothing was translated into it.
QStringList translatedView(const PreparedQuery& q, bool cjk)
{
    QStringList view;
    for (const QString& t : q.tokens)
        if (TextTokenizer::isCjk(t.at(0)) == cjk)
            view << t;
    const qsizetype own = view.size();
    for (const auto& t : q.translations)
        if (TextTokenizer::isCjk(t.text.at(0)) == cjk && !t.rankOnly)
            view << t.text;
    return view.size() == own ? QStringList() : view;
}

std::vector<std::vector<float>> embedTranslatedViews(const KbData& kb, const PreparedQuery& q)
{
    std::vector<std::vector<float>> out;
    for (const bool cjk : {false, true}) {
        const QStringList view = translatedView(q, cjk);
        if (view.isEmpty())
            continue;
        std::vector<float> e(size_t(kb.embedder->dimension()));
        if (kb.embedder->embedQuery(view.join(QLatin1Char(' ')), view, e.data()))
            out.push_back(std::move(e));
    }
    return out;
}

/// BM25 of the question read in English: its Latin words as typed and the English terms of
/// its Chinese words as translations. Each Chinese word weighs in the reference as one term
/// whose idf is the root mean square of those of its senses the knowledge base holds, so a
/// chunk holding one of its n senses (weight 1/√n) gets 1/√n of the word. Senses the
/// knowledge base does not hold say nothing of a chunk and are left out; a word with none
/// held counts as one rare word (the knowledge base cannot answer it).
Bm25Index::Scores scoreEnglishView(const KbData& kb, const PreparedQuery& q)
{
    QStringList latin;
    for (const QString& t : q.tokens)
        if (!TextTokenizer::isCjk(t.at(0)))
            latin << t;
    struct Senses
    {
        float squares = 0; ///< Σ idf² of the held senses
        int held = 0;
    };
    std::vector<Bm25Index::ExtraTerm> english;
    QHash<QString, Senses> words;
    for (const auto& t : q.translations) {
        if (TextTokenizer::isCjk(t.text.at(0)))
            continue;
        english.push_back({t.text, t.weight});
        Senses& senses = words[t.from];
        if (kb.bm25.documentFrequency(t.text) > 0) {
            senses.squares += std::pow(kb.bm25.termWeight(t.text), 2.0f);
            ++senses.held;
        }
    }
    if (english.empty())
        return {};
    Bm25Index::Scores s = kb.bm25.score(latin, english);
    const float rare = kb.bm25.termWeight(QString());
    for (const Senses& senses : std::as_const(words))
        s.maxPossible += senses.held > 0 ? std::sqrt(senses.squares / float(senses.held)) : rare;
    return s;
}

} // namespace

double CandidateScorer::denseQuality(double ip, const LookupSettings& s)
{
    const double span = std::max(1e-6, s.denseScoreCeiling - s.denseScoreFloor);
    return softCap((ip - s.denseScoreFloor) / span);
}

double CandidateScorer::bm25Quality(double bm25, double reference)
{
    return reference > 0 ? softCap(bm25 / reference) : 0.0;
}

double CandidateScorer::fuse(double qd, double qb, double w)
{
    w = std::clamp(w, 0.0, 1.0);
    return w * qd + (1.0 - w) * qb;
}

PreparedQuery CandidateScorer::prepare(const KbData& kb, const QString& text, bool hybrid,
                                       bool translate)
{
    PreparedQuery q;
    q.text = text;
    q.hybrid = hybrid;
    q.tokens = TextTokenizer::tokenize(text);
    if (translate && hybrid) // only BM25 uses them
        if (const auto dictionary = BilingualDictionary::shared())
            q.translations = dictionary->translate(text, [&kb](const QString& word) {
                // A word's chunks, as near as its bigrams tell: the fewest of any of them.
                // Most words are one bigram: looked up as they are, without tokenizing.
                if (word.size() == 2)
                    return kb.bm25.documentFrequency(word);
                int n = std::numeric_limits<int>::max();
                for (const QString& token : TextTokenizer::tokenize(word))
                    n = std::min(n, kb.bm25.documentFrequency(token));
                return n == std::numeric_limits<int>::max() ? 0 : n;
            });
    // Translations are for BM25 only: added to the embedding they blur a question's own
    // words (git-doc's dense hit@5 fell from 0.57 to 0.31 on the calibration half).
    q.embedding.resize(size_t(kb.embedder->dimension()));
    if (Status embedded = kb.embedder->embedQuery(text, q.tokens, q.embedding.data()); !embedded)
        q.error = embedded.error();
    if (hybrid) {
        std::vector<Bm25Index::ExtraTerm> extra;
        std::vector<Bm25Index::ExtraTerm> judged;
        extra.reserve(q.translations.size());
        for (const auto& t : q.translations) {
            extra.push_back({t.text, t.weight});
            if (!t.rankOnly)
                judged.push_back({t.text, t.weight});
        }
        q.bm25 = kb.bm25.score(q.tokens, extra);
        if (!q.translations.empty()) {
            q.bm25English = scoreEnglishView(kb, q);
            if (!q.bm25English.score.empty()) {
                // Judged as typed, the question keeps only the Chinese terms of its English
                // words: its Chinese words' English terms are judged by the English view.
                std::erase_if(judged, [](const Bm25Index::ExtraTerm& t) {
                    return !TextTokenizer::isCjk(t.token.at(0));
                });
                q.bm25AsTyped = kb.bm25.score(q.tokens, judged);
            } else if (judged.size() != extra.size()) {
                // Without an English view the quality reads bm25, less its order-only terms.
                q.bm25Judged = kb.bm25.score(q.tokens, judged);
            }
            if (q.error.isEmpty())
                q.translatedEmbeddings = embedTranslatedViews(kb, q);
        }
    }
    return q;
}

std::vector<AttemptCandidate> CandidateScorer::search(const KbData& kb, const PreparedQuery& q,
                                                      const LookupSettings& s,
                                                      const std::vector<uint8_t>* allowed)
{
    const int pool = std::max(1, s.candidatePoolSize);
    std::vector<AttemptCandidate> out;
    if (q.tokens.isEmpty())
        return out; // nothing searchable (only punctuation or stop words)
    QSet<int> ids;
    std::vector<int> order;
    for (const VectorHit& h : kb.vectors->search(q.embedding.data(), pool, allowed))
        if (h.score > 0 && !ids.contains(h.id)) {
            ids.insert(h.id);
            order.push_back(h.id);
        }
    if (q.hybrid)
        for (const auto& [id, score] : kb.bm25.top(q.bm25, pool, allowed))
            if (!ids.contains(id)) {
                ids.insert(id);
                order.push_back(id);
            }
    out.reserve(order.size());
    for (int id : order) {
        AttemptCandidate c;
        const ChunkRecord& chunk = kb.chunks[size_t(id)];
        const DocRecord& doc = kb.docs[size_t(chunk.doc)];
        c.evidenceKey = kb.evidenceKey(id);
        c.source = doc.source;
        c.category = doc.category;
        const double ownDense = kb.vectors->dot(q.embedding.data(), id);
        c.denseScore = ownDense;
        for (const auto& view : q.translatedEmbeddings)
            c.denseScore = std::max(c.denseScore, double(kb.vectors->dot(view.data(), id)));
        const double qd = denseQuality(c.denseScore, s);
        if (q.hybrid) {
            c.bm25Score = q.bm25.score.empty() ? 0 : q.bm25.score[size_t(id)];
            const double qb = bm25Quality(c.bm25Score, q.bm25.maxPossible);
            double qbJudged = q.bm25Judged.score.empty()
                                  ? qb
                                  : bm25Quality(q.bm25Judged.score[size_t(id)], q.bm25.maxPossible);
            if (!q.bm25English.score.empty())
                qbJudged = std::max(
                    bm25Quality(q.bm25AsTyped.score[size_t(id)], q.bm25AsTyped.maxPossible),
                    bm25Quality(q.bm25English.score[size_t(id)], q.bm25English.maxPossible));
            c.quality = fuse(qd, qbJudged, s.hybridDenseWeight);
            c.score = fuse(denseQuality(ownDense, s), qb, s.hybridRankDenseWeight);
        } else {
            c.quality = qd;
            c.score = c.denseScore;
        }
        out.push_back(std::move(c));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const AttemptCandidate& a, const AttemptCandidate& b) {
                         if (a.score != b.score)
                             return a.score > b.score;
                         if (a.quality != b.quality)
                             return a.quality > b.quality;
                         return a.evidenceKey < b.evidenceKey;
                     });
    if (int(out.size()) > pool)
        out.resize(size_t(pool));
    for (size_t i = 0; i < out.size(); ++i)
        out[i].rank = int(i) + 1;
    return out;
}

} // namespace raglens
