// raglens-bench: performance figures of the knowledge base and lookup engine as JSON.
//   raglens-bench [--chunks N] [--queries Q] [--index auto|flat|hnsw] [--keep DIR]
//   raglens-bench --serve [--serve-seconds S]   (Trace API throughput, see serve_bench.cpp)
//   raglens-bench --quality [--doc-root DIR] [--reference-dir DIR]    (public-corpus quality, see
//   quality_eval.cpp) raglens-bench --audit-rows N [--keep DIR]   (audit store scale, see
//   audit_scale.cpp)
// All figures use the same synthetic queries (synthetic_corpus.h says how the text is made).

#include "ann_experiment.h"
#include "audit_scale.h"
#include "quality_eval.h"
#include "serve_bench.h"
#include "synthetic_corpus.h"

#include "kb/kb_data.h"
#include "kb/knowledge_base.h"
#include "kb/text_tokenizer.h"
#include "lookup/lookup_engine.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>

using namespace raglens;

namespace {

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const double idx = p * double(v.size() - 1);
    const size_t lo = size_t(idx), hi = std::min(v.size() - 1, lo + 1);
    return v[lo] + (v[hi] - v[lo]) * (idx - double(lo));
}

double ms(const QElapsedTimer& t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

nlohmann::json timing(const std::vector<double>& v)
{
    return {{"p50Ms", percentile(v, 0.5)}, {"p95Ms", percentile(v, 0.95)}};
}

int runPerformance(int chunks, int queryCount, const QString& indexKind, const QString& keep,
                   bool reuse, int ef)
{
    QTemporaryDir tmp;
    const QString root = keep.isEmpty() ? tmp.path() : keep;
    const QString src = root + QStringLiteral("/src"), kbDir = root + QStringLiteral("/kb");
    const QString queryFile = root + QStringLiteral("/queries.json");
    std::vector<bench::SyntheticQuery> queries;
    IngestSummary ingested;
    double ingestSeconds = 0;
    if (reuse && QFile::exists(queryFile)) {
        // Tuning runs: the KB and queries of an earlier --keep run, no ingest figures.
        QFile f(queryFile);
        f.open(QIODevice::ReadOnly);
        for (const auto& q : nlohmann::json::parse(f.readAll().toStdString(), nullptr, false))
            queries.push_back(
                {json_util::value<QString>(q, "text"), json_util::value<QString>(q, "source")});
    } else {
        std::fprintf(stderr, "generating %d synthetic chunks in %s\n", chunks, qPrintable(src));
        queries = bench::SyntheticCorpus::write(src, chunks, queryCount);
        nlohmann::json qj = nlohmann::json::array();
        for (const auto& q : queries)
            qj.push_back({{"text", q.text}, {"source", q.source}});
        QFile f(queryFile);
        if (!keep.isEmpty() && f.open(QIODevice::WriteOnly))
            f.write(QByteArray::fromStdString(qj.dump()));

        std::fprintf(stderr, "ingesting\n");
        IngestOptions options;
        options.indexKind = indexKind;
        QElapsedTimer ingestTimer;
        ingestTimer.start();
        auto summary = ingestFolder(src, kbDir, options);
        ingestSeconds = ms(ingestTimer) / 1000.0;
        if (!summary) {
            std::fprintf(stderr, "raglens-bench: %s\n", qPrintable(summary.error()));
            return 1;
        }
        ingested = *summary;
    }
    const IngestSummary* summary = &ingested;
    auto kbOpen = KnowledgeBase::open(kbDir);
    if (!kbOpen) {
        std::fprintf(stderr, "raglens-bench: %s\n", qPrintable(kbOpen.error()));
        return 1;
    }
    QElapsedTimer openTimer;
    openTimer.start();
    auto reopened = KnowledgeBase::open(kbDir);
    const double openMs = ms(openTimer);
    std::shared_ptr<KnowledgeBase> kb = *kbOpen;
    const KbData& data = kb->data();
    if (ef > 0)
        data.vectors->setEfSearch(ef);
    const LookupEngine engine(kb);
    const LookupSettings settings = kb->settings();
    const int pool = settings.candidatePoolSize;

    std::fprintf(stderr, "measuring %zu queries\n", queries.size());
    std::vector<double> lookupMs, annMs, bm25Ms, flatMs;
    double recallSum = 0, scoreRecallSum = 0;
    int hits = 0, filtered = 0, retries = 0;
    std::vector<float> emb(size_t(data.embedder->dimension()));
    // Warm-up: first-touch page faults of the index are not what we measure.
    for (size_t i = 0; i < std::min<size_t>(5, queries.size()); ++i) {
        LookupRequest warm;
        warm.query = queries[i].text;
        engine.lookup(warm);
    }
    for (const bench::SyntheticQuery& q : queries) {
        QElapsedTimer t;
        t.start();
        LookupRequest req;
        req.query = q.text;
        const LookupResult r = engine.lookup(req);
        const std::string json = nlohmann::json(r).dump(); // the JSON is part of the work
        lookupMs.push_back(ms(t));
        if (!r.evidenceBlocks.empty() && r.evidenceBlocks.front().source == q.source)
            ++hits;
        filtered += r.retrievalTrace.attempts.front().name == QLatin1String("FILTERED_VECTOR");
        retries += !r.retrievalTrace.fallbackReason.isEmpty();
        (void)json;

        const QStringList tokens = TextTokenizer::tokenize(q.text);
        data.embedder->embedTokens(tokens, emb.data());
        t.restart();
        const auto ann = data.vectors->search(emb.data(), pool);
        annMs.push_back(ms(t));
        t.restart();
        const auto scores = data.bm25.score(tokens);
        const auto top = data.bm25.top(scores, pool);
        bm25Ms.push_back(ms(t));
        t.restart();
        const auto exact = data.vectors->searchExact(emb.data(), pool);
        flatMs.push_back(ms(t));

        int found = 0;
        const size_t k = std::min<size_t>(10, exact.size());
        for (size_t i = 0; i < k; ++i)
            for (size_t j = 0; j < std::min<size_t>(10, ann.size()); ++j)
                found += exact[i].id == ann[j].id;
        recallSum += k ? double(found) / double(k) : 1.0;
        // Score-based recall: an ANN hit scoring at least the exact 10th score is as good
        // as an exact one (hashed bag-of-words vectors produce many exact ties).
        int good = 0;
        for (size_t j = 0; j < std::min<size_t>(10, ann.size()); ++j)
            good += k && ann[j].score >= exact[k - 1].score - 1e-6f;
        scoreRecallSum += k ? double(std::min<size_t>(size_t(good), k)) / double(k) : 1.0;
        (void)top;
    }
    const double n = double(queries.size());
    const double rawSum = percentile(annMs, 0.5) + percentile(bm25Ms, 0.5);
    nlohmann::json out = {
        {"machine",
         {{"cores", QThread::idealThreadCount()},
          {"cpu", QSysInfo::currentCpuArchitecture()},
          {"os", QSysInfo::prettyProductName()}}},
        {"chunks", kb->chunkCount()},
        {"documents", int(data.docs.size())},
        {"efSearch", data.vectors->efSearch()},
        {"queries", int(queries.size())},
        {"indexType", data.vectors->kind()},
        {"dimension", data.embedder->dimension()},
        {"candidatePoolSize", pool},
        {"ingestSeconds", ingestSeconds},
        {"ingestChunksPerSec", ingestSeconds > 0 ? double(summary->chunks) / ingestSeconds : 0.0},
        {"kbOpenMs", openMs},
        {"kbSizeOnDiskBytes", kb->stats().sizeOnDisk},
        {"lookup", timing(lookupMs)},
        {"rawAnn", timing(annMs)},
        {"rawBm25", timing(bm25Ms)},
        {"rawFlat", timing(flatMs)},
        {"recallAt10VsFlat", recallSum / n},
        {"scoreRecallAt10VsFlat", scoreRecallSum / n},
        {"lookupOverRawP50", percentile(lookupMs, 0.5) / rawSum},
        {"flatOverAnnP50", percentile(flatMs, 0.5) / std::max(1e-9, percentile(annMs, 0.5))},
        {"top1SourceHitRate", hits / n},
        {"filteredAttemptRate", filtered / n},
        {"retryRate", retries / n},
        {"targets",
         {{"lookupP50AtMost1_5xRaw", percentile(lookupMs, 0.5) <= 1.5 * rawSum},
          {"recallAt10AtLeast0_95", recallSum / n >= 0.95},
          {"exactOverAnnAtLeast10x", percentile(flatMs, 0.5) >= 10 * percentile(annMs, 0.5)},
          {"ingestAtLeast2000ChunksPerSec",
           ingestSeconds > 0 && double(summary->chunks) / ingestSeconds >= 2000}}}};
    const std::string text = out.dump(2);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("RagLens performance and quality figures as JSON."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("chunks"), QStringLiteral("Synthetic KB size."),
                      QStringLiteral("N"), QStringLiteral("100000")});
    parser.addOption({QStringLiteral("queries"), QStringLiteral("Number of queries."),
                      QStringLiteral("Q"), QStringLiteral("200")});
    parser.addOption({QStringLiteral("index"), QStringLiteral("auto, flat or hnsw."),
                      QStringLiteral("KIND"), QStringLiteral("auto")});
    parser.addOption({QStringLiteral("keep"), QStringLiteral("Work in DIR and keep the files."),
                      QStringLiteral("DIR")});
    parser.addOption(
        {QStringLiteral("reuse"),
         QStringLiteral(
             "With --keep: reuse the KB and queries of an earlier run (no ingest figures).")});
    parser.addOption({QStringLiteral("ef"), QStringLiteral("HNSW efSearch (0 = automatic)."),
                      QStringLiteral("N"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("quality"),
                      QStringLiteral("Public-corpus quality evaluation instead of performance.")});
    parser.addOption({QStringLiteral("doc-root"),
                      QStringLiteral("Quality: documentation root (default /usr/share/doc)."),
                      QStringLiteral("DIR"), QStringLiteral("/usr/share/doc")});
    parser.addOption(
        {QStringLiteral("reference-dir"),
         QStringLiteral(
             "Quality: debian-reference's folder (default /usr/share/debian-reference)."),
         QStringLiteral("DIR"), QStringLiteral("/usr/share/debian-reference")});
    parser.addOption({QStringLiteral("ann-experiment"),
                      QStringLiteral("Compare FAISS index types on the KB in --keep DIR.")});
    parser.addOption({QStringLiteral("audit-rows"),
                      QStringLiteral("Scale of the audit reads: generate production-shaped "
                                     "SQLite stores of 10,000 and N invocations and time the "
                                     "session list, filters, a trace and health."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("serve"),
                      QStringLiteral("Trace API throughput: raglens-cli serve on the demo "
                                     "database with 1, 8 and 32 keep-alive clients.")});
    parser.addOption({QStringLiteral("serve-seconds"),
                      QStringLiteral("Seconds per client count for --serve (default 10)."),
                      QStringLiteral("S"), QStringLiteral("10")});
    parser.process(app);
    if (parser.isSet(QStringLiteral("serve"))) {
        const int seconds = parser.value(QStringLiteral("serve-seconds")).toInt();
        if (seconds < 1 || seconds > 600) {
            std::fprintf(stderr, "raglens-bench: --serve-seconds must be 1 to 600\n");
            return 2;
        }
        return bench::runServeBench(seconds);
    }
    if (parser.isSet(QStringLiteral("audit-rows"))) {
        bool ok = false;
        const int rows = parser.value(QStringLiteral("audit-rows")).toInt(&ok);
        if (!ok || rows < 10000) {
            std::fprintf(stderr, "raglens-bench: --audit-rows must be >= 10000\n");
            return 2;
        }
        return bench::runAuditScale(rows, parser.value(QStringLiteral("keep")));
    }
    if (parser.isSet(QStringLiteral("ann-experiment")))
        return bench::runAnnExperiment(parser.value(QStringLiteral("keep")));
    if (parser.isSet(QStringLiteral("quality")))
        return bench::runQualityEvaluation(parser.value(QStringLiteral("doc-root")),
                                           parser.value(QStringLiteral("reference-dir")),
                                           parser.value(QStringLiteral("keep")));
    bool okChunks = false, okQueries = false;
    const int chunks = parser.value(QStringLiteral("chunks")).toInt(&okChunks);
    const int queries = parser.value(QStringLiteral("queries")).toInt(&okQueries);
    if (!okChunks || chunks < 100 || !okQueries || queries < 1) {
        std::fprintf(stderr, "raglens-bench: --chunks must be >= 100 and --queries >= 1\n");
        return 2;
    }
    return runPerformance(chunks, queries, parser.value(QStringLiteral("index")),
                          parser.value(QStringLiteral("keep")),
                          parser.isSet(QStringLiteral("reuse")),
                          parser.value(QStringLiteral("ef")).toInt());
}
