#include "eval/problem_library.h"

#include "db/sql_exec.h"
#include "eval/eval_set_writer.h"
#include "interpret/invocation_facts.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/session_query.h"
#include "trace/trace_read_ahead.h"
#include "trace/trace_service.h"

#include <QCoreApplication>
#include <QSqlQuery>

#include <algorithm>
#include <map>
#include <set>

namespace raglens {

using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(ProblemLibrary)
};

const QString kRuns = QStringLiteral("diagnosis_run");
const QString kInvocations = QStringLiteral("tool_invocation");
const QString kFeedback = QStringLiteral("run_feedback");

const QString kEmptyRetrieval = QStringLiteral("empty_retrieval");
const QString kFallbackOutcome = QStringLiteral("fallback_outcome");
const QString kNegativeFeedback = QStringLiteral("negative_feedback");

/// Sessions holding a candidate problem run, with the newest start seen (for the order).
using Candidates = std::map<QString, QDateTime>;

void addCandidate(Candidates& out, const QString& sessionId, const QDateTime& at)
{
    if (sessionId.isEmpty())
        return;
    QDateTime& newest = out[sessionId];
    if (!newest.isValid() || (at.isValid() && at > newest))
        newest = at;
}

Status readCandidates(AuditDatabase& db, const QString& sql, const QVariantList& binds,
                      Candidates& out)
{
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    if (Status s = execQuery(db, q, sql, binds); !s)
        return s;
    while (q.next())
        addCandidate(out, SqlDialect::text(q.value(0)), SqlDialect::time(q, 1));
    return afterRows(q);
}

/// The candidate sessions: SQL over the vocabulary's own expressions. It may name a few
/// sessions too many (a window boundary, a status the trace reads differently); the trace's
/// interpretation decides.
Expected<Candidates> findCandidates(AuditDatabase& db, const ProblemLibraryOptions& o,
                                    QStringList& notes)
{
    Candidates out;
    // Every problem is read back through the session's trace, which needs both tables:
    // without them there is nothing to read, and the lists, health and the trace say so alike.
    if (Status s = requireTables(db, {kRuns, kInvocations}); !s)
        return Error{s.error()};
    const SqlDialect dialect(db);
    const SessionQuery query(dialect);
    {
        const QString started =
            audit_rows::columnOrNull(db, kRuns, QStringLiteral("r"), QStringLiteral("started_at"));
        SessionFilter window;
        window.since = o.since;
        window.until = o.until;
        const SqlFragment inWindow = query.runCondition(window, SessionQuery::Reading::All);
        if (Status s = readCandidates(
                db,
                QStringLiteral("SELECT r.session_id, %1 FROM diagnosis_run r WHERE %2 AND %3")
                    .arg(started, inWindow.sql, FactSql::isFallbackRun(db, QStringLiteral("r"))),
                inWindow.binds, out);
            !s)
            return Error{s.error()};

        SessionFilter empty = window;
        empty.evidenceStatus = vocab::kNoEvidence;
        const SqlFragment emptyRuns = query.runCondition(empty, SessionQuery::Reading::All);
        if (Status s = readCandidates(
                db,
                QStringLiteral("SELECT r.session_id, %1 FROM diagnosis_run r WHERE %2")
                    .arg(started, emptyRuns.sql),
                emptyRuns.binds, out);
            !s)
            return Error{s.error()};

        if (db.hasTable(kFeedback)) {
            if (Status s = readCandidates(
                    db,
                    QStringLiteral("SELECT r.session_id, %1 FROM run_feedback f JOIN "
                                   "diagnosis_run r ON %3 WHERE %2")
                        .arg(started, inWindow.sql,
                             SqlDialect(db).keysEqual(
                                 QStringLiteral("diagnosis_run"), QStringLiteral("r.run_id"),
                                 QStringLiteral("run_feedback"), QStringLiteral("f.run_id"))),
                    inWindow.binds, out);
                !s)
                return Error{s.error()};
        } else {
            notes << Tr::tr("this database has no run_feedback table: negative ratings cannot "
                            "be read");
        }
    }

    // Calls whose run was never recorded (orphans) are shown under their session; their
    // empty lookups are problems too. Their window is their own creation time. The list's
    // selection of such calls (SessionQuery::runlessCalls()): a facts index reads them from
    // its table of them.
    SessionFilter runlessEmpty;
    runlessEmpty.evidenceStatus = vocab::kNoEvidence;
    runlessEmpty.since = o.since;
    runlessEmpty.until = o.until;
    const auto runless = query.runlessCalls(runlessEmpty, QString());
    Q_ASSERT(runless); // only an outcome filter has none
    if (Status s =
            readCandidates(db,
                           QStringLiteral("SELECT i.session_id, %1 FROM %2 WHERE %3")
                               .arg(audit_rows::columnOrNull(db, kInvocations, QStringLiteral("i"),
                                                             QStringLiteral("created_at")),
                                    runless->from, runless->where.sql),
                           runless->where.binds, out);
        !s)
        return Error{s.error()};
    return out;
}

bool inWindow(const QDateTime& at, const ProblemLibraryOptions& o)
{
    if (!at.isValid())
        return !o.since.isValid() && !o.until.isValid();
    return (!o.since.isValid() || at >= o.since) && (!o.until.isValid() || at < o.until);
}

/// When an orphan run happened: its first call's creation time.
QDateTime runTime(const TraceRun& run, const std::vector<const TraceInvocation*>& calls)
{
    if (run.startedAt.isValid() || calls.empty())
        return run.startedAt;
    return calls.front()->createdAt;
}

void addReason(QStringList& reasons, const QString& reason)
{
    if (!reasons.contains(reason))
        reasons << reason;
}

class Collector
{
public:
    Collector(const ProblemLibraryOptions& options, ProblemLibrary& out)
        : m_options(options), m_out(out)
    {}

    /// False once maxRuns problem runs have been read.
    bool addSession(const DiagnosisTraceResponse& trace)
    {
        std::vector<const TraceRun*> runs;
        for (const TraceRun& run : trace.runs)
            runs.push_back(&run);
        // Newest first, so the first occurrence of a query is its newest.
        std::stable_sort(runs.begin(), runs.end(), [](const TraceRun* a, const TraceRun* b) {
            return a->startedAt > b->startedAt;
        });
        for (const TraceRun* run : runs) {
            if (m_options.maxRuns > 0 && m_out.problemRuns >= m_options.maxRuns)
                return false;
            addRun(trace, *run);
        }
        return true;
    }

private:
    void addRun(const DiagnosisTraceResponse& trace, const TraceRun& run)
    {
        std::vector<const TraceInvocation*> calls;
        for (const TraceInvocation& inv : trace.toolInvocations)
            if (inv.runId == run.runId)
                calls.push_back(&inv);
        const QDateTime at = runTime(run, calls);
        if (!inWindow(at, m_options))
            return;

        QStringList runReasons;
        QStringList comments;
        if (interpret::isFallbackRun(run))
            runReasons << kFallbackOutcome;
        for (const RunFeedback& f : trace.feedback)
            if (f.runId == run.runId && f.satisfied == false) {
                addReason(runReasons, kNegativeFeedback);
                if (!f.comment.trimmed().isEmpty())
                    comments << f.comment.trimmed();
            }

        bool problem = !runReasons.isEmpty();
        std::vector<std::pair<const TraceInvocation*, QStringList>> lookups;
        for (const TraceInvocation* inv : calls) {
            if (!interpret::isLookupCall(*inv))
                continue;
            QStringList reasons = runReasons;
            if (interpret::interpretInvocation(*inv).evidenceStatus ==
                interpret::EvidenceStatus::NoEvidence) {
                reasons << kEmptyRetrieval;
                problem = true;
            }
            if (!reasons.isEmpty())
                lookups.emplace_back(inv, reasons);
        }
        if (!problem)
            return;
        ++m_out.problemRuns;
        for (const auto& [inv, reasons] : lookups)
            addLookup(*inv, reasons, comments, at);
    }

    void addLookup(const TraceInvocation& inv, const QStringList& reasons,
                   const QStringList& comments, const QDateTime& at)
    {
        ++m_out.lookupsRead;
        auto query = ProblemQuery::fromInvocation(inv);
        if (!query) {
            m_out.skipped << query.error();
            return;
        }
        const QString key = normalizedQuery(query->query);
        auto found = m_index.find(key);
        // A preview is the first 160 characters of its query: a full query (from a sampled
        // trace) and a preview of it are one problem, kept under the full text.
        const QString prefixKey =
            query->queryMayBeCut ? QString()
                                 : normalizedQuery(query->query.left(ProblemQuery::kPreviewChars));
        if (found == m_index.end() && !prefixKey.isEmpty()) {
            auto cut = m_index.find(prefixKey);
            if (cut != m_index.end() && m_out.entries[cut->second].query.queryMayBeCut) {
                ProblemLibraryEntry& e = m_out.entries[cut->second];
                e.query = *query;
                e.normalized = key;
                found = m_index.emplace(key, cut->second).first;
            }
        }
        if (found == m_index.end()) {
            ProblemLibraryEntry e;
            e.query = *query;
            e.normalized = key;
            e.lastSeen = at;
            found = m_index.emplace(key, m_out.entries.size()).first;
            if (!prefixKey.isEmpty() && prefixKey != key)
                m_index.emplace(prefixKey, m_out.entries.size());
            m_out.entries.push_back(std::move(e));
        } else {
            ++m_out.duplicates;
        }
        ProblemLibraryEntry& e = m_out.entries[found->second];
        ++e.occurrences;
        for (const QString& r : reasons)
            addReason(e.reasons, r);
        for (const QString& c : comments)
            if (!e.feedbackComments.contains(c))
                e.feedbackComments << c;
    }

    const ProblemLibraryOptions& m_options;
    ProblemLibrary& m_out;
    std::map<QString, size_t> m_index;
};

} // namespace

QString ProblemLibraryEntry::querySource() const
{
    return query.queryFromFullTrace ? QStringLiteral("full_trace_sample")
                                    : QStringLiteral("audit_preview");
}

Expected<ProblemLibrary> collectProblemQueries(AuditDatabase& db,
                                               const ProblemLibraryOptions& options)
{
    if (Status s = requireTables(db, {kInvocations}); !s)
        return Error{s.error()};
    ProblemLibrary out;
    auto candidates = findCandidates(db, options, out.notes);
    if (!candidates)
        return Error{candidates.error()};

    std::vector<std::pair<QDateTime, QString>> sessions;
    for (const auto& [id, at] : *candidates)
        sessions.emplace_back(at, id);
    std::sort(sessions.begin(), sessions.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<QString> ordered;
    ordered.reserve(sessions.size());
    for (const auto& [at, sessionId] : sessions)
        ordered.push_back(sessionId);

    // Each session's trace decides (its steps and timeline take no part); a million-call
    // store has tens of thousands of problem sessions, read ahead by one reader per core,
    // each on a connection of its own (TraceReadAhead).
    TraceReadAhead traces(db, std::move(ordered), TraceService::Contents::RunsCallsAndFeedback);
    Collector collector(options, out);
    for (size_t i = 0; i < traces.size(); ++i) {
        auto trace = traces.take(i);
        if (!trace) {
            out.skipped << Tr::tr("session %1: %2").arg(traces.session(i), trace.error());
            continue;
        }
        if (!collector.addSession(*trace))
            break;
    }
    std::stable_sort(out.entries.begin(), out.entries.end(),
                     [](const ProblemLibraryEntry& a, const ProblemLibraryEntry& b) {
                         return a.lastSeen > b.lastSeen;
                     });
    return out;
}

json problemEvalLine(const ProblemLibraryEntry& e)
{
    const ProblemQuery& q = e.query;
    json line = json::object();
    line["id"] = suggestedCaseId(q.query);
    line["query"] = q.query;
    // A blank category (white space from an audit row) would make the line refused once
    // reviewed: eval sets take no blank value.
    if (!q.category.trimmed().isEmpty())
        line["category"] = q.category;
    QStringList tags{QStringLiteral("problem-query")};
    tags << e.reasons;
    line["tags"] = tags;
    line["needs_review"] = true;
    json problem = json::object();
    problem["reasons"] = e.reasons;
    problem["query_source"] = e.querySource();
    problem["query_may_be_cut"] = q.queryMayBeCut;
    problem["occurrences"] = e.occurrences;
    problem["last_seen"] =
        e.lastSeen.isValid() ? json(e.lastSeen.toUTC().toString(Qt::ISODateWithMs)) : json(nullptr);
    problem["candidate_evidence_keys"] = q.candidateEvidenceKeys;
    problem["evidence_status"] = q.evidenceStatus;
    problem["selected_attempt"] =
        q.selectedAttempt.isEmpty() ? json(nullptr) : json(q.selectedAttempt);
    problem["relevance_level"] =
        q.relevanceLevel.isEmpty() ? json(nullptr) : json(q.relevanceLevel);
    problem["session_id"] = q.sessionId;
    problem["run_id"] = q.runId;
    problem["invocation_id"] = row_id::toJson(q.invocationId, q.invocationIdText);
    if (!e.feedbackComments.isEmpty())
        problem["feedback_comments"] = e.feedbackComments;
    line["problem"] = problem;
    return line;
}

json problemLibrarySummary(const ProblemLibrary& l)
{
    json reasons = json::object();
    int fromSample = 0;
    for (const ProblemLibraryEntry& e : l.entries) {
        for (const QString& r : e.reasons)
            reasons[r.toStdString()] = reasons.value(r.toStdString(), 0) + 1;
        if (e.querySource() == QLatin1String("full_trace_sample"))
            ++fromSample;
    }
    json out = json::object();
    out["queries"] = l.entries.size();
    out["problemRuns"] = l.problemRuns;
    out["lookupsRead"] = l.lookupsRead;
    out["duplicatesFolded"] = l.duplicates;
    out["queriesByReason"] = reasons;
    out["fromFullTraceSample"] = fromSample;
    out["fromAuditPreview"] = int(l.entries.size()) - fromSample;
    out["skipped"] = l.skipped;
    out["notes"] = l.notes;
    return out;
}

} // namespace raglens
