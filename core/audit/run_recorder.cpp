#include "audit/run_recorder.h"

#include "audit/run_feedback.h"
#include "common/json_qt.h"
#include "common/logging.h"
#include "common/secret_policy.h"
#include "db/audit_database.h"
#include "db/id_column.h"
#include "db/scoped_transaction.h"
#include "db/sql_dialect.h"
#include "db/sql_insert.h"
#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

namespace raglens {

using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(RunRecorder)
};

} // namespace

static QString compact(const json& j)
{
    return QString::fromStdString(j.dump(-1, ' ', false, json::error_handler_t::replace));
}

RunRecorder::RunRecorder(AuditDatabase& db, StepTracker tracker, AuditClock clock)
    : m_db(db), m_tracker(std::move(tracker)), m_clock(std::move(clock))
{}

Expected<std::unique_ptr<RunRecorder>> RunRecorder::begin(AuditDatabase& db, const RunStart& start,
                                                          AuditClock clock)
{
    if (db.isReadOnly())
        return Error{Tr::tr("The audit database %1 is read-only.").arg(db.location().display())};
    if (start.runId.isEmpty() || start.sessionId.isEmpty())
        return Error{Tr::tr("A run needs a run id and a session id.")};
    if (Status s = requireNumberedRows(db); !s)
        return Error{s.error()};
    std::unique_ptr<RunRecorder> r(
        new RunRecorder(db, StepTracker(start.sessionId, start.runId), std::move(clock)));
    const QVariant now = SqlDialect(db).timeParam(r->m_clock());
    ScopedTransaction tx(db.sql());
    auto run = execBound(db.sql(),
                         QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, user_id, "
                                        "question, status, tool_call_count, total_token_count, "
                                        "started_at) VALUES (?, ?, ?, ?, ?, 0, 0, ?)"),
                         {start.runId, start.sessionId, nullableText(start.userId),
                          nullableText(secrets::questionForStorage(start.question)),
                          vocab::kRunning, now});
    if (!run)
        return Error{Tr::tr("Cannot start run %1: %2").arg(start.runId, run.error())};
    if (Status s =
            r->writeEvent(vocab::kEventRunStarted, std::nullopt,
                          compact({{"user_id", json_util::stringOrNull(start.userId)}}), now);
        !s)
        return Error{s.error()};
    if (!tx.commit())
        return Error{
            Tr::tr("Cannot commit run %1: %2").arg(start.runId, db.sql().lastError().text())};
    r->m_began = true;
    r->m_startedAt = now;
    return r;
}

Expected<std::unique_ptr<RunRecorder>> RunRecorder::resume(AuditDatabase& db, const QString& runId,
                                                           const QString& sessionId,
                                                           AuditClock clock)
{
    if (db.isReadOnly())
        return Error{Tr::tr("The audit database %1 is read-only.").arg(db.location().display())};
    if (Status s = requireNumberedRows(db); !s)
        return Error{s.error()};
    QSqlQuery q(db.sql());
    q.prepare(QStringLiteral("SELECT session_id, (SELECT COALESCE(MAX(step_index), -1) FROM "
                             "agent_step WHERE run_id = ?), status FROM diagnosis_run WHERE "
                             "run_id = ?"));
    q.addBindValue(runId);
    q.addBindValue(runId);
    if (!q.exec())
        return Error{Tr::tr("Cannot read run %1: %2").arg(runId, q.lastError().text())};
    if (!q.next())
        return Error{Tr::tr("No run %1 in %2.").arg(runId, db.location().display())};
    const QString owner = q.value(0).toString();
    if (owner != sessionId)
        return Error{Tr::tr("Run %1 belongs to session %2, not %3.").arg(runId, owner, sessionId)};
    StepTracker tracker(sessionId, runId);
    tracker.setNextStepIndex(q.value(1).toInt() + 1);
    const QVariant statusFound = q.value(2);
    // An unfinished SELECT keeps its read snapshot; on SQLite a write after it then fails at
    // once ("database is locked") when another process wrote in between.
    q.finish();
    std::unique_ptr<RunRecorder> r(new RunRecorder(db, std::move(tracker), std::move(clock)));
    r->m_statusFound = statusFound;
    auto upd =
        execBound(db.sql(), QStringLiteral("UPDATE diagnosis_run SET status = ? WHERE run_id = ?"),
                  {vocab::kRunning, runId});
    if (!upd)
        return Error{Tr::tr("Cannot reopen run %1: %2").arg(runId, upd.error())};
    return r;
}

Status RunRecorder::writeEvent(const QString& type, std::optional<qint64> stepId,
                               const QString& detailsJson, const QVariant& at)
{
    auto ev =
        execBound(m_db.sql(),
                  QStringLiteral("INSERT INTO diagnosis_trace (session_id, run_id, step_id, "
                                 "event_type, details, created_at) VALUES (?, ?, ?, ?, ?, ?)"),
                  {sessionId(), runId(), nullableId(stepId), type, detailsJson,
                   at.isValid() ? at : SqlDialect(m_db).timeParam(m_clock())});
    if (!ev)
        return Error{Tr::tr("Cannot write the %1 event: %2").arg(type, ev.error())};
    return ok();
}

Expected<qint64> RunRecorder::beginStep(const QString& agentName)
{
    if (m_tracker.currentStepId())
        finishStep(0);
    const int index = m_tracker.nextStepIndex();
    ScopedTransaction tx(m_db.sql());
    auto id = insertReturningId(
        m_db.sql(),
        QStringLiteral("INSERT INTO agent_step (run_id, step_index, agent_name, has_tool_call, "
                       "token_count, started_at) VALUES (?, ?, ?, ?, 0, ?)"),
        {runId(), index, nullableText(agentName), false, SqlDialect(m_db).timeParam(m_clock())});
    if (!id)
        return Error{
            Tr::tr("Cannot write step %1 of run %2: %3").arg(index).arg(runId(), id.error())};
    if (Status s = writeEvent(
            vocab::kEventStep, *id,
            compact({{"step_index", index}, {"agent_name", json_util::stringOrNull(agentName)}}));
        !s)
        return Error{s.error()};
    if (!tx.commit())
        return Error{
            Tr::tr("Cannot commit step %1: %2").arg(index).arg(m_db.sql().lastError().text())};
    m_tracker.stepStarted(*id, index);
    m_newSteps.push_back(*id);
    return *id;
}

Status RunRecorder::finishStep(qint64 tokenCount)
{
    const std::optional<qint64> step = m_tracker.currentStepId();
    if (!step)
        return ok();
    const bool hasToolCall = m_tracker.toolCallsInCurrentStep() > 0;
    m_tracker.stepFinished();
    auto upd = execBound(m_db.sql(),
                         QStringLiteral("UPDATE agent_step SET has_tool_call = ?, token_count = ?, "
                                        "finished_at = ? WHERE id = ?"),
                         {hasToolCall, tokenCount, SqlDialect(m_db).timeParam(m_clock()), *step});
    if (!upd)
        return Error{Tr::tr("Cannot finish step %1: %2").arg(*step).arg(upd.error())};
    return ok();
}

Expected<RunTotals> RunRecorder::finish(const RunFinish& f)
{
    if (m_tracker.currentStepId())
        if (Status s = finishStep(0); !s)
            return Error{s.error()};
    RunTotals totals;
    QSqlQuery q(m_db.sql());
    q.prepare(
        QStringLiteral("SELECT (SELECT COUNT(*) FROM tool_invocation WHERE run_id = ?), "
                       "(SELECT COALESCE(SUM(token_count), 0) FROM agent_step WHERE run_id = ?)"));
    q.addBindValue(runId());
    q.addBindValue(runId());
    if (!q.exec() || !q.next())
        return Error{Tr::tr("Cannot count run %1: %2").arg(runId(), q.lastError().text())};
    totals.toolCallCount = q.value(0).toInt();
    totals.totalTokenCount = q.value(1).toLongLong();
    q.finish(); // release the read snapshot before writing (see resume())

    ScopedTransaction tx(m_db.sql());
    auto upd =
        execBound(m_db.sql(),
                  QStringLiteral(
                      "UPDATE diagnosis_run SET status = ?, release_outcome = ?, content_type = ?, "
                      "fallback_reason = ?, tool_call_count = ?, total_token_count = ?, "
                      "finished_at = ? WHERE run_id = ?"),
                  {f.status, nullableText(f.releaseOutcome), nullableText(f.contentType),
                   nullableText(f.fallbackReason), totals.toolCallCount, totals.totalTokenCount,
                   SqlDialect(m_db).timeParam(m_clock()), runId()});
    if (!upd)
        return Error{Tr::tr("Cannot finish run %1: %2").arg(runId(), upd.error())};
    const json details = {{"status", f.status.toStdString()},
                          {"release_outcome", json_util::stringOrNull(f.releaseOutcome)},
                          {"content_type", json_util::stringOrNull(f.contentType)},
                          {"fallback_reason", json_util::stringOrNull(f.fallbackReason)},
                          {"tool_call_count", totals.toolCallCount},
                          {"total_token_count", totals.totalTokenCount}};
    if (Status s = writeEvent(vocab::kEventRunFinished, std::nullopt, compact(details)); !s)
        return Error{s.error()};
    if (!tx.commit())
        return Error{
            Tr::tr("Cannot commit run %1: %2").arg(runId(), m_db.sql().lastError().text())};
    qCDebug(lcAudit) << "run" << runId() << f.status << f.releaseOutcome << totals.toolCallCount
                     << "calls" << totals.totalTokenCount << "tokens";
    return totals;
}

Status RunRecorder::abandon()
{
    ScopedTransaction tx(m_db.sql());
    QStringList statements;
    QList<QVariantList> binds;
    // Row by row what this recorder wrote: other writers' calls, steps and events may name
    // the same run (a run id without its row, which `record --run` begins anew).
    for (const qint64 step : m_newSteps) {
        statements << QStringLiteral("DELETE FROM diagnosis_trace WHERE step_id = ?")
                   << QStringLiteral("DELETE FROM agent_step WHERE id = ?");
        binds << QVariantList{step} << QVariantList{step};
    }
    if (m_began) {
        statements << QStringLiteral("DELETE FROM diagnosis_trace WHERE run_id = ? AND "
                                     "event_type = ? AND step_id IS NULL AND created_at = ?")
                   << QStringLiteral("DELETE FROM diagnosis_run WHERE run_id = ?");
        binds << QVariantList{runId(), vocab::kEventRunStarted, m_startedAt}
              << QVariantList{runId()};
    } else {
        statements << QStringLiteral("UPDATE diagnosis_run SET status = ? WHERE run_id = ?");
        binds << QVariantList{m_statusFound, runId()};
    }
    for (qsizetype i = 0; i < statements.size(); ++i)
        if (auto done = execBound(m_db.sql(), statements[i], binds[i]); !done)
            return Error{Tr::tr("Cannot take back run %1: %2").arg(runId(), done.error())};
    if (!tx.commit())
        return Error{
            Tr::tr("Cannot take back run %1: %2").arg(runId(), m_db.sql().lastError().text())};
    m_newSteps.clear();
    return ok();
}

Status RunRecorder::addFeedback(std::optional<bool> satisfied, const QString& comment)
{
    return writeRunFeedback(m_db, runId(), satisfied, comment, m_clock());
}

} // namespace raglens
