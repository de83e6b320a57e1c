// Stores that key steps, calls and events by text (UUIDs, 'call-860') instead of integers:
// every id is shown as stored, a call stays linked to its step, one call is found again by
// its text id, and the CLI takes such an id. Integer stores keep their numbers.

#include "audit/run_recorder.h"
#include "audit/sql_audit_sink.h"
#include "db/audit_database.h"
#include "interpret/run_facts.h"
#include "model/row_id.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "trace/audit_browser.h"
#include "trace/trace_service.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;

namespace {

/// Rewrites `table` so that `column`s hold `prefix` + the old integer, as text.
QString rekeyAsText(QSqlDatabase& db, const QString& table, const QMap<QString, QString>& prefixes)
{
    QStringList select;
    const QSqlRecord record = db.record(table);
    for (int c = 0; c < record.count(); ++c) {
        const QString name = record.fieldName(c);
        select << (prefixes.contains(name) ? QStringLiteral("CASE WHEN %1 IS NULL THEN NULL ELSE "
                                                            "'%2' || %1 END AS %1")
                                                 .arg(name, prefixes.value(name))
                                           : name);
    }
    QSqlQuery q(db);
    for (const QString& sql : {QStringLiteral("ALTER TABLE %1 RENAME TO old_%1").arg(table),
                               QStringLiteral("CREATE TABLE %1 AS SELECT %2 FROM old_%1")
                                   .arg(table, select.join(QStringLiteral(", "))),
                               QStringLiteral("DROP TABLE old_%1").arg(table)})
        if (!q.exec(sql))
            return q.lastError().text();
    return {};
}

/// The production fixture at `path`, its calls, steps and full-trace samples keyed by
/// `prefix` + the old integer, as text in columns without a type; why not, or empty.
QString writeRekeyedFixture(const QString& path, const QString& prefix)
{
    if (QString error = writeProductionFixture(path); !error.isEmpty())
        return error;
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "rekey-fixture");
        db.setDatabaseName(path);
        if (!db.open())
            return db.lastError().text();
        error = rekeyAsText(db, QStringLiteral("tool_invocation"),
                            {{QStringLiteral("id"), prefix}, {QStringLiteral("step_id"), prefix}});
        if (error.isEmpty())
            error = rekeyAsText(db, QStringLiteral("agent_step"), {{QStringLiteral("id"), prefix}});
        if (error.isEmpty())
            error = rekeyAsText(db, QStringLiteral("lookup_trace_sample"),
                                {{QStringLiteral("invocation_id"), prefix}});
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("rekey-fixture"));
    return error;
}

} // namespace

class TestTextIds : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<AuditDatabase> m_db;

private slots:
    void initTestCase()
    {
        m_path = m_dir.filePath(QStringLiteral("text-ids.db"));
        QCOMPARE(writeProductionFixture(m_path), QString());
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "rekey");
            db.setDatabaseName(m_path);
            QVERIFY(db.open());
            const QString call = QStringLiteral("call-");
            const QString step = QStringLiteral("step-");
            QCOMPARE(rekeyAsText(db, QStringLiteral("tool_invocation"),
                                 {{QStringLiteral("id"), call}, {QStringLiteral("step_id"), step}}),
                     QString());
            QCOMPARE(rekeyAsText(db, QStringLiteral("agent_step"), {{QStringLiteral("id"), step}}),
                     QString());
            QCOMPARE(rekeyAsText(db, QStringLiteral("diagnosis_trace"),
                                 {{QStringLiteral("id"), QStringLiteral("ev-")},
                                  {QStringLiteral("step_id"), step}}),
                     QString());
            QCOMPARE(rekeyAsText(db, QStringLiteral("lookup_trace_sample"),
                                 {{QStringLiteral("invocation_id"), call}}),
                     QString());
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("rekey"));
        auto db = AuditDatabase::open(m_path, AccessMode::Inspect);
        QVERIFY2(db.ok(), qPrintable(db.ok() ? QString() : db.error()));
        m_db = std::move(*db);
    }

    void handlesAreStableNegativeAndDistinct()
    {
        const qint64 a = row_id::handleOf(QStringLiteral("call-860"));
        QCOMPARE(row_id::handleOf(QStringLiteral("call-860")), a);
        QVERIFY(a < 0);
        QVERIFY(row_id::handleOf(QStringLiteral("call-861")) != a);
        QString text;
        // Text that spells a number is that number, its text kept to be bound as stored.
        QCOMPARE(row_id::read(QVariant(QStringLiteral("42")), &text), std::optional<qint64>(42));
        QCOMPARE(text, QStringLiteral("42"));
        QVERIFY(row_id::isNumber(42, text));
        QCOMPARE(row_id::read(QVariant(qint64(42)), &text), std::optional<qint64>(42));
        QVERIFY(text.isEmpty());
        QCOMPARE(row_id::read(QVariant(7.0), &text), std::optional<qint64>(7));
        // Text is a number only as the number's own spelling: zeros and spaces are kept.
        for (const QString& padded : {QStringLiteral("000860"), QStringLiteral(" 860")}) {
            QCOMPARE(row_id::read(QVariant(padded), &text),
                     std::optional<qint64>(row_id::handleOf(padded)));
            QCOMPARE(text, padded);
        }
        QCOMPARE(row_id::read(QVariant(QByteArray("860")), &text), std::optional<qint64>(860));
        QCOMPARE(text, QStringLiteral("860"));
        QVERIFY(!row_id::isNumber(row_id::handleOf(QStringLiteral("call-860")),
                                  QStringLiteral("call-860")));
        QCOMPARE(row_id::read(QVariant(3.5), &text),
                 std::optional<qint64>(row_id::handleOf(QStringLiteral("3.5"))));
        QCOMPARE(text, QStringLiteral("3.5"));
        QCOMPARE(row_id::read(QVariant(), &text), std::nullopt);
        QCOMPARE(row_id::read(QVariant(QString()), &text), std::nullopt);
    }

    void callsKeepTheirTextIdsAndSteps()
    {
        AuditBrowser browser(*m_db);
        auto steps = browser.stepsOfRun(fixture::kFallbackRun);
        QVERIFY(steps.ok());
        QCOMPARE(steps->size(), 2u);
        QCOMPARE(steps->at(0).idText, QStringLiteral("step-%1").arg(fixture::kStep962));
        auto calls = browser.invocationsOfRun(fixture::kFallbackRun);
        QVERIFY(calls.ok());
        QCOMPARE(calls->size(), 2u);
        const TraceInvocation& lookup = calls->at(1);
        QCOMPARE(lookup.idText, QStringLiteral("call-%1").arg(fixture::kInvocation860));
        QCOMPARE(lookup.shownId(), lookup.idText);
        QVERIFY(lookup.id != calls->at(0).id);
        // Linked to its step as an integer store links them: through the same handle.
        QCOMPARE(lookup.stepId, std::optional<qint64>(steps->at(0).id));
        QCOMPARE(lookup.stepIdText, steps->at(0).idText);
    }

    void oneCallIsFoundByItsTextId()
    {
        AuditBrowser browser(*m_db);
        const QString id = QStringLiteral("call-%1").arg(fixture::kRetryInvocation);
        auto inv = browser.invocation(id);
        QVERIFY2(inv.ok(), qPrintable(inv.ok() ? QString() : inv.error()));
        QCOMPARE(inv->idText, id);
        // The full-trace sample is keyed by the same text.
        QVERIFY(inv->fullTrace.is_object());
        auto missing = browser.invocation(QStringLiteral("call-none"));
        QVERIFY(!missing);
        QVERIFY(missing.error().contains(QLatin1String("call-none")));
    }

    void callsWithoutARunArePagedByTheirText()
    {
        // Pages continue after the last id as stored: after its handle, every text id would
        // sort later again and `check` would read the first page for ever.
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "runless");
            db.setDatabaseName(m_path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            for (const char* id : {"call-r1", "call-r2", "call-r3"})
                QVERIFY(
                    q.exec(QStringLiteral("INSERT INTO tool_invocation (id, session_id, "
                                          "tool_name) VALUES ('%1', 'sess-runless', 'get_logs')")
                               .arg(QLatin1String(id))));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("runless"));
        const AuditBrowser browser(*m_db);
        QStringList read;
        QVariant after;
        for (int pages = 0; pages < 5; ++pages) {
            auto page = browser.callsWithoutRunId(after, 2, QStringLiteral("sess-runless"));
            QVERIFY(page);
            if (page->empty())
                break;
            for (const TraceInvocation& call : *page)
                read << call.idText;
            after = page->back().storedId();
        }
        QCOMPARE(read, (QStringList{"call-r1", "call-r2", "call-r3"}));
    }

    void traceJsonShowsTheStoredTextAndReadsItBack()
    {
        auto trace = TraceService(*m_db).getTrace(fixture::kFallbackSession);
        QVERIFY(trace.ok());
        const nlohmann::json j = *trace;
        bool sawLookup = false;
        for (const auto& inv : j.at("toolInvocations")) {
            QVERIFY2(inv.at("id").is_string(), inv.dump().c_str());
            if (inv.at("id") ==
                QStringLiteral("call-%1").arg(fixture::kInvocation860).toStdString()) {
                sawLookup = true;
                QCOMPARE(inv.at("stepId").get<std::string>(),
                         QStringLiteral("step-%1").arg(fixture::kStep962).toStdString());
            }
        }
        QVERIFY(sawLookup);
        for (const auto& step : j.at("steps"))
            QVERIFY(step.at("id").is_string());
        for (const auto& event : j.at("timeline"))
            QVERIFY(event.at("id").is_string());
        // Read back (import, saved traces): the same ids, the same links.
        const DiagnosisTraceResponse back = j.get<DiagnosisTraceResponse>();
        QCOMPARE(back.toolInvocations.size(), trace->toolInvocations.size());
        for (size_t i = 0; i < back.toolInvocations.size(); ++i) {
            QCOMPARE(back.toolInvocations[i].id, trace->toolInvocations[i].id);
            QCOMPARE(back.toolInvocations[i].idText, trace->toolInvocations[i].idText);
            QCOMPARE(back.toolInvocations[i].stepId, trace->toolInvocations[i].stepId);
        }
    }

    void fullTraceSamplesJoinTheirCalls()
    {
        // lookup_trace_sample.invocation_id holds the same text as the call's id.
        auto trace = TraceService(*m_db).getTrace(fixture::kRetrySession);
        QVERIFY(trace.ok());
        const QString id = QStringLiteral("call-%1").arg(fixture::kRetryInvocation);
        bool found = false;
        for (const TraceInvocation& inv : trace->toolInvocations)
            if (inv.idText == id) {
                found = true;
                QVERIFY(inv.fullTrace.is_object());
            }
        QVERIFY(found);
    }

    void exportedTracesImportAndExportShowsTextIds()
    {
        // The trace JSON of a text-keyed store imports into a store RagLens creates (new
        // integer ids, each call still under its step) ...
        const QString file = m_dir.filePath(QStringLiteral("trace.json"));
        const CliResult exported =
            runCli({"export", "--db", m_path, fixture::kFallbackSession, "--out", file});
        QCOMPARE(exported.exitCode, 0);
        const QString target = m_dir.filePath(QStringLiteral("imported.db"));
        const CliResult imported = runCli({"import", "--db", target, file});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        auto db = AuditDatabase::open(target, AccessMode::Inspect);
        QVERIFY(db.ok());
        auto calls = AuditBrowser(**db).invocationsOfRun(fixture::kFallbackRun);
        auto steps = AuditBrowser(**db).stepsOfRun(fixture::kFallbackRun);
        QVERIFY(calls.ok() && steps.ok());
        QCOMPARE(calls->size(), 2u);
        QVERIFY(calls->at(1).idText.isEmpty());
        QVERIFY(calls->at(1).id > 0);
        QVERIFY(calls->at(1).stepId);
        bool underAStep = false;
        for (const TraceStep& s : *steps)
            underAStep = underAStep || s.id == *calls->at(1).stepId;
        QVERIFY(underAStep);
        // ... and OTLP spans carry the text, not a handle.
        const CliResult otlp =
            runCli({"export", "--db", m_path, fixture::kFallbackSession, "--format", "otlp"});
        QCOMPARE(otlp.exitCode, 0);
        QVERIFY(otlp.out.contains(
            QStringLiteral("\"stringValue\":\"call-%1\"").arg(fixture::kInvocation860).toUtf8()));
    }

    void runComparisonsNameCallsByText()
    {
        const CliResult c = runCli({"compare", "--db", m_path, "--run", fixture::kFallbackRun,
                                    "--run", fixture::kRetryRun});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        const std::string dump = c.json.dump();
        QVERIFY2(dump.find("\"call-") != std::string::npos, dump.c_str());
        QVERIFY2(dump.find("\"aInvocationId\":-") == std::string::npos, dump.c_str());
        QVERIFY2(dump.find("\"bInvocationId\":-") == std::string::npos, dump.c_str());
    }

    void integerIdsStayNumbers()
    {
        const QString path = m_dir.filePath(QStringLiteral("integer-ids.db"));
        QCOMPARE(writeProductionFixture(path), QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db.ok());
        auto trace = TraceService(**db).getTrace(fixture::kFallbackSession);
        QVERIFY(trace.ok());
        const nlohmann::json j = *trace;
        for (const auto& inv : j.at("toolInvocations"))
            QVERIFY2(inv.at("id").is_number_integer(), inv.dump().c_str());
    }

    void theCliTakesTextIds()
    {
        const QString id = QStringLiteral("call-%1").arg(fixture::kInvocation860);
        const CliResult d = runCli({"diagnose", "--db", m_path, "--invocation", id});
        QCOMPARE(d.exitCode, 0);
        QCOMPARE(d.json.at("invocationId").get<std::string>(), id.toStdString());
        // Not there: a clear message naming it, exit 1; bound, never spliced into SQL.
        const CliResult none = runCli({"diagnose", "--db", m_path, "--invocation", "1' OR '1'='1"});
        QCOMPARE(none.exitCode, 1);
        QVERIFY(none.err.contains("1' OR '1'='1"));
    }

    void everyViewNamesTheSameFirstFailedCall()
    {
        // Two failed lookups whose text order ('call-a…' before 'call-z…') is the reverse of
        // the order they were made in: the trace (listed by time), `diagnose --run` and the
        // tree (listed by id) must all blame the call made first.
        const QString path = m_dir.filePath(QStringLiteral("call-order.db"));
        QVERIFY(QFile::copy(m_path, path));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "order");
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral(
                "INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
                "started_at) VALUES ('run-order', 'sess-order', 'COMPLETED', 'FALLBACK', "
                "'2026-01-02T10:00:00Z')")));
            for (const auto& [id, at, error] :
                 {std::tuple{"call-a-made-second", "2026-01-02T10:00:05Z", "second failure"},
                  std::tuple{"call-z-made-first", "2026-01-02T10:00:01Z", "first failure"}})
                QVERIFY2(
                    q.exec(QStringLiteral("INSERT INTO tool_invocation (id, run_id, "
                                          "session_id, tool_name, success, error_message, "
                                          "created_at) VALUES ('%1', 'run-order', "
                                          "'sess-order', 'lookup_knowledge', 0, '%3', '%2')")
                               .arg(QLatin1String(id), QLatin1String(at), QLatin1String(error))),
                    qPrintable(q.lastError().text()));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("order"));
        const std::string first = "call-z-made-first";
        const CliResult trace = runCli({"trace", "--db", path, "sess-order"});
        QCOMPARE(trace.exitCode, 0);
        const nlohmann::json& cause = trace.json.at("runs").at(0).at("fallbackCause");
        QCOMPARE(cause.at("kind").get<std::string>(), std::string("tool_error"));
        QCOMPARE(cause.at("invocationId").get<std::string>(), first);
        const CliResult diagnose = runCli({"diagnose", "--db", path, "--run", "run-order"});
        QCOMPARE(diagnose.exitCode, 0);
        QCOMPARE(diagnose.json.at("fallbackCause").at("invocationId").get<std::string>(), first);
        // The browse rows come back in the call order; core's cause does not depend on it.
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db.ok());
        auto calls = AuditBrowser(**db).invocationsOfRun(QStringLiteral("run-order"));
        QVERIFY(calls.ok());
        QCOMPARE(calls->size(), 2u);
        QCOMPARE(calls->front().idText, QString::fromStdString(first));
        for (auto order : {*calls, std::vector<TraceInvocation>(calls->rbegin(), calls->rend())}) {
            TraceRun run;
            run.runId = QStringLiteral("run-order");
            run.releaseOutcome = QStringLiteral("FALLBACK");
            const auto c = interpret::runFallbackCause(run, order);
            QCOMPARE(c.invocationIdText, QString::fromStdString(first));
            QCOMPARE(interpret::mostTellingCall(order, c), c.invocationId);
            QVERIFY2(c.sentence.contains(QStringLiteral("first failure")), qPrintable(c.sentence));
        }
    }

    void zeroPaddedIdsKeepTheirZeros()
    {
        // Ids such as '000860' in text columns: read, shown, linked and found as stored.
        // Before, they read as 860 and were bound back as 860, which a text column does not
        // equal: the call's drill-down and `--invocation 000860` found nothing.
        const QString path = m_dir.filePath(QStringLiteral("zero-padded.db"));
        QCOMPARE(writeRekeyedFixture(path, QStringLiteral("000")), QString());
        const QString id = QStringLiteral("000%1").arg(fixture::kInvocation860);
        {
            auto db = AuditDatabase::open(path, AccessMode::Inspect);
            QVERIFY(db.ok());
            AuditBrowser browser(**db);
            auto steps = browser.stepsOfRun(fixture::kFallbackRun);
            QVERIFY(steps.ok());
            auto calls = browser.invocationsOfRun(fixture::kFallbackRun);
            QVERIFY(calls.ok());
            const auto lookup = std::find_if(calls->begin(), calls->end(),
                                             [&id](const auto& c) { return c.idText == id; });
            QVERIFY(lookup != calls->end());
            QCOMPARE(lookup->stepIdText, QStringLiteral("000%1").arg(fixture::kStep962));
            QCOMPARE(lookup->stepId, std::optional<qint64>(steps->at(0).id));
            auto opened = browser.invocation(lookup->storedId());
            QVERIFY2(opened.ok(), opened.ok() ? "" : qPrintable(opened.error()));
            QCOMPARE(opened->idText, id);
            // A full-trace sample joins its call by the same padded text.
            auto sampled =
                browser.invocation(QStringLiteral("000%1").arg(fixture::kRetryInvocation));
            QVERIFY2(sampled.ok(), sampled.ok() ? "" : qPrintable(sampled.error()));
            QVERIFY(sampled->fullTrace.is_object());
        }
        const CliResult d = runCli({"diagnose", "--db", path, "--invocation", id});
        QCOMPARE(d.exitCode, 0);
        QCOMPARE(d.json.at("invocationId").get<std::string>(), id.toStdString());
        // The plain number names no call here: the store holds only the padded text.
        const CliResult plain = runCli(
            {"diagnose", "--db", path, "--invocation", QString::number(fixture::kInvocation860)});
        QCOMPARE(plain.exitCode, 1);
    }

    void numbersKeptAsTextInAColumnWithoutAType()
    {
        // An SQLite column declared without a type keeps each value's own: '860' there is
        // not 860. Before, such ids read as 860 and were bound back as 860: the drill-down
        // found nothing, and `check` paged its calls without a run for ever (every text sorts
        // after the number bound as the last id).
        const QString path = m_dir.filePath(QStringLiteral("typeless.db"));
        QCOMPARE(writeRekeyedFixture(path, QString()), QString());
        constexpr int kRunless = 1100; // more than one of check's pages
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "typeless");
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT typeof(id) FROM tool_invocation LIMIT 1")));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("text"));
            QVERIFY(db.transaction());
            for (int n = 0; n < kRunless; ++n)
                QVERIFY(q.exec(QStringLiteral("INSERT INTO tool_invocation (id, session_id, "
                                              "tool_name, created_at) VALUES ('%1', "
                                              "'sess-runless', 'get_logs', "
                                              "'2026-11-20T09:00:00Z')")
                                   .arg(900000 + n)));
            // The integer 860 beside the text '860', sharing its tool_call_id: two calls.
            QVERIFY(q.exec(QStringLiteral("INSERT INTO tool_invocation (id, session_id, "
                                          "tool_name, tool_call_id, created_at) SELECT 860, "
                                          "'sess-mixed', 'get_logs', tool_call_id, created_at "
                                          "FROM tool_invocation WHERE id = '860'")));
            QCOMPARE(q.numRowsAffected(), 1);
            QVERIFY(db.commit());
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("typeless"));
        const QString id = QString::number(fixture::kInvocation860);
        {
            auto db = AuditDatabase::open(path, AccessMode::Inspect);
            QVERIFY(db.ok());
            AuditBrowser browser(**db);
            auto steps = browser.stepsOfRun(fixture::kFallbackRun);
            QVERIFY(steps.ok());
            auto calls = browser.invocationsOfRun(fixture::kFallbackRun);
            QVERIFY(calls.ok());
            const auto lookup = std::find_if(calls->begin(), calls->end(),
                                             [](const auto& c) { return c.id == 860; });
            QVERIFY(lookup != calls->end());
            QCOMPARE(lookup->idText, id); // kept, to be bound as stored
            QCOMPARE(lookup->stepId, std::optional<qint64>(steps->at(0).id));
            auto opened = browser.invocation(lookup->storedId());
            QVERIFY2(opened.ok(), opened.ok() ? "" : qPrintable(opened.error()));
            QCOMPARE(opened->id, qint64(860));
            // The number as typed finds it too, and its full-trace sample with it.
            auto sampled = browser.invocation(QVariant(fixture::kRetryInvocation));
            QVERIFY2(sampled.ok(), sampled.ok() ? "" : qPrintable(sampled.error()));
            QVERIFY(sampled->fullTrace.is_object());
        }
        // The CLI's number finds the text-kept call, and prints it as stored.
        const QString retry = QString::number(fixture::kRetryInvocation);
        const CliResult d = runCli({"diagnose", "--db", path, "--invocation", retry});
        QCOMPARE(d.exitCode, 0);
        QCOMPARE(d.json.at("invocationId").get<std::string>(), retry.toStdString());
        const CliResult check = runCli({"check", "--db", path});
        QVERIFY2(check.exitCode == 0 || check.exitCode == 1, check.err.constData());
        QVERIFY(check.json.at("checked").at("invocations").get<int>() >= kRunless);
        // 860 and '860' are told apart: the text one shares its tool_call_id with the other.
        QVERIFY2(check.out.contains("is also used by invocation 860"), check.out.left(2000));
        {
            auto db = AuditDatabase::open(path, AccessMode::Inspect);
            QVERIFY(db.ok());
            auto integer = AuditBrowser(**db).invocation(QVariant(qint64(860)));
            QVERIFY(integer.ok());
            QVERIFY(integer->idText.isEmpty()); // the number asked finds the integer first
            QCOMPARE(integer->sessionId, QStringLiteral("sess-mixed"));
        }
    }

    void recordingRefusesATextKeyedStoreBeforeWriting()
    {
        // A new row's id is read back to link its calls and events; a store that keys rows by
        // text gives none. Refused up front, with the reason, and nothing is written.
        const QString path = m_dir.filePath(QStringLiteral("record.db"));
        QVERIFY(QFile::copy(m_path, path));
        const auto count = [&path](const char* table) {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "count");
            db.setDatabaseName(path);
            int n = -1;
            if (db.open()) {
                QSqlQuery q(db);
                if (q.exec(QStringLiteral("SELECT COUNT(*) FROM %1").arg(QLatin1String(table))) &&
                    q.next())
                    n = q.value(0).toInt();
            }
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(QStringLiteral("count"));
            return n;
        };
        const int runs = count("diagnosis_run"), calls = count("tool_invocation");
        {
            auto db = AuditDatabase::open(path, AccessMode::Write);
            QVERIFY2(db.ok(), qPrintable(db.ok() ? QString() : db.error()));
            RunStart start;
            start.runId = QStringLiteral("run-new");
            start.sessionId = QStringLiteral("sess-new");
            auto recorder = RunRecorder::begin(**db, start);
            QVERIFY(!recorder);
            QVERIFY2(recorder.error().contains(QLatin1String("number their rows")) &&
                         recorder.error().contains(QLatin1String("agent_step.id")),
                     qPrintable(recorder.error()));
            auto resumed =
                RunRecorder::resume(**db, fixture::kFallbackRun, fixture::kFallbackSession);
            QVERIFY(!resumed);
            QVERIFY2(resumed.error().contains(QLatin1String("number their rows")),
                     qPrintable(resumed.error()));
            ToolInvocationAuditEvent event;
            event.sessionId = start.sessionId;
            event.runId = start.runId;
            event.toolName = QStringLiteral("query_logs");
            auto written = SqlAuditSink(**db).write(event);
            QVERIFY(!written);
            QVERIFY2(written.error().contains(QLatin1String("Nothing was written")),
                     qPrintable(written.error()));
        }
        QCOMPARE(count("diagnosis_run"), runs);
        QCOMPARE(count("tool_invocation"), calls);
    }
};

QTEST_GUILESS_MAIN(TestTextIds)
#include "tst_text_ids.moc"
