#pragma once
// The production AuditSink: enriches an event into the bounded tool_invocation row and
// writes it, its thin TOOL_INVOCATION timeline event and (when the sampling policy
// says so) the full LookupResult sample, all in one transaction, so a crash leaves
// either the whole invocation or none of it.

#include "audit/audit_sink.h"
#include "audit/trace_sampling.h"

namespace raglens {

class AuditDatabase;

class SqlAuditSink : public AuditSink
{
public:
    /// `db` must outlive the sink and be writable.
    explicit SqlAuditSink(AuditDatabase& db);
    SqlAuditSink(AuditDatabase& db, TraceSamplingPolicy sampling);

    Expected<qint64> write(const ToolInvocationAuditEvent& event) override;

    const TraceSamplingPolicy& sampling() const { return m_sampling; }

private:
    AuditDatabase& m_db;
    TraceSamplingPolicy m_sampling;
};

} // namespace raglens
