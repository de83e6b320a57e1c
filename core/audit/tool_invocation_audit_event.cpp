#include "audit/tool_invocation_audit_event.h"

namespace raglens {

qint64 jsonBytes(const nlohmann::json& j)
{
    if (j.is_null())
        return 0;
    // Invalid UTF-8 from a tool must not throw inside the audit path.
    return qint64(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).size());
}

} // namespace raglens
