#include "check/audit_check.h"

#include "check/check_rules.h"
#include "check/checker_pool.h"
#include "db/run_rows.h"
#include "db/sql_dialect.h"
#include "db/sql_exec.h"
#include "model/vocabulary.h"
#include "trace/audit_browser.h"
#include "trace/audit_rows.h"
#include "trace/session_query.h"

#include <QCoreApplication>
#include <QSqlQuery>

#include <memory>
#include <optional>

namespace raglens::check {

namespace {

class AuditCheck
{
    Q_DECLARE_TR_FUNCTIONS(AuditCheck)
public:
    AuditCheck(AuditDatabase& db, const CheckScope& scope, const CheckConfig& config,
               const CheckProgress& progress);
    Expected<CheckReport> run();

private:
    /// Hands a batch of runs to the checkers, and reports progress.
    Status checkRuns(std::vector<TraceRun> runs);
    /// The runs of a time window or everything, as a condition over diagnosis_run r.
    Status windowCondition(QString& where, QVariantList& binds);
    /// The calls in scope, as a condition over tool_invocation i.
    Status callScope(QString& where, QVariantList& binds);
    Status findSharedCallIds();
    Status findRepeatedIds();
    /// Names the diagnosis_run rows without a run_id found by findRepeatedIds().
    void reportKeylessRuns();
    Expected<std::vector<TraceRun>> scopedRuns(); ///< a single run or a session
    Status checkWindow();                         ///< a time window or everything, paged
    /// Runs named by calls but without a row; with `window`, those with a call in it.
    Expected<std::vector<TraceRun>> orphanRuns(const SqlFragment* window = nullptr);
    /// Calls recorded without any run id, of one session or (null) of all, in batches; with
    /// `window`, those in it.
    Status checkRunlessCalls(const QString& sessionId, const SqlFragment* window = nullptr);
    /// The time window as a condition on a call's own created_at (alias i or a); null when
    /// there is no window or no created_at column.
    std::optional<SqlFragment> callWindow(const QString& alias);
    SchemaView readSchema();
    bool tick();

    AuditDatabase& m_db;
    CheckScope m_scope;
    const CheckConfig& m_config;
    const CheckProgress& m_progress;
    AuditBrowser m_browser;
    SchemaView m_schema;
    CheckReport m_report;
    ScopeFacts m_facts;
    std::unique_ptr<CheckerPool> m_checkers; ///< made once the rules and facts are known
    qint64 m_total = 0;
    bool m_cancelled = false;
};

/// Runs read (with their rows) per batch: a few statements per table per batch.
constexpr int kRunsPerBatch = 500;
/// Calls without a run id read per batch: about as many as 500 runs hold.
constexpr int kRunlessCallsPerBatch = 1000;

const QString kRuns = QStringLiteral("diagnosis_run");
const QString kCalls = QStringLiteral("tool_invocation");

AuditCheck::AuditCheck(AuditDatabase& db, const CheckScope& scope, const CheckConfig& config,
                       const CheckProgress& progress)
    : m_db(db), m_scope(scope), m_config(config), m_progress(progress), m_browser(db)
{}

SchemaView AuditCheck::readSchema()
{
    SchemaView s;
    const auto has = [this](const QString& table, const char* column) {
        return audit_rows::hasColumn(m_db, table, QString::fromLatin1(column));
    };
    s.hasSteps = m_db.hasTable(QStringLiteral("agent_step"));
    s.hasEvents = m_db.hasTable(QStringLiteral("diagnosis_trace"));
    s.hasStepIdColumn = has(kCalls, "step_id");
    s.hasStepKeys = s.hasSteps && has(QStringLiteral("agent_step"), "id");
    s.hasToolCallIdColumn = has(kCalls, "tool_call_id");
    s.hasToolCallCount = has(kRuns, "tool_call_count");
    s.hasTokenCounts = has(kRuns, "total_token_count") && s.hasSteps &&
                       has(QStringLiteral("agent_step"), "token_count");
    s.hasFallbackReason = has(kRuns, "fallback_reason");
    s.hasQuestion = has(kRuns, "question");
    s.hasInputParams = has(kCalls, "input_params");
    s.hasRetrievalDetails = has(kCalls, "retrieval_details");
    s.hasStepToolFlag = s.hasSteps && has(QStringLiteral("agent_step"), "has_tool_call");
    s.hasEventDetails = s.hasEvents && has(QStringLiteral("diagnosis_trace"), "details");
    // A missing column is no failure of the rows: what needs it is not checked, and said so
    // (before, every call failed "input_params is empty" and the check failed).
    if (!s.hasInputParams)
        m_report.notes << tr("This database has no input_params column in tool_invocation: calls' "
                             "parameters are not checked, nor their tool_call_id and step_id "
                             "against them.");
    if (!s.hasRetrievalDetails)
        m_report.notes << tr("This database has no retrieval_details column in tool_invocation: "
                             "lookups' details are not checked (rag_lookup_v1 shape, their "
                             "tool_call_id).");
    if (s.hasSteps && !s.hasStepToolFlag)
        m_report.notes << tr("This database has no has_tool_call column in agent_step: steps "
                             "are not checked against the calls that name them.");
    if (s.hasEvents && !s.hasEventDetails)
        m_report.notes << tr("This database has no details column in diagnosis_trace: calls are "
                             "not checked against their timeline events.");
    if (!s.hasSteps)
        m_report.notes << tr("This database has no agent_step table: step checks are skipped.");
    else if (!s.hasStepKeys)
        m_report.notes << tr("This database has no id column in agent_step: no call's step_id "
                             "can name a step, so calls are not checked against their run's "
                             "steps, nor steps against their calls.");
    if (!s.hasEvents)
        m_report.notes << tr("This database has no diagnosis_trace table: timeline checks are "
                             "skipped.");
    return s;
}

bool AuditCheck::tick()
{
    if (m_progress && !m_progress(m_checkers->runsDone(), m_total))
        m_cancelled = true;
    return !m_cancelled;
}

Status AuditCheck::checkRuns(std::vector<TraceRun> runs)
{
    if (Status s = m_checkers->add(std::move(runs)); !s)
        return s;
    tick();
    return ok();
}

Expected<std::vector<TraceRun>> AuditCheck::scopedRuns()
{
    if (!m_scope.runId.isEmpty()) {
        auto run = m_browser.run(m_scope.runId);
        if (run)
            return std::vector<TraceRun>{*run};
        // No run row: its calls may still be there (an orphan run).
        auto calls = m_browser.invocationsOfRuns({m_scope.runId});
        if (!calls)
            return Error{calls.error()};
        if (calls->empty())
            return Error{run.error()};
        TraceRun orphan;
        orphan.runId = m_scope.runId;
        orphan.sessionId = calls->front().sessionId;
        orphan.orphan = true;
        return std::vector<TraceRun>{orphan};
    }
    auto runs = m_browser.runsOfSession(m_scope.sessionId);
    if (!runs)
        return Error{runs.error()};
    if (runs->empty())
        return Error{
            tr("No session '%1' in %2.").arg(m_scope.sessionId, m_db.location().display())};
    return runs;
}

Expected<std::vector<TraceRun>> AuditCheck::orphanRuns(const SqlFragment* window)
{
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    if (Status s =
            execQuery(m_db, q,
                      QStringLiteral("SELECT i.run_id, MIN(%2) FROM "
                                     "tool_invocation i WHERE i.run_id IS NOT NULL AND NOT "
                                     "EXISTS (SELECT 1 FROM diagnosis_run r WHERE "
                                     "%3) AND %1 GROUP BY i.run_id")
                          .arg(window ? window->sql : QStringLiteral("1 = 1"),
                               SqlDialect(m_db).aggregableId(QStringLiteral("tool_invocation"),
                                                             QStringLiteral("i.session_id")),
                               audit_rows::runOfCall(m_db)),
                      window ? window->binds : QVariantList());
        !s)
        return Error{s.error()};
    std::vector<TraceRun> runs;
    while (q.next()) {
        TraceRun orphan;
        orphan.runId = SqlDialect::text(q.value(0));
        orphan.sessionId = SqlDialect::text(q.value(1));
        orphan.orphan = true;
        runs.push_back(orphan);
    }
    if (Status s = afterRows(q); !s)
        return Error{s.error()};
    return runs;
}

std::optional<SqlFragment> AuditCheck::callWindow(const QString& alias)
{
    if ((!m_scope.since.isValid() && !m_scope.until.isValid()) ||
        !audit_rows::hasColumn(m_db, kCalls, QStringLiteral("created_at")))
        return std::nullopt;
    QStringList conds;
    SqlFragment window;
    SqlDialect(m_db).addTimeWindow(kCalls, alias + QStringLiteral(".created_at"), m_scope.since,
                                   m_scope.until, conds, window.binds);
    window.sql = conds.join(QStringLiteral(" AND "));
    return window;
}

Status AuditCheck::checkRunlessCalls(const QString& sessionId, const SqlFragment* window)
{
    QVariant after; // the last id as stored: a text id's handle would not order the rows
    while (!m_cancelled) {
        auto calls = m_browser.callsWithoutRunId(after, kRunlessCallsPerBatch, sessionId, window);
        if (!calls)
            return Error{calls.error()};
        if (calls->empty())
            break;
        after = calls->back().storedId();
        const bool last = int(calls->size()) < kRunlessCallsPerBatch;
        if (Status s = m_checkers->addRunless(std::move(*calls)); !s)
            return s;
        tick();
        if (last)
            break;
    }
    return ok();
}

Status AuditCheck::windowCondition(QString& where, QVariantList& binds)
{
    const SqlDialect dialect(m_db);
    QStringList conditions;
    const bool windowed = m_scope.since.isValid() || m_scope.until.isValid();
    if (windowed && !audit_rows::hasColumn(m_db, kRuns, QStringLiteral("started_at")))
        return Error{tr("This database has no started_at column: a time window cannot be "
                        "checked.")};
    dialect.addTimeWindow(kRuns, QStringLiteral("r.started_at"), m_scope.since, m_scope.until,
                          conditions, binds);
    where =
        conditions.isEmpty() ? QStringLiteral("1 = 1") : conditions.join(QStringLiteral(" AND "));
    return ok();
}

Status AuditCheck::callScope(QString& where, QVariantList& binds)
{
    const auto [callRun, run] = SqlDialect(m_db).comparableKeys(
        QStringLiteral("tool_invocation"), QStringLiteral("i.run_id"),
        QStringLiteral("diagnosis_run"), QStringLiteral("r.run_id"));
    const QString inRuns =
        QStringLiteral("%1 IN (SELECT %2 FROM diagnosis_run r WHERE %3)").arg(callRun, run);
    // Ids the user typed, bound only where the column's type can hold them.
    const auto holds = [this](const QString& table, const QString& alias, const QString& column,
                              const QString& id, QVariantList& into) {
        const BoundList bound = SqlDialect(m_db).boundKeys(table, column, {id});
        into << bound.binds;
        return QStringLiteral("%1.%2 IN (%3)").arg(alias, column, bound.marks);
    };
    if (!m_scope.runId.isEmpty()) {
        where = holds(kCalls, QStringLiteral("i"), QStringLiteral("run_id"), m_scope.runId, binds);
    } else if (!m_scope.sessionId.isEmpty()) {
        const QString ofRun = holds(kRuns, QStringLiteral("r"), QStringLiteral("session_id"),
                                    m_scope.sessionId, binds);
        const QString ofCall = holds(kCalls, QStringLiteral("i"), QStringLiteral("session_id"),
                                     m_scope.sessionId, binds);
        where = QStringLiteral("(%1 OR %2)").arg(inRuns.arg(ofRun), ofCall);
    } else if (m_scope.since.isValid() || m_scope.until.isValid()) {
        QString window;
        if (Status s = windowCondition(window, binds); !s)
            return s;
        where = inRuns.arg(window);
    } else {
        where = QStringLiteral("1 = 1");
    }
    return ok();
}

void AuditCheck::reportKeylessRuns()
{
    QStringList found;
    if (m_facts.keylessRuns > 0)
        found << tr("%n diagnosis_run row(s) have no run_id: RagLens does not count them as "
                    "runs (lists, health and traces leave them out)",
                    nullptr, m_facts.keylessRuns);
    if (m_facts.sessionlessRuns > 0)
        found << tr("%n diagnosis_run row(s) have a run_id but no session_id: RagLens does not "
                    "count them as runs; their calls show under the calls' own session as a run "
                    "without its row (lists, health and traces alike)",
                    nullptr, m_facts.sessionlessRuns);
    if (found.isEmpty())
        return;
    for (RuleResult& r : m_report.rules) {
        if (r.info.id != QLatin1String("run_consistency") || !r.enabled)
            continue;
        // Found once for the whole scope, so named once, first, whatever the batches found.
        r.checked += int(found.size());
        r.failed += int(found.size());
        r.note.clear();
        for (auto it = found.crbegin(); it != found.crend(); ++it)
            r.findings.insert(r.findings.begin(), runFinding(QString(), *it));
        if (int(r.findings.size()) > r.maxFindings)
            r.findings.resize(size_t(qMax(0, r.maxFindings)));
    }
}

Status AuditCheck::findRepeatedIds()
{
    // A table without its key constraint may hold a run or a call twice; every count joined
    // through such an id is multiplied, so the rows say so (one grouped read per table).
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    if (m_config.enabled(QStringLiteral("run_consistency"))) {
        m_facts.lastRunRowRead = run_rows::readsLastRowsOnly(m_db);
        QString where;
        QVariantList binds;
        if (m_scope.runId.isEmpty() && m_scope.sessionId.isEmpty()) {
            if (Status s = windowCondition(where, binds); !s)
                return s;
        } else {
            const QString column =
                m_scope.runId.isEmpty() ? QStringLiteral("session_id") : QStringLiteral("run_id");
            const BoundList bound = SqlDialect(m_db).boundKeys(
                kRuns, column, {m_scope.runId.isEmpty() ? m_scope.sessionId : m_scope.runId});
            where = QStringLiteral("r.%1 IN (%2)").arg(column, bound.marks);
            binds << bound.binds;
        }
        if (Status s = execQuery(m_db, q,
                                 // Every stored row, not the one per run that reads see.
                                 QStringLiteral("SELECT r.run_id, COUNT(*) FROM %2 r WHERE %1 "
                                                "GROUP BY r.run_id HAVING COUNT(*) > 1")
                                     .arg(where, run_rows::storedTable(m_db)),
                                 binds);
            !s)
            return s;
        while (q.next())
            if (!q.value(0).isNull())
                m_facts.repeatedRunIds.insert(SqlDialect::text(q.value(0)), q.value(1).toInt());
        if (Status s = afterRows(q); !s)
            return s;
        if (Status s = execQuery(m_db, q,
                                 QStringLiteral("SELECT COUNT(*) FROM diagnosis_run r WHERE (%1) "
                                                "AND r.run_id IS NULL")
                                     .arg(where),
                                 binds);
            !s)
            return s;
        m_facts.keylessRuns = q.next() ? q.value(0).toInt() : 0;
        if (Status s = execQuery(m_db, q,
                                 QStringLiteral("SELECT COUNT(*) FROM diagnosis_run r WHERE (%1) "
                                                "AND r.run_id IS NOT NULL AND r.session_id IS "
                                                "NULL")
                                     .arg(where),
                                 binds);
            !s)
            return s;
        m_facts.sessionlessRuns = q.next() ? q.value(0).toInt() : 0;
        q.finish();
    }
    if (m_config.enabled(QStringLiteral("call_identity"))) {
        QString where;
        QVariantList binds;
        if (Status s = callScope(where, binds); !s)
            return s;
        if (Status s = execQuery(m_db, q,
                                 QStringLiteral("SELECT i.id, COUNT(*) FROM tool_invocation i "
                                                "WHERE %1 GROUP BY i.id HAVING COUNT(*) > 1")
                                     .arg(where),
                                 binds);
            !s)
            return s;
        while (q.next()) {
            QString text;
            const qint64 id = row_id::read(q.value(0), &text).value_or(0);
            m_facts.repeatedCallIds.insert({id, text}, q.value(1).toInt());
        }
        if (Status s = afterRows(q); !s)
            return s;
    }
    return ok();
}

Status AuditCheck::findSharedCallIds()
{
    // One grouped read for the whole scope: then every checker knows which ids are shared,
    // and by which invocation first, whatever batches it reads.
    if (!m_config.enabled(QStringLiteral("call_identity")) || !m_schema.hasToolCallIdColumn)
        return ok();
    QString where;
    QVariantList binds;
    if (Status s = callScope(where, binds); !s)
        return s;
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    // The lowest id of each shared tool_call_id. PostgreSQL has no MIN of a uuid: the first
    // of its ids in order instead (NULLs last), which reads any type it can order.
    const QString lowest = m_db.location().kind == DatabaseLocation::Kind::PostgreSql
                               ? QStringLiteral("(array_agg(i.id ORDER BY i.id))[1]")
                               : QStringLiteral("MIN(i.id)");
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT i.tool_call_id, %2 FROM tool_invocation i "
                                            "WHERE %1 AND i.tool_call_id IS NOT NULL AND "
                                            "i.tool_call_id <> '' GROUP BY i.tool_call_id "
                                            "HAVING COUNT(*) > 1")
                                 .arg(where, lowest),
                             binds);
        !s)
        return s;
    while (q.next()) {
        SharedCallId first;
        first.id = row_id::read(q.value(1), &first.idText).value_or(0);
        m_facts.sharedCallIds.insert(SqlDialect::text(q.value(0)), first);
    }
    return afterRows(q);
}

Status AuditCheck::checkWindow()
{
    QString where;
    QVariantList binds;
    if (Status s = windowCondition(where, binds); !s)
        return s;
    // Rows without a run id are no runs (reportKeylessRuns() names them); read as runs they
    // would also break the keyset (NULL sorts first, and nothing is "> NULL").
    where = QStringLiteral("(%1) AND r.run_id IS NOT NULL").arg(where);
    const bool windowed = m_scope.since.isValid() || m_scope.until.isValid();
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    if (Status s = execQuery(
            m_db, q, QStringLiteral("SELECT COUNT(*) FROM diagnosis_run r WHERE ") + where, binds);
        !s)
        return s;
    m_total = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    // Keyset pages by run id: no OFFSET scans, and rows added meanwhile are simply met or not.
    // The last id is bound as it was read (a number, text or bytes): as text, an id a writer
    // stored as a BLOB sorts after it, and the same last page came back for ever.
    QVariant after;
    bool first = true;
    while (tick()) {
        QVariantList pageBinds = binds;
        QString pageWhere = where;
        if (!first) {
            pageWhere += QStringLiteral(" AND r.run_id > ?");
            pageBinds << after;
        }
        if (Status s =
                execQuery(m_db, q,
                          QStringLiteral("SELECT %1 FROM diagnosis_run r WHERE %2 ORDER BY "
                                         "r.run_id LIMIT %3")
                              .arg(audit_rows::runColumns(QStringLiteral("r"), &m_db), pageWhere)
                              .arg(kRunsPerBatch),
                          pageBinds);
            !s)
            return s;
        std::vector<TraceRun> runs;
        QVariant last;
        while (q.next()) {
            runs.push_back(audit_rows::readRun(q));
            last = q.value(0);
        }
        if (Status s = afterRows(q); !s)
            return s;
        q.finish();
        if (runs.empty())
            break;
        // A page that does not move past the last one would be read for ever.
        if (!first && last == after)
            return Error{tr("The run ids of %1 do not sort past %2: the check stopped there.")
                             .arg(m_db.location().display(), runs.back().runId)};
        first = false;
        after = last;
        if (Status s = checkRuns(std::move(runs)); !s)
            return s;
    }
    if (m_cancelled)
        return ok();
    // Calls without a recorded run have no start: in a window they are placed by their own
    // created_at, as health places them.
    std::optional<SqlFragment> byCallTime;
    if (windowed) {
        byCallTime = callWindow(QStringLiteral("i"));
        if (!byCallTime) {
            m_report.notes << tr("Calls without a run row have no start time and are not in a "
                                 "time window; check without --since/--until to include them.");
            return ok();
        }
        m_report.notes << tr("Calls without a recorded run are in the window by their own "
                             "created_at; a run named by such calls is checked whole when one "
                             "of its calls is in it.");
    }
    auto orphans = orphanRuns(byCallTime ? &*byCallTime : nullptr);
    if (!orphans)
        return Error{orphans.error()};
    m_total += qint64(orphans->size());
    for (size_t at = 0; at < orphans->size() && !m_cancelled; at += kRunsPerBatch) {
        const auto end = orphans->begin() + qMin(orphans->size(), at + kRunsPerBatch);
        if (Status s = checkRuns({orphans->begin() + at, end}); !s)
            return s;
    }
    if (!byCallTime)
        return checkRunlessCalls(QString());
    const std::optional<SqlFragment> runless = callWindow(QStringLiteral("a"));
    return checkRunlessCalls(QString(), &*runless);
}

Expected<CheckReport> AuditCheck::run()
{
    if (Status s = requireTables(m_db, {kRuns, kCalls}); !s)
        return Error{s.error()};
    m_report.database = m_db.location().display();
    m_report.scope = m_scope;
    m_schema = readSchema();
    for (const RuleInfo& info : ruleCatalog()) {
        RuleResult r;
        r.info = info;
        r.enabled = m_config.enabled(info.id);
        r.maxFindings = m_config.maxFindingsPerRule;
        if (!r.enabled)
            r.note = tr("switched off by the rules file");
        m_report.rules.push_back(r);
    }
    if (Status s = findSharedCallIds(); !s)
        return Error{s.error()};
    if (Status s = findRepeatedIds(); !s)
        return Error{s.error()};
    m_checkers = std::make_unique<CheckerPool>(m_db, m_report.rules, m_schema, m_facts, m_config);
    Status produced = ok();
    if (!m_scope.runId.isEmpty() || !m_scope.sessionId.isEmpty()) {
        auto runs = scopedRuns();
        if (!runs) {
            produced = Error{runs.error()};
        } else {
            m_total = qint64(runs->size());
            for (size_t at = 0; at < runs->size() && produced; at += kRunsPerBatch) {
                const auto end = runs->begin() + qMin(runs->size(), at + kRunsPerBatch);
                produced = checkRuns({runs->begin() + at, end});
            }
            // A session's calls recorded without any run id are its calls too.
            if (produced && m_scope.runId.isEmpty())
                produced = checkRunlessCalls(m_scope.sessionId);
        }
    } else {
        produced = checkWindow();
    }
    if (!produced)
        return Error{produced.error()}; // the destructor stops the checkers
    if (Status s = m_checkers->finish(m_cancelled, m_report); !s)
        return Error{s.error()};
    reportKeylessRuns();
    tick();
    if (m_cancelled)
        return Error{tr("The audit check was cancelled.")};
    return m_report;
}

} // namespace

Expected<CheckReport> runAuditCheck(AuditDatabase& db, const CheckScope& scope,
                                    const CheckConfig& config, const CheckProgress& progress)
{
    return AuditCheck(db, scope, config, progress).run();
}

} // namespace raglens::check
