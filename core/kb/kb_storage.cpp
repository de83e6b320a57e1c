#include "kb/kb_storage.h"

#include "common/atomic_file.h"
#include "common/content_hash.h"
#include "common/input_guard.h"
#include "common/logging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace raglens::kb_storage {

using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(KnowledgeBase)
};

Status writeAtomically(const QString& path, const QByteArray& bytes)
{
    return atomic_file::write(path, std::string_view(bytes.constData(), size_t(bytes.size())));
}

Expected<QByteArray> readFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{Tr::tr("cannot read %1: %2").arg(path, file.errorString())};
    return file.readAll();
}

Expected<json> readManifest(const QString& kbDir)
{
    const QString path = QDir(kbDir).filePath(kManifestName);
    if (!QFileInfo(kbDir).isDir())
        return Error{QFileInfo::exists(kbDir)
                         ? Tr::tr("%1 is a file, not a knowledge base folder").arg(kbDir)
                         : Tr::tr("the knowledge base folder %1 does not exist").arg(kbDir)};
    if (!QFileInfo::exists(path))
        return Error{Tr::tr("%1 is not a knowledge base (no %2); create one with "
                            "\"raglens-cli ingest --kb %1 SOURCE_DIR\"")
                         .arg(kbDir, kManifestName)};
    Expected<QByteArray> bytes = readFile(path);
    if (!bytes)
        return Error{bytes.error()};
    return parseManifest(*bytes, path);
}

using json_util::value;

/// What is wrong with a manifest's lookup settings; empty when nothing is. A setting of the
/// wrong type or out of its range would be read as its default or clamped somewhere later:
/// a hand-edited manifest must say so, not change the lookups quietly.
QStringList settingsProblems(const json& s)
{
    QStringList problems;
    if (!s.is_object())
        return {Tr::tr("\"settings\" is not an object")};
    const auto number = [&](const char* key, double low, double high) {
        if (!s.contains(key))
            return;
        const json& v = s.at(key);
        if (!v.is_number() || v.get<double>() < low || v.get<double>() > high)
            problems << Tr::tr("%1 must be a number from %2 to %3, not %4")
                            .arg(QLatin1String(key), QString::number(low), QString::number(high),
                                 QString::fromStdString(v.dump()));
    };
    const auto whole = [&](const char* key, int low, int high) {
        if (!s.contains(key))
            return;
        const json& v = s.at(key);
        if (!v.is_number_integer() || v.get<qint64>() < low || v.get<qint64>() > high)
            problems << Tr::tr("%1 must be a whole number from %2 to %3, not %4")
                            .arg(QLatin1String(key), QString::number(low), QString::number(high),
                                 QString::fromStdString(v.dump()));
    };
    for (const char* key : {"minUsableQuality", "minEvidenceQuality", "preciseQuality",
                            "referenceQuality", "domainConfidence", "hybridDenseWeight",
                            "hybridRankDenseWeight", "nearDuplicateSimilarity"})
        number(key, 0, 1);
    number("denseScoreFloor", -1, 1);
    number("denseScoreCeiling", -1, 1);
    whole("candidatePoolSize", 1, 10000);
    whole("topK", 1, 1000);
    whole("contextBudgetChars", 1, 10000000);
    whole("excerptChars", 1, 10000000);
    for (const char* key : {"autoCategory", "translateQueries"})
        if (s.contains(key) && !s.at(key).is_boolean())
            problems << Tr::tr("%1 must be true or false, not %2")
                            .arg(QLatin1String(key), QString::fromStdString(s.at(key).dump()));
    if (s.contains("searchMode") && s.at("searchMode") != "dense" && s.at("searchMode") != "hybrid")
        problems << Tr::tr("searchMode must be \"dense\" or \"hybrid\", not %1")
                        .arg(QString::fromStdString(s.at("searchMode").dump()));
    return problems;
}

// Every file must exist with the size the manifest recorded: this catches truncated and
// half-copied files before any parser sees them.
Status checkFiles(const QString& kbDir, const QDir& gen, const json& m, KbData& data)
{
    const json files = m.value("files", json::object());
    const json sums = m.value("checksums", json::object());
    for (const char* name : {"chunks.bin", "docs.json", "vectors.faiss", "bm25.bin", "embedder.bin",
                             "dictionary.json"}) {
        // A manifest with checksums has one for every file: a missing one would turn the
        // check off for that file.
        if (sums.is_object() && !sums.empty() && !sums.contains(name))
            return Error{Tr::tr("the knowledge base manifest in %1 is corrupt: it has no "
                                "checksum of %2. Re-ingest it.")
                             .arg(kbDir, QString::fromLatin1(name))};
        const QFileInfo fi(gen.filePath(QString::fromLatin1(name)));
        const qint64 expected = value<qint64>(files, name, -1);
        if (!fi.exists())
            return Error{
                Tr::tr("the knowledge base in %1 is incomplete: %2 is missing. Re-ingest it.")
                    .arg(kbDir, QString::fromLatin1(name))};
        if (expected >= 0 && fi.size() != expected)
            return Error{
                Tr::tr("the knowledge base in %1 is corrupt: %2 has %3 bytes, the manifest "
                       "says %4. Re-ingest it.")
                    .arg(kbDir, QString::fromLatin1(name))
                    .arg(fi.size())
                    .arg(expected)};
        data.sizeOnDisk += fi.size();
    }
    // Knowledge bases written before checksums have none: their sizes are all there is.
    if (!sums.is_object())
        return Error{Tr::tr("the knowledge base manifest in %1 is corrupt: \"checksums\" is not "
                            "an object. Re-ingest it.")
                         .arg(kbDir)};
    for (auto it = sums.begin(); it != sums.end(); ++it) {
        const QString name = QString::fromStdString(it.key());
        if (!it->is_string() || name.contains(QLatin1Char('/')) ||
            name.startsWith(QLatin1Char('.')))
            return Error{Tr::tr("the knowledge base manifest in %1 is corrupt: the checksum of "
                                "\"%2\" is not a checksum. Re-ingest it.")
                             .arg(kbDir, name)};
        auto actual = content_hash::ofFile(gen.filePath(name));
        if (!actual)
            return Error{actual.error()};
        if (*actual != QString::fromStdString(it->get<std::string>()))
            return Error{Tr::tr("the knowledge base in %1 is corrupt: %2 changed after it was "
                                "written (its checksum does not match the manifest). Re-ingest "
                                "it.")
                             .arg(kbDir, name)};
    }
    data.sizeOnDisk += QFileInfo(QDir(kbDir).filePath(kManifestName)).size();
    return ok();
}

// The embedder's state and the vector index, which must agree with it and the chunks.
Status readVectors(const QDir& gen, const json& m, KbData& data)
{
    const QString embedderName = value<QString>(m["embedder"], "name");
    const int dimension = value<int>(m["embedder"], "dimension");
    data.embedder = Embedder::create(embedderName, dimension);
    if (!data.embedder)
        return Error{Tr::tr("the knowledge base uses embedder \"%1\" (dimension %2), which this "
                            "RagLens does not provide")
                         .arg(embedderName)
                         .arg(dimension)};
    Expected<QByteArray> embBytes = readFile(gen.filePath(QStringLiteral("embedder.bin")));
    if (!embBytes)
        return Error{embBytes.error()};
    if (Status s = data.embedder->restoreState(*embBytes); !s)
        return s;

    auto vectors = VectorIndex::load(gen.filePath(QStringLiteral("vectors.faiss")));
    if (!vectors)
        return Error{vectors.error()};
    data.vectors = std::move(vectors.value());
    if (data.vectors->dimension() != dimension)
        return Error{Tr::tr("the vector index has dimension %1 but the manifest says %2. Re-ingest "
                            "the knowledge base.")
                         .arg(data.vectors->dimension())
                         .arg(dimension)};
    const int chunkCount = value<int>(m, "chunks", -1);
    if (data.vectors->size() != int(data.chunks.size()) || chunkCount != int(data.chunks.size()))
        return Error{Tr::tr("the knowledge base is inconsistent: manifest %1 chunks, chunk store "
                            "%2, vector index %3. Re-ingest it.")
                         .arg(chunkCount)
                         .arg(data.chunks.size())
                         .arg(data.vectors->size())};
    return ok();
}

// The BM25 index, in the term form the manifest names, and the domain dictionary.
Status readLexicalIndexes(const QDir& gen, const json& m, KbData& data)
{
    Expected<QByteArray> bm25Bytes = readFile(gen.filePath(QStringLiteral("bm25.bin")));
    if (!bm25Bytes)
        return Error{bm25Bytes.error()};
    if (Status s = data.bm25.restore(*bm25Bytes); !s)
        return s;
    // Absent in KBs built before stemming: their terms are plain words.
    const QString termForm = m.contains("bm25") ? value<QString>(m["bm25"], "terms") : QString();
    const auto form = Bm25Index::termFormFromName(termForm);
    if (!form)
        return Error{Tr::tr("the knowledge base's BM25 index uses terms \"%1\", which this "
                            "RagLens does not know. Re-ingest it, or update RagLens.")
                         .arg(termForm)};
    data.bm25.setTermForm(*form);
    if (data.bm25.documentCount() != int(data.chunks.size()))
        return Error{Tr::tr("the BM25 index does not match the chunk store. Re-ingest the "
                            "knowledge base.")};
    Expected<QByteArray> dictBytes = readFile(gen.filePath(QStringLiteral("dictionary.json")));
    if (!dictBytes)
        return Error{dictBytes.error()};
    const auto dict =
        input_guard::parseJson(std::string_view(dictBytes->constData(), size_t(dictBytes->size())));
    if (!dict)
        return Error{Tr::tr("the domain dictionary is corrupt")};
    data.dictionary = DomainDictionary::fromJson(*dict);
    return ok();
}

} // namespace

namespace {

std::function<void()>& beforeGenerationRead()
{
    static std::function<void()> hook;
    return hook;
}

/// The index kind a manifest's knowledge base was asked for. Before it was kept, a kind
/// that "auto" would not have chosen at its size was asked for by name.
QString requestedKindOf(const json& m)
{
    using json_util::value;
    if (!m.contains("index") || !m["index"].is_object())
        return QStringLiteral("auto");
    const json& index = m["index"];
    const QString requested = value<QString>(index, "requested");
    if (requested == QLatin1String("auto") || requested == QLatin1String("flat") ||
        requested == QLatin1String("hnsw"))
        return requested;
    const QString type = value<QString>(index, "type");
    const bool large = value<qint64>(m, "chunks") > kAutoHnswAbove;
    if (type == QLatin1String("hnsw") && !large)
        return type;
    if (type == QLatin1String("flat") && large)
        return type;
    return QStringLiteral("auto");
}

/// One reading: the manifest, then the files of the generation it names (`generation`).
Expected<std::unique_ptr<KbData>> readOnce(const QString& kbDir, QString& generation)
{
    Expected<json> manifest = readManifest(kbDir);
    if (!manifest)
        return Error{manifest.error()};
    const json& m = *manifest;
    using json_util::value;

    auto data = std::make_unique<KbData>();
    data->directory = QDir(kbDir).absolutePath();
    data->generation = value<QString>(m, "generation");
    generation = data->generation;
    data->requestedIndexKind = requestedKindOf(m);
    if (beforeGenerationRead())
        beforeGenerationRead()();
    data->builtAt = json_util::parseIsoUtc(value<QString>(m, "builtAt"));
    if (m.contains("settings")) {
        if (const QStringList problems = settingsProblems(m["settings"]); !problems.isEmpty())
            return Error{Tr::tr("the knowledge base manifest in %1 has settings RagLens cannot "
                                "use: %2. Correct them in manifest.json or re-ingest.")
                             .arg(kbDir, problems.join(QStringLiteral("; ")))};
        from_json(m["settings"], data->settings);
    }
    const QDir gen(QDir(kbDir).filePath(data->generation));
    if (data->generation.isEmpty() || data->generation.contains(QLatin1Char('/')) || !gen.exists())
        return Error{Tr::tr("the knowledge base in %1 is incomplete: its data folder \"%2\" is "
                            "missing. Re-ingest it.")
                         .arg(kbDir, data->generation)};

    if (Status s = checkFiles(kbDir, gen, m, *data); !s)
        return Error{s.error()};

    Expected<QByteArray> docBytes = readFile(gen.filePath(QStringLiteral("docs.json")));
    if (!docBytes)
        return Error{docBytes.error()};
    if (Status s = parseDocs(*docBytes, *data); !s)
        return Error{s.error()};
    Expected<QByteArray> chunkData = readFile(gen.filePath(QStringLiteral("chunks.bin")));
    if (!chunkData)
        return Error{chunkData.error()};
    if (Status s = parseChunks(*chunkData, *data); !s)
        return Error{s.error()};

    if (Status s = readVectors(gen, m, *data); !s)
        return Error{s.error()};
    if (Status s = readLexicalIndexes(gen, m, *data); !s)
        return Error{s.error()};

    data->rebuildLookups();
    for (const DocRecord& d : data->docs)
        if (d.firstChunk < 0 || d.firstChunk + d.chunkCount > int(data->chunks.size()))
            return Error{Tr::tr("the document list does not match the chunk store. Re-ingest the "
                                "knowledge base.")};
    return data;
}

} // namespace

Expected<std::unique_ptr<KbData>> read(const QString& kbDir)
{
    // An ingest switches the manifest to a new generation, then removes the old one: a
    // reader that chose the old one just before finds its files gone (a lookup beside a
    // re-ingest failed about one time in ten). It reads again what the manifest names now;
    // a failure of the generation the manifest still names is the answer.
    constexpr int kAttempts = 5;
    for (int attempt = 1;; ++attempt) {
        QString tried;
        auto data = readOnce(kbDir, tried);
        if (data || attempt == kAttempts || tried.isEmpty())
            return data;
        Expected<json> now = readManifest(kbDir);
        if (!now || json_util::value<QString>(*now, "generation") == tried)
            return data;
        qCInfo(lcKb) << "generation" << tried << "was replaced while it was read; reading"
                     << json_util::value<QString>(*now, "generation");
    }
}

QString requestedIndexKind(const QString& kbDir)
{
    Expected<json> m = readManifest(kbDir);
    return m ? requestedKindOf(*m) : QStringLiteral("auto");
}

void setBeforeGenerationReadForTest(std::function<void()> hook)
{
    beforeGenerationRead() = std::move(hook);
}

Expected<GenerationFiles> writeGeneration(const KbData& data)
{
    QDir root(data.directory);
    if (!root.mkpath(data.generation))
        return Error{Tr::tr("cannot create %1").arg(root.filePath(data.generation))};
    const QDir gen(root.filePath(data.generation));
    GenerationFiles files;
    auto put = [&](const QString& name, const QByteArray& bytes) -> Status {
        if (Status s = writeAtomically(gen.filePath(name), bytes); !s)
            return s;
        files.sizes.insert(name, bytes.size());
        files.checksums.insert(
            name, content_hash::ofBytes(std::string_view(bytes.constData(), size_t(bytes.size()))));
        return ok();
    };
    const json dict = data.dictionary.toJson();
    Status s = put(QStringLiteral("chunks.bin"), chunkBytes(data));
    if (s)
        s = put(QStringLiteral("docs.json"), QByteArray::fromStdString(docsJson(data).dump()));
    if (s)
        s = put(QStringLiteral("bm25.bin"), data.bm25.save());
    if (s)
        s = put(QStringLiteral("embedder.bin"), data.embedder->saveState());
    if (s)
        s = put(QStringLiteral("dictionary.json"), QByteArray::fromStdString(dict.dump(1)));
    if (!s)
        return Error{s.error()};
    const QString vectorPath = gen.filePath(QStringLiteral("vectors.faiss"));
    if (Status vs = data.vectors->save(vectorPath); !vs)
        return Error{vs.error()};
    // faiss wrote it: summed as it now is on disk.
    auto vectorSum = content_hash::ofFile(vectorPath);
    if (!vectorSum)
        return Error{vectorSum.error()};
    files.sizes.insert(QStringLiteral("vectors.faiss"), QFileInfo(vectorPath).size());
    files.checksums.insert(QStringLiteral("vectors.faiss"), *vectorSum);
    return files;
}

Status writeManifest(const KbData& data, const GenerationFiles& files)
{
    json fileSizes = json::object();
    for (auto it = files.sizes.cbegin(); it != files.sizes.cend(); ++it)
        fileSizes[it.key().toStdString()] = it.value();
    json checksums = json::object();
    for (auto it = files.checksums.cbegin(); it != files.checksums.cend(); ++it)
        checksums[it.key().toStdString()] = it.value().toStdString();
    json m = {{"format", "raglens-kb"},
              {"formatVersion", kFormatVersion},
              {"generation", data.generation},
              {"builtAt", json_util::isoUtc(data.builtAt)},
              {"embedder",
               [&] {
                   nlohmann::json e = data.embedder->describe();
                   e["name"] = data.embedder->name().toStdString();
                   e["dimension"] = data.embedder->dimension();
                   return e;
               }()},
              {"bm25", {{"terms", Bm25Index::termFormName(data.bm25.termForm()).toStdString()}}},
              {"index",
               {{"type", data.vectors->kind()},
                {"requested", data.requestedIndexKind},
                {"hnswM", VectorIndex::kHnswM},
                {"efConstruction", VectorIndex::kHnswEfConstruction},
                {"efSearch", data.vectors->efSearch()}}},
              {"documents", int(data.docs.size())},
              {"chunks", int(data.chunks.size())},
              {"categories", int(data.categories.size())},
              {"settings", data.settings},
              {"files", fileSizes},
              {"checksums", checksums}};
    return writeAtomically(QDir(data.directory).filePath(kManifestName),
                           QByteArray::fromStdString(m.dump(2)));
}

Status rewriteSettings(const QString& kbDir, const LookupSettings& settings)
{
    Expected<json> m = readManifest(kbDir);
    if (!m)
        return Error{m.error()};
    (*m)["settings"] = settings;
    return writeAtomically(QDir(kbDir).filePath(kManifestName),
                           QByteArray::fromStdString(m->dump(2)));
}

bool isGenerationName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^gen-[0-9]{17}-[0-9]+$"));
    return pattern.match(name).hasMatch();
}

Status checkIngestTarget(const QString& kbDir)
{
    const QFileInfo info(kbDir);
    if (!info.exists())
        return ok();
    if (!info.isDir())
        return Error{Tr::tr("%1 is a file, not a knowledge base folder").arg(kbDir)};
    const QDir dir(kbDir);
    const QString manifest = dir.filePath(kManifestName);
    bool generations = false;
    QStringList foreign;
    for (const QString& name :
         dir.entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot)) {
        if (isGenerationName(name))
            generations = true;
        else if (name != kManifestName && name != QLatin1String(".ingest.lock") &&
                 !name.startsWith(kManifestName + QLatin1Char('.'))) // QSaveFile's temp files
            foreign << name;
    }
    if (QFileInfo::exists(manifest)) {
        if (Expected<QByteArray> bytes = readFile(manifest); bytes) {
            auto parsed =
                input_guard::parseJson(std::string_view(bytes->constData(), size_t(bytes->size())));
            if (parsed && parsed->is_object()) {
                if (json_util::value<std::string>(*parsed, "format") == "raglens-kb")
                    return ok(); // ours, whatever else the user keeps beside it
                return Error{Tr::tr("%1 holds a %2 that is not a RagLens knowledge base's: "
                                    "RagLens will not write over it. Choose a new or empty "
                                    "folder.")
                                 .arg(kbDir, kManifestName)};
            }
        }
        // A manifest that cannot be read: a damaged knowledge base if generations are
        // beside it (the ingest rebuilds it), else someone else's file.
        if (!generations)
            return Error{Tr::tr("%1 holds a %2 RagLens cannot read and no knowledge base "
                                "generation: RagLens will not write over it. Choose a new or "
                                "empty folder.")
                             .arg(kbDir, kManifestName)};
    }
    if (!foreign.isEmpty() && !QFileInfo::exists(manifest))
        return Error{Tr::tr("%1 is not empty and holds no RagLens knowledge base (it has %2): "
                            "RagLens writes a knowledge base only into a new or empty folder "
                            "or over one it wrote.")
                         .arg(kbDir, foreign.mid(0, 3).join(QStringLiteral(", ")))};
    return ok();
}

void removeStaleGenerations(const QString& kbDir, const QString& keep)
{
    const QDir root(kbDir);
    for (const QString& name :
         root.entryList({QStringLiteral("gen-*")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        // Another folder that begins with "gen-" is the user's.
        if (name == keep || !isGenerationName(name))
            continue;
        if (!QDir(root.filePath(name)).removeRecursively())
            qCWarning(lcKb) << "could not remove stale generation" << root.filePath(name);
    }
}

} // namespace raglens::kb_storage
