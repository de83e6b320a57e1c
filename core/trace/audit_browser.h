#pragma once
// Paged, filtered reads of an audit database for browsing UIs and `raglens-cli sessions`.
// Filtering and sorting happen in SQL (bound values only), so a database with a million
// invocations is browsed one page at a time. Returns plain values, never SQL handles.

#include "common/error.h"
#include "db/audit_database.h"
#include "interpret/run_facts.h"
#include "model/diagnosis_trace.h"

#include <QDateTime>

#include <optional>
#include <vector>

class QSqlQuery;

namespace raglens {

struct SqlFragment;

struct SessionFilter
{
    QString outcome;         ///< release_outcome: SUCCESS / FALLBACK / ERROR; empty = any
    QString sessionOutcome;  ///< the session's outcome over all its runs (SessionOutcome)
    QString evidenceStatus;  ///< sessions with a lookup of this effective evidence status
    QString failureKind;     ///< sessions with a call of this failure kind (tool_error, ...)
    QString relevanceLevel;  ///< PRECISE / REFERENCE / "NONE" (null level); empty = any
    QString selectedAttempt; ///< FILTERED_VECTOR / UNFILTERED_VECTOR_RETRY / UNFILTERED_VECTOR
    QString retryReason; ///< a lookup's retry reason: filtered_vector_no_evidence / _low_quality
    QString toolName;    ///< sessions with an invocation of this tool
    QDateTime since;     ///< runs started at or after
    QDateTime until;     ///< runs started before
    QString text;        ///< substring of session id, user id, question or a call's input_params

    bool isEmpty() const;
};

struct SessionRow
{
    QString sessionId;
    QString userId;
    int runCount = 0;
    int fallbackRunCount = 0;
    int invocationCount = 0;
    int noEvidenceCount = 0;
    qint64 totalTokenCount = 0;
    QString lastOutcome; ///< release outcome of the newest run
    /// Over all the session's runs, whatever the filter: FALLBACK when any run fell back.
    interpret::SessionOutcome outcome;
    QString lastQuestion;
    QDateTime firstStartedAt;
    QDateTime lastStartedAt;
};

struct DatabaseSummary
{
    int sessions = 0;
    int runs = 0;
    int invocations = 0;
    int fallbackRuns = 0;
};

void to_json(nlohmann::json& j, const SessionRow& v);
void to_json(nlohmann::json& j, const DatabaseSummary& v);

class AuditBrowser
{
public:
    explicit AuditBrowser(AuditDatabase& db);

    Expected<DatabaseSummary> summary() const;
    /// Matching sessions, newest activity first.
    Expected<int> countSessions(const SessionFilter& filter) const;
    Expected<std::vector<SessionRow>> sessions(const SessionFilter& filter, int offset,
                                               int limit) const;
    /// Runs of one session (oldest first), restricted by the same filter.
    Expected<std::vector<TraceRun>> runsOfSession(const QString& sessionId,
                                                  const SessionFilter& filter = {}) const;
    /// One run by id; an error when the database has no such run row. `listedOnly`: only a
    /// row the lists and the trace take for a run (FactSql::listedRun(): one with a session;
    /// the trace shows the calls of a row without one as an orphan run).
    Expected<TraceRun> run(const QString& runId, bool listedOnly = false) const;
    Expected<std::vector<TraceStep>> stepsOfRun(const QString& runId) const;
    /// Invocations of a run, ordered by creation, with details parsed (no full trace). The
    /// empty run id with a session names that session's calls recorded without a run id.
    Expected<std::vector<TraceInvocation>> invocationsOfRun(const QString& runId,
                                                            const QString& sessionId = {}) const;
    /// One invocation with everything, including the full-trace sample when present. The id
    /// as the store holds it: a number, or the text of a text id (TraceInvocation::storedId()).
    Expected<TraceInvocation> invocation(const QVariant& id) const;
    Expected<std::vector<TraceEvent>> eventsOfRun(const QString& runId) const;
    /// The run's run_feedback rows, oldest first; none when the table is missing.
    Expected<std::vector<RunFeedback>> feedbackOfRun(const QString& runId) const;
    /// The same for several runs at once: each run's rows in the order above, the runs in
    /// the order of `runIds`; a statement per few hundred runs rather than one per run.
    Expected<std::vector<TraceStep>> stepsOfRuns(const QStringList& runIds) const;
    Expected<std::vector<TraceInvocation>> invocationsOfRuns(const QStringList& runIds,
                                                             const QString& sessionId = {}) const;
    /// Up to `limit` runs whose rows name another session while some of their calls name
    /// `sessionId`: each as (run id, the run's session). Such calls show under the run's
    /// session; a trace asked for theirs names where they are. None when looking would scan
    /// a large table without an index (audit_rows::orphanLookupAffordable()).
    Expected<std::vector<std::pair<QString, QString>>>
    runsElsewhereHoldingCallsOf(const QString& sessionId, int limit) const;
    /// The same, and with `namingTheSession` only the calls that name `sessionId` themselves.
    Expected<std::vector<TraceInvocation>> invocationsOfRuns(const QStringList& runIds,
                                                             const QString& sessionId,
                                                             bool namingTheSession) const;
    /// The calls a session shows under its runs (runsOfSession()): every call of a run whose
    /// row names the session; of an orphan run, only those that name the session themselves,
    /// as the list counts them (the others are their own sessions' calls).
    Expected<std::vector<TraceInvocation>>
    invocationsOfSessionRuns(const std::vector<TraceRun>& runs, const QString& sessionId) const;
    Expected<std::vector<TraceEvent>> eventsOfRuns(const QStringList& runIds) const;
    /// Up to `limit` calls recorded without any run id, by id, after `afterId` when not null
    /// (the last id as stored, TraceInvocation::storedId()): of
    /// one session, or of every session (and none) when `sessionId` is null; `also`, when
    /// set, is one more condition on them (alias a).
    Expected<std::vector<TraceInvocation>>
    callsWithoutRunId(const QVariant& afterId, int limit, const QString& sessionId = {},
                      const SqlFragment* also = nullptr) const;

    /// A session of a page and its newest activity as stored (NULL when it has none).
    struct PagedSession
    {
        QString id;
        QVariant lastAt;
    };

private:
    /// The tables every read needs.
    static const QStringList& coreTables();
    /// The sessions on a page, newest activity first, found by scanning runs.
    Expected<std::vector<PagedSession>> pageOfSessions(const SqlFragment& where, int offset,
                                                       int limit) const;
    /// Sessions known only from calls without a run row, with their newest call, in page
    /// order.
    Expected<std::vector<PagedSession>> orphanOnlyActivity(const QStringList& ids) const;
    /// Sessions a (non-empty) filter reaches only through calls without a recorded run, with
    /// their newest matching call, in page order.
    Expected<std::vector<PagedSession>> runlessOnlyMatches(const SessionFilter& filter) const;
    /// Runs the query of a page's session rows on `q`; false when the page is empty.
    Expected<bool> queryPageRows(QSqlQuery& q, const SessionFilter& filter,
                                 const SqlFragment& where, int offset, int limit) const;

    AuditDatabase& m_db;
};

} // namespace raglens
