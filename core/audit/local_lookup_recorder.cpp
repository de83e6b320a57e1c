#include "audit/local_lookup_recorder.h"

#include "audit/lookup_knowledge_tool.h"
#include "audit/run_outcome.h"
#include "audit/run_recorder.h"
#include "audit/sql_audit_sink.h"
#include "audit/token_estimate.h"
#include "common/logging.h"
#include "db/audit_database.h"
#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QSqlQuery>

namespace raglens {

using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(LocalLookupRecorder)
};

} // namespace

void to_json(json& j, const LocalRecordResult& r)
{
    j = json{{"invocation_id", json_util::optionalOrNull(r.invocationId)},
             {"session_id", r.sessionId},
             {"run_id", r.runId},
             {"step_id", r.stepId},
             {"tool_call_id", r.toolCallId},
             {"new_run", r.newRun},
             {"release_outcome", json_util::stringOrNull(r.releaseOutcome)},
             {"agent", r.agent}};
    if (!r.auditError.isEmpty())
        j["audit_error"] = r.auditError;
}

LocalLookupRecorder::LocalLookupRecorder(AuditDatabase& db, std::shared_ptr<const KnowledgeBase> kb)
    : LocalLookupRecorder(db, std::move(kb), TraceSamplingPolicy::defaultFor(db))
{}

LocalLookupRecorder::LocalLookupRecorder(AuditDatabase& db, std::shared_ptr<const KnowledgeBase> kb,
                                         TraceSamplingPolicy sampling)
    : m_db(db), m_engine(std::move(kb)), m_sampling(sampling)
{}

QString LocalLookupRecorder::newRunId()
{
    return QStringLiteral("local-%1-%2")
        .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")))
        .arg(QRandomGenerator::global()->bounded(0x10000), 4, 16, QLatin1Char('0'));
}

static bool runExists(AuditDatabase& db, const QString& runId)
{
    QSqlQuery q(db.sql());
    q.prepare(QStringLiteral("SELECT 1 FROM diagnosis_run WHERE run_id = ?"));
    q.addBindValue(runId);
    return q.exec() && q.next();
}

Expected<LocalRecordResult> LocalLookupRecorder::record(const LocalRecordRequest& request)
{
    if (m_db.isReadOnly())
        return Error{Tr::tr("The audit database %1 is read-only; open it with write access to "
                            "record lookups.")
                         .arg(m_db.location().display())};
    if (request.sessionId.trimmed().isEmpty())
        return Error{Tr::tr("A session id is needed to record a lookup.")};
    if (request.lookup.query.trimmed().isEmpty())
        return Error{Tr::tr("The query is empty.")};

    LocalRecordResult out;
    out.sessionId = request.sessionId;
    out.runId = request.runId.isEmpty() ? newRunId() : request.runId;
    out.newRun = !runExists(m_db, out.runId);
    QString userId = request.userId;
    if (userId.isEmpty())
        userId = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    if (userId.isEmpty())
        userId = QStringLiteral("local");

    auto recorder =
        out.newRun
            ? RunRecorder::begin(m_db, {out.runId, out.sessionId, userId, request.lookup.query})
            : RunRecorder::resume(m_db, out.runId, out.sessionId);
    if (!recorder)
        return Error{recorder.error()};
    RunRecorder& run = **recorder;
    auto step = run.beginStep(QStringLiteral("console"));
    if (!step) {
        // Nothing recorded: a run begun is taken back, a resumed one gets its status again.
        if (Status s = run.abandon(); !s)
            return Error{Tr::tr("%1; and run %2 could not be taken back: %3")
                             .arg(step.error(), out.runId, s.error())};
        return Error{step.error()};
    }
    out.stepId = *step;

    SqlAuditSink sink(m_db, m_sampling);
    ToolBoundary boundary(&sink, &run.tracker());
    LookupKnowledgeTool tool(m_engine, request.lookup.settingsOverride);
    json params = {{"query", request.lookup.query.toStdString()}};
    if (!request.lookup.category.isEmpty())
        params["category"] = request.lookup.category.toStdString();
    if (!request.lookup.searchMode.isEmpty())
        params["search_mode"] = request.lookup.searchMode.toStdString();
    if (request.lookup.topK > 0)
        params["top_k"] = request.lookup.topK;
    if (!request.lookup.autoCategory)
        params["auto_category"] = false;
    const ToolExecution ex =
        boundary.execute(tool, {vocab::kLookupKnowledge, request.lookup.toolCallId, params});
    out.toolCallId = ex.toolCallId;
    out.invocationId = ex.invocationId;
    out.auditError = ex.auditError;
    if (tool.lastResult())
        out.lookup = *tool.lastResult();
    out.agent = ex.agentResult.get<RagToolResult>();
    if (!out.invocationId) {
        // Recording was the command's purpose: a run and a step without the call would be a
        // run that "made no lookup" (FALLBACK) in every view. What it wrote is taken back.
        if (Status s = run.abandon(); s)
            out.auditError = Tr::tr("%1 (nothing of this lookup was kept in the audit database)")
                                 .arg(ex.auditError);
        else
            out.auditError =
                Tr::tr("%1; and run %2, written before it, could not be taken back: %3")
                    .arg(ex.auditError, out.runId, s.error());
        return out;
    }

    // A console step "reads" the agent projection; that is what its tokens estimate.
    run.finishStep(estimateTokens(request.lookup.query) + estimateTokens(ex.agentResult));
    auto relevant = RunOutcome::runHasRelevantEvidence(m_db, out.runId);
    const RunFinish finish =
        RunOutcome::fromEvidence(relevant ? *relevant : false, /*producesReport=*/false);
    // A run left RUNNING is not "recorded": the caller must not report success.
    auto totals = run.finish(finish);
    if (!totals) {
        qCWarning(lcAudit) << "cannot finish local run" << out.runId << totals.error();
        return Error{Tr::tr("The lookup was recorded as invocation %1, but run %2 could not be "
                            "finished: %3")
                         .arg(out.invocationId.value_or(0))
                         .arg(out.runId, totals.error())};
    }
    out.releaseOutcome = finish.releaseOutcome;
    return out;
}

} // namespace raglens
