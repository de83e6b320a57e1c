#include "trace/session_query.h"

#include "common/logging.h"
#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

namespace raglens {

static QString tr(const char* text)
{
    return QCoreApplication::translate("AuditBrowser", text);
}

Status execQuery(QSqlQuery& q, const QString& sql, const QVariantList& binds)
{
    // Readers walk results once; forward-only keeps drivers from caching every row.
    q.setForwardOnly(true);
    if (!q.prepare(sql))
        return Error{tr("Cannot read the audit database: %1").arg(q.lastError().text())};
    for (const QVariant& v : binds)
        q.addBindValue(v);
    if (!q.exec()) {
        qCWarning(lcTrace) << "query failed" << sql << q.lastError().text();
        return Error{tr("Cannot read the audit database: %1").arg(q.lastError().text())};
    }
    return ok();
}

Status requireTables(const AuditDatabase& db, const QStringList& tables)
{
    for (const QString& t : tables) {
        if (!db.hasTable(t))
            return Error{tr("%1 has no %2 table; is it a RagLens/agent audit database?")
                             .arg(db.location().display(), t)};
    }
    return ok();
}

QString SessionQuery::evidenceStatusExpr() const
{
    // Legacy rows carry the status in relevance_level instead of the details.
    return QStringLiteral("COALESCE(%1, CASE WHEN i.relevance_level IN ('EVIDENCE_FOUND', "
                          "'NO_EVIDENCE', 'ERROR') THEN i.relevance_level END)")
        .arg(m_dialect.jsonText(QStringLiteral("i.retrieval_details"),
                                QStringLiteral("tool_invocation"),
                                QStringLiteral("evidence_status")));
}

SqlFragment SessionQuery::runCondition(const SessionFilter& f) const
{
    QStringList conds;
    QVariantList binds;
    const QString details = QStringLiteral("i.retrieval_details");
    const QString table = QStringLiteral("tool_invocation");

    if (!f.outcome.isEmpty()) {
        conds << QStringLiteral("r.release_outcome = ?");
        binds << f.outcome;
    }
    if (f.since.isValid()) {
        conds << m_dialect.timeCompare(QStringLiteral("r.started_at"), QStringLiteral(">="));
        binds << m_dialect.timeParam(f.since);
    }
    if (f.until.isValid()) {
        conds << m_dialect.timeCompare(QStringLiteral("r.started_at"), QStringLiteral("<"));
        binds << m_dialect.timeParam(f.until);
    }

    // Invocation conditions must hold for one and the same invocation of the run.
    QStringList inv;
    QVariantList invBinds;
    if (!f.evidenceStatus.isEmpty()) {
        inv << evidenceStatusExpr() + QStringLiteral(" = ?");
        invBinds << f.evidenceStatus;
    }
    if (!f.relevanceLevel.isEmpty()) {
        if (f.relevanceLevel.compare(QLatin1String("NONE"), Qt::CaseInsensitive) == 0) {
            // No level, or a legacy value that reads as no level; only lookups have levels.
            inv << QStringLiteral("i.tool_name = ? AND (i.relevance_level IS NULL OR "
                                  "i.relevance_level NOT IN (?, ?))");
            invBinds << vocab::kLookupKnowledge << vocab::kPrecise << vocab::kReference;
        } else {
            inv << QStringLiteral("i.relevance_level = ?");
            invBinds << f.relevanceLevel;
        }
    }
    if (!f.selectedAttempt.isEmpty()) {
        inv << m_dialect.jsonText(details, table, QStringLiteral("selected_attempt")) +
                   QStringLiteral(" = ?");
        invBinds << f.selectedAttempt;
    }
    if (!f.fallbackReason.isEmpty()) {
        inv << m_dialect.jsonText(details, table, QStringLiteral("fallback_reason")) +
                   QStringLiteral(" = ?");
        invBinds << f.fallbackReason;
    }
    if (!f.toolName.isEmpty()) {
        inv << QStringLiteral("i.tool_name = ?");
        invBinds << f.toolName;
    }
    if (!inv.isEmpty()) {
        conds << QStringLiteral("EXISTS (SELECT 1 FROM tool_invocation i WHERE i.run_id = "
                                "r.run_id AND %1)")
                     .arg(inv.join(QStringLiteral(" AND ")));
        binds << invBinds;
    }

    if (!f.text.trimmed().isEmpty()) {
        const QString pattern = SqlDialect::likePattern(f.text.trimmed());
        const QString like = QStringLiteral(" LIKE ? ESCAPE '!'");
        conds << QStringLiteral("(%1 OR %2 OR %3 OR EXISTS (SELECT 1 FROM tool_invocation i "
                                "WHERE i.run_id = r.run_id AND %4))")
                     .arg(m_dialect.lowerText(QStringLiteral("r.session_id")) + like,
                          m_dialect.lowerText(QStringLiteral("r.user_id")) + like,
                          m_dialect.lowerText(QStringLiteral("r.question")) + like,
                          m_dialect.lowerText(QStringLiteral("i.input_params")) + like);
        binds << pattern << pattern << pattern << pattern;
    }
    if (conds.isEmpty())
        return {QStringLiteral("1 = 1"), {}};
    return {conds.join(QStringLiteral(" AND ")), binds};
}

} // namespace raglens
