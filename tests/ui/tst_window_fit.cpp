// Where the main window opens: a first start fits the screen, a geometry saved on a larger
// screen or another monitor is brought back onto this one, and the window really gets it.

#include "common/app_settings.h"
#include "mainwindow/main_window.h"
#include "mainwindow/window_fit.h"
#include "support/offscreen_screen.h"

#include <QApplication>
#include <QFile>
#include <QGuiApplication>
#include <QScreen>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens::ui;

class TestWindowFit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void firstStartOnALaptopScreen()
    {
        // 1280×720 less a 32 px panel: 1500×900 would put the status bar off screen.
        const QRect laptop(0, 32, 1280, 688);
        const QRect g = firstStartGeometry(QSize(1500, 900), laptop);
        QVERIFY(laptop.contains(g));
        QCOMPARE(g.size(), QSize(1152, 619));
        QCOMPARE(g.center(), laptop.center());
        // A large screen gets the size the panels were laid out for.
        const QRect large(0, 0, 2560, 1440);
        QCOMPARE(firstStartGeometry(QSize(1500, 900), large).size(), QSize(1500, 900));
    }

    void savedGeometryIsClampedToTheScreen_data()
    {
        QTest::addColumn<QRect>("saved");
        QTest::addColumn<QRect>("available");
        QTest::addColumn<QRect>("expected");
        const QRect laptop(0, 0, 1280, 720);
        QTest::newRow("fits: left alone")
            << QRect(100, 50, 800, 600) << laptop << QRect(100, 50, 800, 600);
        QTest::newRow("from a larger screen")
            << QRect(200, 100, 1900, 1000) << laptop << QRect(0, 0, 1280, 720);
        QTest::newRow("hanging off the right")
            << QRect(900, 100, 800, 600) << laptop << QRect(480, 100, 800, 600);
        QTest::newRow("on a monitor that is gone")
            << QRect(3000, -400, 800, 600) << laptop << QRect(480, 0, 800, 600);
        QTest::newRow("second monitor's own area")
            << QRect(2000, 100, 800, 600) << QRect(1920, 0, 1280, 1024)
            << QRect(2000, 100, 800, 600);
    }
    void savedGeometryIsClampedToTheScreen()
    {
        QFETCH(QRect, saved);
        QFETCH(QRect, available);
        QFETCH(QRect, expected);
        QCOMPARE(fittedGeometry(saved, available), expected);
    }

    void theWindowOpensOnItsScreen()
    {
        QScreen* screen = QGuiApplication::primaryScreen();
        QVERIFY(screen);
        const QRect available = screen->availableGeometry();
        QCOMPARE(available.size(), QSize(1280, 720));
        {
            // A saved geometry twice the screen's size, placed beyond its right edge.
            MainWindow big;
            big.setGeometry(available.right() + 100, available.top(), available.width() * 2,
                            available.height() * 2);
            AppSettings::instance().setValue(QStringLiteral("window/geometry"), big.saveGeometry());
        }
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(available.contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("%1,%2 %3×%4 in %5×%6")
                                .arg(window.frameGeometry().x())
                                .arg(window.frameGeometry().y())
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())
                                .arg(available.width())
                                .arg(available.height())));
        AppSettings::instance().remove(QStringLiteral("window/geometry"));
        MainWindow fresh;
        fresh.show();
        QVERIFY(QTest::qWaitForWindowExposed(&fresh));
        QVERIFY(available.contains(fresh.frameGeometry()));
        // A first start uses most of the screen, not a corner of it.
        QVERIFY(fresh.width() >= available.width() * 8 / 10);
    }
};

// The window is tried on a 1280×720 laptop screen: the offscreen platform's own default is
// smaller than the window's minimum size.
RAGLENS_TEST_MAIN_ON_SCREEN(TestWindowFit, 1280, 720)

#include "tst_window_fit.moc"
