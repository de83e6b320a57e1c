// The Eval panel: the case model under QAbstractItemModelTester, the "misses only" proxy,
// a real run of the demo set against a demo KB in the worker, baseline comparison with
// regressions marked, the history chart, and opening a case in the console.

#include "eval/baseline_history_chart.h"
#include "eval/eval_case_filter_proxy.h"
#include "eval/eval_case_model.h"
#include "eval/eval_panel.h"
#include "eval/metrics_summary_widget.h"
#include "kb/knowledge_base.h"
#include "model/vocabulary.h"
#include "support/cli_runner.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::ui;

namespace {
// Case i: hits at rank ranks[i] (0 = miss); tags alternate "a"/"b".
EvalReport makeReport(const QList<int>& ranks)
{
    EvalReport report;
    for (int i = 0; i < ranks.size(); ++i) {
        EvalCase c;
        c.id = QStringLiteral("case-%1").arg(i);
        c.query = QStringLiteral("query number %1").arg(i);
        c.expectedSources = QStringList{"want"};
        c.tags = QStringList{i % 2 ? "b" : "a"};
        CaseOutcome o;
        o.evidenceStatus = vocab::kEvidenceFound;
        for (int r = 1; r <= std::max(ranks[i], 1); ++r) {
            const QString source =
                r == ranks[i] ? QStringLiteral("want") : QStringLiteral("s%1").arg(r);
            o.evidenceKeys << source + QStringLiteral("#chunk-0");
            o.sources << source;
        }
        o.latencyMs = 5 + i;
        report.rows.push_back(scoreCase(c, o, 20));
    }
    report.k = 20;
    report.recompute();
    return report;
}

QList<int> columnRanks(QAbstractItemModel* model)
{
    QList<int> out;
    for (int r = 0; r < model->rowCount(); ++r)
        out << model->index(r, EvalCaseModel::RankColumn).data(EvalCaseModel::SortRole).toInt();
    return out;
}
} // namespace

class TestEvalPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void caseModelPassesTheTester();
    void proxyFilters_data();
    void proxyFilters();
    void rankSortsAsNumbers();
    void comparisonMarksRegressedRows();
    void historySeriesSkipsNulls();
    void panelRunsTheDemoSet();
    void panelComparesWithABaseline();
    void panelReportsBadInput();
    void cancelEndsTheRun();

private:
    QTemporaryDir m_dir;
    QString m_kb;
    QString m_set;
};

void TestEvalPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings must not touch the user's config
    QCoreApplication::setOrganizationName(QStringLiteral("raglens-tests"));
    QVERIFY(m_dir.isValid());
    m_kb = m_dir.filePath(QStringLiteral("kb"));
    auto summary = ingestFolder(test::sourcePath(QStringLiteral("resources/demo/kb")), m_kb);
    QVERIFY(summary.ok());
    m_set = test::sourcePath(QStringLiteral("resources/demo/eval/demo.jsonl"));
}

void TestEvalPanel::caseModelPassesTheTester()
{
    EvalCaseModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setReport(makeReport({1, 0, 3, 2}));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(EvalCaseModel::ColumnCount));
    QCOMPARE(model.index(1, EvalCaseModel::ResultColumn).data().toString(), QStringLiteral("miss"));
    QCOMPARE(model.index(2, EvalCaseModel::RankColumn).data().toInt(), 3);
    QCOMPARE(model.index(0, 0).data(EvalCaseModel::QueryRole).toString(),
             QStringLiteral("query number 0"));
    for (int c = 0; c < model.columnCount(); ++c)
        QVERIFY(!model.headerData(c, Qt::Horizontal).toString().isEmpty());
    model.setComparison(std::nullopt);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestEvalPanel::proxyFilters_data()
{
    QTest::addColumn<bool>("missesOnly");
    QTest::addColumn<QString>("tag");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("ids");
    QTest::newRow("everything") << false << ""
                                << ""
                                << QStringList{"case-0", "case-1", "case-2", "case-3", "case-4"};
    QTest::newRow("misses only") << true << ""
                                 << "" << QStringList{"case-1", "case-4"};
    QTest::newRow("tag b") << false << "b"
                           << "" << QStringList{"case-1", "case-3"};
    QTest::newRow("misses with tag a") << true << "a"
                                       << "" << QStringList{"case-4"};
    QTest::newRow("text on query") << false << ""
                                   << "NUMBER 2" << QStringList{"case-2"};
    QTest::newRow("text on id") << false << ""
                                << "CASE-3" << QStringList{"case-3"};
    QTest::newRow("unknown tag") << false << "zzz"
                                 << "" << QStringList{};
}

void TestEvalPanel::proxyFilters()
{
    QFETCH(bool, missesOnly);
    QFETCH(QString, tag);
    QFETCH(QString, text);
    QFETCH(QStringList, ids);
    EvalCaseModel model;
    model.setReport(makeReport({1, 0, 3, 2, 0}));
    EvalCaseFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setMissesOnly(missesOnly);
    proxy.setTag(tag);
    proxy.setText(text);
    proxy.sort(EvalCaseModel::IdColumn);
    QStringList got;
    for (int r = 0; r < proxy.rowCount(); ++r)
        got << proxy.index(r, 0).data(EvalCaseModel::CaseIdRole).toString();
    QCOMPARE(got, ids);
}

void TestEvalPanel::rankSortsAsNumbers()
{
    EvalCaseModel model;
    model.setReport(makeReport({10, 2, 0, 1}));
    EvalCaseFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(EvalCaseModel::RankColumn, Qt::AscendingOrder);
    // 1, 2, 10 as numbers (text would give 1, 10, 2); the miss sorts last.
    const QList<int> ranks = columnRanks(&proxy);
    QCOMPARE(ranks.mid(0, 3), (QList<int>{1, 2, 10}));
    QCOMPARE(proxy.index(3, 0).data(EvalCaseModel::HitRole).toBool(), false);
}

void TestEvalPanel::comparisonMarksRegressedRows()
{
    EvalCaseModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const EvalReport before = makeReport({1, 0, 1});
    const EvalReport after = makeReport({0, 1, 1});
    model.setReport(after);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    auto cmp = compareWithBaseline(after, baselineFromReport(before));
    QVERIFY(cmp.ok());
    model.setComparison(*cmp);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.index(0, 0).data(EvalCaseModel::ChangeRole).toInt(), -1);
    QCOMPARE(model.index(1, 0).data(EvalCaseModel::ChangeRole).toInt(), 1);
    QCOMPARE(model.index(2, 0).data(EvalCaseModel::ChangeRole).toInt(), 0);
    QVERIFY(model.index(0, EvalCaseModel::QueryColumn).data(Qt::BackgroundRole).isValid());
    QVERIFY(!model.index(2, EvalCaseModel::QueryColumn).data(Qt::BackgroundRole).isValid());
    QCOMPARE(model.index(0, EvalCaseModel::ChangeColumn).data().toString(),
             QStringLiteral("regressed"));

    EvalCaseFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.setRegressionsOnly(true);
    QCOMPARE(proxy.rowCount(), 1);
}

void TestEvalPanel::historySeriesSkipsNulls()
{
    EvalBaseline a, b;
    a.metrics.hitAtK = 0.5;
    b.metrics.hitAtK = 0.75;
    b.metrics.mrr = 0.6; // only the second baseline has MRR
    b.label = QStringLiteral("after tuning");
    const auto series = historySeries({a, b});
    QCOMPARE(int(series.size()), 2);
    QCOMPARE(series[0].metric, QStringLiteral("hitAtK"));
    QCOMPARE(series[0].points, (QList<QPointF>{{0, 0.5}, {1, 0.75}}));
    QCOMPARE(series[1].points, (QList<QPointF>{{1, 0.6}}));
    QCOMPARE(historyLabel(b), QStringLiteral("after tuning"));

    BaselineHistoryChart chart;
    chart.setBaselines({a, b});
    QCOMPARE(chart.seriesCount(), 2);
    QCOMPARE(chart.pointCount(), 2);
    QCOMPARE(chart.chart()->axes().size(), 2);

    // No baselines: a title that says so, and no empty 0.95-1.00 axes pretending to a scale.
    chart.setBaselines({});
    QCOMPARE(chart.seriesCount(), 0);
    QVERIFY(chart.chart()->axes().isEmpty());
    QVERIFY(chart.chart()->title().contains(QStringLiteral("No saved baselines")));
}

void TestEvalPanel::panelRunsTheDemoSet()
{
    EvalPanel panel;
    // Before any run the bar counts nothing ("0 / 1 cases" would be false).
    auto* progress = panel.findChild<QProgressBar*>(QStringLiteral("evalProgress"));
    QVERIFY(progress);
    QVERIFY2(!progress->text().contains(QStringLiteral("/")), qPrintable(progress->text()));
    panel.setKnowledgeBaseDir(m_kb);
    panel.setEvalSetPath(m_set);
    panel.setK(5);
    QSignalSpy finished(&panel, &EvalPanel::runFinished);
    QSignalSpy console(&panel, &EvalPanel::openCaseInConsole);
    panel.startRun();
    QVERIFY(finished.wait(30000));
    QVERIFY(!panel.isRunning());
    QVERIFY(panel.report());
    QCOMPARE(panel.caseModel()->rowCount(), 86);
    // Evidence status and selected attempt show whole ("EVIDENCE_F…", "UNFILTERED_…" were cut).
    {
        QTableView* table = panel.caseTable();
        const QFontMetrics metrics(table->font());
        for (int column : {int(EvalCaseModel::StatusColumn), int(EvalCaseModel::AttemptColumn)})
            for (int row = 0; row < table->model()->rowCount(); ++row) {
                const QString text = table->model()->index(row, column).data().toString();
                QVERIFY2(metrics.horizontalAdvance(text) + 6 <= table->columnWidth(column),
                         qPrintable(text));
            }
    }
    const EvalMetrics& m = panel.report()->metrics;
    QCOMPARE(panel.metricsWidget()->valueText(QStringLiteral("hitAtK")),
             QString::number(*m.hitAtK, 'f', 3));
    QVERIFY(panel.statusText().contains(QStringLiteral("86")));
    QCOMPARE(progress->text(), QStringLiteral("86 / 86 cases"));

    int misses = 0;
    for (const CaseResult& r : panel.report()->rows)
        misses += r.hit() ? 0 : 1;
    panel.caseProxy()->setMissesOnly(true);
    QCOMPARE(panel.caseProxy()->rowCount(), misses);
    panel.caseProxy()->setMissesOnly(false);

    // Activating a row hands its query to the lookup console.
    const QModelIndex first = panel.caseProxy()->index(0, EvalCaseModel::QueryColumn);
    emit panel.caseTable()->activated(first);
    QCOMPARE(console.count(), 1);
    QCOMPARE(console.first().first().toString(), first.data(EvalCaseModel::QueryRole).toString());

    // Saving a baseline into the history folder puts a point on the chart.
    const QString folder = m_dir.filePath(QStringLiteral("history"));
    panel.setBaselineFolder(folder);
    QCOMPARE(panel.historyChart()->pointCount(), 0);
    QVERIFY(panel.saveBaselineTo(folder + QStringLiteral("/one.json"), QStringLiteral("one")));
    QCOMPARE(panel.historyChart()->pointCount(), 1);
    QVERIFY(panel.saveBaselineTo(folder + QStringLiteral("/two.json"), QStringLiteral("two")));
    QCOMPARE(panel.historyChart()->pointCount(), 2);
}

void TestEvalPanel::panelComparesWithABaseline()
{
    // A baseline where every currently missed case used to hit.
    EvalPanel panel;
    panel.setKnowledgeBaseDir(m_kb);
    panel.setEvalSetPath(m_set);
    QSignalSpy finished(&panel, &EvalPanel::runFinished);
    panel.startRun();
    QVERIFY(finished.wait(30000));
    EvalBaseline doctored = baselineFromReport(*panel.report());
    QStringList flipped;
    for (BaselineCase& c : doctored.cases)
        if (!c.hit && flipped.size() < 3) {
            c.hit = true;
            c.firstHitRank = 1;
            flipped << c.id;
        }
    QVERIFY(!flipped.isEmpty());
    doctored.metrics.mrr = 1.0;
    EvalReport asReport = *panel.report();
    // Write it as a file the way a user would get it: save, then patch the JSON.
    const QString path = m_dir.filePath(QStringLiteral("doctored.json"));
    QVERIFY(saveBaseline(asReport, path).ok());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString());
    f.close();
    j["metrics"]["mrr"] = 1.0;
    for (auto& row : j["perCase"])
        if (flipped.contains(QString::fromStdString(row["id"].get<std::string>()))) {
            row["hit"] = true;
            row["firstHitRank"] = 1;
        }
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QByteArray::fromStdString(j.dump()));
    f.close();

    QVERIFY(panel.compareWithBaselineFile(path));
    QVERIFY(panel.comparison());
    QCOMPARE(int(panel.comparison()->regressions.size()), flipped.size() + 1);
    QVERIFY(panel.statusText().contains(QStringLiteral("regression")));
    QVERIFY(panel.metricsWidget()->deltaText(QStringLiteral("mrr")).contains(QLatin1Char('-')));
    int marked = 0;
    for (int r = 0; r < panel.caseModel()->rowCount(); ++r)
        if (panel.caseModel()->index(r, 0).data(EvalCaseModel::ChangeRole).toInt() < 0)
            ++marked;
    QCOMPARE(marked, flipped.size());

    if (const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR"); !dir.isEmpty()) {
        // The doctored file joins the history so the chart has a visible step.
        QFile::copy(path, m_dir.filePath(QStringLiteral("history/three.json")));
        panel.setBaselineFolder(m_dir.filePath(QStringLiteral("history")));
        panel.resize(1280, 800);
        for (auto* box : panel.findChildren<QCheckBox*>())
            if (box->text() == QLatin1String("Misses only"))
                box->setChecked(true); // regressed rows are among the misses
        panel.show();
        QTest::qWait(300);
        QVERIFY(panel.grab().save(QDir(dir).filePath(QStringLiteral("eval-panel.png"))));
        auto* tabs = panel.findChild<QTabWidget*>();
        QVERIFY(tabs);
        tabs->setCurrentIndex(2);
        QTest::qWait(300);
        QVERIFY(panel.grab().save(QDir(dir).filePath(QStringLiteral("eval-history.png"))));
    }

    panel.clearBaseline();
    QVERIFY(!panel.comparison());
    QCOMPARE(panel.metricsWidget()->deltaText(QStringLiteral("mrr")), QString());
}

void TestEvalPanel::panelReportsBadInput()
{
    EvalPanel panel;
    panel.setKnowledgeBaseDir(m_kb);
    panel.setEvalSetPath(test::fixturePath(QStringLiteral("eval/sets/malformed.jsonl")));
    QSignalSpy failed(&panel, &EvalPanel::runFailed);
    panel.startRun();
    QVERIFY(failed.wait(30000));
    QVERIFY(failed.first().first().toString().contains(QStringLiteral("line 2")));
    QVERIFY(!panel.report());

    panel.setKnowledgeBaseDir(m_dir.filePath(QStringLiteral("no-kb-here")));
    panel.setEvalSetPath(m_set);
    panel.startRun();
    QVERIFY(failed.wait(30000));
    QCOMPARE(failed.count(), 2);
    QVERIFY(!panel.compareWithBaselineFile(m_dir.filePath(QStringLiteral("missing.json"))));
}

void TestEvalPanel::cancelEndsTheRun()
{
    // The demo set 30 times over (2580 cases) gives the cancel time to arrive mid-run.
    QFile demo(m_set);
    QVERIFY(demo.open(QIODevice::ReadOnly));
    QByteArray big;
    const QList<QByteArray> lines = demo.readAll().split('\n');
    for (int copy = 0; copy < 30; ++copy)
        for (const QByteArray& line : lines) {
            if (line.trimmed().isEmpty())
                continue;
            nlohmann::json j = nlohmann::json::parse(line.toStdString());
            j["id"] = j["id"].get<std::string>() + "-" + std::to_string(copy);
            big += QByteArray::fromStdString(j.dump()) + '\n';
        }
    const QString bigSet = m_dir.filePath(QStringLiteral("big.jsonl"));
    QFile out(bigSet);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(big);
    out.close();

    EvalPanel panel;
    panel.setKnowledgeBaseDir(m_kb);
    panel.setEvalSetPath(bigSet);
    QSignalSpy finished(&panel, &EvalPanel::runFinished);
    panel.startRun();
    QVERIFY(panel.isRunning());
    // Cancel as soon as the first batch has reported, the way a person would.
    auto* bar = panel.findChild<QProgressBar*>();
    QVERIFY(bar);
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0 || !panel.isRunning(), 30000);
    panel.cancelRun();
    QVERIFY(finished.count() == 1 || finished.wait(30000));
    QVERIFY(!panel.isRunning());
    QVERIFY(panel.report());
    QVERIFY2(panel.report()->cancelled, "the run finished before the cancel arrived");
    QVERIFY(panel.caseModel()->rowCount() > 0);
    QVERIFY(panel.caseModel()->rowCount() < 2580);
    QCOMPARE(panel.report()->metrics.cases, panel.caseModel()->rowCount());
    QVERIFY(panel.statusText().contains(QStringLiteral("Cancelled")));
}

QTEST_MAIN(TestEvalPanel)
#include "tst_eval_panel.moc"
