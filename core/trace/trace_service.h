#pragma once
// The Trace API of DESIGN §4: one session (optionally one run) read back from an audit
// database as a DiagnosisTraceResponse. Used by `raglens-cli trace`/`export`, the GUI and
// the local HTTP endpoint.

#include "common/error.h"
#include "db/audit_database.h"
#include "model/diagnosis_trace.h"

namespace raglens {

class TraceService
{
public:
    explicit TraceService(AuditDatabase& db);

    /// Runs, steps, invocations (details parsed, full-trace samples attached), timeline and
    /// feedback of a session. An unknown session or run is an error, not an empty trace.
    Expected<DiagnosisTraceResponse> getTrace(const QString& sessionId,
                                              const QString& runId = {}) const;

private:
    AuditDatabase& m_db;
};

} // namespace raglens
