#include "demo/demo_coverage.h"

#include "common/json_qt.h"
#include "db/audit_database.h"
#include "model/retrieval_details.h"
#include "model/vocabulary.h"

#include <QHash>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

namespace raglens {

using nlohmann::json;

static const QString kPrecise = QStringLiteral("success_precise");
static const QString kReference = QStringLiteral("success_reference");
static const QString kFilteredDirect = QStringLiteral("filtered_attempt_used");
static const QString kRetryLow = QStringLiteral("retry_after_low_quality");
static const QString kRetryNone = QStringLiteral("retry_after_no_evidence");
static const QString kNoEvidenceFallback = QStringLiteral("no_evidence_fallback");
static const QString kMultiLookup = QStringLiteral("multi_step_two_lookups");
static const QString kNonRag = QStringLiteral("non_rag_tool");
static const QString kToolError = QStringLiteral("tool_error");

const QStringList& DemoCoverage::pathNames()
{
    static const QStringList names = {kPrecise,     kReference, kFilteredDirect,
                                      kRetryLow,    kRetryNone, kNoEvidenceFallback,
                                      kMultiLookup, kNonRag,    kToolError};
    return names;
}

QStringList DemoCoverage::missingPaths() const
{
    QStringList missing;
    for (const QString& p : pathNames())
        if (runsByPath.value(p).isEmpty())
            missing << p;
    return missing;
}

Expected<DemoCoverage> DemoCoverage::read(AuditDatabase& db)
{
    DemoCoverage c;
    QHash<QString, QString> outcome;
    {
        QSqlQuery q(db.sql());
        if (!q.exec(QStringLiteral("SELECT run_id, release_outcome FROM diagnosis_run")))
            return Error{q.lastError().text()};
        while (q.next())
            outcome.insert(q.value(0).toString(), q.value(1).toString());
    }
    QHash<QString, QSet<qint64>> lookupSteps;
    QSqlQuery q(db.sql());
    if (!q.exec(QStringLiteral("SELECT run_id, step_id, tool_name, success, relevance_level, "
                               "retrieval_details, retrieval_layer FROM tool_invocation "
                               "ORDER BY id")))
        return Error{q.lastError().text()};
    auto add = [&c](const QString& path, const QString& run) {
        QStringList& runs = c.runsByPath[path];
        if (!runs.contains(run))
            runs << run;
    };
    while (q.next()) {
        const QString run = q.value(0).toString();
        const QString tool = q.value(2).toString();
        const bool success = q.value(3).toBool();
        const QString level = q.value(4).toString();
        if (!success)
            add(kToolError, run);
        if (tool != vocab::kLookupKnowledge) {
            add(kNonRag, run);
            continue;
        }
        lookupSteps[run].insert(q.value(1).toLongLong());
        const RetrievalDetailsV1 d = RetrievalDetailsV1::fromJson(
            json::parse(q.value(5).toString().toStdString(), nullptr, false));
        const QString selected = d.selectedAttempt;
        const QString reason = d.retryReason;
        const QString status = d.evidenceStatus;
        const QString runOutcome = outcome.value(run);
        if (runOutcome == vocab::kSuccess && level == vocab::kPrecise)
            add(kPrecise, run);
        if (runOutcome == vocab::kSuccess && level == vocab::kReference)
            add(kReference, run);
        if (selected == vocab::kFilteredVector && success)
            add(kFilteredDirect, run);
        if (reason == vocab::kFilteredLowQuality)
            add(kRetryLow, run);
        if (reason == vocab::kFilteredNoEvidence)
            add(kRetryNone, run);
        if (status == vocab::kNoEvidence && runOutcome == vocab::kFallback)
            add(kNoEvidenceFallback, run);
    }
    for (auto it = lookupSteps.cbegin(); it != lookupSteps.cend(); ++it)
        if (it->size() >= 2)
            add(kMultiLookup, it.key());
    for (QStringList& runs : c.runsByPath)
        runs.sort();
    return c;
}

void to_json(json& j, const DemoCoverage& c)
{
    j = json::object();
    for (const QString& p : DemoCoverage::pathNames())
        j[p.toStdString()] = c.runsByPath.value(p);
}

} // namespace raglens
