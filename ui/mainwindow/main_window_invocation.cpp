// MainWindow: what a person does with the invocation on screen — read its findings,
// replay it against the local knowledge base, or turn it into an eval case (the problem
// query library). Health's problem runs reach the same eval dialog.

#include "mainwindow/main_window.h"

#include "interpret/invocation_facts.h"

#include "common/database_worker.h"
#include "console/lookup_console_widget.h"
#include "db/audit_database.h"
#include "eval/add_to_eval_set_dialog.h"
#include "eval/problem_query.h"
#include "health/findings_view.h"
#include "health/health_panel.h"
#include "invocation/invocation_view.h"
#include "model/vocabulary.h"
#include "replay/replay_dialog.h"
#include "trace/audit_browser.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QShortcut>
#include <QStatusBar>
#include <QTabWidget>

namespace raglens::ui {

/// While `action` is disabled its shortcut still answers, with `why` in the status bar: a
/// key that silently does nothing reads as a broken key. (Only then: two live shortcuts on
/// one key would be ambiguous and neither would fire.)
static void explainWhenDisabled(QAction* action, QMainWindow* window, const QString& why)
{
    auto* shortcut = new QShortcut(action->shortcut(), window);
    shortcut->setObjectName(action->objectName() + QStringLiteral("Explained"));
    shortcut->setEnabled(!action->isEnabled());
    QObject::connect(action, &QAction::changed, shortcut,
                     [action, shortcut] { shortcut->setEnabled(!action->isEnabled()); });
    QObject::connect(shortcut, &QShortcut::activated, window,
                     [window, why] { window->statusBar()->showMessage(why, 5000); });
}

void MainWindow::createInvocationActions()
{
    m_findings = new FindingsView(this);
    m_detail->insertTab(1, m_findings, tr("Findings"));

    QMenu* menu = new QMenu(tr("&Invocation"), this);
    const QList<QAction*> menus = menuBar()->actions();
    menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.last(), menu);

    m_replayAction = menu->addAction(tr("&Replay Against Local Knowledge Base…"));
    m_replayAction->setObjectName(QStringLiteral("replayInvocation"));
    m_replayAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_replayAction->setStatusTip(
        tr("Run the recorded query again and show what changed since it was recorded"));
    connect(m_replayAction, &QAction::triggered, this, &MainWindow::replayCurrentInvocation);
    connect(m_invocationView, &InvocationView::replayRequested, this,
            &MainWindow::replayCurrentInvocation);

    m_addToEvalAction = menu->addAction(tr("&Add to Eval Set…"));
    m_addToEvalAction->setObjectName(QStringLiteral("addInvocationToEvalSet"));
    m_addToEvalAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_addToEvalAction->setStatusTip(
        tr("Append the query of this lookup to an eval set, with the evidence you mark correct"));
    m_replayAction->setEnabled(false);
    m_addToEvalAction->setEnabled(false);
    explainWhenDisabled(m_replayAction, this,
                        tr("Replay works on a lookup_knowledge call: select one in the tree "
                           "(F8 jumps to the next NO_EVIDENCE lookup)."));
    explainWhenDisabled(m_addToEvalAction, this,
                        tr("Only a lookup_knowledge call can be added to an eval set: select "
                           "one in the tree."));
    connect(m_addToEvalAction, &QAction::triggered, this,
            [this] { addInvocationToEvalSet(m_currentInvocation); });
    menu->addSeparator();
    createRateRunAction(menu);

    connect(m_health, &HealthPanel::addToEvalSetRequested, this,
            [this](const QString&, const QString& runId) { addRunToEvalSet(runId); });
    connect(m_console, &LookupConsoleWidget::addToEvalSetRequested, this, [this] {
        if (m_console->hasResult())
            openAddToEvalSetDialog(ProblemQuery::fromLookupResult(m_console->lastResult()));
    });

    m_compareAction = menu->addAction(tr("&Compare Selected"));
    m_compareAction->setObjectName(QStringLiteral("compareSelected"));
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_compareAction->setStatusTip(
        tr("Two runs or two lookups selected in the tree (Ctrl+click the second) side by side"));
    connect(m_compareAction, &QAction::triggered, this, &MainWindow::compareSelected);

    m_shortcutActions += {m_replayAction, m_addToEvalAction, m_compareAction};
    addActions({m_replayAction, m_addToEvalAction, m_compareAction});
    setCurrentInvocation(std::nullopt);
}

void MainWindow::setCurrentInvocation(std::optional<TraceInvocation> invocation)
{
    m_currentInvocation = std::move(invocation);
    const bool isLookup =
        m_currentInvocation && m_currentInvocation->toolName == vocab::kLookupKnowledge;
    m_replayAction->setEnabled(isLookup);
    m_invocationView->setReplayAvailable(m_console->knowledgeBase() != nullptr);
    m_addToEvalAction->setEnabled(isLookup);
    if (m_currentInvocation)
        m_findings->setInvocation(*m_currentInvocation);
    else
        m_findings->clear();
}

void MainWindow::replayCurrentInvocation()
{
    if (!m_currentInvocation)
        return;
    auto* dialog = new ReplayDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setInvocation(*m_currentInvocation);
    // The knowledge base the console uses is the local one: the open workspace's kb/
    // or whatever the Knowledge Base tab opened.
    if (auto kb = m_console->knowledgeBase())
        dialog->setKnowledgeBase(kb);
    dialog->show();
    if (m_console->knowledgeBase())
        dialog->replay();
}

QString MainWindow::defaultEvalSetPath() const
{
    // Beside the workspace's database, so problem queries travel with the workspace.
    if (m_db && !m_db->location().isServer())
        return QFileInfo(m_db->location().path).dir().filePath(QStringLiteral("problems.jsonl"));
    return QDir::home().filePath(QStringLiteral("raglens-problems.jsonl"));
}

void MainWindow::addInvocationToEvalSet(const std::optional<TraceInvocation>& invocation)
{
    if (!invocation)
        return;
    auto problem = ProblemQuery::fromInvocation(*invocation);
    if (!problem) {
        reportError(tr("Cannot add to an eval set"), problem.error());
        return;
    }
    openAddToEvalSetDialog(*problem);
}

void MainWindow::openAddToEvalSetDialog(const ProblemQuery& problem)
{
    AddToEvalSetDialog dialog(problem, this);
    dialog.setTargetFile(defaultEvalSetPath());
    connect(&dialog, &AddToEvalSetDialog::caseWritten, this,
            [this](const QString&, const QString& message) {
                statusBar()->showMessage(message, 8000);
            });
    dialog.exec();
}

void MainWindow::addRunToEvalSet(const QString& runId)
{
    if (!m_db)
        return;
    using Calls = Expected<std::vector<TraceInvocation>>;
    const auto choose = [this, runId](Calls invocations) {
        if (!invocations) {
            reportError(tr("Cannot add to an eval set"), invocations.error());
            return;
        }
        // The run's lookup that explains it best: one that found nothing, else the first.
        const TraceInvocation* chosen = nullptr;
        for (const TraceInvocation& inv : *invocations) {
            if (inv.toolName != vocab::kLookupKnowledge)
                continue;
            if (!chosen)
                chosen = &inv;
            if (interpret::interpretInvocation(inv).evidenceStatus ==
                interpret::EvidenceStatus::NoEvidence) {
                chosen = &inv;
                break;
            }
        }
        if (!chosen) {
            reportError(tr("Cannot add to an eval set"),
                        tr("Run %1 has no lookup_knowledge invocation.").arg(runId));
            return;
        }
        addInvocationToEvalSet(*chosen);
    };
    if (!m_worker) { // ":memory:": only this connection can read it
        choose(AuditBrowser(*m_db).invocationsOfRun(runId));
        return;
    }
    m_worker->read<Calls>(
        this, [runId](AuditDatabase& db) { return AuditBrowser(db).invocationsOfRun(runId); },
        [choose](Expected<Calls> answer) {
            choose(answer ? std::move(*answer) : Calls(Error{answer.error()}));
        });
}

} // namespace raglens::ui
