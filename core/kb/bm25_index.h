#pragma once
// Bm25Index: an inverted index over the same chunks as the vector index, for the lexical
// half of hybrid search. Okapi BM25 (k1 = 1.2, b = 0.75). Besides raw scores it knows the
// best score a query could reach, so scores can be normalised to 0..1 absolutely (a
// query full of words the KB never saw stays low, instead of being rescaled to 1).

#include "common/error.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace raglens {

class Bm25Index
{
public:
    static constexpr float kK1 = 1.2f;
    static constexpr float kB = 0.75f;
    static constexpr float kUnknownCjkWeight = 0.3f;

    struct Scores
    {
        std::vector<float> score; ///< one per chunk id (0 = no term matched)
        std::vector<int> touched; ///< ids with a non-zero score
        float maxPossible = 0;    ///< score of a chunk holding every query term once (Σ idf)
        int matchedTerms = 0;     ///< distinct query terms present in the KB
    };

    /// How tokens become index terms. A knowledge base records its form in the manifest
    /// (absent = Words, as every KB built before stemming), and queries follow the index.
    enum class TermForm
    {
        Words,       ///< the tokenizer's tokens as they are
        PorterStems, ///< English words reduced to their Porter stem
    };
    static QString termFormName(TermForm form);
    static std::optional<TermForm> termFormFromName(const QString& name);
    void setTermForm(TermForm form) { m_form = form; }
    TermForm termForm() const { return m_form; }

    /// A term added to a query from elsewhere (a translation), weighted below the query's own.
    struct ExtraTerm
    {
        QString token;
        float weight;
    };

    /// Tokens as the tokenizer gives them; the index turns them into its terms.
    void build(const std::vector<QStringList>& tokenizedChunks);
    /// `extra` terms add to chunk scores but not to maxPossible or matchedTerms: they help
    /// rank, while the quality scale stays that of the words the user typed.
    Scores score(const QStringList& queryTokens, const std::vector<ExtraTerm>& extra = {}) const;
    /// Top-k ids by score among `touched`, optionally restricted by a bitmap.
    std::vector<std::pair<int, float>> top(const Scores& scores, int k,
                                           const std::vector<uint8_t>* allowed = nullptr) const;
    int documentCount() const { return int(m_docLength.size()); }
    /// How many chunks hold `token` (as the tokenizer gives it); 0 when none does.
    int documentFrequency(const QString& token) const;
    /// The idf `token` adds to maxPossible; that of a term no chunk holds when it is unknown.
    float termWeight(const QString& token) const { return idf(documentFrequency(token)); }

    QByteArray save() const;
    Status restore(const QByteArray& bytes);

private:
    float idf(int df) const;
    QString term(const QString& token) const;
    void addPostings(Scores& s, int termIndex, float weight) const;

    TermForm m_form = TermForm::Words;
    struct Posting
    {
        qint32 id;
        quint16 tf;
    };
    QHash<QString, int> m_terms; ///< term → index into m_postings
    std::vector<std::vector<Posting>> m_postings;
    std::vector<quint16> m_docLength;
    float m_avgLength = 1;
};

} // namespace raglens
