// Public-corpus retrieval quality. The corpus is Debian's git-doc package
// (/usr/share/doc/git-doc/*.txt: git's own manual pages and guides, AsciiDoc text
// nobody on this project wrote). The queries in tests/quality/git-doc-queries.jsonl
// describe a task in plain words; the answer is the manual page(s) named in
// expected_sources. In the same run the same chunks are indexed by SQLite FTS5 and
// ranked by bm25() (once with the porter stemmer, once plain unicode61). For every
// system the chunk ranking is reduced to distinct sources; hit@5 = expected source
// among the first five, MRR over the first ten.

#include "quality_eval.h"

#include "kb/kb_data.h"
#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"

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

struct Case
{
    QString id, query;
    QStringList expected;
};

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

std::vector<Case> loadCases(const QString& path)
{
    std::vector<Case> cases;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return cases;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const auto j = nlohmann::json::parse(line.toStdString(), nullptr, false);
        if (j.is_discarded())
            continue;
        cases.push_back({json_util::value<QString>(j, "id"), json_util::value<QString>(j, "query"),
                         json_util::value<QStringList>(j, "expected_sources")});
    }
    return cases;
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

} // namespace

int runQualityEvaluation(const QString& docRoot, const QString& keepDir)
{
    const QString corpusDir = docRoot + QStringLiteral("/git-doc");
    const QStringList files =
        QDir(corpusDir).entryList({QStringLiteral("*.txt")}, QDir::Files, QDir::Name);
    if (files.size() < 50) {
        std::fprintf(stderr,
                     "raglens-bench: %s has no git-doc manual pages; install the Debian package "
                     "git-doc (scripts/install-deps.sh does)\n",
                     qPrintable(corpusDir));
        return 1;
    }
    const auto cases =
        loadCases(QStringLiteral(RAGLENS_SOURCE_DIR "/tests/quality/git-doc-queries.jsonl"));
    if (cases.empty()) {
        std::fprintf(stderr, "raglens-bench: no quality queries found\n");
        return 1;
    }
    QTemporaryDir tmp;
    const QString root = keepDir.isEmpty() ? tmp.path() : keepDir;
    const QString src = root + QStringLiteral("/src/git-doc");
    QDir().mkpath(src);
    for (const QString& f : files)
        QFile::copy(QDir(corpusDir).filePath(f), QDir(src).filePath(f));

    QElapsedTimer timer;
    timer.start();
    auto summary = ingestFolder(root + QStringLiteral("/src"), root + QStringLiteral("/kb"));
    if (!summary) {
        std::fprintf(stderr, "raglens-bench: %s\n", qPrintable(summary.error()));
        return 1;
    }
    auto kb = KnowledgeBase::open(root + QStringLiteral("/kb"));
    if (!kb) {
        std::fprintf(stderr, "raglens-bench: %s\n", qPrintable(kb.error()));
        return 1;
    }
    const KbData& data = (*kb)->data();
    auto sourceName = [](const QString& source) { return source.section(QLatin1Char('/'), -1); };

    // The FTS5 peer indexes exactly the chunks RagLens indexes (title + heading + text).
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fts"));
    db.setDatabaseName(QStringLiteral(":memory:"));
    if (!db.open()) {
        std::fprintf(stderr, "raglens-bench: cannot open SQLite\n");
        return 1;
    }
    QSqlQuery q(db);
    for (const QString& table : {QStringLiteral("porter"), QStringLiteral("plain")}) {
        const QString tokenizer = table == QLatin1String("porter")
                                      ? QStringLiteral("porter unicode61")
                                      : QStringLiteral("unicode61");
        if (!q.exec(QStringLiteral("CREATE VIRTUAL TABLE %1 USING fts5(source UNINDEXED, body, "
                                   "tokenize='%2')")
                        .arg(table, tokenizer))) {
            std::fprintf(stderr, "raglens-bench: FTS5 unavailable: %s\n",
                         qPrintable(q.lastError().text()));
            return 1;
        }
        db.transaction();
        q.prepare(QStringLiteral("INSERT INTO %1(source, body) VALUES(?, ?)").arg(table));
        for (const ChunkRecord& c : data.chunks) {
            const DocRecord& d = data.docs[size_t(c.doc)];
            q.addBindValue(sourceName(d.source));
            q.addBindValue(KbData::indexedText(d, c));
            q.exec();
        }
        db.commit();
    }

    const LookupEngine engine(*kb);
    Score hybrid, dense, hybridEvidence, fts5Porter, fts5Plain;
    int hybridNoEvidence = 0;
    // Sensitivity of hybrid ranking to the fusion weight (the default is the KB setting).
    std::map<double, Score> byWeight;
    nlohmann::json perCase = nlohmann::json::array();
    for (const Case& c : cases) {
        nlohmann::json row = {{"id", c.id}};
        for (const QString& mode : {QStringLiteral("hybrid"), QStringLiteral("dense")}) {
            LookupRequest req;
            req.query = c.query;
            req.searchMode = mode;
            LookupSettings st = (*kb)->settings();
            st.candidatePoolSize = kDepth; // both systems rank the same number of chunks
            req.settingsOverride = st;
            const LookupResult r = engine.lookup(req);
            QStringList ranked;
            for (const AttemptCandidate& a : r.retrievalTrace.attempts.back().candidates)
                ranked << sourceName(a.source);
            ranked = distinct(ranked);
            (mode == QLatin1String("hybrid") ? hybrid : dense).add(ranked, c.expected);
            row[mode.toStdString()] = ranked.mid(0, 3);
            if (mode == QLatin1String("hybrid")) {
                QStringList evidence;
                for (const EvidenceBlock& b : r.evidenceBlocks)
                    evidence << sourceName(b.source);
                hybridEvidence.add(distinct(evidence), c.expected);
                hybridNoEvidence += r.evidenceBlocks.empty();
            }
        }
        for (double w : {0.0, 0.3, 0.4, 0.5, 0.7}) {
            LookupRequest req;
            req.query = c.query;
            LookupSettings st = (*kb)->settings();
            st.hybridDenseWeight = w;
            st.candidatePoolSize = kDepth;
            req.settingsOverride = st;
            QStringList ranked;
            for (const AttemptCandidate& a :
                 engine.lookup(req).retrievalTrace.attempts.back().candidates)
                ranked << sourceName(a.source);
            byWeight[w].add(distinct(ranked), c.expected);
        }
        for (const QString& table : {QStringLiteral("porter"), QStringLiteral("plain")}) {
            q.prepare(QStringLiteral("SELECT source FROM %1 WHERE %1 MATCH ? ORDER BY bm25(%1) "
                                     "LIMIT %2")
                          .arg(table)
                          .arg(kDepth));
            q.addBindValue(ftsQuery(c.query));
            QStringList ranked;
            if (q.exec())
                while (q.next())
                    ranked << q.value(0).toString();
            ranked = distinct(ranked);
            (table == QLatin1String("porter") ? fts5Porter : fts5Plain).add(ranked, c.expected);
            row[("fts5_" + table).toStdString()] = ranked.mid(0, 3);
        }
        row["expected"] = c.expected;
        perCase.push_back(row);
    }
    nlohmann::json out = {{"corpus",
                           {{"package", "git-doc (Debian)"},
                            {"path", corpusDir},
                            {"documents", summary->documents},
                            {"chunks", summary->chunks}}},
                          {"queries", int(cases.size())},
                          {"ragLensHybrid", hybrid.json()},
                          {"ragLensDense", dense.json()},
                          {"ragLensHybridEvidenceBlocks", hybridEvidence.json()},
                          {"ragLensHybridNoEvidenceCases", hybridNoEvidence},
                          {"sqliteFts5Bm25Porter", fts5Porter.json()},
                          {"hybridByDenseWeight",
                           [&] {
                               nlohmann::json j = nlohmann::json::object();
                               for (const auto& [w, sc] : byWeight)
                                   j[QString::number(w).toStdString()] = sc.json();
                               return j;
                           }()},
                          {"defaultDenseWeight", (*kb)->settings().hybridDenseWeight},
                          {"sqliteFts5Bm25Plain", fts5Plain.json()},
                          {"hybridReachesFts5Porter", hybrid.hits >= fts5Porter.hits},
                          {"seconds", double(timer.elapsed()) / 1000.0},
                          {"cases", perCase}};
    const std::string text = out.dump(2);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    return 0;
}

} // namespace raglens::bench
