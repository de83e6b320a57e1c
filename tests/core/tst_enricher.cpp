// RagLookupAuditEnricher: the bounded rag_lookup_v1 row, field by field (DESIGN §3).

#include "audit/rag_lookup_audit_enricher.h"
#include "audit/tool_invocation_audit_event.h"
#include "model/vocabulary.h"
#include "support/audit_fixtures.h"

#include <QTest>

using namespace raglens;
using nlohmann::json;

static const QString kQuery = QStringLiteral(
    "SECRET-QUERY-TEXT HikariPool-1 - Connection is not available, request timed out after "
    "30000ms on db-primary.internal:3306 while the order service was under load and every "
    "request thread waited for a connection");

static ToolInvocationAuditEvent lookupEvent(const LookupResult& r, bool success = true)
{
    ToolInvocationAuditEvent e;
    e.sessionId = QStringLiteral("s-1");
    e.runId = QStringLiteral("r-1");
    e.stepId = 7;
    e.toolCallId = QStringLiteral("call-r-1-0-1");
    e.toolName = vocab::kLookupKnowledge;
    e.requestParams = {{"query", kQuery}, {"api_key", "sk-live"}, {"top_k", 5}};
    e.rawResult = r;
    e.agentResult = {{"evidence_status", r.evidenceStatus}, {"truncated", false}};
    e.success = success;
    e.errorMessage = success ? QString() : QStringLiteral("engine failed\nwith detail");
    e.durationMs = 41;
    e.requestBytes = jsonBytes(e.requestParams);
    e.resultBytes = jsonBytes(e.agentResult);
    e.createdAt = QDateTime(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);
    return e;
}

class TestEnricher : public QObject
{
    Q_OBJECT

private slots:
    void columns();
    void detailsFields();
    void attemptsCarryNoQueryOrCandidates();
    void noQueryOrChunkText();
    void relevanceLevelOnlyPreciseOrReference_data();
    void relevanceLevelOnlyPreciseOrReference();
    void boundedForHugeLookups();
    void noEvidenceLookup();
    void failedLookup();
    void harnessToolThinRow_data();
    void harnessToolThinRow();
    void timelineDetailsThin();
};

void TestEnricher::columns()
{
    const ToolInvocationRecord row =
        RagLookupAuditEnricher::enrich(lookupEvent(test::retryLookup(kQuery, 6)));
    QCOMPARE(row.retrievalLayer, vocab::kLayerL1);
    QCOMPARE(row.relevanceLevel, vocab::kPrecise);
    QCOMPARE(row.l0MatchCount.value_or(-1), 3);
    QCOMPARE(row.l1MatchCount.value_or(-1), 6);
    QCOMPARE(row.truncated, true);
    QCOMPARE(row.dedupReason, QStringLiteral("adjacent_chunk"));
    QCOMPARE(row.stepId.value_or(-1), qint64(7));
    QCOMPARE(row.toolCallId, QStringLiteral("call-r-1-0-1"));
    QCOMPARE(row.durationMs, qint64(41));
    QVERIFY(row.success);
    QVERIFY(row.errorMessage.isEmpty());
    // output_preview: one line, says level, selected attempt and counts
    QVERIFY(!row.outputPreview.contains(QLatin1Char('\n')));
    QVERIFY(row.outputPreview.contains(QStringLiteral("level=PRECISE")));
    QVERIFY(row.outputPreview.contains(QStringLiteral("attempt=UNFILTERED_VECTOR_RETRY")));
    QVERIFY(row.outputPreview.contains(QStringLiteral("blocks=6")));
    QVERIFY(row.outputPreview.contains(QStringLiteral("truncated")));
    // input_params: sanitised, bound to the step
    QVERIFY(!row.inputParams.contains("api_key"));
    QCOMPARE(row.inputParams.at("step_id").get<qint64>(), qint64(7));
    QCOMPARE(row.inputParams.at("query").get<QString>().size(), 160);
}

void TestEnricher::detailsFields()
{
    const json d =
        RagLookupAuditEnricher::enrich(lookupEvent(test::retryLookup(kQuery, 3))).retrievalDetails;
    QCOMPARE(d.at("audit_schema").get<QString>(), QStringLiteral("rag_lookup_v1"));
    QCOMPARE(d.at("search_mode").get<QString>(), QStringLiteral("hybrid"));
    QCOMPARE(d.at("selected_attempt").get<QString>(), vocab::kUnfilteredVectorRetry);
    QCOMPARE(d.at("fallback_reason").get<QString>(), vocab::kFilteredLowQuality);
    QCOMPARE(d.at("category_filter").get<QString>(), QStringLiteral("pool-tuning-legacy"));
    QCOMPARE(d.at("evidence_keys").get<QStringList>(),
             QStringList({"mysql/runbook-0.md#chunk-0", "mysql/runbook-0.md#chunk-1",
                          "mysql/runbook-1.md#chunk-0"}));
    QCOMPARE(d.at("sources").get<QStringList>(),
             QStringList({"mysql/runbook-0.md", "mysql/runbook-1.md"}));
    QCOMPARE(d.at("evidence_candidate_count").get<int>(), 6);
    QCOMPARE(d.at("evidence_block_count").get<int>(), 3);
    QCOMPARE(d.at("returned_count").get<int>(), 3);
    QCOMPARE(d.at("l0_hints").at("domains").get<QStringList>(),
             QStringList({"pool-tuning-legacy", "mysql"}));
    QCOMPARE(d.at("l0_hints").at("matched_keywords").get<QStringList>(),
             QStringList({"pool", "hikaricp"}));
    QCOMPARE(d.at("truncated").get<bool>(), false);
    QCOMPARE(d.at("evidence_status").get<QString>(), vocab::kEvidenceFound);
    QCOMPARE(d.at("relevance_level").get<QString>(), vocab::kPrecise);
    QCOMPARE(d.at("invocation_status").get<QString>(), QStringLiteral("READY"));
    QCOMPARE(d.at("tool_call_id").get<QString>(), QStringLiteral("call-r-1-0-1"));
}

void TestEnricher::attemptsCarryNoQueryOrCandidates()
{
    const json d =
        RagLookupAuditEnricher::enrich(lookupEvent(test::retryLookup(kQuery))).retrievalDetails;
    const json& attempts = d.at("attempts");
    QCOMPARE(attempts.size(), size_t(2));
    const json& first = attempts.at(0);
    QCOMPARE(first.at("name").get<QString>(), vocab::kFilteredVector);
    QCOMPARE(first.at("category_filter").get<QString>(), QStringLiteral("pool-tuning-legacy"));
    QCOMPARE(first.at("candidate_count").get<int>(), 2);
    QCOMPARE(first.at("usable").get<bool>(), false);
    QCOMPARE(first.at("top_similarity").get<double>(), 0.31);
    QCOMPARE(first.at("duration_ms").get<int>(), 12);
    const json& second = attempts.at(1);
    QCOMPARE(second.at("name").get<QString>(), vocab::kUnfilteredVectorRetry);
    QVERIFY(!second.contains("category_filter"));
    QCOMPARE(second.at("usable").get<bool>(), true);
    for (const json& a : attempts) {
        QVERIFY(!a.contains("query"));
        QVERIFY(!a.contains("candidates"));
    }
}

void TestEnricher::noQueryOrChunkText()
{
    const ToolInvocationRecord row =
        RagLookupAuditEnricher::enrich(lookupEvent(test::retryLookup(kQuery, 4)));
    const std::string details = row.retrievalDetails.dump();
    QVERIFY(details.find("SECRET-QUERY-TEXT") == std::string::npos);
    QVERIFY(details.find("CHUNK-TEXT") == std::string::npos);
    QVERIFY(details.find("CONTEXT-PACK-TEXT") == std::string::npos);
    QVERIFY(details.find("rewritten") == std::string::npos);
    QVERIFY(details.find("db-primary.internal") == std::string::npos); // entities stay layer A
    QVERIFY(details.find("keptEvidenceKey") == std::string::npos);     // no rerank trace
    QVERIFY(details.find("dropped") == std::string::npos);
    QVERIFY(!row.outputPreview.contains(QStringLiteral("SECRET-QUERY-TEXT")));
}

void TestEnricher::relevanceLevelOnlyPreciseOrReference_data()
{
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("expected");
    QTest::newRow("PRECISE") << "PRECISE"
                             << "PRECISE";
    QTest::newRow("REFERENCE") << "REFERENCE"
                               << "REFERENCE";
    QTest::newRow("null") << ""
                          << "";
    QTest::newRow("evidence status leaks in") << "EVIDENCE_FOUND"
                                              << "";
    QTest::newRow("no evidence leaks in") << "NO_EVIDENCE"
                                          << "";
    QTest::newRow("lower case") << "precise"
                                << "";
    QTest::newRow("garbage") << "HIGH"
                             << "";
}

void TestEnricher::relevanceLevelOnlyPreciseOrReference()
{
    QFETCH(QString, stored);
    QFETCH(QString, expected);
    LookupResult r = test::retryLookup(kQuery);
    r.relevanceLevel = stored;
    const ToolInvocationRecord row = RagLookupAuditEnricher::enrich(lookupEvent(r));
    QCOMPARE(row.relevanceLevel, expected);
    const json& level = row.retrievalDetails.at("relevance_level");
    if (expected.isEmpty())
        QVERIFY(level.is_null());
    else
        QCOMPARE(level.get<QString>(), expected);
}

void TestEnricher::boundedForHugeLookups()
{
    LookupResult r = test::retryLookup(kQuery, 200);
    for (int i = 0; i < 200; ++i)
        r.retrievalTrace.queryHints.matchedKeywords.append(QString(400, QLatin1Char('k')));
    for (int i = 0; i < 50; ++i)
        r.retrievalTrace.queryHints.domains.append(QStringLiteral("d%1").arg(i));
    for (int i = 0; i < 10; ++i)
        r.retrievalTrace.attempts.push_back(r.retrievalTrace.attempts.front());
    r.retrievalTrace.attempts.front().errorMessage = QString(5000, QLatin1Char('e'));
    for (EvidenceBlock& b : r.evidenceBlocks)
        b.source = QString(1000, QLatin1Char('s')) + b.source;
    const ToolInvocationRecord row = RagLookupAuditEnricher::enrich(lookupEvent(r));
    const json& d = row.retrievalDetails;
    QCOMPARE(d.at("evidence_keys").size(), size_t(RagLookupAuditEnricher::kMaxKeys));
    QCOMPARE(d.at("sources").size(), size_t(RagLookupAuditEnricher::kMaxKeys));
    QCOMPARE(d.at("l0_hints").at("matched_keywords").size(),
             size_t(RagLookupAuditEnricher::kMaxKeys));
    QCOMPARE(d.at("l0_hints").at("domains").size(), size_t(RagLookupAuditEnricher::kMaxDomains));
    QCOMPARE(d.at("attempts").size(), size_t(RagLookupAuditEnricher::kMaxAttempts));
    QCOMPARE(d.at("evidence_block_count").get<int>(), 200); // counts stay exact
    QVERIFY2(d.dump().size() < 16000, std::to_string(d.dump().size()).c_str());
    for (const json& key : d.at("evidence_keys"))
        QVERIFY(key.get<QString>().size() <= 160);
    QVERIFY(row.outputPreview.size() <= 160);
}

void TestEnricher::noEvidenceLookup()
{
    const ToolInvocationRecord row =
        RagLookupAuditEnricher::enrich(lookupEvent(test::noEvidenceLookup(kQuery)));
    const json& d = row.retrievalDetails;
    QCOMPARE(d.at("evidence_status").get<QString>(), vocab::kNoEvidence);
    QVERIFY(d.at("fallback_reason").is_null());
    QVERIFY(d.at("category_filter").is_null());
    QVERIFY(d.at("relevance_level").is_null());
    QCOMPARE(d.at("evidence_keys").size(), size_t(0));
    QCOMPARE(row.l1MatchCount.value_or(-1), 0);
    QVERIFY(row.relevanceLevel.isEmpty());
    QVERIFY(row.dedupReason.isEmpty());
    QVERIFY(row.outputPreview.startsWith(QStringLiteral("NO_EVIDENCE level=none")));
}

void TestEnricher::failedLookup()
{
    ToolInvocationAuditEvent e = lookupEvent(LookupResult{}, false);
    e.rawResult = nullptr; // the tool threw: no LookupResult at all
    const ToolInvocationRecord row = RagLookupAuditEnricher::enrich(e);
    QCOMPARE(row.retrievalLayer, vocab::kLayerL1);
    QVERIFY(!row.success);
    QCOMPARE(row.errorMessage, QStringLiteral("engine failed with detail"));
    QCOMPARE(row.retrievalDetails.at("evidence_status").get<QString>(), vocab::kError);
    QCOMPARE(row.retrievalDetails.at("invocation_status").get<QString>(), QStringLiteral("ERROR"));
    QVERIFY(row.outputPreview.startsWith(QStringLiteral("status=ERROR")));
    QVERIFY(row.relevanceLevel.isEmpty());
}

void TestEnricher::harnessToolThinRow_data()
{
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("preview");
    QTest::newRow("success") << ""
                             << "status=SUCCESS";
    QTest::newRow("error") << "timeout after 5s"
                           << "status=ERROR timeout after 5s";
}

void TestEnricher::harnessToolThinRow()
{
    QFETCH(QString, error);
    QFETCH(QString, preview);
    ToolInvocationAuditEvent e;
    e.toolName = QStringLiteral("fetch_metrics");
    e.toolCallId = QStringLiteral("call-m");
    e.requestParams = {{"service", "order-api"}, {"filters", {{"k", "v"}}}, {"token", "t"}};
    e.rawResult = {{"cpu", 0.9}, {"query", kQuery}};
    e.success = error.isEmpty();
    e.errorMessage = error;
    const ToolInvocationRecord row = RagLookupAuditEnricher::enrich(e);
    QCOMPARE(row.retrievalLayer, vocab::kLayerHarness);
    QCOMPARE(row.outputPreview, preview);
    QVERIFY(row.retrievalDetails.is_null());
    QVERIFY(row.relevanceLevel.isEmpty());
    QVERIFY(!row.l0MatchCount && !row.l1MatchCount);
    QCOMPARE(row.success, error.isEmpty());
    QCOMPARE(row.inputParams.at("service").get<QString>(), QStringLiteral("order-api"));
    QVERIFY(!row.inputParams.contains("filters"));
    QVERIFY(!row.inputParams.contains("token"));
}

void TestEnricher::timelineDetailsThin()
{
    const ToolInvocationRecord row =
        RagLookupAuditEnricher::enrich(lookupEvent(test::retryLookup(kQuery)));
    const json d = row.timelineDetails(true, 900, 120);
    QStringList keys;
    for (auto it = d.begin(); it != d.end(); ++it)
        keys << QString::fromStdString(it.key());
    keys.sort();
    QCOMPARE(keys, QStringList({"has_raw_result", "request_bytes", "result_bytes", "status",
                                "step_id", "tool_call_id"}));
    QCOMPARE(d.at("status").get<QString>(), QStringLiteral("SUCCESS"));
    QCOMPARE(d.at("step_id").get<qint64>(), qint64(7));
    QCOMPARE(d.at("result_bytes").get<qint64>(), qint64(900));
    QCOMPARE(d.at("has_raw_result").get<bool>(), true);
}

QTEST_GUILESS_MAIN(TestEnricher)
#include "tst_enricher.moc"
