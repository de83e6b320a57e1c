// MainWindow's menus and the actions behind them: opening, reloading, filtering, keyboard
// navigation, theme and language (the export actions are ExportActions', placed here).
// Every shortcut lives on an action, so Help → Keyboard shortcuts lists what the keys do.

#include "mainwindow/main_window.h"

#include "common/make_action.h"
#include "db/audit_database.h"
#include "dialogs/about_dialog.h"
#include "dialogs/open_database_dialog.h"
#include "dialogs/shortcuts_dialog.h"
#include "mainwindow/export_actions.h"
#include "mainwindow/language.h"
#include "mainwindow/recent_databases.h"
#include "mainwindow/theme.h"
#include "run/run_view.h"
#include "sessions/session_filter_bar.h"
#include "sessions/session_tree_model.h"
#include "sessionspage/sessions_page.h"

#include <QActionGroup>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTreeView>

namespace raglens::ui {

void MainWindow::createActions()
{
    m_shortcutActions.clear();
    m_exports = new ExportActions(m_sessions, m_console, this, [this] {
        return m_fetchedFrom.isEmpty() && m_db ? m_db->location().display() : m_fetchedFrom;
    });
    connectController(m_exports);
    connect(m_exports, &ExportActions::reportExported, this, &MainWindow::reportExported);
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
            m_sessions->model()->setFilter(m_sessions->filterBar()->filter());
            refreshSummary();
            startFactsIndex(); // new calls since: refreshed, or rebuilt when it changed
        }
    });
    QAction* exportTrace = m_exports->exportTraceAction();
    QAction* exportPng = m_exports->exportTimelineAction();
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
    file->addActions({exportTrace, exportPng, m_exports->exportReportAction()});
    file->addSeparator();
    createTraceApiActions(file, closeDb);
    file->addActions({closeDb, quit});
    m_shortcutActions += {open, openWorkspaceAction, reload, exportTrace, exportPng, closeDb, quit};
}

void MainWindow::createEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* copy = m_exports->copyTraceAction();
    QAction* find = makeAction(this, QStringLiteral("actionFocusFilter"), tr("&Filter Sessions"),
                               {QKeySequence::Find});
    connect(find, &QAction::triggered, m_sessions->filterBar(), &SessionFilterBar::focusText);
    QAction* fallbackOnly =
        makeAction(this, QStringLiteral("actionFallbackRuns"), tr("Show Only &Fallback Runs"),
                   {QKeySequence(tr("Ctrl+B"))});
    fallbackOnly->setCheckable(true);
    connect(fallbackOnly, &QAction::toggled, m_sessions->filterBar(),
            &SessionFilterBar::setFallbackRunsOnly);
    connect(m_sessions->filterBar(), &SessionFilterBar::filterChanged, fallbackOnly,
            [fallbackOnly](const SessionFilter& f) {
                const QSignalBlocker blocker(fallbackOnly);
                fallbackOnly->setChecked(f.outcome == QLatin1String("FALLBACK"));
            });
    QAction* clearFilter = makeAction(this, QStringLiteral("actionClearFilter"),
                                      tr("C&lear Filters"), {QKeySequence(tr("Ctrl+Shift+X"))});
    connect(clearFilter, &QAction::triggered, m_sessions->filterBar(), &SessionFilterBar::clear);
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
            if (!m_sessions->navigate(kind, forward))
                statusBar()->showMessage(tr("Nothing matches among the loaded sessions."), 5000);
        });
        go->addAction(a);
        navActions << a;
    }
    go->addSeparator();
    QAction* focusTree = makeAction(this, QStringLiteral("actionFocusTree"),
                                    tr("Focus Session &Tree"), {QKeySequence(tr("Ctrl+1"))});
    connect(focusTree, &QAction::triggered, this,
            [this] { m_sessions->tree()->setFocus(Qt::ShortcutFocusReason); });
    QAction* focusRun = makeAction(this, QStringLiteral("actionFocusRunView"),
                                   tr("Focus &Run View"), {QKeySequence(tr("Ctrl+2"))});
    connect(focusRun, &QAction::triggered, this,
            [this] { m_sessions->runView()->setFocus(Qt::ShortcutFocusReason); });
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
