// Rating a run from the window (Invocation → Rate Run…, or the run view's button): on a
// database RagLens created, the rating is written through core's writeRunFeedback, the run
// view shows it, and health's satisfaction rate and problem runs follow; on a foreign,
// read-only database the button says why it cannot and nothing is written.

#include "demo/demo_workspace.h"
#include "diagnostics/health_report.h"
#include "mainwindow/main_window.h"
#include "run/run_feedback_dialog.h"
#include "run/run_view.h"
#include "sessions/session_tree_model.h"
#include "support/fixture_db.h"

#include <QAction>
#include <QApplication>
#include <QCryptographicHash>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;

namespace {

bool selectRun(MainWindow& window, const QString& session, const QString& run)
{
    window.showInTree(session, run);
    QTreeView* tree = window.sessionTree();
    return QTest::qWaitFor([&] {
        return tree->currentIndex().data(SessionTreeModel::RunIdRole).toString() == run &&
               window.runView()->runId() == run;
    });
}

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

} // namespace

class TestRunFeedback : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void rateARunOnTheDemo()
    {
        const QString demo = m_dir.filePath(QStringLiteral("demo"));
        QVERIFY(DemoWorkspace::create(demo).ok());
        const QString path = demo + QStringLiteral("/audit.db");
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(path));
        // A run the demo already rated shows its rating once read.
        QVERIFY(
            selectRun(window, QStringLiteral("sess-demo-001"), QStringLiteral("run-demo-001-a")));
        QTRY_VERIFY(window.runView()->feedbackText().contains(QStringLiteral("Rated helpful")));

        QVERIFY(
            selectRun(window, QStringLiteral("sess-demo-007"), QStringLiteral("run-demo-007-a")));
        QTRY_COMPARE(window.runView()->feedbackText(),
                     QStringLiteral("No one has rated this run yet."));
        QAction* rate = window.findChild<QAction*>(QStringLiteral("rateRun"));
        QVERIFY(rate);
        QVERIFY(rate->isEnabled());
        auto* button = window.runView()->findChild<QPushButton*>(QStringLiteral("rateRun"));
        QVERIFY(button && button->isEnabled());

        bool filled = false;
        QTimer::singleShot(0, [&] {
            auto* dialog = qobject_cast<RunFeedbackDialog*>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            dialog->findChild<QRadioButton*>(QStringLiteral("feedbackNotHelpful"))->click();
            dialog->findChild<QPlainTextEdit*>(QStringLiteral("feedbackComment"))
                ->setPlainText(QStringLiteral("restarts were the OOM killer, not the app"));
            filled = true;
            dialog->accept();
        });
        rate->trigger();
        QVERIFY(filled);
        QTRY_VERIFY(window.runView()->feedbackText().contains(QStringLiteral("Rated not helpful")));
        QVERIFY(window.runView()->feedbackText().contains(QStringLiteral("OOM killer")));

        // Written for everyone else to read: health counts it, the run is a problem run.
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto health = computeHealth(**db, {}, {});
        QVERIFY(health);
        QCOMPARE(health->ratings, 6); // the demo's five and this one
        bool listed = false;
        for (const ProblemRun& p : health->problemRuns)
            listed = listed || (p.runId == QLatin1String("run-demo-007-a") &&
                                p.reasons.contains(QStringLiteral("negative_feedback")));
        QVERIFY(listed);
    }

    void aCancelledDialogWritesNothing()
    {
        const QString demo = m_dir.filePath(QStringLiteral("demo2"));
        QVERIFY(DemoWorkspace::create(demo).ok());
        const QString path = demo + QStringLiteral("/audit.db");
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(path));
        QVERIFY(
            selectRun(window, QStringLiteral("sess-demo-007"), QStringLiteral("run-demo-007-a")));
        QTimer::singleShot(0, [] {
            if (auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget()))
                dialog->reject();
        });
        window.runView()->findChild<QPushButton*>(QStringLiteral("rateRun"))->click();
        // The worker serves reads in order: a rating written after the dialog would be read
        // back before this run's ratings are shown again.
        QVERIFY(
            selectRun(window, QStringLiteral("sess-demo-001"), QStringLiteral("run-demo-001-a")));
        QVERIFY(
            selectRun(window, QStringLiteral("sess-demo-007"), QStringLiteral("run-demo-007-a")));
        QTRY_COMPARE(window.runView()->feedbackText(),
                     QStringLiteral("No one has rated this run yet."));
        window.closeDatabase();
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        auto health = computeHealth(**db, {}, {});
        QVERIFY(health);
        QCOMPARE(health->ratings, 5);
    }

    void aForeignDatabaseIsNotWritten()
    {
        const QString path = m_dir.filePath(QStringLiteral("production.db"));
        const QString error = test::writeProductionFixture(path);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QByteArray before = fileHash(path);
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.openDatabase(path));
            QVERIFY(
                selectRun(window, test::fixture::kFallbackSession, test::fixture::kFallbackRun));
            QTRY_VERIFY(window.runView()->feedbackText().contains(
                QStringLiteral("no concrete answer about the pool")));
            QAction* rate = window.findChild<QAction*>(QStringLiteral("rateRun"));
            QVERIFY(!rate->isEnabled());
            auto* button = window.runView()->findChild<QPushButton*>(QStringLiteral("rateRun"));
            QVERIFY(!button->isEnabled());
            QVERIFY(button->toolTip().contains(QStringLiteral("read-only")));
        }
        QCOMPARE(fileHash(path), before);
    }
};

QTEST_MAIN(TestRunFeedback)
#include "tst_run_feedback.moc"
