// SessionsPage: moving through the tree — the next FALLBACK run, NO_EVIDENCE lookup or retry
// (F7, F8, F9), and a session, run or invocation asked for by another panel, read first
// when it is not loaded yet.

#include "sessionspage/sessions_page.h"

#include "sessions/session_filter_bar.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_model.h"

#include <QTreeView>

namespace raglens::ui {

bool SessionsPage::navigate(NavigationTargetKind kind, bool forward)
{
    const quint64 generation = ++m_navigationGeneration;
    const NavigationTarget target = navigationTarget(kind);
    const QModelIndex from = m_tree->currentIndex();
    NavigationResult result = findNavigationTarget(m_proxy, from, target, forward);
    if (!result.found.isValid() && !result.waitingFor.isValid()) {
        // Matches may sit in sessions not loaded yet: load the next page for the next press.
        if (forward && m_proxy->fetchMoreSessions()) {
            emit statusMessage(tr("Loading more sessions…"), 3000);
            return false;
        }
        // Everything is loaded: wrap around, as a search in a text editor does.
        if (from.isValid())
            result = findNavigationTarget(m_proxy, {}, target, forward);
        if (!result.found.isValid() && !result.waitingFor.isValid())
            return false;
        if (result.found.isValid())
            emit statusMessage(
                forward ? tr("Continued from the top.") : tr("Continued from the bottom."), 3000);
    }
    if (result.waitingFor.isValid()) {
        // Runs or a run's rows are being read: search on once they are in, unless the user
        // pressed another key meanwhile.
        emit statusMessage(tr("Searching…"), 2000);
        m_model->whenChildrenLoaded(m_proxy->mapToSource(result.waitingFor),
                                    [this, kind, forward, generation] {
                                        if (generation == m_navigationGeneration)
                                            navigate(kind, forward);
                                    });
        return true;
    }
    m_tree->scrollTo(result.found);
    m_tree->setCurrentIndex(result.found);
    m_tree->setFocus();
    return true;
}

void SessionsPage::showInTree(const QString& sessionId, const QString& runId, qint64 invocationId,
                              bool reload)
{
    if (!reload && selectInTree(sessionId, runId, invocationId))
        return;
    // Not among the loaded sessions (or just written): narrow the list to that session.
    m_pendingSelection = PendingSelection{sessionId, runId, invocationId};
    m_filterBar->showOnly(sessionId);
    emit statusMessage(tr("Showing session %1").arg(sessionId), 5000);
}

void SessionsPage::retryPendingSelection()
{
    if (!m_pendingSelection)
        return;
    const PendingSelection pending = *m_pendingSelection;
    m_pendingSelection.reset();
    if (!selectInTree(pending.sessionId, pending.runId, pending.invocationId))
        emit statusMessage(tr("Session %1 is not in this database.").arg(pending.sessionId), 8000);
}

bool SessionsPage::selectInTree(const QString& sessionId, const QString& runId, qint64 invocationId)
{
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const QModelIndex session = m_proxy->index(r, 0);
        if (session.data(SessionTreeModel::SessionIdRole).toString() != sessionId)
            continue;
        selectBelow(QPersistentModelIndex(session), runId, invocationId);
        return true;
    }
    return false;
}

void SessionsPage::selectBelow(const QPersistentModelIndex& session, const QString& runId,
                               qint64 invocationId)
{
    // The session's runs, then the run's rows, may still have to be read: each step goes on
    // when they are in the tree (and not at all if the tree was reset meanwhile).
    const auto select = [this](const QModelIndex& target) {
        m_tree->scrollTo(target);
        m_tree->setCurrentIndex(target);
        m_tree->setFocus();
    };
    if (!session.isValid())
        return;
    const QModelIndex sessionSource = m_proxy->mapToSource(session);
    // An empty run id with a call is a call recorded without any run id (an audit check
    // finding names such calls): it sits under the session's placeholder run.
    if (runId.isEmpty() && invocationId == 0) {
        select(session);
        return;
    }
    if (!m_model->hasLoadedChildren(sessionSource)) {
        m_model->whenChildrenLoaded(sessionSource, [this, session, runId, invocationId] {
            selectBelow(session, runId, invocationId);
        });
        return;
    }
    QModelIndex run;
    for (int k = 0; k < m_proxy->rowCount(session); ++k) {
        const QModelIndex candidate = m_proxy->index(k, 0, session);
        if (candidate.data(SessionTreeModel::KindRole).toInt() ==
                int(SessionTreeModel::Kind::Run) &&
            candidate.data(SessionTreeModel::RunIdRole).toString() == runId)
            run = candidate;
    }
    if (!run.isValid() || invocationId == 0) {
        select(run.isValid() ? run : QModelIndex(session));
        return;
    }
    const QModelIndex runSource = m_proxy->mapToSource(run);
    m_model->whenChildrenLoaded(
        runSource, [this, select, run = QPersistentModelIndex(run), invocationId] {
            if (!run.isValid())
                return;
            const QModelIndex found = m_model->findUnderRun(
                m_proxy->mapToSource(run), SessionTreeModel::Kind::Invocation, invocationId);
            select(found.isValid() ? m_proxy->mapFromSource(found) : QModelIndex(run));
        });
}

} // namespace raglens::ui
