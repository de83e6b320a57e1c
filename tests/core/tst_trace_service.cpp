// TraceService::getTrace on a production-shaped, foreign SQLite database: every field of
// DESIGN §4, the data quirks (legacy levels, truncated JSON, HARNESS rows), the run filter,
// unknown and injection-shaped ids, and databases that are not audit databases at all.

#include "db/audit_database.h"
#include "diagnostics/invocation_findings.h"
#include "support/fixture_db.h"
#include "support/json_compare.h"
#include "support/sqlite_statements.h"
#include "trace/audit_browser.h"
#include "trace/trace_read_ahead.h"
#include "trace/trace_service.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;
using nlohmann::json;

class TestTraceService : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<AuditDatabase> m_db;

    json traceJson(const QString& session, const QString& run = {})
    {
        TraceService service(*m_db);
        auto trace = service.getTrace(session, run);
        if (!trace) {
            qWarning() << trace.error();
            return nullptr;
        }
        return json(*trace);
    }

    static json find(const json& array, const char* key, const json& value)
    {
        for (const json& item : array)
            if (item.value(key, json()) == value)
                return item;
        return nullptr;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("agent-audit.db"));
        QCOMPARE(writeProductionFixture(m_path), QString());
        auto db = AuditDatabase::open(m_path);
        QVERIFY2(db.ok(), qPrintable(db.ok() ? QString() : db.error()));
        m_db = std::move(*db);
        QVERIFY(m_db->isReadOnly());
        QVERIFY(!m_db->isRagLensOwned());
    }

    void fallbackRunFields()
    {
        const json t = traceJson(fixture::kFallbackSession);
        QVERIFY(t.is_object());
        JCOMPARE(t["sessionId"], "sess-fallback-0001");
        QCOMPARE(t["runs"].size(), 1u);
        const json& r = t["runs"][0];
        JCOMPARE(r["runId"], "run-fallback-0001");
        JCOMPARE(r["sessionId"], "sess-fallback-0001");
        JCOMPARE(r["userId"], "u-ops-17");
        JCOMPARE(r["question"], "Why does order-service time out acquiring MySQL connections?");
        JCOMPARE(r["status"], "COMPLETED");
        JCOMPARE(r["releaseOutcome"], "FALLBACK");
        JCOMPARE(r["contentType"], "SAFE_FALLBACK");
        JCOMPARE(r["fallbackReason"], "INSUFFICIENT_EVIDENCE");
        JCOMPARE(r["toolCallCount"], 2);
        JCOMPARE(r["totalTokenCount"], 5123);
        JCOMPARE(r["startedAt"], "2026-03-02T08:15:00.120Z");
        JCOMPARE(r["finishedAt"], "2026-03-02T08:15:09.870Z");
    }

    void fallbackSteps()
    {
        const json t = traceJson(fixture::kFallbackSession);
        QCOMPARE(t["steps"].size(), 2u);
        const json& s0 = t["steps"][0];
        JCOMPARE(s0["id"], 962);
        JCOMPARE(s0["runId"], "run-fallback-0001");
        JCOMPARE(s0["stepIndex"], 0);
        JCOMPARE(s0["agentName"], "diagnosis-planner");
        JCOMPARE(s0["hasToolCall"], true);
        JCOMPARE(s0["tokenCount"], 1830);
        JCOMPARE(s0["startedAt"], "2026-03-02T08:15:00.200Z");
        JCOMPARE(s0["finishedAt"], "2026-03-02T08:15:03.410Z");
        const json& s1 = t["steps"][1];
        JCOMPARE(s1["id"], 963);
        JCOMPARE(s1["stepIndex"], 1);
        JCOMPARE(s1["hasToolCall"], false);
        JCOMPARE(s1["tokenCount"], 3293);
    }

    void lookupInvocation860()
    {
        const json t = traceJson(fixture::kFallbackSession);
        QCOMPARE(t["toolInvocations"].size(), 2u);
        // ordered by creation: the metrics tool ran first
        JCOMPARE(t["toolInvocations"][0]["id"], 859);
        const json inv = find(t["toolInvocations"], "id", 860);
        QVERIFY(inv.is_object());
        JCOMPARE(inv["runId"], "run-fallback-0001");
        JCOMPARE(inv["sessionId"], "sess-fallback-0001");
        JCOMPARE(inv["stepId"], 962);
        JCOMPARE(inv["toolName"], "lookup_knowledge");
        JCOMPARE(inv["toolCallId"], "call-860");
        JCOMPARE(inv["retrievalLayer"], "L1");
        QVERIFY(inv["relevanceLevel"].is_null());
        JCOMPARE(inv["l0MatchCount"], 2);
        JCOMPARE(inv["l1MatchCount"], 0);
        JCOMPARE(inv["truncated"], false);
        JCOMPARE(inv["outputPreview"], "level=none attempt=UNFILTERED_VECTOR_RETRY returned=0/3");
        JCOMPARE(inv["durationMs"], 143);
        JCOMPARE(inv["success"], true);
        QVERIFY(inv["errorMessage"].is_null());
        QVERIFY(inv["dedupReason"].is_null()); // stored as an empty string
        JCOMPARE(inv["createdAt"], "2026-03-02T08:15:01.300Z");
        JCOMPARE(inv["legacyRelevanceLevel"], false);
        QVERIFY(inv["legacyRelevanceValue"].is_null());
        QVERIFY(!inv.contains("fullTrace"));

        const json& d = inv["retrievalDetails"];
        QVERIFY(d.is_object());
        QVERIFY(inv["retrievalDetailsError"].is_null());
        JCOMPARE(d["audit_schema"], "rag_lookup_v1");
        JCOMPARE(d["search_mode"], "hybrid");
        JCOMPARE(d["selected_attempt"], "UNFILTERED_VECTOR_RETRY");
        JCOMPARE(d["fallback_reason"], "filtered_vector_no_evidence");
        JCOMPARE(d["evidence_status"], "NO_EVIDENCE");
        QCOMPARE(d["attempts"].size(), 2u);
        JCOMPARE(d["attempts"][0]["name"], "FILTERED_VECTOR");
        JCOMPARE(d["attempts"][0]["candidate_count"], 0);
        JCOMPARE(d["attempts"][1]["top_similarity"], 0.41);
        // the raw text is exactly what the column held
        JCOMPARE(json::parse(inv["retrievalDetailsRaw"].get<std::string>()), d);

        const json& p = inv["inputParams"];
        QVERIFY(p.is_object());
        QVERIFY(inv["inputParamsError"].is_null());
        JCOMPARE(p["query"], fixture::kQueryPreview.toStdString());
        JCOMPARE(p["tool_call_id"], "call-860");
        JCOMPARE(p["request_bytes"], 187);
        JCOMPARE(p["step_id"], 962);
    }

    void harnessRowComesThrough()
    {
        const json t = traceJson(fixture::kFallbackSession);
        const json h = find(t["toolInvocations"], "id", 859);
        JCOMPARE(h["toolName"], "get_service_metrics");
        JCOMPARE(h["retrievalLayer"], "HARNESS");
        JCOMPARE(h["stepId"], 962);
        QVERIFY(h["retrievalDetails"].is_null());
        QVERIFY(h["retrievalDetailsRaw"].is_null());
        QVERIFY(h["retrievalDetailsError"].is_null()); // no details is not an error
        QVERIFY(h["relevanceLevel"].is_null());
        QVERIFY(h["l0MatchCount"].is_null());
        JCOMPARE(h["inputParams"]["service"], "order-service");
        JCOMPARE(h["legacyRelevanceLevel"], false);
    }

    void timelineAndFeedback()
    {
        const json t = traceJson(fixture::kFallbackSession);
        QCOMPARE(t["timeline"].size(), 6u);
        QStringList types;
        for (const json& e : t["timeline"])
            types << QString::fromStdString(e["eventType"].get<std::string>());
        QCOMPARE(types, QStringList({"RUN_STARTED", "STEP", "TOOL_INVOCATION", "TOOL_INVOCATION",
                                     "STEP", "RUN_FINISHED"}));
        const json& e = t["timeline"][3];
        JCOMPARE(e["runId"], "run-fallback-0001");
        JCOMPARE(e["sessionId"], "sess-fallback-0001");
        JCOMPARE(e["stepId"], 962);
        JCOMPARE(e["createdAt"], "2026-03-02T08:15:01.300Z");
        JCOMPARE(e["details"]["tool_call_id"], "call-860");
        JCOMPARE(e["details"]["has_raw_result"], true);
        QVERIFY(e["id"].is_number_integer());
        QVERIFY(t["timeline"][0]["stepId"].is_null());

        QCOMPARE(t["feedback"].size(), 1u);
        JCOMPARE(t["feedback"][0]["runId"], "run-fallback-0001");
        JCOMPARE(t["feedback"][0]["satisfied"], false);
        JCOMPARE(t["feedback"][0]["comment"], "no concrete answer about the pool");
    }

    void timelineFollowsTheInstantsWhateverTheirForm()
    {
        // A writer that changed how it spells times (an offset, a space, epoch milliseconds):
        // SQL's ORDER BY compared the stored text, and the trace listed STEP events before
        // RUN_STARTED and after RUN_FINISHED. Events and ratings are ordered by instant.
        const QString path = m_dir.filePath(QStringLiteral("respelled-times.db"));
        QVERIFY(QFile::copy(m_path, path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        const QString ofSession =
            QStringLiteral(" WHERE session_id = '%1'").arg(fixture::kFallbackSession);
        QCOMPARE(execOnSqliteFile(
                     path,
                     {// Every second event in the writer's zone (+08:00), the others with a
                      // space for the T, the first as epoch milliseconds.
                      QStringLiteral("UPDATE diagnosis_trace SET created_at = "
                                     "strftime('%Y-%m-%dT%H:%M:%f', created_at, '+8 hours') || "
                                     "'+08:00'") +
                          ofSession + QStringLiteral(" AND id % 2 = 0"),
                      QStringLiteral("UPDATE diagnosis_trace SET created_at = "
                                     "strftime('%Y-%m-%d %H:%M:%f', created_at)") +
                          ofSession + QStringLiteral(" AND id % 2 = 1"),
                      QStringLiteral("UPDATE diagnosis_trace SET created_at = "
                                     "CAST((julianday(created_at) - 2440587.5) * 86400000 AS "
                                     "INTEGER)") +
                          ofSession +
                          QStringLiteral(" AND id = (SELECT MIN(id) FROM diagnosis_trace%1)")
                              .arg(ofSession)}),
                 QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        auto t = TraceService(**db).getTrace(fixture::kFallbackSession);
        QVERIFY2(t.ok(), qPrintable(t.ok() ? QString() : t.error()));
        QStringList types;
        QDateTime last;
        for (const TraceEvent& e : t->timeline) {
            types << e.eventType;
            QVERIFY(e.createdAt.isValid());
            QVERIFY2(!last.isValid() || last <= e.createdAt, qPrintable(e.createdAt.toString()));
            last = e.createdAt;
        }
        QCOMPARE(types, QStringList({"RUN_STARTED", "STEP", "TOOL_INVOCATION", "TOOL_INVOCATION",
                                     "STEP", "RUN_FINISHED"}));
    }

    void retryRunWithFullTrace()
    {
        const json t = traceJson(fixture::kRetrySession);
        JCOMPARE(t["runs"][0]["releaseOutcome"], "SUCCESS");
        QVERIFY(t["runs"][0]["fallbackReason"].is_null());
        const json inv = find(t["toolInvocations"], "id", 870);
        JCOMPARE(inv["relevanceLevel"], "PRECISE");
        JCOMPARE(inv["dedupReason"], "adjacent_chunk");
        const json& d = inv["retrievalDetails"];
        JCOMPARE(d["selected_attempt"], "UNFILTERED_VECTOR_RETRY");
        JCOMPARE(d["fallback_reason"], "filtered_vector_low_quality");
        JCOMPARE(d["attempts"][0]["usable"], false);
        JCOMPARE(d["attempts"][0]["top_similarity"], 0.3);
        JCOMPARE(d["attempts"][1]["usable"], true);
        JCOMPARE(inv["fullTraceReason"], "fallback_taken");
        JCOMPARE(inv["fullTrace"]["retrievalTrace"]["selectedAttempt"], "UNFILTERED_VECTOR_RETRY");
        JCOMPARE(t["feedback"][0]["satisfied"], true);
        QVERIFY(t["feedback"][0]["comment"].is_null());
    }

    void legacyRowsReadWithNullLevel()
    {
        const json t = traceJson(fixture::kLegacySession);
        // times written as "yyyy-MM-dd HH:mm:ss.zzz" come back as ISO UTC
        JCOMPARE(t["runs"][0]["startedAt"], "2025-11-20T14:02:11.500Z");
        const json a = find(t["toolInvocations"], "id", 700);
        QVERIFY(a["relevanceLevel"].is_null());
        JCOMPARE(a["legacyRelevanceLevel"], true);
        JCOMPARE(a["legacyRelevanceValue"], "EVIDENCE_FOUND");
        QVERIFY(a["stepId"].is_null());
        JCOMPARE(a["createdAt"], "2025-11-20T14:02:13.000Z");
        const json b = find(t["toolInvocations"], "id", 702);
        JCOMPARE(b["legacyRelevanceValue"], "NO_EVIDENCE");
        QVERIFY(b["retrievalDetails"].is_null());
        QVERIFY(t["steps"].empty());
        QVERIFY(t["timeline"].empty());
    }

    void truncatedDetailsKeepRawAndError()
    {
        const json t = traceJson(fixture::kTruncatedSession);
        const json inv = find(t["toolInvocations"], "id", 701);
        QVERIFY(inv["retrievalDetails"].is_null());
        QVERIFY(inv["retrievalDetailsError"].is_string());
        QVERIFY(QString::fromStdString(inv["retrievalDetailsError"].get<std::string>())
                    .contains(QLatin1String("malformed JSON")));
        const std::string raw = inv["retrievalDetailsRaw"].get<std::string>();
        QVERIFY(raw.rfind("{\"audit_schema\":\"rag_lookup_v1\"", 0) == 0);
        QVERIFY(raw.size() > 100 && raw.back() == 'u');
        JCOMPARE(inv["relevanceLevel"], "REFERENCE");
        JCOMPARE(inv["truncated"], true);
        JCOMPARE(inv["inputParams"]["query"], "CrashLoopBackOff after deploy");
    }

    // A full-trace sample that is not valid JSON (cut by a size limit) is said where the
    // sample would be, in the trace and in the call diagnose reads: it was dropped without a
    // word, and diagnose and compare fell back to the audit row unexplained.
    void aSampleThatIsNotJsonIsSaid()
    {
        const QString path = m_dir.filePath(QStringLiteral("cut-sample.db"));
        QCOMPARE(writeProductionFixture(path), QString());
        QCOMPARE(execOnSqliteFile(path, {QStringLiteral("UPDATE lookup_trace_sample SET "
                                                        "lookup_result = substr(lookup_result, 1, "
                                                        "200) WHERE invocation_id = 870")}),
                 QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        auto trace = TraceService(**db).getTrace(fixture::kRetrySession);
        QVERIFY2(trace.ok(), qPrintable(trace.ok() ? QString() : trace.error()));
        const json inv = find(json(*trace)["toolInvocations"], "id", 870);
        QVERIFY(!inv.contains("fullTrace"));
        JCOMPARE(inv["fullTraceReason"], "fallback_taken");
        QVERIFY(inv["fullTraceError"].is_string() && !inv["fullTraceError"].empty());
        QCOMPARE(inv["fullTraceRaw"].get<std::string>().size(), size_t(200));
        // Read back from the JSON as the Trace API's clients do.
        const TraceInvocation back = inv.get<TraceInvocation>();
        QCOMPARE(back.fullTraceError,
                 QString::fromStdString(inv["fullTraceError"].get<std::string>()));
        auto call = AuditBrowser(**db).invocation(QVariant(qint64(870)));
        QVERIFY2(call.ok(), qPrintable(call.ok() ? QString() : call.error()));
        QVERIFY(!call->fullTraceError.isEmpty());
        bool said = false;
        for (const Finding& f : diagnoseInvocation(*call).findings)
            said = said || f.code == QLatin1String("malformed_full_trace");
        QVERIFY(said);
    }

    // Reports read many traces through TraceReadAhead: each handed over in the order asked
    // for, as TraceService reads it (without steps and timeline), an unknown session as its
    // error, whether the second connection or the caller read it; stopping early waits for
    // nothing.
    void readAheadHandsEveryTraceInOrder()
    {
        auto sessions = AuditBrowser(*m_db).sessions({}, 0, 1000);
        QVERIFY(sessions.ok() && sessions->size() >= 3);
        std::vector<QString> ids;
        for (int round = 0; round < 40; ++round) {
            for (const SessionRow& row : *sessions)
                ids.push_back(row.sessionId);
            ids.push_back(QStringLiteral("no-such-session-%1").arg(round));
        }
        TraceReadAhead ahead(*m_db, ids, TraceService::Contents::RunsCallsAndFeedback);
        QCOMPARE(ahead.size(), ids.size());
        const TraceService service(*m_db);
        for (size_t i = 0; i < ids.size(); ++i) {
            auto got = ahead.take(i);
            auto expected = service.getTrace(ids[i]);
            QCOMPARE(got.ok(), expected.ok());
            if (!expected) {
                QCOMPARE(got.error(), expected.error());
                continue;
            }
            expected->steps.clear();
            expected->timeline.clear();
            QCOMPARE(QString::fromStdString(json(*got).dump()),
                     QString::fromStdString(json(*expected).dump()));
        }
        {
            TraceReadAhead early(*m_db, ids, TraceService::Contents::Everything);
            auto first = early.take(0);
            QVERIFY(first.ok());
            QCOMPARE(QString::fromStdString(json(*first).dump()),
                     QString::fromStdString(json(*service.getTrace(ids[0])).dump()));
        } // the reader stops here, mid-way
    }

    void runFilter()
    {
        const json t = traceJson(fixture::kFallbackSession, fixture::kFallbackRun);
        QCOMPARE(t["runs"].size(), 1u);
        TraceService service(*m_db);
        auto wrongRun = service.getTrace(fixture::kFallbackSession, fixture::kRetryRun);
        QVERIFY(!wrongRun);
        QVERIFY(wrongRun.error().contains(fixture::kRetryRun));
    }

    void unknownOrInjectedSession_data()
    {
        QTest::addColumn<QString>("session");
        QTest::newRow("unknown") << "sess-does-not-exist";
        QTest::newRow("quote-or") << "x' OR '1'='1";
        QTest::newRow("comment") << "sess-fallback-0001' --";
        QTest::newRow("drop") << "'; DROP TABLE diagnosis_run; --";
        QTest::newRow("like-wildcard") << "%";
        QTest::newRow("underscore") << "sess_fallback_0001";
        QTest::newRow("empty") << "";
    }
    void unknownOrInjectedSession()
    {
        QFETCH(QString, session);
        TraceService service(*m_db);
        auto t = service.getTrace(session);
        QVERIFY(!t);
        QVERIFY(!t.error().isEmpty());
        QVERIFY(m_db->hasTable(QStringLiteral("diagnosis_run")));
        QVERIFY(service.getTrace(fixture::kFallbackSession).ok());
    }

    void withoutTraceSampleTable()
    {
        const QString path = m_dir.filePath(QStringLiteral("no-sample.db"));
        FixtureOptions options;
        options.withTraceSampleTable = false;
        QCOMPARE(writeProductionFixture(path, options), QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        QVERIFY(!(*db)->hasTable(QStringLiteral("lookup_trace_sample")));
        auto t = TraceService(**db).getTrace(fixture::kRetrySession);
        QVERIFY(t.ok());
        QVERIFY(t->toolInvocations.at(0).fullTrace.is_null());
    }

    void sessionOfManyRunsReadsAsRunByRun()
    {
        // The trace reads each table for a few hundred runs at a time: with 1,203 runs (three
        // statements) whose rows were written interleaved, every run still gets exactly its
        // rows, in its own order, the runs in the order of the session.
        const QString path = m_dir.filePath(QStringLiteral("many-runs.db"));
        QCOMPARE(writeProductionFixture(path), QString());
        {
            auto db = AuditDatabase::open(path, AccessMode::Write);
            QVERIFY(db.ok());
            QSqlQuery q((*db)->sql());
            QVERIFY(q.exec(QStringLiteral("BEGIN")));
            for (int round = 0; round < 2; ++round) {
                for (int r = 0; r < 1203; ++r) {
                    const QString run = QStringLiteral("many-%1").arg(r, 4, 10, QLatin1Char('0'));
                    if (round == 0)
                        QVERIFY(q.exec(QStringLiteral("INSERT INTO diagnosis_run (run_id, "
                                                      "session_id, started_at) VALUES ('%1', "
                                                      "'many', '2026-01-01T00:00:00Z')")
                                           .arg(run)));
                    // Later steps get smaller indexes: the order is by index, not by id.
                    QVERIFY(q.exec(QStringLiteral("INSERT INTO agent_step (run_id, step_index, "
                                                  "agent_name) VALUES ('%1', %2, 'a%3')")
                                       .arg(run)
                                       .arg(10 - round)
                                       .arg(round)));
                    QVERIFY(q.exec(QStringLiteral("INSERT INTO tool_invocation (run_id, "
                                                  "session_id, tool_name, created_at) VALUES "
                                                  "('%1', 'many', 't%2', "
                                                  "'2026-01-01T00:00:0%2Z')")
                                       .arg(run)
                                       .arg(round)));
                    QVERIFY(q.exec(QStringLiteral("INSERT INTO diagnosis_trace (session_id, "
                                                  "run_id, event_type, created_at) VALUES "
                                                  "('many', '%1', 'E%2', "
                                                  "'2026-01-01T00:00:0%2Z')")
                                       .arg(run)
                                       .arg(round)));
                }
            }
            QVERIFY(q.exec(QStringLiteral("COMMIT")));
        }
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        auto trace = TraceService(**db).getTrace(QStringLiteral("many"));
        QVERIFY2(trace.ok(), qPrintable(trace.ok() ? QString() : trace.error()));
        QCOMPARE(trace->runs.size(), size_t(1203));
        std::vector<TraceStep> steps;
        std::vector<TraceInvocation> calls;
        std::vector<TraceEvent> events;
        AuditBrowser browser(**db);
        for (const TraceRun& run : trace->runs) {
            auto s = browser.stepsOfRun(run.runId);
            auto c = browser.invocationsOfRun(run.runId);
            auto e = browser.eventsOfRun(run.runId);
            QVERIFY(s.ok() && c.ok() && e.ok());
            QCOMPARE(s->size(), size_t(2));
            steps.insert(steps.end(), s->begin(), s->end());
            calls.insert(calls.end(), c->begin(), c->end());
            events.insert(events.end(), e->begin(), e->end());
        }
        QVERIFY(json(trace->steps) == json(steps));
        QVERIFY(json(trace->toolInvocations) == json(calls));
        QVERIFY(json(trace->timeline) == json(events));
        QCOMPARE(trace->toolInvocations.size(), size_t(2 * 1203));
        QCOMPARE(QString::fromStdString(json(trace->steps.front()).value("agentName", "")),
                 QStringLiteral("a1"));
    }

    void olderAgentColumnsReadAsNull()
    {
        const QString path = m_dir.filePath(QStringLiteral("older.db"));
        FixtureOptions options;
        options.olderInvocationColumns = true;
        QCOMPARE(writeProductionFixture(path, options), QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        auto t = TraceService(**db).getTrace(fixture::kRetrySession);
        QVERIFY2(t.ok(), qPrintable(t.ok() ? QString() : t.error()));
        const TraceInvocation& inv = t->toolInvocations.at(0);
        QVERIFY(!inv.l0MatchCount);
        QVERIFY(inv.dedupReason.isEmpty());
        QCOMPARE(inv.relevanceLevel, QStringLiteral("PRECISE"));
        QVERIFY(inv.retrievalDetails.is_object());
    }

    void idsStoredAsIntegersAreFoundByTheirText()
    {
        // Columns without a declared type keep the integer 7 apart from the text '7', and
        // RagLens reads an id as text: a run, its calls and a session stored as numbers are
        // still found by that text, with the calls of a run that has no row.
        const QString path = m_dir.filePath(QStringLiteral("untyped.db"));
        QCOMPARE(execOnSqliteFile(
                     path,
                     {QStringLiteral("CREATE TABLE diagnosis_run (run_id, session_id, started_at)"),
                      QStringLiteral("CREATE TABLE tool_invocation (id, run_id, session_id, "
                                     "tool_name, created_at)"),
                      QStringLiteral(
                          "INSERT INTO diagnosis_run VALUES (7, 'sess-u', '2026-01-01T00:00:00Z')"),
                      QStringLiteral("INSERT INTO tool_invocation VALUES (1, 7, 'sess-u', 'x', "
                                     "'2026-01-01T00:00:01Z')"),
                      QStringLiteral("INSERT INTO tool_invocation VALUES (2, 7, 'sess-u', 'x', "
                                     "'2026-01-01T00:00:02Z')"),
                      QStringLiteral("INSERT INTO tool_invocation VALUES (3, 9, 'sess-u', 'x', "
                                     "'2026-01-01T00:00:03Z')"),
                      QStringLiteral(
                          "INSERT INTO diagnosis_run VALUES ('run-n', 42, '2026-01-02T00:00:00Z')"),
                      QStringLiteral("INSERT INTO tool_invocation VALUES (4, 'run-n', 42, 'x', "
                                     "'2026-01-02T00:00:01Z')")}),
                 QString());
        auto db = AuditDatabase::open(path);
        QVERIFY2(db.ok(), qPrintable(db.ok() ? QString() : db.error()));
        auto t = TraceService(**db).getTrace(QStringLiteral("sess-u"));
        QVERIFY2(t.ok(), qPrintable(t.ok() ? QString() : t.error()));
        QStringList runs, callRuns;
        for (const TraceRun& r : t->runs)
            runs << r.runId;
        for (const TraceInvocation& inv : t->toolInvocations)
            callRuns << inv.runId;
        QCOMPARE(runs, QStringList({"7", "9"})); // 9: calls without their run row
        QCOMPARE(callRuns, QStringList({"7", "7", "9"}));
        auto numbered = TraceService(**db).getTrace(QStringLiteral("42"));
        QVERIFY2(numbered.ok(), qPrintable(numbered.ok() ? QString() : numbered.error()));
        QCOMPARE(numbered->runs.size(), 1u);
        QCOMPARE(numbered->toolInvocations.size(), 1u);
    }

    void aCallIsShownUnderTheSessionOfItsRunOnly()
    {
        // A call naming another session than its run row is the run's: shown in that
        // session's trace, not as a second copy of the run elsewhere (the list counts it so).
        // A run without a row is split by its calls' own sessions, as the list counts them;
        // a session named only by calls of other sessions' runs is no session, and the
        // message says where its calls are.
        const QString path = m_dir.filePath(QStringLiteral("strays.db"));
        QCOMPARE(execOnSqliteFile(
                     path,
                     {QStringLiteral("CREATE TABLE diagnosis_run (run_id, session_id, started_at)"),
                      QStringLiteral("CREATE TABLE tool_invocation (id, run_id, session_id, "
                                     "tool_name, created_at)"),
                      QStringLiteral("INSERT INTO diagnosis_run VALUES ('run-a', 'sess-a', "
                                     "'2026-01-01T00:00:00Z'), ('run-b', 'sess-b', "
                                     "'2026-01-01T00:01:00Z')"),
                      QStringLiteral("INSERT INTO tool_invocation VALUES (1, 'run-a', 'sess-a', "
                                     "'x', '2026-01-01T00:00:01Z'), (2, 'run-a', 'sess-b', 'x', "
                                     "'2026-01-01T00:00:02Z'), (3, 'run-a', 'sess-stray', 'x', "
                                     "'2026-01-01T00:00:03Z'), (4, 'run-b', 'sess-b', 'x', "
                                     "'2026-01-01T00:01:01Z'), (5, 'run-ghost', 'sess-a', 'x', "
                                     "'2026-01-01T00:02:00Z'), (6, 'run-ghost', 'sess-b', 'x', "
                                     "'2026-01-01T00:02:01Z'), (7, 'run-ghost', 'sess-b', 'x', "
                                     "'2026-01-01T00:02:02Z')")}),
                 QString());
        auto db = AuditDatabase::open(path);
        QVERIFY2(db.ok(), qPrintable(db.ok() ? QString() : db.error()));
        const auto callsOf = [&db](const QString& session) {
            auto t = TraceService(**db).getTrace(session);
            QStringList calls;
            if (!t) {
                qWarning() << t.error();
                return calls;
            }
            for (const TraceInvocation& inv : t->toolInvocations)
                calls << QStringLiteral("%1:%2").arg(inv.runId).arg(inv.id);
            return calls;
        };
        QCOMPARE(callsOf(QStringLiteral("sess-a")),
                 QStringList({"run-a:1", "run-a:2", "run-a:3", "run-ghost:5"}));
        QCOMPARE(callsOf(QStringLiteral("sess-b")),
                 QStringList({"run-b:4", "run-ghost:6", "run-ghost:7"}));
        auto stray = TraceService(**db).getTrace(QStringLiteral("sess-stray"));
        QVERIFY(!stray);
        QVERIFY(stray.notFound());
        QVERIFY2(stray.error().contains(QStringLiteral("run 'run-a' of session 'sess-a'")),
                 qPrintable(stray.error()));
        // The list agrees, call for call.
        auto sessions = AuditBrowser(**db).sessions(SessionFilter{}, 0, 10);
        QVERIFY(sessions.ok());
        std::map<QString, int> counted;
        for (const SessionRow& row : *sessions)
            counted[row.sessionId] = row.invocationCount;
        QCOMPARE(counted, (std::map<QString, int>{{"sess-a", 4}, {"sess-b", 3}}));

        // The database's collation decides which calls name the session, as it decided
        // which runs it has: a NOCASE column's 'SESS-N' is 'sess-n' (before, the orphan run
        // was listed with none of its calls).
        const QString nocase = m_dir.filePath(QStringLiteral("nocase.db"));
        QCOMPARE(execOnSqliteFile(
                     nocase, {QStringLiteral("CREATE TABLE diagnosis_run (run_id, session_id TEXT "
                                             "COLLATE NOCASE, started_at)"),
                              QStringLiteral("CREATE TABLE tool_invocation (id, run_id, session_id "
                                             "TEXT COLLATE NOCASE, tool_name, created_at)"),
                              QStringLiteral("INSERT INTO tool_invocation VALUES (1, 'run-n', "
                                             "'SESS-N', 'x', '2026-01-01T00:00:01Z')")}),
                 QString());
        auto other = AuditDatabase::open(nocase);
        QVERIFY(other.ok());
        auto t = TraceService(**other).getTrace(QStringLiteral("sess-n"));
        QVERIFY2(t.ok(), qPrintable(t.ok() ? QString() : t.error()));
        QCOMPARE(t->toolInvocations.size(), 1u);
    }

    void databaseWithoutAuditTables()
    {
        const QString path = m_dir.filePath(QStringLiteral("other.db"));
        {
            // some other application's SQLite file
            QSqlDatabase other = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "other");
            other.setDatabaseName(path);
            QVERIFY(other.open());
            QSqlQuery q(other);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")));
            other.close();
        }
        QSqlDatabase::removeDatabase("other");
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        auto t = TraceService(**db).getTrace(QStringLiteral("s"));
        QVERIFY(!t);
        QVERIFY2(t.error().contains(QLatin1String("no diagnosis_run table")),
                 qPrintable(t.error()));
    }

    void fileThatIsNotADatabase()
    {
        const QString path = m_dir.filePath(QStringLiteral("notes.txt"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("this is a text file, not SQLite\n").repeated(200));
        f.close();
        auto db = AuditDatabase::open(path);
        QVERIFY(!db);
        QVERIFY2(db.error().contains(QLatin1String("not a readable database")),
                 qPrintable(db.error()));
    }
};

QTEST_GUILESS_MAIN(TestTraceService)
#include "tst_trace_service.moc"
