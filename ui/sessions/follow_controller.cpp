#include "sessions/follow_controller.h"

#include "common/file_identity.h"
#include "trace/session_follower.h"

#include <QScrollBar>
#include <QTimer>
#include <QTreeView>

namespace raglens::ui {

FollowController::FollowController(SessionTreeModel* model, QTreeView* tree, QObject* parent)
    : QObject(parent), m_model(model), m_tree(tree), m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &FollowController::poll);
    // Another filter or database: the read on its way is dropped by the model, the count of
    // new sessions no longer means anything, and the next read starts from the new tree.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_polling = false;
        m_newSessions = 0;
        m_lastError.clear();
        m_file = followedFile();
        schedule();
        emit stateChanged();
    });
    // The view's model may be a proxy: the anchor is taken where the rows are shown.
    QAbstractItemModel* shown = m_tree->model();
    connect(shown, &QAbstractItemModel::rowsAboutToBeInserted, this,
            [this](const QModelIndex& parent) {
                if (m_following && !parent.isValid())
                    rememberTopRow();
            });
    connect(shown, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& parent) {
        if (!parent.isValid())
            keepTopRow();
    });
    // Reaching the top of the list is seeing the new sessions.
    connect(m_tree->verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (value == 0 && m_newSessions > 0 && !m_topRow.isValid()) {
            m_newSessions = 0;
            emit stateChanged();
        }
    });
}

void FollowController::setFollowing(bool on)
{
    if (on == m_following)
        return;
    m_following = on;
    m_newSessions = 0;
    m_lastError.clear();
    m_file = followedFile();
    if (on) {
        poll(); // at once: the tree catches up with what was written since it was read
    } else {
        m_timer->stop();
        m_model->acknowledgeNewSessions();
    }
    emit stateChanged();
}

void FollowController::setIntervalMs(int ms)
{
    m_intervalMs = qMax(100, ms);
    if (m_timer->isActive())
        m_timer->start(m_intervalMs);
}

void FollowController::showNewSessions()
{
    m_newSessions = 0;
    m_model->acknowledgeNewSessions();
    m_tree->scrollToTop();
    emit stateChanged();
}

void FollowController::schedule()
{
    if (m_following && !m_polling)
        m_timer->start(m_intervalMs);
}

void FollowController::poll()
{
    if (!m_following || m_polling || !m_model->database())
        return;
    // Until the first page is in, every session would look new: wait for it.
    if (m_model->isLoading() && m_model->loadedSessions() == 0) {
        m_timer->start(m_intervalMs);
        return;
    }
    // The connection reads the file it opened: one replaced at its path (rsync, a backup
    // moved over it) would never show a change again. Said where the reads' state is shown.
    if (!m_file.isEmpty() && followedFile() != m_file) {
        const QString error =
            tr("%1 was replaced or removed since it was opened: open it again to follow the "
               "file now at its path.")
                .arg(m_model->database()->location().display());
        if (m_lastError != error) {
            m_lastError = error;
            emit stateChanged();
        }
        m_timer->start(m_intervalMs);
        return;
    }
    m_polling = true;
    m_model->pollForChanges(
        SessionFollower::kDefaultWindow,
        [this](const Expected<SessionTreeModel::FollowUpdate>& update) { onPolled(update); });
}

void FollowController::onPolled(const Expected<SessionTreeModel::FollowUpdate>& update)
{
    m_polling = false;
    if (!m_following) { // turned off while the read was on its way
        m_model->acknowledgeNewSessions();
        return;
    }
    m_lastRead = QTime::currentTime();
    if (update) {
        m_lastError.clear();
        m_newSessions += update->added;
    } else {
        m_lastError = update.error(); // shown; the next read tries again
    }
    schedule();
    emit stateChanged();
    if (update && update->added + update->changed > 0)
        emit sessionsChanged();
}

QString FollowController::followedFile() const
{
    const AuditDatabase* db = m_model->database();
    if (!db || db->location().kind != DatabaseLocation::Kind::Sqlite)
        return {};
    return fileIdentity(db->location().path);
}

void FollowController::rememberTopRow()
{
    m_topRow = QPersistentModelIndex();
    // At the very top the user watches the newest sessions: they appear there.
    if (m_tree->verticalScrollBar()->value() == 0)
        return;
    const QModelIndex top = m_tree->indexAt(QPoint(0, 0));
    if (!top.isValid())
        return;
    m_topRow = top;
    m_topRowOffset = m_tree->visualRect(top).top();
}

void FollowController::keepTopRow()
{
    if (!m_topRow.isValid())
        return;
    const QModelIndex top = m_topRow;
    m_topRow = QPersistentModelIndex();
    // scrollTo lays the rows out first, so the inserted rows are counted.
    m_tree->scrollTo(top, QAbstractItemView::PositionAtTop);
    if (m_tree->verticalScrollMode() == QAbstractItemView::ScrollPerPixel)
        m_tree->verticalScrollBar()->setValue(m_tree->verticalScrollBar()->value() -
                                              m_topRowOffset);
}

} // namespace raglens::ui
