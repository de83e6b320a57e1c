// SessionsPage: the Trace JSON tab — what `raglens-cli trace` prints for the current session
// or run, its own object for a step or invocation, or a timeline event — read in the
// database worker, and only when the tab is shown.

#include "sessionspage/sessions_page.h"

#include "common/database_worker.h"
#include "db/audit_database.h"
#include "interpret/trace_interpretation.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_model.h"
#include "trace/trace_service.h"

#include <QPlainTextEdit>
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

void SessionsPage::showTraceEvent(qint64 eventId)
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

void SessionsPage::refreshTraceTextIfShown()
{
    if (!m_traceDirty || m_detail->currentWidget() != m_traceText)
        return;
    m_traceDirty = false;
    showTraceJsonFor(m_proxy->mapToSource(m_tree->currentIndex()));
}

void SessionsPage::showTraceJsonFor(const QModelIndex& source)
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

std::pair<QString, QString> SessionsPage::currentTraceIds() const
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

namespace {

Expected<QString> printedTrace(AuditDatabase& db, const std::pair<QString, QString>& ids)
{
    auto trace = TraceService(db).getTrace(ids.first, ids.second);
    if (!trace)
        return Error{trace.error()};
    return prettyJson(interpret::interpretedTraceJson(*trace));
}

} // namespace

void SessionsPage::readTraceJson(const std::pair<QString, QString>& ids,
                                 std::function<void(Expected<QString>)> done)
{
    readOpenDatabase<Expected<QString>>(
        m_worker, *m_db, this, [ids](AuditDatabase& db) { return printedTrace(db, ids); },
        [done = std::move(done)](Expected<Expected<QString>> read) {
            done(flattened(std::move(read)));
        });
}

QString SessionsPage::currentTraceJson() const
{
    const auto ids = currentTraceIds();
    if (ids.first.isEmpty())
        return {};
    auto text = printedTrace(*m_db, ids);
    return text ? *text : text.error();
}

} // namespace raglens::ui
