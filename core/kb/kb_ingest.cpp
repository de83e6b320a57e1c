// ingestFolder(): scan → read + chunk (reusing unchanged documents of the previous KB)
// → tokenise → fit the embedder → embed → build the vector, BM25 and L0 indexes → write a
// new generation → switch the manifest. Cancel or failure before the switch leaves the
// previous KB untouched.

#include "kb/hashing_embedder.h"
#include "kb/kb_data.h"
#include "kb/kb_storage.h"
#include "kb/knowledge_base.h"
#include "kb/markdown_chunker.h"
#include "kb/remote_embedder.h"
#include "kb/source_scanner.h"
#include "kb/text_tokenizer.h"

#include "common/logging.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QLockFile>
#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

#include <numeric>

namespace raglens {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("KnowledgeBase", text);
}

struct Reporter
{
    const IngestOptions& options;
    IngestProgress progress;
    bool cancelled = false;
    bool report()
    {
        if (!cancelled && options.onProgress && !options.onProgress(progress))
            cancelled = true;
        return !cancelled;
    }
};

bool sameCategories(const std::vector<CategoryRecord>& a, const std::vector<CategoryRecord>& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].name != b[i].name || a[i].aliases != b[i].aliases ||
            a[i].description != b[i].description)
            return false;
    return true;
}

} // namespace

Expected<IngestSummary> ingestFolder(const QString& sourceDir, const QString& kbDir,
                                     const IngestOptions& options)
{
    QElapsedTimer timer;
    timer.start();
    IngestSummary summary;
    const QString kind = options.indexKind.isEmpty() ? QStringLiteral("auto") : options.indexKind;
    if (kind != QLatin1String("auto") && kind != QLatin1String("flat") &&
        kind != QLatin1String("hnsw"))
        return Error{tr("unknown index kind \"%1\" (use auto, flat or hnsw)").arg(kind)};
    if (kbDir.trimmed().isEmpty())
        return Error{tr("no knowledge base folder was given")};

    Reporter reporter{options, {}};
    auto cancelledResult = [&]() -> Expected<IngestSummary> {
        summary.cancelled = true;
        summary.seconds = timer.elapsed() / 1000.0;
        return summary;
    };
    reporter.progress.phase = QStringLiteral("scanning");
    if (!reporter.report())
        return cancelledResult();

    Expected<SourceScan> scanned = SourceScanner::scan(sourceDir);
    if (!scanned)
        return Error{scanned.error()};
    SourceScan& scan = *scanned;
    summary.skipped = scan.skipped;

    if (!QDir().mkpath(kbDir))
        return Error{tr("cannot create the knowledge base folder %1").arg(kbDir)};
    QLockFile lock(QDir(kbDir).filePath(QStringLiteral(".ingest.lock")));
    if (!lock.tryLock(0))
        return Error{tr("another ingest into %1 is running").arg(kbDir)};

    // The previous KB, if readable, supplies unchanged documents and the settings.
    std::unique_ptr<KbData> previous;
    if (QFileInfo::exists(QDir(kbDir).filePath(kb_storage::kManifestName))) {
        Expected<std::unique_ptr<KbData>> prev = kb_storage::read(kbDir);
        if (prev)
            previous = std::move(prev.value());
        else
            qCWarning(lcKb) << "previous knowledge base unreadable, rebuilding:" << prev.error();
    }

    auto data = std::make_unique<KbData>();
    data->directory = QDir(kbDir).absolutePath();
    data->settings = previous ? previous->settings : LookupSettings{};
    for (const SourceCategory& c : scan.categories)
        data->categories.push_back({c.name, c.aliases, c.description, 0, 0});

    MarkdownChunker chunker;
    reporter.progress.filesTotal = int(scan.files.size());
    reporter.progress.phase = QStringLiteral("chunking");
    for (const SourceFile& file : scan.files) {
        reporter.progress.currentFile = file.source;
        if (!reporter.report())
            break;
        ++reporter.progress.filesDone;
        QByteArray raw;
        Expected<QString> text = SourceScanner::readText(file.absolutePath, &raw);
        if (!text) {
            summary.skipped.push_back({file.absolutePath, text.error()});
            continue;
        }
        const QString sha1 =
            QString::fromLatin1(QCryptographicHash::hash(raw, QCryptographicHash::Sha1).toHex());
        DocRecord doc{file.source, file.category, {}, file.absolutePath, sha1, 0, 0};
        doc.firstChunk = int(data->chunks.size());
        const int prevIndex = previous ? previous->docBySource.value(file.source, -1) : -1;
        if (prevIndex >= 0 && previous->docs[size_t(prevIndex)].sha1 == sha1 &&
            previous->docs[size_t(prevIndex)].category == file.category) {
            // Unchanged file: keep its chunks (and so its evidence keys) as they were.
            const DocRecord& old = previous->docs[size_t(prevIndex)];
            doc.title = old.title;
            for (int id = old.firstChunk; id < old.firstChunk + old.chunkCount; ++id) {
                ChunkRecord c = previous->chunks[size_t(id)];
                c.doc = int(data->docs.size());
                data->chunks.push_back(std::move(c));
            }
            ++summary.unchanged;
        } else {
            ParsedDocument parsed = chunker.parse(*text, file.markdown);
            doc.title =
                parsed.title.isEmpty() ? file.source.section(QLatin1Char('/'), -1) : parsed.title;
            int n = 0;
            for (ChunkPiece& piece : parsed.chunks)
                data->chunks.push_back(
                    {int(data->docs.size()), n++, piece.heading, std::move(piece.content)});
            if (!parsed.aliases.isEmpty())
                for (CategoryRecord& c : data->categories)
                    if (c.name == file.category)
                        for (const QString& a : parsed.aliases)
                            if (!c.aliases.contains(a))
                                c.aliases.append(a);
            ++(prevIndex >= 0 ? summary.updated : summary.added);
        }
        doc.chunkCount = int(data->chunks.size()) - doc.firstChunk;
        data->docs.push_back(doc);
        reporter.progress.chunks = int(data->chunks.size());
    }
    if (reporter.cancelled)
        return cancelledResult();
    if (previous) {
        QSet<QString> present;
        for (const SourceFile& f : scan.files)
            present.insert(f.source);
        for (const DocRecord& d : previous->docs)
            if (!present.contains(d.source))
                ++summary.removed;
    }
    if (data->chunks.empty())
        return Error{tr("no documents to ingest in %1 (expected Markdown or text files in "
                        "category sub-folders)")
                         .arg(sourceDir)};

    data->rebuildLookups();
    for (size_t id = 0; id < data->chunks.size(); ++id)
        if (int c = data->chunkCategory[id]; c >= 0)
            ++data->categories[size_t(c)].chunks;
    for (const DocRecord& d : data->docs)
        if (int c = data->categoryByName.value(d.category, -1); c >= 0)
            ++data->categories[size_t(c)].documents;

    const int n = int(data->chunks.size());
    QString resolvedKind = kind;
    if (kind == QLatin1String("auto"))
        resolvedKind = n > options.hnswThreshold ? QStringLiteral("hnsw") : QStringLiteral("flat");

    summary.documents = int(data->docs.size());
    summary.chunks = n;
    summary.categories = int(data->categories.size());
    summary.indexType = resolvedKind;

    // Nothing changed: re-ingesting is a no-op and the KB on disk is not touched.
    // The embedder: the one asked for, else the previous KB's (a KB keeps its model), else
    // the offline hashing embedder.
    std::unique_ptr<Embedder> embedder;
    if (options.remoteEmbedder) {
        embedder = std::make_unique<RemoteEmbedder>(*options.remoteEmbedder);
    } else if (previous && !options.hashingEmbedder &&
               previous->embedder->name() == RemoteEmbedder::staticName()) {
        embedder = std::make_unique<RemoteEmbedder>(
            static_cast<const RemoteEmbedder&>(*previous->embedder).endpoint());
    } else {
        embedder = std::make_unique<HashingEmbedder>();
    }
    const bool sameEmbedder = previous && previous->embedder->name() == embedder->name() &&
                              previous->embedder->describe() == embedder->describe();
    if (previous && summary.added == 0 && summary.updated == 0 && summary.removed == 0 &&
        sameCategories(previous->categories, data->categories) &&
        previous->vectors->kind() == resolvedKind && sameEmbedder) {
        summary.seconds = timer.elapsed() / 1000.0;
        return summary;
    }
    previous.reset(); // free memory before the heavy part

    qCInfo(lcKb) << "read and chunked" << n << "chunks in" << timer.elapsed() << "ms";
    reporter.progress.phase = QStringLiteral("embedding");
    reporter.progress.currentFile.clear();
    if (!reporter.report())
        return cancelledResult();
    std::vector<QStringList> tokens(static_cast<size_t>(n));
    std::vector<int> ids(static_cast<size_t>(n));
    std::iota(ids.begin(), ids.end(), 0);
    QtConcurrent::blockingMap(ids, [&](int id) {
        const ChunkRecord& c = data->chunks[size_t(id)];
        tokens[size_t(id)] =
            TextTokenizer::tokenize(KbData::indexedText(data->docs[size_t(c.doc)], c));
    });
    data->embedder = std::move(embedder);
    if (Status fitted = data->embedder->fit(tokens); !fitted)
        return Error{tr("the chunks could not be embedded: %1").arg(fitted.error())};
    const int dim = data->embedder->dimension();
    std::vector<float> vectors(size_t(n) * size_t(dim));
    // Progress and cancel granularity; a remote model gets smaller blocks so that progress
    // moves and cancel answers while the server works.
    const bool remote = data->embedder->name() == RemoteEmbedder::staticName();
    const int block = remote ? 256 : 4096;
    for (int start = 0; start < n; start += block) {
        const int end = std::min(n, start + block);
        QStringList texts;
        if (remote) // the hashing embedder needs only the tokens
            for (int id = start; id < end; ++id) {
                const ChunkRecord& c = data->chunks[size_t(id)];
                texts << KbData::indexedText(data->docs[size_t(c.doc)], c);
            }
        const std::vector<QStringList> blockTokens(tokens.begin() + start, tokens.begin() + end);
        if (Status s = data->embedder->embedBatch(texts, blockTokens,
                                                  vectors.data() + size_t(start) * size_t(dim));
            !s)
            return Error{tr("the chunks could not be embedded: %1").arg(s.error())};
        reporter.progress.chunks = end;
        if (!reporter.report())
            return cancelledResult();
    }

    qCInfo(lcKb) << "embedded at" << timer.elapsed() << "ms";
    reporter.progress.phase = QStringLiteral("indexing");
    if (!reporter.report())
        return cancelledResult();
    data->vectors = VectorIndex::build(resolvedKind, dim, vectors.data(), n);
    vectors = {};
    qCInfo(lcKb) << resolvedKind << "index built at" << timer.elapsed() << "ms";
    data->bm25.setTermForm(options.bm25Terms);
    data->bm25.build(tokens);
    std::vector<DomainEntry> entries;
    std::vector<std::vector<QStringList>> categoryTokens(data->categories.size());
    for (const CategoryRecord& c : data->categories)
        entries.push_back({c.name, c.aliases, c.description, {}});
    for (int id = 0; id < n; ++id)
        if (int c = data->chunkCategory[size_t(id)]; c >= 0)
            categoryTokens[size_t(c)].push_back(tokens[size_t(id)]);
    data->dictionary.build(std::move(entries), categoryTokens);

    qCInfo(lcKb) << "BM25 and dictionary built at" << timer.elapsed() << "ms";
    reporter.progress.phase = QStringLiteral("writing");
    if (!reporter.report())
        return cancelledResult();
    data->builtAt = QDateTime::currentDateTimeUtc();
    data->generation = QStringLiteral("gen-%1-%2")
                           .arg(data->builtAt.toString(QStringLiteral("yyyyMMddHHmmsszzz")))
                           .arg(QCoreApplication::applicationPid());
    Expected<QMap<QString, qint64>> files = kb_storage::writeGeneration(*data);
    const QString genDir = QDir(kbDir).filePath(data->generation);
    if (!files) {
        QDir(genDir).removeRecursively();
        return Error{files.error()};
    }
    // Last chance to cancel: after the manifest switch the new KB is live.
    if (!reporter.report()) {
        QDir(genDir).removeRecursively();
        return cancelledResult();
    }
    if (Status s = kb_storage::writeManifest(*data, *files); !s) {
        QDir(genDir).removeRecursively();
        return Error{s.error()};
    }
    kb_storage::removeStaleGenerations(kbDir, data->generation);
    qCInfo(lcKb) << "written at" << timer.elapsed() << "ms";
    summary.seconds = timer.elapsed() / 1000.0;
    return summary;
}

} // namespace raglens
