// SessionTreeModel: reading a session's runs and a run's steps and invocations when they are
// expanded, on the database worker's connection, and inserting them when they arrive.

#include "common/database_worker.h"
#include "common/logging.h"
#include "sessions/session_tree_model.h"
#include "sessions/session_tree_node.h"

#include <unordered_map>

namespace raglens::ui {

template <typename R, typename Read, typename Insert>
void SessionTreeModel::readChildren(Node* node, Read read, Insert insert)
{
    node->loaded = true; // asked for: never twice
    if (!m_worker) {     // ":memory:" has only the GUI's connection
        Expected<R> rows = read(*m_db);
        if (rows)
            (this->*insert)(node, std::move(*rows));
        else
            failChildren(node, rows.error());
        childrenArrived(node);
        return;
    }
    node->loading = true;
    const QModelIndex index = indexOfNode(node);
    emit dataChanged(index, index, {ChildrenLoadingRole});
    // Nodes live until the tree is reset, which bumps the generation: a matching generation
    // means `node` is still there.
    const quint64 generation = m_generation;
    m_worker->read<Expected<R>>(this, std::move(read),
                                [this, node, generation, insert](Expected<Expected<R>> answer) {
                                    if (generation != m_generation)
                                        return;
                                    node->loading = false;
                                    Expected<R> rows = flattened(std::move(answer));
                                    if (rows)
                                        (this->*insert)(node, std::move(*rows));
                                    else
                                        failChildren(node, rows.error());
                                    const QModelIndex index = indexOfNode(node);
                                    emit dataChanged(index, index, {ChildrenLoadingRole});
                                    childrenArrived(node);
                                });
}

void SessionTreeModel::failChildren(Node* node, const QString& error)
{
    qCWarning(lcUi) << "reading children failed:" << error;
    node->loadError = error;
    emit dataChanged(indexOfNode(node), indexOfNode(node, ColumnCount - 1),
                     {Qt::DecorationRole, Qt::ToolTipRole, ChildrenErrorRole});
    emit loadFailed(error);
}

Expected<SessionTreeModel::RunRows> SessionTreeModel::readRunRows(AuditDatabase& db,
                                                                  const TraceRun& run)
{
    const AuditBrowser browser(db);
    auto steps = browser.stepsOfRun(run.runId);
    if (!steps)
        return Error{steps.error()};
    auto invocations = browser.invocationsOfSessionRuns({run}, run.sessionId);
    if (!invocations)
        return Error{invocations.error()};
    return RunRows{std::move(*steps), std::move(*invocations)};
}

void SessionTreeModel::loadRuns(Node* session)
{
    readChildren<std::vector<TraceRun>>(
        session,
        [id = session->session().sessionId, filter = m_filter](AuditDatabase& db) {
            return AuditBrowser(db).runsOfSession(id, filter);
        },
        &SessionTreeModel::insertRuns);
}

void SessionTreeModel::loadRunChildren(Node* run)
{
    readChildren<RunRows>(
        run, [shown = run->run()](AuditDatabase& db) { return readRunRows(db, shown); },
        &SessionTreeModel::insertRunRows);
}

void SessionTreeModel::insertRuns(Node* session, std::vector<TraceRun> runs)
{
    if (runs.empty())
        return;
    beginInsertRows(indexOfNode(session), 0, int(runs.size()) - 1);
    for (TraceRun& run : runs)
        session->add(Kind::Run, std::move(run));
    m_rowsFetched += qint64(runs.size());
    endInsert();
}

void SessionTreeModel::insertRunRows(Node* run, RunRows rows)
{
    const QModelIndex runIndex = indexOfNode(run);
    std::unordered_map<qint64, Node*> stepNodes;
    if (!rows.steps.empty()) {
        beginInsertRows(runIndex, 0, int(rows.steps.size()) - 1);
        for (TraceStep& step : rows.steps) {
            Node* node = run->add(Kind::Step, std::move(step));
            node->loaded = true;
            stepNodes[node->step().id] = node;
        }
        endInsert();
    }
    run->cause = interpret::runFallbackCause(run->run(), rows.invocations);
    // Invocations nest under the step that issued them; unbound ones follow the steps.
    for (TraceInvocation& invocation : rows.invocations) {
        const auto it = invocation.stepId ? stepNodes.find(*invocation.stepId) : stepNodes.end();
        Node* parent = it != stepNodes.end() ? it->second : run;
        const int row = int(parent->children.size());
        beginInsertRows(indexOfNode(parent), row, row);
        Node* node = parent->add(Kind::Invocation, std::move(invocation));
        node->facts = interpret::interpretInvocation(node->invocation());
        endInsert();
    }
    m_rowsFetched += qint64(stepNodes.size() + rows.invocations.size());
    // The run's fallback cause is known now.
    emit dataChanged(runIndex, indexOfNode(run, ColumnCount - 1));
}

void SessionTreeModel::childrenArrived(Node* node)
{
    emit childrenLoaded(indexOfNode(node));
    // Callbacks may ask for more children (and so add waiters): take ours out first.
    std::vector<std::function<void()>> ready;
    for (auto it = m_waiters.begin(); it != m_waiters.end();) {
        if (it->first == node) {
            ready.push_back(std::move(it->second));
            it = m_waiters.erase(it);
        } else {
            ++it;
        }
    }
    const quint64 generation = m_generation;
    for (auto& then : ready) {
        if (generation != m_generation) // a callback reset the tree
            return;
        then();
    }
}

bool SessionTreeModel::isLoadingChildren(const QModelIndex& index) const
{
    return index.isValid() && nodeOf(index)->loading;
}

bool SessionTreeModel::hasLoadedChildren(const QModelIndex& index) const
{
    const Node* node = nodeOf(index);
    if (node->kind != Kind::Session && node->kind != Kind::Run)
        return true;
    return node->loaded && !node->loading;
}

void SessionTreeModel::whenChildrenLoaded(const QModelIndex& index, std::function<void()> then)
{
    Node* node = nodeOf(index);
    if (node->kind != Kind::Session && node->kind != Kind::Run) {
        then();
        return;
    }
    if (node->loaded && !node->loading) {
        then();
        return;
    }
    m_waiters.emplace_back(node, std::move(then));
    if (!node->loaded) {
        if (node->kind == Kind::Session)
            loadRuns(node);
        else
            loadRunChildren(node);
    }
}

QModelIndex SessionTreeModel::findUnderRun(const QModelIndex& run, Kind kind, qint64 id) const
{
    const Node* runNode = nodeOf(run);
    if (runNode->kind != Kind::Run)
        return {};
    std::vector<const Node*> stack{runNode};
    while (!stack.empty()) {
        const Node* n = stack.back();
        stack.pop_back();
        if (n->kind == kind && ((kind == Kind::Step && n->step().id == id) ||
                                (kind == Kind::Invocation && n->invocation().id == id)))
            return indexOfNode(n);
        for (const auto& c : n->children)
            stack.push_back(c.get());
    }
    return {};
}

} // namespace raglens::ui
