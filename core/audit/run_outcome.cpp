#include "audit/run_outcome.h"

#include "db/audit_database.h"
#include "model/vocabulary.h"

#include <QSqlError>
#include <QSqlQuery>

namespace raglens {

RunFinish RunOutcome::fromEvidence(bool relevantEvidence, bool producesReport)
{
    RunFinish f;
    f.status = vocab::kCompleted;
    if (relevantEvidence) {
        f.releaseOutcome = vocab::kSuccess;
        f.contentType = producesReport ? vocab::kDiagnosisReport : QString();
    } else {
        f.releaseOutcome = vocab::kFallback;
        f.contentType = producesReport ? vocab::kSafeFallback : QString();
        f.fallbackReason = vocab::kInsufficientEvidence;
    }
    return f;
}

Expected<bool> RunOutcome::runHasRelevantEvidence(AuditDatabase& db, const QString& runId)
{
    QSqlQuery q(db.sql());
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM tool_invocation WHERE run_id = ? AND "
                             "tool_name = ? AND success = ? AND relevance_level IN (?, ?)"));
    q.addBindValue(runId);
    q.addBindValue(vocab::kLookupKnowledge);
    q.addBindValue(true);
    q.addBindValue(vocab::kPrecise);
    q.addBindValue(vocab::kReference);
    if (!q.exec() || !q.next())
        return Error{q.lastError().text()};
    return q.value(0).toInt() > 0;
}

} // namespace raglens
