#pragma once
// KnowledgeBase: a loaded, read-only knowledge base folder (chunk store, FAISS index,
// BM25 index, domain dictionary, manifest). Loading never rebuilds anything; a missing,
// partial, corrupt or mismatched KB is a clear error. ingestFolder() creates or updates one.

#include "common/error.h"
#include "common/json_qt.h"
#include "kb/bm25_index.h"
#include "kb/embeddings_client.h"
#include "model/lookup_settings.h"

#include <QDateTime>
#include <QReadWriteLock>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace raglens {

class Embedder;
class VectorIndex;
class Bm25Index;
class DomainDictionary;
struct KbData;

struct KbCategoryStats
{
    QString name;
    int documents = 0;
    int chunks = 0;
    QStringList aliases;
    QString description;
};

struct KbStats
{
    int documents = 0;
    int chunks = 0;
    std::vector<KbCategoryStats> categories;
    QString indexType;          ///< "flat" or "hnsw"
    QString requestedIndexKind; ///< what the ingest was asked for: "auto", "flat" or "hnsw"
    int dimension = 0;
    QString embedder;
    qint64 sizeOnDisk = 0;
    QDateTime builtAt;
    LookupSettings settings;
};

struct KbDocument
{
    QString source; ///< path relative to the source root, without extension
    QString category;
    QString title;
    int chunks = 0;
    QString path; ///< original file path at ingest time
};

struct KbChunk
{
    int id = 0;          ///< sequential FAISS id
    QString evidenceKey; ///< <source>#chunk-<n>
    QString source;
    QString category;
    QString heading;
    QString content;
};

class KnowledgeBase
{
public:
    ~KnowledgeBase();

    /// Loads the KB in kbDir; never rebuilds. Errors are translated, human-readable.
    static Expected<std::shared_ptr<KnowledgeBase>> open(const QString& kbDir);

    QString directory() const;
    const LookupSettings& settings() const;
    /// A copy taken under the lock, for readers on other threads.
    LookupSettings settingsSnapshot() const;
    /// Atomically rewrites the manifest with new thresholds.
    Status saveSettings(const LookupSettings& s);

    KbStats stats() const;
    std::vector<KbDocument> documents() const;
    std::vector<KbChunk> chunksOf(const QString& source) const;
    /// Case-insensitive substring search over chunk text, for browsing.
    std::vector<KbChunk> searchChunks(const QString& text, int limit) const;
    std::optional<KbChunk> chunk(const QString& evidenceKey) const;
    std::optional<KbChunk> chunkById(int id) const;
    int chunkCount() const;
    /// The embeddings server this knowledge base embeds with; nothing for the offline
    /// hashing embedder.
    std::optional<EmbeddingsEndpoint> remoteEmbedder() const;

    // Engine access (core/lookup); not meant for UI code.
    const KbData& data() const { return *m_data; }

private:
    KnowledgeBase();
    std::unique_ptr<KbData> m_data;
    mutable QReadWriteLock m_settingsLock;
};

struct IngestProgress
{
    int filesDone = 0;
    int filesTotal = 0;
    QString currentFile;
    int chunks = 0;
    QString phase; ///< scanning, chunking, embedding, indexing, writing
};

struct IngestOptions
{
    /// auto, flat, hnsw; empty: what the knowledge base was asked for before (auto when new)
    QString indexKind;
    std::function<bool(const IngestProgress&)> onProgress; ///< return false = cancel
    int hnswThreshold = 20000; ///< auto switches to HNSW above this many chunks
    /// Stems make "connecting" find "connection"; recorded in the manifest.
    Bm25Index::TermForm bm25Terms = Bm25Index::TermForm::PorterStems;
    /// Embed with an OpenAI-compatible server (recorded in the KB; later ingests keep it).
    std::optional<EmbeddingsEndpoint> remoteEmbedder;
    /// Back to the offline hashing embedder for a KB that used a server.
    bool hashingEmbedder = false;
};

struct SkippedFile
{
    QString path;
    QString reason;
};

struct IngestSummary
{
    int documents = 0, chunks = 0, categories = 0, added = 0, updated = 0, removed = 0,
        unchanged = 0;
    double seconds = 0;
    QString indexType;
    bool cancelled = false;
    std::vector<SkippedFile> skipped;
};

void to_json(nlohmann::json& j, const IngestSummary& s);
void to_json(nlohmann::json& j, const KbStats& s);
void to_json(nlohmann::json& j, const KbDocument& d);
void to_json(nlohmann::json& j, const KbChunk& c);

/// Creates or updates the KB in kbDir from sourceDir (first-level folders = categories).
/// Cancelling, or any failure, leaves the previous KB intact.
Expected<IngestSummary> ingestFolder(const QString& sourceDir, const QString& kbDir,
                                     const IngestOptions& options = {});

} // namespace raglens
