// MainWindow: what the right-hand side shows for the tree's current item, the run view
// and tree kept in step, keyboard navigation, and the trace JSON of the selection.

#include "mainwindow/main_window.h"

#include "common/database_worker.h"
#include "db/audit_database.h"
#include "interpret/run_facts.h"
#include "interpret/trace_interpretation.h"
#include "invocation/invocation_view.h"
#include "model/vocabulary.h"
#include "run/run_view.h"
#include "sessions/session_filter_bar.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_model.h"
#include "trace/audit_browser.h"
#include "trace/trace_service.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTreeView>

namespace raglens::ui {

namespace {

QString prettyJson(const nlohmann::json& j)
{
    // Same bytes as `raglens-cli trace --pretty`: invalid UTF-8 replaced, newline at the end.
    return QString::fromStdString(j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)) +
           QLatin1Char('\n');
}

} // namespace

void MainWindow::onCurrentChanged(const QModelIndex& current)
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

void MainWindow::showInvocation(const TraceInvocation& row,
                                const interpret::RunFallbackCause* runCause)
{
    m_runView->setCurrent(GanttItem::Type::Invocation, row.id);
    const quint64 generation = ++m_invocationGeneration;
    if (!m_worker) { // ":memory:": only this connection can read it
        auto full = AuditBrowser(*m_db).invocation(row.id);
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
        [id = row.id](AuditDatabase& db) -> Full {
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

bool MainWindow::childrenReadyFor(const QModelIndex& source, const QModelIndex& current)
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

bool MainWindow::showUnreadable(const QModelIndex& source)
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

void MainWindow::showRunOf(const QModelIndex& source, bool again)
{
    const QModelIndex runIndex = m_model->runIndexOf(source);
    const TraceRun* run = runIndex.isValid() ? m_model->runAt(runIndex) : nullptr;
    if (!run) {
        m_runView->clear();
        updateRateRunAction();
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
        updateRateRunAction();
        readRunFeedback(run->runId);
        return;
    }
    // The run's steps and calls show at once; its timeline events and ratings join them
    // when read.
    m_runView->setRun(*run, steps, calls, m_runEvents);
    updateRateRunAction();
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

void MainWindow::selectFromRunView(int kind, qint64 id)
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

void MainWindow::showTraceEvent(qint64 eventId)
{
    for (const TraceEvent& e : m_runEvents) {
        if (e.id == eventId) {
            m_traceDirty = false; // the event, not the selection, is what to show
            ++m_traceGeneration;  // and no trace read for the selection may replace it
            m_traceText->setPlainText(prettyJson(nlohmann::json(e)));
            m_detail->setCurrentWidget(m_traceText);
            return;
        }
    }
}

void MainWindow::refreshTraceTextIfShown()
{
    if (!m_traceDirty || m_detail->currentWidget() != m_traceText)
        return;
    m_traceDirty = false;
    showTraceJsonFor(m_proxy->mapToSource(m_tree->currentIndex()));
}

void MainWindow::showTraceJsonFor(const QModelIndex& source)
{
    // Sessions and runs show what `raglens-cli trace` prints; steps and invocations their
    // own object of that trace.
    const quint64 generation = ++m_traceGeneration;
    if (const TraceStep* step = m_model->stepAt(source)) {
        m_traceText->setPlainText(prettyJson(nlohmann::json(*step)));
    } else if (const TraceInvocation* inv = m_model->invocationAt(source)) {
        m_traceText->setPlainText(prettyJson(nlohmann::json(*inv)));
    } else if (source.isValid()) {
        // A whole session's trace can be large: read and printed in the worker.
        m_traceText->setPlainText(tr("Reading the trace…"));
        readTraceJson(currentTraceIds(), [this, generation](Expected<QString> text) {
            if (generation == m_traceGeneration)
                m_traceText->setPlainText(text ? *text : text.error());
        });
    } else {
        m_traceText->clear();
    }
}

std::pair<QString, QString> MainWindow::currentTraceIds() const
{
    if (!m_db)
        return {};
    const QModelIndex source = m_proxy->mapToSource(m_tree->currentIndex());
    if (!source.isValid())
        return {};
    // A session exports whole; anything inside a run exports that run.
    return {source.data(SessionTreeModel::SessionIdRole).toString(),
            m_model->kindOf(source) == SessionTreeModel::Kind::Session
                ? QString()
                : source.data(SessionTreeModel::RunIdRole).toString()};
}

static Expected<QString> printedTrace(AuditDatabase& db, const std::pair<QString, QString>& ids)
{
    auto trace = TraceService(db).getTrace(ids.first, ids.second);
    if (!trace)
        return Error{trace.error()};
    return prettyJson(interpret::interpretedTraceJson(*trace));
}

void MainWindow::readTraceJson(const std::pair<QString, QString>& ids,
                               std::function<void(Expected<QString>)> done)
{
    if (!m_worker) { // ":memory:": only this connection can read it
        done(printedTrace(*m_db, ids));
        return;
    }
    m_worker->read<Expected<QString>>(
        this, [ids](AuditDatabase& db) { return printedTrace(db, ids); },
        [done = std::move(done)](Expected<Expected<QString>> read) {
            done(read ? std::move(*read) : Expected<QString>(Error{read.error()}));
        });
}

QString MainWindow::currentTraceJson() const
{
    const auto ids = currentTraceIds();
    if (ids.first.isEmpty())
        return {};
    auto text = printedTrace(*m_db, ids);
    return text ? *text : text.error();
}

bool MainWindow::navigate(NavigationTargetKind kind, bool forward)
{
    const quint64 generation = ++m_navigationGeneration;
    const NavigationTarget target = navigationTarget(kind);
    const QModelIndex from = m_tree->currentIndex();
    NavigationResult result = findNavigationTarget(m_proxy, from, target, forward);
    if (!result.found.isValid() && !result.waitingFor.isValid()) {
        // Matches may sit in sessions not loaded yet: load the next page for the next press.
        if (forward && m_proxy->fetchMoreSessions()) {
            statusBar()->showMessage(tr("Loading more sessions…"), 3000);
            return false;
        }
        // Everything is loaded: wrap around, as a search in a text editor does.
        if (from.isValid())
            result = findNavigationTarget(m_proxy, {}, target, forward);
        if (!result.found.isValid() && !result.waitingFor.isValid())
            return false;
        if (result.found.isValid())
            statusBar()->showMessage(
                forward ? tr("Continued from the top.") : tr("Continued from the bottom."), 3000);
    }
    if (result.waitingFor.isValid()) {
        // Runs or a run's rows are being read: search on once they are in, unless the user
        // pressed another key meanwhile.
        statusBar()->showMessage(tr("Searching…"), 2000);
        m_model->whenChildrenLoaded(m_proxy->mapToSource(result.waitingFor),
                                    [this, kind, forward, generation] {
                                        if (generation == m_navigationGeneration)
                                            navigate(kind, forward);
                                    });
        return true;
    }
    m_tree->scrollTo(result.found);
    m_tree->setCurrentIndex(result.found);
    m_tree->setFocus();
    return true;
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_filterBar->textEdit() && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Escape || key == Qt::Key_Down) {
            m_tree->setFocus(Qt::ShortcutFocusReason);
            if (!m_tree->currentIndex().isValid() && m_proxy->rowCount() > 0)
                m_tree->setCurrentIndex(m_proxy->index(0, 0));
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

} // namespace raglens::ui
