#include "kb/kb_data.h"

namespace raglens {

QString KbData::evidenceKey(int chunkId) const
{
    const ChunkRecord& c = chunks[size_t(chunkId)];
    return docs[size_t(c.doc)].source + QStringLiteral("#chunk-") + QString::number(c.chunkNo);
}

QString KbData::sourceOfEvidenceKey(const QString& key)
{
    const qsizetype at = key.lastIndexOf(QLatin1String("#chunk-"));
    return at < 0 ? key : key.left(at);
}

QString KbData::indexedText(const DocRecord& doc, const ChunkRecord& chunk)
{
    QString text = doc.title;
    if (!chunk.heading.isEmpty() && chunk.heading != doc.title)
        text += QLatin1Char('\n') + chunk.heading;
    return text + QLatin1Char('\n') + chunk.content;
}

const std::vector<uint8_t>& KbData::categoryBitmap(int categoryIndex) const
{
    if (categoryIndex < 0 || size_t(categoryIndex) >= categoryBitmaps.size())
        return emptyBitmap;
    return categoryBitmaps[size_t(categoryIndex)];
}

void KbData::rebuildLookups()
{
    docBySource.clear();
    categoryByName.clear();
    for (size_t i = 0; i < categories.size(); ++i)
        categoryByName.insert(categories[i].name, int(i));
    for (size_t i = 0; i < docs.size(); ++i)
        docBySource.insert(docs[i].source, int(i));
    chunkCategory.assign(chunks.size(), -1);
    for (size_t id = 0; id < chunks.size(); ++id)
        chunkCategory[id] = categoryByName.value(docs[size_t(chunks[id].doc)].category, -1);
    const size_t bytes = (chunks.size() + 7) / 8;
    emptyBitmap.assign(bytes, 0);
    categoryBitmaps.assign(categories.size(), emptyBitmap);
    for (size_t id = 0; id < chunks.size(); ++id)
        if (chunkCategory[id] >= 0)
            categoryBitmaps[size_t(chunkCategory[id])][id >> 3] |= uint8_t(1u << (id & 7));
}

} // namespace raglens
