// The bilingual dictionary on a small CC-CEDICT-style table: longest-match segmentation of
// Chinese, computing senses before general ones, English words matched by stem and given
// the Chinese word the knowledge base uses, the
// compiled form giving the same translations as the table it came from, and damaged or
// missing files reported instead of crashing.

#include "kb/bilingual_dictionary.h"
#include "kb/knowledge_base.h"
#include "lookup/candidate_scorer.h"
#include "lookup/lookup_engine.h"
#include "model/vocabulary.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;

namespace {

const char* const kTable = "# a comment line\n"
                           "日志\tjournal\tlog (computing)\n"
                           "内存\tmemory (computing)\n"
                           "泄漏\tto leak\n"
                           "内存泄漏\tmemory leak\n"
                           "磁盘\tdisk (computing)\n"
                           "延迟\tto delay\tlatency (computing)\n"
                           "排查\tto troubleshoot\tto investigate\n"
                           "年假\tannual leave\tnew year\n"
                           "申请\tto apply\tapplication form\n"
                           "的\tof\n"
                           // question filler the tokenizer drops
                           "为什么\twhy\treason\n"
                           "如何\thow\tway\n"
                           // "file": a dossier first, the computer file second.
                           "卷宗\tfile\tdossier\n"
                           "文件\tdocument\tfile\n";

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

QStringList texts(const std::vector<BilingualDictionary::Term>& terms)
{
    QStringList out;
    for (const auto& t : terms)
        out << t.text;
    return out;
}

} // namespace

class TestBilingualDictionary : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_table = writeFile(m_dir, QStringLiteral("table.tsv"), kTable);
        QVERIFY(!m_table.isEmpty());
    }

    void chineseWordsTranslateByLongestMatch()
    {
        auto dict = BilingualDictionary::load(m_table);
        QVERIFY2(dict, qPrintable(dict ? QString() : dict.error()));
        // "内存泄漏" is one headword: its sense wins over "内存" + "泄漏".
        const auto terms = (*dict)->translate(QStringLiteral("内存泄漏"));
        QCOMPARE(texts(terms), (QStringList{QStringLiteral("memory"), QStringLiteral("leak")}));
        for (const auto& t : terms) {
            QCOMPARE(t.from, QStringLiteral("内存泄漏"));
            QVERIFY(t.weight > 0.6f && t.weight < 0.8f); // two terms share the word: 1/√2
        }
    }

    void computingSensesComeFirst()
    {
        auto dict = BilingualDictionary::load(m_table);
        QVERIFY(dict);
        // "日志" is "journal" in general and "log" in computing: only "log" is kept.
        QCOMPARE(texts((*dict)->translate(QStringLiteral("查看日志"))),
                 QStringList{QStringLiteral("log")});
        // Single characters are never translated: too ambiguous.
        QVERIFY((*dict)->translate(QStringLiteral("的")).empty());
        // Without a computing sense, the first senses: "to delay" gives "delay" only
        // because "latency" is the computing one.
        QCOMPARE(texts((*dict)->translate(QStringLiteral("延迟"))),
                 QStringList{QStringLiteral("latency")});
    }

    void questionFillerIsNotTranslated()
    {
        // The tokenizer drops 为什么 (为什, 什么) and 如何 as filler; translated, they came back
        // as "reason" and "way" at full weight, and "为什么呢" alone found evidence.
        auto dict = BilingualDictionary::load(m_table);
        QVERIFY(dict);
        QVERIFY((*dict)->translate(QStringLiteral("为什么呢")).empty());
        QStringList terms = texts((*dict)->translate(QStringLiteral("如何排查磁盘延迟")));
        terms.sort();
        QCOMPARE(terms, (QStringList{QStringLiteral("disk"), QStringLiteral("investigate"),
                                     QStringLiteral("latency"), QStringLiteral("troubleshoot")}));
    }

    void englishWordsFindChineseByStem()
    {
        auto dict = BilingualDictionary::load(m_table);
        QVERIFY(dict);
        const QStringList terms = texts((*dict)->translate(QStringLiteral("Disk latencies")));
        QVERIFY2(terms.contains(QStringLiteral("磁盘")), qPrintable(terms.join(u',')));
        QVERIFY2(terms.contains(QStringLiteral("延迟")), qPrintable(terms.join(u',')));
        QVERIFY((*dict)->translate(QStringLiteral("kubernetes")).empty());
    }

    void englishWordsTakeTheWordTheKnowledgeBaseUses()
    {
        auto dict = BilingualDictionary::load(m_table);
        QVERIFY(dict);
        // Without counts, the dictionary's first word: 卷宗's first sense is "file".
        QCOMPARE(texts((*dict)->translate(QStringLiteral("file"))),
                 QStringList{QStringLiteral("卷宗")});
        // With them, the word the knowledge base holds most, at full weight, and the
        // runner-up lightly, for the order only.
        const auto counts = [](const QString& word) {
            return word == QStringLiteral("文件") ? 7 : word == QStringLiteral("卷宗") ? 1 : 0;
        };
        const auto terms = (*dict)->translate(QStringLiteral("file"), counts);
        QCOMPARE(texts(terms), (QStringList{QStringLiteral("文件"), QStringLiteral("卷宗")}));
        QCOMPARE(terms.front().weight, 1.0f);
        QVERIFY(!terms.front().rankOnly);
        QCOMPARE(terms.front().from, QStringLiteral("file"));
        QVERIFY(terms.back().weight < 0.5f);
        QVERIFY(terms.back().rankOnly);
        // A knowledge base holding none of them gets no translation.
        QVERIFY(
            (*dict)->translate(QStringLiteral("file"), [](const QString&) { return 0; }).empty());
    }

    void adjacentWordsAlsoGiveTheBigramAcrossThem()
    {
        auto dict = BilingualDictionary::load(m_table);
        QVERIFY(dict);
        // "disk latency" is written 磁盘延迟 in Chinese: 盘延 is what only the phrase holds.
        const auto terms = (*dict)->translate(QStringLiteral("disk latency"));
        const auto across = std::find_if(terms.cbegin(), terms.cend(), [](const auto& t) {
            return t.text == QStringLiteral("盘延");
        });
        QVERIFY2(across != terms.cend(), qPrintable(texts(terms).join(u',')));
        QCOMPARE(across->from, QStringLiteral("disk latency"));
        QVERIFY(across->weight > 1.0f); // a phrase match says more than either word
        QVERIFY(!across->rankOnly);
        // A word without a translation between them ends the phrase.
        QVERIFY(!texts((*dict)->translate(QStringLiteral("disk kubernetes latency")))
                     .contains(QStringLiteral("盘延")));
    }

    void aRunnerUpWordRanksButNeverMakesEvidence()
    {
        qputenv("RAGLENS_DICTIONARY", m_table.toUtf8());
        const QString root = m_dir.filePath(QStringLiteral("runner-up"));
        QVERIFY(QDir().mkpath(root + QStringLiteral("/ops")));
        // 文件 in two runbooks, 卷宗 (the dictionary's first word for "file") in one.
        for (const auto& [name, text] :
             {std::pair{"ops/chmod.md", "# 权限\n\n文件权限不对时，用 chmod 修改文件的权限。\n"},
              std::pair{"ops/rotate.md", "# 轮转\n\n日志文件太大时，轮转并压缩旧的文件。\n"},
              std::pair{"ops/archive.md", "# 档案\n\n旧卷宗放在柜子里，按年份排列。\n"}})
            QVERIFY(!writeFile(m_dir, QStringLiteral("runner-up/") + QLatin1String(name),
                               QByteArray(text))
                         .isEmpty());
        const QString kbDir = m_dir.filePath(QStringLiteral("runner-up-kb"));
        QVERIFY(ingestFolder(root, kbDir));
        auto kb = KnowledgeBase::open(kbDir);
        QVERIFY(kb);
        LookupRequest request;
        request.query = QStringLiteral("file");
        request.searchMode = QStringLiteral("hybrid");
        const LookupResult r = LookupEngine(*kb).lookup(request);
        const auto& translations = r.retrievalTrace.queryTranslations;
        QCOMPARE(translations.size(), size_t(2));
        QCOMPARE(translations.front().term, QStringLiteral("文件"));
        QCOMPARE(translations.back().term, QStringLiteral("卷宗"));
        QVERIFY(translations.back().weight < 0.5);
        QVERIFY(translations.back().rankOnly && !translations.front().rankOnly);
        // The trace JSON says so, and reads it back.
        const nlohmann::json traced = r.retrievalTrace;
        QCOMPARE(traced.at("queryTranslations").back().at("rankOnly").get<bool>(), true);
        QVERIFY(!traced.at("queryTranslations").front().contains("rankOnly"));
        QVERIFY(traced.get<RetrievalTrace>().queryTranslations.back().rankOnly);
        // The runbook holding only the runner-up is ranked (its BM25 counts) but its quality
        // is what the question's own reading gives it: never evidence by a second guess.
        const AttemptCandidate* archive = nullptr;
        const AttemptCandidate* chmod = nullptr;
        for (const AttemptCandidate& c : r.retrievalTrace.attempts.back().candidates) {
            if (c.source == QStringLiteral("ops/archive"))
                archive = &c;
            if (c.source == QStringLiteral("ops/chmod"))
                chmod = &c;
        }
        QVERIFY(archive && chmod);
        QVERIFY(archive->bm25Score > 0);
        QVERIFY2(archive->quality < (*kb)->settings().minEvidenceQuality,
                 qPrintable(QString::number(archive->quality)));
        // Exactly its dense half: the BM25 half judged without the runner-up is 0.
        const LookupSettings& settings = (*kb)->settings();
        const double denseOnly =
            CandidateScorer::fuse(CandidateScorer::denseQuality(archive->denseScore, settings), 0.0,
                                  settings.hybridDenseWeight);
        QVERIFY2(std::abs(archive->quality - denseOnly) < 1e-6,
                 qPrintable(QStringLiteral("%1 vs %2").arg(archive->quality).arg(denseOnly)));
        QVERIFY(chmod->quality > archive->quality);
        for (const EvidenceBlock& e : r.evidenceBlocks)
            QVERIFY(e.source != QStringLiteral("ops/archive"));
        qunsetenv("RAGLENS_DICTIONARY");
    }

    void compiledTableTranslatesTheSame()
    {
        auto fromTable = BilingualDictionary::load(m_table);
        QVERIFY(fromTable);
        const QString compiled = m_dir.filePath(QStringLiteral("compiled.tsv"));
        QVERIFY((*fromTable)->save(compiled));
        auto fromCompiled = BilingualDictionary::load(compiled);
        QVERIFY2(fromCompiled, qPrintable(fromCompiled ? QString() : fromCompiled.error()));
        QCOMPARE((*fromCompiled)->headwords(), (*fromTable)->headwords());
        for (const char* query : {"内存泄漏", "查看日志 disk", "latency 延迟", "memory leak"}) {
            const auto a = (*fromTable)->translate(QString::fromUtf8(query));
            const auto b = (*fromCompiled)->translate(QString::fromUtf8(query));
            QCOMPARE(texts(b), texts(a));
            for (size_t i = 0; i < a.size(); ++i) {
                QCOMPARE(b[i].weight, a[i].weight);
                QCOMPARE(b[i].from, a[i].from);
            }
        }
    }

    void damagedCompiledLinesCostOnlyThemselves()
    {
        auto dict = BilingualDictionary::load(m_table);
        QVERIFY(dict);
        const QString compiled = m_dir.filePath(QStringLiteral("damaged.tsv"));
        QVERIFY((*dict)->save(compiled));
        QFile f(compiled);
        QVERIFY(f.open(QIODevice::Append));
        f.write("Z\tbroken\nnot a line at all\nE\t\t\nZ\t坏\tx\n\xff\xfe\tgarbage\n");
        f.close();
        auto damaged = BilingualDictionary::load(compiled);
        QVERIFY(damaged);
        QCOMPARE((*damaged)->headwords(), (*dict)->headwords());
        QCOMPARE(texts((*damaged)->translate(QStringLiteral("磁盘"))),
                 QStringList{QStringLiteral("disk")});
    }

    void unusableFilesAreReported()
    {
        auto missing = BilingualDictionary::load(m_dir.filePath(QStringLiteral("absent.tsv")));
        QVERIFY(!missing);
        QVERIFY(missing.error().contains(QStringLiteral("absent.tsv")));
        const QString empty = writeFile(m_dir, QStringLiteral("empty.tsv"), "# nothing\n");
        auto none = BilingualDictionary::load(empty);
        QVERIFY(!none);
        QVERIFY(none.error().contains(QStringLiteral("no usable entries")));
        const QString compiledEmpty = writeFile(m_dir, QStringLiteral("compiled-empty.tsv"),
                                                "# raglens-dictionary 1\nE\tdisk\t磁盘\n");
        QVERIFY(!BilingualDictionary::load(compiledEmpty));
    }

    void chineseQuestionFindsTheEnglishRunbook()
    {
        // The process-wide dictionary is this table (read once, on the first lookup).
        qputenv("RAGLENS_DICTIONARY", m_table.toUtf8());
        const QString src = m_dir.filePath(QStringLiteral("runbooks/ops"));
        QVERIFY(QDir().mkpath(src));
        QVERIFY(!writeFile(m_dir, QStringLiteral("runbooks/ops/memory-leak.md"),
                           "# Memory leak\n\nA process whose resident memory grows until the "
                           "kernel kills it has a leak: take two heap dumps and compare.\n")
                     .isEmpty());
        QVERIFY(!writeFile(m_dir, QStringLiteral("runbooks/ops/disk-full.md"),
                           "# Disk full\n\nWhen a volume fills up, find the largest "
                           "directories and rotate the biggest files.\n")
                     .isEmpty());
        QVERIFY(!writeFile(m_dir, QStringLiteral("runbooks/ops/file-mode.md"),
                           "# 权限\n\n文件权限不对时，用 chmod 修改文件的权限。\n")
                     .isEmpty());
        const QString kbDir = m_dir.filePath(QStringLiteral("kb"));
        QVERIFY(ingestFolder(m_dir.filePath(QStringLiteral("runbooks")), kbDir));
        auto kb = KnowledgeBase::open(kbDir);
        QVERIFY(kb);
        const LookupEngine engine(*kb);

        LookupRequest request;
        request.query = QStringLiteral("内存泄漏");
        request.searchMode = QStringLiteral("hybrid");
        const LookupResult found = engine.lookup(request);
        const RetrievalTrace& trace = found.retrievalTrace;
        QVERIFY(!trace.attempts.empty() && !trace.attempts.back().candidates.empty());
        QCOMPARE(trace.attempts.back().candidates.front().source,
                 QStringLiteral("ops/memory-leak"));
        // The trace says which terms were added, and for which word.
        QCOMPARE(trace.queryTranslations.size(), size_t(2));
        QCOMPARE(trace.queryTranslations.front().term, QStringLiteral("memory"));
        QCOMPARE(trace.queryTranslations.front().from, QStringLiteral("内存泄漏"));
        const RetrievalTrace back = nlohmann::json(trace).get<RetrievalTrace>();
        QCOMPARE(back.queryTranslations.size(), size_t(2));
        QCOMPARE(back.queryTranslations.back().term, QStringLiteral("leak"));

        // An English question gets the Chinese word the knowledge base uses (文件, not the
        // dictionary's first word 卷宗), and finds the Chinese runbook by it.
        request.query = QStringLiteral("file");
        const LookupResult english = engine.lookup(request);
        QCOMPARE(english.retrievalTrace.queryTranslations.size(), size_t(1));
        QCOMPARE(english.retrievalTrace.queryTranslations.front().term, QStringLiteral("文件"));
        QVERIFY(!english.retrievalTrace.attempts.empty() &&
                !english.retrievalTrace.attempts.back().candidates.empty());
        QCOMPARE(english.retrievalTrace.attempts.back().candidates.front().source,
                 QStringLiteral("ops/file-mode"));
        request.query = QStringLiteral("内存泄漏");

        // Translation off (per KB, or per lookup): nothing is added, nothing is found.
        LookupSettings off = (*kb)->settings();
        off.translateQueries = false;
        request.settingsOverride = off;
        const LookupResult plain = engine.lookup(request);
        QVERIFY(plain.retrievalTrace.queryTranslations.empty());
        for (const RetrievalAttempt& a : plain.retrievalTrace.attempts)
            for (const AttemptCandidate& c : a.candidates)
                QVERIFY(c.bm25Score == 0);
        qunsetenv("RAGLENS_DICTIONARY");
    }

    void chineseQuestionIsJudgedInEnglish()
    {
        // A Chinese question over an English runbook: its rare Chinese bigrams fill the
        // reference of its own BM25 quality, while the English runbook matches it only by
        // common translated words, so it reaches a small part of it. Read in English, the question
        // is judged on its words' senses, and the runbook is evidence.
        qputenv("RAGLENS_DICTIONARY", m_table.toUtf8());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("runbooks/ops"))));
        // English runbooks use "disk", "latency" and "log" everywhere; each Chinese word is
        // rare, held by one Chinese runbook: the usual shape of a bilingual knowledge base.
        QVERIFY(!writeFile(dir, QStringLiteral("runbooks/ops/disk-latency.md"),
                           "# Disk latency\n\nWhen disk latency grows, troubleshoot the "
                           "device: read the kernel log and iostat.\n")
                     .isEmpty());
        QVERIFY(!writeFile(dir, QStringLiteral("runbooks/ops/release.md"),
                           "# New release\n\nA new release is rolled out to every "
                           "server in turn.\n")
                     .isEmpty());
        const QStringList topics = {QStringLiteral("backup"), QStringLiteral("database"),
                                    QStringLiteral("queue"),  QStringLiteral("cache"),
                                    QStringLiteral("proxy"),  QStringLiteral("scheduler")};
        for (const QString& topic : topics)
            QVERIFY(!writeFile(dir, QStringLiteral("runbooks/ops/%1.md").arg(topic),
                               QStringLiteral("# %1\n\nThe %1 writes a log; disk latency "
                                              "slows the %1 down.\n")
                                   .arg(topic)
                                   .toUtf8())
                         .isEmpty());
        const QStringList chinese = {QStringLiteral("磁盘"), QStringLiteral("延迟"),
                                     QStringLiteral("排查"), QStringLiteral("日志")};
        for (int i = 0; i < int(chinese.size()); ++i)
            QVERIFY(!writeFile(dir, QStringLiteral("runbooks/ops/zh-%1.md").arg(i),
                               QStringLiteral("# 说明\n\n这里提到%1，别的都无关。\n")
                                   .arg(chinese[i])
                                   .toUtf8())
                         .isEmpty());
        const QString kbDir = dir.filePath(QStringLiteral("kb"));
        QVERIFY(ingestFolder(dir.filePath(QStringLiteral("runbooks")), kbDir));
        auto kb = KnowledgeBase::open(kbDir);
        QVERIFY(kb);
        const LookupEngine engine(*kb);
        const LookupSettings settings = (*kb)->settings();

        LookupRequest request;
        request.query = QStringLiteral("磁盘延迟排查日志");
        request.searchMode = QStringLiteral("hybrid");
        const LookupResult found = engine.lookup(request);
        const AttemptCandidate* english = nullptr;
        for (const AttemptCandidate& c : found.retrievalTrace.attempts.back().candidates)
            if (c.source == QStringLiteral("ops/disk-latency"))
                english = &c;
        QVERIFY(english);
        // The rank score is the question's own BM25 quality (dense rank weight 0); the
        // quality takes the English reading's, well above it.
        QCOMPARE(settings.hybridRankDenseWeight, 0.0);
        const double withOwnBm25 =
            CandidateScorer::fuse(CandidateScorer::denseQuality(english->denseScore, settings),
                                  english->score, settings.hybridDenseWeight);
        QVERIFY2(english->score < settings.minUsableQuality,
                 qPrintable(QString::number(english->score)));
        QVERIFY2(english->quality > withOwnBm25 + 0.1,
                 qPrintable(QStringLiteral("%1 vs %2").arg(english->quality).arg(withOwnBm25)));
        QCOMPARE(found.evidenceStatus, QString(vocab::kEvidenceFound));
        bool returned = false;
        for (const EvidenceBlock& b : found.evidenceBlocks)
            returned = returned || b.source == QStringLiteral("ops/disk-latency");
        QVERIFY(returned);

        // An off-topic question (annual leave) one of whose words has a sense a runbook uses
        // in passing ("new", of "new year"): one of four senses is a part of the word, not
        // the word, and the question's own unknown bigrams do not let its translations
        // count twice. No evidence.
        request.query = QStringLiteral("年假申请");
        const LookupResult offTopic = engine.lookup(request);
        QVERIFY(!offTopic.retrievalTrace.queryTranslations.empty());
        QCOMPARE(offTopic.evidenceStatus, QString(vocab::kNoEvidence));
        qunsetenv("RAGLENS_DICTIONARY");
    }

    void environmentChoosesTheTable()
    {
        qputenv("RAGLENS_DICTIONARY", "off");
        QVERIFY(BilingualDictionary::defaultPath().isEmpty());
        qputenv("RAGLENS_DICTIONARY", m_table.toUtf8());
        QCOMPARE(BilingualDictionary::defaultPath(), m_table);
        qunsetenv("RAGLENS_DICTIONARY");
    }

private:
    QTemporaryDir m_dir;
    QString m_table;
};

QTEST_GUILESS_MAIN(TestBilingualDictionary)
#include "tst_bilingual_dictionary.moc"
