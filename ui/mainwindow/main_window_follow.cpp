// MainWindow: View → Follow New Sessions. The FollowController polls the open database and
// updates the tree in place; the status bar says that the window follows, how often, and
// how many new sessions arrived ("3 new ↑" takes the user to them). A SQLite file read as an
// immutable view or a private copy cannot show what another process writes: following
// reopens it so that reads go through SQLite's locks.

#include "mainwindow/main_window.h"

#include "common/app_settings.h"
#include "db/audit_database.h"
#include "sessions/follow_controller.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_model.h"
#include "sessionspage/sessions_page.h"
#include "trace/session_follower.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

#include <memory>

namespace raglens::ui {

namespace {
const char* const kIntervalKey = "follow/intervalMs";
} // namespace

void MainWindow::createFollowActions(QMenu* view)
{
    m_follow = new FollowController(m_sessions->model(), m_sessions->tree(), this);
    AppSettings& settings = AppSettings::instance();
    m_follow->setIntervalMs(settings.value(QLatin1String(kIntervalKey), 2000).toInt());

    m_followAction = view->addAction(tr("&Follow New Sessions"));
    m_followAction->setObjectName(QStringLiteral("actionFollow"));
    m_followAction->setCheckable(true);
    m_followAction->setShortcut(QKeySequence(tr("Ctrl+Shift+F")));
    m_followAction->setStatusTip(tr("Show new sessions, runs and calls as the agent writes "
                                    "them, without moving the selection"));
    connect(m_followAction, &QAction::toggled, this, &MainWindow::setFollowing);

    QMenu* intervals = view->addMenu(tr("Follow &Interval"));
    intervals->setObjectName(QStringLiteral("menuFollowInterval"));
    auto* group = new QActionGroup(this);
    for (const int seconds : {1, 2, 5, 15, 60}) {
        QAction* a = intervals->addAction(tr("Every %n second(s)", nullptr, seconds));
        a->setObjectName(QStringLiteral("actionFollowEvery%1s").arg(seconds));
        a->setCheckable(true);
        a->setChecked(seconds * 1000 == m_follow->intervalMs());
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, seconds] {
            m_follow->setIntervalMs(seconds * 1000);
            AppSettings::instance().setValue(QLatin1String(kIntervalKey), seconds * 1000);
            updateFollowStatus();
        });
    }
    view->addSeparator();

    m_followButton = new QToolButton(this);
    m_followButton->setObjectName(QStringLiteral("followStatus"));
    m_followButton->setAutoRaise(true);
    m_followButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_followButton->hide();
    statusBar()->addPermanentWidget(m_followButton);
    connect(m_followButton, &QToolButton::clicked, m_follow, &FollowController::showNewSessions);
    connect(m_follow, &FollowController::stateChanged, this, &MainWindow::updateFollowStatus);
    // The status bar's totals, and the run on screen when it got new steps or calls.
    // Counting a large database takes a while: at most once per five seconds while the
    // agent writes, and once more after the last change.
    auto* quiet = new QTimer(this);
    quiet->setSingleShot(true);
    quiet->setInterval(5000);
    auto pending = std::make_shared<bool>(false);
    connect(m_follow, &FollowController::sessionsChanged, this, [this, quiet, pending] {
        if (quiet->isActive()) {
            *pending = true;
            return;
        }
        refreshSummary();
        quiet->start();
    });
    connect(quiet, &QTimer::timeout, this, [this, quiet, pending] {
        if (!*pending)
            return;
        *pending = false;
        refreshSummary();
        quiet->start();
    });
}

void MainWindow::setFollowing(bool on)
{
    {
        const QSignalBlocker quiet(m_followAction); // called from the action, or directly
        m_followAction->setChecked(on);
    }
    if (on && m_db && !seesOtherWriters(*m_db) && !m_dbEntry.isEmpty()) {
        // Reopened live: the tree is read again, from a connection that sees other writers.
        m_readLive = true;
        const QString entry = m_dbEntry;
        if (openDatabase(entry))
            statusBar()->showMessage(
                tr("Reopened %1 so that what other processes write is shown").arg(entry), 5000);
        else // reported; following the old connection would show nothing new
            on = false;
    }
    m_readLive = m_readLive || on;
    if (!on) {
        const QSignalBlocker quiet(m_followAction);
        m_followAction->setChecked(false);
    }
    m_follow->setFollowing(on);
}

bool MainWindow::isFollowing() const
{
    return m_follow->isFollowing();
}

void MainWindow::updateFollowStatus()
{
    if (!m_follow->isFollowing()) {
        m_followButton->hide();
        return;
    }
    const int seconds = qMax(1, m_follow->intervalMs() / 1000);
    QString tip = tr("Following: the database is read every %n second(s).", nullptr, seconds);
    if (m_follow->lastRead().isValid())
        tip += QLatin1Char('\n') +
               tr("Last read at %1.").arg(QLocale().toString(m_follow->lastRead()));
    if (!m_follow->lastError().isEmpty()) {
        m_followButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
        m_followButton->setText(tr("Following: reading failed"));
        tip += QLatin1Char('\n') +
               tr("The last read failed; the next one tries again: %1").arg(m_follow->lastError());
    } else if (m_follow->newSessions() > 0) {
        m_followButton->setIcon(style()->standardIcon(QStyle::SP_ArrowUp));
        m_followButton->setText(tr("%n new session(s)", nullptr, m_follow->newSessions()));
        tip += QLatin1Char('\n') + tr("Click to go to them, at the top of the list.");
    } else {
        m_followButton->setIcon(QIcon());
        m_followButton->setText(tr("Following · every %n s", nullptr, seconds));
    }
    m_followButton->setToolTip(tip);
    m_followButton->show();
}

} // namespace raglens::ui
