#include "trace/trace_service.h"

#include "trace/audit_browser.h"
#include "trace/audit_rows.h"
#include "trace/session_query.h"
#include "trace/sql_dialect.h"

#include <QCoreApplication>
#include <QSqlQuery>

#include <map>

namespace raglens {

static QString tr(const char* text)
{
    return QCoreApplication::translate("TraceService", text);
}

TraceService::TraceService(AuditDatabase& db) : m_db(db) {}

Expected<DiagnosisTraceResponse> TraceService::getTrace(const QString& sessionId,
                                                        const QString& runId) const
{
    if (Status s = requireTables(
            m_db, {QStringLiteral("diagnosis_run"), QStringLiteral("tool_invocation")});
        !s)
        return Error{s.error()};
    if (sessionId.isEmpty())
        return Error{tr("No session id given.")};

    AuditBrowser browser(m_db);
    auto runs = browser.runsOfSession(sessionId);
    if (!runs)
        return Error{runs.error()};
    if (runs->empty())
        return Error{tr("No session '%1' in %2.").arg(sessionId, m_db.location().display())};

    DiagnosisTraceResponse out;
    out.sessionId = sessionId;
    for (const TraceRun& run : *runs) {
        if (!runId.isEmpty() && run.runId != runId)
            continue;
        out.runs.push_back(run);
    }
    if (out.runs.empty())
        return Error{tr("Session '%1' has no run '%2'.").arg(sessionId, runId)};

    const bool hasSamples = m_db.hasTable(QStringLiteral("lookup_trace_sample"));
    const bool hasFeedback = m_db.hasTable(QStringLiteral("run_feedback"));
    QSqlQuery q(m_db.sql());
    for (const TraceRun& run : out.runs) {
        auto steps = browser.stepsOfRun(run.runId);
        if (!steps)
            return Error{steps.error()};
        out.steps.insert(out.steps.end(), steps->begin(), steps->end());

        auto invocations = browser.invocationsOfRun(run.runId);
        if (!invocations)
            return Error{invocations.error()};
        if (hasSamples && !invocations->empty()) {
            // One query per run for the samples, matched by invocation id.
            if (Status s = execQuery(m_db, q,
                                     QStringLiteral("SELECT t.invocation_id, t.reason, "
                                                    "t.lookup_result FROM lookup_trace_sample t "
                                                    "JOIN tool_invocation i ON i.id = "
                                                    "t.invocation_id WHERE i.run_id = ?"),
                                     {run.runId});
                !s)
                return Error{s.error()};
            std::map<qint64, std::pair<QString, QString>> samples;
            while (q.next())
                samples[q.value(0).toLongLong()] = {SqlDialect::text(q.value(1)),
                                                    SqlDialect::text(q.value(2))};
            if (Status s = afterRows(q); !s)
                return Error{s.error()};
            for (TraceInvocation& inv : *invocations) {
                auto it = samples.find(inv.id);
                if (it == samples.end())
                    continue;
                inv.fullTraceReason = it->second.first;
                inv.fullTrace = audit_rows::parseJsonColumn(it->second.second, nullptr);
            }
        }
        out.toolInvocations.insert(out.toolInvocations.end(), invocations->begin(),
                                   invocations->end());

        auto events = browser.eventsOfRun(run.runId);
        if (!events)
            return Error{events.error()};
        out.timeline.insert(out.timeline.end(), events->begin(), events->end());

        if (hasFeedback) {
            if (Status s =
                    execQuery(m_db, q,
                              QStringLiteral("SELECT %1 FROM run_feedback f WHERE "
                                             "f.run_id = ? ORDER BY %2")
                                  .arg(audit_rows::feedbackColumns(QStringLiteral("f"), &m_db),
                                       audit_rows::columnOrNull(
                                           m_db, QStringLiteral("run_feedback"),
                                           QStringLiteral("f"), QStringLiteral("created_at"))),
                              {run.runId});
                !s)
                return Error{s.error()};
            while (q.next())
                out.feedback.push_back(audit_rows::readFeedback(q));
            if (Status s = afterRows(q); !s)
                return Error{s.error()};
        }
    }
    return out;
}

} // namespace raglens
