// MainWindow: the Invocation menu. Its actions work on what the Sessions page shows and live
// in controllers of their own (InvocationActions, CompareAction, RunRatingAction); the
// window gives them a menu, its status bar and its error reporting, and links Health's
// problem runs to the eval dialog and a rating to what reads ratings.

#include "mainwindow/main_window.h"

#include "health/health_panel.h"
#include "mainwindow/compare_action.h"
#include "mainwindow/invocation_actions.h"
#include "mainwindow/run_rating_action.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>

namespace raglens::ui {

void MainWindow::connectController(WindowController* controller)
{
    connect(controller, &WindowController::statusMessage, this, &MainWindow::showStatusMessage);
    connect(controller, &WindowController::errorOccurred, this, &MainWindow::reportError);
}

void MainWindow::createInvocationActions()
{
    QMenu* menu = new QMenu(tr("&Invocation"), this);
    const QList<QAction*> menus = menuBar()->actions();
    menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.last(), menu);

    m_invocationActions = new InvocationActions(m_sessions, m_console, this);
    connectController(m_invocationActions);
    connect(m_health, &HealthPanel::addToEvalSetRequested, m_invocationActions,
            [this](const QString&, const QString& runId) {
                m_invocationActions->addRunToEvalSet(runId);
            });

    m_runRating = new RunRatingAction(m_sessions, this);
    connectController(m_runRating);
    connect(m_runRating, &RunRatingAction::runRated, this, [this] {
        m_healthStale = true; // satisfaction and negative ratings change
        startFactsIndex();    // its copy of run_feedback is read again
    });

    auto* compare = new CompareAction(m_sessions, this);
    connectController(compare);

    const QList<QAction*> actions = {m_invocationActions->replayAction(),
                                     m_invocationActions->addToEvalSetAction()};
    menu->addActions(actions);
    menu->addSeparator();
    menu->addAction(m_runRating->action());
    menu->addAction(compare->action());
    m_shortcutActions += actions;
    m_shortcutActions += compare->action();
    addActions({actions[0], actions[1], compare->action()});
}

} // namespace raglens::ui
