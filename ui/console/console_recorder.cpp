#include "console/console_recorder.h"

#include "audit/audit_database.h"
#include "audit/run_recorder.h"
#include "audit/sql_audit_sink.h"
#include "audit/tool_boundary.h"
#include "lookup/rag_result_projector.h"
#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QUuid>

namespace raglens::ui {

using nlohmann::json;

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ConsoleRecorder", text);
}

// lookup_knowledge as a Tool: the raw output is the whole LookupResult, the agent sees
// its projection. The last result is kept so the console need not parse JSON back.
class ConsoleLookupTool : public Tool
{
public:
    ConsoleLookupTool(const LookupEngine& engine, LookupRequest request)
        : m_engine(engine), m_request(std::move(request))
    {}

    QString name() const override { return vocab::kLookupKnowledge; }

    ToolOutput run(const ToolCall& call) override
    {
        m_request.toolCallId = call.toolCallId;
        m_result = m_engine.lookup(m_request);
        ToolOutput out;
        out.success = m_result.evidenceStatus != vocab::kError;
        out.errorMessage = m_result.errorMessage;
        out.raw = m_result;
        return out;
    }

    json project(const ToolOutput&) const override
    {
        return json(RagResultProjector::project(m_result));
    }

    const LookupResult& result() const { return m_result; }

private:
    const LookupEngine& m_engine;
    LookupRequest m_request;
    LookupResult m_result;
};

json callParams(const LookupRequest& r)
{
    // What an agent would pass; input_params keeps these (the query as a preview).
    json p = {{"query", r.query.toStdString()}};
    if (!r.searchMode.isEmpty())
        p["search_mode"] = r.searchMode.toStdString();
    if (r.topK > 0)
        p["top_k"] = r.topK;
    if (!r.category.isEmpty())
        p["category"] = r.category.toStdString();
    if (!r.autoCategory && r.category.isEmpty())
        p["auto_category"] = false;
    if (r.settingsOverride)
        p["settings_override"] = true;
    p["origin"] = "console";
    return p;
}

RunFinish finishFor(const LookupResult& r)
{
    if (r.evidenceStatus == vocab::kError)
        return {vocab::kFailed, vocab::kOutcomeError, QString(), QString()};
    if (r.evidenceStatus == vocab::kEvidenceFound)
        return {vocab::kCompleted, vocab::kSuccess, vocab::kDiagnosisReport, QString()};
    return {vocab::kCompleted, vocab::kFallback, vocab::kSafeFallback,
            vocab::kInsufficientEvidence};
}

} // namespace

QString newConsoleSessionId()
{
    return QStringLiteral("console-%1-%2")
        .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")),
             QUuid::createUuid().toString(QUuid::Id128).left(4));
}

Expected<ConsoleRecording> recordConsoleLookup(const LookupEngine& engine,
                                               const LookupRequest& request,
                                               const DatabaseLocation& database,
                                               const QString& sessionId)
{
    auto db = AuditDatabase::open(database, AccessMode::Inspect);
    if (!db)
        return Error{db.error()};
    if ((*db)->isReadOnly())
        return Error{tr("%1 is read-only (RagLens did not create it); the lookup was not "
                        "recorded.")
                         .arg(database.display())};

    RunStart start;
    start.sessionId = sessionId.isEmpty() ? newConsoleSessionId() : sessionId;
    start.runId =
        QStringLiteral("console-run-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(12));
    start.userId = QStringLiteral("local");
    start.question = request.query;
    auto run = RunRecorder::begin(**db, start);
    if (!run)
        return Error{run.error()};
    RunRecorder& recorder = **run;
    auto step = recorder.beginStep(QStringLiteral("lookup_console"));
    if (!step)
        return Error{step.error()};

    // The console keeps every full trace: it is a local workspace and the user asked.
    SqlAuditSink sink(**db, TraceSamplingPolicy::on(1.0));
    ToolBoundary boundary(&sink, &recorder.tracker());
    ConsoleLookupTool tool(engine, request);
    ToolCall call;
    call.toolName = vocab::kLookupKnowledge;
    call.params = callParams(request);
    const ToolExecution ex = boundary.execute(tool, call);

    if (Status s = recorder.finishStep(0); !s)
        return Error{s.error()};
    if (auto totals = recorder.finish(finishFor(tool.result())); !totals)
        return Error{totals.error()};
    if (!ex.invocationId)
        return Error{tr("The lookup ran but its audit row was not written: %1").arg(ex.auditError)};

    ConsoleRecording rec;
    rec.result = tool.result();
    rec.agent = RagResultProjector::project(rec.result);
    rec.sessionId = start.sessionId;
    rec.runId = start.runId;
    rec.invocationId = *ex.invocationId;
    return rec;
}

} // namespace raglens::ui
