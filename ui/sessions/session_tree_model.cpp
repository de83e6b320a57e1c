#include "sessions/session_tree_model.h"

#include "common/badge_colors.h"
#include "common/display_format.h"
#include "common/logging.h"
#include "common/trace_fields.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "sessions/session_page_loader.h"
#include "sessions/session_tree_node.h"

#include <QApplication>
#include <QFont>
#include <QSet>
#include <QStyle>

namespace raglens::ui {

SessionTreeModel::SessionTreeModel(QObject* parent)
    : QAbstractItemModel(parent), m_root(std::make_unique<Node>()),
      m_loader(new SessionPageLoader(this))
{
    connect(m_loader, &SessionPageLoader::pageReady, this, &SessionTreeModel::onPageReady);
}

SessionTreeModel::~SessionTreeModel() = default;

void SessionTreeModel::setDatabase(AuditDatabase* db, DatabaseWorker* worker)
{
    m_db = db;
    m_worker = db ? worker : nullptr;
    m_loader->setDatabase(db);
    restart();
}

void SessionTreeModel::setFactsIndex(const QString& path)
{
    m_readsFacts = !path.isEmpty();
    m_loader->setFactsIndex(path);
}

void SessionTreeModel::setFilter(const SessionFilter& filter)
{
    m_filter = filter;
    restart();
}

void SessionTreeModel::restart()
{
    beginResetModel();
    m_root = std::make_unique<Node>();
    m_waiters.clear();
    ++m_generation; // pages and children still in flight for the old tree are ignored
    m_total = -1;
    m_countError.clear();
    m_rowsFetched = 0;
    m_followInserted = 0;
    const bool wasLoading = m_pagePending;
    m_pagePending = false;
    endResetModel();
    if (m_db)
        requestPage(true);
    else if (wasLoading)
        emit loadingChanged(false);
    emit matchingSessionsChanged(m_total);
}

void SessionTreeModel::requestPage(bool withCount)
{
    m_pagePending = true;
    emit loadingChanged(true);
    // The match count is asked for once the rows are in: on two cores, counting a million
    // rows beside the first page would hold the page back.
    m_countAfterPage = withCount;
    m_loader->request(m_generation, m_filter, nextPageOffset(), m_pageSize, false);
}

void SessionTreeModel::onPageReady(const SessionPage& page)
{
    if (page.generation != m_generation)
        return;
    if (page.offset == SessionPage::kCountOnly) {
        // The count arrives on its own, often after the first rows.
        if (!page.error.isEmpty()) {
            qCWarning(lcUi) << "session count failed:" << page.error;
            m_countError = page.error; // no longer "counting": it failed
            emit matchingSessionsChanged(m_total);
            emit loadFailed(page.error);
            return;
        }
        m_total = page.total;
        emit matchingSessionsChanged(m_total);
        return;
    }
    m_pagePending = false;
    if (m_countAfterPage) {
        m_countAfterPage = false;
        m_loader->requestCount(m_generation, m_filter);
    }
    if (!page.error.isEmpty()) {
        qCWarning(lcUi) << "session page failed:" << page.error;
        m_root->loaded = true; // stop asking until the filter or database changes
        emit loadingChanged(false);
        emit loadFailed(page.error);
        return;
    }
    // Follow mode inserted sessions above while the page was read: its offset is stale, and
    // the view asks for the page after the rows it has now.
    if (page.offset != nextPageOffset()) {
        emit loadingChanged(false);
        return;
    }
    // A page shorter than asked for is the last one.
    if (int(page.rows.size()) < m_pageSize)
        m_root->loaded = true;
    if (!page.rows.empty()) {
        // Follow mode may have shown a session of this page already, at the top.
        QSet<QString> shown;
        for (const auto& child : m_root->children)
            shown.insert(child->session().sessionId);
        std::vector<const SessionRow*> rows;
        for (const SessionRow& row : page.rows)
            if (!shown.contains(row.sessionId))
                rows.push_back(&row);
        if (!rows.empty()) {
            const int first = int(m_root->children.size());
            beginInsertRows({}, first, first + int(rows.size()) - 1);
            for (const SessionRow* row : rows)
                m_root->add(Kind::Session, *row);
            m_rowsFetched += qint64(rows.size());
            endInsert();
        }
    }
    // Last, so listeners of "loading finished" see the new rows.
    emit loadingChanged(false);
}

int SessionTreeModel::nextPageOffset() const
{
    // The facts index is a snapshot: the sessions follow mode inserted are not in it.
    return int(m_root->children.size()) - (m_readsFacts ? m_followInserted : 0);
}

int SessionTreeModel::loadedSessions() const
{
    return int(m_root->children.size());
}

SessionTreeModel::Node* SessionTreeModel::nodeOf(const QModelIndex& index) const
{
    if (!index.isValid())
        return m_root.get();
    Q_ASSERT(index.model() == this);
    return static_cast<Node*>(index.internalPointer());
}

QModelIndex SessionTreeModel::indexOfNode(const Node* node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, column, const_cast<Node*>(node));
}

QModelIndex SessionTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    Node* p = nodeOf(parent);
    return createIndex(row, column, p->children[size_t(row)].get());
}

QModelIndex SessionTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    return indexOfNode(nodeOf(child)->parent);
}

int SessionTreeModel::rowCount(const QModelIndex& parent) const
{
    if (parent.column() > 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int SessionTreeModel::columnCount(const QModelIndex& parent) const
{
    Q_UNUSED(parent)
    return ColumnCount;
}

bool SessionTreeModel::hasChildren(const QModelIndex& parent) const
{
    if (parent.column() > 0)
        return false;
    const Node* node = nodeOf(parent);
    if (node->loading)
        return true; // keeps the expand arrow while its children are read
    if (node->loaded || node->kind == Kind::Root || node->kind == Kind::Invocation)
        return !node->children.empty();
    switch (node->kind) {
    case Kind::Session:
        return node->session().runCount > 0;
    case Kind::Run:
        return true; // a run always has steps or invocations worth a look; read on expand
    case Kind::Step:
        return !node->children.empty();
    default:
        return false;
    }
}

void SessionTreeModel::endInsert()
{
    // Listeners (views, QAbstractItemModelTester) may call fetchMore() from rowsInserted;
    // a synchronous insertion nested in that signal would interleave two changes.
    ++m_notifying;
    endInsertRows();
    --m_notifying;
}

bool SessionTreeModel::canFetchMore(const QModelIndex& parent) const
{
    if (parent.column() > 0 || !m_db || m_notifying > 0)
        return false;
    const Node* node = nodeOf(parent);
    if (node->kind == Kind::Root)
        return !m_pagePending && !node->loaded;
    if (node->kind == Kind::Session || node->kind == Kind::Run)
        return !node->loaded;
    return false;
}

void SessionTreeModel::fetchMore(const QModelIndex& parent)
{
    if (!canFetchMore(parent))
        return;
    Node* node = nodeOf(parent);
    switch (node->kind) {
    case Kind::Root:
        requestPage(false);
        break;
    case Kind::Session:
        loadRuns(node);
        break;
    case Kind::Run:
        loadRunChildren(node);
        break;
    default:
        break;
    }
}

SessionTreeModel::Kind SessionTreeModel::kindOf(const QModelIndex& index) const
{
    return nodeOf(index)->kind;
}

const SessionRow* SessionTreeModel::sessionAt(const QModelIndex& index) const
{
    const Node* n = nodeOf(index);
    return n->kind == Kind::Session ? &n->session() : nullptr;
}

const TraceRun* SessionTreeModel::runAt(const QModelIndex& index) const
{
    const Node* n = nodeOf(index);
    return n->kind == Kind::Run ? &n->run() : nullptr;
}

const TraceStep* SessionTreeModel::stepAt(const QModelIndex& index) const
{
    const Node* n = nodeOf(index);
    return n->kind == Kind::Step ? &n->step() : nullptr;
}

const TraceInvocation* SessionTreeModel::invocationAt(const QModelIndex& index) const
{
    const Node* n = nodeOf(index);
    return n->kind == Kind::Invocation ? &n->invocation() : nullptr;
}

QModelIndex SessionTreeModel::runIndexOf(const QModelIndex& index) const
{
    for (const Node* n = nodeOf(index); n; n = n->parent) {
        if (n->kind == Kind::Run)
            return indexOfNode(n);
    }
    return {};
}

std::vector<TraceStep> SessionTreeModel::stepsOfRun(const QModelIndex& run) const
{
    std::vector<TraceStep> out;
    for (const auto& c : nodeOf(run)->children) {
        if (c->kind == Kind::Step)
            out.push_back(c->step());
    }
    return out;
}

std::vector<TraceInvocation> SessionTreeModel::invocationsOfRun(const QModelIndex& run) const
{
    std::vector<TraceInvocation> out;
    for (const auto& c : nodeOf(run)->children) {
        if (c->kind == Kind::Invocation)
            out.push_back(c->invocation());
        for (const auto& g : c->children)
            out.push_back(g->invocation());
    }
    std::sort(out.begin(), out.end(), [](const TraceInvocation& a, const TraceInvocation& b) {
        return interpret::callBefore(a, b);
    });
    return out;
}

QVariant SessionTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (Column(section)) {
    case NameColumn:
        return tr("Session / run / step / invocation");
    case OutcomeColumn:
        return tr("Outcome");
    case ContentTypeColumn:
        return tr("Content");
    case StartedColumn:
        return tr("Started");
    case DurationColumn:
        return tr("Duration");
    case ToolCallsColumn:
        return role == Qt::ToolTipRole ? tr("Tool calls (sessions: invocations)") : tr("Calls");
    case TokensColumn:
        return tr("Tokens");
    case ToolColumn:
        return tr("Tool");
    case RelevanceColumn:
        return tr("Relevance");
    case SelectedAttemptColumn:
        return tr("Selected attempt");
    case EvidenceStatusColumn:
        return tr("Evidence");
    case SuccessColumn:
        return tr("Status");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace raglens::ui
