#pragma once
// What the ToolBoundary knows about one finished tool call, before anything is bounded
// or dropped: the raw request, the raw tool result (a whole LookupResult for
// lookup_knowledge), what the agent was shown, the step that issued the call and the
// timing. Lives in memory only; the enricher decides what of it reaches the database.

#include <QDateTime>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace raglens {

struct ToolInvocationAuditEvent
{
    QString sessionId;
    QString runId;
    std::optional<qint64> stepId; ///< the agent_step that issued the call, when known
    QString toolCallId;
    QString toolName;
    nlohmann::json requestParams; ///< raw tool input (not sanitised)
    nlohmann::json rawResult;     ///< raw tool output; LookupResult JSON for lookup_knowledge
    nlohmann::json agentResult;   ///< the projection the agent received
    bool success = true;
    QString errorMessage;
    qint64 durationMs = 0;
    qint64 requestBytes = 0; ///< UTF-8 size of the serialised request
    qint64 resultBytes = 0;  ///< UTF-8 size of the serialised agent result
    QDateTime createdAt;     ///< when the call finished (UTC)
};

/// Size in bytes of the compact JSON serialisation; what "request_bytes" means.
qint64 jsonBytes(const nlohmann::json& j);

} // namespace raglens
