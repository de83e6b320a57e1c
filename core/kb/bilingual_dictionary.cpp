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

/// English terms kept per Chinese word: beyond these a dictionary's long tail of senses adds
/// more noise than recall.
constexpr int kEnglishTermsPerWord = 4;
/// Chinese words kept per English word in the table; a query uses the one a knowledge base
/// holds most when its counts are given (and the runner-up at kSecondWordWeight). The table
/// keeps many, as the word a field uses is often far down the list ("file": 文件 after 入禀
/// and 卷宗; "command": 命令 after 16 others). Calibration halves, en→zh hit@5 / MRR@10: 16
/// words 0.593 / 0.408, 64 words 0.627 / 0.423, 64 with two-word senses 0.672 / 0.447, 256
/// with them 0.661 / 0.445. Two words used, each at 1/√2: 0.655 / 0.433; three 0.650 / 0.427.
constexpr int kChineseWordsPerTerm = 64;
/// Weight of the runner-up word (the first weighs 1). Calibration halves, en→zh, with the
/// junction bigrams: none 0.706 / 0.497; 0.2 0.718 / 0.508; 0.3, 0.35 and 0.4 0.718 / 0.512;
/// 0.5 0.712 / 0.509; 0.6 0.712 / 0.502; 0.8 0.689 / 0.492. No other set moves.
constexpr float kSecondWordWeight = 0.35f;
/// How much the dictionary's order damps the knowledge base's counts when an English word's
/// Chinese word is chosen. Calibration halves, en→zh: 0 (counts alone) 0.672 / 0.447,
/// 0.125 0.672 / 0.450, 0.25 0.678 / 0.452, 0.375 0.678 / 0.452, 0.5 0.667 / 0.446,
/// 1 0.638 / 0.422; the dictionary's order alone (first held word) 0.559 / 0.375.
constexpr double kDictionaryOrderWeight = 0.25;
/// Weight of the bigram across two adjacent translated English words (see translate()).
/// Calibration halves, en→zh hit@5 / MRR@10: without it 0.678 / 0.452; 0.5 0.695 / 0.478,
/// 0.75 0.689 / 0.483, 1 0.689 / 0.487, 1.5 0.701 / 0.495, 2 0.706 / 0.497, 3 0.706 / 0.484.
/// No other set moves.
constexpr float kJunctionWeight = 2.0f;
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

/// First line of a compiled table (see save()).
const QByteArray kCompiledHeader = QByteArrayLiteral("# raglens-dictionary 1\n");

/// The compiled table: one line per Chinese word ("Z", word, English terms) and per
/// English stem ("E", stem, Chinese words), tab-separated, sorted.
QByteArray compile(const QHash<QString, QStringList>& zhToEn,
                   const QHash<QString, QStringList>& enToZh)
{
    QByteArray out = kCompiledHeader;
    out += "# CC-CEDICT (https://cc-cedict.org, CC BY-SA 4.0), prepared for RagLens\n";
    const auto write = [&out](char kind, const QHash<QString, QStringList>& table) {
        QStringList keys = table.keys();
        keys.sort();
        for (const QString& key : keys) {
            out += kind;
            out += '\t';
            out += (key + QLatin1Char('\t') + table[key].join(QLatin1Char('\t'))).toUtf8();
            out += '\n';
        }
    };
    write('Z', zhToEn);
    write('E', enToZh);
    return out;
}

} // namespace

Expected<std::shared_ptr<const BilingualDictionary>>
BilingualDictionary::fromCompiled(QByteArray bytes, const QString& name)
{
    auto dict = std::make_shared<BilingualDictionary>();
    dict->m_bytes = std::move(bytes);
    const QByteArray& all = dict->m_bytes;
    // Only offsets are kept: a per-entry string would cost 300,000 allocations at start-up.
    for (qsizetype pos = 0; pos < all.size();) {
        qsizetype end = all.indexOf('\n', pos);
        if (end < 0)
            end = all.size();
        const QByteArrayView line(all.constData() + pos, end - pos);
        const qsizetype keyStart = pos + 2;
        const qsizetype keyEnd = all.indexOf('\t', keyStart);
        if (line.size() > 4 && line.at(1) == '\t' && keyEnd > keyStart && keyEnd + 1 < end) {
            const Slice slice{int(keyStart), int(keyEnd - keyStart), int(keyEnd + 1),
                              int(end - keyEnd - 1)};
            if (line.at(0) == 'Z') {
                const QString head = QString::fromUtf8(dict->key(slice));
                if (head.size() >= 2 && allCjk(head)) {
                    dict->m_zh.push_back(slice);
                    dict->m_longestHead = std::max(dict->m_longestHead, int(head.size()));
                }
            } else if (line.at(0) == 'E') {
                dict->m_en.push_back(slice);
            }
        }
        pos = end + 1;
    }
    if (dict->m_zh.empty())
        return Error{QCoreApplication::translate("BilingualDictionary",
                                                 "The dictionary %1 has no usable entries.")
                         .arg(name)};
    // Written sorted; sorted again so that a hand-edited table still works.
    const auto byKey = [&d = *dict](const Slice& x, const Slice& y) { return d.key(x) < d.key(y); };
    std::sort(dict->m_zh.begin(), dict->m_zh.end(), byKey);
    std::sort(dict->m_en.begin(), dict->m_en.end(), byKey);
    return std::shared_ptr<const BilingualDictionary>(std::move(dict));
}

QByteArrayView BilingualDictionary::key(const Slice& s) const
{
    return {m_bytes.constData() + s.keyStart, s.keyLength};
}

QStringList BilingualDictionary::find(const std::vector<Slice>& table, const QString& key) const
{
    const QByteArray wanted = key.toUtf8();
    const auto it = std::lower_bound(
        table.cbegin(), table.cend(), wanted,
        [this](const Slice& s, const QByteArray& k) { return this->key(s) < QByteArrayView(k); });
    if (it == table.cend() || this->key(*it) != QByteArrayView(wanted))
        return {};
    return QString::fromUtf8(m_bytes.constData() + it->valueStart, it->valueLength)
        .split(QLatin1Char('\t'), Qt::SkipEmptyParts);
}

Status BilingualDictionary::save(const QString& path) const
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(m_bytes) != m_bytes.size() ||
        !f.flush())
        return Error{
            QCoreApplication::translate("BilingualDictionary", "Cannot write the dictionary %1: %2")
                .arg(path, f.errorString())};
    return ok();
}

Expected<std::shared_ptr<const BilingualDictionary>> BilingualDictionary::load(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{
            QCoreApplication::translate("BilingualDictionary", "Cannot read the dictionary %1: %2")
                .arg(path, f.errorString())};
    if (f.peek(kCompiledHeader.size()) == kCompiledHeader)
        return fromCompiled(f.readAll(), path);
    QHash<QString, QStringList> zhToEn;
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
        QStringList english = zhToEn.value(head);
        for (const QString& sense : chosen)
            for (const QString& t : senseTokens(sense))
                if (!english.contains(t) && english.size() < kEnglishTermsPerWord)
                    english << t;
        if (english.isEmpty())
            continue;
        zhToEn.insert(head, english);
        // A one-word sense is a translation of that word; a computing one comes first.
        // A two-word sense is one of its last word, after those ("software package":
        // 软件包 for "package").
        for (int i = 0; i < fields.size(); ++i) {
            const QStringList tokens = senseTokens(fields[i]);
            if (tokens.isEmpty() || tokens.size() > 2)
                continue;
            const int priority = tokens.size() == 2            ? 3
                                 : isComputingSense(fields[i]) ? 0
                                                               : (i == 0 ? 1 : 2);
            reverse[porterStem(tokens.last())].push_back({priority, head});
        }
    }
    if (zhToEn.isEmpty())
        return Error{QCoreApplication::translate("BilingualDictionary",
                                                 "The dictionary %1 has no usable entries.")
                         .arg(path)};
    QHash<QString, QStringList> enToZh;
    for (auto it = reverse.begin(); it != reverse.end(); ++it) {
        auto& v = it.value();
        std::stable_sort(v.begin(), v.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        QStringList words;
        for (const auto& [priority, word] : v)
            if (!words.contains(word) && words.size() < kChineseWordsPerTerm)
                words << word;
        enToZh.insert(it.key(), words);
    }
    return fromCompiled(compile(zhToEn, enToZh), path);
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

/// A word each of whose bigrams the tokenizer drops as question filler (为什么: 为什, 什么;
/// 如何, 怎样, 可以): it carries no topic, and its translation would bring back in English
/// what the tokenizer leaves out ("reason", "way", "possible"), enough for "为什么呢" alone
/// to find evidence.
static bool isFiller(const QString& word)
{
    for (qsizetype k = 0; k + 1 < word.size(); ++k)
        if (!TextTokenizer::isStopWord(word.mid(k, 2)))
            return false;
    return true;
}

void BilingualDictionary::appendChinese(const QString& run, std::vector<Term>& out) const
{
    for (qsizetype i = 0; i < run.size();) {
        qsizetype len = std::min<qsizetype>(m_longestHead, run.size() - i);
        for (; len >= 2; --len) {
            const QString word = run.mid(i, len);
            const QStringList english = find(m_zh, word);
            if (english.isEmpty())
                continue;
            if (isFiller(word))
                break;
            const float weight = 1.0f / std::sqrt(float(english.size()));
            for (const QString& t : english)
                out.push_back({t, weight, word});
            break;
        }
        i += len >= 2 ? len : 1;
    }
}

QString BilingualDictionary::appendEnglish(const QString& token, const WordCount& chunksHolding,
                                           std::vector<Term>& out) const
{
    QStringList chinese = find(m_en, porterStem(token));
    if (chunksHolding) {
        // Ranked by the knowledge base's use, damped a little by the dictionary's order:
        // count / (1 + position)^kDictionaryOrderWeight.
        std::vector<std::pair<double, QString>> held;
        for (qsizetype i = 0; i < chinese.size(); ++i)
            if (const int n = chunksHolding(chinese[i]); n > 0)
                held.emplace_back(n / std::pow(1.0 + double(i), kDictionaryOrderWeight),
                                  chinese[i]);
        std::stable_sort(held.begin(), held.end(),
                         [](const auto& a, const auto& b) { return a.first > b.first; });
        chinese.clear();
        for (const auto& [n, word] : held)
            chinese << word;
    }
    if (chinese.isEmpty())
        return {};
    for (const QString& bigram : TextTokenizer::tokenize(chinese.front()))
        out.push_back({bigram, 1.0f, token});
    // The runner-up, lightly and for the order only: where the knowledge base uses two
    // words for one English word (拷贝 and 复制 for "copy"), the section that uses the
    // second is still found, but a second guess never makes a chunk evidence.
    if (chunksHolding && chinese.size() > 1)
        for (const QString& bigram : TextTokenizer::tokenize(chinese.at(1)))
            out.push_back({bigram, kSecondWordWeight, token, true});
    return chinese.front();
}

std::vector<BilingualDictionary::Term>
BilingualDictionary::translate(const QString& query, const WordCount& chunksHolding) const
{
    std::vector<Term> out;
    QString latin;
    const auto flushLatin = [&] {
        QString previousToken;
        QString previousWord;
        for (const QString& t : TextTokenizer::tokenize(latin)) {
            const QString word = appendEnglish(t, chunksHolding, out);
            // Adjacent English words are, more often than not, one Chinese phrase written
            // without a space ("package configuration" → 软件包配置): the bigram across
            // the two words (包配) is what only the phrase holds.
            if (!previousWord.isEmpty() && !word.isEmpty() &&
                TextTokenizer::isCjk(previousWord.back()) && TextTokenizer::isCjk(word.front()))
                out.push_back({previousWord.right(1) + word.left(1), kJunctionWeight,
                               previousToken + QLatin1Char(' ') + t});
            previousToken = t;
            previousWord = word;
        }
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
