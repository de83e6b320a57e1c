// The problem-query library: an audited lookup_knowledge invocation becomes an eval case
// (query preview + the evidence keys a person marks correct, or "expect no evidence"),
// appended to an eval set file with de-duplication by normalised query.

#include "db/audit_database.h"
#include "eval/eval_set_writer.h"
#include "eval/problem_query.h"
#include "interpret/invocation_facts.h"
#include "support/fixture_db.h"
#include "trace/trace_service.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using nlohmann::json;

class TestEvalProblemQuery : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fromRecordedInvocations();
    void fromInvocationRejects_data();
    void fromInvocationRejects();
    void longPreviewIsFlaggedAsMaybeCut();
    void keysFallBackToRetrievalDetails();
    void theCallsInterpretationOverTheSamples();
    void addFromInvocationThenDeduplicate();
    void normalisation_data();
    void normalisation();
    void updateKeepsIdTagsAndOtherLines();
    void idCollisionGetsSuffix();
    void nothingMarkedIsRefused();
    void hostileLineIsKeptVerbatim();

private:
    TraceInvocation invocation(const QString& session, qint64 id);
    QTemporaryDir m_dir;
    DiagnosisTraceResponse m_fallback, m_retry;
};

void TestEvalProblemQuery::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString dbPath = m_dir.filePath(QStringLiteral("agent.db"));
    QCOMPARE(test::writeProductionFixture(dbPath), QString());
    auto db = AuditDatabase::open(dbPath);
    QVERIFY2(db.ok(), qPrintable(db.ok() ? QString() : db.error()));
    TraceService service(**db);
    auto fallback = service.getTrace(test::fixture::kFallbackSession);
    auto retry = service.getTrace(test::fixture::kRetrySession);
    QVERIFY(fallback.ok() && retry.ok());
    m_fallback = *fallback;
    m_retry = *retry;
}

TraceInvocation TestEvalProblemQuery::invocation(const QString& session, qint64 id)
{
    const auto& list = session == test::fixture::kFallbackSession ? m_fallback.toolInvocations
                                                                  : m_retry.toolInvocations;
    for (const TraceInvocation& inv : list)
        if (inv.id == id)
            return inv;
    return {};
}

void TestEvalProblemQuery::fromRecordedInvocations()
{
    // 860: NO_EVIDENCE after the retry; the query comes from input_params.
    auto empty = ProblemQuery::fromInvocation(
        invocation(test::fixture::kFallbackSession, test::fixture::kInvocation860));
    QVERIFY2(empty.ok(), qPrintable(empty.ok() ? QString() : empty.error()));
    QCOMPARE(empty->query, test::fixture::kQueryPreview);
    QVERIFY(!empty->queryMayBeCut);
    QVERIFY(empty->candidateEvidenceKeys.isEmpty());
    QCOMPARE(empty->evidenceStatus, QStringLiteral("NO_EVIDENCE"));
    QCOMPARE(empty->selectedAttempt, QStringLiteral("UNFILTERED_VECTOR_RETRY"));
    QCOMPARE(empty->invocationId, test::fixture::kInvocation860);
    QCOMPARE(empty->sessionId, test::fixture::kFallbackSession);

    // 870: a sampled full trace exists; its blocks are the candidates.
    auto retry = ProblemQuery::fromInvocation(
        invocation(test::fixture::kRetrySession, test::fixture::kRetryInvocation));
    QVERIFY(retry.ok());
    QCOMPARE(retry->query, QStringLiteral("connection pool exhausted payment-db"));
    QVERIFY(retry->candidateEvidenceKeys.contains(
        QStringLiteral("mysql/connection-pool-exhausted#chunk-0")));
    QCOMPARE(retry->relevanceLevel, QStringLiteral("PRECISE"));
    QCOMPARE(retry->selectedAttempt, QStringLiteral("UNFILTERED_VECTOR_RETRY"));
}

void TestEvalProblemQuery::fromInvocationRejects_data()
{
    QTest::addColumn<QString>("toolName");
    QTest::addColumn<QString>("inputParams");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("harness tool") << "run_sql"
                                  << R"({"query":"select 1"})"
                                  << "run_sql";
    QTest::newRow("no query preview") << "lookup_knowledge"
                                      << R"({"tool_call_id":"c"})"
                                      << "no query preview";
    QTest::newRow("blank query") << "lookup_knowledge"
                                 << R"({"query":"   "})"
                                 << "no query preview";
    QTest::newRow("input params unreadable") << "lookup_knowledge"
                                             << "null"
                                             << "no query preview";
}

void TestEvalProblemQuery::fromInvocationRejects()
{
    QFETCH(QString, toolName);
    QFETCH(QString, inputParams);
    QFETCH(QString, mentions);
    TraceInvocation inv;
    inv.id = 42;
    inv.toolName = toolName;
    inv.inputParams = json::parse(inputParams.toStdString());
    auto p = ProblemQuery::fromInvocation(inv);
    QVERIFY(!p.ok());
    QVERIFY2(p.error().contains(mentions), qPrintable(p.error()));
}

void TestEvalProblemQuery::longPreviewIsFlaggedAsMaybeCut()
{
    TraceInvocation inv;
    inv.toolName = QStringLiteral("lookup_knowledge");
    inv.inputParams = {{"query", QString(160, QLatin1Char('x'))}};
    auto p = ProblemQuery::fromInvocation(inv);
    QVERIFY(p.ok());
    QVERIFY(p->queryMayBeCut);
}

void TestEvalProblemQuery::keysFallBackToRetrievalDetails()
{
    TraceInvocation inv;
    inv.toolName = QStringLiteral("lookup_knowledge");
    inv.inputParams = {{"query", "redis latency spikes"}};
    inv.setRetrievalDetails(
        {{"evidence_keys", {"redis/latency#chunk-2", "redis/big-keys#chunk-0", "c#/gc#chunk-1"}},
         {"evidence_status", "EVIDENCE_FOUND"}});
    auto p = ProblemQuery::fromInvocation(inv);
    QVERIFY(p.ok());
    QCOMPARE(p->candidateEvidenceKeys,
             (QStringList{"redis/latency#chunk-2", "redis/big-keys#chunk-0", "c#/gc#chunk-1"}));
    // no "sources" in the row: derived from the keys (a source's own '#' kept)
    QCOMPARE(p->candidateSources, (QStringList{"redis/latency", "redis/big-keys", "c#/gc"}));
}

void TestEvalProblemQuery::theCallsInterpretationOverTheSamples()
{
    // 870's sample says EVIDENCE_FOUND; the call failed at the tool boundary afterwards. The
    // trace, the filters and health call it ERROR: so does the problem line (before, the
    // sample's EVIDENCE_FOUND beside the trace's "the tool call failed").
    TraceInvocation failed =
        invocation(test::fixture::kRetrySession, test::fixture::kRetryInvocation);
    QVERIFY(failed.fullTrace.is_object());
    failed.success = false;
    failed.errorMessage = QStringLiteral("tool boundary timeout after 5000 ms");
    auto p = ProblemQuery::fromInvocation(failed);
    QVERIFY(p.ok());
    QCOMPARE(p->evidenceStatus,
             interpret::evidenceStatusName(interpret::interpretInvocation(failed).evidenceStatus));
    QCOMPARE(p->evidenceStatus, QStringLiteral("ERROR"));
    QCOMPARE(p->query, QStringLiteral("connection pool exhausted payment-db")); // the sample's
    // A writer's lower-case words in the row and its sample read as the contract's.
    TraceInvocation lower =
        invocation(test::fixture::kRetrySession, test::fixture::kRetryInvocation);
    lower.fullTrace["evidenceStatus"] = "evidence_found";
    lower.fullTrace["relevanceLevel"] = "precise";
    p = ProblemQuery::fromInvocation(lower);
    QVERIFY(p.ok());
    QCOMPARE(p->evidenceStatus, QStringLiteral("EVIDENCE_FOUND"));
    QCOMPARE(p->relevanceLevel, QStringLiteral("PRECISE"));
}

void TestEvalProblemQuery::addFromInvocationThenDeduplicate()
{
    const QString path = m_dir.filePath(QStringLiteral("library/problems.jsonl"));
    auto p = ProblemQuery::fromInvocation(
        invocation(test::fixture::kFallbackSession, test::fixture::kInvocation860));
    QVERIFY(p.ok());
    // A person says: this should have found the HikariCP runbook.
    const EvalCase c = p->toEvalCase({QStringLiteral("mysql/hikaricp-connection-timeout#chunk-1")},
                                     false, {QStringLiteral("fallback")});
    auto added = appendCaseToEvalSet(path, c);
    QVERIFY2(added.ok(), qPrintable(added.ok() ? QString() : added.error()));
    QCOMPARE(added->action, AppendOutcome::Action::Added);
    QCOMPARE(added->line, 1);
    QVERIFY(added->caseId.startsWith(QStringLiteral("pq-order-service-hikaripool-")));

    Expected<EvalSet> set = loadEvalSet(path);
    QVERIFY(set.ok() && set->isValid());
    QCOMPARE(int(set->cases.size()), 1);
    QCOMPARE(set->cases[0].query, test::fixture::kQueryPreview);
    QCOMPARE(set->cases[0].expectedEvidenceKeys,
             QStringList{"mysql/hikaricp-connection-timeout#chunk-1"});
    QCOMPARE(set->cases[0].tags, (QStringList{"problem-query", "fallback"}));

    // The same complaint again: skipped and reported, file untouched.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    auto again = appendCaseToEvalSet(path, c, DuplicatePolicy::Skip);
    QVERIFY(again.ok());
    QCOMPARE(again->action, AppendOutcome::Action::SkippedDuplicate);
    QCOMPARE(again->caseId, added->caseId);
    QVERIFY(again->describe().contains(added->caseId));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
}

void TestEvalProblemQuery::normalisation_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");
    QTest::newRow("case and spaces") << "Redis  OOM\tcommand"
                                     << " redis oom command " << true;
    QTest::newRow("full-width (NFKC)") << "ＯＯＭ command"
                                       << "oom command" << true;
    QTest::newRow("different words") << "redis oom"
                                     << "redis oomkilled" << false;
    QTest::newRow("chinese") << "连接池 耗尽"
                             << "连接池耗尽" << false;
}

void TestEvalProblemQuery::normalisation()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);
    QCOMPARE(normalizedQuery(a) == normalizedQuery(b), same);
}

void TestEvalProblemQuery::updateKeepsIdTagsAndOtherLines()
{
    const QString path = m_dir.filePath(QStringLiteral("update.jsonl"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "{\"id\": \"kept-1\", \"query\": \"Redis OOM command not allowed\", "
        "\"expected_sources\": [\"redis/x\"], \"tags\": [\"redis\"], \"note\": \"mine\"}\n"
        "this line is broken and must survive\n"
        "{\"id\": \"other\", \"query\": \"kafka lag\", \"expected_sources\": [\"kafka/lag\"]}\n");
    f.close();

    EvalCase c;
    c.query = QStringLiteral("redis oom COMMAND not allowed");
    c.expectNoEvidence = true;
    c.tags = QStringList{"problem-query"};
    auto r = appendCaseToEvalSet(path, c, DuplicatePolicy::Update);
    QVERIFY(r.ok());
    QCOMPARE(r->action, AppendOutcome::Action::Updated);
    QCOMPARE(r->caseId, QStringLiteral("kept-1"));
    QCOMPARE(r->line, 1);

    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    QCOMPARE(lines.size(), 4); // three lines and the final newline
    const json first = json::parse(lines[0].toStdString());
    QCOMPARE(first.at("id").get<std::string>(), std::string("kept-1"));
    QCOMPARE(first.at("query").get<std::string>(), std::string("Redis OOM command not allowed"));
    QVERIFY(!first.contains("expected_sources"));
    QVERIFY(first.at("expect_no_evidence").get<bool>());
    QCOMPARE(first.at("tags").size(), size_t(2));
    QCOMPARE(first.at("note").get<std::string>(), std::string("mine"));
    QCOMPARE(lines[1], QByteArray("this line is broken and must survive"));
    QVERIFY(lines[2].contains("\"other\""));
}

void TestEvalProblemQuery::idCollisionGetsSuffix()
{
    const QString path = m_dir.filePath(QStringLiteral("ids.jsonl"));
    EvalCase a;
    a.id = QStringLiteral("same");
    a.query = QStringLiteral("first");
    a.expectNoEvidence = true;
    EvalCase b = a;
    b.query = QStringLiteral("second");
    QVERIFY(appendCaseToEvalSet(path, a).ok());
    auto r = appendCaseToEvalSet(path, b);
    QVERIFY(r.ok());
    QCOMPARE(r->action, AppendOutcome::Action::Added);
    QCOMPARE(r->caseId, QStringLiteral("same-2"));
    QCOMPARE(r->line, 2);
    Expected<EvalSet> set = loadEvalSet(path);
    QVERIFY(set.ok() && set->isValid());
}

void TestEvalProblemQuery::nothingMarkedIsRefused()
{
    EvalCase c;
    c.query = QStringLiteral("something");
    auto r = appendCaseToEvalSet(m_dir.filePath(QStringLiteral("never.jsonl")), c);
    QVERIFY(!r.ok());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never.jsonl"))));
}

void TestEvalProblemQuery::hostileLineIsKeptVerbatim()
{
    // A line nested 100,000 levels deep goes through the input guard: it is neither parsed
    // nor lost, and the case is appended after it.
    const QString path = m_dir.filePath(QStringLiteral("hostile.jsonl"));
    const QByteArray deep = QByteArray(100000, '[') + QByteArray(100000, ']');
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(deep + "\n");
    f.close();
    EvalCase c;
    c.query = QStringLiteral("after the bomb");
    c.expectNoEvidence = true;
    auto r = appendCaseToEvalSet(path, c);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error()));
    QCOMPARE(r->action, AppendOutcome::Action::Added);
    QCOMPARE(r->line, 2);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0], deep);
    QVERIFY(lines[1].contains("after the bomb"));
}

QTEST_GUILESS_MAIN(TestEvalProblemQuery)
#include "tst_eval_problem_query.moc"
