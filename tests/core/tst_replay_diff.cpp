// ReplayDiff: a recorded lookup_knowledge invocation compared with a fresh lookup. The
// user reads "what changed" from it, so every field a drift would move is asserted:
// keys gained / lost, ranks, similarities, attempt ladder, relevance and evidence status.

#include "model/vocabulary.h"
#include "replay/recorded_lookup.h"
#include "replay/replay_diff.h"
#include "replay/replay_runner.h"

#include <QTest>

using namespace raglens;
using nlohmann::json;

namespace {

json ragDetails(const QStringList& keys, const QString& selected, const QString& fallback,
                const QString& relevance)
{
    json attempts = json::array();
    if (selected == vocab::kUnfilteredVectorRetry) {
        attempts.push_back({{"name", "FILTERED_VECTOR"},
                            {"category_filter", "mysql"},
                            {"candidate_count", 2},
                            {"usable", false},
                            {"top_similarity", 0.31}});
        attempts.push_back({{"name", "UNFILTERED_VECTOR_RETRY"},
                            {"candidate_count", 5},
                            {"usable", true},
                            {"top_similarity", 0.82}});
    } else {
        attempts.push_back({{"name", selected.toStdString()},
                            {"candidate_count", 5},
                            {"usable", true},
                            {"top_similarity", 0.82}});
    }
    return {
        {"audit_schema", "rag_lookup_v1"},
        {"search_mode", "hybrid"},
        {"selected_attempt", selected.toStdString()},
        {"fallback_reason", fallback.isEmpty() ? json(nullptr) : json(fallback.toStdString())},
        {"category_filter", "mysql"},
        {"evidence_keys", keys},
        {"attempts", attempts},
        {"evidence_status", keys.isEmpty() ? "NO_EVIDENCE" : "EVIDENCE_FOUND"},
        {"relevance_level", relevance.isEmpty() ? json(nullptr) : json(relevance.toStdString())}};
}

TraceInvocation recorded(const QStringList& keys,
                         const QString& selected = vocab::kUnfilteredVectorRetry,
                         const QString& fallback = vocab::kFilteredLowQuality,
                         const QString& relevance = vocab::kPrecise)
{
    TraceInvocation inv;
    inv.id = 42;
    inv.toolName = vocab::kLookupKnowledge;
    inv.relevanceLevel = relevance;
    inv.setRetrievalDetails(ragDetails(keys, selected, fallback, relevance));
    inv.inputParams = {
        {"tool_call_id", "call-1"}, {"query", "pool exhausted"}, {"request_bytes", 30}};
    return inv;
}

LookupResult replayed(const QStringList& keys, const std::vector<double>& qualities,
                      const QString& selected, const QString& fallback, const QString& relevance)
{
    LookupResult r;
    r.query = QStringLiteral("pool exhausted");
    r.retrievalTrace.searchMode = vocab::kModeHybrid;
    r.retrievalTrace.selectedAttempt = selected;
    r.retrievalTrace.fallbackReason = fallback;
    if (!fallback.isEmpty()) {
        RetrievalAttempt f;
        f.name = vocab::kFilteredVector;
        f.categoryFilter = QStringLiteral("mysql");
        f.candidateCount = 1;
        f.topSimilarity = 0.2;
        r.retrievalTrace.attempts.push_back(f);
        r.retrievalTrace.queryHints.categoryFilter = QStringLiteral("mysql");
    }
    RetrievalAttempt a;
    a.name = selected;
    a.usable = true;
    a.candidateCount = int(keys.size());
    a.topSimilarity = qualities.empty() ? 0 : qualities.front();
    r.retrievalTrace.attempts.push_back(a);
    for (int i = 0; i < keys.size(); ++i) {
        EvidenceBlock b;
        b.evidenceKey = keys.at(i);
        b.source = keys.at(i).section(QLatin1Char('#'), 0, 0);
        b.quality = qualities.at(size_t(i));
        b.rank = i + 1;
        r.evidenceBlocks.push_back(b);
    }
    r.relevanceLevel = relevance;
    r.evidenceStatus = keys.isEmpty() ? vocab::kNoEvidence : vocab::kEvidenceFound;
    return r;
}

const ReplayKeyChange* keyChange(const ReplayDiff& d, const QString& key)
{
    for (const ReplayKeyChange& k : d.keys)
        if (k.evidenceKey == key)
            return &k;
    return nullptr;
}

} // namespace

class TestReplayDiff : public QObject
{
    Q_OBJECT
private slots:
    void keysGainedLostAndRanks_data();
    void keysGainedLostAndRanks();
    void identicalReplayHasNoChanges();
    void attemptLadderChange();
    void fullTraceGivesQualities();
    void legacyAndMalformedRowsAreNotes();
    void jsonShape();
    void replayRequest_data();
    void replayRequest();
};

void TestReplayDiff::keysGainedLostAndRanks_data()
{
    QTest::addColumn<QStringList>("recordedKeys");
    QTest::addColumn<QStringList>("replayedKeys");
    QTest::addColumn<QStringList>("gained");
    QTest::addColumn<QStringList>("lost");
    QTest::addColumn<int>("rankChanges");

    const QString a = QStringLiteral("mysql/pool#chunk-0"),
                  b = QStringLiteral("mysql/pool#chunk-1"), c = QStringLiteral("jvm/gc#chunk-2"),
                  d = QStringLiteral("redis/oom#chunk-0");
    QTest::newRow("same") << QStringList{a, b} << QStringList{a, b} << QStringList{}
                          << QStringList{} << 0;
    QTest::newRow("swapped") << QStringList{a, b} << QStringList{b, a} << QStringList{}
                             << QStringList{} << 2;
    QTest::newRow("drift") << QStringList{a, b, c} << QStringList{b, d, a} << QStringList{d}
                           << QStringList{c} << 2;
    QTest::newRow("all lost") << QStringList{a, b} << QStringList{} << QStringList{}
                              << QStringList{a, b} << 0;
    QTest::newRow("all gained") << QStringList{} << QStringList{c} << QStringList{c}
                                << QStringList{} << 0;
}

void TestReplayDiff::keysGainedLostAndRanks()
{
    QFETCH(QStringList, recordedKeys);
    QFETCH(QStringList, replayedKeys);
    QFETCH(QStringList, gained);
    QFETCH(QStringList, lost);
    QFETCH(int, rankChanges);

    std::vector<double> qualities;
    for (int i = 0; i < replayedKeys.size(); ++i)
        qualities.push_back(0.9 - 0.1 * i);
    const ReplayDiff d = compareWithRecorded(
        recorded(recordedKeys), replayed(replayedKeys, qualities, vocab::kUnfilteredVectorRetry,
                                         vocab::kFilteredLowQuality, vocab::kPrecise));
    QCOMPARE(d.keysGained, gained);
    QCOMPARE(d.keysLost, lost);
    QCOMPARE(d.rankChanges(), rankChanges);
    QCOMPARE(d.basis, QStringLiteral("rag_lookup_v1"));
    QCOMPARE(int(d.keys.size()), int(recordedKeys.size() + gained.size()));
    const bool changed = !gained.isEmpty() || !lost.isEmpty() || rankChanges > 0 ||
                         recordedKeys.isEmpty() != replayedKeys.isEmpty();
    QCOMPARE(d.hasChanges(), changed);
}

void TestReplayDiff::identicalReplayHasNoChanges()
{
    const QStringList keys{QStringLiteral("k#chunk-0"), QStringLiteral("k#chunk-1")};
    const ReplayDiff d = compareWithRecorded(
        recorded(keys), replayed(keys, {0.82, 0.6}, vocab::kUnfilteredVectorRetry,
                                 vocab::kFilteredLowQuality, vocab::kPrecise));
    QVERIFY(!d.hasChanges());
    QVERIFY(!d.selectedAttempt.changed());
    QVERIFY(!d.fallbackReason.changed());
    QVERIFY(!d.relevanceLevel.changed());
    QVERIFY(!d.evidenceStatus.changed());
    QCOMPARE(d.keysKept, keys);
    // The bounded row records no per-key quality: the delta is unknown, not zero.
    QVERIFY(!keyChange(d, keys.first())->qualityDelta());
    QCOMPARE(*keyChange(d, keys.first())->rankDelta(), 0);
}

void TestReplayDiff::attemptLadderChange()
{
    // Recorded: filtered attempt was poor, the retry was selected (fallback). Replayed: the
    // filtered attempt is good now, no retry, lower relevance.
    const QStringList keys{QStringLiteral("k#chunk-0")};
    const ReplayDiff d =
        compareWithRecorded(recorded(keys), replayed(keys, {0.5}, vocab::kFilteredVector, QString(),
                                                     vocab::kReference));
    QVERIFY(d.hasChanges());
    QCOMPARE(d.selectedAttempt.recorded, vocab::kUnfilteredVectorRetry);
    QCOMPARE(d.selectedAttempt.replayed, vocab::kFilteredVector);
    QCOMPARE(d.fallbackReason.recorded, vocab::kFilteredLowQuality);
    QVERIFY(d.fallbackReason.replayed.isEmpty());
    QCOMPARE(d.relevanceLevel.recorded, vocab::kPrecise);
    QCOMPARE(d.relevanceLevel.replayed, vocab::kReference);

    QCOMPARE(int(d.attempts.size()), 2);
    const ReplayAttemptChange& filtered = d.attempts[0];
    QCOMPARE(filtered.name, vocab::kFilteredVector);
    QVERIFY(filtered.recorded && filtered.replayed);
    QCOMPARE(*filtered.recordedTopSimilarity, 0.31);
    QCOMPARE(*filtered.replayedTopSimilarity, 0.5);
    QVERIFY(qAbs(*filtered.similarityDelta() - 0.19) < 1e-9);
    const ReplayAttemptChange& retry = d.attempts[1];
    QCOMPARE(retry.name, vocab::kUnfilteredVectorRetry);
    QVERIFY(retry.recorded);
    QVERIFY(!retry.replayed);
    QCOMPARE(*d.recordedBestQuality, 0.82);
    QCOMPARE(*d.replayedBestQuality, 0.5);
}

void TestReplayDiff::fullTraceGivesQualities()
{
    TraceInvocation inv = recorded({QStringLiteral("stale#chunk-0")});
    // The sample is the truth when present: it wins over the bounded row.
    const LookupResult full =
        replayed({QStringLiteral("a#chunk-0"), QStringLiteral("b#chunk-0")}, {0.8, 0.6},
                 vocab::kUnfilteredVector, QString(), vocab::kPrecise);
    LookupResult withQuery = full;
    withQuery.query = QStringLiteral("the whole, untruncated question");
    inv.fullTrace = withQuery;
    const ReplayDiff d = compareWithRecorded(
        inv, replayed({QStringLiteral("b#chunk-0"), QStringLiteral("a#chunk-0")}, {0.75, 0.7},
                      vocab::kUnfilteredVector, QString(), vocab::kPrecise));
    QCOMPARE(d.basis, QStringLiteral("full_trace"));
    QVERIFY(d.keysLost.isEmpty());
    QVERIFY(d.keysGained.isEmpty());
    const ReplayKeyChange* a = keyChange(d, QStringLiteral("a#chunk-0"));
    QVERIFY(a);
    QCOMPARE(*a->rankDelta(), -1);
    QVERIFY(qAbs(*a->qualityDelta() - (0.7 - 0.8)) < 1e-9);
    const ReplayKeyChange* b = keyChange(d, QStringLiteral("b#chunk-0"));
    QCOMPARE(*b->rankDelta(), 1);
    QVERIFY(qAbs(*b->qualityDelta() - (0.75 - 0.6)) < 1e-9);

    const RecordedLookup rec = recordedLookupOf(inv);
    QCOMPARE(rec.query, QStringLiteral("the whole, untruncated question"));
    QVERIFY(!rec.queryMayBeTruncated);
}

void TestReplayDiff::legacyAndMalformedRowsAreNotes()
{
    TraceInvocation legacy;
    legacy.id = 700;
    legacy.toolName = vocab::kLookupKnowledge;
    legacy.legacyRelevanceLevel = true;
    legacy.legacyRelevanceValue = vocab::kNoEvidence;
    legacy.inputParams = {{"query", "old question"}};
    // The details' own copy of the level is not the row's: the trace reads the column, a
    // legacy row's as no level (before, replay and compare said PRECISE beside that note).
    legacy.setRetrievalDetails({{"audit_schema", "rag_lookup_v1"},
                                {"evidence_status", "NO_EVIDENCE"},
                                {"relevance_level", "PRECISE"}});
    const ReplayDiff d =
        compareWithRecorded(legacy, replayed({QStringLiteral("x#chunk-0")}, {0.9},
                                             vocab::kUnfilteredVector, QString(), vocab::kPrecise));
    QCOMPARE(d.evidenceStatus.recorded, vocab::kNoEvidence);
    QCOMPARE(d.evidenceStatus.replayed, vocab::kEvidenceFound);
    QVERIFY(d.relevanceLevel.recorded.isEmpty());
    QCOMPARE(d.keysGained, QStringList{QStringLiteral("x#chunk-0")});
    QVERIFY(!d.notes.isEmpty());

    TraceInvocation broken = legacy;
    broken.legacyRelevanceLevel = false;
    broken.setRetrievalDetails(nullptr);
    broken.retrievalDetailsRaw = QStringLiteral("{\"audit_schema\":\"rag_lookup_v1\",\"evid");
    broken.retrievalDetailsError = QStringLiteral("unexpected end of input");
    broken.fullTrace = json("{\"evidenceBlocks\": [");
    const ReplayDiff d2 = compareWithRecorded(
        broken, replayed({}, {}, vocab::kUnfilteredVector, QString(), QString()));
    QCOMPARE(d2.notes.size(), 2); // unreadable sample + malformed details
    QCOMPARE(d2.basis, QStringLiteral("rag_lookup_v1"));

    // A replay that failed says why: an ERROR is not read as a retrieval regression when the
    // local knowledge base lacks the recorded category.
    LookupResult failed = replayed({}, {}, vocab::kUnfilteredVector, QString(), QString());
    failed.evidenceStatus = vocab::kError;
    failed.errorMessage = QStringLiteral("unknown category \"payments\"");
    const ReplayDiff d3 = compareWithRecorded(legacy, failed);
    QVERIFY2(d3.notes.join(QLatin1Char(' ')).contains(QLatin1String("unknown category")),
             qPrintable(d3.notes.join(QLatin1Char(' '))));
}

void TestReplayDiff::jsonShape()
{
    const ReplayDiff d = compareWithRecorded(
        recorded({QStringLiteral("a#chunk-0"), QStringLiteral("c#chunk-0")}),
        replayed({QStringLiteral("b#chunk-0"), QStringLiteral("a#chunk-0")}, {0.9, 0.8},
                 vocab::kUnfilteredVector, QString(), vocab::kPrecise));
    const json j = d;
    QCOMPARE(j["invocationId"].get<qint64>(), qint64(42));
    QCOMPARE(j["hasChanges"].get<bool>(), true);
    QVERIFY(j["keysGained"] == json::array({"b#chunk-0"}));
    QVERIFY(j["keysLost"] == json::array({"c#chunk-0"}));
    QVERIFY(j["selectedAttempt"]["recorded"] == json("UNFILTERED_VECTOR_RETRY"));
    QVERIFY(j["selectedAttempt"]["replayed"] == json("UNFILTERED_VECTOR"));
    QVERIFY(j["selectedAttempt"]["changed"] == json(true));
    QVERIFY(j["fallbackReason"]["replayed"].is_null());
    QVERIFY(j["keys"][0]["evidenceKey"] == json("a#chunk-0"));
    QVERIFY(j["keys"][0]["rankDelta"] == json(-1));
    QVERIFY(j["keys"][1]["change"] == json("lost"));
    QVERIFY(j["keys"][2]["change"] == json("gained"));
    QVERIFY(j["keys"][0]["qualityDelta"].is_null());
}

void TestReplayDiff::replayRequest_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("paramsJson");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("category");
    QTest::addColumn<bool>("autoCategory");
    QTest::addColumn<int>("topK");

    QTest::newRow("plain") << vocab::kLookupKnowledge
                           << R"({"query":"redis oom","tool_call_id":"c"})" << true << QString()
                           << true << 0;
    QTest::newRow("explicit category")
        << vocab::kLookupKnowledge << R"({"query":"q","category":"redis","top_k":3})" << true
        << QStringLiteral("redis") << false << 3;
    QTest::newRow("no query") << vocab::kLookupKnowledge << R"({"tool_call_id":"c"})" << false
                              << QString() << true << 0;
    QTest::newRow("other tool") << QStringLiteral("query_metrics") << R"({"query":"cpu"})" << false
                                << QString() << true << 0;
}

void TestReplayDiff::replayRequest()
{
    QFETCH(QString, tool);
    QFETCH(QString, paramsJson);
    QFETCH(bool, ok);
    QFETCH(QString, category);
    QFETCH(bool, autoCategory);
    QFETCH(int, topK);
    TraceInvocation inv;
    inv.id = 7;
    inv.toolName = tool;
    inv.inputParams = json::parse(paramsJson.toStdString());
    inv.setRetrievalDetails(ragDetails({}, vocab::kUnfilteredVector, QString(), QString()));
    const Expected<LookupRequest> r = replayRequestFor(inv);
    QCOMPARE(r.ok(), ok);
    if (!ok) {
        QVERIFY(r.error().contains(QStringLiteral("7")));
        return;
    }
    QCOMPARE(r->category, category);
    QCOMPARE(r->autoCategory, autoCategory);
    QCOMPARE(r->topK, topK);
    QCOMPARE(r->searchMode, vocab::kModeHybrid);
}

QTEST_GUILESS_MAIN(TestReplayDiff)
#include "tst_replay_diff.moc"
