#include "audit/sql_audit_sink.h"

#include "audit/rag_lookup_audit_enricher.h"
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

namespace raglens {

using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(SqlAuditSink)
};

} // namespace

static QString dumpJson(const json& j)
{
    if (j.is_null())
        return {};
    return QString::fromStdString(j.dump(-1, ' ', false, json::error_handler_t::replace));
}

SqlAuditSink::SqlAuditSink(AuditDatabase& db)
    : SqlAuditSink(db, TraceSamplingPolicy::defaultFor(db))
{}

SqlAuditSink::SqlAuditSink(AuditDatabase& db, TraceSamplingPolicy sampling)
    : m_db(db), m_sampling(sampling)
{}

Expected<qint64> SqlAuditSink::write(const ToolInvocationAuditEvent& event)
{
    if (m_db.isReadOnly())
        return Error{Tr::tr("The audit database %1 is read-only.").arg(m_db.location().display())};
    if (Status s = requireNumberedRows(m_db); !s) // the catalogue is asked once per connection
        return Error{s.error()};

    const ToolInvocationRecord row = RagLookupAuditEnricher::enrich(event);
    QString sampleReason;
    std::optional<LookupResult> lookup;
    if (m_sampling.enabled && m_db.hasTable(QStringLiteral("lookup_trace_sample"))) {
        lookup = RagLookupAuditEnricher::lookupResultOf(event);
        if (lookup)
            sampleReason = m_sampling.reasonFor(*lookup, event.success, event.toolCallId);
    }
    // Times and flags in each dialect's own terms (TIMESTAMPTZ / BOOLEAN on servers).
    const QVariant createdAt = SqlDialect(m_db).timeParam(
        row.createdAt.isValid() ? row.createdAt : QDateTime::currentDateTimeUtc());

    QSqlDatabase& sql = m_db.sql();
    ScopedTransaction tx(sql);
    if (!tx.isActive())
        return Error{Tr::tr("Cannot start an audit transaction: %1").arg(sql.lastError().text())};

    auto id = insertReturningId(
        sql,
        QStringLiteral("INSERT INTO tool_invocation (run_id, session_id, step_id, tool_call_id, "
                       "tool_name, retrieval_layer, relevance_level, l0_match_count, "
                       "l1_match_count, is_truncated, retrieval_details, output_preview, "
                       "input_params, duration_ms, success, error_message, dedup_reason, "
                       "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        {nullableText(row.runId), nullableText(row.sessionId), nullableId(row.stepId),
         nullableText(row.toolCallId), row.toolName, nullableText(row.retrievalLayer),
         nullableText(row.relevanceLevel),
         row.l0MatchCount ? QVariant(*row.l0MatchCount) : QVariant(QMetaType(QMetaType::Int)),
         row.l1MatchCount ? QVariant(*row.l1MatchCount) : QVariant(QMetaType(QMetaType::Int)),
         row.truncated, nullableText(dumpJson(row.retrievalDetails)),
         nullableText(row.outputPreview), nullableText(dumpJson(row.inputParams)), row.durationMs,
         row.success, nullableText(row.errorMessage), nullableText(row.dedupReason), createdAt});
    if (!id)
        return Error{Tr::tr("Cannot write the tool invocation: %1").arg(id.error())};

    const bool sampled = !sampleReason.isEmpty();
    const json details = row.timelineDetails(sampled, event.resultBytes, event.requestBytes);
    auto ev =
        execBound(sql,
                  QStringLiteral("INSERT INTO diagnosis_trace (session_id, run_id, step_id, "
                                 "event_type, details, created_at) VALUES (?, ?, ?, ?, ?, ?)"),
                  {nullableText(row.sessionId), nullableText(row.runId), nullableId(row.stepId),
                   vocab::kEventToolInvocation, dumpJson(details), createdAt});
    if (!ev)
        return Error{Tr::tr("Cannot write the timeline event: %1").arg(ev.error())};

    if (sampled) {
        auto s = execBound(
            sql,
            QStringLiteral("INSERT INTO lookup_trace_sample (invocation_id, reason, "
                           "lookup_result, created_at) VALUES (?, ?, ?, ?)"),
            {*id, sampleReason, dumpJson(secrets::redactJson(event.rawResult)), createdAt});
        if (!s)
            return Error{Tr::tr("Cannot write the full-trace sample: %1").arg(s.error())};
    }
    if (!tx.commit())
        return Error{Tr::tr("Cannot commit the tool invocation: %1").arg(sql.lastError().text())};
    qCDebug(lcAudit) << "invocation" << *id << row.toolName << "step" << row.stepId.value_or(-1)
                     << (sampled ? "full trace kept: " + sampleReason : QString());
    return *id;
}

} // namespace raglens
