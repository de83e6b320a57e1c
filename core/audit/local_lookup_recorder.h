#pragma once
// Records one lookup made by a person (the GUI lookup console, `raglens-cli record`) in a
// writable audit database, exactly as an agent's call would be: a local session and run
// (new, or continued when the run id exists), one "console" agent_step, the invocation
// through the ToolBoundary (sanitised params, bounded details, thin event, full-trace
// sample per policy) and the run's outcome from its evidence. Returns everything the
// caller needs to show the lookup and jump to the recorded row.

#include "audit/trace_sampling.h"
#include "common/error.h"
#include "lookup/lookup_engine.h"
#include "model/rag_tool_result.h"

#include <memory>

namespace raglens {

class AuditDatabase;

struct LocalRecordRequest
{
    QString sessionId;    ///< required
    QString runId;        ///< empty = a new run "local-<time>"
    QString userId;       ///< default: the OS user name
    LookupRequest lookup; ///< query, mode, top-k, category, override
};

struct LocalRecordResult
{
    std::optional<qint64> invocationId; ///< empty when the audit write failed
    QString auditError;
    QString sessionId;
    QString runId;
    qint64 stepId = 0;
    QString toolCallId;
    bool newRun = false;
    QString releaseOutcome;
    LookupResult lookup;
    RagToolResult agent;
};

void to_json(nlohmann::json& j, const LocalRecordResult& r); ///< CLI shape (no full lookup)

class LocalLookupRecorder
{
public:
    /// `db` must be writable and outlive the recorder.
    LocalLookupRecorder(AuditDatabase& db, std::shared_ptr<const KnowledgeBase> kb);
    LocalLookupRecorder(AuditDatabase& db, std::shared_ptr<const KnowledgeBase> kb,
                        TraceSamplingPolicy sampling);

    Expected<LocalRecordResult> record(const LocalRecordRequest& request);

    /// "local-yyyyMMdd-HHmmss-zzz" from the wall clock.
    static QString newRunId();

private:
    AuditDatabase& m_db;
    LookupEngine m_engine;
    TraceSamplingPolicy m_sampling;
};

} // namespace raglens
