// The problem-query library and run feedback: which lookups become problem queries (the
// interpretation decides, not the SQL that finds candidates), one entry per normalised
// query with the full text when a sampled trace has it, feedback written only where it may
// be, the satisfaction rate in health, and `raglens-cli problems` on a production-shaped
// database and on the demo workspace.

#include "audit/run_feedback.h"
#include "audit/run_recorder.h"
#include "audit/sql_audit_sink.h"
#include "audit/tool_boundary.h"
#include "diagnostics/health_report.h"
#include "eval/eval_case.h"
#include "eval/eval_set_writer.h"
#include "eval/problem_library.h"
#include "interpret/invocation_facts.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "support/audit_fixtures.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/sqlite_statements.h"
#include "trace/trace_service.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test::fixture;
using nlohmann::json;

namespace {

const ProblemLibraryEntry* entryFor(const ProblemLibrary& l, const QString& query)
{
    for (const ProblemLibraryEntry& e : l.entries)
        if (normalizedQuery(e.query.query) == normalizedQuery(query))
            return &e;
    return nullptr;
}

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

/// Records one run asking `query` through the audit boundary; the lookup finds nothing
/// when `empty`, and the run releases `outcome`.
void recordRun(AuditDatabase& db, const QString& session, const QString& query, bool empty,
               const QString& outcome, std::optional<bool> rating = std::nullopt)
{
    auto recorder = RunRecorder::begin(
        db, {QStringLiteral("run-") + session, session, QStringLiteral("u-1"), query});
    QVERIFY2(recorder, recorder ? "" : qPrintable(recorder.error()));
    QVERIFY((*recorder)->beginStep(QStringLiteral("planner")));
    test::FakeLookupTool tool(empty ? test::noEvidenceLookup(query) : test::retryLookup(query));
    SqlAuditSink sink(db, TraceSamplingPolicy::off());
    ToolBoundary boundary(&sink, &(*recorder)->tracker());
    boundary.execute(tool,
                     {QStringLiteral("lookup_knowledge"), {}, {{"query", query.toStdString()}}});
    QVERIFY((*recorder)->finishStep(100));
    QVERIFY((*recorder)->finish(
        {vocab::kCompleted,
         outcome,
         outcome == vocab::kFallback ? vocab::kSafeFallback : vocab::kDiagnosisReport,
         {}}));
    if (rating)
        QVERIFY((*recorder)->addFeedback(*rating, QStringLiteral("rated in a test")));
}

} // namespace

class TestProblemLibrary : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_fixture;

    QString copyOfFixture(const QString& name)
    {
        const QString path = m_dir.filePath(name);
        QFile::remove(path);
        if (!QFile::copy(m_fixture, path))
            return {};
        QFile(path).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_fixture = m_dir.filePath(QStringLiteral("production.db"));
        const QString error = test::writeProductionFixture(m_fixture);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void problemsFollowTheInterpretation()
    {
        auto db = AuditDatabase::open(m_fixture, AccessMode::Inspect);
        QVERIFY(db);
        auto library = collectProblemQueries(**db);
        QVERIFY2(library, library ? "" : qPrintable(library.error()));

        // The FALLBACK run's empty lookup, rated unhelpful: all three reasons, its comment.
        const ProblemLibraryEntry* fallback = entryFor(*library, kQueryPreview);
        QVERIFY(fallback);
        QCOMPARE(fallback->query.invocationId, kInvocation860);
        QCOMPARE(fallback->query.runId, kFallbackRun);
        for (const char* reason : {"fallback_outcome", "negative_feedback", "empty_retrieval"})
            QVERIFY2(fallback->reasons.contains(QLatin1String(reason)), reason);
        QCOMPARE(fallback->feedbackComments,
                 QStringList{QStringLiteral("no concrete answer about the pool")});
        QCOMPARE(fallback->querySource(), QStringLiteral("audit_preview"));

        // Every entry is a problem by core's interpretation of its trace: never a lookup of
        // a run that succeeded with evidence and was rated helpful (the retry session).
        QVERIFY(!entryFor(*library, QStringLiteral("connection pool exhausted payment-db")));
        const TraceService traces(**db);
        for (const ProblemLibraryEntry& e : library->entries) {
            auto trace = traces.getTrace(e.query.sessionId, e.query.runId);
            QVERIFY(trace);
            const TraceRun& run = trace->runs.front();
            bool empty = false;
            for (const TraceInvocation& inv : trace->toolInvocations)
                if (inv.id == e.query.invocationId)
                    empty = interpret::interpretInvocation(inv).evidenceStatus ==
                            interpret::EvidenceStatus::NoEvidence;
            bool disliked = false;
            for (const RunFeedback& f : trace->feedback)
                disliked = disliked || f.satisfied == false;
            QVERIFY2(empty || interpret::isFallbackRun(run) || disliked, qPrintable(e.query.query));
            QCOMPARE(e.reasons.contains(QStringLiteral("empty_retrieval")), empty);
        }
        // The legacy empty lookup has no query preview: skipped, and said so.
        QVERIFY(!library->skipped.isEmpty());
        QVERIFY(
            library->skipped.join(u'\n').contains(QString::number(kLegacyNoEvidenceInvocation)));
    }

    // A store whose calls have no tool_name column: lookups are known by their L1 layer, as
    // the trace, health and the filters know them, so the library is the same one; and the
    // CLI says which problem lookups it skipped instead of printing nothing in silence.
    void lookupsWithoutAToolNameAreStillLookups()
    {
        const QString path = m_dir.filePath(QStringLiteral("no-tool-name.db"));
        QVERIFY(QFile::copy(m_fixture, path));
        QCOMPARE(test::execOnSqliteFile(
                     path, {QStringLiteral("ALTER TABLE tool_invocation DROP COLUMN tool_name")}),
                 QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto library = collectProblemQueries(**db);
        QVERIFY2(library, library ? "" : qPrintable(library.error()));
        const ProblemLibraryEntry* fallback = entryFor(*library, kQueryPreview);
        QVERIFY(fallback);
        QCOMPARE(fallback->query.invocationId, kInvocation860);
        const auto r = test::runCli({QStringLiteral("problems"), QStringLiteral("--db"), path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(kQueryPreview.toUtf8()), r.out.constData());
        QVERIFY2(r.err.contains("skipped"), r.err.constData());
    }

    // Without its run table a store has no session to read a problem from: `problems` says
    // so as the lists, health and the trace do, instead of an empty library and exit 0.
    void aStoreWithoutRunsIsRefusedAsEverywhere()
    {
        const QString path = m_dir.filePath(QStringLiteral("calls-only.db"));
        QVERIFY(QFile::copy(m_fixture, path));
        QCOMPARE(test::execOnSqliteFile(path, {QStringLiteral("DROP TABLE diagnosis_run")}),
                 QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto library = collectProblemQueries(**db);
        QVERIFY(!library);
        QVERIFY2(library.error().contains(QLatin1String("no diagnosis_run table")),
                 qPrintable(library.error()));
        const auto r = test::runCli({QStringLiteral("problems"), QStringLiteral("--db"), path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no diagnosis_run table"), r.err.constData());
    }

    void aDislikedRunWithASampledTraceGivesTheFullQuery()
    {
        const QString path = copyOfFixture(QStringLiteral("rated.db"));
        QVERIFY(!path.isEmpty());
        {
            auto db = AuditDatabase::open(path, AccessMode::Write);
            QVERIFY(db);
            const QDateTime at =
                QDateTime::fromString(QStringLiteral("2026-03-03T11:00:00Z"), Qt::ISODate);
            const Status s =
                writeRunFeedback(**db, kRetryRun, false, QStringLiteral("wrong pool"), at);
            QVERIFY2(s, s ? "" : qPrintable(s.error()));
        }
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto library = collectProblemQueries(**db);
        QVERIFY(library);
        const ProblemLibraryEntry* e =
            entryFor(*library, QStringLiteral("connection pool exhausted payment-db"));
        QVERIFY(e);
        QCOMPARE(e->reasons, QStringList{QStringLiteral("negative_feedback")});
        QCOMPARE(e->querySource(), QStringLiteral("full_trace_sample"));
        QCOMPARE(e->query.candidateEvidenceKeys,
                 QStringList{QStringLiteral("mysql/connection-pool-exhausted#chunk-0")});

        const json line = problemEvalLine(*e);
        QCOMPARE(line.at("needs_review").get<bool>(), true);
        QCOMPARE(line.at("problem").at("query_source").get<QString>(),
                 QStringLiteral("full_trace_sample"));
        QCOMPARE(line.at("problem").at("feedback_comments").at(0).get<QString>(),
                 QStringLiteral("wrong pool"));
        // An eval set refuses a line still to be reviewed, and says what to do.
        auto parsed = evalCaseFromJson(line);
        QVERIFY(!parsed);
        QVERIFY2(parsed.error().contains(QStringLiteral("review")), qPrintable(parsed.error()));
    }

    // A category of white space from an audit row is no category: written, the line would
    // be refused once reviewed (eval sets take no blank value).
    void aBlankCategoryIsNotWritten()
    {
        ProblemLibraryEntry e;
        e.query.query = QStringLiteral("redis oom");
        e.query.category = QStringLiteral("  ");
        QVERIFY(!problemEvalLine(e).contains("category"));
        e.query.category = QStringLiteral("redis");
        QCOMPARE(problemEvalLine(e).at("category").get<QString>(), QStringLiteral("redis"));
    }

    void oneEntryPerNormalisedQueryAndTheWindow()
    {
        const QString path = m_dir.filePath(QStringLiteral("dedupe.db"));
        auto db = AuditDatabase::open(path, AccessMode::Create);
        QVERIFY(db);
        recordRun(**db, QStringLiteral("s-1"), QStringLiteral("Why is Kafka lag growing?"), true,
                  QStringLiteral("FALLBACK"));
        recordRun(**db, QStringLiteral("s-2"), QStringLiteral("why is  KAFKA lag growing?"), true,
                  QStringLiteral("FALLBACK"));
        recordRun(**db, QStringLiteral("s-3"), QStringLiteral("disk full on node-7"), false,
                  QStringLiteral("SUCCESS"), false);
        recordRun(**db, QStringLiteral("s-4"), QStringLiteral("pod OOMKilled"), false,
                  QStringLiteral("SUCCESS"), true);
        auto library = collectProblemQueries(**db);
        QVERIFY(library);
        QCOMPARE(int(library->entries.size()), 2);
        QCOMPARE(library->problemRuns, 3);
        QCOMPARE(library->duplicates, 1);
        const ProblemLibraryEntry* kafka =
            entryFor(*library, QStringLiteral("why is kafka lag growing?"));
        QVERIFY(kafka);
        QCOMPARE(kafka->occurrences, 2);
        QVERIFY(entryFor(*library, QStringLiteral("disk full on node-7")));
        QVERIFY(!entryFor(*library, QStringLiteral("pod OOMKilled")));

        ProblemLibraryOptions later;
        later.since = QDateTime::currentDateTimeUtc().addDays(1);
        auto none = collectProblemQueries(**db, later);
        QVERIFY(none);
        QVERIFY(none->entries.empty());
        ProblemLibraryOptions one;
        one.maxRuns = 1;
        auto first = collectProblemQueries(**db, one);
        QVERIFY(first);
        QCOMPARE(first->problemRuns, 1);
        QCOMPARE(int(first->entries.size()), 1);
    }

    void feedbackIsWrittenOnlyWhereItMayBe()
    {
        const QByteArray before = fileHash(m_fixture);
        {
            auto db = AuditDatabase::open(m_fixture, AccessMode::Inspect);
            QVERIFY(db);
            QVERIFY(!feedbackUnwritableReason(**db).isEmpty());
            const Status s = writeRunFeedback(**db, kFallbackRun, true, QString(),
                                              QDateTime::currentDateTimeUtc());
            QVERIFY(!s);
            QVERIFY2(s.error().contains(QStringLiteral("read-only")), qPrintable(s.error()));
        }
        QCOMPARE(fileHash(m_fixture), before);

        const QString path = copyOfFixture(QStringLiteral("writable.db"));
        auto db = AuditDatabase::open(path, AccessMode::Write);
        QVERIFY(db);
        QVERIFY(feedbackUnwritableReason(**db).isEmpty());
        const Status unknown = writeRunFeedback(**db, QStringLiteral("no-such-run"), false,
                                                QString(), QDateTime::currentDateTimeUtc());
        QVERIFY(!unknown);
        QVERIFY(unknown.error().contains(QStringLiteral("no-such-run")));
        // A rating without a verdict (a comment alone) is kept as unknown.
        QVERIFY(writeRunFeedback(**db, kLegacyRun, std::nullopt, QStringLiteral("just a note"),
                                 QDateTime::currentDateTimeUtc()));
        auto trace = TraceService(**db).getTrace(kLegacySession);
        QVERIFY(trace);
        QCOMPARE(int(trace->feedback.size()), 1);
        QVERIFY(!trace->feedback.front().satisfied.has_value());
        QCOMPARE(trace->feedback.front().comment, QStringLiteral("just a note"));
    }

    // A run id kept as a number in a column without a type (as its writer bound it): the
    // rating finds the run and is written with the run's own value, so it joins its run for
    // every reader; before, "no such run" (the text '42' is not the number 42 there).
    void aRunWhoseIdIsANumberIsRated()
    {
        const QString path = m_dir.filePath(QStringLiteral("untyped-run-id.db"));
        QCOMPARE(test::execOnSqliteFile(
                     path, {QStringLiteral("CREATE TABLE diagnosis_run (run_id PRIMARY KEY, "
                                           "session_id, started_at TEXT)"),
                            QStringLiteral("CREATE TABLE tool_invocation (id INTEGER PRIMARY "
                                           "KEY, run_id, session_id, tool_name TEXT)"),
                            QStringLiteral("CREATE TABLE run_feedback (run_id, satisfied "
                                           "INTEGER, comment TEXT, created_at TEXT)"),
                            QStringLiteral("INSERT INTO diagnosis_run VALUES (42, 7, "
                                           "'2026-12-01T10:00:00Z')")}),
                 QString());
        {
            auto db = AuditDatabase::open(path, AccessMode::Write);
            QVERIFY(db);
            QVERIFY(writeRunFeedback(**db, QStringLiteral("42"), true, QString(),
                                     QDateTime::currentDateTimeUtc()));
            QVERIFY(!writeRunFeedback(**db, QStringLiteral("042"), true, QString(),
                                      QDateTime::currentDateTimeUtc()));
        }
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        QSqlQuery q((*db)->sql());
        QVERIFY(q.exec(QStringLiteral("SELECT typeof(run_id) FROM main.run_feedback")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("integer"));
        auto health = computeHealth(**db, {}, {});
        QVERIFY(health);
        QCOMPARE(health->ratings, 1);
        QCOMPARE(health->satisfiedRatings, 1);
    }

    void healthCountsRatings()
    {
        auto db = AuditDatabase::open(m_fixture, AccessMode::Inspect);
        QVERIFY(db);
        auto health = computeHealth(**db, {}, {});
        QVERIFY(health);
        // One unhelpful (the FALLBACK run) and one helpful (the retry run) rating.
        QCOMPARE(health->ratings, 2);
        QCOMPARE(health->satisfiedRatings, 1);
        QVERIFY(health->satisfactionRate.has_value());
        QCOMPARE(*health->satisfactionRate, 0.5);
        const json j = *health;
        QCOMPARE(j.at("satisfactionRate").get<double>(), 0.5);
        QCOMPARE(j.at("ratings").get<int>(), 2);

        // No rating in the window: no rate, not a rate of zero.
        auto empty = computeHealth(**db, QDateTime::currentDateTimeUtc().addDays(1), {});
        QVERIFY(empty);
        QCOMPARE(empty->ratings, 0);
        QVERIFY(!empty->satisfactionRate.has_value());
        QVERIFY(json(*empty).at("satisfactionRate").is_null());
    }

    void cliWritesReviewableLines()
    {
        const QString out = m_dir.filePath(QStringLiteral("problems.jsonl"));
        const auto written = test::runCli({QStringLiteral("problems"), QStringLiteral("--db"),
                                           m_fixture, QStringLiteral("--out"), out});
        QVERIFY2(written.exitCode == 0, written.err.constData());
        QCOMPARE(written.json.at("written").get<QString>(), out);
        QVERIFY(written.json.at("queries").get<int>() >= 1);
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        QCOMPARE(int(lines.size()), written.json.at("queries").get<int>());
        for (const QByteArray& l : lines) {
            const json line = json::parse(l.toStdString());
            QVERIFY(line.at("needs_review").get<bool>());
            QVERIFY(!line.at("query").get<QString>().isEmpty());
            QVERIFY(line.at("problem").at("reasons").size() >= 1);
        }
        // Without --out the lines themselves go to stdout.
        const auto printed =
            test::runCli({QStringLiteral("problems"), QStringLiteral("--db"), m_fixture});
        QCOMPARE(printed.exitCode, 0);
        QCOMPARE(printed.out.trimmed().split('\n').size(), lines.size());
        // Bad input: a word where a count belongs, a window that ends before it starts.
        QCOMPARE(test::runCli({QStringLiteral("problems"), QStringLiteral("--db"), m_fixture,
                               QStringLiteral("--max-runs"), QStringLiteral("many")})
                     .exitCode,
                 2);
        QCOMPARE(test::runCli({QStringLiteral("problems"), QStringLiteral("--db"), m_fixture,
                               QStringLiteral("--since"), QStringLiteral("2026-03-05"),
                               QStringLiteral("--until"), QStringLiteral("2026-03-01")})
                     .exitCode,
                 2);
    }

    void cliRatesARun()
    {
        const QString path = copyOfFixture(QStringLiteral("cli-rate.db"));
        QVERIFY(!path.isEmpty());
        const QByteArray before = fileHash(path);
        const QStringList rate{QStringLiteral("rate"),
                               QStringLiteral("--db"),
                               path,
                               QStringLiteral("--run"),
                               kRetryRun,
                               QStringLiteral("--helpful"),
                               QStringLiteral("no"),
                               QStringLiteral("--comment"),
                               QStringLiteral("stale runbook")};
        // A database RagLens did not create is written only when asked.
        const auto refused = test::runCli(rate);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("read-only"), refused.err.constData());
        // And it names the option that writes (it said "open it for writing").
        QVERIFY2(refused.err.contains("--write"), refused.err.constData());
        QCOMPARE(fileHash(path), before);
        const auto written = test::runCli(rate + QStringList{QStringLiteral("--write")});
        QVERIFY2(written.exitCode == 0, written.err.constData());
        QCOMPARE(written.json.at("satisfied").get<bool>(), false);
        const auto problems = test::runCli({QStringLiteral("problems"), QStringLiteral("--db"),
                                            path, QStringLiteral("--out"),
                                            m_dir.filePath(QStringLiteral("cli-rate.jsonl"))});
        QCOMPARE(problems.exitCode, 0);
        QCOMPARE(problems.json.at("queriesByReason").at("negative_feedback").get<int>(), 2);
        QCOMPARE(test::runCli({QStringLiteral("rate"), QStringLiteral("--db"), path,
                               QStringLiteral("--run"), kRetryRun, QStringLiteral("--helpful"),
                               QStringLiteral("maybe"), QStringLiteral("--write")})
                     .exitCode,
                 2);
    }

    void demoWorkspace()
    {
        QString error;
        const QString demo =
            test::makeDemoWorkspace(m_dir.filePath(QStringLiteral("demo")), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        const auto r = test::runCli({QStringLiteral("problems"), QStringLiteral("--db"), demo,
                                     QStringLiteral("--out"),
                                     m_dir.filePath(QStringLiteral("demo-problems.jsonl"))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.json.at("queries").get<int>() >= 1);
        QVERIFY(r.json.at("queriesByReason").contains("fallback_outcome"));
        QVERIFY(r.json.at("queriesByReason").contains("empty_retrieval"));
    }
};

QTEST_GUILESS_MAIN(TestProblemLibrary)
#include "tst_problem_library.moc"
