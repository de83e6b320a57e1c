// Chunking and tokenisation: what ends up in one evidence block.

#include "kb/markdown_chunker.h"
#include "kb/text_tokenizer.h"

#include <QTest>

using namespace raglens;

class TestKbChunker : public QObject
{
    Q_OBJECT
private slots:
    void chunks_data();
    void chunks();
    void codeBlockStaysWhole();
    void longProseIsSplitWithOverlap();
    void cjkLengthCountsMore();
    void oneHugeLineIsCutInPieces();
    void classicMacLineEndsAndHugeHeadings();
    void frontMatter();
    void tokenizer_data();
    void tokenizer();
};

void TestKbChunker::chunks_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("expectedChunks");
    QTest::addColumn<QString>("firstHeading");
    QTest::addColumn<QString>("title");

    QTest::newRow("small doc is one chunk")
        << "# Title\n\n## Summary\n\nShort text.\n\n## Fix\n\nDo this." << 1 << "Title"
        << "Title";
    const QString para = QString("word ").repeated(150).trimmed(); // ~750 chars
    QTest::newRow("two big sections become two chunks")
        << QString("# Doc\n\n## A\n\n%1\n\n## B\n\n%1\n").arg(para) << 2 << "Doc"
        << "Doc";
    QTest::newRow("headings only still give one chunk") << "# Only\n\n## Headings" << 1 << "Only"
                                                        << "Only";
    QTest::newRow("plain paragraphs without headings")
        << "first paragraph\n\nsecond paragraph" << 1 << ""
        << "";
}

void TestKbChunker::chunks()
{
    QFETCH(QString, text);
    QFETCH(int, expectedChunks);
    QFETCH(QString, firstHeading);
    QFETCH(QString, title);
    const ParsedDocument doc = MarkdownChunker().parse(text);
    QCOMPARE(int(doc.chunks.size()), expectedChunks);
    QCOMPARE(doc.chunks.front().heading, firstHeading);
    QCOMPARE(doc.title, title);
    for (const ChunkPiece& c : doc.chunks)
        QVERIFY(!c.content.trimmed().isEmpty());
}

void TestKbChunker::codeBlockStaysWhole()
{
    const QString code =
        "```\n" + QString("line of a stack trace at com.example.Foo\n").repeated(15) + "```";
    const QString text =
        "# T\n\n" + QString("intro sentence. ").repeated(40) + "\n\n" + code + "\n\nafter the code";
    const ParsedDocument doc = MarkdownChunker().parse(text);
    int holders = 0;
    for (const ChunkPiece& c : doc.chunks)
        if (c.content.contains("```")) {
            ++holders;
            QCOMPARE(c.content.count("```"), 2); // opening and closing fence together
        }
    QCOMPARE(holders, 1);
}

void TestKbChunker::longProseIsSplitWithOverlap()
{
    MarkdownChunker chunker;
    QStringList paras;
    for (int i = 0; i < 12; ++i)
        paras << QString("Paragraph %1 talks about topic %1 in some detail here.").arg(i);
    const ParsedDocument doc =
        chunker.parse("# T\n\n" + paras.join("\n\n") + "\n\n" + QString("x").repeated(3000));
    QVERIFY(doc.chunks.size() >= 2);
    for (const ChunkPiece& c : doc.chunks)
        QVERIFY2(TextTokenizer::effectiveLength(c.content) <= chunker.maxLength + 10,
                 qPrintable(QString::number(c.content.size())));
}

void TestKbChunker::cjkLengthCountsMore()
{
    const QString zh = QString::fromUtf8("连接池耗尽").repeated(100); // 500 CJK chars
    QCOMPARE(TextTokenizer::effectiveLength(zh), 1500);
    const ParsedDocument doc =
        MarkdownChunker().parse(QString::fromUtf8("# 标题\n\n") + zh + "\n\n" + zh);
    QCOMPARE(int(doc.chunks.size()), 2); // 500 CJK chars each exceed the Latin target
}

void TestKbChunker::oneHugeLineIsCutInPieces()
{
    // A line with no sentence end (minified data, a pasted log) is hard-cut at the target
    // length: every piece within the cap, nothing lost at either end, CJK counted thrice.
    const QString line = QString::fromUtf8("ab连接cd").repeated(40000); // 240,000 characters
    MarkdownChunker chunker;
    const ParsedDocument doc = chunker.parse(line, /*markdown=*/false);
    const int total = TextTokenizer::effectiveLength(line);
    QVERIFY2(int(doc.chunks.size()) >= total / chunker.maxLength,
             qPrintable(QString::number(doc.chunks.size())));
    for (const ChunkPiece& c : doc.chunks)
        QVERIFY2(TextTokenizer::effectiveLength(c.content) <= chunker.maxLength,
                 qPrintable(QString::number(TextTokenizer::effectiveLength(c.content))));
    QVERIFY(doc.chunks.front().content.startsWith(line.left(30)));
    QVERIFY(doc.chunks.back().content.endsWith(line.right(30)));
}

void TestKbChunker::classicMacLineEndsAndHugeHeadings()
{
    // CR alone ends a line too: paragraphs are found, not one unbounded line.
    QString mac = QStringLiteral("# Title\r\r");
    for (int i = 0; i < 200; ++i)
        mac += QStringLiteral("Paragraph %1 about widget number %1 and its care.\r\r").arg(i);
    const ParsedDocument doc = MarkdownChunker().parse(mac);
    QCOMPARE(doc.title, QStringLiteral("Title"));
    QVERIFY(doc.chunks.size() > 3);
    for (const auto& c : doc.chunks)
        QVERIFY(c.heading.size() < 100);
    // A "heading" longer than a chunk is text, cut like any long line, and is not copied
    // into the chunks after it.
    const QString huge = QStringLiteral("# ") + QString(20000, QLatin1Char('h')) +
                         QStringLiteral("\n\nbody text under it\n");
    const ParsedDocument big = MarkdownChunker().parse(huge);
    QVERIFY(big.chunks.size() > 5);
    for (const auto& c : big.chunks)
        QVERIFY(c.heading.size() < 2000);
    QVERIFY(std::any_of(big.chunks.begin(), big.chunks.end(),
                        [](const auto& c) { return c.content.contains("body text under it"); }));
}

void TestKbChunker::frontMatter()
{
    const ParsedDocument doc = MarkdownChunker().parse(
        "---\ntitle: \"Pool sizing\"\naliases: [pool, sizing]\n---\n# Other\n\nBody text.");
    QCOMPARE(doc.title, QString("Pool sizing"));
    QCOMPARE(doc.aliases, QStringList({"pool", "sizing"}));
    QVERIFY(!doc.chunks.front().content.contains("aliases"));
}

void TestKbChunker::tokenizer_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("stop words dropped, no stemming")
        << "How do I fix the connections?" << QStringList{"fix", "connections"};
    QTest::newRow("identifiers unchanged")
        << "timeout 30000ms HTTP2" << QStringList{"timeout", "30000ms", "http2"};
    QTest::newRow("cjk bigrams") << QString::fromUtf8("连接池耗尽")
                                 << QStringList{
                                        QString::fromUtf8("连接"), QString::fromUtf8("接池"),
                                        QString::fromUtf8("池耗"), QString::fromUtf8("耗尽")};
    QTest::newRow("mixed") << QString::fromUtf8("Redis 大 key")
                           << QStringList{"redis", QString::fromUtf8("大"), "key"};
}

void TestKbChunker::tokenizer()
{
    QFETCH(QString, text);
    QFETCH(QStringList, tokens);
    QCOMPARE(TextTokenizer::tokenize(text), tokens);
}

QTEST_GUILESS_MAIN(TestKbChunker)
#include "tst_kb_chunker.moc"
