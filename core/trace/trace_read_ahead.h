#pragma once
// The traces of many sessions, handed over in the order asked for, while readers on threads of
// their own, each with its own connection, read the next ones ahead. A report over every problem
// session of a large store (raglens-cli problems) reads tens of thousands of traces, each a
// handful of small statements, and interprets each: on one connection one core does all of it.
// One reader per core, so the caller's interpretation and the readers share the cores. The
// caller reads a trace itself when no reader has begun it, so a database that cannot be opened
// twice (":memory:") or readers that failed to connect cost nothing but the speed-up.

#include "common/error.h"
#include "db/audit_database.h"
#include "model/diagnosis_trace.h"
#include "trace/trace_service.h"

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

namespace raglens {

class TraceReadAhead
{
public:
    /// Starts reading `sessions` ahead on other connections to `db`, `contents` of each.
    TraceReadAhead(AuditDatabase& db, std::vector<QString> sessions,
                   TraceService::Contents contents);
    /// Stops the readers (the traces not taken are dropped) and closes their connections.
    ~TraceReadAhead();
    TraceReadAhead(const TraceReadAhead&) = delete;
    TraceReadAhead& operator=(const TraceReadAhead&) = delete;

    size_t size() const { return m_sessions.size(); }
    const QString& session(size_t i) const { return m_sessions[i]; }
    /// The trace of session `i`; each is taken once, in order (i = 0, 1, 2, …).
    Expected<DiagnosisTraceResponse> take(size_t i);

private:
    void readerLoop(const AuditDatabase::Inspection& inspection);
    void readOn(const AuditDatabase::Inspection& inspection);

    AuditDatabase& m_db;
    const std::vector<QString> m_sessions;
    const TraceService::Contents m_contents;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    /// Traces being read, or read and not yet taken, by index: at most kAhead and one per
    /// reader (a slot for every session would hold a million empty ones for a store that
    /// big). A slot is made when a reader claims a session (so storing the trace later
    /// cannot fail and leave the caller waiting) and filled when it is read.
    std::unordered_map<size_t, std::optional<Expected<DiagnosisTraceResponse>>> m_read;
    size_t m_next = 0;  ///< the first session nobody has begun to read
    size_t m_taken = 0; ///< sessions handed to the caller
    bool m_stop = false;
    std::vector<std::thread> m_readers;
};

} // namespace raglens
