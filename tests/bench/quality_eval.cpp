// Public-corpus retrieval quality. Every corpus comes from a Debian package nobody on this
// project wrote, with questions taken from its own structure (tests/support/
// quality_corpora.h says how). In the same run the same chunks are indexed by SQLite FTS5
// and ranked by bm25() with the default unicode61 tokenizer, the porter stemmer and the
// trigram tokenizer (the fair peer for Chinese, which unicode61 keeps as one token per
// run of characters). For every system the chunk ranking is reduced to distinct sources;
// hit@5 = an expected source among the first five, MRR over the first ten. Figures are
// given per query set and half: tune on "calibration", quote "report".

#include "quality_eval.h"

#include "kb/kb_data.h"
#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"
#include "support/quality_corpora.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <cstdio>
#include <map>

#ifndef RAGLENS_SOURCE_DIR
#define RAGLENS_SOURCE_DIR "."
#endif

namespace raglens::bench {

namespace {

/// Chunks ranked per query by every system before reducing to distinct sources.
constexpr int kDepth = 60;
/// Dense weights tried on the calibration half (the default is the KB's setting).
const std::vector<double> kWeights{0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7};

struct Score
{
    int hits = 0;
    double mrr = 0;
    int n = 0;
    void add(const QStringList& ranked, const QStringList& expected)
    {
        ++n;
        for (int i = 0; i < ranked.size() && i < 10; ++i)
            if (expected.contains(ranked[i])) {
                hits += i < 5;
                mrr += 1.0 / (i + 1);
                break;
            }
    }
    nlohmann::json json() const
    {
        return {{"hitAt5", n ? double(hits) / n : 0}, {"mrrAt10", n ? mrr / n : 0}};
    }
};

QStringList distinct(const QStringList& ranked)
{
    QStringList out;
    for (const QString& s : ranked)
        if (!out.contains(s))
            out << s;
    return out;
}

QString sourceName(const QString& source)
{
    return source.section(QLatin1Char('/'), -1);
}

/// FTS5 query: every word as a quoted term, OR-ed (natural-language questions would
/// almost never match with FTS5's default AND).
QString ftsQuery(const QString& text)
{
    QStringList terms;
    static const QRegularExpression word(QStringLiteral("[\\p{L}\\p{N}_]+"));
    auto it = word.globalMatch(text.toLower());
    while (it.hasNext())
        terms << QLatin1Char('"') + it.next().captured() + QLatin1Char('"');
    return terms.join(QStringLiteral(" OR "));
}

struct FtsPeer
{
    const char* key;
    const char* table;
    const char* tokenizer;
};
const std::vector<FtsPeer> kFtsPeers{{"sqliteFts5Bm25Plain", "plain", "unicode61"},
                                     {"sqliteFts5Bm25Porter", "porter", "porter unicode61"},
                                     {"sqliteFts5Bm25Trigram", "trigram", "trigram"}};

/// The FTS5 peers index exactly the chunks RagLens indexes (title + heading + text).
Status buildFtsPeers(QSqlDatabase& db, const KbData& data)
{
    QSqlQuery q(db);
    for (const FtsPeer& peer : kFtsPeers) {
        if (!q.exec(QStringLiteral("CREATE VIRTUAL TABLE %1 USING fts5(source UNINDEXED, body, "
                                   "tokenize='%2')")
                        .arg(QLatin1String(peer.table), QLatin1String(peer.tokenizer))))
            return Error{QStringLiteral("FTS5 unavailable: ") + q.lastError().text()};
        db.transaction();
        q.prepare(QStringLiteral("INSERT INTO %1(source, body) VALUES(?, ?)")
                      .arg(QLatin1String(peer.table)));
        for (const ChunkRecord& c : data.chunks) {
            const DocRecord& d = data.docs[size_t(c.doc)];
            q.addBindValue(sourceName(d.source));
            q.addBindValue(KbData::indexedText(d, c));
            q.exec();
        }
        db.commit();
    }
    return ok();
}

QStringList ftsRanking(QSqlDatabase& db, const char* table, const QString& query)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT source FROM %1 WHERE %1 MATCH ? ORDER BY bm25(%1) LIMIT %2")
                  .arg(QLatin1String(table))
                  .arg(kDepth));
    q.addBindValue(ftsQuery(query));
    QStringList ranked;
    if (q.exec())
        while (q.next())
            ranked << q.value(0).toString();
    return distinct(ranked);
}

QStringList lookupRanking(const LookupEngine& engine, const KnowledgeBase& kb, const QString& query,
                          const QString& mode, std::optional<double> rankDenseWeight = {})
{
    LookupRequest req;
    req.query = query;
    req.searchMode = mode;
    LookupSettings st = kb.settings();
    st.candidatePoolSize = kDepth; // every system ranks the same number of chunks
    if (rankDenseWeight)
        st.hybridRankDenseWeight = *rankDenseWeight;
    req.settingsOverride = st;
    QStringList ranked;
    for (const AttemptCandidate& a : engine.lookup(req).retrievalTrace.attempts.back().candidates)
        ranked << sourceName(a.source);
    return distinct(ranked);
}

/// Scores of one query set in one half, per system.
struct SetScores
{
    std::map<std::string, Score> systems;
    std::map<double, Score> hybridByWeight;
};

Expected<nlohmann::json> evaluateCorpus(const test::QualityCorpus& corpus, const QString& root)
{
    const QString src = QDir(root).filePath(QStringLiteral("src/") + corpus.name);
    const QString kbDir = QDir(root).filePath(QStringLiteral("kb/") + corpus.name);
    QDir().mkpath(src);
    for (const test::QualityDocument& d : corpus.documents) {
        QFile f(QDir(src).filePath(d.name + QStringLiteral(".txt")));
        if (!f.open(QIODevice::WriteOnly) || f.write(d.text.toUtf8()) < 0)
            return Error{QStringLiteral("cannot write ") + f.fileName()};
    }
    QElapsedTimer ingestTimer;
    ingestTimer.start();
    auto summary = ingestFolder(src, kbDir);
    if (!summary)
        return Error{summary.error()};
    const double ingestSeconds = double(ingestTimer.elapsed()) / 1000.0;
    auto kb = KnowledgeBase::open(kbDir);
    if (!kb)
        return Error{kb.error()};
    // The same chunks with BM25 over plain words, as every KB was built before stemming.
    IngestOptions wordsOnly;
    wordsOnly.bm25Terms = Bm25Index::TermForm::Words;
    if (auto s = ingestFolder(src, kbDir + QStringLiteral("-words"), wordsOnly); !s)
        return Error{s.error()};
    auto kbWords = KnowledgeBase::open(kbDir + QStringLiteral("-words"));
    if (!kbWords)
        return Error{kbWords.error()};

    const QString connection = QStringLiteral("fts-") + corpus.name;
    nlohmann::json out;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(QStringLiteral(":memory:"));
        if (!db.open())
            return Error{QStringLiteral("cannot open SQLite")};
        if (Status s = buildFtsPeers(db, (*kb)->data()); !s)
            return Error{s.error()};

        const LookupEngine engine(*kb);
        const LookupEngine engineWords(*kbWords);
        std::map<std::pair<QString, bool>, SetScores> scores;
        for (const test::QualityQuery& q : corpus.queries) {
            SetScores& set = scores[{q.set, q.report}];
            const QStringList ours = lookupRanking(engine, **kb, q.query, "hybrid");
            set.systems["ragLensHybrid"].add(ours, q.expected);
            // RAGLENS_QUALITY_DEBUG=1: one line per query on stderr (set, half, rank of the
            // answer for RagLens and for FTS5 porter, both top fives), to study the misses.
            if (qEnvironmentVariableIsSet("RAGLENS_QUALITY_DEBUG")) {
                const QStringList fts = ftsRanking(db, kFtsPeers[1].table, q.query);
                auto pos = [&](const QStringList& r) {
                    for (int i = 0; i < r.size() && i < 10; ++i)
                        if (q.expected.contains(r[i]))
                            return i + 1;
                    return 99;
                };
                fprintf(stderr, "DBG\t%s\t%d\t%d\t%d\t%s\t%s\t%s\t%s\n", qPrintable(q.set),
                        int(q.report), pos(ours), pos(fts), qPrintable(q.query),
                        qPrintable(q.expected.join(",")), qPrintable(ours.mid(0, 5).join(",")),
                        qPrintable(fts.mid(0, 5).join(",")));
            }
            set.systems["ragLensHybridUnstemmed"].add(
                lookupRanking(engineWords, **kbWords, q.query, "hybrid"), q.expected);
            set.systems["ragLensDense"].add(lookupRanking(engine, **kb, q.query, "dense"),
                                            q.expected);
            for (const FtsPeer& peer : kFtsPeers)
                set.systems[peer.key].add(ftsRanking(db, peer.table, q.query), q.expected);
            if (!q.report) // tuning looks at the calibration half only
                for (double w : kWeights)
                    set.hybridByWeight[w].add(
                        lookupRanking(engine, **kb, q.query, QStringLiteral("hybrid"), w),
                        q.expected);
        }
        nlohmann::json sets = nlohmann::json::array();
        for (const auto& [key, set] : scores) {
            nlohmann::json j = {{"set", key.first},
                                {"half", key.second ? "report" : "calibration"},
                                {"queries", set.systems.begin()->second.n}};
            for (const auto& [system, score] : set.systems)
                j[system] = score.json();
            if (!set.hybridByWeight.empty()) {
                nlohmann::json byWeight = nlohmann::json::object();
                for (const auto& [w, score] : set.hybridByWeight)
                    byWeight[QString::number(w).toStdString()] = score.json();
                j["hybridByRankDenseWeight"] = byWeight;
            }
            sets.push_back(j);
        }
        out = {{"corpus", corpus.name},
               {"package", corpus.package},
               {"queryMethod", corpus.method},
               {"documents", summary->documents},
               {"chunks", summary->chunks},
               {"ingestSeconds", ingestSeconds},
               {"defaultRankDenseWeight", (*kb)->settings().hybridRankDenseWeight},
               {"sets", sets}};
    }
    QSqlDatabase::removeDatabase(connection);
    return out;
}

} // namespace

int runQualityEvaluation(const QString& docRoot, const QString& referenceDir,
                         const QString& keepDir)
{
    QString error;
    std::vector<test::QualityCorpus> corpora;
    corpora.push_back(test::gitDocCorpus(
        docRoot + QStringLiteral("/git-doc"),
        QStringLiteral(RAGLENS_SOURCE_DIR "/tests/quality/git-doc-queries.jsonl"), &error));
    for (test::QualityCorpus& c : test::debianReferenceCorpora(referenceDir, &error))
        corpora.push_back(std::move(c));
    if (!error.isEmpty()) {
        std::fprintf(stderr, "raglens-bench: %s\n", qPrintable(error));
        return 1;
    }
    QTemporaryDir tmp;
    const QString root = keepDir.isEmpty() ? tmp.path() : keepDir;
    QElapsedTimer timer;
    timer.start();
    nlohmann::json results = nlohmann::json::array();
    for (const test::QualityCorpus& corpus : corpora) {
        auto r = evaluateCorpus(corpus, root);
        if (!r) {
            std::fprintf(stderr, "raglens-bench: %s: %s\n", qPrintable(corpus.name),
                         qPrintable(r.error()));
            return 1;
        }
        results.push_back(*r);
    }
    const nlohmann::json out = {{"corpora", results},
                                {"seconds", double(timer.elapsed()) / 1000.0}};
    const std::string text = out.dump(2);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    return 0;
}

} // namespace raglens::bench
