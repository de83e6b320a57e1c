// SessionsPage: what the right-hand side shows for the tree's current item — the run on a
// time axis with its ratings, and the call that explains it in the drill-down — kept in step
// with the run view, and what shows while a selection's rows are still being read.

#include "sessionspage/sessions_page.h"

#include "audit/run_feedback.h"
#include "common/database_worker.h"
#include "db/audit_database.h"
#include "health/findings_view.h"
#include "interpret/run_facts.h"
#include "interpret/trace_interpretation.h"
#include "invocation/invocation_view.h"
#include "model/vocabulary.h"
#include "run/run_view.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_model.h"
#include "trace/audit_browser.h"

#include <QItemSelectionModel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTreeView>

namespace raglens::ui {

void SessionsPage::onCurrentChanged(const QModelIndex& current)
{
    const QModelIndex source = m_proxy->mapToSource(current);
    if (!source.isValid() || !m_db) {
        m_runView->clear();
        m_invocationView->setEnabled(true);
        return;
    }
    using Kind = SessionTreeModel::Kind;
    const Kind kind = m_model->kindOf(source);
    // The trace JSON reads the whole session: built only when its tab is shown.
    m_traceDirty = true;
    refreshTraceTextIfShown();
    if (kind == Kind::Invocation) {
        // Its run's rows are in the tree: the invocation is one of them.
        m_invocationView->setEnabled(true); // greyed only while a selection's rows are read
        showRunOf(source);
        const QModelIndex run = m_model->runIndexOf(source);
        std::optional<interpret::RunFallbackCause> cause;
        if (const TraceRun* r = run.isValid() ? m_model->runAt(run) : nullptr)
            cause = interpret::runFallbackCause(*r, m_model->invocationsOfRun(run));
        showInvocation(*m_model->invocationAt(source), cause ? &*cause : nullptr);
        return;
    }
    // A session stands for its first FALLBACK run (else its newest run), so that
    // "Fallback runs" and one click on a session already show why the lookup failed.
    QModelIndex runIndex = m_model->runIndexOf(source);
    if (kind == Kind::Session) {
        if (!childrenReadyFor(source, current) || showUnreadable(source))
            return;
        const int runs = m_model->rowCount(source);
        for (int r = 0; r < runs && !runIndex.isValid(); ++r) {
            const QModelIndex run = m_model->index(r, 0, source);
            if (run.data(SessionTreeModel::OutcomeRole).toString() == vocab::kFallback)
                runIndex = run;
        }
        if (!runIndex.isValid() && runs > 0)
            runIndex = m_model->index(runs - 1, 0, source);
    }
    if (!runIndex.isValid()) {
        m_runView->clear();
        m_invocationView->setEnabled(true);
        m_invocationView->clear();
        setCurrentInvocation(std::nullopt);
        m_detail->setCurrentWidget(m_traceText);
        return;
    }
    if (!childrenReadyFor(runIndex, current) || showUnreadable(runIndex))
        return;
    m_invocationView->setEnabled(true);
    showRunOf(runIndex);
    showTellingCallOf(source, runIndex);
}

void SessionsPage::showTellingCallOf(const QModelIndex& source, const QModelIndex& runIndex)
{
    using Kind = SessionTreeModel::Kind;
    const Kind kind = m_model->kindOf(source);
    // A run or step: show the call that explains it right away (core decides which).
    const std::vector<TraceInvocation> runCalls = m_model->invocationsOfRun(runIndex);
    std::vector<TraceInvocation> candidates = runCalls;
    if (kind == Kind::Step) {
        const qint64 stepId = m_model->stepAt(source)->id;
        std::erase_if(candidates,
                      [stepId](const TraceInvocation& i) { return i.stepId != stepId; });
    }
    const interpret::RunFallbackCause cause =
        interpret::runFallbackCause(*m_model->runAt(runIndex), runCalls);
    const std::optional<qint64> telling = interpret::mostTellingCall(candidates, cause);
    const auto call = std::find_if(candidates.begin(), candidates.end(),
                                   [&](const auto& i) { return telling && i.id == *telling; });
    if (call != candidates.end()) {
        showInvocation(*call, &cause);
    } else if (kind == Kind::Run && interpret::isFallbackRun(*m_model->runAt(runIndex))) {
        // No lookup to open: say so, and why the run fell back.
        m_invocationView->showRunWithoutCall(cause, int(runCalls.size()));
        setCurrentInvocation(std::nullopt);
        m_detail->setCurrentWidget(m_invocationView);
    } else {
        m_invocationView->clear();
        setCurrentInvocation(std::nullopt);
        m_detail->setCurrentWidget(m_traceText);
    }
    if (kind == Kind::Step)
        m_runView->setCurrent(GanttItem::Type::Step, m_model->stepAt(source)->id);
}

void SessionsPage::showInvocation(const TraceInvocation& row,
                                  const interpret::RunFallbackCause* runCause)
{
    m_runView->setCurrent(GanttItem::Type::Invocation, row.id);
    const quint64 generation = ++m_invocationGeneration;
    if (!m_worker) { // ":memory:": only this connection can read it
        auto full = AuditBrowser(*m_db).invocation(row.storedId());
        m_invocationView->setInvocation(full ? *full : row, runCause);
        setCurrentInvocation(full ? *full : row);
        m_detail->setCurrentWidget(m_invocationView);
        return;
    }
    // The tree's browse row shows at once (the run's fallback cause travels with it: the view
    // shows both, named apart); the drill-down's full-trace sample, which may be large, is
    // read in the worker and completes the view when it arrives.
    m_invocationView->setInvocation(row, runCause);
    setCurrentInvocation(row);
    m_detail->setCurrentWidget(m_invocationView);
    const std::optional<interpret::RunFallbackCause> cause =
        runCause ? std::optional<interpret::RunFallbackCause>(*runCause) : std::nullopt;
    using Full = std::optional<TraceInvocation>;
    m_worker->read<Full>(
        this,
        [id = row.storedId()](AuditDatabase& db) -> Full {
            auto full = AuditBrowser(db).invocation(id);
            return full ? Full(std::move(*full)) : std::nullopt;
        },
        [this, generation, cause](Expected<Full> full) {
            if (generation != m_invocationGeneration || !full || !*full ||
                (*full)->fullTrace.is_null())
                return;
            m_invocationView->setInvocation(**full, cause ? &*cause : nullptr);
            setCurrentInvocation(**full);
        });
}

bool SessionsPage::childrenReadyFor(const QModelIndex& source, const QModelIndex& current)
{
    if (m_model->hasLoadedChildren(source))
        return true;
    // Read in the worker: until they arrive the run view is empty and the drill-down greyed
    // out rather than showing the previous selection as this one (greyed, not cleared: a
    // clear and a refill would lay the drill-down out twice), and the selection is shown
    // then if the user is still on it.
    if (!m_runView->runId().isEmpty())
        m_runView->clear();
    m_invocationView->setEnabled(false);
    setCurrentInvocation(std::nullopt);
    const QPersistentModelIndex wanted(current);
    m_model->whenChildrenLoaded(source, [this, wanted] {
        if (wanted.isValid() && m_tree->currentIndex() == wanted)
            onCurrentChanged(wanted);
    });
    return false;
}

bool SessionsPage::showUnreadable(const QModelIndex& source)
{
    const QString error = source.data(SessionTreeModel::ChildrenErrorRole).toString();
    if (error.isEmpty())
        return false;
    // Where the run and its lookup would be: what went wrong, and how to try again.
    m_runView->clear();
    m_invocationView->setEnabled(true);
    m_invocationView->clear();
    setCurrentInvocation(std::nullopt);
    ++m_traceGeneration; // no trace read may replace the message
    m_traceDirty = false;
    m_traceText->setPlainText((m_model->kindOf(source) == SessionTreeModel::Kind::Session
                                   ? tr("The runs of this session could not be read:\n%1")
                                   : tr("The steps and calls of this run could not be read:\n%1"))
                                  .arg(error) +
                              QStringLiteral("\n\n") +
                              tr("File → Reload (F5) reads the database again."));
    m_detail->setCurrentWidget(m_traceText);
    return true;
}

void SessionsPage::showRunOf(const QModelIndex& source, bool again)
{
    const QModelIndex runIndex = m_model->runIndexOf(source);
    const TraceRun* run = runIndex.isValid() ? m_model->runAt(runIndex) : nullptr;
    if (!run) {
        m_runView->clear();
        emit runShown();
        return;
    }
    if (m_runView->runId() == run->runId && !again)
        return;
    const quint64 generation = ++m_runEventsGeneration;
    m_runEvents.clear();
    const std::vector<TraceStep> steps = m_model->stepsOfRun(runIndex);
    const std::vector<TraceInvocation> calls = m_model->invocationsOfRun(runIndex);
    if (!m_worker) { // ":memory:": only this connection can read it
        auto events = AuditBrowser(*m_db).eventsOfRun(run->runId);
        if (events)
            m_runEvents = std::move(*events);
        m_runView->setRun(*run, steps, calls, m_runEvents);
        emit runShown();
        readRunFeedback(run->runId);
        return;
    }
    // The run's steps and calls show at once; its timeline events and ratings join them
    // when read.
    m_runView->setRun(*run, steps, calls, m_runEvents);
    emit runShown();
    readRunFeedback(run->runId);
    using Events = std::vector<TraceEvent>;
    m_worker->read<Expected<Events>>(
        this,
        [runId = run->runId](AuditDatabase& db) { return AuditBrowser(db).eventsOfRun(runId); },
        [this, generation, run = *run, steps, calls](Expected<Expected<Events>> events) {
            if (generation != m_runEventsGeneration || !events || !*events || (*events)->empty())
                return;
            m_runEvents = std::move(**events);
            m_runView->setRun(run, steps, calls, m_runEvents);
        });
}

void SessionsPage::selectFromRunView(int kind, qint64 id)
{
    // The run view shows a run whose rows are in the tree.
    const QModelIndex current = m_proxy->mapToSource(m_tree->currentIndex());
    const QModelIndex runIndex = m_model->runIndexOf(current);
    if (!runIndex.isValid())
        return;
    const QModelIndex target = m_model->findUnderRun(runIndex, SessionTreeModel::Kind(kind), id);
    if (!target.isValid())
        return;
    const QModelIndex proxyIndex = m_proxy->mapFromSource(target);
    m_tree->scrollTo(proxyIndex);
    m_tree->setCurrentIndex(proxyIndex);
}

void SessionsPage::readRunFeedback(const QString& runId)
{
    const quint64 generation = m_runEventsGeneration;
    using Feedback = std::vector<RunFeedback>;
    readOpenDatabase<Expected<Feedback>>(
        m_worker, *m_db, this,
        [runId](AuditDatabase& db) { return AuditBrowser(db).feedbackOfRun(runId); },
        [this, generation, runId](Expected<Expected<Feedback>> read) {
            const Expected<Feedback> feedback = flattened(std::move(read));
            if (generation == m_runEventsGeneration && m_runView->runId() == runId && feedback)
                m_runView->setFeedback(*feedback);
        });
}

void SessionsPage::setCurrentInvocation(std::optional<TraceInvocation> invocation)
{
    m_currentInvocation = std::move(invocation);
    if (m_currentInvocation)
        m_findings->setInvocation(*m_currentInvocation);
    else
        m_findings->clear();
    emit currentInvocationChanged();
}

const TraceRun* SessionsPage::currentRun() const
{
    const QModelIndex runIndex = m_model->runIndexOf(m_proxy->mapToSource(m_tree->currentIndex()));
    return runIndex.isValid() ? m_model->runAt(runIndex) : nullptr;
}

std::vector<QModelIndex> SessionsPage::selectedRows() const
{
    std::vector<QModelIndex> rows;
    for (const QModelIndex& row : m_tree->selectionModel()->selectedRows(0))
        rows.push_back(m_proxy->mapToSource(row));
    return rows;
}

} // namespace raglens::ui
