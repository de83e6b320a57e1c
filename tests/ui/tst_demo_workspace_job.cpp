// The demo workspace is created by a job, as a knowledge base is ingested: the window stays
// live (no nested event loop), each phase is shown, cancel leaves no database behind, and
// the workspace opens when the job is done.

#include "mainwindow/demo_workspace_job.h"
#include "mainwindow/main_window.h"

#include <QProgressDialog>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;

/// Shows `window` with what it reports collected in `errors` instead of message boxes.
static bool showCollectingErrors(MainWindow& window, QStringList& errors)
{
    window.setErrorReporter(
        [&errors](const QString& title, const QString& message) { errors << title + message; });
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

class TstDemoWorkspaceJob : public QObject
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

    void firstStartCreatesThenOpensTheWorkspace()
    {
        const QString dir = m_dir.filePath(QStringLiteral("first-start"));
        MainWindow window;
        QStringList errors;
        QVERIFY(showCollectingErrors(window, errors));
        QSignalSpy opened(&window, &MainWindow::databaseOpened);
        QVERIFY(window.openWorkspace(dir, /*createDemo=*/true));
        // Returned at once: the creation runs in the job and nothing is open yet.
        QVERIFY(!window.database());
        auto* job = window.findChild<DemoWorkspaceJob*>();
        QVERIFY(job);
        QVERIFY(job->isRunning());
        QVERIFY(window.findChild<QProgressDialog*>(QStringLiteral("demoWorkspaceProgress")));
        QSignalSpy phases(job, &DemoWorkspaceJob::progress);
        QVERIFY(opened.wait(240000));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QVERIFY(window.database());
        QVERIFY(phases.count() > 0);
        QVERIFY(QFileInfo::exists(QDir(dir).filePath(QStringLiteral("audit.db"))));
        QTRY_VERIFY(!window.findChild<QProgressDialog*>(QStringLiteral("demoWorkspaceProgress")));
    }

    void closingTheProgressDialogCancels()
    {
        // Esc closes (and deletes) the dialog: the creation is cancelled, the window
        // survives the job's end and opens nothing.
        const QString dir = m_dir.filePath(QStringLiteral("closed"));
        MainWindow window;
        QStringList errors;
        QVERIFY(showCollectingErrors(window, errors));
        QVERIFY(window.openWorkspace(dir, /*createDemo=*/true));
        auto* job = window.findChild<DemoWorkspaceJob*>();
        QVERIFY(job);
        QSignalSpy finished(job, &DemoWorkspaceJob::finished);
        auto* dialog = window.findChild<QProgressDialog*>(QStringLiteral("demoWorkspaceProgress"));
        QVERIFY(dialog);
        dialog->close();
        QTRY_VERIFY(!window.findChild<QProgressDialog*>(QStringLiteral("demoWorkspaceProgress")));
        QVERIFY(finished.count() > 0 || finished.wait(240000));
        QVERIFY(!window.database());
        QCOMPARE(errors.size(), 1); // "cancelled", said once
        QVERIFY(!QFileInfo::exists(QDir(dir).filePath(QStringLiteral("audit.db"))));
    }

    void cancelLeavesNoDatabase()
    {
        const QString dir = m_dir.filePath(QStringLiteral("cancelled"));
        DemoWorkspaceJob job;
        QSignalSpy finished(&job, &DemoWorkspaceJob::finished);
        QVERIFY(job.start(dir));
        QVERIFY(!job.start(dir)); // one creation at a time
        job.cancel();
        QVERIFY(finished.wait(240000));
        const auto outcome = finished.first().first().value<DemoWorkspaceOutcome>();
        QVERIFY(!outcome.ok);
        QVERIFY(!outcome.error.isEmpty());
        QVERIFY(!QFileInfo::exists(QDir(dir).filePath(QStringLiteral("audit.db"))));
    }
};

QTEST_MAIN(TstDemoWorkspaceJob)
#include "tst_demo_workspace_job.moc"
