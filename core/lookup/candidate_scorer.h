#pragma once
// CandidateScorer: runs one search (dense or hybrid) for an attempt and turns raw engine
// scores into qualities in 0..1.
//   dense quality  qd = cap((ip − floor) / (ceiling − floor))
//   BM25 quality   qb = cap(bm25 / Σ idf(query terms))
//   hybrid quality q  = w · qd + (1 − w) · qb        (w = hybridDenseWeight)
//   hybrid rank score = r · qd + (1 − r) · qb        (r = hybridRankDenseWeight)
// Candidates are ordered by the rank score; thresholds judge the quality. Keeping the two
// apart lets BM25 lead the order without weakening the out-of-domain guard of the dense
// signal.
// cap(x) = 0 below 0, x up to 0.8, then 0.8 + 0.2 · (1 − e^(−(x − 0.8) / 0.2)) < 1.
// Both maps are strictly increasing above 0, so q is monotone in each signal. Hybrid candidates are
// the union of the dense top-N and the BM25 top-N; each is scored on both signals.
//
// A question with translations is also judged in translation, for the quality only (the
// rank score keeps the question's own BM25 quality):
//   qd uses the best inner product of the question and of its translated views (the
//      question's Latin words with the English terms of its Chinese words, and its Chinese
//      words with the Chinese terms of its English words);
//   qb is the better of two readings: the question as typed with only its English words'
//      Chinese terms, and the English view (its Latin words with its Chinese words' English
//      terms), whose reference counts each Chinese word once, as one term of its held
//      senses' root-mean-square idf (a chunk holding one of n senses gets 1/√n of the word).
//      Judged on its own words, a Chinese question reaches only a fraction of an English
//      runbook's quality, however well the runbook answers it: its bigrams fill the
//      reference, and translations score below them.

#include "kb/bilingual_dictionary.h"
#include "kb/bm25_index.h"
#include "model/lookup_result.h"

#include <vector>

namespace raglens {

struct KbData;

struct PreparedQuery
{
    QString text;
    QStringList tokens;
    std::vector<BilingualDictionary::Term> translations; ///< the other language's terms
    std::vector<float> embedding;
    std::vector<std::vector<float>> translatedEmbeddings; ///< see the header comment
    Bm25Index::Scores bm25;                               ///< computed once, shared by all attempts
    /// The question's Latin words and its Chinese words' English terms; empty without any.
    Bm25Index::Scores bm25English;
    /// With bm25English: the question as typed with only its English words' Chinese terms.
    Bm25Index::Scores bm25AsTyped;
    /// Without bm25English: bm25 less the terms that help the order only (Term::rankOnly),
    /// which the quality never counts; empty when there are none.
    Bm25Index::Scores bm25Judged;
    QString error; ///< why the question could not be embedded (a remote model)
    bool hybrid = true;
};

class CandidateScorer
{
public:
    static double denseQuality(double innerProduct, const LookupSettings& s);
    static double bm25Quality(double bm25, double reference);
    static double fuse(double denseQuality, double bm25Quality, double denseWeight);

    static PreparedQuery prepare(const KbData& kb, const QString& text, bool hybrid,
                                 bool translate = false);
    /// Candidates best first, ranked, at most settings.candidatePoolSize.
    static std::vector<AttemptCandidate> search(const KbData& kb, const PreparedQuery& query,
                                                const LookupSettings& settings,
                                                const std::vector<uint8_t>* allowed);
};

} // namespace raglens
