// What the agent is shown: RagResultProjector output, never the trace.

#include "lookup/rag_result_projector.h"
#include "model/vocabulary.h"

#include <QTest>

using namespace raglens;

namespace {

LookupResult resultWith(int blocks, int contentChars, int includedBlocks, bool packTruncated)
{
    LookupResult r;
    r.evidenceStatus = blocks ? vocab::kEvidenceFound : vocab::kNoEvidence;
    r.relevanceLevel = blocks ? vocab::kReference : QString();
    r.completenessHint = "hint";
    r.retrievalTrace.selectedAttempt = vocab::kUnfilteredVector;
    for (int i = 0; i < blocks; ++i) {
        EvidenceBlock b;
        b.evidenceKey = QString("doc%1#chunk-0").arg(i);
        b.source = QString("doc%1").arg(i);
        b.content = QString("word ").repeated(contentChars / 5);
        b.quality = 0.9 - 0.1 * i;
        b.rank = i + 1;
        r.evidenceBlocks.push_back(b);
    }
    r.contextPack.budgetChars = 6000;
    r.contextPack.includedBlocks = includedBlocks;
    r.contextPack.truncated = packTruncated;
    return r;
}

} // namespace

class TestLookupProjector : public QObject
{
    Q_OBJECT
private slots:
    void projection_data();
    void projection();
    void wireFormatHidesTrace();
    void errorIsProjected();
};

void TestLookupProjector::projection_data()
{
    QTest::addColumn<int>("blocks");
    QTest::addColumn<int>("chars");
    QTest::addColumn<int>("included");
    QTest::addColumn<bool>("packTruncated");
    QTest::addColumn<int>("returned");
    QTest::addColumn<bool>("truncated");
    QTest::newRow("short blocks, all fit") << 3 << 100 << 3 << false << 3 << false;
    QTest::newRow("long block is excerpted") << 1 << 2000 << 1 << false << 1 << true;
    QTest::newRow("pack dropped a block") << 3 << 100 << 2 << true << 2 << true;
    QTest::newRow("no evidence") << 0 << 0 << 0 << false << 0 << false;
}

void TestLookupProjector::projection()
{
    QFETCH(int, blocks);
    QFETCH(int, chars);
    QFETCH(int, included);
    QFETCH(bool, packTruncated);
    QFETCH(int, returned);
    QFETCH(bool, truncated);
    const LookupResult r = resultWith(blocks, chars, included, packTruncated);
    const RagToolResult p = RagResultProjector::project(r);
    QCOMPARE(p.returnedCount, returned);
    QCOMPARE(int(p.evidence.size()), returned);
    QCOMPARE(p.truncated, truncated);
    QCOMPARE(p.evidenceStatus, r.evidenceStatus);
    QCOMPARE(p.relevanceLevel, r.relevanceLevel);
    for (const RagEvidenceExcerpt& e : p.evidence)
        QVERIFY(e.excerpt.size() <= r.settings.excerptChars + 1);
    if (returned)
        QCOMPARE(p.evidence.front().evidenceKey, QString("doc0#chunk-0"));
}

void TestLookupProjector::wireFormatHidesTrace()
{
    const nlohmann::json j = RagResultProjector::project(resultWith(0, 0, 0, false));
    QVERIFY(!j.contains("relevance_level")); // null level is omitted
    QVERIFY(!j.contains("retrievalTrace") && !j.contains("attempts"));
    QCOMPARE(j["evidence_status"].get<std::string>(), "NO_EVIDENCE");
    const nlohmann::json found = RagResultProjector::project(resultWith(2, 50, 2, false));
    QCOMPARE(found["relevance_level"].get<std::string>(), "REFERENCE");
    QCOMPARE(found["returned_count"].get<int>(), 2);
    QVERIFY(found.dump().find("UNFILTERED_VECTOR") == std::string::npos);
}

void TestLookupProjector::errorIsProjected()
{
    LookupResult r;
    r.evidenceStatus = vocab::kError;
    r.errorMessage = "the query is empty";
    const RagToolResult p = RagResultProjector::project(r);
    QCOMPARE(p.evidenceStatus, vocab::kError);
    QCOMPARE(p.errorMessage, QString("the query is empty"));
    QVERIFY(p.evidence.empty());
}

QTEST_GUILESS_MAIN(TestLookupProjector)
#include "tst_lookup_projector.moc"
