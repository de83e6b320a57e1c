// Every panel at 1280×720, in English and in Chinese, filled as a user leaves it (see
// uisupport/filled_window.h): no label, button, tab, group title, combo box or header text
// is cut where it should be whole. Widths are measured with each widget's own font metrics.
// Run a second time by CTest on a 1920×1080 screen at 150 % scaling (the same 1280×720 in
// logical pixels, with fractional device pixels).

#include "demo/demo_workspace.h"
#include "mainwindow/language.h"
#include "mainwindow/main_window.h"
#include "support/offscreen_screen.h"
#include "uisupport/filled_window.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QRadioButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;

namespace {

/// "HealthPanel/QLabel#name 'text'": the widget, the nearest RagLens class it belongs to.
QString nameOf(const QWidget* w, const QString& text)
{
    QString name = QString::fromLatin1(w->metaObject()->className());
    if (!w->objectName().isEmpty() && !w->objectName().startsWith(QLatin1String("qt_")))
        name += QLatin1Char('#') + w->objectName();
    for (const QObject* p = w->parent(); p; p = p->parent()) {
        const QString cls = QString::fromLatin1(p->metaObject()->className());
        if (cls.startsWith(QLatin1String("raglens::"))) {
            name = cls.mid(cls.lastIndexOf(QLatin1Char(':')) + 1) + QLatin1Char('/') + name;
            break;
        }
    }
    return QStringLiteral("%1 \"%2\"").arg(name, text);
}

/// A button's text as drawn: "&&" is one ampersand, a single '&' marks the mnemonic.
QString withoutMnemonic(QString text)
{
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

int widestLine(const QFontMetrics& fm, const QString& text)
{
    int widest = 0;
    for (const QString& line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, fm.horizontalAdvance(line));
    return widest;
}

/// Whether the user can see any of `w` (not scrolled away, not behind a collapsed splitter).
bool onScreen(QWidget* w)
{
    return w->isVisible() && w->width() > 0 && !w->visibleRegion().isEmpty();
}

void checkWidget(QWidget* w, QStringList& cut)
{
    const QFontMetrics fm = w->fontMetrics();
    const auto report = [&](const QString& text, int needed, int available) {
        cut << QStringLiteral("%1 needs %2 px, has %3")
                   .arg(nameOf(w, text))
                   .arg(needed)
                   .arg(available);
    };
    if (auto* label = qobject_cast<QLabel*>(w)) {
        // A label with a buddy draws its '&' as the mnemonic's underline.
        const QString text = label->buddy() ? withoutMnemonic(label->text()) : label->text();
        const bool rich = label->textFormat() == Qt::RichText ||
                          (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(text));
        // Wrapped labels break lines instead of cutting; rich text is laid out by its document.
        if (text.isEmpty() || rich || label->wordWrap())
            return;
        const int needed = widestLine(fm, text);
        const int available =
            label->contentsRect().width() - 2 * label->margin() - std::max(0, label->indent());
        if (needed > available + 1)
            report(text, needed, available);
    } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
        const QString text = withoutMnemonic(button->text());
        if (text.isEmpty())
            return;
        if (auto* tool = qobject_cast<QToolButton*>(button);
            tool && tool->toolButtonStyle() == Qt::ToolButtonIconOnly)
            return;
        if (qobject_cast<QTabBar*>(w->parentWidget())) // a tab bar's scroll and close buttons
            return;
        int needed = fm.horizontalAdvance(text) + 4;
        if (qobject_cast<QCheckBox*>(button) || qobject_cast<QRadioButton*>(button))
            needed += button->style()->pixelMetric(QStyle::PM_IndicatorWidth, nullptr, button);
        else if (!button->icon().isNull())
            needed += button->iconSize().width();
        if (button->width() < needed)
            report(text, needed, button->width());
    } else if (auto* tabs = qobject_cast<QTabBar*>(w)) {
        for (int i = 0; i < tabs->count(); ++i) {
            if (!tabs->isTabVisible(i))
                continue;
            const QString text = withoutMnemonic(tabs->tabText(i));
            const QRect r = tabs->tabRect(i);
            const int needed = fm.horizontalAdvance(text) + 8;
            if (!tabs->rect().contains(r))
                cut << nameOf(w, text) + QStringLiteral(" is behind the tab bar's scroll buttons");
            else if (r.width() < needed)
                report(text, needed, r.width());
        }
    } else if (auto* group = qobject_cast<QGroupBox*>(w)) {
        const QString text = withoutMnemonic(group->title());
        const int needed = fm.horizontalAdvance(text) + 8;
        if (!text.isEmpty() && group->width() < needed)
            report(text, needed, group->width());
    } else if (auto* combo = qobject_cast<QComboBox*>(w)) {
        if (combo->isEditable() || combo->currentText().isEmpty())
            return;
        QStyleOptionComboBox option;
        option.initFrom(combo);
        const QRect field = combo->style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                           QStyle::SC_ComboBoxEditField, combo);
        const int needed = fm.horizontalAdvance(combo->currentText());
        if (field.width() < needed)
            report(combo->currentText(), needed, field.width());
    } else if (auto* area = qobject_cast<QScrollArea*>(w)) {
        // A panel laid out for reading scrolls down, never sideways.
        if (area->widgetResizable() && area->horizontalScrollBar()->maximum() > 0)
            cut << nameOf(w, QString()) + QStringLiteral(" scrolls sideways by %1 px")
                                              .arg(area->horizontalScrollBar()->maximum());
    } else if (auto* header = qobject_cast<QHeaderView*>(w)) {
        if (header->orientation() != Qt::Horizontal || !header->model())
            return;
        const int padding =
            2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        for (int s = 0; s < header->count(); ++s) {
            if (header->isSectionHidden(s))
                continue;
            const QString text =
                header->model()->headerData(s, Qt::Horizontal, Qt::DisplayRole).toString();
            const int needed = fm.horizontalAdvance(text) + padding;
            if (!text.isEmpty() && header->sectionSize(s) < needed)
                report(text, needed, header->sectionSize(s));
        }
    }
}

QStringList cutTextIn(QWidget* page)
{
    QStringList cut;
    for (QWidget* w : page->findChildren<QWidget*>())
        if (onScreen(w))
            checkWidget(w, cut);
    cut.removeDuplicates();
    return cut;
}

} // namespace

class TestTextFit : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demo;

    void checkEveryPanel(const QString& language)
    {
        MainWindow window;
        window.setErrorReporter([](const QString& title, const QString& message) {
            qWarning("%s: %s", qPrintable(title), qPrintable(message));
        });
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The window the first start gives on this screen.
        QVERIFY2(window.screen()->availableGeometry().contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("%1,%2 %3x%4")
                                .arg(window.frameGeometry().x())
                                .arg(window.frameGeometry().y())
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())));
        QStringList cut;
        const QString filled = test::fillEveryPanel(window, m_demo, [&](QWidget* page) {
            const QString tab = window.workTabs()->tabText(window.workTabs()->indexOf(page));
            for (const QString& c : cutTextIn(&window))
                cut << QStringLiteral("[%1 · %2] %3").arg(language, tab, c);
        });
        QVERIFY2(filled.isEmpty(), qPrintable(filled));
        cut.removeDuplicates();
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_demo = m_dir.filePath(QStringLiteral("demo"));
        QVERIFY(DemoWorkspace::create(m_demo).ok());
        // The screen this run was given (1280×720, or 1920×1080 at 150 %) is 1280×720 in
        // the pixels the layout works in.
        QCOMPARE(QGuiApplication::primaryScreen()->availableGeometry().size(), QSize(1280, 720));
    }

    void everyPanelFitsInEnglish()
    {
        saveLanguage(QStringLiteral("en"));
        installTranslators();
        checkEveryPanel(QStringLiteral("en"));
    }

    // Last: the Chinese translators stay installed for the rest of the process.
    void everyPanelFitsInChinese()
    {
        saveLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(installTranslators(), QStringLiteral("zh_CN"));
        checkEveryPanel(QStringLiteral("zh_CN"));
        saveLanguage(QString());
    }
};

// The screen comes from RAGLENS_TEST_SCREEN ("1920x1080" beside QT_SCALE_FACTOR=1.5) or is
// a 1280×720 laptop's.
int main(int argc, char** argv)
{
    QSize screen(1280, 720);
    const QStringList asked = qEnvironmentVariable("RAGLENS_TEST_SCREEN").split(QLatin1Char('x'));
    if (asked.size() == 2)
        screen = QSize(asked[0].toInt(), asked[1].toInt());
    raglens::test::useOffscreenScreen(screen);
    QApplication app(argc, argv);
    QTEST_SET_MAIN_SOURCE_PATH
    TestTextFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_text_fit.moc"
