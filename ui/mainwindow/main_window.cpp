#include "mainwindow/main_window.h"

#include "mainwindow/window_fit.h"

#include "common/app_settings.h"
#include "common/database_worker.h"
#include "db/audit_database.h"
#include "mainwindow/export_actions.h"
#include "mainwindow/recent_databases.h"
#include "serve/trace_api_server.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_model.h"
#include "sessionspage/sessions_page.h"

#include <QCloseEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>

#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>

namespace raglens::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(tr("RagLens"));
    setWindowIcon(QIcon(QStringLiteral(":/raglens/icons/raglens.svg")));
    setAcceptDrops(true);
    m_reportError = [this](const QString& title, const QString& message) {
        QMessageBox::warning(this, title, message);
    };
    buildCentralWidget();
    createPanels();
    createActions();
    createInvocationActions();
    restoreLayout();
    updateStatus();
    // Saved views another RagLens window saved (the Recent menu is read when opened).
    connect(&AppSettings::instance(), &AppSettings::changed, this,
            &MainWindow::rebuildSavedViewsMenu);
}

MainWindow::~MainWindow()
{
    // The page (a child) outlives this body, the connection and the worker do not: the
    // page lets go of them first.
    m_sessions->setDatabase(nullptr, nullptr);
}

void MainWindow::buildCentralWidget()
{
    m_sessions = new SessionsPage(this);
    m_workTabs = new QTabWidget(this);
    m_workTabs->setObjectName(QStringLiteral("workTabs"));
    m_workTabs->setDocumentMode(true);
    m_workTabs->addTab(m_sessions, tr("Sessions"));
    setCentralWidget(m_workTabs);

    buildStatusBar();
    connectSessionsPage();
}

void MainWindow::buildStatusBar()
{
    m_dbLabel = new QLabel(this);
    m_accessLabel = new QLabel(this);
    m_accessLabel->setObjectName(QStringLiteral("accessLabel"));
    m_countsLabel = new QLabel(this);
    m_countsLabel->setObjectName(QStringLiteral("countsLabel"));
    statusBar()->addWidget(m_dbLabel, 1);
    statusBar()->addPermanentWidget(m_countsLabel);
    statusBar()->addPermanentWidget(m_accessLabel);
    setupFactsIndexStatus();
}

void MainWindow::connectSessionsPage()
{
    connect(m_sessions, &SessionsPage::openDatabaseRequested, this, &MainWindow::showOpenDialog);
    connect(m_sessions, &SessionsPage::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_sessions, &SessionsPage::readFailed, this, [this](const QString& message) {
        reportError(tr("Cannot read the database"), message);
        noteDatabaseDamage(message);
    });
    connect(m_sessions->model(), &SessionTreeModel::matchingSessionsChanged, this,
            &MainWindow::updateCounts);
}

void MainWindow::restoreLayout()
{
    AppSettings& settings = AppSettings::instance();
    // The screen the window will open on (the primary one until it is shown).
    const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect();
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        setGeometry(firstStartGeometry(QSize(1500, 900), available));
    else if (const QRect fitted = fittedGeometry(geometry(), available); fitted != geometry())
        setGeometry(fitted); // saved on a larger screen, or on one that is gone
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_sessions->restoreLayout(settings);
}

void MainWindow::saveLayout() const
{
    AppSettings& settings = AppSettings::instance();
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    m_sessions->saveLayout(settings);
}

void MainWindow::noteDatabaseDamage(const QString& message)
{
    // A damaged file is said so in the status bar, never offered as writable, and leaves
    // the Recent list, whichever read found the damage first.
    if (!m_db || !message.contains(QLatin1String("corrupt")))
        return;
    m_summaryError = message;
    RecentDatabases::remove(m_dbEntry);
    updateStatus();
}

void MainWindow::reportError(const QString& title, const QString& message)
{
    statusBar()->showMessage(message, 10000);
    if (m_reportError)
        m_reportError(title, message);
}

void MainWindow::showStatusMessage(const QString& text, int timeoutMs)
{
    statusBar()->showMessage(text, timeoutMs);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_fittedToScreen || !screen())
        return;
    m_fittedToScreen = true;
    // Once shown, the frame (title bar, borders) is known: the whole frame goes on screen,
    // so the status bar and the window's buttons can be reached.
    const QRect frame = frameGeometry();
    const QRect fitted = fittedGeometry(frame, screen()->availableGeometry());
    if (fitted == frame)
        return;
    const QRect inner = geometry();
    setGeometry(fitted.marginsRemoved(
        QMargins(inner.left() - frame.left(), inner.top() - frame.top(),
                 frame.right() - inner.right(), frame.bottom() - inner.bottom())));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveLayout();
    event->accept();
}

void MainWindow::changeEvent(QEvent* event)
{
    // Coming back from another window, perhaps another RagLens: what it saved is read in
    // the background before this window edits the same lists.
    if (event->type() == QEvent::ActivationChange && isActiveWindow())
        AppSettings::instance().reload();
    QMainWindow::changeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    const QString path = urls.first().toLocalFile();
    if (QFileInfo(path).isDir())
        openWorkspace(path);
    else
        openDatabase(path);
}

// The Sessions page's parts, for tests and the views that act on them.
SessionTreeModel* MainWindow::sessionModel() const
{
    return m_sessions->model();
}

QSortFilterProxyModel* MainWindow::sessionProxy() const
{
    return m_sessions->proxy();
}

QTreeView* MainWindow::sessionTree() const
{
    return m_sessions->tree();
}

SessionFilterBar* MainWindow::filterBar() const
{
    return m_sessions->filterBar();
}

RunView* MainWindow::runView() const
{
    return m_sessions->runView();
}

QPlainTextEdit* MainWindow::traceText() const
{
    return m_sessions->traceText();
}

InvocationView* MainWindow::invocationView() const
{
    return m_sessions->invocationView();
}

FindingsView* MainWindow::findingsView() const
{
    return m_sessions->findingsView();
}

QString MainWindow::currentTraceJson() const
{
    return m_sessions->currentTraceJson();
}

bool MainWindow::navigate(NavigationTargetKind kind, bool forward)
{
    return m_sessions->navigate(kind, forward);
}

void MainWindow::exportReport(const QString& path)
{
    m_exports->exportReport(path);
}

void MainWindow::showInTree(const QString& sessionId, const QString& runId, qint64 invocationId,
                            bool reload)
{
    m_workTabs->setCurrentWidget(m_sessions);
    m_sessions->showInTree(sessionId, runId, invocationId, reload);
}

QString MainWindow::statusText() const
{
    return QStringList{m_dbLabel->text(), m_countsLabel->text(), m_accessLabel->text()}.join(
        QStringLiteral(" | "));
}

QList<QAction*> MainWindow::shortcutActions() const
{
    return m_shortcutActions;
}

QAction* MainWindow::action(const QString& objectName) const
{
    return findChild<QAction*>(objectName);
}

} // namespace raglens::ui
