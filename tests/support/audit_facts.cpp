#include "support/audit_facts.h"

#include "trace/audit_rows.h"

#include <QSqlError>
#include <QSqlQuery>

namespace raglens::test {

QString AuditFacts::read(AuditDatabase& db)
{
    QSqlQuery q(db.sql());
    if (!q.exec(QStringLiteral("SELECT %1 FROM diagnosis_run r")
                    .arg(audit_rows::runColumns(QStringLiteral("r"), &db))))
        return q.lastError().text();
    while (q.next()) {
        TraceRun run = audit_rows::readRun(q);
        runs[run.runId] = run;
    }
    if (!q.exec(QStringLiteral("SELECT %1 FROM tool_invocation i ORDER BY i.created_at, i.id")
                    .arg(audit_rows::invocationColumns(QStringLiteral("i"), &db))))
        return q.lastError().text();
    while (q.next()) {
        TraceInvocation inv = audit_rows::readInvocation(q);
        invocations[inv.id] = interpret::interpretInvocation(inv);
        runInvocations[inv.runId].push_back(inv.id);
        rows[inv.id] = std::move(inv);
    }
    std::map<QString, std::vector<QString>> outcomes;
    for (const auto& [runId, run] : runs) {
        std::vector<interpret::InterpretedCall> calls;
        for (qint64 id : runInvocations[runId])
            calls.push_back(
                {id, rows[id].toolName, invocations[id], rows[id].idText, rows[id].createdAt});
        causes[runId] = interpret::runFallbackCause(run, calls);
        outcomes[run.sessionId].push_back(interpret::runOutcome(run));
    }
    for (const auto& [session, list] : outcomes)
        sessions[session] = interpret::sessionOutcome(list);
    // Sessions known only from calls without a run row (or one without a session) are
    // listed too, with no outcome; a call whose run row names another session is that
    // session's.
    for (const auto& [id, row] : rows) {
        const auto run = runs.find(row.runId);
        const bool runless =
            row.runId.isEmpty() || run == runs.end() || run->second.sessionId.isNull();
        if (runless && !row.sessionId.isEmpty() && !sessions.count(row.sessionId))
            sessions[row.sessionId] = interpret::sessionOutcome(std::vector<QString>{});
    }
    return {};
}

} // namespace raglens::test
