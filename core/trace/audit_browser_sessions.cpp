// AuditBrowser's session list: one page of sessions with their aggregates, and the count of
// sessions a filter matches. The runs, steps and calls of a session are in audit_browser.cpp.
#include "trace/audit_browser.h"

#include "db/sql_exec.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/session_query.h"

#include <QSet>
#include <QSqlQuery>

#include <algorithm>
#include <iterator>
#include <map>

namespace raglens {

namespace {

/// The rows of a page with their position by session id.
struct SessionPage
{
    std::vector<SessionRow> rows;
    std::map<QString, size_t> index;
};

Status readPageRows(QSqlQuery& q, SessionPage& page)
{
    while (q.next()) {
        SessionRow row;
        row.sessionId = SqlDialect::text(q.value(0));
        row.userId = SqlDialect::text(q.value(1));
        row.runCount = q.value(2).toInt();
        row.fallbackRunCount = q.value(3).toInt();
        row.totalTokenCount = SqlDialect::optionalInt(q.value(4)).value_or(0);
        row.firstStartedAt = SqlDialect::time(q, 5);
        row.lastStartedAt = SqlDialect::time(q, 6);
        page.index[row.sessionId] = page.rows.size();
        page.rows.push_back(row);
    }
    return afterRows(q);
}

/// Adds the page's call and NO_EVIDENCE counts: the matching runs' calls, and with `runless`
/// the calls without a run row it selects.
Status addCallCounts(AuditDatabase& db, QSqlQuery& q, const SessionQuery& query,
                     const SqlFragment& where, const SessionQuery::CallSelection* runless,
                     SessionPage& page)
{
    QStringList sessionIds;
    for (const SessionRow& r : page.rows)
        sessionIds << r.sessionId;
    const SqlDialect dialect(db);
    const BoundList sessions = dialect.boundKeys(QStringLiteral("diagnosis_run"),
                                                 QStringLiteral("session_id"), sessionIds);
    const BoundList callSessions = dialect.boundKeys(QStringLiteral("tool_invocation"),
                                                     QStringLiteral("session_id"), sessionIds);
    const QString inList = sessions.marks;
    const QVariantList& ids = sessions.binds;

    if (Status s = execQuery(
            db, q,
            QStringLiteral("SELECT r.session_id, COUNT(i.id), SUM(CASE WHEN %1 = ? THEN 1 "
                           "ELSE 0 END) FROM diagnosis_run r JOIN tool_invocation i ON "
                           "%4 WHERE %2 AND r.session_id IN (%3) "
                           "GROUP BY r.session_id")
                .arg(query.evidenceStatusExpr(), where.sql, inList, audit_rows::runOfCall(db)),
            QVariantList{vocab::kNoEvidence} + where.binds + ids);
        !s)
        return s;
    // `withRuns`: the rows also hold the runs the calls without a run row form.
    const auto addCounts = [&](bool withRuns) {
        while (q.next()) {
            auto it = page.index.find(SqlDialect::text(q.value(0)));
            if (it == page.index.end())
                continue;
            page.rows[it->second].invocationCount += q.value(1).toInt();
            page.rows[it->second].noEvidenceCount += q.value(2).toInt();
            // The runs the calls without a run row form (the trace shows each as a run).
            if (withRuns)
                page.rows[it->second].runCount += q.value(3).toInt();
        }
        return afterRows(q);
    };
    if (Status s = addCounts(false); !s)
        return s;
    // ... and the calls without a run row, which are shown under their session.
    if (runless) {
        if (Status s = execQuery(
                db, q,
                // Their runs as the trace groups them: one per run id, and one for the calls
                // without any (before, counted only in a session that had no run row at all).
                QStringLiteral("SELECT i.session_id, COUNT(i.id), SUM(CASE WHEN %1 = ? THEN 1 "
                               "ELSE 0 END), COUNT(DISTINCT i.run_id) + MAX(CASE WHEN i.run_id "
                               "IS NULL THEN 1 ELSE 0 END) FROM %4 WHERE (%3) AND i.session_id "
                               "IN (%2) GROUP BY i.session_id")
                    .arg(query.evidenceStatusExpr(), callSessions.marks, runless->where.sql,
                         runless->from),
                QVariantList{vocab::kNoEvidence} + runless->where.binds + callSessions.binds);
            !s)
            return s;
        if (Status s = addCounts(true); !s)
            return s;
    }
    return ok();
}

/// Every run of the page's sessions, whatever the filter: the session's outcome is a fact of
/// all its runs (a FALLBACK run is never hidden behind a later SUCCESS). The newest run gives
/// the question shown.
Status addOutcomes(AuditDatabase& db, QSqlQuery& q, SessionPage& page)
{
    const auto run = [&db](const char* name) {
        return audit_rows::columnOrNull(db, QStringLiteral("diagnosis_run"), QStringLiteral("r"),
                                        QString::fromLatin1(name));
    };
    QStringList sessionIds;
    for (const SessionRow& r : page.rows)
        sessionIds << r.sessionId;
    const BoundList sessions = SqlDialect(db).boundKeys(QStringLiteral("diagnosis_run"),
                                                        QStringLiteral("session_id"), sessionIds);
    if (Status s = execQuery(
            db, q,
            QStringLiteral("SELECT r.session_id, %2, %3 FROM diagnosis_run r "
                           "WHERE r.session_id IN (%1) AND r.run_id IS NOT NULL "
                           "ORDER BY %4 DESC, r.run_id DESC")
                .arg(sessions.marks, FactSql::runOutcome(db, QStringLiteral("r")),
                     audit_rows::shownQuestion(run("question")),
                     audit_rows::sortableTime(db, QStringLiteral("diagnosis_run"),
                                              QStringLiteral("r"), QStringLiteral("started_at"))),
            sessions.binds);
        !s)
        return s;
    std::vector<std::vector<QString>> outcomes(page.rows.size());
    while (q.next()) {
        auto it = page.index.find(SqlDialect::text(q.value(0)));
        if (it == page.index.end())
            continue;
        SessionRow& row = page.rows[it->second];
        if (outcomes[it->second].empty()) {
            row.lastOutcome = SqlDialect::text(q.value(1));
            row.lastQuestion = SqlDialect::text(q.value(2));
        }
        outcomes[it->second].push_back(SqlDialect::text(q.value(1)));
    }
    if (Status s = afterRows(q); !s)
        return s;
    for (size_t i = 0; i < page.rows.size(); ++i)
        page.rows[i].outcome = interpret::sessionOutcome(outcomes[i]);
    return ok();
}

} // namespace

Expected<int> AuditBrowser::countSessions(const SessionFilter& filter) const
{
    if (Status s = requireTables(m_db, AuditBrowser::coreTables()); !s)
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
    q.finish();
    // Sessions known only from calls without a run row, as sessions() lists them.
    if (filter.isEmpty()) {
        count += int(audit_rows::orphanOnlySessions(m_db).size());
    } else {
        auto runless = runlessOnlyMatches(filter);
        if (!runless)
            return Error{runless.error()};
        count += int(runless->size());
    }
    return count;
}

Expected<std::vector<AuditBrowser::PagedSession>>
AuditBrowser::pageOfSessions(const SqlFragment& where, int offset, int limit) const
{
    // Only compared in C++ (comesFirst()), so the index may serve it as it is.
    const QString started =
        audit_rows::sortableTime(m_db, QStringLiteral("diagnosis_run"), QStringLiteral("r"),
                                 QStringLiteral("started_at"), /*throughIndex=*/true);
    std::vector<PagedSession> page;
    QSet<QString> seen;
    // Runs with a time, newest first (an index on started_at serves it), then the runs
    // without one: the order the page query sorts sessions in. The first run seen of a
    // session is its newest.
    for (const QString& scan :
         {QStringLiteral("%1 IS NOT NULL ORDER BY %1 DESC, r.session_id").arg(started),
          QStringLiteral("%1 IS NULL ORDER BY r.session_id").arg(started)}) {
        QSqlQuery q(m_db.sql());
        if (Status s = execQuery(m_db, q,
                                 QStringLiteral("SELECT r.session_id, %3 FROM diagnosis_run r "
                                                "WHERE (%1) AND %2")
                                     .arg(where.sql, scan, started),
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
                page.push_back({id, q.value(1)});
            if (int(page.size()) >= limit) {
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

namespace {

/// The page order of sessions: newest activity first, sessions without any time last, then
/// by id (the page query's ORDER BY, on instants).
bool comesFirst(const AuditBrowser::PagedSession& a, const AuditBrowser::PagedSession& b)
{
    const QDateTime ta = SqlDialect::time(a.lastAt);
    const QDateTime tb = SqlDialect::time(b.lastAt);
    if (ta.isValid() != tb.isValid())
        return ta.isValid();
    if (ta != tb)
        return ta > tb;
    return a.id < b.id;
}

/// Sessions with their newest activity (session id, time) as `q` returns them, in page
/// order.
Expected<std::vector<AuditBrowser::PagedSession>> readActivity(QSqlQuery& q)
{
    std::vector<AuditBrowser::PagedSession> out;
    while (q.next())
        out.push_back({SqlDialect::text(q.value(0)), q.value(1)});
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    std::sort(out.begin(), out.end(), comesFirst);
    return out;
}

/// The row of sessions listed only for calls without a run row: `calls` picks those calls.
/// `sessionId` is i.session_id as the UNION with the recorded sessions lists it.
QString orphanOnlyRows(const QString& created, const QString& from, const QString& calls,
                       const QString& marks, const QString& sessionId)
{
    // Its runs are counted with its calls (addCallCounts()), as those of every session.
    return QStringLiteral("SELECT %5 AS session_id, NULL AS user_id, 0 AS runs, 0 AS "
                          "fallbacks, NULL AS tokens, MIN(%1) AS first_at, MAX(%1) AS last_at "
                          "FROM %4 WHERE (%2) AND i.session_id IN (%3) GROUP BY i.session_id")
        .arg(created, calls, marks, from, sessionId);
}

} // namespace

Expected<std::vector<AuditBrowser::PagedSession>>
AuditBrowser::runlessOnlyMatches(const SessionFilter& filter) const
{
    const SqlDialect dialect(m_db);
    const SessionQuery query(dialect);
    // Only a filter calls for this: unfiltered, such sessions are those without any run row.
    const auto calls = query.runlessCalls(filter, QStringLiteral("1 = 1"));
    if (filter.isEmpty() || !calls || !audit_rows::orphanLookupAffordable(m_db))
        return std::vector<PagedSession>{};
    const QString created = audit_rows::sortableTime(
        m_db, QStringLiteral("tool_invocation"), QStringLiteral("i"), QStringLiteral("created_at"));
    // Sessions with a matching recorded run are found by the scan of runs, at their place;
    // the others come in by their newest matching call, as health and check place them.
    // Their runs are probed one by one (Reading::Page): they are few.
    const SqlFragment where = query.runCondition(filter, SessionQuery::Reading::Page);
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    if (Status s = execQuery(
            m_db, q,
            QStringLiteral("SELECT m.session_id, m.last_at FROM (SELECT i.session_id AS "
                           "session_id, MAX(%1) AS last_at FROM %5 WHERE (%2) AND "
                           "i.session_id IS NOT NULL GROUP BY i.session_id) m WHERE NOT EXISTS "
                           "(SELECT 1 FROM diagnosis_run r WHERE %6 AND "
                           "(%3)) LIMIT %4")
                .arg(created, calls->where.sql, where.sql)
                .arg(audit_rows::kMaxOrphanOnlySessions)
                .arg(calls->from, SqlDialect(m_db).keysEqual(QStringLiteral("diagnosis_run"),
                                                             QStringLiteral("r.session_id"),
                                                             QStringLiteral("tool_invocation"),
                                                             QStringLiteral("m.session_id"))),
            calls->where.binds + where.binds);
        !s)
        return Error{s.error()};
    return readActivity(q);
}

Expected<std::vector<AuditBrowser::PagedSession>>
AuditBrowser::orphanOnlyActivity(const QStringList& ids) const
{
    const QString created = audit_rows::sortableTime(
        m_db, QStringLiteral("tool_invocation"), QStringLiteral("i"), QStringLiteral("created_at"));
    const BoundList bound = SqlDialect(m_db).boundKeys(QStringLiteral("tool_invocation"),
                                                       QStringLiteral("session_id"), ids);
    QSqlQuery q(m_db.sql());
    if (Status s =
            execQuery(m_db, q,
                      QStringLiteral("SELECT i.session_id, MAX(%1) FROM tool_invocation i "
                                     "WHERE i.session_id IN (%2) AND %3 GROUP BY "
                                     "i.session_id")
                          .arg(created, bound.marks,
                               FactSql::hasNoRecordedRun(SqlDialect(m_db), QStringLiteral("i"))),
                      bound.binds);
        !s)
        return Error{s.error()};
    return readActivity(q);
}

Expected<bool> AuditBrowser::queryPageRows(QSqlQuery& q, const SessionFilter& filter,
                                           const SqlFragment& where, int offset, int limit) const
{
    const auto run = [this](const char* name) {
        return audit_rows::columnOrNull(m_db, QStringLiteral("diagnosis_run"), QStringLiteral("r"),
                                        QString::fromLatin1(name));
    };
    // PostgreSQL refuses SUM(NULL) ("function sum(unknown) is not unique"): a store without
    // the token column sums nothing. Each run adds its count as the trace reads it (-5, 1e20
    // or 'many' add 0), and one run of 2^63-1 tokens stops no list.
    const QString tokens = run("total_token_count");
    const QString recorded =
        QStringLiteral("SELECT %7 AS session_id, MAX(%2) AS user_id, COUNT(*) AS runs, "
                       "SUM(CASE WHEN %3 = ? THEN 1 ELSE 0 END) AS fallbacks, %4 AS tokens, "
                       "MIN(%5) AS first_at, MAX(%5) AS last_at "
                       "FROM diagnosis_run r WHERE %1 AND r.session_id IN (%6) GROUP BY "
                       "r.session_id")
            .arg(where.sql, run("user_id"), FactSql::runOutcome(m_db, QStringLiteral("r")),
                 tokens == QLatin1String("NULL")
                     ? tokens
                     : SqlDialect(m_db).sumOfCounts(QStringLiteral("diagnosis_run"), tokens),
                 audit_rows::sortableTime(m_db, QStringLiteral("diagnosis_run"),
                                          QStringLiteral("r"), QStringLiteral("started_at")),
                 QStringLiteral("%1"),
                 SqlDialect(m_db).unionableKey(
                     QStringLiteral("diagnosis_run"), QStringLiteral("r.session_id"),
                     QStringLiteral("tool_invocation"), QStringLiteral("i.session_id")));
    // The page is found without grouping every run: scanning runs newest first, distinct
    // sessions in scan order are sessions by last activity, and the scan stops once the
    // page is full. Sessions listed only for calls without a run row (unfiltered: those
    // with no run row at all; filtered: those whose matching calls are all such calls)
    // are merged in by their newest call, so the scan reads as many sessions as the page
    // reaches. Only the page's sessions are then aggregated.
    std::vector<PagedSession> orphans;
    if (filter.isEmpty()) {
        const QStringList ids = audit_rows::orphanOnlySessions(m_db);
        if (!ids.isEmpty()) {
            auto activity = orphanOnlyActivity(ids);
            if (!activity)
                return Error{activity.error()};
            orphans = std::move(*activity);
        }
    } else {
        auto matches = runlessOnlyMatches(filter);
        if (!matches)
            return Error{matches.error()};
        orphans = std::move(*matches);
    }
    QStringList orphanIds;
    for (const PagedSession& s : orphans)
        orphanIds << s.id;
    auto scanned = pageOfSessions(where, orphanIds.isEmpty() ? offset : 0,
                                  orphanIds.isEmpty() ? limit : qMax(0, offset) + limit);
    if (!scanned)
        return Error{scanned.error()};
    std::vector<PagedSession> page = std::move(*scanned);
    if (!orphanIds.isEmpty()) {
        std::vector<PagedSession> merged;
        std::merge(page.begin(), page.end(), orphans.begin(), orphans.end(),
                   std::back_inserter(merged), comesFirst);
        const auto from = std::min(merged.size(), size_t(qMax(0, offset)));
        const auto to = std::min(merged.size(), from + size_t(qMax(0, limit)));
        page.assign(merged.begin() + qsizetype(from), merged.begin() + qsizetype(to));
    }
    if (page.empty())
        return false;
    const QSet<QString> orphanSet(orphanIds.cbegin(), orphanIds.cend());
    QStringList recordedIds, orphanPageIds;
    for (const PagedSession& s : page)
        (orphanSet.contains(s.id) ? orphanPageIds : recordedIds) << s.id;
    QStringList parts;
    QVariantList binds;
    if (!recordedIds.isEmpty()) {
        const BoundList ids = SqlDialect(m_db).boundKeys(QStringLiteral("diagnosis_run"),
                                                         QStringLiteral("session_id"), recordedIds);
        parts << recorded.arg(ids.marks);
        binds << QVariant(vocab::kFallback) << where.binds << ids.binds;
    }
    if (!orphanPageIds.isEmpty()) {
        // Unfiltered, every call of such a session without a recorded run (a call of another
        // session's run that names this one is that run's, counted there); filtered, the calls
        // the filter keeps (such sessions exist only when it keeps some).
        const SqlDialect dialect(m_db);
        const auto calls = SessionQuery(dialect).runlessCalls(
            filter, FactSql::hasNoRecordedRun(dialect, QStringLiteral("i")));
        Q_ASSERT(calls);
        const BoundList ids = SqlDialect(m_db).boundKeys(
            QStringLiteral("tool_invocation"), QStringLiteral("session_id"), orphanPageIds);
        parts << orphanOnlyRows(
            audit_rows::sortableTime(m_db, QStringLiteral("tool_invocation"), QStringLiteral("i"),
                                     QStringLiteral("created_at")),
            calls->from, calls->where.sql, ids.marks,
            SqlDialect(m_db).unionableKey(
                QStringLiteral("tool_invocation"), QStringLiteral("i.session_id"),
                QStringLiteral("diagnosis_run"), QStringLiteral("r.session_id")));
        binds << calls->where.binds << ids.binds;
    }
    // Newest activity first, sessions without any time last, in every dialect.
    if (Status s = execQuery(
            m_db, q,
            QStringLiteral("SELECT session_id, user_id, runs, fallbacks, tokens, first_at, "
                           "last_at FROM (%1) s ORDER BY CASE WHEN last_at IS NULL THEN 1 ELSE "
                           "0 END, last_at DESC, session_id")
                .arg(parts.join(QStringLiteral(" UNION ALL "))),
            binds);
        !s)
        return Error{s.error()};
    return true;
}

Expected<std::vector<SessionRow>> AuditBrowser::sessions(const SessionFilter& filter, int offset,
                                                         int limit) const
{
    if (Status s = requireTables(m_db, AuditBrowser::coreTables()); !s)
        return Error{s.error()};
    const SqlDialect dialect(m_db);
    const SessionQuery query(dialect);
    const SqlFragment where = query.runCondition(filter);
    QSqlQuery q(m_db.sql());
    // 1. The page of sessions, newest activity first; counts cover the matching runs.
    auto found = queryPageRows(q, filter, where, offset, limit);
    if (!found)
        return Error{found.error()};
    if (!*found)
        return std::vector<SessionRow>{};
    SessionPage page;
    if (Status s = readPageRows(q, page); !s)
        return Error{s.error()};
    if (page.rows.empty())
        return page.rows;
    // 2. Invocation counts of the page's sessions, with the calls without a run row, which
    //    are shown under their session (filtered: those the filter keeps).
    std::optional<SessionQuery::CallSelection> runless;
    if (audit_rows::orphanLookupAffordable(m_db))
        runless = query.runlessCalls(
            filter, FactSql::hasNoRecordedRun(SqlDialect(m_db), QStringLiteral("i")));
    if (Status s = addCallCounts(m_db, q, query, where, runless ? &*runless : nullptr, page); !s)
        return Error{s.error()};
    // 3. The outcome and the question shown, from every run of the page's sessions.
    if (Status s = addOutcomes(m_db, q, page); !s)
        return Error{s.error()};
    return page.rows;
}

} // namespace raglens
