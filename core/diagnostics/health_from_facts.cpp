#include "diagnostics/health_parts.h"

#include "db/sql_dialect.h"
#include "db/sql_exec.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/session_query.h"

#include <QSqlQuery>
#include <QTimeZone>

namespace raglens::health_parts {

namespace {

/// A window split into whole UTC days (read from the per-day sums) and the partial days
/// at its ends (read per run).
struct WindowSplit
{
    bool byDay = false;
    QString dayCondition; ///< on the day column
    QVariantList dayBinds;
    std::vector<SessionFilter> edges;
};

QDateTime startOfDay(const QDateTime& t)
{
    return QDateTime(t.toUTC().date(), QTime(0, 0), QTimeZone::utc());
}

WindowSplit split(const QDateTime& since, const QDateTime& until)
{
    WindowSplit w;
    const auto edge = [&w](const QDateTime& from, const QDateTime& to) {
        SessionFilter f;
        f.since = from;
        f.until = to;
        w.edges.push_back(f);
    };
    QDateTime firstDay; // the first whole day
    if (since.isValid())
        firstDay =
            startOfDay(since) == since.toUTC() ? since.toUTC() : startOfDay(since).addDays(1);
    const QDateTime endDay = until.isValid() ? startOfDay(until) : QDateTime();
    if (since.isValid() && until.isValid() && firstDay >= endDay) {
        edge(since, until); // no whole day inside
        return w;
    }
    w.byDay = true;
    QStringList conds;
    if (firstDay.isValid()) {
        conds << QStringLiteral("day >= ?");
        w.dayBinds << firstDay.date().toString(Qt::ISODate);
        if (since.toUTC() < firstDay)
            edge(since, firstDay);
    }
    if (endDay.isValid()) {
        conds << QStringLiteral("day < ?");
        w.dayBinds << endDay.date().toString(Qt::ISODate);
        if (endDay < until.toUTC())
            edge(endDay, until);
    }
    // Runs without a readable start (day NULL) belong only to a window open at both ends.
    w.dayCondition =
        conds.isEmpty() ? QStringLiteral("1 = 1") : conds.join(QStringLiteral(" AND "));
    return w;
}

void addCounts(QSqlQuery& q, HealthReport& h, int& problemRuns)
{
    int* counts[] = {&h.runs,       &h.fallbackRuns, &h.invocations,     &h.errors,
                     &h.legacyRows, &h.lookups,      &h.emptyRetrievals, &h.fallbackRetries,
                     &h.precise,    &h.reference,    &problemRuns};
    for (int c = 0; c < 11; ++c)
        *counts[c] += q.value(c).toInt();
}

/// One row of counts (addCounts' order) read by `sql`.
Status readCounts(AuditDatabase& db, QSqlQuery& q, const QString& sql, const QVariantList& binds,
                  HealthReport& h, int& problemRuns)
{
    if (Status s = execQuery(db, q, sql, binds); !s)
        return s;
    if (q.next())
        addCounts(q, h, problemRuns);
    return afterRows(q);
}

/// (duration_ms, count) rows read by `sql`, added to the histogram.
Status readLatencies(AuditDatabase& db, QSqlQuery& q, const QString& sql, const QVariantList& binds,
                     std::map<qint64, qint64>& latencies)
{
    if (Status s = execQuery(db, q, sql, binds); !s)
        return s;
    while (q.next())
        // As health_direct: a duration the trace reads as none is no latency.
        if (auto ms = audit_rows::durationMs(q.value(0)))
            latencies[*ms] += q.value(1).toLongLong();
    return afterRows(q);
}

} // namespace

QString problemRunCondition(AuditDatabase& db)
{
    return QStringLiteral("(%1 OR r.fact_errors > 0 OR r.fact_empty_lookups > 0)")
        .arg(FactSql::isFallbackRun(db, QStringLiteral("r")));
}

/// The sums of the whole UTC days of a window, from the per-day tables.
Status sumWholeDays(AuditDatabase& db, QSqlQuery& q, const WindowSplit& parts, HealthReport& h,
                    int& problemRuns, std::map<qint64, qint64>& latencies)
{
    if (Status s = readCounts(
            db, q,
            QStringLiteral("SELECT COALESCE(SUM(runs), 0), COALESCE(SUM(fallback_runs), 0), "
                           "COALESCE(SUM(calls), 0), COALESCE(SUM(errors), 0), "
                           "COALESCE(SUM(legacy), 0), COALESCE(SUM(lookups), 0), "
                           "COALESCE(SUM(empty), 0), COALESCE(SUM(retried), 0), "
                           "COALESCE(SUM(precise), 0), COALESCE(SUM(reference), 0), "
                           "COALESCE(SUM(problem_runs), 0) FROM %1 WHERE %2")
                .arg(QLatin1String(FactSql::kHealthDayTable), parts.dayCondition),
            parts.dayBinds, h, problemRuns);
        !s)
        return s;
    if (Status s =
            readLatencies(db, q,
                          QStringLiteral("SELECT duration_ms, SUM(n) FROM %1 WHERE "
                                         "%2 GROUP BY duration_ms")
                              .arg(QLatin1String(FactSql::kLatencyDayTable), parts.dayCondition),
                          parts.dayBinds, latencies);
        !s)
        return s;
    return ok();
}

/// The sums of the partial days at a window's ends (or of every run, for an index of an
/// older layout), from the runs' stored facts and their lookups' durations.
Status sumEdges(AuditDatabase& db, QSqlQuery& q, const std::vector<SessionFilter>& edgeFilters,
                HealthReport& h, int& problemRuns, std::map<qint64, qint64>& latencies)
{
    const SqlDialect dialect(db);
    const SessionQuery sessions(dialect);
    const QString isFallback = FactSql::isFallbackRun(db, QStringLiteral("r"));
    const QString problem = problemRunCondition(db);
    for (const SessionFilter& edge : edgeFilters) {
        const SqlFragment where = sessions.runCondition(edge, SessionQuery::Reading::All);
        if (Status s = readCounts(
                db, q,
                QStringLiteral("SELECT COUNT(*), COALESCE(SUM(CASE WHEN %2 THEN 1 ELSE 0 END), 0), "
                               "COALESCE(SUM(r.fact_calls), 0), COALESCE(SUM(r.fact_errors), 0), "
                               "COALESCE(SUM(r.fact_legacy_levels), 0), "
                               "COALESCE(SUM(r.fact_lookups), 0), "
                               "COALESCE(SUM(r.fact_empty_lookups), 0), "
                               "COALESCE(SUM(r.fact_retried), 0), "
                               "COALESCE(SUM(r.fact_precise), 0), "
                               "COALESCE(SUM(r.fact_reference), 0), "
                               "COALESCE(SUM(CASE WHEN %3 THEN 1 ELSE 0 END), 0) "
                               "FROM diagnosis_run r WHERE %1")
                    .arg(where.sql, isFallback, problem),
                where.binds, h, problemRuns);
            !s)
            return s;
        // The durations of the edge's lookups, grouped.
        if (Status s = readLatencies(db, q,
                                     QStringLiteral("SELECT i.duration_ms, COUNT(*) FROM "
                                                    "diagnosis_run r JOIN tool_invocation i ON "
                                                    "i.run_id = r.run_id WHERE "
                                                    "i.fact_is_lookup = 1 AND (%1) GROUP BY "
                                                    "i.duration_ms")
                                         .arg(where.sql),
                                     where.binds, latencies);
            !s)
            return s;
    }
    return ok();
}

/// The calls without a recorded run, in `window` by their own time: their counts from their
/// stored facts (FactSql::storedCallCounts(), the rules the runs' sums were made with) and
/// their lookups' durations.
Status sumRunlessCalls(AuditDatabase& db, QSqlQuery& q, const SqlFragment& window, HealthReport& h,
                       std::map<qint64, qint64>& latencies)
{
    const QString table = QLatin1String(FactSql::kRunlessCallTable);
    if (!db.hasTable(table))
        return ok();
    // The table keeps the columns the counts read, under the call table's names.
    const QString from = QStringLiteral("FROM %1 i WHERE %2").arg(table);
    if (Status s = execQuery(db, q,
                             QStringLiteral("SELECT %1 ")
                                     .arg(FactSql::storedCallCounts().join(QStringLiteral(", "))) +
                                 from.arg(window.sql),
                             window.binds);
        !s)
        return s;
    if (q.next()) {
        int* counts[] = {&h.callsWithoutRun, &h.errors,          &h.legacyRows, &h.lookups,
                         &h.emptyRetrievals, &h.fallbackRetries, &h.precise,    &h.reference};
        for (int c = 0; c < 8; ++c)
            *counts[c] += q.value(c).toInt();
        h.invocations += h.callsWithoutRun;
    }
    if (Status s = afterRows(q); !s)
        return s;
    return readLatencies(
        db, q,
        QStringLiteral("SELECT i.duration_ms, COUNT(*) ") +
            from.arg(QStringLiteral("i.fact_is_lookup = 1 AND (%1)").arg(window.sql)) +
            QStringLiteral(" GROUP BY i.duration_ms"),
        window.binds, latencies);
}

/// The newest problem runs only (the julianday(started_at) index walks back from the
/// window's end), with their reasons in the order the calls were made; how many.
Expected<int> newestProblemRuns(AuditDatabase& db, QSqlQuery& q, const QDateTime& since,
                                const QDateTime& until, int limit, std::map<QString, RunMark>& runs)
{
    const SqlDialect dialect(db);
    const SessionQuery sessions(dialect);
    const QString isFallback = FactSql::isFallbackRun(db, QStringLiteral("r"));
    const QString problem = problemRunCondition(db);
    SessionFilter window;
    window.since = since;
    window.until = until;
    const SqlFragment where = sessions.runCondition(window, SessionQuery::Reading::All);
    const QString started = audit_rows::columnOrNull(
        db, QStringLiteral("diagnosis_run"), QStringLiteral("r"), QStringLiteral("started_at"));
    if (Status s = execQuery(
            db, q,
            QStringLiteral("SELECT r.run_id, %2, CASE WHEN %3 THEN 1 ELSE 0 END, "
                           "r.fact_first_error_id, r.fact_first_empty_id FROM diagnosis_run r "
                           "WHERE (%1) AND %4 ORDER BY %6 DESC, r.run_id DESC "
                           "LIMIT %5")
                .arg(where.sql, started, isFallback, problem)
                .arg(limit)
                .arg(FactSql::storedStartJulian(QStringLiteral("r"))),
            where.binds);
        !s)
        return Error{s.error()};
    int listed = 0;
    while (q.next()) {
        ++listed;
        RunMark& m = runs[SqlDialect::text(q.value(0))];
        m.startedAt = SqlDialect::time(q, 1);
        if (q.value(2).toInt() == 1)
            m.reasons << QStringLiteral("fallback_outcome");
        const auto error = SqlDialect::optionalInt(q.value(3));
        const auto empty = SqlDialect::optionalInt(q.value(4));
        if (error && (!empty || *error <= *empty))
            m.reasons << QStringLiteral("tool_error");
        if (empty)
            m.reasons << QStringLiteral("empty_retrieval");
        if (error && empty && *error > *empty)
            m.reasons << QStringLiteral("tool_error");
    }
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    return listed;
}

Status healthFromFacts(AuditDatabase& db, const QDateTime& since, const QDateTime& until,
                       const SqlFragment& runlessWindow, HealthReport& h,
                       std::map<QString, RunMark>& runs, std::map<qint64, qint64>& latencies,
                       int listed, int& problemsNotListed)
{
    QSqlQuery q(db.sql());
    WindowSplit parts;
    if (db.hasTable(QLatin1String(FactSql::kHealthDayTable)) &&
        db.hasTable(QLatin1String(FactSql::kLatencyDayTable))) {
        parts = split(since, until);
    } else { // an index of an older layout: every run of the window
        SessionFilter all;
        all.since = since;
        all.until = until;
        parts.edges.push_back(all);
    }
    int problemRuns = 0;
    h.runs = h.fallbackRuns = h.invocations = h.errors = h.legacyRows = h.lookups = 0;
    h.emptyRetrievals = h.fallbackRetries = h.precise = h.reference = 0;
    if (parts.byDay)
        if (Status s = sumWholeDays(db, q, parts, h, problemRuns, latencies); !s)
            return s;
    if (Status s = sumEdges(db, q, parts.edges, h, problemRuns, latencies); !s)
        return s;
    h.callsWithoutRun = 0;
    if (Status s = sumRunlessCalls(db, q, runlessWindow, h, latencies); !s)
        return s;
    h.noLevel = h.lookups - h.precise - h.reference;
    auto newest = newestProblemRuns(db, q, since, until, listed, runs);
    if (!newest)
        return Error{newest.error()};
    problemsNotListed = problemRuns - *newest;
    return ok();
}

} // namespace raglens::health_parts
