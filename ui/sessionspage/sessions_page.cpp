// SessionsPage: its parts (the empty state, the filter bar and tree, the run view over the
// drill-down), how they are wired, and the layout the user left.

#include "sessionspage/sessions_page.h"

#include "common/app_settings.h"
#include "db/audit_database.h"
#include "health/findings_view.h"
#include "invocation/invocation_view.h"
#include "run/run_view.h"
#include "sessions/badge_delegate.h"
#include "sessions/session_filter_bar.h"
#include "sessions/session_list_note.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_columns.h"
#include "sessions/session_tree_model.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

namespace raglens::ui {

SessionsPage::SessionsPage(QWidget* parent) : QWidget(parent)
{
    m_model = new SessionTreeModel(this);
    m_proxy = new SessionSortProxy(m_model, this);
    buildSessionTree();
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(4, 4, 0, 4);
    leftLayout->addWidget(m_filterBar);
    leftLayout->addWidget(m_tree, 1);

    m_mainSplitter = buildDetailPane(left);
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(buildEmptyPage());
    m_pages->addWidget(m_mainSplitter);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);
    connectParts();
}

SessionsPage::~SessionsPage()
{
    // Child widgets are destroyed after this body; a scroll bar changing range then must not
    // call back into a page that is already gone (UBSan reports it as a bad call).
    m_tree->verticalScrollBar()->disconnect(this);
    // Nor may the model's last reset reach the page, or the controllers listening to it,
    // some of whose parts (the console) are gone already.
    m_model->disconnect(this);
    blockSignals(true);
    // The model reads through the connection, which may go first.
    m_model->setDatabase(nullptr);
}

void SessionsPage::setDatabase(AuditDatabase* db, DatabaseWorker* worker)
{
    m_model->setDatabase(nullptr);
    m_db = db;
    m_worker = worker;
    m_pages->setCurrentIndex(db ? 1 : 0);
    if (!db)
        return;
    m_model->setFilter(m_filterBar->filter());
    m_model->setDatabase(db, worker);
    sizeSplitterOnce();
    m_tree->setFocus();
}

void SessionsPage::buildSessionTree()
{
    m_filterBar = new SessionFilterBar(this);
    m_tree = new QTreeView(this);
    m_tree->setObjectName(QStringLiteral("sessionTree"));
    m_tree->setModel(m_proxy);
    m_tree->setItemDelegate(new BadgeDelegate(SessionTreeModel::ToneRole, m_tree));
    m_listNote = new SessionListNote(m_tree, m_model);
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
            &SessionsPage::showColumnMenu);
}

void SessionsPage::showColumnMenu(const QPoint& pos)
{
    QMenu menu;
    for (int c = 1; c < SessionTreeModel::ColumnCount; ++c) {
        QAction* a = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
        a->setCheckable(true);
        a->setChecked(!m_tree->isColumnHidden(c));
        connect(a, &QAction::toggled, this,
                [this, c](bool on) { m_tree->setColumnHidden(c, !on); });
    }
    menu.exec(m_tree->header()->mapToGlobal(pos));
}

QSplitter* SessionsPage::buildDetailPane(QWidget* left)
{
    m_runView = new RunView(this);
    m_traceText = new QPlainTextEdit(this);
    m_traceText->setObjectName(QStringLiteral("traceText"));
    m_traceText->setReadOnly(true);
    m_traceText->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_traceText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_traceText->setPlaceholderText(tr("Select a session, run or invocation in the tree."));
    m_invocationView = new InvocationView(this);
    m_findings = new FindingsView(this);
    m_detail = new QTabWidget(this);
    m_detail->setObjectName(QStringLiteral("detailTabs"));
    m_detail->setDocumentMode(true);
    m_detail->addTab(m_invocationView, tr("Lookup"));
    m_detail->addTab(m_findings, tr("Findings"));
    m_detail->addTab(m_traceText, tr("Trace JSON"));
    connect(m_detail, &QTabWidget::currentChanged, this, [this] { refreshTraceTextIfShown(); });

    m_rightSplitter = new QSplitter(Qt::Vertical, this);
    m_rightSplitter->addWidget(m_runView);
    m_rightSplitter->addWidget(m_detail);
    m_rightSplitter->setStretchFactor(1, 2);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(m_rightSplitter);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    return splitter;
}

QWidget* SessionsPage::buildEmptyPage()
{
    // Shown until a database is open: what to do next, not a blank window.
    auto* emptyPage = new QWidget(this);
    auto* emptyState = new QLabel(emptyPage);
    emptyState->setObjectName(QStringLiteral("emptyState"));
    emptyState->setAlignment(Qt::AlignCenter);
    emptyState->setWordWrap(true);
    emptyState->setText(
        tr("<h2>No audit database open</h2><p>Open one with <b>File → Open Database…</b> "
           "(Ctrl+O), drop an SQLite file on this window, or start "
           "<code>raglens path/to/audit.db</code>.</p><p>A database of a running agent can "
           "also be opened by URL: <code>postgresql://user@host:5432/db</code>.</p>"));
    auto* openButton = new QPushButton(tr("Open Database…"), emptyPage);
    auto* emptyLayout = new QVBoxLayout(emptyPage);
    emptyLayout->addStretch(1);
    emptyLayout->addWidget(emptyState);
    emptyLayout->addWidget(openButton, 0, Qt::AlignHCenter);
    emptyLayout->addStretch(2);
    connect(openButton, &QPushButton::clicked, this, &SessionsPage::openDatabaseRequested);
    return emptyPage;
}

void SessionsPage::connectParts()
{
    connect(m_filterBar, &SessionFilterBar::filterChanged, m_model, &SessionTreeModel::setFilter);
    connect(m_model, &SessionTreeModel::loadFailed, this, &SessionsPage::readFailed);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onCurrentChanged(current); });
    connect(m_model, &QAbstractItemModel::modelReset, this, &SessionsPage::clearDetail);
    connect(m_runView, &RunView::stepActivated, this,
            [this](qint64 id) { selectFromRunView(int(SessionTreeModel::Kind::Step), id); });
    connect(m_runView, &RunView::invocationActivated, this,
            [this](qint64 id) { selectFromRunView(int(SessionTreeModel::Kind::Invocation), id); });
    connect(m_runView, &RunView::eventActivated, this, &SessionsPage::showTraceEvent);
    // The next page of sessions loads when the user scrolls near the end of the list
    // (or when the first page does not fill the view).
    connect(m_tree->verticalScrollBar(), &QScrollBar::valueChanged, this,
            &SessionsPage::fetchMoreIfNearEnd);
    connect(m_tree->verticalScrollBar(), &QScrollBar::rangeChanged, this,
            &SessionsPage::fetchMoreIfNearEnd);
    // A model reset re-creates the header sections: keep the user's widths and order.
    connect(m_proxy, &QAbstractItemModel::modelAboutToBeReset, this,
            [this] { m_headerState = m_tree->header()->saveState(); });
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] {
        if (!m_headerState.isEmpty())
            m_tree->header()->restoreState(m_headerState);
    });
    // Once sessions have loaded, a selection asked for by another panel can happen.
    connect(m_model, &SessionTreeModel::loadingChanged, this, [this](bool loading) {
        if (!loading)
            retryPendingSelection();
    });
    // Follow mode read the rows of the run shown again: show it anew.
    connect(m_model, &SessionTreeModel::runRowsRefreshed, this, [this](const QModelIndex& run) {
        const QModelIndex current = m_proxy->mapToSource(m_tree->currentIndex());
        if (current.isValid() && m_model->runIndexOf(current) == run)
            showRunOf(current, /*again=*/true);
    });
    // Down or Esc in the filter text goes back to the results.
    m_filterBar->textEdit()->installEventFilter(this);
}

void SessionsPage::clearDetail()
{
    m_runView->clear();
    m_traceText->clear();
    m_invocationView->clear();
    setCurrentInvocation(std::nullopt);
    m_detail->setCurrentWidget(m_traceText);
}

void SessionsPage::restoreLayout(const AppSettings& settings)
{
    m_splitterSized = m_mainSplitter->restoreState(
        settings.value(QStringLiteral("window/mainSplitter")).toByteArray());
    if (!m_rightSplitter->restoreState(
            settings.value(QStringLiteral("window/rightSplitter")).toByteArray()))
        m_rightSplitter->setSizes({260, 640});
    const QByteArray header = settings.value(QStringLiteral("window/treeHeader")).toByteArray();
    if (!header.isEmpty())
        m_tree->header()->restoreState(header);
}

void SessionsPage::saveLayout(AppSettings& settings) const
{
    settings.setValue(QStringLiteral("window/mainSplitter"), m_mainSplitter->saveState());
    settings.setValue(QStringLiteral("window/rightSplitter"), m_rightSplitter->saveState());
    settings.setValue(QStringLiteral("window/treeHeader"), m_tree->header()->saveState());
}

void SessionsPage::sizeSplitterOnce()
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

void SessionsPage::fetchMoreIfNearEnd()
{
    const QScrollBar* bar = m_tree->verticalScrollBar();
    if (bar->value() >= bar->maximum() - bar->pageStep() / 2)
        m_proxy->fetchMoreSessions();
}

void SessionsPage::selectFirstSession()
{
    if (!m_tree->currentIndex().isValid() && m_proxy->rowCount() > 0)
        m_tree->setCurrentIndex(m_proxy->index(0, 0));
}

bool SessionsPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_filterBar->textEdit() && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Escape || key == Qt::Key_Down) {
            m_tree->setFocus(Qt::ShortcutFocusReason);
            selectFirstSession();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void SessionsPage::changeEvent(QEvent* event)
{
    // Badges are painted from the palette: repaint when the theme changes.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        m_tree->viewport()->update();
    QWidget::changeEvent(event);
}

} // namespace raglens::ui
