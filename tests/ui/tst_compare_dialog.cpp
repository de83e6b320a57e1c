// Ctrl+D on two runs (or two lookups) selected in the session tree: the comparison window
// shows core's comparison (the same the CLI prints), the changed lookup pair first, its two
// attempt timelines on one time scale; anything else selected gets a word in the status bar.

#include "attempts/attempt_timeline_data.h"
#include "attempts/attempt_timeline_widget.h"
#include "compare/compare_dialog.h"
#include "demo/demo_workspace.h"
#include "mainwindow/main_window.h"
#include "replay/replay_diff_view.h"
#include "sessions/session_tree_model.h"
#include "support/cli_runner.h"
#include "support/offscreen_screen.h"

#include <QAction>
#include <QItemSelectionModel>
#include <QLabel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeView>
#include <QTreeWidget>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;

class TestCompareDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demo;

    QModelIndex selectRun(MainWindow& window, const QString& session, const QString& run)
    {
        window.showInTree(session, run);
        QTreeView* tree = window.sessionTree();
        if (!QTest::qWaitFor([&] {
                return tree->currentIndex().data(SessionTreeModel::RunIdRole).toString() == run &&
                       SessionTreeModel::Kind(
                           tree->currentIndex().data(SessionTreeModel::KindRole).toInt()) ==
                           SessionTreeModel::Kind::Run;
            }))
            return {};
        return tree->currentIndex();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_demo = m_dir.filePath(QStringLiteral("demo"));
        QVERIFY(DemoWorkspace::create(m_demo).ok());
    }

    void stepsAreNamedAsEveryViewNamesThem()
    {
        // A step without an agent has no dangling separator, and one whose index cell holds
        // no index is "Step ?", not the 0 the row reads: as the tree and the run view name it.
        compare::RunData a, b;
        a.run.runId = QStringLiteral("A");
        b.run.runId = QStringLiteral("B");
        TraceStep nameless;
        nameless.id = 1;
        nameless.stepIndex = 2;
        TraceStep unread;
        unread.id = 2;
        unread.stepIndex = 0;
        unread.agentName = QStringLiteral("planner");
        unread.unreadNumbers.push_back({QStringLiteral("step_index"), QStringLiteral("1e+20")});
        a.steps = {nameless, unread};
        b.steps = {nameless};
        CompareDialog dialog;
        dialog.setRuns(a, b);
        QTreeWidget* pairs = dialog.pairsTree();
        QStringList names;
        for (int i = 0; i < pairs->topLevelItemCount(); ++i)
            names << pairs->topLevelItem(i)->text(0);
        QCOMPARE(names,
                 (QStringList{QStringLiteral("Step ? · planner"), QStringLiteral("Step 2")}));
    }

    void twoRunsSideBySide()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(m_demo + QStringLiteral("/audit.db")));
        // The run that worked (b) and the one that fell back (a), Ctrl+click style.
        const QModelIndex b =
            selectRun(window, QStringLiteral("sess-demo-011"), QStringLiteral("run-demo-011-b"));
        QVERIFY(b.isValid());
        const QModelIndex a =
            selectRun(window, QStringLiteral("sess-demo-011"), QStringLiteral("run-demo-011-a"));
        QVERIFY(a.isValid());
        window.sessionTree()->selectionModel()->select(b, QItemSelectionModel::Select |
                                                              QItemSelectionModel::Rows);
        QCOMPARE(window.sessionTree()->selectionModel()->selectedRows().size(), 2);
        window.findChild<QAction*>(QStringLiteral("compareSelected"))->trigger();
        CompareDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<CompareDialog*>()) != nullptr);
        // The older run is A whichever was selected first; the figures are core's, as the
        // CLI prints them.
        const nlohmann::json shown = dialog->comparison();
        const test::CliResult cli =
            test::runCli({QStringLiteral("compare"), QStringLiteral("--db"),
                          m_demo + QStringLiteral("/audit.db"), QStringLiteral("--run"),
                          QStringLiteral("run-demo-011-a"), QStringLiteral("--run"),
                          QStringLiteral("run-demo-011-b")});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(QString::fromStdString(shown.dump()), QString::fromStdString(cli.json.dump()));
        QVERIFY(dialog->summaryLabel()->text().contains(QStringLiteral("run-demo-011-a")));
        QVERIFY(dialog->summaryLabel()->text().contains(QStringLiteral("1 of 1")));
        // The changed lookup pair is shown: A retried, B did not; one time scale for both.
        QCOMPARE(dialog->shownLookup(), 0);
        QCOMPARE(dialog->timelineA()->barRects().size(), 2);
        QCOMPARE(dialog->timelineB()->barRects().size(), 1);
        // Both timelines get the longer one's span as their scale; a side whose audit row
        // rounded every attempt to 0 ms keeps its order-only view rather than a false scale.
        const AttemptTimeline& ta = dialog->timelineA()->timeline();
        const AttemptTimeline& tb = dialog->timelineB()->timeline();
        QCOMPARE(ta.scaleMs, tb.scaleMs);
        QCOMPARE(ta.scaleMs, std::max(ta.totalMs(), tb.totalMs()));
        QVERIFY(ta.scaleMs > 0);
        QVERIFY(dialog->diffView()->verdictLabel()->text().contains(QStringLiteral("differ")));
        // Every step of both runs has its row, the lookup's row says what changed.
        QTreeWidget* pairs = dialog->pairsTree();
        QCOMPARE(pairs->topLevelItemCount(), 3);
        QTreeWidgetItem* lookup = pairs->currentItem();
        QVERIFY(lookup);
        QVERIFY(lookup->text(3).contains(QStringLiteral("UNFILTERED_VECTOR_RETRY")));
        // With RAGLENS_SCREENSHOT_DIR set, the README's picture of it is saved.
        if (const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(300);
            QVERIFY(dialog->grab().save(dir + QStringLiteral("/compare-runs.png")));
        }
    }

    void anythingElseIsExplained()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(m_demo + QStringLiteral("/audit.db")));
        QVERIFY(selectRun(window, QStringLiteral("sess-demo-011"), QStringLiteral("run-demo-011-a"))
                    .isValid());
        window.findChild<QAction*>(QStringLiteral("compareSelected"))->trigger();
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("two runs")));
        QVERIFY(window.findChild<CompareDialog*>() == nullptr);
    }
};

RAGLENS_TEST_MAIN_ON_SCREEN(TestCompareDialog, 1920, 1080)
#include "tst_compare_dialog.moc"
