// Knowledge base on disk: round trip, incremental re-ingest, cancel, corrupt and partial
// KBs, bad source files, and the ingest / lookup CLI contract.

#include "common/content_hash.h"
#include "kb/kb_data.h"
#include "kb/kb_storage.h"
#include "kb/knowledge_base.h"
#include "model/vocabulary.h"
#include "support/cli_runner.h"
#include "support/json_compare.h"
#include "support/kb_fixture.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <cstdio>

using namespace raglens;

namespace {

QString generationOf(const QString& kbDir)
{
    const QStringList gens = QDir(kbDir).entryList({"gen-*"}, QDir::Dirs);
    return gens.size() == 1 ? gens.first() : QString();
}

nlohmann::json readManifest(const QString& kbDir)
{
    QFile f(QDir(kbDir).filePath("manifest.json"));
    f.open(QIODevice::ReadOnly);
    return nlohmann::json::parse(f.readAll().toStdString());
}

void writeManifest(const QString& kbDir, const nlohmann::json& j)
{
    test::writeTextFile(QDir(kbDir).filePath("manifest.json"), QByteArray::fromStdString(j.dump()));
}

} // namespace

class TestKbPersistence : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip();
    void settingsPersist();
    void incrementalReingest();
    void readerBesideAReingest();
    void cancelKeepsPreviousKb();
    void corruptKb_data();
    void checksumIgnoresHowBytesArrive();
    void corruptKb();
    void badSourceFiles();
    void linksPipesAndUnnamableFiles();
    void ingestLeavesTheUsersFilesAlone();
    void emptySourceFolder();
    void hnswIndex();
    void bm25TermsFollowTheManifest();
    void cliIngestAndLookup();
    void cliErrors_data();
    void cliErrors();
};

void TestKbPersistence::roundTrip()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    auto summary = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"));
    QVERIFY(summary.ok());
    QCOMPARE(summary->documents, 6);
    QCOMPARE(summary->categories, 4);
    QCOMPARE(summary->added, 6);
    QCOMPARE(summary->indexType, QString("flat"));

    auto kb = KnowledgeBase::open(tmp.filePath("kb"));
    QVERIFY2(kb.ok(), qPrintable(kb.ok() ? QString() : kb.error()));
    const KbStats stats = (*kb)->stats();
    QCOMPARE(stats.documents, 6);
    QCOMPARE(stats.chunks, summary->chunks);
    QCOMPARE(stats.dimension, 384);
    QCOMPARE(stats.embedder, QString("hashing-v1"));
    QVERIFY(stats.sizeOnDisk > 0);
    QVERIFY(stats.builtAt.isValid());
    bool sawArchive = false;
    for (const KbCategoryStats& c : stats.categories)
        if (c.name == "archive") {
            sawArchive = true;
            QCOMPARE(c.documents, 0);
            QVERIFY(c.aliases.contains("ora-"));
        }
    QVERIFY(sawArchive);

    const auto chunks = (*kb)->chunksOf("db/deadlock-1213");
    QVERIFY(!chunks.empty());
    QCOMPARE(chunks.front().evidenceKey, QString("db/deadlock-1213#chunk-0"));
    QCOMPARE(chunks.front().category, QString("db"));
    const auto byKey = (*kb)->chunk("db/deadlock-1213#chunk-0");
    QVERIFY(byKey.has_value());
    QCOMPARE(byKey->content, chunks.front().content);
    QVERIFY(!(*kb)->chunk("db/deadlock-1213#chunk-99").has_value());
    QVERIFY(!(*kb)->chunk("garbage").has_value());
    const auto found = (*kb)->searchChunks("innodb_print_all_deadlocks", 10);
    QCOMPARE(int(found.size()), 1);
    QCOMPARE(found.front().source, QString("db/deadlock-1213"));
    QCOMPARE(int((*kb)->documents().size()), 6);
}

void TestKbPersistence::settingsPersist()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    QVERIFY(test::buildKb(tmp.filePath("src"), tmp.filePath("kb")).ok());
    auto kb = KnowledgeBase::open(tmp.filePath("kb"));
    LookupSettings s = (*kb)->settings();
    s.preciseQuality = 0.81;
    s.topK = 7;
    QVERIFY((*kb)->saveSettings(s).ok());
    auto again = KnowledgeBase::open(tmp.filePath("kb"));
    QVERIFY(again.ok());
    QCOMPARE((*again)->settings().preciseQuality, 0.81);
    QCOMPARE((*again)->settings().topK, 7);
    // A re-ingest keeps the user's thresholds.
    test::writeTextFile(tmp.filePath("src/cache/new.md"), "# New\n\nsomething new about redis");
    QVERIFY(test::buildKb(tmp.filePath("src"), tmp.filePath("kb")).ok());
    QCOMPARE((*KnowledgeBase::open(tmp.filePath("kb")))->settings().topK, 7);
}

void TestKbPersistence::incrementalReingest()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    QVERIFY(test::buildKb(tmp.filePath("src"), tmp.filePath("kb")).ok());
    const QString gen1 = generationOf(tmp.filePath("kb"));
    QVERIFY(!gen1.isEmpty());

    auto same = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"));
    QVERIFY(same.ok());
    QCOMPARE(same->unchanged, 6);
    QCOMPARE(same->added + same->updated + same->removed, 0);
    QCOMPARE(generationOf(tmp.filePath("kb")), gen1); // nothing rewritten

    const auto before = (*KnowledgeBase::open(tmp.filePath("kb")))->chunksOf("cache/redis-oom");
    test::writeTextFile(tmp.filePath("src/db/deadlock-1213.md"), "# Changed\n\nNew deadlock text.");
    QVERIFY(QFile::remove(tmp.filePath("src/legacy-pools/object-pool-glossary.md")));
    auto changed = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"));
    QVERIFY(changed.ok());
    QCOMPARE(changed->updated, 1);
    QCOMPARE(changed->removed, 1);
    QCOMPARE(changed->unchanged, 4);
    QCOMPARE(changed->documents, 5);
    const QString gen2 = generationOf(tmp.filePath("kb"));
    QVERIFY(!gen2.isEmpty() && gen2 != gen1); // old generation cleaned up

    auto kb = KnowledgeBase::open(tmp.filePath("kb"));
    QVERIFY(kb.ok());
    QVERIFY((*kb)->chunksOf("legacy-pools/object-pool-glossary").empty());
    QCOMPARE((*kb)->chunksOf("db/deadlock-1213").front().content,
             QString("# Changed\n\nNew deadlock text."));
    const auto after = (*kb)->chunksOf("cache/redis-oom");
    QCOMPARE(after.size(), before.size());
    for (size_t i = 0; i < after.size(); ++i) {
        QCOMPARE(after[i].evidenceKey, before[i].evidenceKey);
        QCOMPARE(after[i].content, before[i].content);
    }
}

// A lookup opening the knowledge base while another process re-ingests it: the manifest it
// read names the generation the ingest removes. It failed ("cannot read …/chunks.bin") about
// one time in ten; it now reads the generation that replaced it.
void TestKbPersistence::readerBesideAReingest()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    QVERIFY(test::buildKb(tmp.filePath("src"), tmp.filePath("kb")).ok());
    const QString gen1 = generationOf(tmp.filePath("kb"));
    bool reingested = false;
    kb_storage::setBeforeGenerationReadForTest([&] {
        if (reingested)
            return;
        reingested = true; // the ingest reads the knowledge base too
        test::writeTextFile(tmp.filePath("src/db/deadlock-1213.md"), "# Changed\n\nNew text.");
        QVERIFY(test::buildKb(tmp.filePath("src"), tmp.filePath("kb")).ok());
    });
    auto kb = KnowledgeBase::open(tmp.filePath("kb"));
    kb_storage::setBeforeGenerationReadForTest({});
    QVERIFY(reingested);
    QVERIFY2(kb.ok(), kb.ok() ? "" : qPrintable(kb.error()));
    const QString gen2 = generationOf(tmp.filePath("kb"));
    QVERIFY(!gen2.isEmpty() && gen2 != gen1);
    QCOMPARE((*kb)->chunksOf("db/deadlock-1213").front().content,
             QString("# Changed\n\nNew text."));
}

void TestKbPersistence::cancelKeepsPreviousKb()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    QVERIFY(test::buildKb(tmp.filePath("src"), tmp.filePath("kb")).ok());
    const QString gen1 = generationOf(tmp.filePath("kb"));
    test::writeTextFile(tmp.filePath("src/cache/extra.md"), "# Extra\n\nextra document");

    for (const QString& phase : QStringList{"chunking", "embedding", "writing"}) {
        IngestOptions options;
        QStringList phases;
        options.onProgress = [&](const IngestProgress& p) {
            if (!phases.contains(p.phase))
                phases << p.phase;
            return p.phase != phase;
        };
        auto s = ingestFolder(tmp.filePath("src"), tmp.filePath("kb"), options);
        QVERIFY(s.ok());
        QVERIFY(s->cancelled);
        QVERIFY(phases.contains(phase));
        QCOMPARE(generationOf(tmp.filePath("kb")), gen1);
        auto kb = KnowledgeBase::open(tmp.filePath("kb"));
        QVERIFY(kb.ok());
        QVERIFY((*kb)->chunksOf("cache/extra").empty());
    }
}

// The checksum of a file read in pieces equals that of its bytes at once, and any one
// flipped bit, or one byte more, changes it.
void TestKbPersistence::checksumIgnoresHowBytesArrive()
{
    QByteArray bytes;
    for (int i = 0; i < 1000; ++i)
        bytes.append(char(i * 7 + i / 13));
    const QString whole =
        content_hash::ofBytes(std::string_view(bytes.constData(), size_t(bytes.size())));
    QCOMPARE(whole.size(), 16);
    for (int piece : {1, 3, 31, 32, 33, 500}) {
        content_hash::Hasher h;
        for (int at = 0; at < bytes.size(); at += piece)
            h.add(std::string_view(bytes.constData() + at,
                                   size_t(std::min<qsizetype>(piece, bytes.size() - at))));
        QCOMPARE(h.hex(), whole);
    }
    QSet<QString> seen{whole};
    for (int at : {0, 31, 32, 500, 999}) {
        QByteArray flipped = bytes;
        flipped[at] = char(flipped[at] ^ 1);
        seen.insert(
            content_hash::ofBytes(std::string_view(flipped.constData(), size_t(flipped.size()))));
    }
    QByteArray longer = bytes + '\0';
    seen.insert(content_hash::ofBytes(std::string_view(longer.constData(), size_t(longer.size()))));
    QCOMPARE(seen.size(), 7);
}

void TestKbPersistence::corruptKb_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("truncated index") << "truncate-index"
                                     << "corrupt";
    // Without checksums (a knowledge base from before them) faiss itself refuses it.
    QTest::newRow("garbage index same size, no checksums") << "garbage-index"
                                                           << "unreadable";
    // One flipped bit anywhere, same size: only the checksum can tell.
    QTest::newRow("bit flip in the chunk store") << "flip:chunks.bin"
                                                 << "chunks.bin changed after it was written";
    QTest::newRow("bit flip in the vector index") << "flip:vectors.faiss"
                                                  << "vectors.faiss changed after it was written";
    QTest::newRow("bit flip in the embedder state") << "flip:embedder.bin"
                                                    << "embedder.bin changed after it was written";
    QTest::newRow("checksums not an object") << "checksums-array"
                                             << "not an object";
    // A removed checksum would turn the check off for its file.
    QTest::newRow("one checksum missing") << "checksum-missing"
                                          << "no checksum of vectors.faiss";
    // One high bit in the vector count: faiss's own size check overflows and passes.
    QTest::newRow("vector count out of range, no checksums") << "ntotal"
                                                             << "corrupt";
    QTest::newRow("manifest not json") << "manifest-garbage"
                                       << "not valid JSON";
    QTest::newRow("no manifest") << "no-manifest"
                                 << "ingest";
    QTest::newRow("missing data folder") << "no-generation"
                                         << "incomplete";
    QTest::newRow("missing file") << "no-bm25"
                                  << "missing";
    QTest::newRow("dimension mismatch") << "dimension"
                                        << "dimension";
    QTest::newRow("chunk count mismatch") << "chunks"
                                          << "inconsistent";
    QTest::newRow("unknown embedder") << "embedder"
                                      << "embedder";
    QTest::newRow("unknown BM25 terms") << "bm25-terms"
                                        << "BM25";
    QTest::newRow("newer format") << "format"
                                  << "version";
    QTest::newRow("folder missing") << "no-folder"
                                    << "does not exist";
}

void TestKbPersistence::corruptKb()
{
    QFETCH(QString, damage);
    QFETCH(QString, messagePart);
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    const QString kbDir = tmp.filePath("kb");
    QVERIFY(test::buildKb(tmp.filePath("src"), kbDir).ok());
    const QDir gen(QDir(kbDir).filePath(generationOf(kbDir)));
    nlohmann::json m = readManifest(kbDir);
    if (damage == "truncate-index") {
        QFile f(gen.filePath("vectors.faiss"));
        QVERIFY(f.resize(f.size() / 2));
    } else if (damage == "garbage-index") {
        QFile f(gen.filePath("vectors.faiss"));
        const qint64 size = f.size();
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(size, 'z'));
        m.erase("checksums");
        writeManifest(kbDir, m);
    } else if (damage.startsWith("flip:")) {
        QFile f(gen.filePath(damage.mid(5)));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        QVERIFY(bytes.size() > 64);
        bytes[bytes.size() / 2 + 3] = char(bytes[bytes.size() / 2 + 3] ^ 0x10);
        QVERIFY(f.seek(0));
        QCOMPARE(f.write(bytes), qint64(bytes.size()));
    } else if (damage == "checksum-missing") {
        m["checksums"].erase("vectors.faiss");
        writeManifest(kbDir, m);
    } else if (damage == "ntotal") {
        QFile f(gen.filePath("vectors.faiss"));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        bytes[15] = char(bytes[15] | 0x80); // the top byte of ntotal, after "IxFI" and d
        QVERIFY(f.seek(0));
        QCOMPARE(f.write(bytes), qint64(bytes.size()));
        m.erase("checksums");
        writeManifest(kbDir, m);
    } else if (damage == "checksums-array") {
        m["checksums"] = nlohmann::json::array();
        writeManifest(kbDir, m);
    } else if (damage == "manifest-garbage") {
        test::writeTextFile(QDir(kbDir).filePath("manifest.json"), "{ not json");
    } else if (damage == "no-manifest") {
        QFile::remove(QDir(kbDir).filePath("manifest.json"));
    } else if (damage == "no-generation") {
        QVERIFY(QDir(gen).removeRecursively());
    } else if (damage == "no-bm25") {
        QFile::remove(gen.filePath("bm25.bin"));
    } else if (damage == "dimension") {
        m["embedder"]["dimension"] = 512;
        writeManifest(kbDir, m);
    } else if (damage == "chunks") {
        m["chunks"] = m["chunks"].get<int>() + 1;
        writeManifest(kbDir, m);
    } else if (damage == "embedder") {
        m["embedder"]["name"] = "openai-text-embedding-3";
        writeManifest(kbDir, m);
    } else if (damage == "bm25-terms") {
        m["bm25"]["terms"] = "snowball-klingon";
        writeManifest(kbDir, m);
    } else if (damage == "format") {
        m["formatVersion"] = 99;
        writeManifest(kbDir, m);
    } else if (damage == "no-folder") {
        QVERIFY(QDir(kbDir).removeRecursively());
    }
    auto kb = KnowledgeBase::open(kbDir);
    QVERIFY(!kb.ok());
    QVERIFY2(kb.error().contains(messagePart, Qt::CaseInsensitive), qPrintable(kb.error()));

    // The CLI reports the same thing as exit 1, never a crash.
    const test::CliResult r = test::runCli({"lookup", "--kb", kbDir, "redis"});
    QVERIFY(!r.crashed);
    QCOMPARE(r.exitCode, 1);
    QVERIFY(!r.err.isEmpty());

    // Re-ingesting repairs it.
    if (damage != "format" || true) {
        QVERIFY(test::buildKb(tmp.filePath("src"), kbDir).ok());
        QVERIFY(KnowledgeBase::open(kbDir).ok());
    }
}

void TestKbPersistence::badSourceFiles()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    test::writeTextFile(tmp.filePath("src/db/binary.md"), QByteArray("abc\0def", 7));
    test::writeTextFile(tmp.filePath("src/db/latin1.md"), QByteArray("caf\xe9 cr\xe8me"));
    test::writeTextFile(tmp.filePath("src/db/empty.md"), "  \n");
    // A byte-order mark is no licence: NULs after it, UTF-32, a lone surrogate.
    test::writeTextFile(tmp.filePath("src/db/bom-zeros.md"), QByteArray("\xFF\xFE"
                                                                        "A"
                                                                        "\x00",
                                                                        4) +
                                                                 QByteArray(64, '\0'));
    test::writeTextFile(tmp.filePath("src/db/utf32.md"),
                        QByteArray("\xFF\xFE\x00\x00#\x00\x00\x00", 8));
    test::writeTextFile(tmp.filePath("src/db/lone.md"), QByteArray("\xFF\xFE\x00\xD8\x41\x00", 6));
    test::writeTextFile(tmp.filePath("src/db/image.png"), "png");
    test::writeTextFile(tmp.filePath("src/db/huge.txt"), QByteArray(9 * 1024 * 1024, 'a'));
    test::writeTextFile(tmp.filePath("src/db/oneline.txt"), QByteArray(200000, 'b'));
    test::writeTextFile(tmp.filePath("src/broken/_category.json"), "{oops");
    test::writeTextFile(tmp.filePath("src/broken/doc.md"),
                        "# Doc\n\ncontent of the broken category");
    auto s = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"));
    QVERIFY(s.ok());
    QStringList reasons;
    for (const SkippedFile& f : s->skipped)
        reasons << QFileInfo(f.path).fileName() + ": " + f.reason;
    const QString all = reasons.join('\n');
    QVERIFY2(all.contains("binary.md: binary file"), qPrintable(all));
    QVERIFY2(all.contains("latin1.md: not valid UTF-8"), qPrintable(all));
    QVERIFY2(all.contains("empty.md: empty file"), qPrintable(all));
    QVERIFY2(all.contains("bom-zeros.md: binary file"), qPrintable(all));
    QVERIFY2(all.contains("utf32.md: UTF-32 text"), qPrintable(all));
    QVERIFY2(all.contains("lone.md: not valid UTF-16"), qPrintable(all));
    QVERIFY2(all.contains("image.png: unsupported file type"), qPrintable(all));
    QVERIFY2(all.contains("huge.txt: file too large"), qPrintable(all));
    QVERIFY2(all.contains("_category.json: not valid JSON"), qPrintable(all));
    auto kb = KnowledgeBase::open(tmp.filePath("kb"));
    QVERIFY(kb.ok());
    QVERIFY((*kb)->chunksOf("db/oneline").size() > 10); // a 200k-char line is hard-cut
    QVERIFY(!(*kb)->chunksOf("broken/doc").empty());
}

void TestKbPersistence::linksPipesAndUnnamableFiles()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    test::writeTextFile(tmp.filePath("shared/linked.md"), "# Linked\n\nzorbulation procedure");
    // A category that is a link to a folder elsewhere is read like any other.
    QVERIFY(QFile::link(tmp.filePath("shared"), tmp.filePath("src/team")));
    // Two links to one folder are two categories' documents (Qt's own walk once read the
    // second empty, without a word); a link back up would never end: named, not followed.
    QVERIFY(QFile::link(tmp.filePath("shared"), tmp.filePath("src/crew")));
    QVERIFY(QFile::link(tmp.filePath("src"), tmp.filePath("shared/back")));
    QVERIFY(QFile::link(tmp.filePath("nowhere.md"), tmp.filePath("src/db/dangling.md")));
    QCOMPARE(::mkfifo(QFile::encodeName(tmp.filePath("src/db/pipe.md")).constData(), 0600), 0);
    // A link to a device: a file, named once (Qt also listed it as a folder, "cannot read").
    QVERIFY(QFile::link(QStringLiteral("/dev/null"), tmp.filePath("src/db/device.md")));
    // A name that is not UTF-8 (Latin-1 "café"): Qt cannot open it, so it is named.
    const QByteArray latin1 = QFile::encodeName(tmp.filePath("src/db/")) + "caf\xe9.md";
    FILE* f = std::fopen(latin1.constData(), "w");
    QVERIFY(f);
    std::fputs("# Cafe\n\ncontent", f);
    std::fclose(f);
    auto s = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"));
    QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(s.error()));
    QStringList reasons;
    for (const SkippedFile& sf : s->skipped)
        reasons << QFileInfo(sf.path).fileName() + ": " + sf.reason;
    const QString all = reasons.join('\n');
    QVERIFY2(all.contains("dangling.md: a link to"), qPrintable(all));
    QVERIFY2(all.contains("pipe.md: not a regular file"), qPrintable(all));
    QVERIFY2(all.contains("device.md: not a regular file") && all.count("device.md") == 1,
             qPrintable(all));
    QVERIFY2(all.contains("not valid UTF-8, so RagLens cannot open it"), qPrintable(all));
    auto kb = KnowledgeBase::open(tmp.filePath("kb"));
    QVERIFY(kb.ok());
    QVERIFY(!(*kb)->chunksOf("team/linked").empty());
    QVERIFY(!(*kb)->chunksOf("crew/linked").empty());
    QVERIFY2(all.contains("back: a link to") && all.contains("a folder it is inside of"),
             qPrintable(all));
}

void TestKbPersistence::ingestLeavesTheUsersFilesAlone()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    // A folder of the user's: refused, untouched.
    test::writeTextFile(tmp.filePath("work/gen-reports/q3.txt"), "numbers");
    auto refused = test::buildKb(tmp.filePath("src"), tmp.filePath("work"));
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().contains("not empty"), qPrintable(refused.error()));
    QVERIFY(QFile::exists(tmp.filePath("work/gen-reports/q3.txt")));
    QVERIFY(!QFile::exists(tmp.filePath("work/manifest.json")));
    // Another program's manifest.json: refused, untouched.
    test::writeTextFile(tmp.filePath("app/manifest.json"), "{\"name\": \"My app\"}");
    auto foreign = test::buildKb(tmp.filePath("src"), tmp.filePath("app"));
    QVERIFY(!foreign.ok());
    QVERIFY2(foreign.error().contains("not a RagLens knowledge base"), qPrintable(foreign.error()));
    QFile kept(tmp.filePath("app/manifest.json"));
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), QByteArray("{\"name\": \"My app\"}"));
    // Beside a knowledge base, a folder that only begins like a generation survives
    // re-ingests; the old generations do not.
    const QString kbDir = tmp.filePath("kb");
    QVERIFY(test::buildKb(tmp.filePath("src"), kbDir).ok());
    const QString before = generationOf(kbDir);
    QVERIFY(!before.isEmpty());
    test::writeTextFile(tmp.filePath("kb/gen-notes/keep.txt"), "mine");
    test::writeTextFile(tmp.filePath("src/db/new.md"), "# New\n\nanother document");
    QVERIFY(test::buildKb(tmp.filePath("src"), kbDir).ok());
    QVERIFY(QFile::exists(tmp.filePath("kb/gen-notes/keep.txt")));
    QVERIFY(!QFileInfo::exists(QDir(kbDir).filePath(before)));
    // A knowledge base kept inside its own source folder, first level or deeper: its files
    // are no documents and its folder no category, however often it is ingested again.
    for (const QString& inside : {QStringLiteral("src/kb"), QStringLiteral("src/db/.cache/kb"),
                                  QStringLiteral("src/db/kb")}) {
        const QString own = tmp.filePath(inside);
        auto first = test::buildKb(tmp.filePath("src"), own);
        QVERIFY2(first.ok(), qPrintable(first.ok() ? QString() : first.error()));
        auto again = test::buildKb(tmp.filePath("src"), own);
        QVERIFY(again.ok());
        QCOMPARE(again->categories, first->categories);
        QCOMPARE(again->documents, first->documents);
        QCOMPARE(again->unchanged, first->documents);
        for (const SkippedFile& skipped : again->skipped)
            QVERIFY2(!skipped.path.startsWith(own), qPrintable(skipped.path));
    }
}

void TestKbPersistence::emptySourceFolder()
{
    QTemporaryDir tmp;
    QDir().mkpath(tmp.filePath("src/empty-category"));
    auto s = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"));
    QVERIFY(!s.ok());
    QVERIFY(s.error().contains("no documents"));
    QVERIFY(!QFile::exists(tmp.filePath("kb/manifest.json")));
    auto missing = test::buildKb(tmp.filePath("nope"), tmp.filePath("kb"));
    QVERIFY(!missing.ok());
    QVERIFY(missing.error().contains("does not exist"));
}

void TestKbPersistence::hnswIndex()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    auto s = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"), "hnsw");
    QVERIFY(s.ok());
    QCOMPARE(s->indexType, QString("hnsw"));
    auto kb = KnowledgeBase::open(tmp.filePath("kb"));
    QVERIFY(kb.ok());
    QCOMPARE((*kb)->stats().indexType, QString("hnsw"));
    // Switching the kind back rebuilds even though no file changed.
    auto flat = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"), "flat");
    QCOMPARE(flat->indexType, QString("flat"));
    QCOMPARE((*KnowledgeBase::open(tmp.filePath("kb")))->stats().indexType, QString("flat"));
    QVERIFY(!test::buildKb(tmp.filePath("src"), tmp.filePath("kb"), "ivf").ok());

    // A re-ingest that names no kind asks for the one the knowledge base was built with:
    // before, it went back to "auto", and a small HNSW knowledge base became exact.
    QVERIFY(test::buildKb(tmp.filePath("src"), tmp.filePath("kb"), "hnsw").ok());
    test::writeTextFile(tmp.filePath("src/db/deadlock-1213.md"), "# Changed\n\nNew text.");
    auto kept = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"), QString());
    QVERIFY(kept.ok());
    QCOMPARE(kept->indexType, QString("hnsw"));
    const KbStats stats = (*KnowledgeBase::open(tmp.filePath("kb")))->stats();
    QCOMPARE(stats.indexType, QString("hnsw"));
    QCOMPARE(stats.requestedIndexKind, QString("hnsw"));
    test::writeTextFile(tmp.filePath("src/db/deadlock-1213.md"), "# Changed\n\nOther text.");
    const test::CliResult cli =
        test::runCli({"ingest", "--kb", tmp.filePath("kb"), tmp.filePath("src")});
    QCOMPARE(cli.exitCode, 0);
    JCOMPARE(cli.json["indexType"], "hnsw");
    // A damaged knowledge base is rebuilt as it was asked for, from its manifest alone.
    {
        QFile chunks(
            QDir(tmp.filePath("kb/" + generationOf(tmp.filePath("kb")))).filePath("chunks.bin"));
        QVERIFY(chunks.open(QIODevice::ReadWrite));
        QVERIFY(chunks.resize(10));
    }
    QVERIFY(!KnowledgeBase::open(tmp.filePath("kb")).ok());
    auto repaired = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"), QString());
    QVERIFY(repaired.ok());
    QCOMPARE(repaired->indexType, QString("hnsw"));
    // A manifest from before the request was kept: an HNSW index at a size "auto" keeps
    // exact was asked for by name.
    nlohmann::json m = readManifest(tmp.filePath("kb"));
    m["index"].erase("requested");
    writeManifest(tmp.filePath("kb"), m);
    QCOMPARE((*KnowledgeBase::open(tmp.filePath("kb")))->stats().requestedIndexKind,
             QString("hnsw"));
    // Asked for "auto" again, it is automatic again: exact at this size.
    auto automatic = test::buildKb(tmp.filePath("src"), tmp.filePath("kb"), "auto");
    QCOMPARE(automatic->indexType, QString("flat"));
    QCOMPARE((*KnowledgeBase::open(tmp.filePath("kb")))->stats().requestedIndexKind,
             QString("auto"));
}

void TestKbPersistence::bm25TermsFollowTheManifest()
{
    // New KBs index Porter stems, so another form of a word still matches; a KB from
    // before stemming (no "bm25" in its manifest) keeps matching plain words, queries too.
    QTemporaryDir tmp;
    test::writeTextFile(tmp.filePath("src/db/pool.md"),
                        "# Pool\n\nDatabase connections are pooled by the proxy.");
    test::writeTextFile(tmp.filePath("src/disk/usage.md"), "# Disk\n\nDisk usage grows daily.");
    const QStringList query{QStringLiteral("pooling"), QStringLiteral("connection")};

    QVERIFY(ingestFolder(tmp.filePath("src"), tmp.filePath("stems")).ok());
    QVERIFY(readManifest(tmp.filePath("stems"))["bm25"]["terms"] == "porter");
    auto stems = KnowledgeBase::open(tmp.filePath("stems"));
    QVERIFY(stems.ok());
    QCOMPARE((*stems)->data().bm25.termForm(), Bm25Index::TermForm::PorterStems);
    QCOMPARE((*stems)->data().bm25.score(query).matchedTerms, 2);

    IngestOptions words;
    words.bm25Terms = Bm25Index::TermForm::Words;
    QVERIFY(ingestFolder(tmp.filePath("src"), tmp.filePath("old"), words).ok());
    nlohmann::json m = readManifest(tmp.filePath("old"));
    QVERIFY(m["bm25"]["terms"] == "words");
    m.erase("bm25"); // as written by RagLens before stemming
    writeManifest(tmp.filePath("old"), m);
    auto old = KnowledgeBase::open(tmp.filePath("old"));
    QVERIFY2(old.ok(), old.ok() ? "" : qPrintable(old.error()));
    QCOMPARE((*old)->data().bm25.termForm(), Bm25Index::TermForm::Words);
    QCOMPARE((*old)->data().bm25.score(query).matchedTerms, 0);
    QCOMPARE((*old)->data().bm25.score({QStringLiteral("connections")}).matchedTerms, 1);
}

void TestKbPersistence::cliIngestAndLookup()
{
    QTemporaryDir tmp;
    test::writeKbSource(tmp.filePath("src"));
    const QString kb = tmp.filePath("kb");
    test::CliResult r = test::runCli({"ingest", "--kb", kb, tmp.filePath("src")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.json["documents"].get<int>(), 6);
    QCOMPARE(r.json["categories"].get<int>(), 4);
    QVERIFY(r.json.contains("seconds"));

    r = test::runCli(
        {"lookup", "--kb", kb, "OOM command not allowed when used memory > 'maxmemory'"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.json["evidenceStatus"].get<std::string>(), "EVIDENCE_FOUND");
    QCOMPARE(r.json["relevanceLevel"].get<std::string>(), "PRECISE");
    QCOMPARE(r.json["evidenceBlocks"][0]["evidenceKey"].get<std::string>(),
             "cache/redis-oom#chunk-0");
    QVERIFY(r.json["retrievalTrace"]["attempts"].is_array());

    r = test::runCli({"lookup", "--kb", kb, "--agent", "--top-k", "2", "--mode", "dense",
                      "redis maxmemory eviction policy"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.json.contains("evidence_status"));
    QVERIFY(!r.json.contains("retrievalTrace"));
    QVERIFY(r.json["returned_count"].get<int>() <= 2);

    r = test::runCli({"lookup", "--kb", kb, "--category", "archive", "TNS listener"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.json["retrievalTrace"]["fallbackReason"].get<std::string>(),
             "filtered_vector_no_evidence");

    // "-" reads the query from stdin, for lookup and record alike, without its line end.
    r = test::runCli({"lookup", "--kb", kb, "-"}, "OOM command not allowed\n");
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.json["evidenceBlocks"][0]["evidenceKey"].get<std::string>(),
             "cache/redis-oom#chunk-0");
    const QString db = tmp.filePath("audit.db");
    r = test::runCli({"record", "--kb", kb, "--db", db, "--session", "s-stdin", "-"},
                     "OOM command not allowed\n");
    QCOMPARE(r.exitCode, 0);
    r = test::runCli({"trace", "--db", db, "s-stdin"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.json["runs"][0]["question"].get<std::string>(), "OOM command not allowed");
}

void TestKbPersistence::cliErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("lookup without kb") << QStringList{"lookup", "q"} << 2;
    QTest::newRow("lookup without query") << QStringList{"lookup", "--kb", "/nonexistent"} << 2;
    QTest::newRow("lookup bad mode")
        << QStringList{"lookup", "--kb", "x", "--mode", "bm25", "q"} << 2;
    QTest::newRow("lookup bad top-k")
        << QStringList{"lookup", "--kb", "x", "--top-k", "0", "q"} << 2;
    // An empty category named none: the automatic filter was applied instead, silently.
    QTest::newRow("lookup empty category")
        << QStringList{"lookup", "--kb", "x", "--category", "", "q"} << 2;
    QTest::newRow("record empty category")
        << QStringList{"record", "--kb", "x", "--db", "y", "--category", " ", "q"} << 2;
    QTest::newRow("lookup missing kb")
        << QStringList{"lookup", "--kb", "/nonexistent/kb", "q"} << 1;
    QTest::newRow("ingest bad index")
        << QStringList{"ingest", "--kb", "x", "--index", "ivf", "y"} << 2;
    QTest::newRow("ingest missing source")
        << QStringList{"ingest", "--kb", "/tmp/x-kb", "/nonexistent/src"} << 1;
    QTest::newRow("ingest no source") << QStringList{"ingest", "--kb", "x"} << 2;
}

void TestKbPersistence::cliErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    const test::CliResult r = test::runCli(args);
    QVERIFY(!r.crashed);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY(!r.err.isEmpty());
}

QTEST_GUILESS_MAIN(TestKbPersistence)
#include "tst_kb_persistence.moc"
