#include "kb/text_tokenizer.h"

#include <QSet>

namespace raglens {

namespace {

const QSet<QString>& stopWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        for (const char* w :
             {"a", "an", "the", "and", "or", "but", "if", "then", "else", "of", "to", "in", "on",
              "at", "by", "for", "with", "from", "as", "is", "are", "was", "were", "be", "been",
              "being", "it", "its", "this", "that", "these", "those", "i", "we", "you", "he", "she",
              "they", "me", "my", "our", "your", "their", "do", "does", "did", "doing", "how",
              "what", "why", "when", "where", "which", "who", "can", "could", "should", "would",
              "will", "shall", "may", "might", "must", "has", "have", "had", "not", "no", "so",
              "than", "too", "very", "there", "here", "into", "out", "up", "down", "about", "after",
              "before", "all", "any", "some", "each", "other", "such", "only", "own", "same",
              "also", "just", "more", "most", "get", "got", "use", "used", "using", "via", "per",
              "e", "g", "eg", "ie", "etc", "vs", "one", "two", "it's", "don", "t", "s", "am", "him",
              "her", "them", "us", "while", "because", "over", "under", "again", "further", "once",
              "的", "了", "是", "在", "和", "与", "或",
              // CJK question filler, as bigrams: carries no topic
              "怎么", "么办", "一直", "如何", "什么", "为什", "么会", "请问", "是否", "可以",
              "一下", "怎样", "哪些", "我们", "我的", "这个", "那个", "应该", "需要", "么样",
              "为何", "总是", "经常", "时候"})
            s.insert(QString::fromUtf8(w));
        return s;
    }();
    return words;
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

QStringList tokenizeImpl(const QString& text, bool keepStop)
{
    QStringList out;
    const QString lower = text.toLower();
    const qsizetype n = lower.size();
    qsizetype i = 0;
    while (i < n) {
        const QChar c = lower.at(i);
        if (c.isHighSurrogate() && i + 1 < n) {
            const char32_t cp = QChar::surrogateToUcs4(c, lower.at(i + 1));
            i += 2;
            if (TextTokenizer::isCjk(cp))
                out.append(QString::fromUcs4(&cp, 1));
            continue;
        }
        if (TextTokenizer::isCjk(c)) {
            qsizetype j = i;
            while (j < n && TextTokenizer::isCjk(lower.at(j)))
                ++j;
            const qsizetype len = j - i;
            if (len == 1) {
                const QString u = lower.mid(i, 1);
                if (keepStop || !stopWords().contains(u))
                    out.append(u);
            } else {
                for (qsizetype k = i; k + 1 < j; ++k) {
                    const QString bigram = lower.mid(k, 2);
                    if (keepStop || !stopWords().contains(bigram))
                        out.append(bigram);
                }
            }
            i = j;
            continue;
        }
        if (isWordChar(c)) {
            qsizetype j = i;
            while (j < n && isWordChar(lower.at(j)) && !TextTokenizer::isCjk(lower.at(j)))
                ++j;
            QString w = lower.mid(i, j - i);
            i = j;
            if (w.size() > 64)
                w.truncate(64); // base64 blobs and hashes: keep a prefix, bound the vocabulary
            if (!keepStop && stopWords().contains(w))
                continue;
            out.append(w);
            continue;
        }
        ++i;
    }
    return out;
}

} // namespace

bool TextTokenizer::isCjk(char32_t u)
{
    return (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3400 && u <= 0x4DBF) ||
           (u >= 0x3040 && u <= 0x30FF) || (u >= 0xAC00 && u <= 0xD7AF) ||
           (u >= 0xF900 && u <= 0xFAFF) || (u >= 0x20000 && u <= 0x2FA1F);
}

bool TextTokenizer::isCjk(QChar c)
{
    return isCjk(char32_t(c.unicode()));
}

QStringList TextTokenizer::tokenize(const QString& text)
{
    return tokenizeImpl(text, false);
}

QStringList TextTokenizer::tokenizeAll(const QString& text)
{
    return tokenizeImpl(text, true);
}

bool TextTokenizer::isStopWord(const QString& token)
{
    return stopWords().contains(token);
}

int TextTokenizer::effectiveLength(const QString& text)
{
    int len = 0;
    for (QChar c : text)
        len += isCjk(c) ? 3 : 1;
    return len;
}

QString TextTokenizer::normalize(const QString& text)
{
    return text.toLower().simplified();
}

} // namespace raglens
