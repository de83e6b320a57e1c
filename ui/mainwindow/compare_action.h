#pragma once
// Invocation → Compare Selected (Ctrl+D): the two runs, or the two lookups, selected in the
// session tree side by side (the older one as A). Their rows are read in the database worker;
// the comparison itself is core's (compare/run_comparison), the same the CLI prints.

#include "model/diagnosis_trace.h"

#include "mainwindow/window_controller.h"

class QAction;
class QWidget;

namespace raglens::ui {

class SessionsPage;

class CompareAction : public WindowController
{
    Q_OBJECT
public:
    /// `window` parents the action and the comparison windows.
    CompareAction(SessionsPage* page, QWidget* window);
    QAction* action() const { return m_action; }

private:
    void compareSelected();
    void compareRuns(const TraceRun& x, const TraceRun& y);
    void compareLookups(const TraceInvocation& x, const TraceInvocation& y);
    // Not inside the template below: lupdate would file its message under a wrong context.
    void reportCompareError(const QString& message);
    template <class Read, class Fill>
    void readPairThenCompare(Read read, Fill fill, const QString& busy);

    SessionsPage* m_page;
    QWidget* m_window;
    QAction* m_action = nullptr;
};

} // namespace raglens::ui
