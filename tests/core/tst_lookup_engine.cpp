// The lookup_knowledge decisions a user sees in the trace: filter + retry paths,
// no-evidence, relevance levels, de-duplication, context-pack truncation, bad queries.

#include "kb/knowledge_base.h"
#include "lookup/evidence_post_processor.h"
#include "lookup/lookup_engine.h"
#include "model/vocabulary.h"
#include "support/cli_runner.h"
#include "support/kb_fixture.h"

#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace raglens;

class TestLookupEngine : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void decoyCategoryForcesLowQualityRetry();
    void emptyCategoryForcesNoEvidenceRetry();
    void outOfDomainIsNoEvidence_data();
    void outOfDomainIsNoEvidence();
    void quotedErrorIsPrecise();
    void explicitCategoryFilter();
    void unfilteredWhenNoDomain();
    void denseModeIsRecorded();
    void relevanceLevels_data();
    void relevanceLevels();
    void deduplication();
    void contextPackTruncation();
    void topKLimitsBlocks();
    void badRequests_data();
    void badRequests();
    void longQueryIsSearchedByItsHead();
    void concurrentLookupsAgree();
    void demoKbPaths_data();
    void demoKbPaths();

private:
    LookupResult run(const QString& query, const QString& category = {}) const
    {
        LookupRequest r;
        r.query = query;
        r.category = category;
        return m_engine->lookup(r);
    }
    QTemporaryDir m_tmp;
    std::shared_ptr<KnowledgeBase> m_kb;
    std::unique_ptr<LookupEngine> m_engine;
};

void TestLookupEngine::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    test::writeKbSource(m_tmp.filePath("src"));
    auto summary = test::buildKb(m_tmp.filePath("src"), m_tmp.filePath("kb"));
    QVERIFY2(summary.ok(), qPrintable(summary.ok() ? QString() : summary.error()));
    auto kb = KnowledgeBase::open(m_tmp.filePath("kb"));
    QVERIFY(kb.ok());
    m_kb = *kb;
    m_engine = std::make_unique<LookupEngine>(m_kb);
}

void TestLookupEngine::decoyCategoryForcesLowQualityRetry()
{
    const LookupResult r = run("HikariCP connection pool exhausted: Connection is not available, "
                               "request timed out after 30000ms");
    const RetrievalTrace& t = r.retrievalTrace;
    QCOMPARE(t.queryHints.categoryFilter, QString("legacy-pools"));
    QCOMPARE(int(t.attempts.size()), 2);
    QCOMPARE(t.attempts[0].name, vocab::kFilteredVector);
    QVERIFY(t.attempts[0].candidateCount > 0);
    QVERIFY(!t.attempts[0].usable);
    QVERIFY(t.attempts[0].topSimilarity < r.settings.minUsableQuality);
    QCOMPARE(t.attempts[1].name, vocab::kUnfilteredVectorRetry);
    QVERIFY(t.attempts[1].usable);
    QCOMPARE(t.selectedAttempt, vocab::kUnfilteredVectorRetry);
    QCOMPARE(t.fallbackReason, vocab::kFilteredLowQuality);
    QCOMPARE(r.evidenceStatus, vocab::kEvidenceFound);
    QCOMPARE(r.evidenceBlocks.front().source, QString("db/hikari-pool-timeout"));
    QVERIFY(t.queryHints.matchedKeywords.contains("connection pool"));
    QVERIFY(t.queryHints.l0MatchCount >= 2);
}

void TestLookupEngine::emptyCategoryForcesNoEvidenceRetry()
{
    const LookupResult r = run("ORA-12541: TNS:no listener from the Oracle client");
    const RetrievalTrace& t = r.retrievalTrace;
    QCOMPARE(t.queryHints.categoryFilter, QString("archive"));
    QVERIFY(t.queryHints.entities.contains("ORA-12541"));
    QCOMPARE(t.attempts[0].candidateCount, 0);
    QCOMPARE(t.fallbackReason, vocab::kFilteredNoEvidence);
    QCOMPARE(t.selectedAttempt, vocab::kUnfilteredVectorRetry);
}

void TestLookupEngine::outOfDomainIsNoEvidence_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("sap") << "How do I reset my SAP GUI password?";
    QTest::newRow("weather") << "What will the weather be in Paris tomorrow?";
    QTest::newRow("zh") << QString::fromUtf8("公司年假政策是怎样规定的");
}

void TestLookupEngine::outOfDomainIsNoEvidence()
{
    QFETCH(QString, query);
    const LookupResult r = run(query);
    QCOMPARE(r.evidenceStatus, vocab::kNoEvidence);
    QVERIFY(r.evidenceBlocks.empty());
    QVERIFY(r.relevanceLevel.isEmpty());
    QVERIFY(!r.completenessHint.isEmpty());
    for (const DroppedCandidate& d : r.rerankTrace.dropped)
        QCOMPARE(d.reason, QString("below_min_quality"));
}

void TestLookupEngine::quotedErrorIsPrecise()
{
    const LookupResult r = run(
        "ERROR 1213 (40001): Deadlock found when trying to get lock; try restarting transaction");
    QCOMPARE(r.relevanceLevel, vocab::kPrecise);
    QCOMPARE(r.evidenceBlocks.front().source, QString("db/deadlock-1213"));
    QVERIFY(r.retrievalTrace.queryHints.entities.contains("ERROR 1213"));
}

void TestLookupEngine::explicitCategoryFilter()
{
    const LookupResult r = run("eviction policy", "cache");
    QCOMPARE(r.retrievalTrace.attempts.front().name, vocab::kFilteredVector);
    QCOMPARE(r.retrievalTrace.attempts.front().categoryFilter, QString("cache"));
    for (const AttemptCandidate& c : r.retrievalTrace.attempts.front().candidates)
        QCOMPARE(c.category, QString("cache"));
}

void TestLookupEngine::unfilteredWhenNoDomain()
{
    LookupRequest req;
    req.query = "redis maxmemory eviction";
    req.autoCategory = false;
    const LookupResult r = m_engine->lookup(req);
    QCOMPARE(int(r.retrievalTrace.attempts.size()), 1);
    QCOMPARE(r.retrievalTrace.selectedAttempt, vocab::kUnfilteredVector);
    QVERIFY(r.retrievalTrace.fallbackReason.isEmpty());
    QVERIFY(r.retrievalTrace.queryHints.categoryFilter.isEmpty());
}

void TestLookupEngine::denseModeIsRecorded()
{
    LookupRequest req;
    req.query = "redis maxmemory eviction policy";
    req.searchMode = vocab::kModeDense;
    const LookupResult r = m_engine->lookup(req);
    QCOMPARE(r.retrievalTrace.searchMode, vocab::kModeDense);
    for (const AttemptCandidate& c : r.retrievalTrace.attempts.back().candidates)
        QCOMPARE(c.bm25Score, 0.0);
    QCOMPARE(r.evidenceBlocks.front().source, QString("cache/redis-oom"));
}

void TestLookupEngine::relevanceLevels_data()
{
    QTest::addColumn<double>("quality");
    QTest::addColumn<QString>("level");
    const LookupSettings s;
    QTest::newRow("precise at bar") << s.preciseQuality << vocab::kPrecise;
    QTest::newRow("just below precise") << s.preciseQuality - 0.001 << vocab::kReference;
    QTest::newRow("reference at bar") << s.referenceQuality << vocab::kReference;
    QTest::newRow("below reference") << s.referenceQuality - 0.001 << QString();
}

void TestLookupEngine::relevanceLevels()
{
    QFETCH(double, quality);
    QFETCH(QString, level);
    QCOMPARE(EvidencePostProcessor::relevanceFor(quality, LookupSettings{}), level);
}

void TestLookupEngine::deduplication()
{
    // A hand-made candidate list over real chunks: the same chunk twice, an adjacent chunk,
    // a near-identical chunk of another source, one too many for top-k, one too weak.
    QTemporaryDir tmp;
    const QString para = "Redis maxmemory eviction allkeys-lru noeviction policy big keys. ";
    test::writeTextFile(
        tmp.filePath("src/c/a.md"),
        ("# A\n\n## One\n\n" + para.repeated(14) + "\n\n## Two\n\n" +
         QString("Second section about replication lag and failover. ").repeated(14))
            .toUtf8());
    test::writeTextFile(tmp.filePath("src/c/b.md"),
                        ("# A\n\n## One\n\n" + para.repeated(14)).toUtf8());
    QVERIFY(test::buildKb(tmp.filePath("src"), tmp.filePath("kb")).ok());
    auto kb = KnowledgeBase::open(tmp.filePath("kb"));
    QVERIFY(kb.ok());
    QVERIFY((*kb)->chunksOf("c/a").size() >= 2);

    auto cand = [](const QString& key, double q) {
        AttemptCandidate c;
        c.evidenceKey = key;
        c.source = key.section('#', 0, 0);
        c.category = "c";
        c.quality = c.score = q;
        return c;
    };
    std::vector<AttemptCandidate> cands{cand("c/a#chunk-0", 0.9), cand("c/a#chunk-0", 0.9),
                                        cand("c/a#chunk-1", 0.8), cand("c/b#chunk-0", 0.7),
                                        cand("c/x#chunk-9", 0.05)};
    LookupResult r;
    LookupSettings s;
    s.topK = 2;
    EvidencePostProcessor::process((*kb)->data(), cands, s, r);
    QCOMPARE(int(r.evidenceBlocks.size()), 1);
    QCOMPARE(r.rerankTrace.inputCount, 5);
    QStringList reasons;
    for (const DroppedCandidate& d : r.rerankTrace.dropped) {
        reasons << d.reason;
        if (d.reason != "below_min_quality")
            QCOMPARE(d.keptEvidenceKey, QString("c/a#chunk-0"));
    }
    QCOMPARE(reasons,
             QStringList({"same_chunk", "adjacent_chunk", "near_duplicate", "below_min_quality"}));
    QCOMPARE(r.rerankTrace.dedupReason, QString("same_chunk,adjacent_chunk,near_duplicate"));

    // Without duplicates, the extra candidate loses to top-k.
    LookupResult r2;
    EvidencePostProcessor::process((*kb)->data(),
                                   {cand("c/a#chunk-1", 0.8), cand("c/a#chunk-0", 0.6)}, s, r2);
    QCOMPARE(r2.rerankTrace.dropped.size(), size_t(1));
    QCOMPARE(r2.rerankTrace.dropped[0].reason, QString("adjacent_chunk"));
}

void TestLookupEngine::contextPackTruncation()
{
    LookupRequest req;
    req.query = "HikariCP connection is not available request timed out maximumPoolSize";
    LookupSettings s = m_kb->settings();
    s.contextBudgetChars = 400;
    req.settingsOverride = s;
    const LookupResult r = m_engine->lookup(req);
    QVERIFY(!r.evidenceBlocks.empty());
    QVERIFY(r.contextPack.truncated);
    QVERIFY(r.contextPack.usedChars <= 400);
    QCOMPARE(r.contextPack.usedChars, int(r.contextPack.text.size()));
    QCOMPARE(r.contextPack.budgetChars, 400);
    QVERIFY(r.completenessHint.contains("cut"));

    s.contextBudgetChars = 100000;
    req.settingsOverride = s;
    const LookupResult full = m_engine->lookup(req);
    QVERIFY(!full.contextPack.truncated);
    QCOMPARE(full.contextPack.includedBlocks, int(full.evidenceBlocks.size()));
}

void TestLookupEngine::topKLimitsBlocks()
{
    LookupRequest req;
    req.query = "redis latency big keys eviction maxmemory";
    req.topK = 1;
    const LookupResult r = m_engine->lookup(req);
    QCOMPARE(int(r.evidenceBlocks.size()), 1);
    QCOMPARE(r.settings.topK, 1);
}

void TestLookupEngine::badRequests_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("status");
    QTest::newRow("empty") << ""
                           << ""
                           << "" << vocab::kError;
    QTest::newRow("blank") << "   \n "
                           << ""
                           << "" << vocab::kError;
    QTest::newRow("bad mode") << "redis"
                              << "sparse"
                              << "" << vocab::kError;
    QTest::newRow("unknown category") << "redis"
                                      << ""
                                      << "nope" << vocab::kError;
    // Nothing a search can match: an error of the question, as a blank one is. Before, these
    // were NO_EVIDENCE with the hint that the knowledge base has nothing on the subject, and
    // counted in the empty-retrieval rate.
    QTest::newRow("punctuation only") << "?!?"
                                      << ""
                                      << "" << vocab::kError;
    QTest::newRow("stop words only") << "how do I"
                                     << ""
                                     << "" << vocab::kError;
    QTest::newRow("symbols only") << QString::fromUtf8("😀🔥💾") << ""
                                  << "" << vocab::kError;
    QTest::newRow("a Chinese particle only") << QString::fromUtf8("的") << ""
                                             << "" << vocab::kError;
    QTest::newRow("one word") << "redis"
                              << ""
                              << "" << vocab::kEvidenceFound;
}

void TestLookupEngine::badRequests()
{
    QFETCH(QString, query);
    QFETCH(QString, mode);
    QFETCH(QString, category);
    QFETCH(QString, status);
    LookupRequest req;
    req.query = query;
    req.searchMode = mode;
    req.category = category;
    const LookupResult r = m_engine->lookup(req);
    QCOMPARE(r.evidenceStatus, status);
    if (status == vocab::kError)
        QVERIFY(!r.errorMessage.isEmpty());
    if (QString(QTest::currentDataTag()).contains(QLatin1String("only")))
        QVERIFY2(r.errorMessage.contains(QLatin1String("no words to search for")),
                 qPrintable(r.errorMessage));
}

void TestLookupEngine::longQueryIsSearchedByItsHead()
{
    const QString query = "redis maxmemory OOM command not allowed " + QString("x ").repeated(5000);
    QCOMPARE(query.size() > 10000, true);
    const LookupResult r = run(query);
    QVERIFY(r.evidenceStatus != vocab::kError);
    QVERIFY(!r.retrievalTrace.queryHints.rewrittenQuery.isEmpty());
    QVERIFY(r.retrievalTrace.queryHints.rewrittenQuery.size() < query.size());
}

void TestLookupEngine::concurrentLookupsAgree()
{
    const QString q = "Deadlock found when trying to get lock";
    const LookupResult ref = run(q);
    QList<QFuture<LookupResult>> futures;
    for (int i = 0; i < 8; ++i)
        futures << QtConcurrent::run([this, q] { return run(q); });
    for (auto& f : futures) {
        const LookupResult r = f.result();
        QCOMPARE(r.evidenceBlocks.size(), ref.evidenceBlocks.size());
        QCOMPARE(r.evidenceBlocks.front().evidenceKey, ref.evidenceBlocks.front().evidenceKey);
        QCOMPARE(r.evidenceBlocks.front().quality, ref.evidenceBlocks.front().quality);
    }
}

void TestLookupEngine::demoKbPaths_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("selected");
    QTest::addColumn<QString>("fallback");
    QTest::addColumn<QString>("status");
    QTest::newRow("decoy") << "HikariCP connection pool exhausted: Connection is not available, "
                              "request timed out after 30000ms"
                           << vocab::kUnfilteredVectorRetry << vocab::kFilteredLowQuality
                           << vocab::kEvidenceFound;
    QTest::newRow("empty category") << "ORA-12541: TNS:no listener" << vocab::kUnfilteredVectorRetry
                                    << vocab::kFilteredNoEvidence << vocab::kEvidenceFound;
    QTest::newRow("out of domain") << "How do I reset my SAP GUI password?"
                                   << vocab::kUnfilteredVector << QString() << vocab::kNoEvidence;
}

void TestLookupEngine::demoKbPaths()
{
    // The shipped demo KB must really exercise both retry paths with default settings.
    static std::shared_ptr<KnowledgeBase> demo;
    static QTemporaryDir dir;
    if (!demo) {
        QVERIFY(test::buildKb(test::sourcePath("resources/demo/kb"), dir.filePath("kb")).ok());
        demo = *KnowledgeBase::open(dir.filePath("kb"));
    }
    QFETCH(QString, query);
    QFETCH(QString, selected);
    QFETCH(QString, fallback);
    QFETCH(QString, status);
    LookupRequest req;
    req.query = query;
    const LookupResult r = LookupEngine(demo).lookup(req);
    QCOMPARE(r.retrievalTrace.selectedAttempt, selected);
    QCOMPARE(r.retrievalTrace.fallbackReason, fallback);
    QCOMPARE(r.evidenceStatus, status);
}

QTEST_GUILESS_MAIN(TestLookupEngine)
#include "tst_lookup_engine.moc"
