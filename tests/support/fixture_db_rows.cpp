#include "support/fixture_db_rows.h"

#include "support/fixture_db.h"

#include <nlohmann/json.hpp>

namespace raglens::test {

using nlohmann::json;

namespace {

QVariant null()
{
    return QVariant(QMetaType::fromType<QString>());
}
QVariant text(const json& j)
{
    return QString::fromStdString(j.dump());
}

void run(FixtureWriter& w, const QString& runId, const QString& session, const QString& user,
         const QString& question, const QString& outcome, const QString& contentType,
         const QVariant& fallbackReason, int toolCalls, int tokens, const QString& started,
         const QString& finished)
{
    w.exec(QStringLiteral("INSERT INTO diagnosis_run VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"),
           {runId, session, user, question, QStringLiteral("COMPLETED"), outcome, contentType,
            fallbackReason, toolCalls, tokens, started, finished});
}

void step(FixtureWriter& w, qint64 id, const QString& runId, int index, const QString& agent,
          bool toolCall, int tokens, const QString& started, const QString& finished)
{
    w.exec(QStringLiteral("INSERT INTO agent_step VALUES (?,?,?,?,?,?,?,?)"),
           {id, runId, index, agent, toolCall ? 1 : 0, tokens, started, finished});
}

struct Invocation
{
    qint64 id = 0;
    QString runId, sessionId;
    QVariant stepId;
    QString toolCallId, toolName, layer;
    QVariant relevance, l0, l1;
    bool truncated = false;
    QVariant details, preview, input;
    int durationMs = 0;
    bool success = true;
    QVariant errorMessage, dedup;
    QString createdAt;
};

void invocation(FixtureWriter& w, const Invocation& i)
{
    w.exec(QStringLiteral("INSERT INTO tool_invocation VALUES "
                          "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
           {i.id, i.runId, i.sessionId, i.stepId, i.toolCallId, i.toolName, i.layer, i.relevance,
            i.l0, i.l1, i.truncated ? 1 : 0, i.details, i.preview, i.input, i.durationMs,
            i.success ? 1 : 0, i.errorMessage, i.dedup, i.createdAt});
}

void event(FixtureWriter& w, const QString& session, const QString& runId, const QVariant& stepId,
           const QString& type, const json& details, const QString& at)
{
    w.exec(QStringLiteral("INSERT INTO diagnosis_trace (session_id, run_id, step_id, event_type, "
                          "details, created_at) VALUES (?,?,?,?,?,?)"),
           {session, runId, stepId, type, text(details), at});
}

void writeFallbackSession(FixtureWriter& w)
{
    using namespace fixture;
    run(w, kFallbackRun, kFallbackSession, QStringLiteral("u-ops-17"),
        QStringLiteral("Why does order-service time out acquiring MySQL connections?"),
        QStringLiteral("FALLBACK"), QStringLiteral("SAFE_FALLBACK"),
        QStringLiteral("INSUFFICIENT_EVIDENCE"), 2, 5123,
        QStringLiteral("2026-03-02T08:15:00.120Z"), QStringLiteral("2026-03-02T08:15:09.870Z"));
    step(w, kStep962, kFallbackRun, 0, QStringLiteral("diagnosis-planner"), true, 1830,
         QStringLiteral("2026-03-02T08:15:00.200Z"), QStringLiteral("2026-03-02T08:15:03.410Z"));
    step(w, kStep963, kFallbackRun, 1, QStringLiteral("report-writer"), false, 3293,
         QStringLiteral("2026-03-02T08:15:03.500Z"), QStringLiteral("2026-03-02T08:15:09.800Z"));

    Invocation h;
    h.id = kHarnessInvocation;
    h.runId = kFallbackRun;
    h.sessionId = kFallbackSession;
    h.stepId = kStep962;
    h.toolCallId = QStringLiteral("call-859");
    h.toolName = QStringLiteral("get_service_metrics");
    h.layer = QStringLiteral("HARNESS");
    h.relevance = h.l0 = h.l1 = h.details = h.errorMessage = h.dedup = null();
    h.preview = QStringLiteral("order-service p99=2310ms errors=4.2%");
    h.input = text({{"tool_call_id", "call-859"},
                    {"request_bytes", 58},
                    {"step_id", kStep962},
                    {"service", "order-service"}});
    h.durationMs = 88;
    h.createdAt = QStringLiteral("2026-03-02T08:15:01.050Z");
    invocation(w, h);

    const json details = {
        {"audit_schema", "rag_lookup_v1"},
        {"search_mode", "hybrid"},
        {"selected_attempt", "UNFILTERED_VECTOR_RETRY"},
        {"fallback_reason", "filtered_vector_no_evidence"},
        {"category_filter", "mysql"},
        {"evidence_keys", json::array()},
        {"sources", json::array()},
        {"evidence_candidate_count", 3},
        {"evidence_block_count", 0},
        {"l0_hints", {{"domains", {"mysql"}}, {"matched_keywords", {"hikaripool", "connection"}}}},
        {"attempts",
         {{{"name", "FILTERED_VECTOR"},
           {"category_filter", "mysql"},
           {"candidate_count", 0},
           {"usable", false},
           {"top_similarity", nullptr},
           {"duration_ms", 9}},
          {{"name", "UNFILTERED_VECTOR_RETRY"},
           {"candidate_count", 3},
           {"usable", false},
           {"top_similarity", 0.41},
           {"duration_ms", 17}}}},
        {"truncated", false},
        {"returned_count", 0},
        {"evidence_status", "NO_EVIDENCE"},
        {"invocation_status", "READY"},
        {"tool_call_id", "call-860"}};
    Invocation l;
    l.id = kInvocation860;
    l.runId = kFallbackRun;
    l.sessionId = kFallbackSession;
    l.stepId = kStep962;
    l.toolCallId = QStringLiteral("call-860");
    l.toolName = QStringLiteral("lookup_knowledge");
    l.layer = QStringLiteral("L1");
    l.relevance = null();
    l.l0 = 2;
    l.l1 = 0;
    l.details = text(details);
    l.preview = QStringLiteral("level=none attempt=UNFILTERED_VECTOR_RETRY returned=0/3");
    l.input = text({{"tool_call_id", "call-860"},
                    {"request_bytes", 187},
                    {"step_id", kStep962},
                    {"query", kQueryPreview.toStdString()},
                    {"top_k", 5}});
    l.durationMs = 143;
    l.errorMessage = null();
    l.dedup = QStringLiteral(""); // production writes an empty string, not NULL
    l.createdAt = QStringLiteral("2026-03-02T08:15:01.300Z");
    invocation(w, l);

    const QString s = kFallbackSession, r = kFallbackRun;
    event(w, s, r, null(), QStringLiteral("RUN_STARTED"), {{"question_chars", 61}},
          QStringLiteral("2026-03-02T08:15:00.120Z"));
    event(w, s, r, kStep962, QStringLiteral("STEP"), {{"step_index", 0}},
          QStringLiteral("2026-03-02T08:15:00.200Z"));
    event(w, s, r, kStep962, QStringLiteral("TOOL_INVOCATION"),
          {{"tool_call_id", "call-859"},
           {"status", "READY"},
           {"step_id", kStep962},
           {"request_bytes", 58},
           {"result_bytes", 96},
           {"has_raw_result", false}},
          QStringLiteral("2026-03-02T08:15:01.050Z"));
    event(w, s, r, kStep962, QStringLiteral("TOOL_INVOCATION"),
          {{"tool_call_id", "call-860"},
           {"status", "READY"},
           {"step_id", kStep962},
           {"request_bytes", 187},
           {"result_bytes", 412},
           {"has_raw_result", true}},
          QStringLiteral("2026-03-02T08:15:01.300Z"));
    event(w, s, r, kStep963, QStringLiteral("STEP"), {{"step_index", 1}},
          QStringLiteral("2026-03-02T08:15:03.500Z"));
    event(w, s, r, null(), QStringLiteral("RUN_FINISHED"),
          {{"release_outcome", "FALLBACK"}, {"fallback_reason", "INSUFFICIENT_EVIDENCE"}},
          QStringLiteral("2026-03-02T08:15:09.870Z"));
    w.exec(QStringLiteral("INSERT INTO run_feedback VALUES (?,?,?,?)"),
           {r, 0, QStringLiteral("no concrete answer about the pool"),
            QStringLiteral("2026-03-02T08:20:00.000Z")});
}

json retryDetails()
{
    return {
        {"audit_schema", "rag_lookup_v1"},
        {"search_mode", "hybrid"},
        {"selected_attempt", "UNFILTERED_VECTOR_RETRY"},
        {"fallback_reason", "filtered_vector_low_quality"},
        {"category_filter", "overfilter-decoy"},
        {"evidence_keys",
         {"mysql/connection-pool-exhausted#chunk-0", "mysql/connection-pool-exhausted#chunk-2"}},
        {"sources", {"mysql/connection-pool-exhausted"}},
        {"evidence_candidate_count", 8},
        {"evidence_block_count", 2},
        {"l0_hints", {{"domains", {"mysql"}}, {"matched_keywords", {"pool"}}}},
        {"attempts",
         {{{"name", "FILTERED_VECTOR"},
           {"category_filter", "overfilter-decoy"},
           {"candidate_count", 2},
           {"usable", false},
           {"top_similarity", 0.3},
           {"duration_ms", 12}},
          {{"name", "UNFILTERED_VECTOR_RETRY"},
           {"candidate_count", 5},
           {"usable", true},
           {"top_similarity", 0.9},
           {"duration_ms", 20}}}},
        {"truncated", false},
        {"returned_count", 2},
        {"evidence_status", "EVIDENCE_FOUND"},
        {"invocation_status", "READY"},
        {"tool_call_id", "call-870"}};
}

void writeRetrySession(FixtureWriter& w, bool withSample)
{
    using namespace fixture;
    run(w, kRetryRun, kRetrySession, QStringLiteral("u-sre-02"),
        QStringLiteral("Connection pool exhausted on payment-db, what now?"),
        QStringLiteral("SUCCESS"), QStringLiteral("DIAGNOSIS_REPORT"), null(), 1, 4210,
        QStringLiteral("2026-03-03T10:00:00.000Z"), QStringLiteral("2026-03-03T10:00:06.250Z"));
    step(w, 970, kRetryRun, 0, QStringLiteral("diagnosis-planner"), true, 1500,
         QStringLiteral("2026-03-03T10:00:00.100Z"), QStringLiteral("2026-03-03T10:00:02.000Z"));
    step(w, 971, kRetryRun, 1, QStringLiteral("report-writer"), false, 2710,
         QStringLiteral("2026-03-03T10:00:02.100Z"), QStringLiteral("2026-03-03T10:00:06.200Z"));
    Invocation l;
    l.id = kRetryInvocation;
    l.runId = kRetryRun;
    l.sessionId = kRetrySession;
    l.stepId = 970;
    l.toolCallId = QStringLiteral("call-870");
    l.toolName = QStringLiteral("lookup_knowledge");
    l.layer = QStringLiteral("L1");
    l.relevance = QStringLiteral("PRECISE");
    l.l0 = 1;
    l.l1 = 5;
    l.details = text(retryDetails());
    l.preview = QStringLiteral("level=PRECISE attempt=UNFILTERED_VECTOR_RETRY returned=2/8");
    l.input = text({{"tool_call_id", "call-870"},
                    {"request_bytes", 120},
                    {"step_id", 970},
                    {"query", "connection pool exhausted payment-db"}});
    l.durationMs = 41;
    l.errorMessage = null();
    l.dedup = QStringLiteral("adjacent_chunk");
    l.createdAt = QStringLiteral("2026-03-03T10:00:01.000Z");
    invocation(w, l);
    event(w, kRetrySession, kRetryRun, null(), QStringLiteral("RUN_STARTED"), json::object(),
          QStringLiteral("2026-03-03T10:00:00.000Z"));
    event(w, kRetrySession, kRetryRun, 970, QStringLiteral("TOOL_INVOCATION"),
          {{"tool_call_id", "call-870"}, {"status", "READY"}, {"step_id", 970}},
          QStringLiteral("2026-03-03T10:00:01.000Z"));
    event(w, kRetrySession, kRetryRun, null(), QStringLiteral("RUN_FINISHED"),
          {{"release_outcome", "SUCCESS"}}, QStringLiteral("2026-03-03T10:00:06.250Z"));
    w.exec(QStringLiteral("INSERT INTO run_feedback VALUES (?,?,?,?)"),
           {kRetryRun, 1, null(), QStringLiteral("2026-03-03T10:05:00.000Z")});
    if (withSample) {
        const json full = {
            {"query", "connection pool exhausted payment-db"},
            {"relevanceLevel", "PRECISE"},
            {"evidenceStatus", "EVIDENCE_FOUND"},
            {"evidenceBlocks",
             {{{"evidenceKey", "mysql/connection-pool-exhausted#chunk-0"},
               {"source", "mysql/connection-pool-exhausted"},
               {"category", "mysql"},
               {"content", "When HikariPool reports 'Connection is not available'..."},
               {"score", 0.91},
               {"quality", 0.9},
               {"rank", 1}}}},
            {"retrievalTrace",
             {{"selectedAttempt", "UNFILTERED_VECTOR_RETRY"},
              {"fallbackReason", "filtered_vector_low_quality"}}}};
        w.exec(QStringLiteral("INSERT INTO lookup_trace_sample VALUES (?,?,?,?)"),
               {kRetryInvocation, QStringLiteral("fallback_taken"), text(full),
                QStringLiteral("2026-03-03T10:00:01.001Z")});
    }
}

void writeLegacyAndTruncated(FixtureWriter& w)
{
    using namespace fixture;
    // An older writer: times without 'T' and 'Z', the evidence status in relevance_level.
    run(w, kLegacyRun, kLegacySession, QStringLiteral("u-ops-03"),
        QStringLiteral("Kafka consumer lag keeps growing"), QStringLiteral("SUCCESS"),
        QStringLiteral("DIAGNOSIS_REPORT"), null(), 2, 2900,
        QStringLiteral("2025-11-20 14:02:11.500"), QStringLiteral("2025-11-20 14:02:19.000"));
    Invocation a;
    a.id = kLegacyInvocation;
    a.runId = kLegacyRun;
    a.sessionId = kLegacySession;
    a.stepId = null();
    a.toolCallId = QStringLiteral("call-700");
    a.toolName = QStringLiteral("lookup_knowledge");
    a.layer = QStringLiteral("L1");
    a.relevance = QStringLiteral("EVIDENCE_FOUND");
    a.l0 = 1;
    a.l1 = 3;
    a.details = text({{"evidence_keys", {"kafka/consumer-lag#chunk-1"}}, {"returned_count", 1}});
    a.preview = QStringLiteral("EVIDENCE_FOUND 1 block");
    a.input = text({{"tool_call_id", "call-700"}, {"request_bytes", 77}});
    a.durationMs = 230;
    a.errorMessage = a.dedup = null();
    a.createdAt = QStringLiteral("2025-11-20 14:02:13.000");
    invocation(w, a);
    Invocation b = a;
    b.id = kLegacyNoEvidenceInvocation;
    b.toolCallId = QStringLiteral("call-702");
    b.relevance = QStringLiteral("NO_EVIDENCE");
    b.l1 = 0;
    b.details = null();
    b.preview = QStringLiteral("NO_EVIDENCE");
    b.input = text({{"tool_call_id", "call-702"}, {"request_bytes", 64}});
    b.createdAt = QStringLiteral("2025-11-20 14:02:15.000");
    invocation(w, b);

    run(w, kTruncatedRun, kTruncatedSession, QStringLiteral("u-ops-17"),
        QStringLiteral("Pods stuck in CrashLoopBackOff after deploy"), QStringLiteral("SUCCESS"),
        QStringLiteral("DIAGNOSIS_REPORT"), null(), 1, 3100,
        QStringLiteral("2026-03-04T09:30:00.000Z"), QStringLiteral("2026-03-04T09:30:05.000Z"));
    Invocation t;
    t.id = kTruncatedInvocation;
    t.runId = kTruncatedRun;
    t.sessionId = kTruncatedSession;
    t.stepId = null();
    t.toolCallId = QStringLiteral("call-701");
    t.toolName = QStringLiteral("lookup_knowledge");
    t.layer = QStringLiteral("L1");
    t.relevance = QStringLiteral("REFERENCE");
    t.l0 = 1;
    t.l1 = 4;
    t.truncated = true;
    // A column size limit cut the JSON mid-value.
    t.details = QStringLiteral("{\"audit_schema\":\"rag_lookup_v1\",\"search_mode\":\"hybrid\","
                               "\"selected_attempt\":\"FILTERED_VECTOR\",\"evidence_keys\":"
                               "[\"kubernetes/crashloopbackoff#chu");
    t.preview = QStringLiteral("level=REFERENCE attempt=FILTERED_VECTOR returned=3/4");
    t.input = text({{"tool_call_id", "call-701"},
                    {"request_bytes", 96},
                    {"query", "CrashLoopBackOff after deploy"}});
    t.durationMs = 2450;
    t.errorMessage = null();
    t.dedup = QStringLiteral("near_duplicate");
    t.createdAt = QStringLiteral("2026-03-04T09:30:01.000Z");
    invocation(w, t);
}

} // namespace

void writeFixtureSessions(FixtureWriter& w, bool withTraceSample)
{
    writeFallbackSession(w);
    writeRetrySession(w, withTraceSample);
    writeLegacyAndTruncated(w);
}

} // namespace raglens::test
