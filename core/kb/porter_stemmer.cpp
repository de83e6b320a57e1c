#include "kb/porter_stemmer.h"

#include <string>
#include <string_view>

namespace raglens {

namespace {

/// One word being stemmed: `w` is the whole word, `k` the length of the current stem
/// candidate when a suffix is tested (the letters before the suffix).
class Stemmer
{
public:
    explicit Stemmer(std::string word) : w(std::move(word)) {}

    std::string run()
    {
        step1a();
        step1b();
        step1c();
        step2();
        step3();
        step4();
        step5();
        return w;
    }

private:
    std::string w;

    bool consonant(size_t i) const
    {
        switch (w[i]) {
        case 'a':
        case 'e':
        case 'i':
        case 'o':
        case 'u':
            return false;
        case 'y':
            return i == 0 || !consonant(i - 1);
        default:
            return true;
        }
    }

    /// The measure m of w[0, len): the number of vowel-consonant sequences.
    int measure(size_t len) const
    {
        int m = 0;
        size_t i = 0;
        while (i < len && consonant(i))
            ++i;
        while (i < len) {
            while (i < len && !consonant(i))
                ++i;
            if (i >= len)
                break;
            while (i < len && consonant(i))
                ++i;
            ++m;
        }
        return m;
    }

    bool hasVowel(size_t len) const
    {
        for (size_t i = 0; i < len; ++i)
            if (!consonant(i))
                return true;
        return false;
    }

    bool doubleConsonant(size_t len) const
    {
        return len >= 2 && w[len - 1] == w[len - 2] && consonant(len - 1);
    }

    /// *o: w[0, len) ends consonant-vowel-consonant, the last not w, x or y.
    bool cvc(size_t len) const
    {
        if (len < 3 || !consonant(len - 1) || consonant(len - 2) || !consonant(len - 3))
            return false;
        const char c = w[len - 1];
        return c != 'w' && c != 'x' && c != 'y';
    }

    bool endsWith(std::string_view suffix) const
    {
        return w.size() >= suffix.size() &&
               std::string_view(w).substr(w.size() - suffix.size()) == suffix;
    }

    size_t stemLength(std::string_view suffix) const { return w.size() - suffix.size(); }

    void replaceEnd(std::string_view suffix, std::string_view by)
    {
        w.replace(stemLength(suffix), suffix.size(), by);
    }

    /// Replaces `suffix` by `by` when the stem before it has a measure above `minMeasure`.
    /// Returns whether the suffix matched (so the caller stops looking at other rules).
    bool rule(std::string_view suffix, std::string_view by, int minMeasure)
    {
        if (!endsWith(suffix))
            return false;
        if (measure(stemLength(suffix)) > minMeasure)
            replaceEnd(suffix, by);
        return true;
    }

    void step1a()
    {
        if (endsWith("sses"))
            replaceEnd("sses", "ss");
        else if (endsWith("ies"))
            replaceEnd("ies", "i");
        else if (endsWith("ss"))
            return;
        else if (endsWith("s"))
            w.pop_back();
    }

    void step1b()
    {
        if (endsWith("eed")) {
            if (measure(stemLength("eed")) > 0)
                w.pop_back();
            return;
        }
        std::string_view cut;
        if (endsWith("ed") && hasVowel(stemLength("ed")))
            cut = "ed";
        else if (endsWith("ing") && hasVowel(stemLength("ing")))
            cut = "ing";
        else
            return;
        w.resize(stemLength(cut));
        if (endsWith("at") || endsWith("bl") || endsWith("iz")) {
            w += 'e';
        } else if (doubleConsonant(w.size())) {
            const char c = w.back();
            if (c != 'l' && c != 's' && c != 'z')
                w.pop_back();
        } else if (measure(w.size()) == 1 && cvc(w.size())) {
            w += 'e';
        }
    }

    void step1c()
    {
        if (endsWith("y") && hasVowel(w.size() - 1))
            w.back() = 'i';
    }

    void step2()
    {
        static constexpr std::pair<std::string_view, std::string_view> rules[] = {
            {"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"},   {"anci", "ance"},
            {"izer", "ize"},    {"bli", "ble"},     {"alli", "al"},     {"entli", "ent"},
            {"eli", "e"},       {"ousli", "ous"},   {"ization", "ize"}, {"ation", "ate"},
            {"ator", "ate"},    {"alism", "al"},    {"iveness", "ive"}, {"fulness", "ful"},
            {"ousness", "ous"}, {"aliti", "al"},    {"iviti", "ive"},   {"biliti", "ble"},
            {"logi", "log"}};
        for (const auto& [suffix, by] : rules)
            if (rule(suffix, by, 0))
                return;
    }

    void step3()
    {
        static constexpr std::pair<std::string_view, std::string_view> rules[] = {
            {"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"},
            {"ical", "ic"},  {"ful", ""},   {"ness", ""}};
        for (const auto& [suffix, by] : rules)
            if (rule(suffix, by, 0))
                return;
    }

    void step4()
    {
        static constexpr std::string_view suffixes[] = {
            "al",  "ance", "ence", "er",  "ic",  "able", "ible", "ant", "ement", "ment",
            "ent", "ion",  "ou",   "ism", "ate", "iti",  "ous",  "ive", "ize"};
        // Longest match first among suffixes sharing an ending ("ement" before "ment").
        std::string_view best;
        for (std::string_view s : suffixes)
            if (endsWith(s) && s.size() > best.size())
                best = s;
        if (best.empty())
            return;
        const size_t stem = stemLength(best);
        if (measure(stem) <= 1)
            return;
        if (best == "ion" && !(stem > 0 && (w[stem - 1] == 's' || w[stem - 1] == 't')))
            return;
        w.resize(stem);
    }

    void step5()
    {
        if (endsWith("e")) {
            const int m = measure(w.size() - 1);
            if (m > 1 || (m == 1 && !cvc(w.size() - 1)))
                w.pop_back();
        }
        if (measure(w.size()) > 1 && doubleConsonant(w.size()) && w.back() == 'l')
            w.pop_back();
    }
};

bool stemmable(const QString& word)
{
    if (word.size() < 3)
        return false;
    for (const QChar c : word)
        if (c < QLatin1Char('a') || c > QLatin1Char('z'))
            return false;
    return true;
}

} // namespace

QString porterStem(const QString& word)
{
    if (!stemmable(word))
        return word;
    return QString::fromLatin1(Stemmer(word.toLatin1().toStdString()).run());
}

} // namespace raglens
