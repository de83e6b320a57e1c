// MainWindow's menus and the actions behind them: opening, exporting, copying, keyboard
// navigation, theme and language. Every shortcut lives on an action, so Help → Keyboard
// shortcuts lists exactly what the keys do.

#include "mainwindow/main_window.h"

#include "common/atomic_file.h"

#include "dialogs/about_dialog.h"
#include "dialogs/open_database_dialog.h"
#include "dialogs/shortcuts_dialog.h"
#include "mainwindow/language.h"
#include "mainwindow/recent_databases.h"
#include "mainwindow/theme.h"
#include "run/run_view.h"
#include "sessions/session_filter_bar.h"
#include "sessions/session_tree_model.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTreeView>

namespace raglens::ui {

namespace {

QAction* makeAction(QObject* parent, const QString& name, const QString& text,
                    const QList<QKeySequence>& keys = {})
{
    auto* action = new QAction(text, parent);
    action->setObjectName(name);
    action->setShortcuts(keys);
    return action;
}

} // namespace

void MainWindow::createActions()
{
    m_shortcutActions.clear();
    createFileMenu();
    createEditMenu();
    createGoMenu();
    createViewMenu();
    createHelpMenu();
    // Shortcuts work wherever the focus is, even with the menu bar hidden.
    addActions(m_shortcutActions);
}

void MainWindow::createFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open =
        makeAction(this, QStringLiteral("actionOpen"), tr("&Open Database…"), {QKeySequence::Open});
    connect(open, &QAction::triggered, this, &MainWindow::showOpenDialog);
    QAction* openWorkspaceAction =
        makeAction(this, QStringLiteral("actionOpenWorkspace"), tr("Open &Workspace…"),
                   {QKeySequence(tr("Ctrl+Shift+O"))});
    connect(openWorkspaceAction, &QAction::triggered, this, &MainWindow::showOpenWorkspaceDialog);
    m_recentMenu = new QMenu(tr("Open &Recent"), this);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    QAction* reload =
        makeAction(this, QStringLiteral("actionReload"), tr("Re&load"), {QKeySequence::Refresh});
    connect(reload, &QAction::triggered, this, [this] {
        if (m_db) {
            m_model->setFilter(m_filterBar->filter());
            refreshSummary();
            startFactsIndex(); // new calls since: refreshed, or rebuilt when it changed
        }
    });
    QAction* exportTrace = makeAction(this, QStringLiteral("actionExportTrace"),
                                      tr("&Export Trace JSON…"), {QKeySequence(tr("Ctrl+E"))});
    connect(exportTrace, &QAction::triggered, this, &MainWindow::exportTraceJson);
    QAction* exportPng =
        makeAction(this, QStringLiteral("actionExportTimeline"), tr("Export Timeline as &PNG…"),
                   {QKeySequence(tr("Ctrl+Shift+E"))});
    connect(exportPng, &QAction::triggered, this, &MainWindow::exportTimelinePng);
    QAction* closeDb = makeAction(this, QStringLiteral("actionClose"), tr("&Close Database"),
                                  {QKeySequence::Close});
    connect(closeDb, &QAction::triggered, this, &MainWindow::closeDatabase);
    QAction* quit =
        makeAction(this, QStringLiteral("actionQuit"), tr("&Quit"), {QKeySequence::Quit});
    connect(quit, &QAction::triggered, this, &QWidget::close);
    file->addActions({open, openWorkspaceAction});
    file->addMenu(m_recentMenu);
    file->addAction(reload);
    file->addSeparator();
    file->addActions({exportTrace, exportPng, createReportAction()});
    file->addSeparator();
    createTraceApiActions(file, closeDb);
    file->addActions({closeDb, quit});
    m_shortcutActions += {open, openWorkspaceAction, reload, exportTrace, exportPng, closeDb, quit};
}

void MainWindow::createEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* copy = makeAction(this, QStringLiteral("actionCopyTrace"), tr("&Copy Trace JSON"),
                               {QKeySequence(tr("Ctrl+Shift+C"))});
    connect(copy, &QAction::triggered, this, &MainWindow::copyTraceJson);
    QAction* find = makeAction(this, QStringLiteral("actionFocusFilter"), tr("&Filter Sessions"),
                               {QKeySequence::Find});
    connect(find, &QAction::triggered, m_filterBar, &SessionFilterBar::focusText);
    QAction* fallbackOnly =
        makeAction(this, QStringLiteral("actionFallbackRuns"), tr("Show Only &Fallback Runs"),
                   {QKeySequence(tr("Ctrl+B"))});
    fallbackOnly->setCheckable(true);
    connect(fallbackOnly, &QAction::toggled, m_filterBar, &SessionFilterBar::setFallbackRunsOnly);
    connect(m_filterBar, &SessionFilterBar::filterChanged, fallbackOnly,
            [fallbackOnly](const SessionFilter& f) {
                const QSignalBlocker blocker(fallbackOnly);
                fallbackOnly->setChecked(f.outcome == QLatin1String("FALLBACK"));
            });
    QAction* clearFilter = makeAction(this, QStringLiteral("actionClearFilter"),
                                      tr("C&lear Filters"), {QKeySequence(tr("Ctrl+Shift+X"))});
    connect(clearFilter, &QAction::triggered, m_filterBar, &SessionFilterBar::clear);
    edit->addActions({copy, find, fallbackOnly, clearFilter});
    m_shortcutActions += {copy, find, fallbackOnly, clearFilter};
}

void MainWindow::createGoMenu()
{
    QMenu* go = menuBar()->addMenu(tr("&Go"));
    struct Nav
    {
        const char* name;
        QString text;
        QKeySequence key;
        NavigationTargetKind kind;
        bool forward;
    };
    const Nav navs[] = {
        {"actionNextFallback", tr("Next &FALLBACK Run"), QKeySequence(Qt::Key_F7),
         NavigationTargetKind::FallbackRun, true},
        {"actionPreviousFallback", tr("Previous FALLBACK Run"),
         QKeySequence(Qt::SHIFT | Qt::Key_F7), NavigationTargetKind::FallbackRun, false},
        {"actionNextNoEvidence", tr("Next &NO_EVIDENCE Invocation"), QKeySequence(Qt::Key_F8),
         NavigationTargetKind::NoEvidenceInvocation, true},
        {"actionPreviousNoEvidence", tr("Previous NO_EVIDENCE Invocation"),
         QKeySequence(Qt::SHIFT | Qt::Key_F8), NavigationTargetKind::NoEvidenceInvocation, false},
        {"actionNextRetry", tr("Next &Retry Invocation"), QKeySequence(Qt::Key_F9),
         NavigationTargetKind::RetryInvocation, true},
        {"actionPreviousRetry", tr("Previous Retry Invocation"),
         QKeySequence(Qt::SHIFT | Qt::Key_F9), NavigationTargetKind::RetryInvocation, false},
    };
    QList<QAction*> navActions;
    for (const Nav& nav : navs) {
        QAction* a = makeAction(this, QString::fromLatin1(nav.name), nav.text, {nav.key});
        const NavigationTargetKind kind = nav.kind;
        const bool forward = nav.forward;
        connect(a, &QAction::triggered, this, [this, kind, forward] {
            if (!navigate(kind, forward))
                statusBar()->showMessage(tr("Nothing matches among the loaded sessions."), 5000);
        });
        go->addAction(a);
        navActions << a;
    }
    go->addSeparator();
    QAction* focusTree = makeAction(this, QStringLiteral("actionFocusTree"),
                                    tr("Focus Session &Tree"), {QKeySequence(tr("Ctrl+1"))});
    connect(focusTree, &QAction::triggered, this,
            [this] { m_tree->setFocus(Qt::ShortcutFocusReason); });
    QAction* focusRun = makeAction(this, QStringLiteral("actionFocusRunView"),
                                   tr("Focus &Run View"), {QKeySequence(tr("Ctrl+2"))});
    connect(focusRun, &QAction::triggered, this,
            [this] { m_runView->setFocus(Qt::ShortcutFocusReason); });
    go->addActions({focusTree, focusRun});
    m_shortcutActions += navActions;
    m_shortcutActions += {focusTree, focusRun};
}

void MainWindow::createViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    createSavedViewsMenu(view);
    createFollowActions(view);
    QMenu* themeMenu = view->addMenu(tr("&Theme"));
    m_themeGroup = new QActionGroup(this);
    const QList<QPair<Theme, QString>> themes = {
        {Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto& [theme, text] : themes) {
        QAction* a = themeMenu->addAction(text);
        a->setObjectName(QStringLiteral("actionTheme_") + themeToString(theme));
        a->setCheckable(true);
        a->setChecked(theme == savedTheme());
        m_themeGroup->addAction(a);
        const int value = int(theme);
        connect(a, &QAction::triggered, this, [this, value] { setTheme(value); });
    }
    QMenu* languageMenu = view->addMenu(tr("&Language"));
    m_languageGroup = new QActionGroup(this);
    QList<QPair<QString, QString>> languages = {{QString(), tr("System Default")}};
    for (const QString& locale : availableLanguages()) {
        const QString native = QLocale(locale).nativeLanguageName();
        languages.append({locale, native.isEmpty() ? locale : native});
    }
    for (const auto& [locale, text] : languages) {
        QAction* a = languageMenu->addAction(text);
        a->setObjectName(QStringLiteral("language_") +
                         (locale.isEmpty() ? QStringLiteral("system") : locale));
        a->setCheckable(true);
        a->setChecked(locale == savedLanguage());
        m_languageGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, locale] { setLanguage(locale); });
    }
    m_shortcutActions += m_followAction;
}

void MainWindow::createHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* shortcuts = makeAction(this, QStringLiteral("actionShortcuts"),
                                    tr("&Keyboard Shortcuts"), {QKeySequence(Qt::Key_F1)});
    connect(shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    QAction* about = makeAction(this, QStringLiteral("actionAbout"), tr("&About RagLens"));
    connect(about, &QAction::triggered, this, [this] { showAboutDialog(this); });
    help->addActions({shortcuts, about});
    m_shortcutActions += shortcuts;
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList entries = RecentDatabases::entries();
    for (const QString& entry : entries) {
        QAction* a = m_recentMenu->addAction(entry);
        connect(a, &QAction::triggered, this, [this, entry] {
            if (QFileInfo(entry).isDir())
                openWorkspace(entry);
            else
                openDatabase(entry);
        });
    }
    if (entries.isEmpty()) {
        m_recentMenu->addAction(tr("No recent databases"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("Clear List")), &QAction::triggered, this,
            [] { RecentDatabases::clear(); });
}

void MainWindow::showOpenDialog()
{
    OpenDatabaseDialog dialog(RecentDatabases::entries(), this);
    if (dialog.exec() == QDialog::Accepted && !dialog.location().isEmpty()) {
        if (QFileInfo(dialog.location()).isDir())
            openWorkspace(dialog.location());
        else
            openDatabase(dialog.location(), dialog.password());
    }
}

void MainWindow::showOpenWorkspaceDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Workspace"));
    if (!dir.isEmpty())
        openWorkspace(dir);
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(m_shortcutActions, this);
    dialog.exec();
}

void MainWindow::copyTraceJson()
{
    const auto ids = currentTraceIds();
    if (ids.first.isEmpty()) {
        statusBar()->showMessage(tr("Select a session or run to copy its trace."), 5000);
        return;
    }
    statusBar()->showMessage(tr("Reading the trace…"));
    readTraceJson(ids, [this](Expected<QString> json) {
        if (!json) {
            reportError(tr("Copy failed"), json.error());
            return;
        }
        QApplication::clipboard()->setText(*json);
        statusBar()->showMessage(tr("Trace JSON copied to the clipboard."), 4000);
    });
}

void MainWindow::exportTraceJson()
{
    const auto ids = currentTraceIds();
    if (ids.first.isEmpty()) {
        statusBar()->showMessage(tr("Select a session or run to export its trace."), 5000);
        return;
    }
    const QString name =
        (ids.second.isEmpty() ? ids.first : ids.second) + QStringLiteral(".trace.json");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Trace JSON"), name,
                                                      tr("JSON files (*.json)"));
    if (path.isEmpty())
        return;
    statusBar()->showMessage(tr("Reading the trace…"));
    readTraceJson(ids, [this, path](Expected<QString> json) {
        if (!json) {
            reportError(tr("Export failed"), json.error());
            return;
        }
        const QByteArray bytes = json->toUtf8();
        if (const Status written =
                atomic_file::write(path, std::string_view(bytes.constData(), size_t(bytes.size())));
            !written) {
            reportError(tr("Export failed"), written.error());
            return;
        }
        statusBar()->showMessage(tr("Trace written to %1").arg(path), 5000);
    });
}

void MainWindow::exportTimelinePng()
{
    if (m_runView->runId().isEmpty()) {
        statusBar()->showMessage(tr("Select a run to export its timeline."), 5000);
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Timeline"), m_runView->runId() + QStringLiteral("-timeline.png"),
        tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (!m_runView->timelineImage().save(path, "PNG")) {
        reportError(tr("Export failed"), tr("Cannot write the image %1.").arg(path));
        return;
    }
    statusBar()->showMessage(tr("Timeline written to %1").arg(path), 5000);
}

void MainWindow::setTheme(int theme)
{
    applyTheme(Theme(theme));
    saveTheme(Theme(theme));
}

void MainWindow::setLanguage(const QString& locale)
{
    saveLanguage(locale);
    // Said in the language chosen, which the user reads; and in the current one when that
    // differs, so a wrong choice can be understood too.
    static const char* const kNotice = QT_TR_NOOP("The language changes the next time RagLens "
                                                  "starts.");
    const QString chosen = translatedInto(locale, metaObject()->className(), kNotice);
    const QString current = tr(kNotice);
    m_lastLanguageNotice = chosen == current ? chosen : chosen + QStringLiteral("\n\n") + current;
    QMessageBox::information(this, tr("Language"), m_lastLanguageNotice);
}

} // namespace raglens::ui
