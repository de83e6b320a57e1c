#include "trace/trace_import_writer.h"

#include "common/input_guard.h"
#include "db/sql_dialect.h"
#include "db/sql_exec.h"
#include "trace/trace_import_text.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

namespace raglens {

using nlohmann::json;

// Writes rows with the dialect's value conventions; the first failure stops everything.
class RowWriter final
{
public:
    RowWriter(AuditDatabase& db, ImportSummary& summary)
        : m_db(db), m_dialect(db), m_summary(summary),
          m_server(db.location().kind != DatabaseLocation::Kind::Sqlite)
    {}

    Status exec(const QString& sql, const QVariantList& binds)
    {
        QSqlQuery q(m_db.sql());
        if (!prepareBindExec(q, sql, binds))
            return Error{TraceImportText::tr("Cannot write to the audit database: %1")
                             .arg(q.lastError().text())};
        return ok();
    }

    QVariant time(const QDateTime& t) const { return m_dialect.timeParam(t); }
    /// A time column that must hold a value: a row without one gets `standIn`, the earliest
    /// time its run holds (ImportWriter::standInTime()), else the import time, and the summary says
    /// how many did (invalid times were refused before any row was written).
    QVariant requiredTime(const QDateTime& t, const QDateTime& standIn)
    {
        if (t.isValid())
            return time(t);
        ++m_timesFilled;
        return time(standIn.isValid() ? standIn : QDateTime::currentDateTimeUtc());
    }
    int timesFilled() const { return m_timesFilled; }
    static QVariant text(const QString& s)
    {
        return s.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(s);
    }
    static QVariant integer(std::optional<qint64> v)
    {
        return v ? QVariant(*v) : QVariant(QMetaType::fromType<qlonglong>());
    }

    /// JSON column value: the parsed value, or the raw text when it did not parse. Servers
    /// keep JSON in typed columns that refuse malformed text, so there it becomes NULL.
    QVariant jsonColumn(const json& parsed, const QString& raw, const QString& what)
    {
        if (!parsed.is_null()) {
            if (!raw.isEmpty()) {
                const auto reparsed = input_guard::parseJson(raw.toStdString());
                if (reparsed && *reparsed == parsed)
                    return raw; // keep the writer's exact text
            }
            return QString::fromStdString(
                parsed.dump(-1, ' ', false, json::error_handler_t::replace));
        }
        if (raw.isEmpty())
            return text({});
        if (!m_server)
            return raw;
        m_summary.warnings << TraceImportText::tr(
                                  "%1: malformed JSON cannot be stored in a JSON column of %2; "
                                  "stored as NULL.")
                                  .arg(what, m_db.location().dialect());
        return text({});
    }

    /// First free id at or above the table's maximum, for rows whose id another run owns.
    Expected<qint64> freeId(const QString& table, qint64 wanted)
    {
        QSqlQuery q(m_db.sql());
        if (!prepareBindExec(q, QStringLiteral("SELECT COUNT(*) FROM %1 WHERE id = ?").arg(table),
                             {wanted}) ||
            !q.next())
            return Error{
                TraceImportText::tr("Cannot read %1: %2").arg(table, q.lastError().text())};
        if (wanted > 0 && q.value(0).toLongLong() == 0)
            return wanted;
        if (!q.exec(QStringLiteral("SELECT MAX(id) FROM %1").arg(table)) || !q.next())
            return Error{
                TraceImportText::tr("Cannot read %1: %2").arg(table, q.lastError().text())};
        const qint64 next = qMax<qint64>(q.value(0).toLongLong(), m_reserved[table]) + 1;
        m_reserved[table] = next;
        ++m_summary.reassignedIds;
        return next;
    }

private:
    AuditDatabase& m_db;
    SqlDialect m_dialect;
    ImportSummary& m_summary;
    int m_timesFilled = 0;
    bool m_server;
    std::map<QString, qint64> m_reserved;
};

/// The earliest time the trace holds of each run (its start, steps, calls, events, ratings
/// and end), and in `overall` of the whole trace: what a row
/// without its own time is stored with (ImportWriter::standInTime()). Gathered once: per
/// row, the walk over the whole trace made an import quadratic in its calls.
static std::map<QString, QDateTime> earliestTimes(const DiagnosisTraceResponse& trace,
                                                  QDateTime& overall)
{
    std::map<QString, QDateTime> byRun;
    const auto take = [&](const QString& run, const QDateTime& t) {
        if (!t.isValid())
            return;
        if (!overall.isValid() || t < overall)
            overall = t;
        QDateTime& ofRun = byRun[run];
        if (!ofRun.isValid() || t < ofRun)
            ofRun = t;
    };
    for (const TraceRun& r : trace.runs) {
        take(r.runId, r.startedAt);
        take(r.runId, r.finishedAt);
    }
    for (const TraceStep& st : trace.steps) {
        take(st.runId, st.startedAt);
        take(st.runId, st.finishedAt);
    }
    for (const TraceInvocation& i : trace.toolInvocations)
        take(i.runId, i.createdAt);
    for (const TraceEvent& e : trace.timeline)
        take(e.runId, e.createdAt);
    for (const RunFeedback& f : trace.feedback)
        take(f.runId, f.createdAt);
    return byRun;
}

ImportWriter::ImportWriter(AuditDatabase& db, const DiagnosisTraceResponse& trace,
                           ImportSummary& summary)
    : m_db(db), m_trace(trace), m_summary(summary),
      m_rows(std::make_unique<RowWriter>(db, summary)),
      m_hasSamples(db.hasTable(QStringLiteral("lookup_trace_sample"))),
      m_earliest(earliestTimes(trace, m_earliestOfTrace))
{
    for (const TraceRun& r : trace.runs) {
        if (!r.runId.isEmpty())
            m_runIds.insert(r.runId);
        else if (r.orphan)
            m_runless = true;
    }
}

QDateTime ImportWriter::standInTime(const QString& runId) const
{
    // Before, the import time: the session jumped to the top of the list, its run into
    // today's health, and each import of the same file gave another time.
    const auto it = m_earliest.find(runId);
    return it != m_earliest.end() ? it->second : m_earliestOfTrace;
}

bool ImportWriter::isImported(const QString& runId) const
{
    return runId.isEmpty() ? m_runless : m_runIds.contains(runId);
}

ImportWriter::~ImportWriter() = default;

int ImportWriter::timesFilled() const
{
    return m_rows->timesFilled();
}

std::optional<qint64> ImportWriter::mapStep(std::optional<qint64> id) const
{
    if (!id)
        return id;
    auto it = m_stepIds.find(*id);
    if (it != m_stepIds.end())
        return it->second;
    // A text id's handle (row_id) names no row here: no step rather than a made-up number.
    return *id < 0 ? std::nullopt : id;
}

json ImportWriter::withStepRenumbered(const json& doc, std::optional<qint64> step) const
{
    if (!doc.is_object())
        return doc;
    const auto it = doc.find("step_id");
    if (it == doc.end() || !it->is_number_integer())
        return doc;
    // The step the document names: the row's own when it has one (and the document agrees),
    // else the document's alone (an event without a step_id cell, which `check` reads there).
    const qint64 named = it->get<qint64>();
    if (step && *step != named)
        return doc;
    const auto moved = m_stepIds.find(named);
    if (moved == m_stepIds.end() || moved->second == named)
        return doc;
    json out = doc;
    out["step_id"] = moved->second;
    return out;
}

Status ImportWriter::clearRuns()
{
    for (const TraceRun& r : m_trace.runs) {
        // The calls the trace shows in this run: all of a recorded run's; of a run never
        // recorded, those filed under this session (the others are other sessions' orphan
        // runs); of the orphan run without an id, the session's calls that name no run.
        QString calls = QStringLiteral("run_id = ?");
        QVariantList binds = {r.runId};
        if (r.runId.isEmpty()) {
            calls = QStringLiteral("(run_id IS NULL OR run_id = '') AND session_id = ?");
            binds = {m_trace.sessionId};
        } else if (r.orphan) {
            calls += QStringLiteral(" AND session_id = ?");
            binds << m_trace.sessionId;
        }
        if (m_hasSamples)
            if (Status s = m_rows->exec(QStringLiteral("DELETE FROM lookup_trace_sample WHERE "
                                                       "invocation_id IN (SELECT id FROM "
                                                       "tool_invocation WHERE %1)")
                                            .arg(calls),
                                        binds);
                !s)
                return s;
        if (Status s =
                m_rows->exec(QStringLiteral("DELETE FROM tool_invocation WHERE ") + calls, binds);
            !s)
            return s;
        if (r.runId.isEmpty())
            continue;
        for (const char* table : {"agent_step", "diagnosis_trace", "run_feedback", "diagnosis_run"})
            if (Status s = m_rows->exec(QStringLiteral("DELETE FROM %1 WHERE run_id = ?")
                                            .arg(QString::fromLatin1(table)),
                                        {r.runId});
                !s)
                return s;
    }
    return ok();
}

Status ImportWriter::writeRuns()
{
    for (const TraceRun& r : m_trace.runs) {
        // A run the trace's database never recorded (its calls name it) stays without a row:
        // one made up here would be a COMPLETED run started at the import's time.
        if (r.orphan) {
            ++m_summary.orphanRuns;
            continue;
        }
        const QString session = r.sessionId.isEmpty() ? m_trace.sessionId : r.sessionId;
        if (Status s = m_rows->exec(
                QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, user_id, "
                               "question, status, release_outcome, content_type, "
                               "fallback_reason, tool_call_count, total_token_count, "
                               "started_at, finished_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"),
                {r.runId, session, m_rows->text(r.userId), m_rows->text(r.question),
                 r.status.isEmpty() ? QStringLiteral("COMPLETED") : r.status,
                 m_rows->text(r.releaseOutcome), m_rows->text(r.contentType),
                 m_rows->text(r.fallbackReason), r.toolCallCount, r.totalTokenCount,
                 m_rows->requiredTime(r.startedAt, standInTime(r.runId)),
                 m_rows->time(r.finishedAt)});
            !s)
            return s;
        ++m_summary.runs;
    }
    return ok();
}

Status ImportWriter::writeSteps()
{
    for (const TraceStep& st : m_trace.steps) {
        if (!m_runIds.contains(st.runId)) {
            m_summary.warnings << TraceImportText::tr(
                                      "step %1 skipped: run '%2' is not in the trace")
                                      .arg(row_id::shown(st.id, st.idText), st.runId);
            continue;
        }
        auto id = m_rows->freeId(QStringLiteral("agent_step"), st.id);
        if (!id)
            return Error{id.error()};
        m_stepIds[st.id] = *id;
        if (Status s = m_rows->exec(
                QStringLiteral("INSERT INTO agent_step (id, run_id, step_index, "
                               "agent_name, has_tool_call, token_count, "
                               "started_at, finished_at) VALUES (?,?,?,?,?,?,?,?)"),
                {*id, st.runId, st.stepIndex, m_rows->text(st.agentName), st.hasToolCall,
                 st.tokenCount, m_rows->time(st.startedAt), m_rows->time(st.finishedAt)});
            !s)
            return s;
        ++m_summary.steps;
    }
    return ok();
}

Status ImportWriter::writeInvocations()
{
    for (const TraceInvocation& inv : m_trace.toolInvocations) {
        if (!isImported(inv.runId)) {
            m_summary.warnings << TraceImportText::tr(
                                      "invocation %1 skipped: run '%2' is not in the trace")
                                      .arg(inv.shownId(), inv.runId);
            continue;
        }
        auto id = m_rows->freeId(QStringLiteral("tool_invocation"), inv.id);
        if (!id)
            return Error{id.error()};
        const QString what = TraceImportText::tr("invocation %1").arg(inv.shownId());
        // A legacy row goes back as it was read, so the quirk survives a round trip.
        const QString level =
            inv.legacyRelevanceLevel ? inv.legacyRelevanceValue : inv.relevanceLevel;
        if (Status s = m_rows->exec(
                QStringLiteral(
                    "INSERT INTO tool_invocation (id, run_id, session_id, step_id, tool_call_id, "
                    "tool_name, retrieval_layer, relevance_level, l0_match_count, "
                    "l1_match_count, is_truncated, retrieval_details, output_preview, "
                    "input_params, duration_ms, success, error_message, dedup_reason, "
                    "created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
                {*id, m_rows->text(inv.runId),
                 inv.sessionId.isEmpty() ? m_trace.sessionId : inv.sessionId,
                 m_rows->integer(mapStep(inv.stepId)), m_rows->text(inv.toolCallId), inv.toolName,
                 m_rows->text(inv.retrievalLayer), m_rows->text(level),
                 m_rows->integer(inv.l0MatchCount ? std::optional<qint64>(*inv.l0MatchCount)
                                                  : std::nullopt),
                 m_rows->integer(inv.l1MatchCount ? std::optional<qint64>(*inv.l1MatchCount)
                                                  : std::nullopt),
                 inv.truncated,
                 m_rows->jsonColumn(inv.retrievalDetails, inv.retrievalDetailsRaw,
                                    what + QStringLiteral(" retrieval_details")),
                 m_rows->text(inv.outputPreview),
                 m_rows->jsonColumn(withStepRenumbered(inv.inputParams, inv.stepId),
                                    inv.inputParamsRaw, what + QStringLiteral(" input_params")),
                 m_rows->integer(inv.durationMs), inv.success, m_rows->text(inv.errorMessage),
                 m_rows->text(inv.dedupReason),
                 m_rows->requiredTime(inv.createdAt, standInTime(inv.runId))});
            !s)
            return s;
        ++m_summary.invocations;
        if (Status s = writeSample(inv, *id, what); !s)
            return s;
    }
    return ok();
}

/// The lookup's full trace, when the call carries one and the database has the table.
Status ImportWriter::writeSample(const TraceInvocation& inv, qint64 id, const QString& what)
{
    if (inv.fullTrace.is_null())
        return ok();
    if (!m_hasSamples) {
        m_summary.warnings << TraceImportText::tr("%1: full trace dropped, the database has no "
                                                  "lookup_trace_sample table")
                                  .arg(what);
    } else {
        if (Status s = m_rows->exec(QStringLiteral("INSERT INTO lookup_trace_sample "
                                                   "(invocation_id, reason, lookup_result, "
                                                   "created_at) VALUES (?,?,?,?)"),
                                    {id, m_rows->text(inv.fullTraceReason),
                                     m_rows->jsonColumn(inv.fullTrace, {}, what),
                                     m_rows->time(inv.createdAt)});
            !s)
            return s;
        ++m_summary.samples;
    }
    return ok();
}

Status ImportWriter::writeEvents()
{
    for (const TraceEvent& e : m_trace.timeline) {
        if (!m_runIds.contains(e.runId)) {
            m_summary.warnings << TraceImportText::tr(
                                      "event %1 skipped: run '%2' is not in the trace")
                                      .arg(row_id::shown(e.id, e.idText), e.runId);
            continue;
        }
        auto id = m_rows->freeId(QStringLiteral("diagnosis_trace"), e.id);
        if (!id)
            return Error{id.error()};
        if (Status s = m_rows->exec(
                QStringLiteral("INSERT INTO diagnosis_trace (id, session_id, "
                               "run_id, step_id, event_type, details, created_at) "
                               "VALUES (?,?,?,?,?,?,?)"),
                {*id, e.sessionId.isEmpty() ? m_trace.sessionId : e.sessionId, e.runId,
                 m_rows->integer(mapStep(e.stepId)), e.eventType,
                 m_rows->jsonColumn(
                     withStepRenumbered(e.details, e.stepId), e.detailsRaw,
                     TraceImportText::tr("event %1 details").arg(row_id::shown(e.id, e.idText))),
                 m_rows->requiredTime(e.createdAt, standInTime(e.runId))});
            !s)
            return s;
        ++m_summary.events;
    }
    return ok();
}

Status ImportWriter::writeFeedback()
{
    for (const RunFeedback& f : m_trace.feedback) {
        if (!m_runIds.contains(f.runId)) {
            m_summary.warnings << TraceImportText::tr(
                                      "feedback skipped: run '%1' is not in the trace")
                                      .arg(f.runId);
            continue;
        }
        if (Status s = m_rows->exec(
                QStringLiteral("INSERT INTO run_feedback (run_id, satisfied, "
                               "comment, created_at) VALUES (?,?,?,?)"),
                {f.runId,
                 f.satisfied ? QVariant(*f.satisfied) : QVariant(QMetaType::fromType<bool>()),
                 m_rows->text(f.comment), m_rows->requiredTime(f.createdAt, standInTime(f.runId))});
            !s)
            return s;
        ++m_summary.feedback;
    }
    return ok();
}

Status ImportWriter::moveSequences()
{
    if (m_db.location().kind == DatabaseLocation::Kind::PostgreSql) {
        for (const char* table : {"agent_step", "tool_invocation", "diagnosis_trace"}) {
            if (Status s =
                    m_rows->exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('%1', "
                                                "'id'), COALESCE((SELECT MAX(id) FROM %1), 0) "
                                                "+ 1, false)")
                                     .arg(QString::fromLatin1(table)),
                                 {});
                !s)
                return s;
        }
    }
    return ok();
}

} // namespace raglens
