#include "kb/bilingual_dictionary.h"

#include "common/logging.h"
#include "kb/porter_stemmer.h"
#include "kb/text_tokenizer.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <mutex>

namespace raglens {

namespace {

/// English terms kept per Chinese word, Chinese words per English word: beyond these a
/// dictionary's long tail of senses adds more noise than recall.
constexpr int kEnglishTermsPerWord = 4;
constexpr int kChineseWordsPerTerm = 3;
/// Without computing senses, only a word's first senses (CC-CEDICT lists common ones first).
constexpr int kSensesConsidered = 3;
/// Longest headword tried by the segmenter.
constexpr int kLongestHead = 8;

bool allCjk(const QString& s)
{
    return !s.isEmpty() && std::all_of(s.cbegin(), s.cend(), [](QChar c) {
        return !c.isSurrogate() && TextTokenizer::isCjk(c);
    });
}

bool isComputingSense(const QString& sense)
{
    static const QRegularExpression tag(
        QStringLiteral("\\((computing|computer|software|programming|network|networking|"
                       "Internet|telecommunications|electronics)\\)"),
        QRegularExpression::CaseInsensitiveOption);
    return tag.match(sense).hasMatch();
}

/// A sense's content words: no parenthesised notes, no "sb"/"sth" placeholders.
QStringList senseTokens(const QString& sense)
{
    static const QRegularExpression notes(QStringLiteral("\\([^)]*\\)|\\[[^\\]]*\\]"));
    QString clean = sense;
    clean.replace(notes, QStringLiteral(" "));
    QStringList out;
    for (const QString& t : TextTokenizer::tokenize(clean))
        if (t != QLatin1String("sb") && t != QLatin1String("sth") && !t.at(0).isDigit() &&
            !TextTokenizer::isCjk(t.at(0)))
            out << t;
    return out;
}

/// Keeps the heaviest weight of each term, heaviest first.
void mergeTerms(std::vector<BilingualDictionary::Term>& terms)
{
    std::stable_sort(terms.begin(), terms.end(),
                     [](const auto& a, const auto& b) { return a.weight > b.weight; });
    std::vector<BilingualDictionary::Term> out;
    for (auto& t : terms)
        if (std::none_of(out.cbegin(), out.cend(), [&](const auto& o) { return o.text == t.text; }))
            out.push_back(std::move(t));
    terms = std::move(out);
}

} // namespace

Expected<std::shared_ptr<const BilingualDictionary>> BilingualDictionary::load(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{
            QCoreApplication::translate("BilingualDictionary", "Cannot read the dictionary %1: %2")
                .arg(path, f.errorString())};
    auto dict = std::make_shared<BilingualDictionary>();
    // English stem → (priority, Chinese word); sorted once everything is read.
    QHash<QString, std::vector<std::pair<int, QString>>> reverse;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        QStringList fields = line.split(QLatin1Char('\t'));
        const QString head = fields.takeFirst();
        if (head.size() < 2 || head.size() > kLongestHead || !allCjk(head) || fields.isEmpty())
            continue;
        QStringList computing;
        for (const QString& s : fields)
            if (isComputingSense(s))
                computing << s;
        const QStringList chosen =
            computing.isEmpty() ? fields.mid(0, kSensesConsidered) : computing;
        QStringList english = dict->m_zhToEn.value(head);
        for (const QString& sense : chosen)
            for (const QString& t : senseTokens(sense))
                if (!english.contains(t) && english.size() < kEnglishTermsPerWord)
                    english << t;
        if (english.isEmpty())
            continue;
        dict->m_zhToEn.insert(head, english);
        dict->m_longestHead = std::max(dict->m_longestHead, int(head.size()));
        // A one-word sense is a translation of that word; a computing one comes first.
        for (int i = 0; i < fields.size(); ++i) {
            const QStringList tokens = senseTokens(fields[i]);
            if (tokens.size() != 1)
                continue;
            const int priority = isComputingSense(fields[i]) ? 0 : (i == 0 ? 1 : 2);
            reverse[porterStem(tokens.first())].push_back({priority, head});
        }
    }
    if (dict->m_zhToEn.isEmpty())
        return Error{QCoreApplication::translate("BilingualDictionary",
                                                 "The dictionary %1 has no usable entries.")
                         .arg(path)};
    for (auto it = reverse.begin(); it != reverse.end(); ++it) {
        auto& v = it.value();
        std::stable_sort(v.begin(), v.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        QStringList words;
        for (const auto& [priority, word] : v)
            if (!words.contains(word) && words.size() < kChineseWordsPerTerm)
                words << word;
        dict->m_enToZh.insert(it.key(), words);
    }
    return std::shared_ptr<const BilingualDictionary>(std::move(dict));
}

QString BilingualDictionary::defaultPath()
{
    const QString env = qEnvironmentVariable("RAGLENS_DICTIONARY");
    if (env == QLatin1String("off"))
        return {};
    if (!env.isEmpty())
        return env;
    if (QCoreApplication::instance()) {
        const QString installed = QDir(QCoreApplication::applicationDirPath())
                                      .filePath(QStringLiteral("../share/raglens/cc-cedict.tsv"));
        if (QFileInfo::exists(installed))
            return QDir::cleanPath(installed);
    }
#ifdef RAGLENS_BUILD_DICTIONARY
    if (QFileInfo::exists(QStringLiteral(RAGLENS_BUILD_DICTIONARY)))
        return QStringLiteral(RAGLENS_BUILD_DICTIONARY);
#endif
    return {};
}

std::shared_ptr<const BilingualDictionary> BilingualDictionary::shared()
{
    static std::once_flag once;
    static std::shared_ptr<const BilingualDictionary> dict;
    std::call_once(once, [] {
        const QString path = defaultPath();
        if (path.isEmpty()) {
            qCInfo(lcKb) << "no bilingual dictionary: cross-lingual lookups use no translation";
            return;
        }
        auto loaded = load(path);
        if (!loaded) {
            qCWarning(lcKb).noquote() << loaded.error();
            return;
        }
        dict = *loaded;
    });
    return dict;
}

void BilingualDictionary::appendChinese(const QString& run, std::vector<Term>& out) const
{
    for (qsizetype i = 0; i < run.size();) {
        qsizetype len = std::min<qsizetype>(m_longestHead, run.size() - i);
        for (; len >= 2; --len) {
            const QString word = run.mid(i, len);
            const auto it = m_zhToEn.constFind(word);
            if (it == m_zhToEn.cend())
                continue;
            const float weight = 1.0f / std::sqrt(float(it->size()));
            for (const QString& t : *it)
                out.push_back({t, weight, word});
            break;
        }
        i += len >= 2 ? len : 1;
    }
}

void BilingualDictionary::appendEnglish(const QString& token, std::vector<Term>& out) const
{
    const auto it = m_enToZh.constFind(porterStem(token));
    if (it == m_enToZh.cend())
        return;
    const float weight = 1.0f / std::sqrt(float(it->size()));
    for (const QString& word : *it)
        for (const QString& bigram : TextTokenizer::tokenize(word))
            out.push_back({bigram, weight, token});
}

std::vector<BilingualDictionary::Term> BilingualDictionary::translate(const QString& query) const
{
    std::vector<Term> out;
    QString latin;
    const auto flushLatin = [&] {
        for (const QString& t : TextTokenizer::tokenize(latin))
            appendEnglish(t, out);
        latin.clear();
    };
    for (qsizetype i = 0; i < query.size();) {
        if (TextTokenizer::isCjk(query.at(i))) {
            flushLatin();
            qsizetype j = i;
            while (j < query.size() && TextTokenizer::isCjk(query.at(j)))
                ++j;
            appendChinese(query.mid(i, j - i), out);
            i = j;
        } else {
            latin += query.at(i);
            ++i;
        }
    }
    flushLatin();
    mergeTerms(out);
    return out;
}

} // namespace raglens
