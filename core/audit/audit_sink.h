#pragma once
// Where ToolBoundary sends its audit events. An interface so the boundary can be given
// the SQL sink in production, nothing in a dry run, and a failing sink in tests: an
// audit failure must never turn into a failed tool call.

#include "audit/tool_invocation_audit_event.h"
#include "common/error.h"

namespace raglens {

class AuditSink
{
public:
    virtual ~AuditSink() = default;
    /// Persists one invocation; returns its tool_invocation id.
    virtual Expected<qint64> write(const ToolInvocationAuditEvent& event) = 0;
};

} // namespace raglens
