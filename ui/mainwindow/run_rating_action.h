#pragma once
// Invocation → Rate Run… (and the run view's button): a person says whether the run on
// screen helped. The rating is written in the database worker through core's
// writeRunFeedback, only on a database open for writing; the run view then shows it.

#include "mainwindow/window_controller.h"

class QAction;
class QWidget;

namespace raglens::ui {

class SessionsPage;

class RunRatingAction : public WindowController
{
    Q_OBJECT
public:
    /// `window` parents the action and the rating dialog.
    RunRatingAction(SessionsPage* page, QWidget* window);
    QAction* action() const { return m_action; }
    /// Enables the action and the run view's button for the database and run shown.
    void update();

signals:
    /// A rating was written: what reads run_feedback (health, the facts index) is stale.
    void runRated(const QString& runId);

private:
    QString whyRunsCannotBeRated() const;
    void rateCurrentRun();

    SessionsPage* m_page;
    QWidget* m_window;
    QAction* m_action = nullptr;
};

} // namespace raglens::ui
