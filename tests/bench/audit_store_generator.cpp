#include "audit_store_generator.h"

#include "support/fixture_db.h"

#include <QDateTime>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

#include <random>

namespace raglens::bench {

namespace {

const char* const kIndexes[] = {
    "CREATE INDEX idx_run_session ON diagnosis_run(session_id)",
    "CREATE INDEX idx_run_started ON diagnosis_run(started_at)",
    "CREATE INDEX idx_inv_run ON tool_invocation(run_id)",
    "CREATE INDEX idx_inv_session ON tool_invocation(session_id)",
    "CREATE INDEX idx_step_run ON agent_step(run_id)",
    "CREATE INDEX idx_trace_run ON diagnosis_trace(run_id)",
};

QString details(std::mt19937& rng, bool fallback)
{
    // Most lookups find evidence on the filtered attempt; a fallback run's lookups did not.
    const int roll = int(rng() % 100);
    const bool empty = fallback ? roll < 80 : roll < 6;
    const bool retried = empty || roll < 15;
    const QString status = empty ? QStringLiteral("NO_EVIDENCE") : QStringLiteral("EVIDENCE_FOUND");
    QString attempts = QStringLiteral(R"({"name":"FILTERED_VECTOR","candidate_count":%1,)"
                                      R"("top_similarity":0.%2,"usable":%3,"duration_ms":4})")
                           .arg(empty ? 0 : 5)
                           .arg(empty ? 11 : 72)
                           .arg(retried ? "false" : "true");
    if (retried)
        attempts += QStringLiteral(R"(,{"name":"UNFILTERED_VECTOR_RETRY","candidate_count":%1,)"
                                   R"("top_similarity":0.%2,"usable":%3,"duration_ms":6})")
                        .arg(empty ? 0 : 5)
                        .arg(empty ? 18 : 64)
                        .arg(empty ? "false" : "true");
    return QStringLiteral(
               R"({"audit_schema":"rag_lookup_v1","evidence_status":"%1",)"
               R"("selected_attempt":"%2","fallback_reason":%3,"attempts":[%4],)"
               R"("returned_count":%5,"evidence_keys":[],"context_pack_truncated":false})")
        .arg(status,
             retried ? QStringLiteral("UNFILTERED_VECTOR_RETRY")
                     : QStringLiteral("FILTERED_VECTOR"),
             retried ? QStringLiteral("\"NO_USABLE_FILTERED_RESULT\"") : QStringLiteral("null"),
             attempts)
        .arg(empty ? 0 : 5);
}

} // namespace

QString writeAuditStore(const QString& path, const AuditStoreShape& shape)
{
    if (QFile::exists(path))
        return QStringLiteral("%1 exists").arg(path);
    const QString name = QUuid::createUuid().toString();
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (!db.open())
            return db.lastError().text();
        QSqlQuery q(db);
        q.exec(QStringLiteral("PRAGMA journal_mode=OFF"));
        q.exec(QStringLiteral("PRAGMA synchronous=OFF"));
        for (const QString& ddl : test::productionSchemaDdl())
            if (!q.exec(ddl))
                return q.lastError().text();
        db.transaction();
        QSqlQuery run(db), step(db), inv(db), event(db);
        run.prepare(QStringLiteral("INSERT INTO diagnosis_run VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"));
        step.prepare(QStringLiteral("INSERT INTO agent_step VALUES (?,?,?,?,?,?,?,?)"));
        inv.prepare(QStringLiteral(
            "INSERT INTO tool_invocation VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"));
        event.prepare(QStringLiteral(
            "INSERT INTO diagnosis_trace (session_id, run_id, step_id, event_type, details, "
            "created_at) VALUES (?,?,?,?,?,?)"));
        std::mt19937 rng(shape.seed);
        const QDateTime origin(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
        qint64 invocationId = 0, stepId = 0;
        int session = 0, runsLeftInSession = 0;
        for (int r = 0; invocationId < shape.invocations; ++r) {
            if (runsLeftInSession == 0) {
                ++session;
                runsLeftInSession = 1 + int(rng() % 3);
            }
            --runsLeftInSession;
            const QString sessionId =
                QStringLiteral("sess-%1").arg(session, 8, 10, QLatin1Char('0'));
            const QString runId = QStringLiteral("run-%1").arg(r, 9, 10, QLatin1Char('0'));
            const bool fallback = rng() % 10 == 0;
            const QDateTime started = origin.addSecs(qint64(r) * 20);
            const QString at = started.toString(Qt::ISODateWithMs);
            const int steps = 1 + int(rng() % 4);
            const QVariantList runRow = {
                runId,
                sessionId,
                QStringLiteral("user-%1").arg(rng() % 500),
                QStringLiteral("question %1: order-service pool timeout on node %2")
                    .arg(r)
                    .arg(rng() % 40),
                QStringLiteral("COMPLETED"),
                fallback ? QStringLiteral("FALLBACK") : QStringLiteral("SUCCESS"),
                fallback ? QStringLiteral("SAFE_FALLBACK") : QStringLiteral("DIAGNOSIS_REPORT"),
                fallback ? QStringLiteral("INSUFFICIENT_EVIDENCE") : QVariant(),
                steps,
                int(500 + rng() % 4000),
                at,
                started.addSecs(15).toString(Qt::ISODateWithMs)};
            // About one run in 500 was never recorded: its calls are orphans.
            if (rng() % 500 != 7) {
                for (const QVariant& v : runRow)
                    run.addBindValue(v);
                if (!run.exec())
                    return run.lastError().text();
            }
            for (int s = 0; s < steps; ++s) {
                ++stepId;
                const QString stepAt = started.addSecs(s * 3).toString(Qt::ISODateWithMs);
                for (const QVariant& v :
                     QVariantList{stepId, runId, s, QStringLiteral("agent-%1").arg(s), 1,
                                  int(rng() % 900), stepAt, stepAt})
                    step.addBindValue(v);
                if (!step.exec())
                    return step.lastError().text();
                const int calls = int(rng() % 2) + (s == 0 ? 1 : 0);
                for (int c = 0; c < calls; ++c) {
                    ++invocationId;
                    const bool lookup = rng() % 4 != 0;
                    const int quirk = int(rng() % 1000);
                    QVariant relevance, detailsText;
                    if (lookup && quirk < 10) { // legacy row: status only in relevance_level
                        relevance = fallback ? QStringLiteral("NO_EVIDENCE")
                                             : QStringLiteral("EVIDENCE_FOUND");
                    } else if (lookup) {
                        relevance = QStringLiteral("PRECISE");
                        QString text = details(rng, fallback);
                        if (quirk == 999)
                            text.chop(text.size() / 2); // cut off mid-document
                        detailsText = text;
                    }
                    // One call in 200 names its session but no run.
                    const QVariant callRun = quirk >= 10 && quirk < 15 ? QVariant() : runId;
                    for (const QVariant& v : QVariantList{
                             invocationId, callRun, sessionId, stepId,
                             QStringLiteral("call-%1").arg(invocationId),
                             lookup ? QStringLiteral("lookup_knowledge")
                                    : QStringLiteral("query_metrics"),
                             lookup ? QStringLiteral("L1") : QVariant(), relevance, 1, 2, 0,
                             detailsText, QStringLiteral("preview of call %1").arg(invocationId),
                             QStringLiteral(R"({"query":"query_text_%1"})").arg(invocationId),
                             int(rng() % 300), 1, QVariant(), QVariant(), stepAt})
                        inv.addBindValue(v);
                    if (!inv.exec())
                        return inv.lastError().text();
                }
            }
            for (const QVariant& v :
                 QVariantList{sessionId, runId, QVariant(), QStringLiteral("RUN_FINISHED"),
                              QStringLiteral("{}"), at})
                event.addBindValue(v);
            if (!event.exec())
                return event.lastError().text();
        }
        if (!db.commit())
            return db.lastError().text();
        for (const char* ddl : kIndexes)
            if (!q.exec(QString::fromLatin1(ddl)))
                return q.lastError().text();
        q.exec(QStringLiteral("ANALYZE"));
    }
    QSqlDatabase::removeDatabase(name);
    return error;
}

} // namespace raglens::bench
