#pragma once
// MarkdownChunker: splits one document into retrieval chunks. Sections follow headings;
// paragraphs, lists, tables and fenced code blocks stay whole where they fit; small
// neighbouring sections are merged; oversized blocks are cut at sentence or line
// boundaries; a short trailing block is repeated at the start of the next chunk as
// overlap. Lengths are CJK-aware (TextTokenizer::effectiveLength).

#include <QString>
#include <QStringList>

#include <vector>

namespace raglens {

struct ChunkPiece
{
    QString heading; ///< nearest heading at the chunk's start, may be empty
    QString content;
};

struct ParsedDocument
{
    QString title;       ///< front matter title, else first H1, else empty
    QStringList aliases; ///< front matter aliases
    std::vector<ChunkPiece> chunks;
};

class MarkdownChunker
{
public:
    int targetLength = 900;  ///< effective length a chunk aims for
    int maxLength = 1600;    ///< hard cap except for unsplittable single lines
    int overlapLength = 220; ///< trailing blocks up to this are repeated as overlap

    ParsedDocument parse(const QString& text, bool markdown = true) const;

private:
    struct Block
    {
        QString text;
        QString heading;
        bool isHeading = false;
        bool isCode = false;
    };
    std::vector<Block> splitBlocks(const QString& body, bool markdown) const;
    QStringList splitOversized(const Block& b) const;
};

} // namespace raglens
