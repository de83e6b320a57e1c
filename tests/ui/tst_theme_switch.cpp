// A theme switch with every panel open and filled (a FALLBACK session's drill-down, health,
// a console lookup, an evaluation run, an audit check, the knowledge base) re-colours what
// is already on screen. The test reads colours, not just that nothing crashed:
//  - every widget's own foreground still reads on its own background (a palette a widget
//    set for itself in the old theme keeps its colours);
//  - every run of rich text already shown (labels, text browsers) reads on what it is
//    drawn on, its own background or the widget's;
//  - every item view's explicit text and background colours read on each other;
//  - the custom-painted timelines paint the new theme's background.

#include "attempts/attempt_timeline_widget.h"
#include "common/badge_colors.h"
#include "demo/demo_workspace.h"
#include "mainwindow/main_window.h"
#include "run/run_gantt_widget.h"
#include "support/offscreen_screen.h"
#include "uisupport/filled_window.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextTable>
#include <QtTest>

#include <cmath>

using namespace raglens;
using namespace raglens::ui;

namespace {

double luminance(const QColor& c)
{
    const auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

/// WCAG contrast ratio; a translucent foreground is blended onto the background first.
double contrast(QColor fg, const QColor& bg)
{
    if (fg.alphaF() < 1.0) {
        const double a = fg.alphaF();
        fg = QColor::fromRgbF(float(fg.redF() * a + bg.redF() * (1 - a)),
                              float(fg.greenF() * a + bg.greenF() * (1 - a)),
                              float(fg.blueF() * a + bg.blueF() * (1 - a)));
    }
    const double a = luminance(fg), b = luminance(bg);
    return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

/// Readable enough for text and for the marks of a chart (WCAG's 3:1 for large text and
/// graphical objects): the stale colours this test exists for fall far below it.
constexpr double kMinContrast = 3.0;

/// "HealthPanel/QLabel#name": the widget and the nearest RagLens class it belongs to.
QString nameOf(const QObject* o)
{
    QString name = QString::fromLatin1(o->metaObject()->className());
    if (!o->objectName().isEmpty() && !o->objectName().startsWith(QLatin1String("qt_")))
        name += QLatin1Char('#') + o->objectName();
    for (const QObject* p = o->parent(); p; p = p->parent()) {
        const QString cls = QString::fromLatin1(p->metaObject()->className());
        if (cls.startsWith(QLatin1String("raglens::")))
            return cls.mid(cls.lastIndexOf(QLatin1Char(':')) + 1) + QLatin1Char('/') + name;
    }
    return name;
}

QColor brushColour(const QBrush& brush, const QColor& otherwise)
{
    return brush.style() == Qt::NoBrush ? otherwise : brush.color();
}

/// Every run of text in `doc` against what it is drawn on.
void checkDocument(const QTextDocument& doc, const QColor& text, const QColor& base,
                   const QString& where, QStringList& problems)
{
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        QColor ground = brushColour(block.blockFormat().background(), base);
        QTextCursor cursor(block);
        if (QTextTable* table = cursor.currentTable()) {
            const QTextTableCell cell = table->cellAt(cursor);
            if (cell.isValid())
                ground = brushColour(cell.format().background(),
                                     brushColour(table->format().background(), ground));
        }
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.isValid() || fragment.text().trimmed().isEmpty())
                continue;
            const QTextCharFormat format = fragment.charFormat();
            const QColor fg = brushColour(format.foreground(), text);
            const QColor bg = brushColour(format.background(), ground);
            const double c = contrast(fg, bg);
            if (c < kMinContrast)
                problems << QStringLiteral("%1: \"%2\" %3 on %4 (%5:1)")
                                .arg(where, fragment.text().left(30), fg.name(), bg.name())
                                .arg(c, 0, 'f', 1);
        }
    }
}

void checkItemView(QAbstractItemView* view, QStringList& problems)
{
    QAbstractItemModel* model = view->model();
    if (!model)
        return;
    const QColor base = view->palette().color(QPalette::Base);
    const QColor text = view->palette().color(QPalette::Text);
    std::function<void(const QModelIndex&, int)> walk = [&](const QModelIndex& parent, int depth) {
        const int rows = std::min(model->rowCount(parent), 60);
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < model->columnCount(parent); ++c) {
                const QModelIndex i = model->index(r, c, parent);
                const QVariant fgv = i.data(Qt::ForegroundRole);
                const QVariant bgv = i.data(Qt::BackgroundRole);
                if (!fgv.isValid() && !bgv.isValid())
                    continue;
                if (i.data(Qt::DisplayRole).toString().trimmed().isEmpty())
                    continue;
                const QColor fg = fgv.isValid() ? fgv.value<QBrush>().color() : text;
                const QColor bg = bgv.isValid() ? bgv.value<QBrush>().color() : base;
                const double ratio = contrast(fg, bg);
                if (ratio < kMinContrast)
                    problems << QStringLiteral("%1: cell \"%2\" %3 on %4 (%5:1)")
                                    .arg(nameOf(view), i.data().toString().left(30), fg.name(),
                                         bg.name())
                                    .arg(ratio, 0, 'f', 1);
            }
            if (depth < 3 && model->hasChildren(model->index(r, 0, parent)))
                walk(model->index(r, 0, parent), depth + 1);
        }
    };
    walk(QModelIndex(), 0);
}

/// The colour the widget paints most of itself with: its most frequent pixel.
QColor dominantColour(QWidget* w)
{
    const QImage image = w->grab().toImage();
    QHash<QRgb, int> counts;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            ++counts[image.pixel(x, y)];
    QRgb best = 0;
    int most = -1;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() > most) {
            most = it.value();
            best = it.key();
        }
    return QColor::fromRgb(best);
}

} // namespace

class TestThemeSwitch : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demo;

    static QStringList problemsIn(MainWindow& window, bool dark)
    {
        QStringList problems;
        for (QWidget* w : window.findChildren<QWidget*>()) {
            const QPalette& pal = w->palette();
            // A widget that chose its own colours (a status line, a verdict) in the old theme.
            // (A label without text is a colour swatch.)
            auto* label = qobject_cast<QLabel*>(w);
            if (w->testAttribute(Qt::WA_SetPalette) && !(label && label->text().isEmpty())) {
                const QColor fg = pal.color(w->foregroundRole());
                const QColor bg = pal.color(w->backgroundRole());
                if (contrast(fg, bg) < kMinContrast)
                    problems << QStringLiteral("%1: palette %2 on %3")
                                    .arg(nameOf(w), fg.name(), bg.name());
            }
            if (label) {
                const bool rich =
                    label->textFormat() == Qt::RichText ||
                    (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(label->text()));
                if (rich && !label->text().isEmpty()) {
                    QTextDocument doc;
                    doc.setHtml(label->text());
                    const QColor ground = label->autoFillBackground()
                                              ? pal.color(label->backgroundRole())
                                              : pal.color(QPalette::Window);
                    checkDocument(doc, pal.color(QPalette::WindowText), ground, nameOf(label),
                                  problems);
                }
            } else if (auto* edit = qobject_cast<QTextEdit*>(w)) {
                checkDocument(*edit->document(), pal.color(QPalette::Text),
                              edit->viewport()->palette().color(QPalette::Base), nameOf(edit),
                              problems);
            } else if (auto* view = qobject_cast<QAbstractItemView*>(w);
                       view && !qobject_cast<QHeaderView*>(w)) {
                checkItemView(view, problems);
            }
            // Painted by hand: the background is the new theme's.
            if ((qobject_cast<AttemptTimelineWidget*>(w) || qobject_cast<RunGanttWidget*>(w)) &&
                w->width() > 20 && w->height() > 20) {
                const QColor ground = dominantColour(w);
                if (isDarkPalette(QPalette(ground, ground)) != dark)
                    problems << QStringLiteral("%1: painted on %2").arg(nameOf(w), ground.name());
            }
        }
        return problems;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_demo = m_dir.filePath(QStringLiteral("demo"));
        QVERIFY(DemoWorkspace::create(m_demo).ok());
    }

    void everyPanelFollowsTheTheme_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::newRow("light to dark") << "light"
                                       << "dark";
        QTest::newRow("dark to light") << "dark"
                                       << "light";
    }

    void everyPanelFollowsTheTheme()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        MainWindow window;
        window.setErrorReporter([](const QString& title, const QString& message) {
            qWarning("%s: %s", qPrintable(title), qPrintable(message));
        });
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QAction*>(QStringLiteral("actionTheme_") + from)->trigger();
        const QString filled = test::fillEveryPanel(window, m_demo);
        QVERIFY2(filled.isEmpty(), qPrintable(filled));
        // The panels were filled in the first theme: they read in it.
        const bool dark = to == QLatin1String("dark");
        QStringList before = problemsIn(window, !dark);
        before.removeDuplicates();
        QVERIFY2(before.isEmpty(), qPrintable(before.join(QLatin1Char('\n'))));

        window.findChild<QAction*>(QStringLiteral("actionTheme_") + to)->trigger();
        QCOMPARE(isDarkPalette(QApplication::palette()), dark);
        QTest::qWait(50); // palette change events, then repaints
        QStringList after = problemsIn(window, dark);
        after.removeDuplicates();
        QVERIFY2(after.isEmpty(), qPrintable(after.join(QLatin1Char('\n'))));
        window.findChild<QAction*>(QStringLiteral("actionTheme_system"))->trigger();
    }
};

QTEST_MAIN(TestThemeSwitch)
#include "tst_theme_switch.moc"
