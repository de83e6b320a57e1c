#pragma once
// TextTokenizer: one tokenisation shared by the embedder, BM25 and the L0 dictionary, so a
// term means the same thing everywhere. Latin text → lower-case word tokens (stop words
// dropped, no stemming: on the git-doc evaluation even a plural strip cost hit@5);
// CJK runs → character bigrams (a lone character stays a unigram), because Chinese has
// no spaces and bigrams are the usual robust unit.

#include <QString>
#include <QStringList>

namespace raglens {

class TextTokenizer
{
public:
    /// Index/query terms.
    static QStringList tokenize(const QString& text);
    /// Same, keeping stop words (for phrase matching in the L0 dictionary).
    static QStringList tokenizeAll(const QString& text);
    static bool isCjk(QChar c);
    static bool isCjk(char32_t c);
    /// Length that weighs a CJK character like ~3 Latin characters (one CJK character
    /// carries about as much meaning as a short word), used by the chunker.
    static int effectiveLength(const QString& text);
    /// Lower-cased, whitespace-collapsed text for substring matching.
    static QString normalize(const QString& text);
    static bool isStopWord(const QString& token);
};

} // namespace raglens
