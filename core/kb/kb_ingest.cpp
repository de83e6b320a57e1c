// ingestFolder(): scan → read + chunk (reusing unchanged documents of the previous KB) → tokenise
// → fit the embedder → embed → build the vector, BM25 and L0 indexes → write a new generation →
// switch the manifest. Cancel or failure before the switch leaves the previous KB untouched.

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

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(KnowledgeBase)
};

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

/// One ingest, phase by phase: a failed phase returns its error, a cancelled one stops the run.
class FolderIngest
{
public:
    FolderIngest(const QString& kbDir, const IngestOptions& options)
        : m_kbDir(kbDir), m_options(options), m_reporter{options, {}}
    {
        m_timer.start();
    }

    Expected<IngestSummary> run(const QString& sourceDir, const QString& kind);

private:
    bool phase(const char* name)
    {
        m_reporter.progress.phase = QString::fromLatin1(name);
        return m_reporter.report();
    }
    IngestSummary cancelled()
    {
        m_summary.cancelled = true;
        return finished();
    }
    IngestSummary finished()
    {
        m_summary.seconds = m_timer.elapsed() / 1000.0;
        return m_summary;
    }
    void readPrevious();
    void chunkFiles(const SourceScan& scan);
    void chunkFile(const SourceFile& file, MarkdownChunker& chunker);
    void countRemoved(const SourceScan& scan);
    void keepPrevious(const DocRecord& old, const QString& absolutePath);
    void keepUnreadable(const SourceScan& scan);
    void tallyCategories();
    std::unique_ptr<Embedder> chooseEmbedder() const;
    bool nothingChanged(const QString& kind, const Embedder& embedder) const;
    std::vector<QStringList> tokenizeChunks() const;
    Expected<std::vector<float>> embedChunks(const std::vector<QStringList>& tokens);
    void buildIndexes(const QString& kind, std::vector<float> vectors,
                      const std::vector<QStringList>& tokens);
    Status writeGeneration();

    QString m_kbDir;
    const IngestOptions& m_options;
    QElapsedTimer m_timer;
    IngestSummary m_summary;
    Reporter m_reporter;
    std::unique_ptr<KbData> m_previous;                 ///< the KB being replaced, when readable
    QString m_previousRequest = QStringLiteral("auto"); ///< the index kind it was asked for
    std::unique_ptr<KbData> m_data = std::make_unique<KbData>();
};

/// The previous KB, if readable, supplies unchanged documents and the settings.
void FolderIngest::readPrevious()
{
    if (!QFileInfo::exists(QDir(m_kbDir).filePath(kb_storage::kManifestName)))
        return;
    Expected<std::unique_ptr<KbData>> prev = kb_storage::read(m_kbDir);
    if (prev) {
        m_previous = std::move(prev.value());
        m_previousRequest = m_previous->requestedIndexKind;
    } else {
        qCWarning(lcKb) << "previous knowledge base unreadable, rebuilding:" << prev.error();
        // Its manifest may still say which index it was asked for: a damaged HNSW knowledge
        // base is rebuilt as HNSW, not silently as automatic.
        m_previousRequest = kb_storage::requestedIndexKind(m_kbDir);
    }
}

void FolderIngest::chunkFiles(const SourceScan& scan)
{
    MarkdownChunker chunker;
    m_reporter.progress.filesTotal = int(scan.files.size());
    m_reporter.progress.phase = QStringLiteral("chunking");
    for (const SourceFile& file : scan.files) {
        m_reporter.progress.currentFile = file.source;
        if (!m_reporter.report())
            return;
        ++m_reporter.progress.filesDone;
        chunkFile(file, chunker);
        m_reporter.progress.chunks = int(m_data->chunks.size());
    }
}

void FolderIngest::chunkFile(const SourceFile& file, MarkdownChunker& chunker)
{
    const int prevIndex = m_previous ? m_previous->docBySource.value(file.source, -1) : -1;
    // A file that is there but cannot be read (permissions, a lock) is not a deleted one:
    // its previous version stays, and the summary says so.
    if (prevIndex >= 0 && !QFileInfo(file.absolutePath).isReadable()) {
        keepPrevious(m_previous->docs[size_t(prevIndex)], file.absolutePath);
        m_summary.skipped.push_back(
            {file.absolutePath, Tr::tr("cannot read the file; its previous version is kept")});
        return;
    }
    QByteArray raw;
    Expected<QString> text = SourceScanner::readText(file.absolutePath, &raw);
    if (!text) {
        if (prevIndex < 0) {
            m_summary.skipped.push_back({file.absolutePath, text.error()});
            return;
        }
        // It was read before and holds something else now (binary, another encoding, empty,
        // too large): its old chunks would answer for text that is no longer there.
        ++m_summary.removed;
        m_summary.skipped.push_back(
            {file.absolutePath,
             Tr::tr("%1; its previous version leaves the knowledge base").arg(text.error())});
        return;
    }
    KbData& data = *m_data;
    const QString sha1 =
        QString::fromLatin1(QCryptographicHash::hash(raw, QCryptographicHash::Sha1).toHex());
    DocRecord doc{file.source, file.category, {}, file.absolutePath, sha1, 0, 0};
    doc.firstChunk = int(data.chunks.size());
    if (prevIndex >= 0 && m_previous->docs[size_t(prevIndex)].sha1 == sha1 &&
        m_previous->docs[size_t(prevIndex)].category == file.category) {
        // Unchanged file: keep its chunks (and so its evidence keys) as they were.
        keepPrevious(m_previous->docs[size_t(prevIndex)], file.absolutePath);
        return;
    }
    ParsedDocument parsed = chunker.parse(*text, file.markdown);
    doc.title = parsed.title.isEmpty() ? file.source.section(QLatin1Char('/'), -1) : parsed.title;
    int n = 0;
    for (ChunkPiece& piece : parsed.chunks)
        data.chunks.push_back(
            {int(data.docs.size()), n++, piece.heading, std::move(piece.content)});
    if (!parsed.aliases.isEmpty())
        for (CategoryRecord& c : data.categories)
            if (c.name == file.category)
                for (const QString& a : parsed.aliases)
                    if (!c.aliases.contains(a))
                        c.aliases.append(a);
    ++(prevIndex >= 0 ? m_summary.updated : m_summary.added);
    doc.chunkCount = int(data.chunks.size()) - doc.firstChunk;
    data.docs.push_back(doc);
}

void FolderIngest::keepPrevious(const DocRecord& old, const QString& absolutePath)
{
    KbData& data = *m_data;
    DocRecord doc = old;
    doc.path = absolutePath;
    doc.firstChunk = int(data.chunks.size());
    for (int id = old.firstChunk; id < old.firstChunk + old.chunkCount; ++id) {
        ChunkRecord c = m_previous->chunks[size_t(id)];
        c.doc = int(data.docs.size());
        data.chunks.push_back(std::move(c));
    }
    doc.chunkCount = int(data.chunks.size()) - doc.firstChunk;
    data.docs.push_back(doc);
    ++m_summary.unchanged;
}

/// True when `source` lies in one of `folders` (relative, '/' separated).
static bool inFolders(const QString& source, const QStringList& folders)
{
    for (const QString& folder : folders)
        if (source.startsWith(folder + QLatin1Char('/')))
            return true;
    return false;
}

void FolderIngest::keepUnreadable(const SourceScan& scan)
{
    // The documents of a folder that cannot be listed are unknown, not gone: they stay as
    // the previous KB had them (with their category's aliases), and the folder is listed
    // in `skipped`.
    if (!m_previous || scan.unreadableFolders.isEmpty())
        return;
    QSet<QString> present;
    for (const DocRecord& d : m_data->docs)
        present.insert(d.source);
    for (const DocRecord& d : m_previous->docs)
        if (!present.contains(d.source) && inFolders(d.source, scan.unreadableFolders))
            keepPrevious(d, d.path);
    for (CategoryRecord& c : m_data->categories)
        if (scan.unreadableFolders.contains(c.name))
            for (const CategoryRecord& old : m_previous->categories)
                if (old.name == c.name) {
                    c.aliases = old.aliases;
                    c.description = old.description;
                }
}

void FolderIngest::countRemoved(const SourceScan& scan)
{
    if (!m_previous)
        return;
    QSet<QString> present;
    for (const SourceFile& f : scan.files)
        present.insert(f.source);
    for (const DocRecord& d : m_previous->docs)
        if (!present.contains(d.source) && !inFolders(d.source, scan.unreadableFolders))
            ++m_summary.removed;
}

void FolderIngest::tallyCategories()
{
    KbData& data = *m_data;
    data.rebuildLookups();
    for (size_t id = 0; id < data.chunks.size(); ++id)
        if (int c = data.chunkCategory[id]; c >= 0)
            ++data.categories[size_t(c)].chunks;
    for (const DocRecord& d : data.docs)
        if (int c = data.categoryByName.value(d.category, -1); c >= 0)
            ++data.categories[size_t(c)].documents;
}

/// The one asked for, else the previous KB's (a KB keeps its model), else the hashing embedder.
std::unique_ptr<Embedder> FolderIngest::chooseEmbedder() const
{
    if (m_options.remoteEmbedder)
        return std::make_unique<RemoteEmbedder>(*m_options.remoteEmbedder);
    if (m_previous && !m_options.hashingEmbedder &&
        m_previous->embedder->name() == RemoteEmbedder::staticName())
        return std::make_unique<RemoteEmbedder>(
            static_cast<const RemoteEmbedder&>(*m_previous->embedder).endpoint());
    return std::make_unique<HashingEmbedder>();
}

/// Nothing changed: re-ingesting is a no-op and the KB on disk is not touched.
bool FolderIngest::nothingChanged(const QString& kind, const Embedder& embedder) const
{
    if (!m_previous || m_summary.added != 0 || m_summary.updated != 0 || m_summary.removed != 0)
        return false;
    const bool sameEmbedder = m_previous->embedder->name() == embedder.name() &&
                              m_previous->embedder->describe() == embedder.describe();
    return sameEmbedder && sameCategories(m_previous->categories, m_data->categories) &&
           m_previous->vectors->kind() == kind &&
           m_previous->requestedIndexKind == m_data->requestedIndexKind;
}

std::vector<QStringList> FolderIngest::tokenizeChunks() const
{
    const KbData& data = *m_data;
    std::vector<QStringList> tokens(data.chunks.size());
    std::vector<int> ids(data.chunks.size());
    std::iota(ids.begin(), ids.end(), 0);
    QtConcurrent::blockingMap(ids, [&](int id) {
        const ChunkRecord& c = data.chunks[size_t(id)];
        tokens[size_t(id)] =
            TextTokenizer::tokenize(KbData::indexedText(data.docs[size_t(c.doc)], c));
    });
    return tokens;
}

Expected<std::vector<float>> FolderIngest::embedChunks(const std::vector<QStringList>& tokens)
{
    KbData& data = *m_data;
    if (Status fitted = data.embedder->fit(tokens); !fitted)
        return Error{Tr::tr("the chunks could not be embedded: %1").arg(fitted.error())};
    const int n = int(data.chunks.size());
    const int dim = data.embedder->dimension();
    std::vector<float> vectors(size_t(n) * size_t(dim));
    // Progress and cancel granularity; a remote model gets smaller blocks so that progress
    // moves and cancel answers while the server works.
    const bool remote = data.embedder->name() == RemoteEmbedder::staticName();
    const int block = remote ? 256 : 4096;
    for (int start = 0; start < n; start += block) {
        const int end = std::min(n, start + block);
        QStringList texts;
        if (remote) // the hashing embedder needs only the tokens
            for (int id = start; id < end; ++id) {
                const ChunkRecord& c = data.chunks[size_t(id)];
                texts << KbData::indexedText(data.docs[size_t(c.doc)], c);
            }
        const std::vector<QStringList> blockTokens(tokens.begin() + start, tokens.begin() + end);
        if (Status s = data.embedder->embedBatch(texts, blockTokens,
                                                 vectors.data() + size_t(start) * size_t(dim));
            !s)
            return Error{Tr::tr("the chunks could not be embedded: %1").arg(s.error())};
        m_reporter.progress.chunks = end;
        if (!m_reporter.report())
            break;
    }
    return vectors;
}

void FolderIngest::buildIndexes(const QString& kind, std::vector<float> vectors,
                                const std::vector<QStringList>& tokens)
{
    KbData& data = *m_data;
    const int n = int(data.chunks.size());
    data.vectors = VectorIndex::build(kind, data.embedder->dimension(), vectors.data(), n);
    vectors = {};
    qCInfo(lcKb) << kind << "index built at" << m_timer.elapsed() << "ms";
    data.bm25.setTermForm(m_options.bm25Terms);
    data.bm25.build(tokens);
    std::vector<DomainEntry> entries;
    std::vector<std::vector<QStringList>> categoryTokens(data.categories.size());
    for (const CategoryRecord& c : data.categories)
        entries.push_back({c.name, c.aliases, c.description, {}});
    for (int id = 0; id < n; ++id)
        if (int c = data.chunkCategory[size_t(id)]; c >= 0)
            categoryTokens[size_t(c)].push_back(tokens[size_t(id)]);
    data.dictionary.build(std::move(entries), categoryTokens);
    qCInfo(lcKb) << "BM25 and dictionary built at" << m_timer.elapsed() << "ms";
}

/// Writes a new generation and switches the manifest to it; a failure or a cancel before the
/// switch removes the generation and leaves the previous KB as it was.
Status FolderIngest::writeGeneration()
{
    KbData& data = *m_data;
    data.builtAt = QDateTime::currentDateTimeUtc();
    data.generation = QStringLiteral("gen-%1-%2")
                          .arg(data.builtAt.toString(QStringLiteral("yyyyMMddHHmmsszzz")))
                          .arg(QCoreApplication::applicationPid());
    Expected<kb_storage::GenerationFiles> files = kb_storage::writeGeneration(data);
    const QString genDir = QDir(m_kbDir).filePath(data.generation);
    if (!files) {
        QDir(genDir).removeRecursively();
        return Error{files.error()};
    }
    // Last chance to cancel: after the manifest switch the new KB is live.
    if (!m_reporter.report()) {
        QDir(genDir).removeRecursively();
        return ok();
    }
    if (Status s = kb_storage::writeManifest(data, *files); !s) {
        QDir(genDir).removeRecursively();
        return s;
    }
    kb_storage::removeStaleGenerations(m_kbDir, data.generation);
    qCInfo(lcKb) << "written at" << m_timer.elapsed() << "ms";
    return ok();
}

Expected<IngestSummary> FolderIngest::run(const QString& sourceDir, const QString& kind)
{
    if (!phase("scanning"))
        return cancelled();
    Expected<SourceScan> scan = SourceScanner::scan(sourceDir, m_kbDir);
    if (!scan)
        return Error{scan.error()};
    m_summary.skipped = scan->skipped;
    if (Status s = kb_storage::checkIngestTarget(m_kbDir); !s)
        return Error{s.error()};
    if (!QDir().mkpath(m_kbDir))
        return Error{Tr::tr("cannot create the knowledge base folder %1").arg(m_kbDir)};
    QLockFile lock(QDir(m_kbDir).filePath(QStringLiteral(".ingest.lock")));
    if (!lock.tryLock(0))
        return Error{lock.error() == QLockFile::LockFailedError
                         ? Tr::tr("another ingest into %1 is running").arg(m_kbDir)
                         : Tr::tr("cannot write to the knowledge base folder %1 (%2)")
                               .arg(m_kbDir, lock.error() == QLockFile::PermissionError
                                                 ? Tr::tr("permission denied")
                                                 : Tr::tr("the lock file cannot be created"))};
    readPrevious();
    m_data->directory = QDir(m_kbDir).absolutePath();
    m_data->settings = m_previous ? m_previous->settings : LookupSettings{};
    for (const SourceCategory& c : scan->categories)
        m_data->categories.push_back({c.name, c.aliases, c.description, 0, 0});
    chunkFiles(*scan);
    if (m_reporter.cancelled)
        return cancelled();
    keepUnreadable(*scan);
    countRemoved(*scan);
    if (m_data->chunks.empty()) {
        // Say why each file was left out: "no documents" alone hides a folder of GBK files.
        QStringList reasons;
        for (const SkippedFile& f : m_summary.skipped)
            if (reasons.size() < 10)
                reasons << Tr::tr("%1: %2").arg(f.path, f.reason);
        if (m_summary.skipped.size() > 10)
            reasons << Tr::tr("… and %1 more").arg(m_summary.skipped.size() - 10);
        const QString message = Tr::tr("no documents to ingest in %1 (expected Markdown or text "
                                       "files in category sub-folders)")
                                    .arg(sourceDir);
        return Error{reasons.isEmpty()
                         ? message
                         : message + Tr::tr("; skipped:\n") + reasons.join(QLatin1Char('\n'))};
    }
    tallyCategories();
    const int n = int(m_data->chunks.size());
    // No kind named: the one the knowledge base was asked for before (auto for a new one).
    const QString asked = !kind.isEmpty() ? kind : m_previousRequest;
    m_data->requestedIndexKind = asked;
    const QString resolvedKind = asked != QLatin1String("auto") ? asked
                                 : n > m_options.hnswThreshold  ? QStringLiteral("hnsw")
                                                                : QStringLiteral("flat");
    m_summary.documents = int(m_data->docs.size());
    m_summary.chunks = n;
    m_summary.categories = int(m_data->categories.size());
    m_summary.indexType = resolvedKind;
    std::unique_ptr<Embedder> embedder = chooseEmbedder();
    if (nothingChanged(resolvedKind, *embedder))
        return finished();
    m_previous.reset(); // free memory before the heavy part
    qCInfo(lcKb) << "read and chunked" << n << "chunks in" << m_timer.elapsed() << "ms";
    m_reporter.progress.currentFile.clear();
    if (!phase("embedding"))
        return cancelled();
    const std::vector<QStringList> tokens = tokenizeChunks();
    m_data->embedder = std::move(embedder);
    Expected<std::vector<float>> vectors = embedChunks(tokens);
    if (!vectors)
        return Error{vectors.error()};
    if (m_reporter.cancelled)
        return cancelled();
    qCInfo(lcKb) << "embedded at" << m_timer.elapsed() << "ms";
    if (!phase("indexing"))
        return cancelled();
    buildIndexes(resolvedKind, std::move(*vectors), tokens);
    if (!phase("writing"))
        return cancelled();
    if (Status s = writeGeneration(); !s)
        return Error{s.error()};
    return m_reporter.cancelled ? cancelled() : finished();
}

} // namespace

Expected<IngestSummary> ingestFolder(const QString& sourceDir, const QString& kbDir,
                                     const IngestOptions& options)
{
    const QString kind = options.indexKind;
    if (!kind.isEmpty() && kind != QLatin1String("auto") && kind != QLatin1String("flat") &&
        kind != QLatin1String("hnsw"))
        return Error{Tr::tr("unknown index kind \"%1\" (use auto, flat or hnsw)").arg(kind)};
    if (kbDir.trimmed().isEmpty())
        return Error{Tr::tr("no knowledge base folder was given")};
    return FolderIngest(kbDir, options).run(sourceDir, kind);
}

} // namespace raglens
