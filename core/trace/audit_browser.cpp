#include "trace/audit_browser.h"

#include "db/id_column.h"
#include "db/sql_dialect.h"
#include "db/sql_exec.h"
#include "interpret/run_facts.h"
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

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(AuditBrowser)
};

/// Appends the query's remaining rows to `out` as calls; the driver's late error, if any.
Status appendInvocations(QSqlQuery& q, std::vector<TraceInvocation>& out)
{
    while (q.next())
        out.push_back(audit_rows::readInvocation(q, 0));
    return afterRows(q);
}

/// The condition that `column` holds a call's id, bound as `preferred`. SQLite keeps each
/// value's own type: a column declared without one may hold a call as 860 or as '860', which
/// do not equal each other. There a `number` is asked in both spellings, `preferred`'s first.
SqlFragment idMatch(const AuditDatabase& db, const QString& column, std::optional<qint64> number,
                    const QVariant& preferred)
{
    if (db.location().kind != DatabaseLocation::Kind::Sqlite || !number)
        return {column + QStringLiteral(" = ?"), {preferred}};
    return {QStringLiteral("%1 IN (?, ?) ORDER BY typeof(%1) <> typeof(?)").arg(column),
            {*number, QString::number(*number), preferred}};
}

/// The condition that `column` holds the run or session id read back as `id`: SQLite keeps
/// run 7 as 7 or '7' in a column without a declared type (boundIds()). `column` is
/// `alias.name` of `table`; an id its type cannot hold (SqlDialect::boundKeys()) matches nothing.
SqlFragment holdsId(AuditDatabase& db, const QString& table, const QString& column,
                    const QString& id)
{
    const BoundList bound = SqlDialect(db).boundKeys(table, SqlDialect::bareColumn(column), {id});
    return {QStringLiteral("%1 IN (%2)").arg(column, bound.marks), bound.binds};
}

} // namespace

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

const QStringList& AuditBrowser::coreTables()
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
    // A run id held by two rows (a table without its key) is one run, as in the facts index
    // (whose key it is: no grouping needed there); a row without one is none.
    const bool keyed = audit_rows::isFactsIndex(m_db);
    const QString runs =
        keyed ? QStringLiteral("SELECT r.session_id AS s, CASE WHEN %1 THEN 1 ELSE 0 END AS f "
                               "FROM diagnosis_run r")
              : QStringLiteral("SELECT MAX(%2) AS s, MAX(CASE WHEN %1 THEN 1 ELSE 0 "
                               "END) AS f FROM diagnosis_run r WHERE r.run_id IS NOT NULL AND "
                               "r.session_id IS NOT NULL GROUP BY r.run_id")
                    .arg(QStringLiteral("%1"),
                         SqlDialect(m_db).aggregableId(QStringLiteral("diagnosis_run"),
                                                       QStringLiteral("r.session_id")));
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT COUNT(DISTINCT s), COUNT(*), SUM(f) FROM (%1) "
                                            "runs")
                                 .arg(runs.arg(FactSql::isFallbackRun(m_db, QStringLiteral("r")))));
        !s)
        return Error{s.error()};
    if (q.next()) {
        out.sessions = q.value(0).toInt();
        out.runs = q.value(1).toInt();
        out.fallbackRuns = q.value(2).toInt();
    }
    q.finish();
    // Sessions known only from calls without a run row are listed and counted as sessions
    // (countSessions()), so the total the list is measured against holds them too.
    out.sessions += int(audit_rows::orphanOnlySessions(m_db).size());
    if (Status s = execQuery(m_db, q, QStringLiteral("SELECT COUNT(*) FROM tool_invocation")); !s)
        return Error{s.error()};
    if (q.next())
        out.invocations = q.value(0).toInt();
    return out;
}

Expected<std::vector<TraceRun>> AuditBrowser::runsOfSession(const QString& sessionId,
                                                            const SessionFilter& filter) const
{
    if (Status s = requireTables(m_db, coreTables()); !s)
        return Error{s.error()};
    const SqlDialect dialect(m_db);
    const SqlFragment where = SessionQuery(dialect).runCondition(filter);
    // The runs in the order of their starts' instants, whatever form each writer used. The
    // column as it is when its text already sorts as its instants (as the session list
    // orders by it): the canonical form is a 6 KB expression whose parsing alone took more
    // than half of a trace's time.
    const QString started =
        audit_rows::sortableTime(m_db, QStringLiteral("diagnosis_run"), QStringLiteral("r"),
                                 QStringLiteral("started_at"), /*throughIndex=*/true);
    const SqlFragment ofSession =
        holdsId(m_db, QStringLiteral("diagnosis_run"), QStringLiteral("r.session_id"), sessionId);
    QSqlQuery q(m_db.sql());
    if (Status s = execQuery(
            m_db, q,
            QStringLiteral("SELECT %1 FROM diagnosis_run r WHERE %4 AND %2 ORDER BY %3, r.run_id")
                .arg(audit_rows::runColumns(QStringLiteral("r"), &m_db), where.sql, started,
                     ofSession.sql),
            ofSession.binds + where.binds);
        !s)
        return Error{s.error()};
    std::vector<TraceRun> runs;
    while (q.next())
        runs.push_back(audit_rows::readRun(q));
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    // The SQL orders the start as stored; writers that mix offsets ("+08:00" beside "Z") or
    // forms are put in the order of the instants. Runs without a readable start stay first.
    const auto instant = [](const TraceRun& r) {
        return std::pair(r.startedAt.isValid(),
                         r.startedAt.isValid() ? r.startedAt.toMSecsSinceEpoch() : 0);
    };
    std::stable_sort(runs.begin(), runs.end(), [&instant](const TraceRun& a, const TraceRun& b) {
        return instant(a) < instant(b);
    });
    if (!audit_rows::orphanLookupAffordable(m_db))
        return runs; // see schemaNotes()
    // Filtered, the calls without a recorded run that the filter keeps (none when it asks
    // for an outcome); unfiltered, every call of the session that its run row does not hold.
    const auto calls = SessionQuery(dialect).runlessCalls(filter, QStringLiteral("1 = 1"));
    if (!calls)
        return runs;
    const SqlFragment& kept = calls->where;
    const QString& from = calls->from;
    // Calls whose run was never recorded (or recorded without a session) still belong to
    // their session, as the list counts them (FactSql::hasNoRecordedRun()). A call whose run
    // row names another session is that run's, shown there only: `check` reports the
    // disagreement (run consistency), and no run is shown under two sessions.
    const SqlFragment callOfSession =
        holdsId(m_db, QStringLiteral("tool_invocation"), QStringLiteral("i.session_id"), sessionId);
    if (Status s =
            execQuery(m_db, q,
                      QStringLiteral("SELECT DISTINCT i.run_id FROM %2 "
                                     "WHERE %3 AND i.run_id IS NOT NULL AND "
                                     "NOT EXISTS (SELECT 1 FROM diagnosis_run r WHERE "
                                     "%4 AND r.session_id IS NOT NULL) "
                                     "AND %1 ORDER BY i.run_id")
                          .arg(kept.sql, from, callOfSession.sql, audit_rows::runOfCall(m_db)),
                      callOfSession.binds + kept.binds);
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
    // Calls that name their session but no run at all: one placeholder run with an empty id
    // holds them (invocationsOfRuns reads them for it), so the trace never says a session
    // "made no lookup" while its calls sit in the table.
    if (Status s = execQuery(m_db, q,
                             // LIMIT 1: a server would otherwise send every such call.
                             QStringLiteral("SELECT 1 FROM %2 WHERE %3 AND "
                                            "i.run_id IS NULL AND %1 LIMIT 1")
                                 .arg(kept.sql, from, callOfSession.sql),
                             callOfSession.binds + kept.binds);
        !s)
        return Error{s.error()};
    const bool withoutRunId = q.next();
    q.finish();
    if (withoutRunId && std::none_of(runs.begin(), runs.end(),
                                     [](const TraceRun& r) { return r.runId.isEmpty(); })) {
        TraceRun placeholder;
        placeholder.sessionId = sessionId;
        placeholder.orphan = true;
        runs.push_back(placeholder);
    }
    return runs;
}

Expected<TraceRun> AuditBrowser::run(const QString& runId, bool listedOnly) const
{
    if (Status s = requireTables(m_db, coreTables()); !s)
        return Error{s.error()};
    const SqlFragment isRun =
        holdsId(m_db, QStringLiteral("diagnosis_run"), QStringLiteral("r.run_id"), runId);
    QSqlQuery q(m_db.sql());
    if (Status s = execQuery(
            m_db, q,
            QStringLiteral("SELECT %1 FROM diagnosis_run r WHERE %2%3")
                .arg(audit_rows::runColumns(QStringLiteral("r"), &m_db), isRun.sql,
                     listedOnly ? QStringLiteral(" AND ") + FactSql::listedRun(QStringLiteral("r"))
                                : QString()),
            isRun.binds);
        !s)
        return Error{s.error()};
    if (!q.next())
        return Error{Tr::tr("No run '%1' in %2.").arg(runId, m_db.location().display())};
    return audit_rows::readRun(q);
}

namespace {

/// An id as a case-insensitive, PAD SPACE collation compares it (MariaDB's default).
QString looselyMatchedId(QString id)
{
    while (id.endsWith(QLatin1Char(' ')))
        id.chop(1);
    return id.toLower();
}

/// ", a.id" after an ORDER BY over `table` (alias a): rows in the same place keep the order
/// of their ids. Nothing when the table has no id column (a writer that keyed it otherwise):
/// its rows are still read, in the order the database gives them.
QString idTieBreak(AuditDatabase& db, const QString& table)
{
    return audit_rows::hasColumn(db, table, QStringLiteral("id")) ? QStringLiteral(", a.id")
                                                                  : QString();
}

/// The rows of `table` (alias a) that belong to `runIds`, read by `read`: each run's rows in
/// `order`, the runs in the order given. A statement per few hundred runs, not one per run:
/// on a server each is a round trip.
template <typename Row>
Expected<std::vector<Row>>
rowsOfRuns(AuditDatabase& db, const QStringList& runIds, const QString& table,
           const QString& columns, const QString& order, Row (*read)(const QSqlQuery&, int),
           bool (*before)(const Row&, const Row&) = nullptr, const SqlFragment* also = nullptr)
{
    std::map<QString, std::vector<Row>> byRun;
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    const QString tieBreak = idTieBreak(db, table);
    for (qsizetype at = 0; at < runIds.size(); at += kValuesPerStatement) {
        const BoundList part = SqlDialect(db).boundKeys(table, QStringLiteral("run_id"),
                                                        runIds.mid(at, kValuesPerStatement));
        if (Status s = execQuery(db, q,
                                 QStringLiteral("SELECT %1 FROM %2 a WHERE a.run_id IN (%3)%5 "
                                                "ORDER BY %4%6")
                                     .arg(columns, table, part.marks, order,
                                          also ? QStringLiteral(" AND ") + also->sql : QString(),
                                          tieBreak),
                                 also ? part.binds + also->binds : part.binds);
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
    const auto loose = &looselyMatchedId;
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
        if (before) // SQL orders stored text; times in several forms need their meaning
            std::stable_sort(it->second.begin(), it->second.end(), before);
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

Expected<std::vector<TraceInvocation>>
AuditBrowser::invocationsOfRun(const QString& runId, const QString& sessionId) const
{
    return invocationsOfRuns({runId}, sessionId);
}

Expected<std::vector<TraceInvocation>>
AuditBrowser::invocationsOfRuns(const QStringList& runIds, const QString& sessionId) const
{
    return invocationsOfRuns(runIds, sessionId, false);
}

Expected<std::vector<TraceInvocation>> AuditBrowser::invocationsOfRuns(const QStringList& runIds,
                                                                       const QString& sessionId,
                                                                       bool namingTheSession) const
{
    if (Status s = requireTables(m_db, {QStringLiteral("tool_invocation")}); !s)
        return Error{s.error()};
    const QString columns = audit_rows::invocationColumns(QStringLiteral("a"), &m_db);
    const QString order = audit_rows::columnOrNull(
        m_db, QStringLiteral("tool_invocation"), QStringLiteral("a"), QStringLiteral("created_at"));
    // Each run's calls in core's one call order (what "the first failed call" means): SQL
    // sorts missing times first on SQLite and MariaDB, last on PostgreSQL.
    // The session compared by the database, as runsOfSession() found the runs: its
    // collation decides (NOCASE, citext, MariaDB's case-insensitive default).
    const SqlFragment naming =
        holdsId(m_db, QStringLiteral("tool_invocation"), QStringLiteral("a.session_id"), sessionId);
    auto out = rowsOfRuns<TraceInvocation>(
        m_db, runIds, QStringLiteral("tool_invocation"), columns, order,
        &audit_rows::readInvocation, &interpret::callBefore, namingTheSession ? &naming : nullptr);
    if (!out || sessionId.isEmpty() || !runIds.contains(QString()))
        return out;
    // The empty run id stands for the session's calls recorded without any run id
    // (runsOfSession's placeholder); they are read after those whose run id is ''.
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    const SqlFragment ofSession =
        holdsId(m_db, QStringLiteral("tool_invocation"), QStringLiteral("a.session_id"), sessionId);
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT %1 FROM tool_invocation a WHERE a.run_id IS "
                                            "NULL AND %3 ORDER BY %2%4")
                                 .arg(columns, order, ofSession.sql,
                                      idTieBreak(m_db, QStringLiteral("tool_invocation"))),
                             ofSession.binds);
        !s)
        return Error{s.error()};
    if (Status s = appendInvocations(q, *out); !s)
        return Error{s.error()};
    return out;
}

Expected<std::vector<std::pair<QString, QString>>>
AuditBrowser::runsElsewhereHoldingCallsOf(const QString& sessionId, int limit) const
{
    std::vector<std::pair<QString, QString>> out;
    if (!audit_rows::orphanLookupAffordable(m_db))
        return out;
    const SqlFragment callOfSession =
        holdsId(m_db, QStringLiteral("tool_invocation"), QStringLiteral("i.session_id"), sessionId);
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT r.run_id, MIN(%3) FROM "
                                            "tool_invocation i JOIN diagnosis_run r ON "
                                            "%4 WHERE %1 AND r.session_id IS "
                                            "NOT NULL GROUP BY r.run_id ORDER BY r.run_id LIMIT %2")
                                 .arg(callOfSession.sql)
                                 .arg(limit)
                                 .arg(SqlDialect(m_db).aggregableId(QStringLiteral("diagnosis_run"),
                                                                    QStringLiteral("r.session_id")),
                                      audit_rows::runOfCall(m_db)),
                             callOfSession.binds);
        !s)
        return Error{s.error()};
    while (q.next())
        out.emplace_back(SqlDialect::text(q.value(0)), SqlDialect::text(q.value(1)));
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    return out;
}

Expected<std::vector<TraceInvocation>>
AuditBrowser::invocationsOfSessionRuns(const std::vector<TraceRun>& runs,
                                       const QString& sessionId) const
{
    // Runs with their row, then orphans (runsOfSession()'s order): one read for each kind,
    // each run's calls in the order of the runs. In another order, a read per run.
    QStringList owned, orphans;
    bool ordered = true;
    for (const TraceRun& run : runs) {
        ordered = ordered && (run.orphan || orphans.isEmpty());
        (run.orphan ? orphans : owned) << run.runId;
    }
    if (!ordered) {
        std::vector<TraceInvocation> out;
        for (const TraceRun& run : runs) {
            auto calls = invocationsOfRuns({run.runId}, sessionId, run.orphan);
            if (!calls)
                return calls;
            std::move(calls->begin(), calls->end(), std::back_inserter(out));
        }
        return out;
    }
    auto out = owned.isEmpty()
                   ? Expected<std::vector<TraceInvocation>>(std::vector<TraceInvocation>())
                   : invocationsOfRuns(owned, QString());
    if (!out || orphans.isEmpty())
        return out;
    auto theirs = invocationsOfRuns(orphans, sessionId, true);
    if (!theirs)
        return theirs;
    std::move(theirs->begin(), theirs->end(), std::back_inserter(*out));
    return out;
}

Expected<std::vector<TraceInvocation>>
AuditBrowser::callsWithoutRunId(const QVariant& afterId, int limit, const QString& sessionId,
                                const SqlFragment* also) const
{
    if (Status s = requireTables(m_db, {QStringLiteral("tool_invocation")}); !s)
        return Error{s.error()};
    // No lower bound on the first page: any number bound would have to fit the id's type.
    QString where = QStringLiteral("a.run_id IS NULL");
    QVariantList binds;
    if (!afterId.isNull()) {
        where += QStringLiteral(" AND a.id > ?");
        binds << afterId;
    }
    if (!sessionId.isNull()) {
        const SqlFragment ofSession = holdsId(m_db, QStringLiteral("tool_invocation"),
                                              QStringLiteral("a.session_id"), sessionId);
        where += QStringLiteral(" AND ") + ofSession.sql;
        binds << ofSession.binds;
    }
    if (also) {
        where += QStringLiteral(" AND (%1)").arg(also->sql);
        binds << also->binds;
    }
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    // Keyset pages by id: the index on run_id holds these rows in id order.
    if (Status s =
            execQuery(m_db, q,
                      QStringLiteral("SELECT %1 FROM tool_invocation a WHERE %2 ORDER BY "
                                     "a.id LIMIT %3")
                          .arg(audit_rows::invocationColumns(QStringLiteral("a"), &m_db), where)
                          .arg(qMax(0, limit)),
                      binds);
        !s)
        return Error{s.error()};
    std::vector<TraceInvocation> out;
    if (Status s = appendInvocations(q, out); !s)
        return Error{s.error()};
    if (limit <= 0 || int(out.size()) < limit)
        return out;
    // A table without its key may hold two calls with one id: a page never ends between
    // them, or the next page (after that id) would skip the second. The page ends with
    // every call of its last id.
    const qint64 last = out.back().id;
    const QString lastText = out.back().idText; // 860 and '860' are two ids in SQLite
    const QVariant lastStored = out.back().storedId();
    while (!out.empty() && out.back().id == last && out.back().idText == lastText)
        out.pop_back();
    if (Status s =
            execQuery(m_db, q,
                      QStringLiteral("SELECT %1 FROM tool_invocation a WHERE %2 AND a.id = ?")
                          .arg(audit_rows::invocationColumns(QStringLiteral("a"), &m_db), where),
                      binds + QVariantList{lastStored});
        !s)
        return Error{s.error()};
    if (Status s = appendInvocations(q, out); !s)
        return Error{s.error()};
    return out;
}

Expected<TraceInvocation> AuditBrowser::invocation(const QVariant& stored) const
{
    if (Status s = requireTables(m_db, {QStringLiteral("tool_invocation")}); !s)
        return Error{s.error()};
    // PostgreSQL reads a bound text as the column's type (bigint or uuid alike); a bound
    // integer is an error against a uuid column ("cannot be coerced") instead of "no such".
    const bool postgres = m_db.location().kind == DatabaseLocation::Kind::PostgreSql;
    const QVariant id = postgres ? QVariant(SqlDialect::text(stored)) : stored;
    const auto notFound = [&] {
        return Error{Tr::tr("No tool invocation with id %1 in %2.")
                         .arg(SqlDialect::text(id), m_db.location().display())};
    };
    // An id that cannot be of the column's type: PostgreSQL would refuse the query ("invalid
    // input syntax"), MariaDB would read '12abc' as 12; the answer is "no such call".
    if (cannotBeAnId(m_db, QStringLiteral("tool_invocation"), SqlDialect::text(id)))
        return notFound();
    // A number asked (typed, not a stored text) finds either spelling, the integer first.
    const int type = id.typeId();
    const bool typedNumber = type == QMetaType::LongLong || type == QMetaType::Int;
    const SqlFragment call =
        idMatch(m_db, QStringLiteral("i.id"),
                typedNumber ? std::optional(id.toLongLong()) : std::nullopt, id);
    QSqlQuery q(m_db.sql());
    if (Status s =
            execQuery(m_db, q,
                      QStringLiteral("SELECT %1 FROM tool_invocation i WHERE %2")
                          .arg(audit_rows::invocationColumns(QStringLiteral("i"), &m_db), call.sql),
                      call.binds);
        !s)
        return Error{s.error()};
    if (!q.next())
        return notFound();
    TraceInvocation inv = audit_rows::readInvocation(q);
    if (m_db.hasTable(QStringLiteral("lookup_trace_sample"))) {
        // The sample of the call found: in either spelling of its number (the sample table
        // may keep ids otherwise than the call table), the call's own spelling first.
        const SqlFragment sample =
            idMatch(m_db, QStringLiteral("invocation_id"),
                    row_id::isNumber(inv.id, inv.idText) ? std::optional(inv.id) : std::nullopt,
                    postgres ? QVariant(inv.shownId()) : inv.storedId());
        if (Status s = execQuery(m_db, q,
                                 QStringLiteral("SELECT reason, lookup_result FROM "
                                                "lookup_trace_sample WHERE %1")
                                     .arg(sample.sql),
                                 sample.binds);
            !s)
            return Error{s.error()};
        if (q.next()) {
            inv.fullTraceReason = SqlDialect::text(q.value(0));
            audit_rows::readFullTrace(SqlDialect::text(q.value(1)), inv);
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
    const SqlFragment ofRun =
        holdsId(m_db, QStringLiteral("run_feedback"), QStringLiteral("f.run_id"), runId);
    if (Status s = execQuery(
            m_db, q,
            QStringLiteral("SELECT %1 FROM run_feedback f WHERE %3 "
                           "ORDER BY %2")
                .arg(audit_rows::feedbackColumns(QStringLiteral("f"), &m_db),
                     audit_rows::columnOrNull(m_db, QStringLiteral("run_feedback"),
                                              QStringLiteral("f"), QStringLiteral("created_at")),
                     ofRun.sql),
            ofRun.binds);
        !s)
        return Error{s.error()};
    while (q.next())
        out.push_back(audit_rows::readFeedback(q));
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    // By instant, as the timeline: SQL ordered the stored text, whatever its form.
    std::stable_sort(out.begin(), out.end(), [](const RunFeedback& a, const RunFeedback& b) {
        if (a.createdAt.isValid() != b.createdAt.isValid())
            return a.createdAt.isValid();
        return a.createdAt.isValid() && a.createdAt < b.createdAt;
    });
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
                                  &audit_rows::readEvent, &interpret::eventBefore);
}

} // namespace raglens
