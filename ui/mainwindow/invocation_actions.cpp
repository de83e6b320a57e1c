#include "mainwindow/invocation_actions.h"

#include "common/database_worker.h"
#include "console/lookup_console_widget.h"
#include "db/audit_database.h"
#include "eval/add_to_eval_set_dialog.h"
#include "eval/problem_query.h"
#include "interpret/invocation_facts.h"
#include "invocation/invocation_view.h"
#include "model/vocabulary.h"
#include "replay/replay_dialog.h"
#include "sessionspage/sessions_page.h"
#include "trace/audit_browser.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QShortcut>

namespace raglens::ui {

InvocationActions::InvocationActions(SessionsPage* page, LookupConsoleWidget* console,
                                     QWidget* window)
    : WindowController(window), m_page(page), m_console(console), m_window(window)
{
    m_replay = new QAction(tr("&Replay Against Local Knowledge Base…"), window);
    m_replay->setObjectName(QStringLiteral("replayInvocation"));
    m_replay->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_replay->setStatusTip(
        tr("Run the recorded query again and show what changed since it was recorded"));
    connect(m_replay, &QAction::triggered, this, &InvocationActions::replayCurrentInvocation);
    connect(page->invocationView(), &InvocationView::replayRequested, this,
            &InvocationActions::replayCurrentInvocation);

    m_addToEvalSet = new QAction(tr("&Add to Eval Set…"), window);
    m_addToEvalSet->setObjectName(QStringLiteral("addInvocationToEvalSet"));
    m_addToEvalSet->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_addToEvalSet->setStatusTip(
        tr("Append the query of this lookup to an eval set, with the evidence you mark correct"));
    connect(m_addToEvalSet, &QAction::triggered, this,
            [this] { addInvocationToEvalSet(m_page->currentInvocation()); });
    m_replay->setEnabled(false);
    m_addToEvalSet->setEnabled(false);
    explainWhenDisabled(m_replay, tr("Replay works on a lookup_knowledge call: select one in the "
                                     "tree (F8 jumps to the next NO_EVIDENCE lookup)."));
    explainWhenDisabled(m_addToEvalSet, tr("Only a lookup_knowledge call can be added to an eval "
                                           "set: select one in the tree."));
    connect(console, &LookupConsoleWidget::addToEvalSetRequested, this, [this] {
        if (m_console->hasResult())
            openAddToEvalSetDialog(ProblemQuery::fromLookupResult(m_console->lastResult()));
    });
    connect(page, &SessionsPage::currentInvocationChanged, this, &InvocationActions::updateActions);
    updateActions();
}

void InvocationActions::explainWhenDisabled(QAction* action, const QString& why)
{
    // A key that silently does nothing reads as a broken key. (Only while disabled: two live
    // shortcuts on one key would be ambiguous and neither would fire.)
    auto* shortcut = new QShortcut(action->shortcut(), m_window);
    shortcut->setObjectName(action->objectName() + QStringLiteral("Explained"));
    shortcut->setEnabled(!action->isEnabled());
    connect(action, &QAction::changed, shortcut,
            [action, shortcut] { shortcut->setEnabled(!action->isEnabled()); });
    connect(shortcut, &QShortcut::activated, this, [this, why] { emit statusMessage(why, 5000); });
}

void InvocationActions::updateActions()
{
    const std::optional<TraceInvocation>& current = m_page->currentInvocation();
    const bool isLookup = current && interpret::isLookupCall(*current);
    m_replay->setEnabled(isLookup);
    m_page->invocationView()->setReplayAvailable(m_console->knowledgeBase() != nullptr);
    m_addToEvalSet->setEnabled(isLookup);
}

void InvocationActions::replayCurrentInvocation()
{
    const std::optional<TraceInvocation>& current = m_page->currentInvocation();
    if (!current)
        return;
    auto* dialog = new ReplayDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setInvocation(*current);
    // The knowledge base the console uses is the local one: the open workspace's kb/
    // or whatever the Knowledge Base tab opened.
    if (auto kb = m_console->knowledgeBase())
        dialog->setKnowledgeBase(kb);
    dialog->show();
    if (m_console->knowledgeBase())
        dialog->replay();
}

QString InvocationActions::defaultEvalSetPath() const
{
    // Beside the workspace's database, so problem queries travel with the workspace.
    const AuditDatabase* db = m_page->database();
    if (db && !db->location().isServer())
        return QFileInfo(db->location().path).dir().filePath(QStringLiteral("problems.jsonl"));
    return QDir::home().filePath(QStringLiteral("raglens-problems.jsonl"));
}

void InvocationActions::addInvocationToEvalSet(const std::optional<TraceInvocation>& invocation)
{
    if (!invocation)
        return;
    auto problem = ProblemQuery::fromInvocation(*invocation);
    if (!problem) {
        emit errorOccurred(tr("Cannot add to an eval set"), problem.error());
        return;
    }
    openAddToEvalSetDialog(*problem);
}

void InvocationActions::openAddToEvalSetDialog(const ProblemQuery& problem)
{
    AddToEvalSetDialog dialog(problem, m_window);
    dialog.setTargetFile(defaultEvalSetPath());
    connect(&dialog, &AddToEvalSetDialog::caseWritten, this,
            [this](const QString&, const QString& message) { emit statusMessage(message, 8000); });
    dialog.exec();
}

void InvocationActions::addRunToEvalSet(const QString& runId)
{
    AuditDatabase* db = m_page->database();
    if (!db)
        return;
    using Calls = Expected<std::vector<TraceInvocation>>;
    const auto choose = [this, runId](const Calls& invocations) {
        if (!invocations) {
            emit errorOccurred(tr("Cannot add to an eval set"), invocations.error());
            return;
        }
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
            emit errorOccurred(tr("Cannot add to an eval set"),
                               tr("Run %1 has no lookup_knowledge invocation.").arg(runId));
            return;
        }
        addInvocationToEvalSet(*chosen);
    };
    readOpenDatabase<Calls>(
        m_page->worker(), *db, this,
        [runId](AuditDatabase& d) { return AuditBrowser(d).invocationsOfRun(runId); },
        [choose](Expected<Calls> answer) { choose(flattened(std::move(answer))); });
}

} // namespace raglens::ui
