#pragma once
// Invocation → Replay and Add to Eval Set: what a person does with the lookup the Sessions
// page shows — run it again against the local knowledge base, or turn it into an eval case
// (the problem query library). Health's problem runs and the console's last lookup reach the
// same eval dialog.

#include "model/diagnosis_trace.h"

#include "mainwindow/window_controller.h"

#include <optional>

class QAction;
class QWidget;

namespace raglens {
struct ProblemQuery;
}

namespace raglens::ui {

class LookupConsoleWidget;
class SessionsPage;

class InvocationActions : public WindowController
{
    Q_OBJECT
public:
    /// `window` parents the dialogs and the actions' shortcuts; `console` holds the local
    /// knowledge base that replays use.
    InvocationActions(SessionsPage* page, LookupConsoleWidget* console, QWidget* window);

    QAction* replayAction() const { return m_replay; }
    QAction* addToEvalSetAction() const { return m_addToEvalSet; }

    /// The run's lookup that explains it best (one that found nothing, else the first), read
    /// in the database worker, into the eval dialog.
    void addRunToEvalSet(const QString& runId);
    void openAddToEvalSetDialog(const ProblemQuery& problem);

private:
    void updateActions();
    void replayCurrentInvocation();
    void addInvocationToEvalSet(const std::optional<TraceInvocation>& invocation);
    /// While `action` is disabled its shortcut still answers, with `why` in the status bar.
    void explainWhenDisabled(QAction* action, const QString& why);
    QString defaultEvalSetPath() const;

    SessionsPage* m_page;
    LookupConsoleWidget* m_console;
    QWidget* m_window;
    QAction* m_replay = nullptr;
    QAction* m_addToEvalSet = nullptr;
};

} // namespace raglens::ui
