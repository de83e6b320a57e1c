#include "kb/knowledge_base.h"

#include "kb/kb_data.h"
#include "kb/kb_storage.h"
#include "kb/remote_embedder.h"

#include <QCoreApplication>
#include <QReadLocker>
#include <QWriteLocker>

namespace raglens {

using nlohmann::json;

KnowledgeBase::KnowledgeBase() = default;
KnowledgeBase::~KnowledgeBase() = default;

Expected<std::shared_ptr<KnowledgeBase>> KnowledgeBase::open(const QString& kbDir)
{
    if (kbDir.trimmed().isEmpty())
        return Error{
            QCoreApplication::translate("KnowledgeBase", "no knowledge base folder was given")};
    Expected<std::unique_ptr<KbData>> data = kb_storage::read(kbDir);
    if (!data)
        return Error{data.error()};
    std::shared_ptr<KnowledgeBase> kb(new KnowledgeBase);
    kb->m_data = std::move(data.value());
    return kb;
}

QString KnowledgeBase::directory() const
{
    return m_data->directory;
}

const LookupSettings& KnowledgeBase::settings() const
{
    return m_data->settings;
}

LookupSettings KnowledgeBase::settingsSnapshot() const
{
    QReadLocker lock(&m_settingsLock);
    return m_data->settings;
}

Status KnowledgeBase::saveSettings(const LookupSettings& s)
{
    if (Status st = kb_storage::rewriteSettings(m_data->directory, s); !st)
        return st;
    QWriteLocker lock(&m_settingsLock);
    m_data->settings = s;
    return ok();
}

std::optional<EmbeddingsEndpoint> KnowledgeBase::remoteEmbedder() const
{
    if (const auto* remote = dynamic_cast<const RemoteEmbedder*>(m_data->embedder.get()))
        return remote->endpoint();
    return std::nullopt;
}

KbStats KnowledgeBase::stats() const
{
    KbStats s;
    s.documents = int(m_data->docs.size());
    s.chunks = int(m_data->chunks.size());
    for (const CategoryRecord& c : m_data->categories)
        s.categories.push_back({c.name, c.documents, c.chunks, c.aliases, c.description});
    s.indexType = m_data->vectors->kind();
    s.requestedIndexKind = m_data->requestedIndexKind;
    s.dimension = m_data->embedder->dimension();
    s.embedder = m_data->embedder->name();
    // A remote model is named with where it runs, so that the KB panel says which one.
    if (const nlohmann::json d = m_data->embedder->describe(); d.contains("model"))
        s.embedder += QStringLiteral(" · %1 @ %2")
                          .arg(QString::fromStdString(d["model"].get<std::string>()),
                               QString::fromStdString(d["url"].get<std::string>()));
    s.sizeOnDisk = m_data->sizeOnDisk;
    s.builtAt = m_data->builtAt;
    s.settings = settingsSnapshot();
    return s;
}

std::vector<KbDocument> KnowledgeBase::documents() const
{
    std::vector<KbDocument> out;
    out.reserve(m_data->docs.size());
    for (const DocRecord& d : m_data->docs)
        out.push_back({d.source, d.category, d.title, d.chunkCount, d.path});
    return out;
}

std::optional<KbChunk> KnowledgeBase::chunkById(int id) const
{
    if (id < 0 || id >= int(m_data->chunks.size()))
        return std::nullopt;
    const ChunkRecord& c = m_data->chunks[size_t(id)];
    const DocRecord& d = m_data->docs[size_t(c.doc)];
    return KbChunk{id, m_data->evidenceKey(id), d.source, d.category, c.heading, c.content};
}

int KnowledgeBase::chunkCount() const
{
    return int(m_data->chunks.size());
}

std::vector<KbChunk> KnowledgeBase::chunksOf(const QString& source) const
{
    std::vector<KbChunk> out;
    const int doc = m_data->docBySource.value(source, -1);
    if (doc < 0)
        return out;
    const DocRecord& d = m_data->docs[size_t(doc)];
    for (int id = d.firstChunk; id < d.firstChunk + d.chunkCount; ++id)
        out.push_back(*chunkById(id));
    return out;
}

std::vector<KbChunk> KnowledgeBase::searchChunks(const QString& text, int limit) const
{
    std::vector<KbChunk> out;
    const QString needle = text.trimmed();
    for (int id = 0; id < int(m_data->chunks.size()) && int(out.size()) < limit; ++id) {
        const ChunkRecord& c = m_data->chunks[size_t(id)];
        if (needle.isEmpty() || c.content.contains(needle, Qt::CaseInsensitive) ||
            c.heading.contains(needle, Qt::CaseInsensitive) ||
            m_data->docs[size_t(c.doc)].source.contains(needle, Qt::CaseInsensitive))
            out.push_back(*chunkById(id));
    }
    return out;
}

std::optional<KbChunk> KnowledgeBase::chunk(const QString& evidenceKey) const
{
    const qsizetype hash = evidenceKey.lastIndexOf(QLatin1String("#chunk-"));
    if (hash < 0)
        return std::nullopt;
    const int doc = m_data->docBySource.value(evidenceKey.left(hash), -1);
    bool isNumber = false;
    const int n = evidenceKey.mid(hash + 7).toInt(&isNumber);
    if (doc < 0 || !isNumber)
        return std::nullopt;
    const DocRecord& d = m_data->docs[size_t(doc)];
    for (int id = d.firstChunk; id < d.firstChunk + d.chunkCount; ++id)
        if (m_data->chunks[size_t(id)].chunkNo == n)
            return chunkById(id);
    return std::nullopt;
}

void to_json(json& j, const IngestSummary& s)
{
    json skipped = json::array();
    for (const SkippedFile& f : s.skipped)
        skipped.push_back({{"path", f.path}, {"reason", f.reason}});
    j = json{{"documents", s.documents}, {"chunks", s.chunks},   {"categories", s.categories},
             {"added", s.added},         {"updated", s.updated}, {"removed", s.removed},
             {"unchanged", s.unchanged}, {"seconds", s.seconds}, {"indexType", s.indexType},
             {"cancelled", s.cancelled}, {"skipped", skipped}};
}

void to_json(json& j, const KbStats& s)
{
    json cats = json::array();
    for (const KbCategoryStats& c : s.categories)
        cats.push_back({{"name", c.name},
                        {"documents", c.documents},
                        {"chunks", c.chunks},
                        {"aliases", c.aliases},
                        {"description", c.description}});
    j = json{{"documents", s.documents},   {"chunks", s.chunks},
             {"categories", cats},         {"indexType", s.indexType},
             {"dimension", s.dimension},   {"embedder", s.embedder},
             {"sizeOnDisk", s.sizeOnDisk}, {"builtAt", json_util::timeOrNull(s.builtAt)},
             {"settings", s.settings}};
}

void to_json(json& j, const KbDocument& d)
{
    j = json{{"source", d.source},
             {"category", d.category},
             {"title", d.title},
             {"chunks", d.chunks},
             {"path", d.path}};
}

void to_json(json& j, const KbChunk& c)
{
    j = json{{"id", c.id},           {"evidenceKey", c.evidenceKey},
             {"source", c.source},   {"category", c.category},
             {"heading", c.heading}, {"content", c.content}};
}

} // namespace raglens
