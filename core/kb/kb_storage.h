#pragma once
// KbStorage: the on-disk layout of a knowledge base.
//   <kb>/manifest.json            format, version, embedder, dimension, counts, thresholds,
//                                 the current generation and the byte size of each file
//   <kb>/<generation>/chunks.bin  docs.json  vectors.faiss  bm25.bin  embedder.bin
//                                 dictionary.json
// An ingest writes a complete new generation folder, then replaces manifest.json
// atomically (temporary file + rename), then deletes older generations. A crash at any
// point leaves a manifest that names a complete generation.

#include "common/error.h"
#include "kb/kb_data.h"

#include <QMap>

#include <functional>

namespace raglens::kb_storage {

inline constexpr int kFormatVersion = 1;
inline const QString kManifestName = QStringLiteral("manifest.json");

/// Reads and validates everything; never rebuilds. A generation replaced by an ingest while
/// it was read is given up for the one the manifest names now.
Expected<std::unique_ptr<KbData>> read(const QString& kbDir);
/// The number of chunks above which "auto" chooses HNSW (IngestOptions::hnswThreshold's
/// default).
inline constexpr int kAutoHnswAbove = 20000;
/// The index kind the knowledge base in `kbDir` was asked for, from its manifest alone (read()
/// gives it too): "auto" when there is none. A re-ingest of a damaged knowledge base asks for
/// it again.
QString requestedIndexKind(const QString& kbDir);
/// Test seam: called by read() after it chose a generation, before it reads its files.
void setBeforeGenerationReadForTest(std::function<void()> hook);

/// What the manifest records of each generation file, by file name: its size, and a
/// checksum (content_hash) that read() verifies before any parser sees the file.
struct GenerationFiles
{
    QMap<QString, qint64> sizes;
    QMap<QString, QString> checksums;
};

/// Writes every data file of `data` into kbDir/generation; returns their sizes and sums.
Expected<GenerationFiles> writeGeneration(const KbData& data);

/// Atomically writes manifest.json describing `data` and its generation files.
Status writeManifest(const KbData& data, const GenerationFiles& files);

/// Atomically replaces only the settings in an existing manifest.
Status rewriteSettings(const QString& kbDir, const LookupSettings& settings);

/// The parsers behind read(), one per file, each given the file's bytes (from outside:
/// they never throw and refuse whatever they cannot read whole).
Expected<nlohmann::json> parseManifest(const QByteArray& bytes, const QString& path);
Status parseDocs(const QByteArray& bytes, KbData& data);
Status parseChunks(const QByteArray& bytes, KbData& data);

/// The writers' counterparts: the chunk store's bytes and docs.json's document.
QByteArray chunkBytes(const KbData& data);
nlohmann::json docsJson(const KbData& data);

/// Removes generation folders other than `keep` (after a successful switch): only folders
/// named as RagLens names its generations (isGenerationName()).
void removeStaleGenerations(const QString& kbDir, const QString& keep);
/// "gen-<17 digits of time>-<pid>", as an ingest names a generation.
bool isGenerationName(const QString& name);
/// An ingest writes into a new or empty folder, or one holding a RagLens knowledge base
/// (a damaged one too); any other folder is the user's, and an error says so.
Status checkIngestTarget(const QString& kbDir);

} // namespace raglens::kb_storage
