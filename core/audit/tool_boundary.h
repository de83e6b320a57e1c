#pragma once
// The one door every agent tool call goes through (DESIGN §3 "Writing path"): runs the
// tool, projects its raw result for the agent, times it, binds it to the issuing step
// and hands a ToolInvocationAuditEvent to the audit sink. Generic over tools: the
// lookup_knowledge tool returns a LookupResult, other tools (metrics, logs, ...) any JSON
// and are audited as thin HARNESS rows. An audit failure never fails the tool call: the
// agent still gets its result, the failure is logged (raglens.audit) and counted.

#include "audit/audit_clock.h"
#include "audit/tool_invocation_audit_event.h"

#include <QAtomicInteger>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace raglens {

class AuditSink;
class StepTracker;

struct ToolCall
{
    QString toolName;
    QString toolCallId; ///< generated from the step tracker when empty
    nlohmann::json params = nlohmann::json::object();
};

struct ToolOutput
{
    bool success = true;
    nlohmann::json raw; ///< the tool's own result (LookupResult JSON for lookup_knowledge)
    QString errorMessage;
};

class Tool
{
public:
    virtual ~Tool() = default;
    virtual QString name() const = 0;
    virtual ToolOutput run(const ToolCall& call) = 0;
    /// What the agent is shown of an output; by default the raw result, or an error object.
    virtual nlohmann::json project(const ToolOutput& output) const;
};

struct ToolExecution
{
    ToolOutput output;
    nlohmann::json agentResult;
    QString toolCallId;
    std::optional<qint64> stepId;
    qint64 durationMs = 0;
    std::optional<qint64> invocationId; ///< set when the audit write succeeded
    QString auditError;                 ///< set when it did not
};

class ToolBoundary
{
public:
    /// `sink` may be null (nothing is recorded); `tracker` may be null (no step binding).
    ToolBoundary(AuditSink* sink, StepTracker* tracker, AuditClock clock = wallClock());

    ToolExecution execute(Tool& tool, ToolCall call);

    int auditFailures() const { return m_auditFailures; }
    /// Audit failures of every boundary in this process (for status bars and health).
    static int totalAuditFailures();

private:
    AuditSink* m_sink;
    StepTracker* m_tracker;
    AuditClock m_clock;
    int m_auditFailures = 0;
};

} // namespace raglens
