#include "trace/trace_service.h"

#include "db/sql_dialect.h"
#include "db/sql_exec.h"
#include "trace/audit_browser.h"
#include "trace/audit_rows.h"
#include "trace/session_query.h"

#include <QCoreApplication>
#include <QSqlQuery>

#include <map>

namespace raglens {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(TraceService)
};

} // namespace

TraceService::TraceService(AuditDatabase& db) : m_db(db) {}

namespace {

/// The full traces sampled for the runs' calls, matched to them by invocation id.
Status attachSamples(AuditDatabase& db, const QStringList& runIds,
                     std::vector<TraceInvocation>& calls)
{
    if (!db.hasTable(QStringLiteral("lookup_trace_sample")) || calls.empty())
        return ok();
    QSqlQuery q(db.sql());
    // Keyed by the call's own id cell as row_id reads it (860 and '860' are two calls).
    std::map<std::pair<qint64, QString>, std::pair<QString, QString>> samples;
    const QString sampleOfCall = SqlDialect(db).keysEqual(
        QStringLiteral("tool_invocation"), QStringLiteral("i.id"),
        QStringLiteral("lookup_trace_sample"), QStringLiteral("t.invocation_id"));
    for (qsizetype at = 0; at < runIds.size(); at += kValuesPerStatement) {
        const BoundList part =
            SqlDialect(db).boundKeys(QStringLiteral("tool_invocation"), QStringLiteral("run_id"),
                                     runIds.mid(at, kValuesPerStatement));
        if (Status s = execQuery(db, q,
                                 QStringLiteral("SELECT i.id, t.reason, "
                                                "t.lookup_result FROM lookup_trace_sample t "
                                                "JOIN tool_invocation i ON %2 "
                                                "WHERE i.run_id IN (%1)")
                                     .arg(part.marks, sampleOfCall),
                                 part.binds);
            !s)
            return s;
        while (q.next()) {
            QString text;
            const qint64 id = row_id::read(q.value(0), &text).value_or(0);
            samples[{id, text}] = {SqlDialect::text(q.value(1)), SqlDialect::text(q.value(2))};
        }
        if (Status s = afterRows(q); !s)
            return s;
    }
    for (TraceInvocation& inv : calls) {
        auto it = samples.find({inv.id, inv.idText});
        if (it == samples.end())
            continue;
        inv.fullTraceReason = it->second.first;
        audit_rows::readFullTrace(it->second.second, inv);
    }
    return ok();
}

} // namespace

QString TraceService::noSession(const AuditBrowser& browser, const QString& sessionId) const
{
    const QString none = Tr::tr("No session '%1' in %2.").arg(sessionId, m_db.location().display());
    // Calls may name the session while their run rows name another: they are shown there
    // (AuditBrowser::invocationsOfSessionRuns()), and the user is told where.
    const int shown = 3;
    auto elsewhere = browser.runsElsewhereHoldingCallsOf(sessionId, shown + 1);
    if (!elsewhere || elsewhere->empty())
        return none;
    QStringList runs;
    for (int k = 0; k < std::min<int>(shown, int(elsewhere->size())); ++k)
        runs << Tr::tr("run '%1' of session '%2'")
                    .arg((*elsewhere)[size_t(k)].first, (*elsewhere)[size_t(k)].second);
    if (int(elsewhere->size()) > shown)
        runs << Tr::tr("more");
    return Tr::tr("%1 Calls that name it belong to runs recorded under other sessions, and are "
                  "shown there: %2.")
        .arg(none, runs.join(QStringLiteral(", ")));
}

Expected<DiagnosisTraceResponse>
TraceService::getTrace(const QString& sessionId, const QString& runId, Contents contents) const
{
    const bool everything = contents == Contents::Everything;
    if (Status s = requireTables(
            m_db, {QStringLiteral("diagnosis_run"), QStringLiteral("tool_invocation")});
        !s)
        return Error{s.error()};
    // An empty session id is a value some writers store (and the list shows): it is looked
    // up like any other.

    AuditBrowser browser(m_db);
    auto runs = browser.runsOfSession(sessionId);
    if (!runs)
        return Error{runs.error()};
    if (runs->empty())
        return Error{noSession(browser, sessionId), /*notFound=*/true};

    DiagnosisTraceResponse out;
    out.sessionId = sessionId;
    for (const TraceRun& run : *runs) {
        if (!runId.isEmpty() && run.runId != runId)
            continue;
        out.runs.push_back(run);
    }
    if (out.runs.empty())
        return Error{Tr::tr("Session '%1' has no run '%2'.").arg(sessionId, runId),
                     /*notFound=*/true};

    // Each table read once for all the runs (a statement per few hundred runs): on a server
    // a statement per run and table was a round trip each.
    QStringList runIds;
    for (const TraceRun& run : out.runs)
        runIds << run.runId;
    if (everything) {
        auto steps = browser.stepsOfRuns(runIds);
        if (!steps)
            return Error{steps.error()};
        out.steps = std::move(*steps);
    }
    auto invocations = browser.invocationsOfSessionRuns(out.runs, sessionId);
    if (!invocations)
        return Error{invocations.error()};
    out.toolInvocations = std::move(*invocations);
    if (everything) {
        auto events = browser.eventsOfRuns(runIds);
        if (!events)
            return Error{events.error()};
        out.timeline = std::move(*events);
    }

    if (Status s = attachSamples(m_db, runIds, out.toolInvocations); !s)
        return Error{s.error()};

    for (const TraceRun& run : out.runs) {
        auto feedback = browser.feedbackOfRun(run.runId);
        if (!feedback)
            return Error{feedback.error()};
        for (RunFeedback& f : *feedback)
            out.feedback.push_back(std::move(f));
    }
    return out;
}

} // namespace raglens
