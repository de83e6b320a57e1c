// Diagnostics (DESIGN §5) on the production-shaped fixture and on hand-made rows: which
// findings fire with which severity, health rates and severities, percentiles, problem
// runs, and the diagnose/health commands' contract.

#include "db/audit_database.h"
#include "diagnostics/health_report.h"
#include "diagnostics/invocation_findings.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/json_compare.h"
#include "support/sqlite_statements.h"
#include "trace/audit_browser.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace raglens;
using namespace raglens::test;
using nlohmann::json;

namespace {

QStringList codes(const InvocationDiagnosis& d)
{
    QStringList out;
    for (const Finding& f : d.findings)
        out << f.code;
    return out;
}

TraceInvocation goodLookup()
{
    TraceInvocation inv;
    inv.id = 1;
    inv.toolName = QStringLiteral("lookup_knowledge");
    inv.retrievalLayer = QStringLiteral("L1");
    inv.relevanceLevel = QStringLiteral("PRECISE");
    inv.durationMs = 40;
    inv.setRetrievalDetails(
        {{"evidence_status", "EVIDENCE_FOUND"},
         {"selected_attempt", "FILTERED_VECTOR"},
         {"returned_count", 2},
         {"attempts",
          {{{"name", "FILTERED_VECTOR"}, {"usable", true}, {"top_similarity", 0.92}}}}});
    return inv;
}

} // namespace

class TestDiagnostics : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<AuditDatabase> m_db;

private slots:
    void initTestCase()
    {
        m_path = m_dir.filePath(QStringLiteral("audit.db"));
        QCOMPARE(writeProductionFixture(m_path), QString());
        auto db = AuditDatabase::open(m_path);
        QVERIFY(db.ok());
        m_db = std::move(*db);
    }

    void fixtureInvocations_data()
    {
        QTest::addColumn<qint64>("id");
        QTest::addColumn<QString>("severity");
        QTest::addColumn<QStringList>("codes");
        QTest::newRow("860 empty + retry") << fixture::kInvocation860 << "CRITICAL"
                                           << QStringList{"empty_retrieval", "fallback_retry"};
        QTest::newRow("870 retry after low quality")
            << fixture::kRetryInvocation << "WARNING" << QStringList{"fallback_retry"};
        QTest::newRow("701 malformed, truncated, slow")
            << fixture::kTruncatedInvocation << "WARNING"
            << QStringList{"malformed_details", "evidence_truncated", "slow_retrieval"};
        QTest::newRow("700 legacy")
            << fixture::kLegacyInvocation << "WARNING" << QStringList{"legacy_row"};
        QTest::newRow("702 legacy no evidence")
            << fixture::kLegacyNoEvidenceInvocation << "CRITICAL"
            << QStringList{"legacy_row", "empty_retrieval"};
        QTest::newRow("859 harness")
            << fixture::kHarnessInvocation << "GOOD" << QStringList{"healthy"};
    }
    void fixtureInvocations()
    {
        QFETCH(qint64, id);
        QFETCH(QString, severity);
        QFETCH(QStringList, codes);
        auto inv = AuditBrowser(*m_db).invocation(id);
        QVERIFY(inv.ok());
        const InvocationDiagnosis d = diagnoseInvocation(*inv);
        QCOMPARE(::codes(d), codes);
        QCOMPARE(d.severity, severity);
        for (const Finding& f : d.findings)
            QVERIFY(!f.message.isEmpty());
    }

    void thresholds_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QStringList>("codes");
        QTest::addColumn<QString>("severity");
        QTest::newRow("healthy") << "" << QStringList{"healthy"} << "GOOD";
        QTest::newRow("low quality") << "quality" << QStringList{"low_quality"} << "WARNING";
        QTest::newRow("quality at the bar") << "quality-at-bar" << QStringList{"healthy"} << "GOOD";
        QTest::newRow("slow") << "slow" << QStringList{"slow_retrieval"} << "WARNING";
        QTest::newRow("2000 ms is not slow") << "at-2000" << QStringList{"healthy"} << "GOOD";
        QTest::newRow("big context") << "context" << QStringList{"large_context"} << "WARNING";
        QTest::newRow("tool error") << "error" << QStringList{"tool_error"} << "CRITICAL";
        // No status recorded: the interpretation says "unknown" rather than guessing from a
        // count (the SQL filters could not guess the same way).
        QTest::newRow("no status, zero returned")
            << "empty-count" << QStringList{"missing_status"} << "WARNING";
    }
    void thresholds()
    {
        QFETCH(QString, change);
        QFETCH(QStringList, codes);
        QFETCH(QString, severity);
        TraceInvocation inv = goodLookup();
        std::optional<qint64> stepTokens = 1200;
        if (change == "quality")
            inv.retrievalDetails["attempts"][0]["top_similarity"] = 0.55;
        else if (change == "quality-at-bar")
            inv.retrievalDetails["attempts"][0]["top_similarity"] = 0.6;
        else if (change == "slow")
            inv.durationMs = 2001;
        else if (change == "at-2000")
            inv.durationMs = 2000;
        else if (change == "context")
            stepTokens = 8001;
        else if (change == "error") {
            inv.success = false;
            inv.errorMessage = QStringLiteral("index not loaded");
        } else if (change == "empty-count") {
            inv.retrievalDetails.erase("evidence_status");
            inv.retrievalDetails["returned_count"] = 0;
        }
        inv.setRetrievalDetails(inv.retrievalDetails);
        const InvocationDiagnosis d = diagnoseInvocation(inv, stepTokens);
        QCOMPARE(::codes(d), codes);
        QCOMPARE(d.severity, severity);
    }

    // A status in another writer's words is named as such, not called missing.
    void unknownStatusIsNamed()
    {
        TraceInvocation inv = goodLookup();
        inv.retrievalDetails["evidence_status"] = "PARTIAL";
        inv.setRetrievalDetails(inv.retrievalDetails);
        const InvocationDiagnosis d = diagnoseInvocation(inv);
        QCOMPARE(::codes(d), QStringList{"missing_status"});
        QVERIFY2(d.verdict.contains(QLatin1String("'PARTIAL'")), qPrintable(d.verdict));
        QVERIFY2(!d.verdict.contains(QLatin1String("no evidence status")), qPrintable(d.verdict));
        QVERIFY(d.findings.front().message.contains(QLatin1String("'PARTIAL'")));
        QVERIFY(d.findings.front().evidence["evidence_status"] == "PARTIAL");
        inv.retrievalDetails.erase("evidence_status");
        inv.setRetrievalDetails(inv.retrievalDetails);
        QVERIFY(diagnoseInvocation(inv).verdict.contains(QLatin1String("no evidence status")));
        // A writer that stored its JSON object as a JSON string: said so, not "left out".
        inv.setRetrievalDetails(nlohmann::json(goodLookup().retrievalDetails.dump()));
        const InvocationDiagnosis twice = diagnoseInvocation(inv);
        QVERIFY2(twice.verdict.contains(QLatin1String("as a string")), qPrintable(twice.verdict));
        QVERIFY(twice.findings.front().message.contains(QLatin1String("as a string")));
        inv.setRetrievalDetails(nlohmann::json::array());
        QVERIFY(diagnoseInvocation(inv).verdict.contains(QLatin1String("a JSON array")));
    }

    void fullTraceQualityWins()
    {
        TraceInvocation inv = goodLookup();
        inv.fullTrace = {{"evidenceBlocks", {{{"quality", 0.5}}, {{"quality", 0.6}}}}};
        QCOMPARE(codes(diagnoseInvocation(inv)), QStringList{"low_quality"});
        DiagnosticThresholds lenient;
        lenient.lowQuality = 0.5;
        QCOMPARE(codes(diagnoseInvocation(inv, std::nullopt, lenient)), QStringList{"healthy"});
        // Just under the threshold: as many digits as tell them apart ("0.60 is under 0.60"
        // said nothing).
        inv.fullTrace = {{"evidenceBlocks", {{{"quality", 0.5987}}}}};
        DiagnosticThresholds even;
        even.lowQuality = 0.6;
        const InvocationDiagnosis close = diagnoseInvocation(inv, std::nullopt, even);
        QCOMPARE(codes(close), QStringList{"low_quality"});
        QVERIFY2(close.findings.front().message.contains(QLatin1String("0.599 is under 0.600")),
                 qPrintable(close.findings.front().message));
    }

    void percentiles()
    {
        QCOMPARE(percentile({}, 50), std::optional<qint64>());
        QCOMPARE(percentile({7}, 99), std::optional<qint64>(7));
        const std::vector<qint64> v = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
        QCOMPARE(*percentile(v, 50), 50);
        QCOMPARE(*percentile(v, 90), 90);
        QCOMPARE(*percentile(v, 95), 100);
    }

    void healthOfFixture()
    {
        auto h = computeHealth(*m_db, {}, {});
        QVERIFY(h.ok());
        QCOMPARE(h->runs, 4);
        QCOMPARE(h->fallbackRuns, 1);
        QCOMPARE(h->invocations, 6);
        QCOMPARE(h->lookups, 5);
        QCOMPARE(h->emptyRetrievals, 2); // 860 and legacy 702
        QCOMPARE(h->emptyRetrievalRate, 0.4);
        QCOMPARE(h->emptyRetrievalSeverity, QStringLiteral("CRITICAL"));
        QCOMPARE(h->fallbackRetries, 2);
        QCOMPARE(h->errors, 0);
        QCOMPARE(h->errorSeverity, QStringLiteral("GOOD"));
        QCOMPARE(h->legacyRows, 2);
        QCOMPARE(h->precise, 1);
        QCOMPARE(h->reference, 1);
        QCOMPARE(h->noLevel, 3);
        QCOMPARE(*h->latencyP50, 230);
        QCOMPARE(*h->latencyMax, 2450);
        QCOMPARE(h->severity, QStringLiteral("CRITICAL"));
        QCOMPARE(h->problemRuns.size(), 2u);
        QCOMPARE(h->problemRuns[0].runId, fixture::kFallbackRun);
        QCOMPARE(h->problemRuns[0].reasons,
                 QStringList({"fallback_outcome", "empty_retrieval", "negative_feedback"}));
        QCOMPARE(h->problemRuns[1].runId, fixture::kLegacyRun);
    }

    void healthWindow()
    {
        // Only the two newest runs: no empty retrieval, one retry out of two lookups.
        const QDateTime since = QDateTime(QDate(2026, 3, 3), QTime(0, 0), Qt::UTC);
        auto h = computeHealth(*m_db, since, {});
        QVERIFY(h.ok());
        QCOMPARE(h->runs, 2);
        QCOMPARE(h->lookups, 2);
        QCOMPARE(h->emptyRetrievals, 0);
        QCOMPARE(h->emptyRetrievalSeverity, QStringLiteral("GOOD"));
        QCOMPARE(h->fallbackRate, 0.5);
        QCOMPARE(h->fallbackSeverity, QStringLiteral("WARNING"));
        QVERIFY(h->problemRuns.empty());
        auto none = computeHealth(*m_db, QDateTime(QDate(2030, 1, 1), QTime(0, 0), Qt::UTC), {});
        QVERIFY(none.ok());
        QCOMPARE(none->lookups, 0);
        QVERIFY(!none->latencyP50);
        // Nothing in the window is no sign of health (it was GOOD: an agent that stopped
        // calling the tool showed green).
        QCOMPARE(none->severity, QStringLiteral("NO_DATA"));
        QCOMPARE(none->emptyRetrievalSeverity, QStringLiteral("NO_DATA"));
        QCOMPARE(none->fallbackSeverity, QStringLiteral("NO_DATA"));
        QCOMPARE(none->errorSeverity, QStringLiteral("NO_DATA"));
        QCOMPARE(json(*none).at("severity").get<std::string>(), "NO_DATA");
    }

    void commands()
    {
        const CliResult d = runCli({"diagnose", "--db", m_path, "--invocation", "860"});
        QCOMPARE(d.exitCode, 0);
        JCOMPARE(d.json["severity"], "CRITICAL");
        JCOMPARE(d.json["findings"][0]["code"], "empty_retrieval");
        QVERIFY(d.json["findings"][0]["suggestion"].is_string());
        QCOMPARE(runCli({"diagnose", "--db", m_path, "--invocation", "12345"}).exitCode, 1);
        // Ids may be text: bound as a value, so this is only an id nobody has.
        QCOMPARE(runCli({"diagnose", "--db", m_path, "--invocation", "1 OR 1=1"}).exitCode, 1);
        QCOMPARE(runCli({"diagnose", "--db", m_path}).exitCode, 2);
        const CliResult run = runCli({"diagnose", "--db", m_path, "--run", fixture::kFallbackRun});
        QCOMPARE(run.exitCode, 0);
        JCOMPARE(run.json["severity"], "CRITICAL"); // the run's worst invocation
        QCOMPARE(run.json["invocations"].size(), 2u);
        JCOMPARE(run.json["invocations"][0]["severity"], "GOOD"); // the HARNESS row
        const CliResult retry = runCli({"diagnose", "--db", m_path, "--run", fixture::kRetryRun});
        JCOMPARE(retry.json["severity"], "WARNING");
        QCOMPARE(runCli({"diagnose", "--db", m_path, "--run", "nope"}).exitCode, 1);
        QCOMPARE(runCli({"diagnose", "--db", m_path, "--run", "r", "--invocation", "1"}).exitCode,
                 2);

        const CliResult h = runCli({"health", "--db", m_path, "--since", "2026-03-03"});
        QCOMPARE(h.exitCode, 0);
        JCOMPARE(h.json["runs"], 2);
        JCOMPARE(h.json["window"]["since"], "2026-03-03T00:00:00.000Z");
        JCOMPARE(h.json["fallbackRetry"]["rate"], 0.5);
        QCOMPARE(
            runCli({"health", "--db", m_path, "--since", "2026-03-03", "--until", "2026-03-01"})
                .exitCode,
            2);
        QCOMPARE(runCli({"health", "--db", m_path, "--since", "soon"}).exitCode, 2);
    }

    void aDurationPastTheIntegersIsNoDuration()
    {
        // A duration stored as a real no 64-bit integer holds is no duration: shown as none
        // with what the cell holds, never slow, and left out of health's latencies. Before,
        // it read as the longest duration there is (2^63-1 ms, as SQL's CAST holds it), a
        // value the cell never said. The rows and the facts index agree.
        const QString path = m_dir.filePath(QStringLiteral("overlong.db"));
        QVERIFY(QFile::copy(m_path, path));
        json before;
        {
            const CliResult h = runCli({"health", "--db", m_path, "--facts", "off"});
            QCOMPARE(h.exitCode, 0);
            before = h.json["latencyMs"];
        }
        QCOMPARE(execOnSqliteFile(path, {QStringLiteral("UPDATE tool_invocation SET duration_ms = "
                                                        "1e20 WHERE id = %1")
                                             .arg(fixture::kInvocation860)}),
                 QString());
        {
            auto db = AuditDatabase::open(path);
            QVERIFY(db.ok());
            auto inv = AuditBrowser(**db).invocation(fixture::kInvocation860);
            QVERIFY(inv.ok());
            QCOMPARE(inv->durationMs, std::optional<qint64>());
            QCOMPARE(inv->unreadNumbers.size(), size_t(1));
            QCOMPARE(inv->unreadNumbers.front().column, QStringLiteral("duration_ms"));
            QCOMPARE(inv->unreadNumbers.front().raw, QStringLiteral("1e+20"));
            QVERIFY(!::codes(diagnoseInvocation(*inv)).contains(QStringLiteral("slow_retrieval")));
        }
        for (const char* facts : {"off", "build"}) {
            const CliResult h = runCli({"health", "--db", path, "--facts", facts});
            QCOMPARE(h.exitCode, 0);
            QVERIFY2(h.json["latencyMs"]["max"].get<double>() < 1e12, h.json.dump().c_str());
            QVERIFY(h.json["latencyMs"]["max"] <= before["max"]);
        }
        // A duration with a fraction (a writer's float milliseconds) is a duration, rounded,
        // in the trace and in health's latencies alike.
        const QString fraction = m_dir.filePath(QStringLiteral("fraction.db"));
        QVERIFY(QFile::copy(m_path, fraction));
        QCOMPARE(execOnSqliteFile(fraction, {QStringLiteral("UPDATE tool_invocation SET "
                                                            "duration_ms = 1234567.4 WHERE id = %1")
                                                 .arg(fixture::kInvocation860)}),
                 QString());
        {
            auto db = AuditDatabase::open(fraction);
            QVERIFY(db.ok());
            auto inv = AuditBrowser(**db).invocation(fixture::kInvocation860);
            QVERIFY(inv.ok());
            QCOMPARE(inv->durationMs, std::optional<qint64>(1234567));
            QVERIFY(inv->unreadNumbers.empty());
        }
        for (const char* facts : {"off", "build"}) {
            const CliResult h = runCli({"health", "--db", fraction, "--facts", facts});
            QCOMPARE(h.exitCode, 0);
            JCOMPARE(h.json["latencyMs"]["max"], 1234567);
        }
        // Milliseconds stored as text with a fraction in a TEXT column ('2500.0', as a writer
        // that spells every number as a float leaves them): before, no duration at all, and
        // the slow lookup went unnamed.
        const QString spelled = m_dir.filePath(QStringLiteral("spelled.db"));
        QVERIFY(QFile::copy(m_path, spelled));
        QCOMPARE(execOnSqliteFile(
                     spelled,
                     {QStringLiteral("ALTER TABLE tool_invocation ADD COLUMN spelled TEXT"),
                      QStringLiteral("UPDATE tool_invocation SET spelled = CAST(CAST(duration_ms "
                                     "AS REAL) AS TEXT)"),
                      QStringLiteral("UPDATE tool_invocation SET spelled = '2500.0' WHERE id = %1")
                          .arg(fixture::kInvocation860),
                      QStringLiteral("ALTER TABLE tool_invocation DROP COLUMN duration_ms"),
                      QStringLiteral("ALTER TABLE tool_invocation RENAME COLUMN spelled TO "
                                     "duration_ms")}),
                 QString());
        {
            auto db = AuditDatabase::open(spelled);
            QVERIFY(db.ok());
            auto inv = AuditBrowser(**db).invocation(fixture::kInvocation860);
            QVERIFY(inv.ok());
            QCOMPARE(inv->durationMs, std::optional<qint64>(2500));
            QVERIFY(inv->unreadNumbers.empty());
            QVERIFY(::codes(diagnoseInvocation(*inv)).contains(QStringLiteral("slow_retrieval")));
        }
        for (const char* facts : {"off", "build"}) {
            const CliResult h = runCli({"health", "--db", spelled, "--facts", facts});
            QCOMPARE(h.exitCode, 0);
            JCOMPARE(h.json["latencyMs"]["max"], 2500);
        }
    }
};

QTEST_GUILESS_MAIN(TestDiagnostics)
#include "tst_diagnostics.moc"
