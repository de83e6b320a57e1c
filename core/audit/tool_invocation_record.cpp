#include "audit/tool_invocation_record.h"

#include "common/json_qt.h"

namespace raglens {

nlohmann::json ToolInvocationRecord::timelineDetails(bool hasRawResult, qint64 resultBytes,
                                                     qint64 requestBytes) const
{
    // Thin on purpose: the timeline is read in bulk; details live in tool_invocation.
    nlohmann::json d = {{"tool_call_id", toolCallId.toStdString()},
                        {"status", success ? "SUCCESS" : "ERROR"},
                        {"step_id", json_util::optionalOrNull(stepId)},
                        {"request_bytes", requestBytes},
                        {"result_bytes", resultBytes},
                        {"has_raw_result", hasRawResult}};
    return d;
}

} // namespace raglens
