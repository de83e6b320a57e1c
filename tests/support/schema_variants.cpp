#include "support/schema_variants.h"

#include "support/fixture_db_rows.h"

#include <QDateTime>
#include <QSqlQuery>

#include <nlohmann/json.hpp>

namespace raglens::test {

using nlohmann::json;

QStringList schemaVariantNames()
{
    return {QStringLiteral("pre-step-id"),    QStringLiteral("no-user-question"),
            QStringLiteral("no-timeline"),    QStringLiteral("extra-columns"),
            QStringLiteral("orphans"),        QStringLiteral("legacy-only"),
            QStringLiteral("views"),          QStringLiteral("epoch-times"),
            QStringLiteral("iso-text-times"), QStringLiteral("text-ids")};
}

SchemaVariant schemaVariantFromName(const QString& name)
{
    return SchemaVariant(std::max<qsizetype>(0, schemaVariantNames().indexOf(name)));
}

namespace {

QVariant null()
{
    return QVariant(QMetaType::fromType<QString>());
}

QString details(const char* status, const char* attempt, int candidates)
{
    return QString::fromStdString(json{
        {"audit_schema", "rag_lookup_v1"},
        {"search_mode", "hybrid"},
        {"selected_attempt", attempt},
        {"fallback_reason", nullptr},
        {"evidence_keys", json::array()},
        {"attempts", {{{"name", attempt}, {"candidate_count", candidates}, {"usable", false}}}},
        {"truncated", false},
        {"returned_count", 0},
        {"evidence_status", status}}.dump());
}

struct Columns
{
    bool stepId = true;
    bool userQuestion = true;
    bool extra = false;
};

} // namespace

void dropVariantViews(QSqlDatabase db)
{
    // On the other variants these names are tables, and DROP VIEW is refused: fine.
    for (const char* name : {"tool_invocation", "diagnosis_run"}) {
        QSqlQuery(db).exec(QStringLiteral("DROP VIEW IF EXISTS %1").arg(QString::fromLatin1(name)));
        QSqlQuery(db).exec(
            QStringLiteral("DROP TABLE IF EXISTS stored_%1").arg(QString::fromLatin1(name)));
    }
}

QString writeSchemaVariant(QSqlDatabase db, SchemaVariant v)
{
    FixtureWriter w{db, {}};
    const QString driver = db.driverName();
    dropVariantViews(db);
    for (const char* t :
         {"lookup_trace_sample", "run_feedback", "diagnosis_trace", "tool_invocation", "agent_step",
          "diagnosis_run", "raglens_schema_version", "agent_extra_notes"})
        w.exec(QStringLiteral("DROP TABLE IF EXISTS %1").arg(QString::fromLatin1(t)));
    const bool epoch = v == SchemaVariant::EpochTimes;
    const bool isoText = v == SchemaVariant::IsoTextTimes;
    const QString time = epoch                               ? QStringLiteral("BIGINT")
                         : isoText                           ? QStringLiteral("VARCHAR(40)")
                         : driver == QLatin1String("QPSQL")  ? QStringLiteral("TIMESTAMP(3)")
                         : driver == QLatin1String("QMYSQL") ? QStringLiteral("DATETIME(3)")
                                                             : QStringLiteral("TEXT");
    // Step, call and event ids: integers, or UUIDs in the column type each backend has.
    const bool textIds = v == SchemaVariant::TextIds;
    const QString idType = !textIds                           ? QStringLiteral("INTEGER")
                           : driver == QLatin1String("QPSQL") ? QStringLiteral("UUID")
                                                              : QStringLiteral("VARCHAR(36)");
    const auto idValue = [textIds](int n) -> QVariant {
        if (!textIds)
            return n;
        return QStringLiteral("00000000-0000-4000-8000-%1").arg(n, 12, 10, QLatin1Char('0'));
    };
    Columns c;
    c.stepId = v != SchemaVariant::PreStepId;
    c.userQuestion = v != SchemaVariant::NoUserQuestion;
    c.extra = v == SchemaVariant::ExtraColumns;
    const QString extra =
        c.extra ? QStringLiteral(", tenant VARCHAR(32), shard INTEGER") : QString();

    w.exec(QStringLiteral("CREATE TABLE diagnosis_run (run_id VARCHAR(64) PRIMARY KEY, "
                          "session_id VARCHAR(64)%1, status VARCHAR(32), release_outcome "
                          "VARCHAR(32), content_type VARCHAR(32), fallback_reason VARCHAR(64), "
                          "tool_call_count INTEGER%4, started_at %2, finished_at %2%3)")
               .arg(c.userQuestion ? QStringLiteral(", user_id VARCHAR(64), question TEXT")
                                   : QString(),
                    time, extra,
                    // The thin writer keeps no token count either (PostgreSQL once refused the
                    // session list's SUM over the missing column).
                    c.userQuestion ? QStringLiteral(", total_token_count INTEGER") : QString()));
    w.exec(QStringLiteral("CREATE TABLE agent_step (id %3 PRIMARY KEY, run_id VARCHAR(64), "
                          "step_index INTEGER, agent_name VARCHAR(64), has_tool_call INTEGER, "
                          "token_count INTEGER, started_at %1, finished_at %1%2)")
               .arg(time, extra, idType));
    w.exec(QStringLiteral("CREATE TABLE tool_invocation (id %4 PRIMARY KEY, run_id "
                          "VARCHAR(64), session_id VARCHAR(64)%1, tool_call_id VARCHAR(64), "
                          "tool_name VARCHAR(64), retrieval_layer VARCHAR(16), relevance_level "
                          "VARCHAR(32), l0_match_count INTEGER, l1_match_count INTEGER, "
                          "is_truncated INTEGER, retrieval_details TEXT, output_preview TEXT, "
                          "input_params TEXT, duration_ms INTEGER, success INTEGER, "
                          "error_message TEXT, dedup_reason TEXT, created_at %2%3)")
               .arg(c.stepId ? QStringLiteral(", step_id ") + idType : QString(), time, extra,
                    idType));
    if (v != SchemaVariant::NoTimeline) {
        w.exec(QStringLiteral("CREATE TABLE diagnosis_trace (id %3 PRIMARY KEY, session_id "
                              "VARCHAR(64), run_id VARCHAR(64), step_id %3, event_type "
                              "VARCHAR(32), details TEXT, created_at %1%2)")
                   .arg(time, extra, idType));
        w.exec(QStringLiteral("CREATE TABLE run_feedback (run_id VARCHAR(64), satisfied "
                              "INTEGER, comment TEXT, created_at %1%2)")
                   .arg(time, extra));
    }
    if (c.extra)
        w.exec(QStringLiteral("CREATE TABLE agent_extra_notes (id INTEGER PRIMARY KEY, note "
                              "TEXT)"));

    const auto at = [epoch, isoText](int second) -> QVariant {
        const QDateTime t(QDate(2026, 11, 20), QTime(10, 0, second), Qt::UTC);
        if (epoch)
            return t.toMSecsSinceEpoch();
        // ISO 8601 allows 't' and 'z' in lower case: one run's times are written so.
        if (isoText)
            return second % 20 == 10 ? t.toString(Qt::ISODate).toLower() : t.toString(Qt::ISODate);
        return QStringLiteral("2026-11-20 10:00:%1.000").arg(second, 2, 10, QLatin1Char('0'));
    };
    struct Run
    {
        QString id, session, outcome, content, reason;
        int second;
    };
    const std::vector<Run> runs = {
        {QStringLiteral("sv-run-success"), variant::kSuccessSession, QStringLiteral("SUCCESS"),
         QStringLiteral("DIAGNOSIS_REPORT"), QString(), 0},
        {variant::kEmptyRun, variant::kEmptySession, QStringLiteral("FALLBACK"),
         QStringLiteral("SAFE_FALLBACK"), QStringLiteral("INSUFFICIENT_EVIDENCE"), 10},
        {variant::kToolErrorRun, variant::kToolErrorSession, QStringLiteral("FALLBACK"),
         QStringLiteral("SAFE_FALLBACK"), QStringLiteral("INSUFFICIENT_EVIDENCE"), 20}};
    int stepId = 100;
    int invocationId = 500;
    for (const Run& r : runs) {
        QVariantList row = {r.id, r.session};
        if (c.userQuestion)
            row << QStringLiteral("alice") << QStringLiteral("why is the pool exhausted?");
        row << QStringLiteral("COMPLETED") << r.outcome << r.content
            << (r.reason.isEmpty() ? null() : QVariant(r.reason)) << 1;
        if (c.userQuestion)
            row << 900;
        row << at(r.second) << at(r.second + 5);
        if (c.extra)
            row << QStringLiteral("acme") << 3;
        w.insert(QStringLiteral("diagnosis_run"), row);
        QVariantList step = {
            idValue(++stepId), r.id, 0, QStringLiteral("retriever"), 1, 300, at(r.second + 1),
            at(r.second + 2)};
        if (c.extra)
            step << QStringLiteral("acme") << 3;
        w.insert(QStringLiteral("agent_step"), step);

        const bool toolError = r.id == variant::kToolErrorRun;
        const bool empty = r.id == variant::kEmptyRun;
        const bool legacy = v == SchemaVariant::LegacyOnly;
        const QString tool =
            toolError ? QStringLiteral("query_logs") : QStringLiteral("lookup_knowledge");
        const QString status =
            empty ? QStringLiteral("NO_EVIDENCE") : QStringLiteral("EVIDENCE_FOUND");
        QVariantList inv = {idValue(++invocationId), r.id, r.session};
        if (c.stepId)
            inv << idValue(stepId);
        inv << QStringLiteral("call-%1").arg(invocationId) << tool
            << (toolError ? QStringLiteral("HARNESS") : QStringLiteral("L1"))
            << (toolError ? null()
                : legacy  ? QVariant(status)
                : empty   ? null()
                          : QVariant(QStringLiteral("PRECISE")))
            << 1 << (empty ? 0 : 2) << 0
            << (toolError || legacy ? null()
                : empty && c.extra
                    // A writer that also encodes its details twice: a JSON string holding them.
                    ? QVariant(QString::fromStdString(
                          json(details("NO_EVIDENCE", "UNFILTERED_VECTOR", 0).toStdString())
                              .dump()))
                    : QVariant(details(empty ? "NO_EVIDENCE" : "EVIDENCE_FOUND",
                                       "UNFILTERED_VECTOR", empty ? 0 : 4)))
            << QStringLiteral("preview")
            << QStringLiteral("{\"query\":\"pool exhausted\",\"tool_call_id\":\"call-%1\"}")
                   .arg(invocationId)
            << 12 << (toolError ? 0 : 1)
            << (toolError ? QVariant(QStringLiteral("log query timed out")) : null()) << QString()
            << at(r.second + 2);
        if (c.extra)
            inv << QStringLiteral("acme") << 3;
        w.insert(QStringLiteral("tool_invocation"), inv);
    }
    if (v == SchemaVariant::Orphans) {
        // Calls of a run that was never recorded, in the empty session.
        QVariantList inv = {++invocationId, variant::kOrphanRun, variant::kEmptySession};
        if (c.stepId)
            inv << null();
        inv << QStringLiteral("call-orphan") << QStringLiteral("lookup_knowledge")
            << QStringLiteral("L1") << null() << 0 << 0 << 0
            << details("NO_EVIDENCE", "UNFILTERED_VECTOR", 0) << QStringLiteral("preview")
            << QStringLiteral("{\"query\":\"orphan\"}") << 5 << 1 << null() << QString() << at(40);
        w.insert(QStringLiteral("tool_invocation"), inv);
        // ... and in a session that has no run row at all.
        QVariantList only = {++invocationId, variant::kOrphanOnlyRun, variant::kOrphanOnlySession};
        if (c.stepId)
            only << null();
        only << QStringLiteral("call-orphan-only") << QStringLiteral("lookup_knowledge")
             << QStringLiteral("L1") << null() << 0 << 0 << 0
             << details("NO_EVIDENCE", "UNFILTERED_VECTOR", 0) << QStringLiteral("preview")
             << QStringLiteral("{\"query\":\"orphan\"}") << 5 << 1 << null() << QString() << at(41);
        w.insert(QStringLiteral("tool_invocation"), only);
        // ... and a call that names its session but no run at all.
        QVariantList runless = {++invocationId, null(), variant::kEmptySession};
        if (c.stepId)
            runless << null();
        runless << QStringLiteral("call-runless") << QStringLiteral("lookup_knowledge")
                << QStringLiteral("L1") << null() << 0 << 0 << 0
                << details("NO_EVIDENCE", "UNFILTERED_VECTOR", 0) << QStringLiteral("preview")
                << QStringLiteral("{\"query\":\"runless\"}") << 5 << 1 << null() << QString()
                << at(42);
        w.insert(QStringLiteral("tool_invocation"), runless);
    }
    if (v == SchemaVariant::Views)
        for (const char* table : {"tool_invocation", "diagnosis_run"}) {
            const QString name = QString::fromLatin1(table);
            w.exec(QStringLiteral("ALTER TABLE %1 RENAME TO stored_%1").arg(name));
            w.exec(QStringLiteral("CREATE VIEW %1 AS SELECT * FROM stored_%1").arg(name));
        }
    return w.error;
}

} // namespace raglens::test
