// FindingsView on the production-shaped fixture's rows: the empty retrieval is CRITICAL and
// shown first, legacy and malformed rows carry their warnings with the parse error, every
// non-GOOD finding has a concrete suggestion, a healthy HARNESS row says so, thresholds
// change what fires, and "Copy as JSON" copies what `raglens-cli diagnose` prints.

#include "common/badge_colors.h"
#include "db/audit_database.h"
#include "health/findings_view.h"
#include "health/health_text.h"
#include "health/severity_badge.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/json_compare.h"
#include "trace/audit_browser.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace raglens;
using namespace raglens::ui;
using nlohmann::json;
namespace fixture = raglens::test::fixture;

class TestHealthFindings : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<AuditDatabase> m_db;

    TraceInvocation invocation(qint64 id)
    {
        auto inv = AuditBrowser(*m_db).invocation(id);
        if (!inv)
            qFatal("fixture invocation %lld missing: %s", id, qPrintable(inv.error()));
        return *inv;
    }

private slots:
    void initTestCase()
    {
        m_path = m_dir.filePath(QStringLiteral("fixture.db"));
        QCOMPARE(test::writeProductionFixture(m_path), QString());
        auto db = AuditDatabase::open(m_path);
        QVERIFY2(db.ok(), db.ok() ? "" : qPrintable(db.error()));
        m_db = std::move(*db);
    }

    void fixtureRows_data()
    {
        QTest::addColumn<qint64>("id");
        QTest::addColumn<QString>("overall");
        QTest::addColumn<QStringList>("titles");     // in display order: worst first
        QTest::addColumn<QStringList>("severities"); // same order
        QTest::newRow("860 empty retrieval after retry")
            << fixture::kInvocation860 << "CRITICAL"
            << QStringList{"Empty retrieval", "Retried without the filter"}
            << QStringList{"CRITICAL", "WARNING"};
        QTest::newRow("702 legacy NO_EVIDENCE")
            << fixture::kLegacyNoEvidenceInvocation << "CRITICAL"
            << QStringList{"Empty retrieval", "Legacy row"} << QStringList{"CRITICAL", "WARNING"};
        QTest::newRow("700 legacy EVIDENCE_FOUND")
            << fixture::kLegacyInvocation << "WARNING" << QStringList{"Legacy row"}
            << QStringList{"WARNING"};
        QTest::newRow("701 malformed details")
            << fixture::kTruncatedInvocation << "WARNING"
            << QStringList{"Malformed retrieval details", "Evidence truncated", "Slow retrieval"}
            << QStringList{"WARNING", "WARNING", "WARNING"};
        QTest::newRow("870 retry")
            << fixture::kRetryInvocation << "WARNING" << QStringList{"Retried without the filter"}
            << QStringList{"WARNING"};
        QTest::newRow("859 harness tool") << fixture::kHarnessInvocation << "GOOD"
                                          << QStringList{"Healthy"} << QStringList{"GOOD"};
    }
    void fixtureRows()
    {
        QFETCH(qint64, id);
        QFETCH(QString, overall);
        QFETCH(QStringList, titles);
        QFETCH(QStringList, severities);
        const TraceInvocation inv = invocation(id);
        FindingsView view;
        view.setInvocation(inv);
        QVERIFY(view.diagnosis().has_value());
        QCOMPARE(view.diagnosis()->severity, overall);
        QStringList shownTitles;
        QStringList shownSeverities;
        for (int i = 0; i < view.findingCount(); ++i) {
            shownTitles << view.titleAt(i);
            shownSeverities << view.severityAt(i);
            QVERIFY(!view.detailAt(i).isEmpty());
            if (view.severityAt(i) != QLatin1String("GOOD"))
                QVERIFY2(!view.suggestionAt(i).isEmpty(), qPrintable(view.titleAt(i)));
        }
        QCOMPARE(shownTitles, titles);
        QCOMPARE(shownSeverities, severities);
        QVERIFY(view.summaryText().contains(QString::number(id)));

        // One badge for the overall severity plus one per finding, coloured by severity.
        const auto badges = view.findChildren<SeverityBadge*>();
        QCOMPARE(badges.size(), view.findingCount() + 1);
        int critical = 0;
        for (SeverityBadge* b : badges)
            critical += b->tone() == Tone::Critical;
        QCOMPARE(critical, int(severities.count("CRITICAL")) + (overall == "CRITICAL" ? 1 : 0));
    }

    void malformedShowsParseError()
    {
        const TraceInvocation inv = invocation(fixture::kTruncatedInvocation);
        QVERIFY(!inv.retrievalDetailsError.isEmpty());
        FindingsView view;
        view.setInvocation(inv);
        QCOMPARE(view.titleAt(0), findingTitle(QStringLiteral("malformed_details")));
        QVERIFY2(view.detailAt(0).contains(inv.retrievalDetailsError),
                 qPrintable(view.detailAt(0)));
    }

    void legacyShowsStoredValue()
    {
        const TraceInvocation inv = invocation(fixture::kLegacyInvocation);
        FindingsView view;
        view.setInvocation(inv);
        QVERIFY2(view.detailAt(0).contains(QStringLiteral("EVIDENCE_FOUND")),
                 qPrintable(view.detailAt(0)));
    }

    void copyMatchesCli_data()
    {
        QTest::addColumn<qint64>("id");
        QTest::newRow("860") << fixture::kInvocation860;
        QTest::newRow("701") << fixture::kTruncatedInvocation;
        QTest::newRow("700") << fixture::kLegacyInvocation;
    }
    void copyMatchesCli()
    {
        QFETCH(qint64, id);
        FindingsView view;
        view.setInvocation(invocation(id));
        QApplication::clipboard()->clear();
        view.copyAsJson();
        const json copied = json::parse(QApplication::clipboard()->text().toStdString(), nullptr,
                                        /*allow_exceptions=*/false);
        QVERIFY(copied.is_object());
        const auto cli =
            test::runCli({"diagnose", "--db", m_path, "--invocation", QString::number(id)});
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        // The view lists worst first; compare as sets of (code, severity, message).
        auto findings = [](const json& j) {
            std::multiset<std::string> out;
            for (const json& f : j["findings"])
                out.insert(f["code"].get<std::string>() + "|" + f["severity"].get<std::string>() +
                           "|" + f["message"].get<std::string>());
            return out;
        };
        QVERIFY(findings(copied) == findings(cli.json));
        JCOMPARE(copied["severity"], cli.json["severity"]);
        JCOMPARE(copied["invocationId"], cli.json["invocationId"]);
    }

    void thresholdsChangeFindings()
    {
        FindingsView view;
        view.setInvocation(invocation(fixture::kRetryInvocation));
        QCOMPARE(view.findingCount(), 1);
        DiagnosticThresholds strict;
        strict.slowRetrievalMs = -1; // every lookup is "slow"
        view.setThresholds(strict);
        QStringList titles;
        for (int i = 0; i < view.findingCount(); ++i)
            titles << view.titleAt(i);
        QVERIFY2(titles.contains(findingTitle(QStringLiteral("slow_retrieval"))),
                 qPrintable(titles.join(", ")));
    }

    void clearAndEmpty()
    {
        FindingsView view;
        QCOMPARE(view.findingCount(), 0);
        QVERIFY(!view.diagnosis());
        QVERIFY(!view.summaryText().isEmpty()); // tells the user what to do
        view.setInvocation(invocation(fixture::kInvocation860));
        QVERIFY(view.findingCount() > 0);
        view.clear();
        QCOMPARE(view.findingCount(), 0);
        QVERIFY(view.findChildren<SeverityBadge*>().size() <= 1);

        if (const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR"); !dir.isEmpty()) {
            view.setInvocation(invocation(fixture::kInvocation860));
            view.resize(760, 420);
            view.show();
            QTest::qWait(200);
            QVERIFY(view.grab().save(QDir(dir).filePath(QStringLiteral("findings.png"))));
        }
    }
};

QTEST_MAIN(TestHealthFindings)
#include "tst_health_findings.moc"
