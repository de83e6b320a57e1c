#include "mainwindow/main_window.h"
#include "mainwindow/window_fit.h"

#include "common/database_worker.h"
#include "db/audit_database.h"
#include "interpret/run_facts.h"
#include "invocation/invocation_view.h"
#include "mainwindow/recent_databases.h"
#include "run/run_view.h"
#include "serve/trace_api_server.h"
#include "sessions/badge_delegate.h"
#include "sessions/session_filter_bar.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_columns.h"
#include "sessions/session_tree_model.h"

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

#include <QSettings>
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
}

MainWindow::~MainWindow()
{
    // Child widgets are destroyed after this body; a scroll bar changing range then must not
    // call back into a MainWindow that is already gone (UBSan reports it as a bad call).
    m_tree->verticalScrollBar()->disconnect(this);
    // The model reads through the connection: detach it before the connection goes.
    m_model->setDatabase(nullptr);
}

void MainWindow::buildCentralWidget()
{
    m_model = new SessionTreeModel(this);
    m_proxy = new SessionSortProxy(m_model, this);
    buildSessionTree();
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(4, 4, 0, 4);
    leftLayout->addWidget(m_filterBar);
    leftLayout->addWidget(m_tree, 1);

    buildDetailPane(left);
    QWidget* emptyPage = buildEmptyPage();
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(emptyPage);
    m_pages->addWidget(m_mainSplitter);
    m_workTabs = new QTabWidget(this);
    m_workTabs->setObjectName(QStringLiteral("workTabs"));
    m_workTabs->setDocumentMode(true);
    m_workTabs->addTab(m_pages, tr("Sessions"));
    setCentralWidget(m_workTabs);

    buildStatusBar();
    connectSessionsPage();
}

void MainWindow::buildSessionTree()
{
    m_filterBar = new SessionFilterBar(this);
    m_tree = new QTreeView(this);
    m_tree->setObjectName(QStringLiteral("sessionTree"));
    m_tree->setModel(m_proxy);
    m_tree->setItemDelegate(new BadgeDelegate(SessionTreeModel::ToneRole, m_tree));
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSortingEnabled(true);
    m_tree->header()->setSortIndicator(-1, Qt::AscendingOrder); // SQL order: newest first
    m_tree->header()->setSectionsMovable(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Ctrl+click adds a second row: two runs or two lookups to compare (Ctrl+D).
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Widths from what each column shows, in this font and language; the splitter gives
    // the tree room for the reading columns (sizeSplitterOnce).
    const QMap<int, int> widths = defaultSessionColumnWidths(*m_proxy, m_tree->fontMetrics(),
                                                             m_tree->header()->fontMetrics());
    m_readingWidth = sessionReadingWidth(widths);
    for (auto it = widths.begin(); it != widths.end(); ++it)
        m_tree->setColumnWidth(it.key(), it.value());
    // Right-click on the header chooses the columns; the choice persists with the header.
    m_tree->header()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree->header(), &QWidget::customContextMenuRequested, this,
            [this](const QPoint& pos) {
                QMenu menu;
                for (int c = 1; c < SessionTreeModel::ColumnCount; ++c) {
                    QAction* a = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
                    a->setCheckable(true);
                    a->setChecked(!m_tree->isColumnHidden(c));
                    connect(a, &QAction::toggled, this,
                            [this, c](bool on) { m_tree->setColumnHidden(c, !on); });
                }
                menu.exec(m_tree->header()->mapToGlobal(pos));
            });
}

void MainWindow::buildDetailPane(QWidget* left)
{
    m_runView = new RunView(this);
    m_traceText = new QPlainTextEdit(this);
    m_traceText->setObjectName(QStringLiteral("traceText"));
    m_traceText->setReadOnly(true);
    m_traceText->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_traceText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_traceText->setPlaceholderText(tr("Select a session, run or invocation in the tree."));
    m_invocationView = new InvocationView(this);
    m_detail = new QTabWidget(this);
    m_detail->setObjectName(QStringLiteral("detailTabs"));
    m_detail->setDocumentMode(true);
    m_detail->addTab(m_invocationView, tr("Lookup"));
    m_detail->addTab(m_traceText, tr("Trace JSON"));
    connect(m_detail, &QTabWidget::currentChanged, this, [this] { refreshTraceTextIfShown(); });

    m_rightSplitter = new QSplitter(Qt::Vertical, this);
    m_rightSplitter->addWidget(m_runView);
    m_rightSplitter->addWidget(m_detail);
    m_rightSplitter->setStretchFactor(1, 2);
    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->addWidget(left);
    m_mainSplitter->addWidget(m_rightSplitter);
    m_mainSplitter->setStretchFactor(0, 1);
    m_mainSplitter->setStretchFactor(1, 1);
}

QWidget* MainWindow::buildEmptyPage()
{
    // Shown until a database is open: what to do next, not a blank window.
    auto* emptyPage = new QWidget(this);
    m_emptyState = new QLabel(emptyPage);
    m_emptyState->setObjectName(QStringLiteral("emptyState"));
    m_emptyState->setAlignment(Qt::AlignCenter);
    m_emptyState->setWordWrap(true);
    m_emptyState->setText(
        tr("<h2>No audit database open</h2><p>Open one with <b>File → Open Database…</b> "
           "(Ctrl+O), drop an SQLite file on this window, or start "
           "<code>raglens path/to/audit.db</code>.</p><p>A database of a running agent can "
           "also be opened by URL: <code>postgresql://user@host:5432/db</code>.</p>"));
    auto* openButton = new QPushButton(tr("Open Database…"), emptyPage);
    auto* emptyLayout = new QVBoxLayout(emptyPage);
    emptyLayout->addStretch(1);
    emptyLayout->addWidget(m_emptyState);
    emptyLayout->addWidget(openButton, 0, Qt::AlignHCenter);
    emptyLayout->addStretch(2);
    connect(openButton, &QPushButton::clicked, this, &MainWindow::showOpenDialog);

    return emptyPage;
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
    connect(m_filterBar, &SessionFilterBar::filterChanged, m_model, &SessionTreeModel::setFilter);
    connect(m_model, &SessionTreeModel::matchingSessionsChanged, this, &MainWindow::updateCounts);
    connect(m_model, &SessionTreeModel::loadFailed, this, [this](const QString& message) {
        reportError(tr("Cannot read the database"), message);
        noteDatabaseDamage(message);
    });
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onCurrentChanged(current); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_runView->clear();
        m_traceText->clear();
        m_invocationView->clear();
        setCurrentInvocation(std::nullopt);
        m_detail->setCurrentWidget(m_traceText);
    });
    connect(m_runView, &RunView::stepActivated, this,
            [this](qint64 id) { selectFromRunView(int(SessionTreeModel::Kind::Step), id); });
    connect(m_runView, &RunView::invocationActivated, this,
            [this](qint64 id) { selectFromRunView(int(SessionTreeModel::Kind::Invocation), id); });
    // The next page of sessions loads when the user scrolls near the end of the list
    // (or when the first page does not fill the view).
    connect(m_tree->verticalScrollBar(), &QScrollBar::valueChanged, this,
            &MainWindow::fetchMoreIfNearEnd);
    connect(m_tree->verticalScrollBar(), &QScrollBar::rangeChanged, this,
            &MainWindow::fetchMoreIfNearEnd);
    // A model reset re-creates the header sections: keep the user's widths and order.
    connect(m_proxy, &QAbstractItemModel::modelAboutToBeReset, this,
            [this] { m_headerState = m_tree->header()->saveState(); });
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] {
        if (!m_headerState.isEmpty())
            m_tree->header()->restoreState(m_headerState);
    });
    connect(m_runView, &RunView::eventActivated, this, &MainWindow::showTraceEvent);
    // Down or Esc in the filter text goes back to the results.
    m_filterBar->textEdit()->installEventFilter(this);
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    // The screen the window will open on (the primary one until it is shown).
    const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect();
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        setGeometry(firstStartGeometry(QSize(1500, 900), available));
    else if (const QRect fitted = fittedGeometry(geometry(), available); fitted != geometry())
        setGeometry(fitted); // saved on a larger screen, or on one that is gone
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_splitterSized = m_mainSplitter->restoreState(
        settings.value(QStringLiteral("window/mainSplitter")).toByteArray());
    if (!m_rightSplitter->restoreState(
            settings.value(QStringLiteral("window/rightSplitter")).toByteArray()))
        m_rightSplitter->setSizes({260, 640});
    const QByteArray header = settings.value(QStringLiteral("window/treeHeader")).toByteArray();
    if (!header.isEmpty())
        m_tree->header()->restoreState(header);
}

void MainWindow::saveLayout() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/mainSplitter"), m_mainSplitter->saveState());
    settings.setValue(QStringLiteral("window/rightSplitter"), m_rightSplitter->saveState());
    settings.setValue(QStringLiteral("window/treeHeader"), m_tree->header()->saveState());
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

void MainWindow::changeEvent(QEvent* event)
{
    // Badges are painted from the palette: repaint when the theme changes.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        m_tree->viewport()->update();
    QMainWindow::changeEvent(event);
}

void MainWindow::sizeSplitterOnce()
{
    // The splitter knows its width only once the browser page is shown: give the
    // drill-down a little more than half on first use.
    if (m_splitterSized)
        return;
    m_splitterSized = true;
    QTimer::singleShot(0, this, [this] {
        const int w = m_mainSplitter->width();
        // The drill-down's own tab frame and the splitter handle around the Invocation tab.
        const int detail = m_invocationView->minimumReadingWidth() + 12;
        const int tree = sessionTreeWidth(w, m_readingWidth, detail);
        m_mainSplitter->setSizes({tree, w - tree});
    });
}

QSortFilterProxyModel* MainWindow::sessionProxy() const
{
    return m_proxy;
}

void MainWindow::fetchMoreIfNearEnd()
{
    const QScrollBar* bar = m_tree->verticalScrollBar();
    if (bar->value() >= bar->maximum() - bar->pageStep() / 2)
        m_proxy->fetchMoreSessions();
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
