#include "trace/audit_browser.h"

#include "db/sql_exec.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/session_query.h"

#include <QCoreApplication>
#include <QSet>
#include <QSqlQuery>

#include <algorithm>
#include <map>

namespace raglens {

using nlohmann::json;

static QString tr(const char* text)
{
    return QCoreApplication::translate("AuditBrowser", text);
}

bool SessionFilter::isEmpty() const
{
    return sessionOutcome.isEmpty() && outcome.isEmpty() && evidenceStatus.isEmpty() &&
           failureKind.isEmpty() && relevanceLevel.isEmpty() && selectedAttempt.isEmpty() &&
           retryReason.isEmpty() && toolName.isEmpty() && !since.isValid() && !until.isValid() &&
           text.trimmed().isEmpty();
}

void to_json(json& j, const SessionRow& v)
{
    j = json{{"sessionId", v.sessionId},
             {"userId", json_util::stringOrNull(v.userId)},
             {"runCount", v.runCount},
             {"fallbackRunCount", v.fallbackRunCount},
             {"invocationCount", v.invocationCount},
             {"noEvidenceCount", v.noEvidenceCount},
             {"totalTokenCount", v.totalTokenCount},
             {"outcome", v.outcome},
             {"lastOutcome", json_util::stringOrNull(v.lastOutcome)},
             {"lastQuestion", json_util::stringOrNull(v.lastQuestion)},
             {"firstStartedAt", json_util::timeOrNull(v.firstStartedAt)},
             {"lastStartedAt", json_util::timeOrNull(v.lastStartedAt)}};
}

void to_json(json& j, const DatabaseSummary& v)
{
    j = json{{"sessions", v.sessions},
             {"runs", v.runs},
             {"invocations", v.invocations},
             {"fallbackRuns", v.fallbackRuns}};
}

AuditBrowser::AuditBrowser(AuditDatabase& db) : m_db(db) {}

static const QStringList& coreTables()
{
    static const QStringList tables = {QStringLiteral("diagnosis_run"),
                                       QStringLiteral("tool_invocation")};
    return tables;
}

Expected<DatabaseSummary> AuditBrowser::summary() const
{
    if (Status s = requireTables(m_db, coreTables()); !s)
        return Error{s.error()};
    QSqlQuery q(m_db.sql());
    DatabaseSummary out;
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT COUNT(DISTINCT r.session_id), COUNT(*), "
                                            "SUM(CASE WHEN %1 THEN 1 ELSE 0 END) "
                                            "FROM diagnosis_run r")
                                 .arg(FactSql::isFallbackRun(m_db, QStringLiteral("r"))));
        !s)
        return Error{s.error()};
    if (q.next()) {
        out.sessions = q.value(0).toInt();
        out.runs = q.value(1).toInt();
        out.fallbackRuns = q.value(2).toInt();
    }
    if (Status s = execQuery(m_db, q, QStringLiteral("SELECT COUNT(*) FROM tool_invocation")); !s)
        return Error{s.error()};
    if (q.next())
        out.invocations = q.value(0).toInt();
    return out;
}

Expected<int> AuditBrowser::countSessions(const SessionFilter& filter) const
{
    if (Status s = requireTables(m_db, coreTables()); !s)
        return Error{s.error()};
    const SqlDialect dialect(m_db);
    const SqlFragment where =
        SessionQuery(dialect).runCondition(filter, SessionQuery::Reading::All);
    QSqlQuery q(m_db.sql());
    if (Status s = execQuery(
            m_db, q,
            QStringLiteral("SELECT COUNT(DISTINCT r.session_id) FROM diagnosis_run r WHERE ") +
                where.sql,
            where.binds);
        !s)
        return Error{s.error()};
    int count = q.next() ? q.value(0).toInt() : 0;
    // Sessions known only from calls without a run row, as sessions() lists them.
    if (filter.isEmpty())
        count += int(audit_rows::orphanOnlySessions(m_db).size());
    return count;
}

Expected<QStringList> AuditBrowser::pageOfSessions(const SqlFragment& where, int offset,
                                                   int limit) const
{
    const QString started = audit_rows::columnOrNull(
        m_db, QStringLiteral("diagnosis_run"), QStringLiteral("r"), QStringLiteral("started_at"));
    QStringList page;
    QSet<QString> seen;
    // Runs with a time, newest first (an index on started_at serves it), then the runs
    // without one: the order the page query sorts sessions in.
    for (const QString& scan :
         {QStringLiteral("%1 IS NOT NULL ORDER BY %1 DESC, r.session_id").arg(started),
          QStringLiteral("%1 IS NULL ORDER BY r.session_id").arg(started)}) {
        QSqlQuery q(m_db.sql());
        if (Status s = execQuery(m_db, q,
                                 QStringLiteral("SELECT r.session_id FROM diagnosis_run r WHERE "
                                                "(%1) AND %2")
                                     .arg(where.sql, scan),
                                 where.binds);
            !s)
            return Error{s.error()};
        bool full = false;
        while (q.next()) {
            const QString id = SqlDialect::text(q.value(0));
            if (seen.contains(id))
                continue;
            seen.insert(id);
            if (seen.size() > qMax(0, offset))
                page << id;
            if (page.size() >= limit) {
                full = true;
                break;
            }
        }
        if (!full) {
            if (Status s = afterRows(q); !s)
                return Error{s.error()};
        }
        q.finish();
        if (full || limit <= 0)
            break;
    }
    return page;
}

Expected<std::vector<SessionRow>> AuditBrowser::sessions(const SessionFilter& filter, int offset,
                                                         int limit) const
{
    if (Status s = requireTables(m_db, coreTables()); !s)
        return Error{s.error()};
    const SqlDialect dialect(m_db);
    const SessionQuery query(dialect);
    const SqlFragment where = query.runCondition(filter);
    QSqlQuery q(m_db.sql());
    const auto run = [this](const char* name) {
        return audit_rows::columnOrNull(m_db, QStringLiteral("diagnosis_run"), QStringLiteral("r"),
                                        QString::fromLatin1(name));
    };

    // 1. The page of sessions, newest activity first; counts cover the matching runs.
    //    Unfiltered, sessions whose calls have no run row at all are listed too (their runs
    //    are the distinct run ids of the calls); filters are about recorded runs.
    const QStringList orphanIds =
        filter.isEmpty() ? audit_rows::orphanOnlySessions(m_db) : QStringList();
    const bool withOrphans = filter.isEmpty() && audit_rows::orphanLookupAffordable(m_db);
    const QString recorded =
        QStringLiteral("SELECT r.session_id AS session_id, MAX(%2) AS user_id, COUNT(*) AS runs, "
                       "SUM(CASE WHEN %3 = ? THEN 1 ELSE 0 END) AS fallbacks, SUM(%4) AS tokens, "
                       "MIN(%5) AS first_at, MAX(%5) AS last_at "
                       "FROM diagnosis_run r WHERE %1 %6 r.session_id")
            .arg(where.sql, run("user_id"), run("release_outcome"), run("total_token_count"),
                 run("started_at"), QStringLiteral("%1"));
    QString orphanOnly;
    QVariantList orphanBinds;
    if (!orphanIds.isEmpty()) {
        const BoundList orphans = boundList(orphanIds);
        orphanBinds = orphans.binds;
        const QString created =
            audit_rows::columnOrNull(m_db, QStringLiteral("tool_invocation"), QStringLiteral("i"),
                                     QStringLiteral("created_at"));
        orphanOnly = QStringLiteral(" UNION ALL SELECT i.session_id, NULL, COUNT(DISTINCT "
                                    "i.run_id), 0, NULL, MIN(%1), MAX(%1) FROM tool_invocation i "
                                    "WHERE i.session_id IN (%2) GROUP BY i.session_id")
                         .arg(created, orphans.marks);
    }
    // Newest activity first, sessions without any time last, in every dialect.
    const QString order = QStringLiteral(
        "ORDER BY CASE WHEN last_at IS NULL THEN 1 ELSE 0 END, last_at DESC, session_id");
    if (orphanIds.isEmpty()) {
        // Without sessions known only from orphan calls the page is found without grouping
        // every run: scanning runs newest first, the first run seen of a session is its
        // newest, so distinct sessions in scan order are sessions by last activity, and the
        // scan stops once the page is full. Only the page's sessions are then aggregated.
        auto ids = pageOfSessions(where, offset, limit);
        if (!ids)
            return Error{ids.error()};
        if (ids->isEmpty())
            return std::vector<SessionRow>{};
        const BoundList page = boundList(*ids);
        if (Status s = execQuery(m_db, q,
                                 QStringLiteral("SELECT session_id, user_id, runs, fallbacks, "
                                                "tokens, first_at, last_at FROM (%1) s %2")
                                     .arg(recorded.arg(QStringLiteral("AND r.session_id IN (%1) "
                                                                      "GROUP BY")
                                                           .arg(page.marks)),
                                          order),
                                 QVariantList{vocab::kFallback} + where.binds + page.binds);
            !s)
            return Error{s.error()};
    } else if (Status s =
                   execQuery(m_db, q,
                             QStringLiteral("SELECT session_id, user_id, runs, fallbacks, "
                                            "tokens, first_at, last_at FROM (%1%2) s %3 "
                                            "LIMIT ? OFFSET ?")
                                 .arg(recorded.arg(QStringLiteral("GROUP BY")), orphanOnly, order),
                             QVariantList{vocab::kFallback} + where.binds + orphanBinds +
                                 QVariantList{qMax(0, limit), qMax(0, offset)});
               !s) {
        return Error{s.error()};
    }
    std::vector<SessionRow> rows;
    std::map<QString, size_t> index;
    while (q.next()) {
        SessionRow row;
        row.sessionId = SqlDialect::text(q.value(0));
        row.userId = SqlDialect::text(q.value(1));
        row.runCount = q.value(2).toInt();
        row.fallbackRunCount = q.value(3).toInt();
        row.totalTokenCount = q.value(4).toLongLong();
        row.firstStartedAt = SqlDialect::time(q, 5);
        row.lastStartedAt = SqlDialect::time(q, 6);
        index[row.sessionId] = rows.size();
        rows.push_back(row);
    }
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    if (rows.empty())
        return rows;

    QStringList sessionIds;
    for (const SessionRow& r : rows)
        sessionIds << r.sessionId;
    const BoundList sessions = boundList(sessionIds);
    const QString inList = sessions.marks;
    const QVariantList& ids = sessions.binds;

    // 2. Invocation counts of the page's sessions.
    if (Status s = execQuery(
            m_db, q,
            QStringLiteral("SELECT r.session_id, COUNT(i.id), SUM(CASE WHEN %1 = ? THEN 1 "
                           "ELSE 0 END) FROM diagnosis_run r JOIN tool_invocation i ON "
                           "i.run_id = r.run_id WHERE %2 AND r.session_id IN (%3) "
                           "GROUP BY r.session_id")
                .arg(query.evidenceStatusExpr(), where.sql, inList),
            QVariantList{vocab::kNoEvidence} + where.binds + ids);
        !s)
        return Error{s.error()};
    const auto addCallCounts = [&] {
        while (q.next()) {
            auto it = index.find(SqlDialect::text(q.value(0)));
            if (it == index.end())
                continue;
            rows[it->second].invocationCount += q.value(1).toInt();
            rows[it->second].noEvidenceCount += q.value(2).toInt();
        }
        return afterRows(q);
    };
    if (Status s = addCallCounts(); !s)
        return Error{s.error()};
    //    ... and the calls without a run row, which are shown under their session.
    if (withOrphans) {
        if (Status s = execQuery(
                m_db, q,
                QStringLiteral("SELECT i.session_id, COUNT(i.id), SUM(CASE WHEN %1 = ? THEN 1 "
                               "ELSE 0 END) FROM tool_invocation i WHERE i.session_id IN (%2) "
                               "AND NOT EXISTS (SELECT 1 FROM diagnosis_run r2 WHERE r2.run_id = "
                               "i.run_id) GROUP BY i.session_id")
                    .arg(query.evidenceStatusExpr(), inList),
                QVariantList{vocab::kNoEvidence} + ids);
            !s)
            return Error{s.error()};
        if (Status s = addCallCounts(); !s)
            return Error{s.error()};
    }

    // 3. Every run of the page's sessions, whatever the filter: the session's outcome is a
    //    fact of all its runs (a FALLBACK run is never hidden behind a later SUCCESS). The
    //    newest run gives the question shown.
    if (Status s =
            execQuery(m_db, q,
                      QStringLiteral("SELECT r.session_id, %2, %3 FROM diagnosis_run r "
                                     "WHERE r.session_id IN (%1) "
                                     "ORDER BY %4 DESC, r.run_id DESC")
                          .arg(inList, run("release_outcome"),
                               audit_rows::shownQuestion(run("question")), run("started_at")),
                      ids);
        !s)
        return Error{s.error()};
    std::vector<std::vector<QString>> outcomes(rows.size());
    while (q.next()) {
        auto it = index.find(SqlDialect::text(q.value(0)));
        if (it == index.end())
            continue;
        SessionRow& row = rows[it->second];
        if (outcomes[it->second].empty()) {
            row.lastOutcome = SqlDialect::text(q.value(1));
            row.lastQuestion = SqlDialect::text(q.value(2));
        }
        outcomes[it->second].push_back(SqlDialect::text(q.value(1)));
    }
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i].outcome = interpret::sessionOutcome(outcomes[i]);
    return rows;
}

Expected<std::vector<TraceRun>> AuditBrowser::runsOfSession(const QString& sessionId,
                                                            const SessionFilter& filter) const
{
    if (Status s = requireTables(m_db, coreTables()); !s)
        return Error{s.error()};
    const SqlDialect dialect(m_db);
    const SqlFragment where = SessionQuery(dialect).runCondition(filter);
    const QString started = audit_rows::columnOrNull(
        m_db, QStringLiteral("diagnosis_run"), QStringLiteral("r"), QStringLiteral("started_at"));
    QSqlQuery q(m_db.sql());
    if (Status s = execQuery(
            m_db, q,
            QStringLiteral("SELECT %1 FROM diagnosis_run r WHERE r.session_id = "
                           "? AND %2 ORDER BY %3, r.run_id")
                .arg(audit_rows::runColumns(QStringLiteral("r"), &m_db), where.sql, started),
            QVariantList{sessionId} + where.binds);
        !s)
        return Error{s.error()};
    std::vector<TraceRun> runs;
    while (q.next())
        runs.push_back(audit_rows::readRun(q));
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    if (!filter.isEmpty() || !audit_rows::orphanLookupAffordable(m_db))
        return runs; // filters are about recorded runs; see schemaNotes() for the other case
    // Calls whose run was never recorded still belong to their session.
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT DISTINCT i.run_id FROM tool_invocation i "
                                            "WHERE i.session_id = ? AND i.run_id IS NOT NULL AND "
                                            "NOT EXISTS (SELECT 1 FROM diagnosis_run r WHERE "
                                            "r.run_id = i.run_id) ORDER BY i.run_id"),
                             {sessionId});
        !s)
        return Error{s.error()};
    while (q.next()) {
        TraceRun orphan;
        orphan.runId = SqlDialect::text(q.value(0));
        orphan.sessionId = sessionId;
        orphan.orphan = true;
        runs.push_back(orphan);
    }
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    return runs;
}

Expected<TraceRun> AuditBrowser::run(const QString& runId) const
{
    if (Status s = requireTables(m_db, coreTables()); !s)
        return Error{s.error()};
    QSqlQuery q(m_db.sql());
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT %1 FROM diagnosis_run r WHERE r.run_id = ?")
                                 .arg(audit_rows::runColumns(QStringLiteral("r"), &m_db)),
                             {runId});
        !s)
        return Error{s.error()};
    if (!q.next())
        return Error{tr("No run '%1' in %2.").arg(runId, m_db.location().display())};
    return audit_rows::readRun(q);
}

namespace {

/// The rows of `table` (alias a) that belong to `runIds`, read by `read`: each run's rows in
/// `order`, the runs in the order given. A statement per few hundred runs, not one per run:
/// on a server each is a round trip.
template <typename Row>
Expected<std::vector<Row>> rowsOfRuns(AuditDatabase& db, const QStringList& runIds,
                                      const QString& table, const QString& columns,
                                      const QString& order, Row (*read)(const QSqlQuery&, int))
{
    std::map<QString, std::vector<Row>> byRun;
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    for (qsizetype at = 0; at < runIds.size(); at += kValuesPerStatement) {
        const BoundList part = boundList(runIds.mid(at, kValuesPerStatement));
        if (Status s = execQuery(db, q,
                                 QStringLiteral("SELECT %1 FROM %2 a WHERE a.run_id IN (%3) "
                                                "ORDER BY %4, a.id")
                                     .arg(columns, table, part.marks, order),
                                 part.binds);
            !s)
            return Error{s.error()};
        while (q.next()) {
            Row row = read(q, 0);
            byRun[row.runId].push_back(std::move(row));
        }
        if (Status s = afterRows(q); !s)
            return Error{s.error()};
    }
    // A server's collation may match ids that differ in case or trailing spaces (MariaDB's
    // default does): such rows go to the run they matched, as a query per run had them.
    const auto loose = [](QString id) {
        while (id.endsWith(QLatin1Char(' ')))
            id.chop(1);
        return id.toLower();
    };
    const QSet<QString> exact(runIds.begin(), runIds.end());
    std::map<QString, QString> asked;
    if (std::any_of(byRun.begin(), byRun.end(),
                    [&exact](const auto& rows) { return !exact.contains(rows.first); }))
        for (const QString& id : runIds)
            asked.emplace(loose(id), id);
    for (auto it = byRun.begin(); it != byRun.end() && !asked.empty();) {
        const auto match = asked.find(loose(it->first));
        if (exact.contains(it->first) || match == asked.end() || match->second == it->first) {
            ++it;
            continue;
        }
        auto& into = byRun[match->second];
        std::move(it->second.begin(), it->second.end(), std::back_inserter(into));
        it = byRun.erase(it);
    }
    std::vector<Row> out;
    for (const QString& id : runIds) {
        auto it = byRun.find(id);
        if (it == byRun.end())
            continue;
        std::move(it->second.begin(), it->second.end(), std::back_inserter(out));
        byRun.erase(it); // a run named twice is read once
    }
    return out;
}

} // namespace

Expected<std::vector<TraceStep>> AuditBrowser::stepsOfRun(const QString& runId) const
{
    return stepsOfRuns({runId});
}

Expected<std::vector<TraceStep>> AuditBrowser::stepsOfRuns(const QStringList& runIds) const
{
    if (!m_db.hasTable(QStringLiteral("agent_step")))
        return std::vector<TraceStep>(); // thin audit databases record no steps
    return rowsOfRuns<TraceStep>(m_db, runIds, QStringLiteral("agent_step"),
                                 audit_rows::stepColumns(QStringLiteral("a"), &m_db),
                                 audit_rows::columnOrNull(m_db, QStringLiteral("agent_step"),
                                                          QStringLiteral("a"),
                                                          QStringLiteral("step_index")),
                                 &audit_rows::readStep);
}

Expected<std::vector<TraceInvocation>> AuditBrowser::invocationsOfRun(const QString& runId) const
{
    return invocationsOfRuns({runId});
}

Expected<std::vector<TraceInvocation>>
AuditBrowser::invocationsOfRuns(const QStringList& runIds) const
{
    if (Status s = requireTables(m_db, {QStringLiteral("tool_invocation")}); !s)
        return Error{s.error()};
    return rowsOfRuns<TraceInvocation>(
        m_db, runIds, QStringLiteral("tool_invocation"),
        audit_rows::invocationColumns(QStringLiteral("a"), &m_db),
        audit_rows::columnOrNull(m_db, QStringLiteral("tool_invocation"), QStringLiteral("a"),
                                 QStringLiteral("created_at")),
        &audit_rows::readInvocation);
}

Expected<TraceInvocation> AuditBrowser::invocation(qint64 id) const
{
    if (Status s = requireTables(m_db, {QStringLiteral("tool_invocation")}); !s)
        return Error{s.error()};
    QSqlQuery q(m_db.sql());
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT %1 FROM tool_invocation i WHERE i.id = ?")
                                 .arg(audit_rows::invocationColumns(QStringLiteral("i"), &m_db)),
                             {id});
        !s)
        return Error{s.error()};
    if (!q.next())
        return Error{
            tr("No tool invocation with id %1 in %2.").arg(id).arg(m_db.location().display())};
    TraceInvocation inv = audit_rows::readInvocation(q);
    if (m_db.hasTable(QStringLiteral("lookup_trace_sample"))) {
        if (Status s = execQuery(m_db, q,
                                 QStringLiteral("SELECT reason, lookup_result FROM "
                                                "lookup_trace_sample WHERE invocation_id = ?"),
                                 {id});
            !s)
            return Error{s.error()};
        if (q.next()) {
            inv.fullTraceReason = SqlDialect::text(q.value(0));
            inv.fullTrace = audit_rows::parseJsonColumn(SqlDialect::text(q.value(1)), nullptr);
        }
    }
    return inv;
}

Expected<std::vector<TraceEvent>> AuditBrowser::eventsOfRun(const QString& runId) const
{
    return eventsOfRuns({runId});
}

Expected<std::vector<RunFeedback>> AuditBrowser::feedbackOfRun(const QString& runId) const
{
    std::vector<RunFeedback> out;
    if (!m_db.hasTable(QStringLiteral("run_feedback")))
        return out;
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    if (Status s = execQuery(
            m_db, q,
            QStringLiteral("SELECT %1 FROM run_feedback f WHERE f.run_id = ? "
                           "ORDER BY %2")
                .arg(audit_rows::feedbackColumns(QStringLiteral("f"), &m_db),
                     audit_rows::columnOrNull(m_db, QStringLiteral("run_feedback"),
                                              QStringLiteral("f"), QStringLiteral("created_at"))),
            {runId});
        !s)
        return Error{s.error()};
    while (q.next())
        out.push_back(audit_rows::readFeedback(q));
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    return out;
}

Expected<std::vector<TraceEvent>> AuditBrowser::eventsOfRuns(const QStringList& runIds) const
{
    if (!m_db.hasTable(QStringLiteral("diagnosis_trace")))
        return std::vector<TraceEvent>();
    return rowsOfRuns<TraceEvent>(m_db, runIds, QStringLiteral("diagnosis_trace"),
                                  audit_rows::eventColumns(QStringLiteral("a"), &m_db),
                                  audit_rows::columnOrNull(m_db, QStringLiteral("diagnosis_trace"),
                                                           QStringLiteral("a"),
                                                           QStringLiteral("created_at")),
                                  &audit_rows::readEvent);
}

} // namespace raglens
