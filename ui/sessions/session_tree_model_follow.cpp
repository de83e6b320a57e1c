// SessionTreeModel in follow mode: the newest sessions are read again while an agent writes
// the database, and the tree is brought up to date in place. Rows are only inserted or
// redrawn, never removed or moved, so the user's selection, expanded rows and scroll
// position stay where they were.

#include "common/database_worker.h"
#include "common/logging.h"
#include "sessions/session_tree_model.h"
#include "sessions/session_tree_node.h"
#include "trace/session_follower.h"

#include <QFont>

#include <unordered_map>

namespace raglens::ui {

void SessionTreeModel::pollForChanges(int window, std::function<void(Expected<FollowUpdate>)> done)
{
    if (!m_db)
        return;
    const quint64 generation = m_generation;
    const auto read = [filter = m_filter, window](AuditDatabase& db) {
        return AuditBrowser(db).sessions(filter, 0, window);
    };
    const auto apply = [this, generation,
                        done](Expected<Expected<std::vector<SessionRow>>> answer) {
        if (generation != m_generation) // the filter or the database changed meanwhile
            return;
        Expected<std::vector<SessionRow>> rows = flattened(std::move(answer));
        if (!rows) {
            done(Error{rows.error()});
            return;
        }
        done(applyFollowed(std::move(*rows)));
    };
    if (!m_worker) { // ":memory:" has only the GUI's connection
        apply(read(*m_db));
        return;
    }
    m_worker->read<Expected<std::vector<SessionRow>>>(this, read, apply);
}

SessionTreeModel::FollowUpdate SessionTreeModel::applyFollowed(std::vector<SessionRow> window)
{
    std::unordered_map<QString, Node*> shown;
    for (const auto& child : m_root->children)
        shown.emplace(child->session().sessionId, child.get());
    const std::vector<SessionChange> changes =
        diffSessions(std::move(window), [&shown](const QString& id) -> const SessionRow* {
            const auto it = shown.find(id);
            return it == shown.end() ? nullptr : &it->second->session();
        });
    std::vector<SessionRow> added;
    for (const SessionChange& change : changes) {
        if (change.kind == SessionChange::Kind::New) {
            added.push_back(change.row);
            continue;
        }
        Node* node = shown.at(change.row.sessionId);
        node->value = change.row;
        emit dataChanged(indexOfNode(node), indexOfNode(node, ColumnCount - 1));
        // Its runs are shown: read them again (new runs, a run that finished).
        if (node->loaded && !node->loading)
            refreshRuns(node);
    }
    FollowUpdate update;
    update.added = int(added.size());
    update.changed = int(changes.size()) - update.added;
    insertNewSessions(std::move(added));
    return update;
}

void SessionTreeModel::insertNewSessions(std::vector<SessionRow> rows)
{
    if (rows.empty())
        return;
    // Newest first, above everything shown: the order a fresh read would give them.
    const int count = int(rows.size());
    beginInsertRows({}, 0, count - 1);
    std::vector<std::unique_ptr<Node>> nodes;
    for (SessionRow& row : rows) {
        auto node = std::make_unique<Node>();
        node->kind = Kind::Session;
        node->parent = m_root.get();
        node->value = std::move(row);
        node->fresh = true;
        nodes.push_back(std::move(node));
    }
    auto& children = m_root->children;
    children.insert(children.begin(), std::make_move_iterator(nodes.begin()),
                    std::make_move_iterator(nodes.end()));
    for (size_t i = 0; i < children.size(); ++i)
        children[i]->row = int(i);
    m_rowsFetched += count;
    m_followInserted += count;
    if (m_total >= 0)
        m_total += count;
    endInsert();
    emit matchingSessionsChanged(m_total);
}

template <typename R, typename Read, typename Merge>
void SessionTreeModel::rereadChildren(Node* node, Read read, Merge merge)
{
    if (node->refreshing)
        return; // the read before this one is still on its way; the next poll comes again
    if (!m_worker) {
        Expected<R> rows = read(*m_db);
        if (rows)
            (this->*merge)(node, std::move(*rows));
        return;
    }
    node->refreshing = true;
    const quint64 generation = m_generation; // nodes live until the tree is reset
    m_worker->read<Expected<R>>(
        this, std::move(read), [this, node, generation, merge](Expected<Expected<R>> answer) {
            if (generation != m_generation)
                return;
            node->refreshing = false;
            Expected<R> rows = flattened(std::move(answer));
            // What is shown stays shown: a failed re-read is only logged, the next poll
            // tries again.
            if (!rows) {
                qCWarning(lcUi) << "following: reading rows again failed:" << rows.error();
                return;
            }
            (this->*merge)(node, std::move(*rows));
        });
}

void SessionTreeModel::refreshRuns(Node* session)
{
    rereadChildren<std::vector<TraceRun>>(
        session,
        [id = session->session().sessionId, filter = m_filter](AuditDatabase& db) {
            return AuditBrowser(db).runsOfSession(id, filter);
        },
        &SessionTreeModel::mergeRuns);
}

void SessionTreeModel::refreshRunRows(Node* run)
{
    rereadChildren<RunRows>(
        run, [shown = run->run()](AuditDatabase& db) { return readRunRows(db, shown); },
        &SessionTreeModel::mergeRunRows);
}

void SessionTreeModel::mergeRuns(Node* session, std::vector<TraceRun> runs)
{
    std::unordered_map<QString, Node*> shown;
    for (const auto& child : session->children)
        shown.emplace(child->run().runId, child.get());
    std::vector<TraceRun> added;
    for (TraceRun& run : runs) {
        const auto it = shown.find(run.runId);
        if (it == shown.end()) {
            added.push_back(std::move(run));
            continue;
        }
        Node* node = it->second;
        node->value = std::move(run); // a run that finished has its outcome now
        emit dataChanged(indexOfNode(node), indexOfNode(node, ColumnCount - 1));
        if (node->loaded && !node->loading)
            refreshRunRows(node);
    }
    if (added.empty())
        return;
    // Runs are listed oldest first: new ones follow.
    const int first = int(session->children.size());
    beginInsertRows(indexOfNode(session), first, first + int(added.size()) - 1);
    for (TraceRun& run : added)
        session->add(Kind::Run, std::move(run));
    m_rowsFetched += qint64(added.size());
    endInsert();
}

void SessionTreeModel::mergeRunRows(Node* run, RunRows rows)
{
    // Steps first, then the calls bound to no step: a new step goes after the last step.
    std::unordered_map<qint64, Node*> stepNodes;
    std::unordered_map<qint64, Node*> invocationNodes;
    int stepCount = 0;
    for (const auto& child : run->children) {
        if (child->kind == Kind::Step) {
            stepNodes.emplace(child->step().id, child.get());
            ++stepCount;
            for (const auto& call : child->children)
                invocationNodes.emplace(call->invocation().id, call.get());
        } else {
            invocationNodes.emplace(child->invocation().id, child.get());
        }
    }
    const QModelIndex runIndex = indexOfNode(run);
    bool grew = false; // the run view is drawn again only when something changed
    for (TraceStep& step : rows.steps) {
        if (const auto it = stepNodes.find(step.id); it != stepNodes.end()) {
            grew = grew || nlohmann::json(it->second->step()) != nlohmann::json(step);
            it->second->value = std::move(step); // its token count, its end
            emit dataChanged(indexOfNode(it->second), indexOfNode(it->second, ColumnCount - 1));
            continue;
        }
        const int row = stepCount++;
        grew = true;
        beginInsertRows(runIndex, row, row);
        auto node = std::make_unique<Node>();
        node->kind = Kind::Step;
        node->parent = run;
        node->loaded = true;
        node->value = std::move(step);
        stepNodes.emplace(node->step().id, node.get());
        run->children.insert(run->children.begin() + row, std::move(node));
        for (size_t i = size_t(row); i < run->children.size(); ++i)
            run->children[i]->row = int(i);
        ++m_rowsFetched;
        endInsert();
    }
    // The cause is the run's, over all its calls, the new ones too.
    run->cause = interpret::runFallbackCause(run->run(), rows.invocations);
    for (TraceInvocation& invocation : rows.invocations) {
        if (invocationNodes.count(invocation.id))
            continue; // a call's row is written once
        const auto it = invocation.stepId ? stepNodes.find(*invocation.stepId) : stepNodes.end();
        Node* parent = it != stepNodes.end() ? it->second : run;
        const int row = int(parent->children.size());
        grew = true;
        beginInsertRows(indexOfNode(parent), row, row);
        Node* node = parent->add(Kind::Invocation, std::move(invocation));
        node->facts = interpret::interpretInvocation(node->invocation());
        ++m_rowsFetched;
        endInsert();
    }
    emit dataChanged(runIndex, indexOfNode(run, ColumnCount - 1));
    if (grew)
        emit runRowsRefreshed(runIndex);
}

void SessionTreeModel::acknowledgeNewSessions()
{
    for (const auto& child : m_root->children) {
        if (!child->fresh)
            continue;
        child->fresh = false;
        emit dataChanged(indexOfNode(child.get()), indexOfNode(child.get(), ColumnCount - 1),
                         {Qt::FontRole});
    }
}

int SessionTreeModel::freshSessions() const
{
    int count = 0;
    for (const auto& child : m_root->children)
        count += child->fresh ? 1 : 0;
    return count;
}

} // namespace raglens::ui
