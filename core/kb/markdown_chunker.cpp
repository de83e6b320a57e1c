#include "kb/markdown_chunker.h"

#include "kb/text_tokenizer.h"

#include <QRegularExpression>

namespace raglens {

namespace {

QString stripFrontMatter(const QString& text, QString& title, QStringList& aliases)
{
    if (!text.startsWith(QLatin1String("---")))
        return text;
    const qsizetype end = text.indexOf(QLatin1String("\n---"), 3);
    if (end < 0)
        return text;
    const QStringList lines = text.mid(3, end - 3).split(QLatin1Char('\n'));
    for (const QString& raw : lines) {
        const QString line = raw.trimmed();
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            continue;
        const QString key = line.left(colon).trimmed().toLower();
        QString value = line.mid(colon + 1).trimmed();
        if (key == QLatin1String("title")) {
            title = value.remove(QLatin1Char('"'));
        } else if (key == QLatin1String("aliases") || key == QLatin1String("tags")) {
            value.remove(QLatin1Char('[')).remove(QLatin1Char(']')).remove(QLatin1Char('"'));
            for (const QString& a : value.split(QLatin1Char(','), Qt::SkipEmptyParts))
                if (!a.trimmed().isEmpty())
                    aliases.append(a.trimmed());
        }
    }
    const qsizetype bodyStart = text.indexOf(QLatin1Char('\n'), end + 4);
    return bodyStart < 0 ? QString() : text.mid(bodyStart + 1);
}

bool isFence(const QString& line)
{
    const QString t = line.trimmed();
    return t.startsWith(QLatin1String("```")) || t.startsWith(QLatin1String("~~~"));
}

int headingLevel(const QString& line)
{
    int level = 0;
    while (level < line.size() && line.at(level) == QLatin1Char('#'))
        ++level;
    if (level == 0 || level > 6 || level >= line.size() || line.at(level) != QLatin1Char(' '))
        return 0;
    return level;
}

} // namespace

std::vector<MarkdownChunker::Block> MarkdownChunker::splitBlocks(const QString& body,
                                                                 bool markdown) const
{
    std::vector<Block> blocks;
    QString heading;
    QStringList current;
    auto flush = [&] {
        if (!current.isEmpty()) {
            const QString text = current.join(QLatin1Char('\n')).trimmed();
            if (!text.isEmpty())
                blocks.push_back({text, heading, false, false});
            current.clear();
        }
    };
    // Line ends as Windows (CR LF) and classic Mac OS (CR alone) write them too: a file of
    // CR-only lines would otherwise be one line, one unbounded chunk.
    QString text = body;
    text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    text.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString& line = lines.at(i);
        if (markdown && isFence(line)) {
            flush();
            QStringList code{line};
            const QString fence = line.trimmed().left(3);
            ++i;
            for (; i < lines.size(); ++i) {
                const QString& l = lines.at(i);
                code.append(l);
                if (l.trimmed().startsWith(fence))
                    break;
            }
            blocks.push_back({code.join(QLatin1Char('\n')), heading, false, true});
            continue;
        }
        // A "heading" longer than a chunk is text (its words are cut like any long line);
        // a real heading is carried into every chunk under it, so that one is bounded too.
        const int level =
            markdown && TextTokenizer::effectiveLength(line) <= maxLength ? headingLevel(line) : 0;
        if (level > 0) {
            flush();
            heading = line.mid(level).trimmed();
            blocks.push_back({line.trimmed(), heading, true, false});
            continue;
        }
        if (line.trimmed().isEmpty()) {
            flush();
            continue;
        }
        current.append(line);
    }
    flush();
    return blocks;
}

QStringList MarkdownChunker::splitOversized(const Block& b) const
{
    // Code and tables are cut at line boundaries; prose at sentence ends (Latin or CJK).
    QStringList units;
    if (b.isCode || b.text.contains(QLatin1Char('\n'))) {
        units = b.text.split(QLatin1Char('\n'));
    } else {
        static const QRegularExpression sentenceEnd(QStringLiteral("(?<=[.!?。！？；;])\\s*"));
        units = b.text.split(sentenceEnd, Qt::SkipEmptyParts);
    }
    QStringList pieces;
    QString acc;
    for (const QString& whole : units) {
        // A single unit longer than the cap (minified data, one huge line) is hard-cut in
        // one walk: measuring and copying the rest at every cut made a long line quadratic
        // (a 7.8 MB line took three minutes).
        qsizetype from = 0;
        int rest = TextTokenizer::effectiveLength(whole);
        while (rest > maxLength) {
            if (!acc.isEmpty()) {
                pieces.append(acc);
                acc.clear();
            }
            qsizetype take = from;
            int len = 0;
            while (take < whole.size() && len < targetLength)
                len += TextTokenizer::isCjk(whole.at(take++)) ? 3 : 1;
            pieces.append(whole.mid(from, take - from));
            from = take;
            rest -= len;
        }
        const QString unit = from == 0 ? whole : whole.mid(from);
        const QString sep = b.isCode || b.text.contains(QLatin1Char('\n')) ? QStringLiteral("\n")
                                                                           : QStringLiteral(" ");
        const QString joined = acc.isEmpty() ? unit : acc + sep + unit;
        if (!acc.isEmpty() && TextTokenizer::effectiveLength(joined) > targetLength) {
            pieces.append(acc);
            acc = unit;
        } else {
            acc = joined;
        }
    }
    if (!acc.trimmed().isEmpty())
        pieces.append(acc);
    return pieces;
}

namespace {

/// The chunk being filled: its parts, their effective length, and the heading it starts
/// under. A flushed chunk may hand its last part on as the next chunk's overlap.
class ChunkBuilder
{
public:
    ChunkBuilder(bool markdown, int overlapLength, std::vector<ChunkPiece>& out)
        : m_markdown(markdown), m_overlapLength(overlapLength), m_out(out)
    {}
    bool isEmpty() const { return m_parts.isEmpty(); }
    int length() const { return m_length; }
    /// Holds only the tail repeated from the last chunk.
    bool onlyOverlap() const { return m_isOverlap && m_parts.size() == 1; }

    void add(const QString& text, int length, const QString& heading)
    {
        if (m_parts.isEmpty())
            m_heading = heading;
        m_parts.append(text);
        m_length += length;
    }

    void flush(bool keepOverlap)
    {
        if (m_parts.isEmpty())
            return;
        // A chunk made of headings only carries no content; fold it into the next one.
        bool onlyHeadings = true;
        for (const QString& part : m_parts)
            if (!part.startsWith(QLatin1Char('#')))
                onlyHeadings = false;
        if (onlyHeadings && m_markdown)
            return;
        m_out.push_back({m_heading, m_parts.join(QStringLiteral("\n\n"))});
        const QString tail = keepOverlap ? m_parts.last() : QString();
        m_parts.clear();
        m_length = 0;
        m_isOverlap = false;
        if (!tail.isEmpty() && !tail.startsWith(QLatin1Char('#')) &&
            TextTokenizer::effectiveLength(tail) <= m_overlapLength) {
            m_parts.append(tail);
            m_isOverlap = true;
            m_length = TextTokenizer::effectiveLength(tail);
        }
    }

private:
    bool m_markdown;
    int m_overlapLength;
    std::vector<ChunkPiece>& m_out;
    QStringList m_parts;
    int m_length = 0;
    bool m_isOverlap = false;
    QString m_heading;
};

} // namespace

ParsedDocument MarkdownChunker::parse(const QString& text, bool markdown) const
{
    ParsedDocument doc;
    const QString body = markdown ? stripFrontMatter(text, doc.title, doc.aliases) : text;
    const std::vector<Block> blocks = splitBlocks(body, markdown);
    if (doc.title.isEmpty())
        for (const Block& b : blocks)
            if (b.isHeading && b.text.startsWith(QLatin1String("# "))) {
                doc.title = b.heading;
                break;
            }

    ChunkBuilder chunk(markdown, overlapLength, doc.chunks);
    for (const Block& b : blocks) {
        const int len = TextTokenizer::effectiveLength(b.text);
        if (b.isHeading) {
            // A new section starts a new chunk unless what we hold is still small.
            if (chunk.length() >= targetLength / 3)
                chunk.flush(false);
            chunk.add(b.text, len, b.heading);
            continue;
        }
        if (len > maxLength) {
            for (const QString& piece : splitOversized(b)) {
                const int pl = TextTokenizer::effectiveLength(piece);
                if (chunk.length() + pl > targetLength && chunk.length() > 0)
                    chunk.flush(true);
                chunk.add(piece, pl, b.heading);
            }
            continue;
        }
        if (chunk.length() > 0 && chunk.length() + len > maxLength)
            chunk.flush(true);
        else if (chunk.length() >= targetLength)
            chunk.flush(true);
        chunk.add(b.text, len, b.heading);
    }
    if (!chunk.isEmpty() && !chunk.onlyOverlap())
        chunk.flush(false);
    // A document that is only headings still deserves one chunk.
    if (doc.chunks.empty() && !body.trimmed().isEmpty())
        doc.chunks.push_back({doc.title, body.trimmed()});
    return doc;
}

} // namespace raglens
