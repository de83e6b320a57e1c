#pragma once
// One `tool_invocation` row exactly as it is written (DESIGN §3), plus the thin
// TOOL_INVOCATION timeline details and the optional full-trace sample that go with it.
// Produced by RagLookupAuditEnricher, consumed by SqlAuditSink.

#include <QDateTime>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace raglens {

struct ToolInvocationRecord
{
    QString runId;
    QString sessionId;
    std::optional<qint64> stepId;
    QString toolCallId;
    QString toolName;
    QString retrievalLayer; ///< L1 or HARNESS
    QString relevanceLevel; ///< PRECISE / REFERENCE / empty (= NULL)
    std::optional<int> l0MatchCount;
    std::optional<int> l1MatchCount;
    bool truncated = false;
    nlohmann::json retrievalDetails; ///< bounded rag_lookup_v1 object, or null
    QString outputPreview;
    nlohmann::json inputParams; ///< sanitised
    qint64 durationMs = 0;
    bool success = true;
    QString errorMessage;
    QString dedupReason; ///< empty = NULL
    QDateTime createdAt;

    /// details of the TOOL_INVOCATION timeline event; has_raw_result is set by the sink
    nlohmann::json timelineDetails(bool hasRawResult, qint64 resultBytes,
                                   qint64 requestBytes) const;
};

} // namespace raglens
