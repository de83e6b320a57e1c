// File → Export Report… in the window: the selected run (or session) is written as the
// HTML report, built in the database worker, with the evidence text from the knowledge base
// the Lookup Console has open; without a selection nothing is written.

#include "console/lookup_console_widget.h"
#include "demo/demo_workspace.h"
#include "mainwindow/main_window.h"
#include "sessions/session_tree_model.h"

#include <QAction>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;

class TestReportExport : public QObject
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

    void exportsTheSelectedRun()
    {
        const QString demo = m_dir.filePath(QStringLiteral("demo"));
        QVERIFY(DemoWorkspace::create(demo).ok());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The workspace opens its knowledge base in the console too.
        QVERIFY(window.openWorkspace(demo));
        QVERIFY(window.action(QStringLiteral("actionExportReport")));
        // It is opened in the background: the report below quotes its chunks.
        auto* console = window.findChild<LookupConsoleWidget*>();
        QVERIFY(console);
        QTRY_VERIFY(console->knowledgeBase() != nullptr);

        // Nothing selected: nothing is written.
        window.sessionTree()->setCurrentIndex({});
        const QString none = m_dir.filePath(QStringLiteral("none.html"));
        QSignalSpy nothing(&window, &MainWindow::reportExported);
        window.exportReport(none); // decided at once: no read is started
        QCOMPARE(nothing.count(), 0);
        QVERIFY(!QFile::exists(none));

        window.showInTree(QStringLiteral("sess-demo-011"), QStringLiteral("run-demo-011-a"));
        QTRY_COMPARE(
            window.sessionTree()->currentIndex().data(SessionTreeModel::RunIdRole).toString(),
            QStringLiteral("run-demo-011-a"));
        const QString path = m_dir.filePath(QStringLiteral("run.html"));
        QSignalSpy exported(&window, &MainWindow::reportExported);
        window.exportReport(path);
        QVERIFY(exported.wait(10000));
        QCOMPARE(exported.first().first().toString(), path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY(html.contains(QStringLiteral("Run run-demo-011-a of session sess-demo-011")));
        QVERIFY(!html.contains(QStringLiteral("Run run-demo-011-b")));
        QVERIFY(html.contains(QStringLiteral("<svg class=\"attempts\"")));
        // The chunk text came from the console's knowledge base.
        QVERIFY(html.contains(QStringLiteral("<blockquote>")));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("evidence text")));
    }
};

QTEST_MAIN(TestReportExport)
#include "tst_report_export.moc"
