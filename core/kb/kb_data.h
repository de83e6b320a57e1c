#pragma once
// KbData: the in-memory form of a loaded knowledge base, shared by KnowledgeBase (browsing),
// the storage code (read/write) and the lookup engine (search). Chunk ids are sequential
// in document order and equal the FAISS ids.

#include "kb/bm25_index.h"
#include "kb/domain_dictionary.h"
#include "kb/embedder.h"
#include "kb/vector_index.h"
#include "model/lookup_settings.h"

#include <QDateTime>
#include <QHash>

#include <memory>
#include <vector>

namespace raglens {

struct DocRecord
{
    QString source;
    QString category;
    QString title;
    QString path;
    QString sha1; ///< of the file bytes, for incremental re-ingest
    int firstChunk = 0;
    int chunkCount = 0;
};

struct ChunkRecord
{
    int doc = 0;     ///< index into KbData::docs
    int chunkNo = 0; ///< n in <source>#chunk-<n>
    QString heading;
    QString content;
};

struct CategoryRecord
{
    QString name;
    QStringList aliases;
    QString description;
    int documents = 0;
    int chunks = 0;
};

struct KbData
{
    QString directory;
    QString generation; ///< sub-folder holding the current files
    /// The index kind the ingest was asked for (auto, flat, hnsw): a re-ingest that names
    /// none asks for it again, so an HNSW index chosen once stays one.
    QString requestedIndexKind = QStringLiteral("auto");
    LookupSettings settings;
    QDateTime builtAt;
    qint64 sizeOnDisk = 0;

    std::vector<DocRecord> docs;
    std::vector<ChunkRecord> chunks;
    std::vector<CategoryRecord> categories;
    std::vector<int> chunkCategory; ///< category index per chunk id
    QHash<QString, int> docBySource;
    QHash<QString, int> categoryByName;

    std::unique_ptr<Embedder> embedder;
    std::unique_ptr<VectorIndex> vectors;
    Bm25Index bm25;
    DomainDictionary dictionary;

    QString evidenceKey(int chunkId) const;
    /// The source an evidence key (source#chunk-N) names; a source's own '#' is kept.
    static QString sourceOfEvidenceKey(const QString& key);
    /// Text that is embedded and BM25-indexed: title and heading give context to a chunk.
    static QString indexedText(const DocRecord& doc, const ChunkRecord& chunk);
    /// 1 bit per chunk id set for chunks of the category (all zero for unknown indexes).
    /// Precomputed by rebuildLookups(): a filtered lookup must not scan every chunk.
    const std::vector<uint8_t>& categoryBitmap(int categoryIndex) const;
    std::vector<std::vector<uint8_t>> categoryBitmaps;
    std::vector<uint8_t> emptyBitmap;
    void rebuildLookups();
};

} // namespace raglens
