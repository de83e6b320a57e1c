// The knowledge base's files as bytes: the chunk store (QDataStream) and docs.json written
// and read back, and the manifest checked. Files, generations and atomic writes are
// kb_storage.cpp's.
#include "kb/kb_storage.h"

#include "common/input_guard.h"
#include "common/json_qt.h"

#include <QCoreApplication>
#include <QDataStream>
#include <QIODevice>

namespace raglens::kb_storage {

using nlohmann::json;

namespace {

constexpr quint32 kChunkMagic = 0x524c4348; // "RLCH"

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(KnowledgeBase)
};

} // namespace

QByteArray chunkBytes(const KbData& data)
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_4);
    out << kChunkMagic << quint32(1) << quint32(data.chunks.size());
    for (const ChunkRecord& c : data.chunks)
        out << qint32(c.doc) << qint32(c.chunkNo) << c.heading << c.content;
    return bytes;
}

Status parseChunks(const QByteArray& bytes, KbData& data)
{
    const Error corrupt{Tr::tr("the chunk store is corrupt or truncated")};
    QDataStream in(bytes);
    in.setVersion(QDataStream::Qt_6_4);
    quint32 magic = 0, version = 0, count = 0;
    in >> magic >> version >> count;
    if (in.status() != QDataStream::Ok || magic != kChunkMagic || version != 1 ||
        qint64(count) * 16 > bytes.size())
        return corrupt;
    data.chunks.resize(count);
    for (ChunkRecord& c : data.chunks) {
        qint32 doc = 0, no = 0;
        in >> doc >> no >> c.heading >> c.content;
        if (in.status() != QDataStream::Ok || doc < 0 || size_t(doc) >= data.docs.size())
            return corrupt;
        c.doc = doc;
        c.chunkNo = no;
    }
    return ok();
}

json docsJson(const KbData& data)
{
    json docs = json::array();
    for (const DocRecord& d : data.docs)
        docs.push_back({{"source", d.source},
                        {"category", d.category},
                        {"title", d.title},
                        {"path", d.path},
                        {"sha1", d.sha1},
                        {"firstChunk", d.firstChunk},
                        {"chunkCount", d.chunkCount}});
    json cats = json::array();
    for (const CategoryRecord& c : data.categories)
        cats.push_back({{"name", c.name},
                        {"aliases", c.aliases},
                        {"description", c.description},
                        {"documents", c.documents},
                        {"chunks", c.chunks}});
    return {{"documents", docs}, {"categories", cats}};
}

Status parseDocs(const QByteArray& bytes, KbData& data)
{
    auto parsed = input_guard::parseJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    if (!parsed || !parsed->is_object() || !parsed->contains("documents") ||
        !(*parsed)["documents"].is_array())
        return Error{Tr::tr("the document list is corrupt")};
    const json& j = *parsed;
    using json_util::value;
    for (const json& d : j["documents"]) {
        if (!d.is_object())
            return Error{Tr::tr("the document list is corrupt")};
        DocRecord r;
        r.source = value<QString>(d, "source");
        r.category = value<QString>(d, "category");
        r.title = value<QString>(d, "title");
        r.path = value<QString>(d, "path");
        r.sha1 = value<QString>(d, "sha1");
        r.firstChunk = value<int>(d, "firstChunk");
        r.chunkCount = value<int>(d, "chunkCount");
        data.docs.push_back(r);
    }
    if (j.contains("categories") && j["categories"].is_array())
        for (const json& c : j["categories"]) {
            if (!c.is_object())
                return Error{Tr::tr("the document list is corrupt")};
            CategoryRecord r;
            r.name = value<QString>(c, "name");
            r.aliases = value<QStringList>(c, "aliases");
            r.description = value<QString>(c, "description");
            r.documents = value<int>(c, "documents");
            r.chunks = value<int>(c, "chunks");
            data.categories.push_back(r);
        }
    return ok();
}

Expected<json> parseManifest(const QByteArray& bytes, const QString& path)
{
    auto parsed = input_guard::parseJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    if (!parsed)
        return Error{
            Tr::tr("the knowledge base manifest %1 is corrupt (not valid JSON)").arg(path)};
    if (!parsed->is_object())
        return Error{Tr::tr("the knowledge base manifest %1 is corrupt (valid JSON, but not an "
                            "object)")
                         .arg(path)};
    const json& j = *parsed;
    if (json_util::value<std::string>(j, "format") != "raglens-kb")
        return Error{Tr::tr("%1 is not a RagLens knowledge base manifest").arg(path)};
    const int version = json_util::value<int>(j, "formatVersion");
    if (version != kFormatVersion)
        return Error{Tr::tr("the knowledge base has format version %1; this RagLens reads version "
                            "%2. Re-ingest it.")
                         .arg(version)
                         .arg(kFormatVersion)};
    return j;
}

} // namespace raglens::kb_storage
