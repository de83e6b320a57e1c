// Opening a damaged SQLite file in the window: the status bar says it is corrupt and why
// (never "counting…" forever, never "writable"), and the file leaves the Recent list.

#include "mainwindow/main_window.h"
#include "mainwindow/recent_databases.h"
#include "sessions/session_filter_bar.h"
#include "support/random_audit_db.h"

#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

using namespace raglens::ui;
using namespace raglens::test;

class TestCorruptDatabaseWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RagLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_corrupt_database_window"));
        RecentDatabases::clear();
    }

    void statusSaysCorrupt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("damaged.db"));
        QCOMPARE(writeRandomAuditDb(path, {3000, 11}), QString());
        QCOMPARE(damageLastPages(path), QString());
        MainWindow window;
        QStringList errors; // what a user would see in the message box
        window.setErrorReporter(
            [&errors](const QString&, const QString& message) { errors << message; });
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(path)); // the first pages are fine: it opens
        auto* counts = window.findChild<QLabel*>(QStringLiteral("countsLabel"));
        auto* access = window.findChild<QLabel*>(QStringLiteral("accessLabel"));
        QVERIFY(counts && access);
        QTRY_VERIFY2_WITH_TIMEOUT(counts->text().contains(QStringLiteral("corrupt")),
                                  qPrintable(counts->text()), 20000);
        QVERIFY(!counts->text().contains(QStringLiteral("counting")));
        QVERIFY(access->text().startsWith(QStringLiteral("corrupt")));
        QVERIFY(!RecentDatabases::entries().contains(path));
        // The session list's own read failed too, with the same plain word.
        QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 20000);
        QVERIFY(errors.join(QLatin1Char(' ')).contains(QStringLiteral("corrupt")));
        // The match count is never left "Counting…": it arrived, or says it failed and why.
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.filterBar()->countText().contains(QStringLiteral("Counting")), 20000);
        RecentDatabases::clear();
    }
};

QTEST_MAIN(TestCorruptDatabaseWindow)
#include "tst_corrupt_database_window.moc"
