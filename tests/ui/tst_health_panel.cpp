// The Health panel against the real CLI: on the demo workspace and on the production-shaped
// fixture, for several windows, the tiles, the relevance chart and the problematic-runs table
// show what `raglens-cli health` prints; FALLBACK runs are listed and navigable (Enter,
// "Open run", "Add to eval set"); the problem-runs model and proxy pass
// QAbstractItemModelTester; bad input (missing file, reversed custom range) is reported and
// a superseded computation never overwrites a newer one.

#include "common/badge_colors.h"
#include "common/json_qt.h"
#include "health/health_panel.h"
#include "health/health_text.h"
#include "health/health_tiles.h"
#include "health/health_window_selector.h"
#include "health/problem_runs_model.h"
#include "health/problem_runs_proxy.h"
#include "health/relevance_chart.h"
#include "health/severity_badge.h"
#include "mainwindow/theme.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace raglens;
using namespace raglens::ui;
using nlohmann::json;
using Preset = HealthWindowSelector::Preset;
using Tile = HealthTiles::Tile;

namespace {

Tone toneOfSeverity(const json& j)
{
    return severityTone(QString::fromStdString(j.get<std::string>()));
}

std::optional<qint64> optionalMs(const json& j)
{
    if (j.is_null())
        return std::nullopt;
    return j.get<qint64>();
}

// Waits for the panel's next report (or failure); true when a report arrived.
bool waitForReport(HealthPanel& panel, QSignalSpy& computed, QSignalSpy& failed)
{
    const bool arrived =
        QTest::qWaitFor([&] { return computed.count() > 0 || failed.count() > 0; }, 20000);
    return arrived && computed.count() > 0 && !panel.isComputing();
}

std::set<QString> tableRunIds(QAbstractItemModel* model)
{
    std::set<QString> out;
    for (int r = 0; r < model->rowCount(); ++r)
        out.insert(model->index(r, 0).data(ProblemRunsModel::RunIdRole).toString());
    return out;
}

ProblemRun problem(const QString& run, const QString& started, QStringList reasons,
                   const QString& outcome = QStringLiteral("FALLBACK"))
{
    ProblemRun p;
    p.runId = run;
    p.sessionId = QStringLiteral("sess-") + run;
    p.question = QStringLiteral("why is %1 slow").arg(run);
    p.releaseOutcome = outcome;
    p.startedAt = json_util::parseIsoUtc(started);
    p.reasons = std::move(reasons);
    return p;
}

} // namespace

class TestHealthPanel : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demoDb;
    QString m_fixtureDb;

    // Everything the user reads on the panel must equal the CLI's health JSON.
    void compareWithCli(HealthPanel& panel, const json& cli)
    {
        QVERIFY(panel.report().has_value());
        const HealthReport& r = *panel.report();
        QCOMPARE(r.runs, cli["runs"].get<int>());
        QCOMPARE(r.lookups, cli["lookups"].get<int>());
        QCOMPARE(r.invocations, cli["invocations"].get<int>());
        QCOMPARE(r.emptyRetrievals, cli["emptyRetrieval"]["count"].get<int>());
        QCOMPARE(r.fallbackRetries, cli["fallbackRetry"]["count"].get<int>());
        QCOMPARE(r.errors, cli["errors"]["count"].get<int>());
        QCOMPARE(r.problemRunCount, cli["problemRunCount"].get<int>());

        HealthTiles* tiles = panel.tiles();
        QCOMPARE(tiles->valueText(Tile::Runs), QLocale().toString(cli["runs"].get<int>()));
        // A rate over nothing (NO_DATA) reads "–", never 0 %.
        const auto rateOf = [](const json& part) {
            return part["severity"] == "NO_DATA" ? QStringLiteral("–")
                                                 : rateText(part["rate"].get<double>());
        };
        QCOMPARE(tiles->valueText(Tile::EmptyRetrieval), rateOf(cli["emptyRetrieval"]));
        QCOMPARE(tiles->valueText(Tile::FallbackRate), rateOf(cli["fallbackRetry"]));
        QCOMPARE(tiles->valueText(Tile::ErrorRate), rateOf(cli["errors"]));
        QCOMPARE(panel.overallBadge()->severity(),
                 QString::fromStdString(cli["severity"].get<std::string>()));
        QVERIFY(panel.overallBadge()->text().contains(
            severityText(QString::fromStdString(cli["severity"].get<std::string>()))));
        QCOMPARE(tiles->tone(Tile::EmptyRetrieval),
                 toneOfSeverity(cli["emptyRetrieval"]["severity"]));
        QCOMPARE(tiles->tone(Tile::FallbackRate), toneOfSeverity(cli["fallbackRetry"]["severity"]));
        QCOMPARE(tiles->tone(Tile::ErrorRate), toneOfSeverity(cli["errors"]["severity"]));
        QCOMPARE(r.ratings, cli["ratings"].get<int>());
        QCOMPARE(tiles->valueText(Tile::Satisfaction),
                 cli["satisfactionRate"].is_null()
                     ? QStringLiteral("–")
                     : rateText(cli["satisfactionRate"].get<double>()));
        QCOMPARE(tiles->valueText(Tile::LatencyP50),
                 latencyText(optionalMs(cli["latencyMs"]["p50"])));
        QCOMPARE(tiles->valueText(Tile::LatencyP95),
                 latencyText(optionalMs(cli["latencyMs"]["p95"])));
        QCOMPARE(tiles->valueText(Tile::LatencyP99),
                 latencyText(optionalMs(cli["latencyMs"]["p99"])));

        QCOMPARE(panel.relevanceChart()->count(QStringLiteral("PRECISE")),
                 cli["relevance"]["PRECISE"].get<int>());
        QCOMPARE(panel.relevanceChart()->count(QStringLiteral("REFERENCE")),
                 cli["relevance"]["REFERENCE"].get<int>());
        QCOMPARE(panel.relevanceChart()->count(QStringLiteral("none")),
                 cli["relevance"]["none"].get<int>());
        // The legend shows the count next to the level ("–" when there were no lookups).
        if (r.lookups > 0)
            QVERIFY(panel.relevanceChart()
                        ->legendText(QStringLiteral("PRECISE"))
                        .contains(QLocale().toString(cli["relevance"]["PRECISE"].get<int>())));

        std::set<QString> cliRuns;
        for (const json& p : cli["problemRuns"])
            cliRuns.insert(QString::fromStdString(p["runId"].get<std::string>()));
        QCOMPARE(tableRunIds(panel.problemRunsModel()), cliRuns);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        m_demoDb = test::makeDemoWorkspace(m_dir.filePath(QStringLiteral("ws")), &error);
        QVERIFY2(!m_demoDb.isEmpty(), qPrintable(error));
        m_fixtureDb = m_dir.filePath(QStringLiteral("fixture.db"));
        QCOMPARE(test::writeProductionFixture(m_fixtureDb), QString());
    }

    void problemRunsModel()
    {
        ProblemRunsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ProblemRunsProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(
            &proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProblemRuns(
            {problem("b", "2026-11-02T10:00:00.000Z", {"fallback_outcome"}),
             problem("a", "2026-11-10T09:00:00.000Z", {"fallback_outcome", "empty_retrieval"}),
             problem("c", "2026-11-01T08:00:00.000Z", {"negative_feedback"},
                     QStringLiteral("SUCCESS"))});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(ProblemRunsModel::ColumnCount));
        QCOMPARE(model.index(1, ProblemRunsModel::ReasonsColumn).data().toString(),
                 problemReasonText("fallback_outcome") + ", " +
                     problemReasonText("empty_retrieval"));
        // A run without evidence is critical, a FALLBACK alone a warning.
        const QPalette pal = QApplication::palette();
        QCOMPARE(model.index(1, ProblemRunsModel::ReasonsColumn)
                     .data(Qt::BackgroundRole)
                     .value<QColor>(),
                 badgeBackground(Tone::Critical, pal));
        QCOMPARE(model.index(0, ProblemRunsModel::ReasonsColumn)
                     .data(Qt::BackgroundRole)
                     .value<QColor>(),
                 badgeBackground(Tone::Warning, pal));

        // Sorting by start time uses the time, not the display text.
        proxy.sort(ProblemRunsModel::StartedColumn, Qt::AscendingOrder);
        QStringList order;
        for (int r = 0; r < proxy.rowCount(); ++r)
            order << proxy.index(r, 0).data(ProblemRunsModel::RunIdRole).toString();
        QCOMPARE(order, (QStringList{"c", "b", "a"}));

        proxy.setReason(QStringLiteral("fallback_outcome"));
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setReason(QStringLiteral("empty_retrieval"));
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, 0).data(ProblemRunsModel::SessionIdRole).toString(),
                 QStringLiteral("sess-a"));
        proxy.setReason(QString());
        proxy.setText(QStringLiteral("SESS-C"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setText(QString());
        model.clear();
        QCOMPARE(proxy.rowCount(), 0);
    }

    void matchesCli_data()
    {
        QTest::addColumn<QString>("db");
        QTest::addColumn<int>("preset");
        QTest::addColumn<QString>("since"); // custom range only (ISO, minute precision)
        QTest::addColumn<QString>("until");
        QTest::addColumn<QStringList>("cliArgs");
        QTest::newRow("demo, all time") << "demo" << int(Preset::AllTime) << ""
                                        << "" << QStringList{};
        QTest::newRow("demo, last 7 days") << "demo" << int(Preset::Last7Days) << ""
                                           << "" << QStringList{"--since", "7d"};
        QTest::newRow("demo, last 24 hours") << "demo" << int(Preset::Last24Hours) << ""
                                             << "" << QStringList{"--since", "1d"};
        QTest::newRow("demo, custom 21st to 24th")
            << "demo" << int(Preset::Custom) << "2026-11-21T00:00:00.000Z"
            << "2026-11-24T00:00:00.000Z"
            << QStringList{"--since", "2026-11-21T00:00:00.000Z", "--until",
                           "2026-11-24T00:00:00.000Z"};
        QTest::newRow("demo, custom empty range")
            << "demo" << int(Preset::Custom) << "2020-01-01T00:00:00.000Z"
            << "2020-01-02T00:00:00.000Z"
            << QStringList{"--since", "2020-01-01T00:00:00.000Z", "--until",
                           "2020-01-02T00:00:00.000Z"};
        QTest::newRow("foreign fixture, all time") << "fixture" << int(Preset::AllTime) << ""
                                                   << "" << QStringList{};
    }
    void matchesCli()
    {
        QFETCH(QString, db);
        QFETCH(int, preset);
        QFETCH(QString, since);
        QFETCH(QString, until);
        QFETCH(QStringList, cliArgs);
        const QString path = db == "demo" ? m_demoDb : m_fixtureDb;

        HealthPanel panel;
        QSignalSpy computed(&panel, &HealthPanel::healthComputed);
        QSignalSpy failed(&panel, &HealthPanel::healthFailed);
        if (preset == int(Preset::Custom))
            panel.windowSelector()->setCustomRange(json_util::parseIsoUtc(since),
                                                   json_util::parseIsoUtc(until));
        else
            panel.windowSelector()->setPreset(Preset(preset));
        QVERIFY(!panel.hasDatabase());
        QCOMPARE(computed.count(), 0); // nothing to compute without a database
        panel.setDatabase(path);
        QVERIFY(panel.isComputing());
        // While it computes, nothing is claimed about the window's lookups.
        QVERIFY(!panel.relevanceChart()->title().contains(QStringLiteral("No lookups")));
        QVERIFY(waitForReport(panel, computed, failed));

        const auto cli = test::runCli(QStringList{"health", "--db", path} + cliArgs);
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        compareWithCli(panel, cli.json);
        if (preset == int(Preset::Custom)) {
            QCOMPARE(panel.report()->since, json_util::parseIsoUtc(since));
            QCOMPARE(panel.report()->until, json_util::parseIsoUtc(until));
        }
        if (cli.json["runs"].get<int>() == 0)
            QCOMPARE(panel.problemRunsTable()->model()->rowCount(), 0);
        // Once computed, a window without lookups says so.
        QCOMPARE(panel.relevanceChart()->title().contains(QStringLiteral("No lookups")),
                 cli.json["lookups"].get<int>() == 0);
    }

    void fallbackRunsListedAndNavigable()
    {
        HealthPanel panel;
        panel.resize(1100, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy computed(&panel, &HealthPanel::healthComputed);
        QSignalSpy failed(&panel, &HealthPanel::healthFailed);
        QSignalSpy activated(&panel, &HealthPanel::runActivated);
        QSignalSpy evalRequested(&panel, &HealthPanel::addToEvalSetRequested);
        panel.setDatabase(m_demoDb);
        QVERIFY(waitForReport(panel, computed, failed));

        // The reason box took its counts after it was first shown; it still shows them whole
        // ("Every reason (8)" was cut to "Every reason (" — in Chinese "所有原因（8").
        auto* reasons = panel.findChild<QComboBox*>(QStringLiteral("healthReasonCombo"));
        QVERIFY(reasons);
        QCoreApplication::processEvents();
        const auto textRoom = [reasons] {
            QStyleOptionComboBox option;
            option.initFrom(reasons);
            option.subControls = QStyle::SC_All;
            return reasons->style()
                ->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField,
                                 reasons)
                .width();
        };
        for (int i = 0; i < reasons->count(); ++i) {
            const QString text = reasons->itemText(i);
            QTRY_VERIFY2(textRoom() >= reasons->fontMetrics().horizontalAdvance(text),
                         qPrintable(text));
        }

        // Every FALLBACK run the sessions command counts is in the table under that reason.
        const auto sessions =
            test::runCli({"sessions", "--db", m_demoDb, "--outcome", "FALLBACK", "--limit", "500"});
        QVERIFY2(sessions.exitCode == 0, sessions.err.constData());
        int fallbackRuns = 0;
        std::set<QString> fallbackSessions;
        for (const json& s : sessions.json["sessions"]) {
            fallbackRuns += s["fallbackRunCount"].get<int>();
            fallbackSessions.insert(QString::fromStdString(s["sessionId"].get<std::string>()));
        }
        QVERIFY(fallbackRuns > 0);
        QCOMPARE(panel.report()->fallbackRuns, fallbackRuns);
        panel.problemRunsProxy()->setReason(QStringLiteral("fallback_outcome"));
        QTableView* table = panel.problemRunsTable();
        QCOMPARE(table->model()->rowCount(), fallbackRuns);
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            const QModelIndex i = table->model()->index(r, ProblemRunsModel::OutcomeColumn);
            QCOMPARE(i.data().toString(), QStringLiteral("FALLBACK"));
            QVERIFY(fallbackSessions.count(i.data(ProblemRunsModel::SessionIdRole).toString()));
        }

        // Enter on a row opens that run.
        const QModelIndex second = table->model()->index(1, 0);
        const QString session = second.data(ProblemRunsModel::SessionIdRole).toString();
        const QString run = second.data(ProblemRunsModel::RunIdRole).toString();
        table->setFocus();
        table->setCurrentIndex(second);
        table->selectRow(1);
        QTest::keyClick(table, Qt::Key_Return);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().at(0).toString(), session);
        QCOMPARE(activated.first().at(1).toString(), run);

        // Double-click on another row opens that one.
        const QModelIndex first = table->model()->index(0, ProblemRunsModel::QuestionColumn);
        const QRect rect = table->visualRect(first);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(activated.count(), 2);
        QCOMPARE(activated.last().at(1).toString(),
                 first.data(ProblemRunsModel::RunIdRole).toString());

        // The buttons act on the selected row.
        QPushButton* evalButton = nullptr;
        QPushButton* openButton = nullptr;
        for (QPushButton* b : panel.findChildren<QPushButton*>()) {
            if (b->text().contains(QStringLiteral("eval set")))
                evalButton = b;
            if (b->text().contains(QStringLiteral("Open run")))
                openButton = b;
        }
        QVERIFY(evalButton && openButton);
        table->selectRow(1);
        QVERIFY(evalButton->isEnabled());
        QTest::mouseClick(evalButton, Qt::LeftButton);
        QCOMPARE(evalRequested.count(), 1);
        QCOMPARE(evalRequested.first().at(0).toString(), session);
        QCOMPARE(evalRequested.first().at(1).toString(), run);
        QTest::mouseClick(openButton, Qt::LeftButton);
        QCOMPARE(activated.count(), 3);
        QCOMPARE(activated.last().at(1).toString(), run);

        // Nothing selected: nothing to act on.
        table->clearSelection();
        QVERIFY(!evalButton->isEnabled());
        QVERIFY(!openButton->isEnabled());

        if (const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR"); !dir.isEmpty()) {
            panel.problemRunsProxy()->setReason(QString());
            panel.resize(1280, 760);
            table->selectRow(0);
            QTest::qWait(300);
            QVERIFY(panel.grab().save(QDir(dir).filePath(QStringLiteral("health.png"))));
        }
    }

    void darkTheme()
    {
        // Switching the application to the dark theme re-tints the tiles with the dark
        // badge colours, so the severity stays readable.
        HealthPanel panel;
        panel.resize(1280, 760);
        panel.show();
        QSignalSpy computed(&panel, &HealthPanel::healthComputed);
        QSignalSpy failed(&panel, &HealthPanel::healthFailed);
        panel.setDatabase(m_demoDb);
        QVERIFY(waitForReport(panel, computed, failed));
        const Tone tone = panel.tiles()->tone(Tile::EmptyRetrieval);
        QVERIFY(tone == Tone::Warning || tone == Tone::Critical);
        QCOMPARE(panel.tiles()->background(Tile::EmptyRetrieval),
                 badgeBackground(tone, panel.tiles()->palette()));
        applyTheme(Theme::Dark);
        QTRY_VERIFY(isDarkPalette(panel.tiles()->palette()));
        QCOMPARE(panel.tiles()->background(Tile::EmptyRetrieval),
                 badgeBackground(tone, panel.tiles()->palette()));
        QVERIFY(panel.tiles()->background(Tile::EmptyRetrieval).lightness() < 128);
        // The overall badge follows too (a style-sheet label would keep its light colours).
        auto* overall = panel.findChild<SeverityBadge*>();
        QVERIFY(overall && overall->isVisible());
        QTRY_COMPARE(overall->styleSheet().contains(
                         badgeBackground(overall->tone(), panel.palette()).name()),
                     true);
        if (const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(300);
            QVERIFY(panel.grab().save(QDir(dir).filePath(QStringLiteral("health-dark.png"))));
        }
        applyTheme(Theme::Light);
        QTRY_VERIFY(!isDarkPalette(panel.tiles()->palette()));
        QCOMPARE(panel.tiles()->background(Tile::EmptyRetrieval),
                 badgeBackground(tone, panel.tiles()->palette()));
    }

    void fixtureProblemRun()
    {
        // The foreign fixture's FALLBACK run had no evidence and a dissatisfied user.
        HealthPanel panel;
        QSignalSpy computed(&panel, &HealthPanel::healthComputed);
        QSignalSpy failed(&panel, &HealthPanel::healthFailed);
        panel.setDatabase(m_fixtureDb);
        QVERIFY(waitForReport(panel, computed, failed));
        ProblemRunsModel* model = panel.problemRunsModel();
        int row = -1;
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->runAt(r)->runId == test::fixture::kFallbackRun)
                row = r;
        QVERIFY(row >= 0);
        const QStringList reasons =
            model->index(row, 0).data(ProblemRunsModel::ReasonsRole).toStringList();
        QVERIFY(reasons.contains(QStringLiteral("fallback_outcome")));
        QVERIFY(reasons.contains(QStringLiteral("empty_retrieval")));
        QVERIFY(reasons.contains(QStringLiteral("negative_feedback")));
        QCOMPARE(model->index(row, ProblemRunsModel::SessionColumn).data().toString(),
                 test::fixture::kFallbackSession);
        // Legacy rows are counted and said so.
        QVERIFY(panel.report()->legacyRows > 0);
        QVERIFY2(panel.statusText().contains(QStringLiteral("legacy")),
                 qPrintable(panel.statusText()));
        // Opening a foreign database never wrote to it.
        QVERIFY(!QFile::exists(m_fixtureDb + QStringLiteral("-wal")));
    }

    void manyProblemRunsSaySo()
    {
        // 250 extra FALLBACK runs: the report lists the newest 200 and the panel says so.
        const QString path = m_dir.filePath(QStringLiteral("many.db"));
        QCOMPARE(test::writeProductionFixture(path), QString());
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("many-writer"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(db.transaction());
            QVERIFY(q.prepare(QStringLiteral(
                "INSERT INTO diagnosis_run (run_id, session_id, question, status, "
                "release_outcome, started_at) VALUES (?, ?, ?, 'COMPLETED', 'FALLBACK', ?)")));
            for (int i = 0; i < 250; ++i) {
                q.addBindValue(QStringLiteral("run-many-%1").arg(i, 3, 10, QLatin1Char('0')));
                q.addBindValue(QStringLiteral("sess-many-%1").arg(i));
                q.addBindValue(QStringLiteral("question %1").arg(i));
                q.addBindValue(json_util::isoUtc(
                    json_util::parseIsoUtc(QStringLiteral("2026-10-01T00:00:00.000Z"))
                        .addSecs(60 * i)));
                QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
            }
            QVERIFY(db.commit());
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("many-writer"));

        HealthPanel panel;
        QSignalSpy computed(&panel, &HealthPanel::healthComputed);
        QSignalSpy failed(&panel, &HealthPanel::healthFailed);
        panel.setDatabase(path);
        QVERIFY(waitForReport(panel, computed, failed));
        const int all = panel.report()->problemRunCount;
        QVERIFY(all > 250);
        const int listed = panel.problemRunsModel()->rowCount();
        QVERIFY(listed < all);
        QCOMPARE(listed, int(panel.report()->problemRuns.size()));
        const auto cli = test::runCli({"health", "--db", path});
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        QCOMPARE(all, cli.json["problemRunCount"].get<int>());
        bool said = false;
        for (QLabel* label : panel.findChildren<QLabel*>())
            said = said || label->text().contains(QStringLiteral("of %1 problem runs").arg(all));
        QVERIFY(said);
    }

    void badInput()
    {
        HealthPanel panel;
        QSignalSpy computed(&panel, &HealthPanel::healthComputed);
        QSignalSpy failed(&panel, &HealthPanel::healthFailed);
        const QString missing = m_dir.filePath(QStringLiteral("no-such.db"));
        panel.setDatabase(missing);
        QVERIFY(QTest::qWaitFor([&] { return failed.count() > 0; }, 10000));
        QCOMPARE(computed.count(), 0);
        QVERIFY(!panel.report());
        QVERIFY(panel.statusText().startsWith(QStringLiteral("Cannot compute health")));
        QCOMPARE(panel.tiles()->valueText(Tile::EmptyRetrieval), QStringLiteral("–"));
        QVERIFY(!QFile::exists(missing)); // inspecting never creates a file

        // A reversed custom range is refused without a computation.
        failed.clear();
        panel.setDatabase(m_demoDb);
        QVERIFY(waitForReport(panel, computed, failed));
        computed.clear();
        const QDateTime t = json_util::parseIsoUtc(QStringLiteral("2026-11-24T00:00:00.000Z"));
        panel.windowSelector()->setCustomRange(t, t.addDays(-1));
        QVERIFY(!panel.isComputing());
        QVERIFY2(panel.statusText().contains(QStringLiteral("after its start")),
                 qPrintable(panel.statusText()));
        QCoreApplication::processEvents(); // nothing was started, so nothing is queued
        QCOMPARE(computed.count(), 0);

        // A URL with a password is refused before any connection is attempted.
        failed.clear();
        panel.setDatabase(QStringLiteral("postgresql://bob:secret@localhost:5432/audit"));
        QCOMPARE(failed.count(), 1);
        QVERIFY(!panel.hasDatabase());
    }

    void newerWindowWins()
    {
        // Switch windows before the first result arrives: only the newest is shown.
        HealthPanel panel;
        QSignalSpy computed(&panel, &HealthPanel::healthComputed);
        QSignalSpy failed(&panel, &HealthPanel::healthFailed);
        const QDateTime t = json_util::parseIsoUtc(QStringLiteral("2020-01-01T00:00:00.000Z"));
        panel.windowSelector()->setCustomRange(t, t.addDays(1));
        panel.setDatabase(m_demoDb);
        panel.windowSelector()->setPreset(Preset::AllTime);
        QVERIFY(waitForReport(panel, computed, failed));
        // No job left to finish, and nothing it said still queued: a stale result is gone.
        QTRY_VERIFY(!panel.isComputing());
        QCoreApplication::processEvents();
        QCOMPARE(computed.count(), 1);
        QVERIFY(panel.report()->runs > 0);
        QVERIFY(!panel.report()->since.isValid());

        panel.clearDatabase();
        QVERIFY(!panel.report());
        QCOMPARE(panel.problemRunsModel()->rowCount(), 0);
    }
};

QTEST_MAIN(TestHealthPanel)
#include "tst_health_panel.moc"
