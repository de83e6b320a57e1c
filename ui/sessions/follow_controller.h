#pragma once
// View → Follow New Sessions: polls the open database at an interval while an agent writes
// it and brings the session tree up to date in place. The user's selection stays, and so
// does the scroll position: when the list is scrolled down, the rows on screen stay on
// screen while new sessions are inserted above them. New sessions are counted ("N new")
// until the user goes to them.

#include "common/error.h"
#include "sessions/session_tree_model.h"

#include <QObject>
#include <QPersistentModelIndex>
#include <QTime>

class QTimer;
class QTreeView;

namespace raglens::ui {

class FollowController : public QObject
{
    Q_OBJECT
public:
    /// `tree` shows `model` (through any proxy).
    FollowController(SessionTreeModel* model, QTreeView* tree, QObject* parent = nullptr);

    void setFollowing(bool on);
    bool isFollowing() const { return m_following; }
    void setIntervalMs(int ms);
    int intervalMs() const { return m_intervalMs; }

    /// New sessions since the user last went to the top of the list.
    int newSessions() const { return m_newSessions; }
    /// Scrolls to the top, where the new sessions are, and counts from zero again.
    void showNewSessions();
    /// Why the last read failed; empty when it worked.
    QString lastError() const { return m_lastError; }
    /// When the last read finished (invalid before the first).
    QTime lastRead() const { return m_lastRead; }

signals:
    /// Following started or stopped, new sessions arrived, a read failed or worked again.
    void stateChanged();
    /// A read found new or changed sessions (the totals shown elsewhere are stale).
    void sessionsChanged();

private:
    void schedule();
    void poll();
    void onPolled(const Expected<SessionTreeModel::FollowUpdate>& update);
    /// fileIdentity() of the model's SQLite file; empty for a server or none.
    QString followedFile() const;
    void rememberTopRow();
    void keepTopRow();

    SessionTreeModel* m_model;
    QTreeView* m_tree;
    QTimer* m_timer;
    bool m_following = false;
    bool m_polling = false; ///< a read is on its way; the next one is scheduled when it is back
    int m_intervalMs = 2000;
    int m_newSessions = 0;
    QString m_lastError;
    /// fileIdentity() of the followed SQLite file when following started: a file replaced at
    /// its path since is not the one the connection reads.
    QString m_file;
    QTime m_lastRead;
    /// The row at the top of the viewport before sessions are inserted above it, and how far
    /// it was scrolled out of view, in pixels.
    QPersistentModelIndex m_topRow;
    int m_topRowOffset = 0;
};

} // namespace raglens::ui
