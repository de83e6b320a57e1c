#include "trace/trace_importer.h"

#include "common/input_guard.h"
#include "db/sql_exec.h"
#include "trace/trace_redaction.h"
#include "trace/trace_validation.h"

#include "common/logging.h"
#include "db/scoped_transaction.h"
#include "db/sql_dialect.h"
#include "trace/session_query.h"

#include <QCoreApplication>
#include <QFile>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

#include <map>

namespace raglens {

using nlohmann::json;

static QString tr(const char* text)
{
    return QCoreApplication::translate("TraceImporter", text);
}

void to_json(json& j, const ImportSummary& v)
{
    j = json{{"runs", v.runs},
             {"steps", v.steps},
             {"invocations", v.invocations},
             {"events", v.events},
             {"feedback", v.feedback},
             {"samples", v.samples},
             {"reassignedIds", v.reassignedIds},
             {"warnings", v.warnings}};
}

TraceImporter::TraceImporter(AuditDatabase& db) : m_db(db) {}

Expected<DiagnosisTraceResponse> TraceImporter::readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{tr("Cannot read %1: %2").arg(path, f.errorString())};
    // Checked before reading: a pipe or device reports size 0 and is read up to the limit.
    if (f.size() > input_guard::kMaxTraceFileBytes)
        return Error{tooLarge(path, f.size())};
    const QByteArray bytes = f.read(input_guard::kMaxTraceFileBytes + 1);
    if (bytes.size() > input_guard::kMaxTraceFileBytes)
        return Error{tooLarge(path, bytes.size())};
    return parseText(bytes, path);
}

QString TraceImporter::tooLarge(const QString& path, qint64 bytes)
{
    return tr("%1 is %2 MB; RagLens imports traces of up to %3 MB.")
        .arg(path)
        .arg(double(bytes) / (1024 * 1024), 0, 'f', 1)
        .arg(input_guard::kMaxTraceFileBytes / (1024 * 1024));
}

Expected<DiagnosisTraceResponse> TraceImporter::parseText(const QByteArray& bytes,
                                                          const QString& path)
{
    auto parsed = input_guard::parseJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    if (!parsed)
        return Error{tr("%1 is not JSON we can read: %2").arg(path, parsed.error())};
    json j = std::move(*parsed);
    if (!j.is_object() || !j.contains("sessionId") || !j.contains("runs") || !j["runs"].is_array())
        return Error{tr("%1 is not a trace: expected an object with sessionId and runs[] "
                        "(the output of 'raglens-cli trace' or 'export --format trace').")
                         .arg(path)};
    // Refuse values that cannot be stored faithfully rather than inventing replacements.
    if (const QStringList problems = traceProblems(j); !problems.isEmpty()) {
        QStringList shown = problems.mid(0, 10);
        if (problems.size() > 10)
            shown << tr("… and %1 more").arg(problems.size() - 10);
        return Error{
            tr("%1 cannot be imported as it is:\n%2").arg(path, shown.join(QLatin1Char('\n')))};
    }
    DiagnosisTraceResponse trace;
    try {
        trace = j.get<DiagnosisTraceResponse>();
    } catch (const json::exception& e) {
        return Error{tr("%1 is not a valid trace: %2").arg(path, QString::fromUtf8(e.what()))};
    }
    if (trace.sessionId.isEmpty())
        return Error{tr("%1: the trace has an empty sessionId.").arg(path)};
    if (trace.runs.empty())
        return Error{tr("%1: the trace has no runs.").arg(path)};
    for (const TraceRun& r : trace.runs)
        if (r.runId.isEmpty())
            return Error{tr("%1: a run without runId.").arg(path)};
    return trace;
}

namespace {

// Writes rows with the dialect's value conventions; the first failure stops everything.
class RowWriter
{
public:
    RowWriter(AuditDatabase& db, ImportSummary& summary)
        : m_db(db), m_dialect(db), m_summary(summary),
          m_server(db.location().kind != DatabaseLocation::Kind::Sqlite)
    {}

    Status exec(const QString& sql, const QVariantList& binds)
    {
        QSqlQuery q(m_db.sql());
        if (!q.prepare(sql))
            return Error{tr("Cannot write to the audit database: %1").arg(q.lastError().text())};
        for (const QVariant& v : binds)
            q.addBindValue(v);
        if (!q.exec())
            return Error{tr("Cannot write to the audit database: %1").arg(q.lastError().text())};
        return ok();
    }

    QVariant time(const QDateTime& t) const { return m_dialect.timeParam(t); }
    /// A time column that must hold a value: a row without one gets the import time, and the
    /// summary says how many did (invalid times were refused before any row was written).
    QVariant requiredTime(const QDateTime& t)
    {
        if (t.isValid())
            return time(t);
        ++m_timesFilled;
        return time(QDateTime::currentDateTimeUtc());
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
        m_summary.warnings << tr("%1: malformed JSON cannot be stored in a JSON column of %2; "
                                 "stored as NULL.")
                                  .arg(what, m_db.location().dialect());
        return text({});
    }

    /// First free id at or above the table's maximum, for rows whose id another run owns.
    Expected<qint64> freeId(const QString& table, qint64 wanted)
    {
        QSqlQuery q(m_db.sql());
        q.prepare(QStringLiteral("SELECT COUNT(*) FROM %1 WHERE id = ?").arg(table));
        q.addBindValue(wanted);
        if (!q.exec() || !q.next())
            return Error{tr("Cannot read %1: %2").arg(table, q.lastError().text())};
        if (wanted > 0 && q.value(0).toLongLong() == 0)
            return wanted;
        if (!q.exec(QStringLiteral("SELECT MAX(id) FROM %1").arg(table)) || !q.next())
            return Error{tr("Cannot read %1: %2").arg(table, q.lastError().text())};
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

} // namespace

Expected<ImportSummary> TraceImporter::import(const DiagnosisTraceResponse& input)
{
    // Imported rows obey the same secret policy as recorded ones.
    DiagnosisTraceResponse trace = input;
    redactForStorage(trace);
    if (m_db.isReadOnly())
        return Error{tr("%1 is open read-only: RagLens did not create it. Import into a RagLens "
                        "database, or pass --write to change this one.")
                         .arg(m_db.location().display())};
    if (Status s = requireTables(
            m_db, {QStringLiteral("diagnosis_run"), QStringLiteral("agent_step"),
                   QStringLiteral("tool_invocation"), QStringLiteral("diagnosis_trace"),
                   QStringLiteral("run_feedback")});
        !s)
        return Error{s.error()};
    if (trace.sessionId.isEmpty() || trace.runs.empty())
        return Error{tr("The trace has no session or no runs; nothing to import.")};

    ImportSummary summary;
    RowWriter w(m_db, summary);
    const bool hasSamples = m_db.hasTable(QStringLiteral("lookup_trace_sample"));
    QSet<QString> runIds;
    for (const TraceRun& r : trace.runs)
        runIds.insert(r.runId);

    ScopedTransaction tx(m_db.sql());
    if (!tx.isActive())
        return Error{tr("Cannot start a transaction: %1").arg(m_db.sql().lastError().text())};

    // 1. Replace: remove everything the runs own, so a second import writes the same rows.
    for (const QString& runId : std::as_const(runIds)) {
        if (hasSamples) {
            if (Status s = w.exec(QStringLiteral("DELETE FROM lookup_trace_sample WHERE "
                                                 "invocation_id IN (SELECT id FROM "
                                                 "tool_invocation WHERE run_id = ?)"),
                                  {runId});
                !s)
                return Error{s.error()};
        }
        for (const char* table : {"tool_invocation", "agent_step", "diagnosis_trace",
                                  "run_feedback", "diagnosis_run"}) {
            if (Status s = w.exec(QStringLiteral("DELETE FROM %1 WHERE run_id = ?")
                                      .arg(QString::fromLatin1(table)),
                                  {runId});
                !s)
                return Error{s.error()};
        }
    }

    // 2. Runs.
    for (const TraceRun& r : trace.runs) {
        const QString session = r.sessionId.isEmpty() ? trace.sessionId : r.sessionId;
        if (Status s =
                w.exec(QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, user_id, "
                                      "question, status, release_outcome, content_type, "
                                      "fallback_reason, tool_call_count, total_token_count, "
                                      "started_at, finished_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"),
                       {r.runId, session, w.text(r.userId), w.text(r.question),
                        r.status.isEmpty() ? QStringLiteral("COMPLETED") : r.status,
                        w.text(r.releaseOutcome), w.text(r.contentType), w.text(r.fallbackReason),
                        r.toolCallCount, r.totalTokenCount, w.requiredTime(r.startedAt),
                        w.time(r.finishedAt)});
            !s)
            return Error{s.error()};
        ++summary.runs;
    }

    // 3. Steps, keeping ids where free; invocations and events follow the mapping.
    std::map<qint64, qint64> stepIds;
    for (const TraceStep& st : trace.steps) {
        if (!runIds.contains(st.runId)) {
            summary.warnings
                << tr("step %1 skipped: run '%2' is not in the trace").arg(st.id).arg(st.runId);
            continue;
        }
        auto id = w.freeId(QStringLiteral("agent_step"), st.id);
        if (!id)
            return Error{id.error()};
        stepIds[st.id] = *id;
        if (Status s = w.exec(QStringLiteral("INSERT INTO agent_step (id, run_id, step_index, "
                                             "agent_name, has_tool_call, token_count, "
                                             "started_at, finished_at) VALUES (?,?,?,?,?,?,?,?)"),
                              {*id, st.runId, st.stepIndex, w.text(st.agentName), st.hasToolCall,
                               st.tokenCount, w.time(st.startedAt), w.time(st.finishedAt)});
            !s)
            return Error{s.error()};
        ++summary.steps;
    }
    const auto mapStep = [&stepIds](std::optional<qint64> id) -> std::optional<qint64> {
        if (!id)
            return id;
        auto it = stepIds.find(*id);
        return it == stepIds.end() ? id : std::optional<qint64>(it->second);
    };

    for (const TraceInvocation& inv : trace.toolInvocations) {
        if (!runIds.contains(inv.runId)) {
            summary.warnings << tr("invocation %1 skipped: run '%2' is not in the trace")
                                    .arg(inv.id)
                                    .arg(inv.runId);
            continue;
        }
        auto id = w.freeId(QStringLiteral("tool_invocation"), inv.id);
        if (!id)
            return Error{id.error()};
        const QString what = tr("invocation %1").arg(inv.id);
        // A legacy row goes back as it was read, so the quirk survives a round trip.
        const QString level =
            inv.legacyRelevanceLevel ? inv.legacyRelevanceValue : inv.relevanceLevel;
        if (Status s = w.exec(
                QStringLiteral(
                    "INSERT INTO tool_invocation (id, run_id, session_id, step_id, tool_call_id, "
                    "tool_name, retrieval_layer, relevance_level, l0_match_count, "
                    "l1_match_count, is_truncated, retrieval_details, output_preview, "
                    "input_params, duration_ms, success, error_message, dedup_reason, "
                    "created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
                {*id, inv.runId, inv.sessionId.isEmpty() ? trace.sessionId : inv.sessionId,
                 w.integer(mapStep(inv.stepId)), w.text(inv.toolCallId), inv.toolName,
                 w.text(inv.retrievalLayer), w.text(level),
                 w.integer(inv.l0MatchCount ? std::optional<qint64>(*inv.l0MatchCount)
                                            : std::nullopt),
                 w.integer(inv.l1MatchCount ? std::optional<qint64>(*inv.l1MatchCount)
                                            : std::nullopt),
                 inv.truncated,
                 w.jsonColumn(inv.retrievalDetails, inv.retrievalDetailsRaw,
                              what + QStringLiteral(" retrieval_details")),
                 w.text(inv.outputPreview),
                 w.jsonColumn(inv.inputParams, inv.inputParamsRaw,
                              what + QStringLiteral(" input_params")),
                 w.integer(inv.durationMs), inv.success, w.text(inv.errorMessage),
                 w.text(inv.dedupReason), w.requiredTime(inv.createdAt)});
            !s)
            return Error{s.error()};
        ++summary.invocations;
        if (!inv.fullTrace.is_null()) {
            if (!hasSamples) {
                summary.warnings << tr("%1: full trace dropped, the database has no "
                                       "lookup_trace_sample table")
                                        .arg(what);
            } else {
                if (Status s =
                        w.exec(QStringLiteral("INSERT INTO lookup_trace_sample "
                                              "(invocation_id, reason, lookup_result, "
                                              "created_at) VALUES (?,?,?,?)"),
                               {*id, w.text(inv.fullTraceReason),
                                w.jsonColumn(inv.fullTrace, {}, what), w.time(inv.createdAt)});
                    !s)
                    return Error{s.error()};
                ++summary.samples;
            }
        }
    }

    for (const TraceEvent& e : trace.timeline) {
        if (!runIds.contains(e.runId)) {
            summary.warnings
                << tr("event %1 skipped: run '%2' is not in the trace").arg(e.id).arg(e.runId);
            continue;
        }
        auto id = w.freeId(QStringLiteral("diagnosis_trace"), e.id);
        if (!id)
            return Error{id.error()};
        if (Status s =
                w.exec(QStringLiteral("INSERT INTO diagnosis_trace (id, session_id, "
                                      "run_id, step_id, event_type, details, created_at) "
                                      "VALUES (?,?,?,?,?,?,?)"),
                       {*id, e.sessionId.isEmpty() ? trace.sessionId : e.sessionId, e.runId,
                        w.integer(mapStep(e.stepId)), e.eventType,
                        w.jsonColumn(e.details, e.detailsRaw, tr("event %1 details").arg(e.id)),
                        w.requiredTime(e.createdAt)});
            !s)
            return Error{s.error()};
        ++summary.events;
    }

    for (const RunFeedback& f : trace.feedback) {
        if (!runIds.contains(f.runId)) {
            summary.warnings << tr("feedback skipped: run '%1' is not in the trace").arg(f.runId);
            continue;
        }
        if (Status s = w.exec(
                QStringLiteral("INSERT INTO run_feedback (run_id, satisfied, "
                               "comment, created_at) VALUES (?,?,?,?)"),
                {f.runId,
                 f.satisfied ? QVariant(*f.satisfied) : QVariant(QMetaType::fromType<bool>()),
                 w.text(f.comment), w.requiredTime(f.createdAt)});
            !s)
            return Error{s.error()};
        ++summary.feedback;
    }

    // PostgreSQL identity sequences do not move for explicit ids; later writers would collide.
    if (m_db.location().kind == DatabaseLocation::Kind::PostgreSql) {
        for (const char* table : {"agent_step", "tool_invocation", "diagnosis_trace"}) {
            if (Status s = w.exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('%1', "
                                                 "'id'), COALESCE((SELECT MAX(id) FROM %1), 0) "
                                                 "+ 1, false)")
                                      .arg(QString::fromLatin1(table)),
                                  {});
                !s)
                return Error{s.error()};
        }
    }
    if (w.timesFilled() > 0)
        summary.warnings << tr("%1 rows had no time; they were stored with the import time")
                                .arg(w.timesFilled());
    if (!tx.commit())
        return Error{tr("Cannot commit the import: %1").arg(m_db.sql().lastError().text())};
    qCInfo(lcTrace) << "imported session" << trace.sessionId << "runs" << summary.runs
                    << "invocations" << summary.invocations << "into" << m_db.location().display();
    return summary;
}

} // namespace raglens
