// The run view's time axis: every tick label stays inside the widget and clear of its
// neighbour, whatever the run's length and the view's width (the last label used to run
// past the right edge, and labels crowded each other on narrow views).

#include "run/run_gantt_layout.h"

#include <QFont>
#include <QFontMetricsF>
#include <QtTest>

using namespace raglens::ui;

class TestRunGanttAxis : public QObject
{
    Q_OBJECT
private slots:
    void labelsFitAndNeverOverlap_data()
    {
        QTest::addColumn<qint64>("spanMs");
        QTest::addColumn<double>("width");
        for (qint64 span : {1LL, 7LL, 120LL, 999LL, 10800LL, 65000LL, 3600000LL, 90000000LL})
            for (double width : {180.0, 330.0, 520.0, 868.0, 1600.0})
                QTest::newRow(qPrintable(QStringLiteral("%1 ms in %2 px").arg(span).arg(width)))
                    << span << width;
    }

    void labelsFitAndNeverOverlap()
    {
        QFETCH(qint64, spanMs);
        QFETCH(double, width);
        const QFontMetricsF metrics{QFont()};
        const auto textWidth = [&](const QString& t) { return metrics.horizontalAdvance(t); };
        const double plotLeft = 120;
        const double plotRight = width - 16;
        const auto ticks = axisTicks(spanMs, plotLeft, plotRight, width, textWidth);
        QVERIFY(!ticks.empty());
        QCOMPARE(ticks.front().x, plotLeft);
        QVERIFY(ticks.front().labelLeft); // "+0 ms" always shows
        double lastRight = -1;
        int shown = 0;
        for (const AxisTick& tick : ticks) {
            QVERIFY(tick.x >= plotLeft - 0.01 &&
                    tick.x <= std::max(plotRight, plotLeft + 10) + 0.01);
            if (!tick.labelLeft)
                continue;
            ++shown;
            const double left = *tick.labelLeft;
            const double right = left + textWidth(tick.label);
            QVERIFY2(left >= 0 && right <= width, qPrintable(tick.label));
            QVERIFY2(left > lastRight, qPrintable(tick.label));
            lastRight = right;
        }
        if (width >= 520)
            QVERIFY(shown >= 2); // a view of any use shows more than the origin
    }
};

QTEST_MAIN(TestRunGanttAxis)
#include "tst_run_gantt_axis.moc"
