#pragma once
// BilingualDictionary: Chinese ↔ English term translation for cross-lingual lookups, from
// CC-CEDICT (CC BY-SA 4.0; the build fetches it, see cmake/RaglensDictionary.cmake). A Chinese
// question over English runbooks shares no token with them, nor does an English question
// over Chinese ones; the dictionary adds the other language's terms to the query, each
// with a weight of at most 1 (shared when a word has several) so that a translation never
// outweighs the words the user typed.
//
// Chinese text is segmented by forward maximum matching over the headwords (two
// characters or more: single characters are too ambiguous to translate). A word's
// English terms come from its first senses, or from its computing senses when it has any
// ("日志": journal / log (computing) → "log"). English words are matched by their Porter
// stem against senses that are one word long, computing senses first, then against
// two-word senses by their last word ("software package" → 软件包). An English word has
// many Chinese words, most of them foreign to a given field ("file": 入禀, 卷宗, 文件, 档案…):
// given the knowledge base's word counts, the word it uses most is chosen, its count damped a
// little by its place in the dictionary's list.
//
// Loaded once per process on first use; absent (not built, unreadable) means lookups work
// as before, without translation.

#include "common/error.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace raglens {

class BilingualDictionary
{
public:
    struct Term
    {
        QString text; ///< a token in the other language, as TextTokenizer gives it
        float weight; ///< > 0: ≤ 1 for a word, more for the bigram across two translated words
        QString from; ///< the word of the query it translates
        /// Helps the order of candidates only, never their quality: a runner-up word.
        bool rankOnly = false;
    };

    /// Reads a compiled table (save()) or parses a CC-CEDICT table, "headword TAB sense TAB
    /// sense…"; parsing takes seconds, so the build ships the compiled form.
    static Expected<std::shared_ptr<const BilingualDictionary>> load(const QString& path);
    /// Writes the compiled table: one line per Chinese word ("Z", word, English terms) and
    /// per English stem ("E", stem, Chinese words), read back without any parsing of senses.
    Status save(const QString& path) const;
    /// The table next to the program (share/raglens) or in the build tree; RAGLENS_DICTIONARY
    /// overrides, and RAGLENS_DICTIONARY=off disables translation.
    static QString defaultPath();
    /// The process-wide dictionary from defaultPath(), loaded on first call; null when there
    /// is none (the reason is logged once).
    static std::shared_ptr<const BilingualDictionary> shared();

    /// How many chunks of a knowledge base hold a word of the other language; 0 = none.
    using WordCount = std::function<int(const QString& word)>;

    /// Terms of the other language for the words of `query`, heaviest first. With
    /// `chunksHolding`, an English word's Chinese words are those the knowledge base uses,
    /// most used first (count / (1 + place in the dictionary's list)^0.25); without it, the
    /// dictionary's first ones.
    std::vector<Term> translate(const QString& query, const WordCount& chunksHolding = {}) const;

    int headwords() const { return int(m_zh.size()); }

private:
    /// Where one entry's key and values lie in m_bytes.
    struct Slice
    {
        int keyStart, keyLength, valueStart, valueLength;
    };
    static Expected<std::shared_ptr<const BilingualDictionary>> fromCompiled(QByteArray bytes,
                                                                             const QString& name);
    QByteArrayView key(const Slice& s) const;
    QStringList find(const std::vector<Slice>& table, const QString& key) const;
    void appendChinese(const QString& run, std::vector<Term>& out) const;
    QString appendEnglish(const QString& token, const WordCount& chunksHolding,
                          std::vector<Term>& out) const;

    QByteArray m_bytes;      ///< the compiled table, as save() writes it
    std::vector<Slice> m_zh; ///< Chinese word → English tokens, best first; sorted by key
    std::vector<Slice> m_en; ///< English stem → Chinese words, best first; sorted by key
    int m_longestHead = 1;
};

} // namespace raglens
