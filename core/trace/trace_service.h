#pragma once
// The Trace API of DESIGN §4: one session (optionally one run) read back from an audit
// database as a DiagnosisTraceResponse. Used by `raglens-cli trace`/`export`, the GUI and
// the local HTTP endpoint.

#include "common/error.h"
#include "db/audit_database.h"
#include "model/diagnosis_trace.h"

namespace raglens {

class AuditBrowser;

class TraceService
{
public:
    explicit TraceService(AuditDatabase& db);

    /// What a trace holds: everything, or what reports over many sessions read (runs, their
    /// calls with samples, and feedback; no steps, no timeline: two statements of five).
    enum class Contents
    {
        Everything,
        RunsCallsAndFeedback
    };

    /// Runs, steps, invocations (details parsed, full-trace samples attached), timeline and
    /// feedback of a session. An unknown session or run is an error, not an empty trace.
    Expected<DiagnosisTraceResponse> getTrace(const QString& sessionId, const QString& runId = {},
                                              Contents contents = Contents::Everything) const;

private:
    /// "No session": and where its calls are shown when their runs name another session.
    QString noSession(const AuditBrowser& browser, const QString& sessionId) const;

    AuditDatabase& m_db;
};

} // namespace raglens
