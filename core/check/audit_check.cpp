#include "check/audit_check.h"

#include "check/batch_checker.h"
#include "check/check_rules.h"
#include "db/sql_dialect.h"
#include "db/sql_exec.h"
#include "model/vocabulary.h"
#include "trace/audit_browser.h"
#include "trace/audit_rows.h"
#include "trace/session_query.h"

#include <QCoreApplication>
#include <QSqlQuery>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace raglens::check {

namespace {

class AuditCheck
{
    Q_DECLARE_TR_FUNCTIONS(AuditCheck)
public:
    AuditCheck(AuditDatabase& db, const CheckScope& scope, const CheckConfig& config,
               const CheckProgress& progress);
    /// Stops checkers still running (after an error or a cancel).
    ~AuditCheck();
    Expected<CheckReport> run();

private:
    /// Hands a batch of runs to the checkers (or checks it here, with one connection).
    Status checkRuns(std::vector<TraceRun> runs);
    Status startWorkers();
    /// The runs of a time window or everything, as a condition over diagnosis_run r.
    Status windowCondition(QString& where, QVariantList& binds);
    Status findSharedCallIds();
    Status finishWorkers();
    void workerLoop(size_t index);
    Expected<std::vector<TraceRun>> scopedRuns(); ///< a single run or a session
    Status checkWindow();                         ///< a time window or everything, paged
    Expected<std::vector<TraceRun>> orphanRuns();
    SchemaView readSchema();
    bool tick();

    AuditDatabase& m_db;
    /// Taken before the checkers start: their connections trust it (no schema statements,
    /// and a file with an unapplied log is read from the same private copy).
    AuditDatabase::Inspection m_inspection;
    CheckScope m_scope;
    const CheckConfig& m_config;
    const CheckProgress& m_progress;
    AuditBrowser m_browser;
    SchemaView m_schema;
    CheckReport m_report;
    ScopeFacts m_facts;
    qint64 m_total = 0;
    int m_seq = 0;
    bool m_cancelled = false;

    // Two checkers, each reading and checking whole batches on a connection of its own,
    // keep both cores busy (reading and decoding the rows is most of the work). A database
    // that cannot be opened twice (":memory:") is checked here, batch after batch.
    std::vector<std::unique_ptr<BatchChecker>> m_checkers;
    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::pair<int, std::vector<TraceRun>>> m_queue;
    bool m_noMoreBatches = false;
    qint64 m_runsDone = 0;
    QString m_workerError;
};

/// Batches waiting for a checker: enough to keep both busy, few enough to bound memory.
constexpr size_t kQueuedBatches = 4;

/// Runs read (with their rows) per batch: a few statements per table per batch.
constexpr int kRunsPerBatch = 500;

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
    s.hasToolCallIdColumn = has(kCalls, "tool_call_id");
    s.hasToolCallCount = has(kRuns, "tool_call_count");
    s.hasTokenCounts = has(kRuns, "total_token_count") && s.hasSteps &&
                       has(QStringLiteral("agent_step"), "token_count");
    s.hasFallbackReason = has(kRuns, "fallback_reason");
    s.hasQuestion = has(kRuns, "question");
    if (!s.hasSteps)
        m_report.notes << tr("This database has no agent_step table: step checks are skipped.");
    if (!s.hasEvents)
        m_report.notes << tr("This database has no diagnosis_trace table: timeline checks are "
                             "skipped.");
    return s;
}

AuditCheck::~AuditCheck()
{
    {
        std::lock_guard lock(m_mutex);
        m_noMoreBatches = true;
        if (m_workerError.isEmpty())
            m_workerError = QStringLiteral("stopped");
    }
    m_changed.notify_all();
    for (std::thread& t : m_threads)
        t.join();
}

bool AuditCheck::tick()
{
    qint64 done = 0;
    {
        std::lock_guard lock(m_mutex);
        done = m_runsDone;
    }
    if (m_progress && !m_progress(done, m_total))
        m_cancelled = true;
    return !m_cancelled;
}

Status AuditCheck::startWorkers()
{
    const bool memory = m_db.location().kind == DatabaseLocation::Kind::Sqlite &&
                        m_db.location().path == QLatin1String(":memory:");
    const size_t count = memory ? 1 : size_t(qBound(1, m_config.checkers, 8));
    for (size_t i = 0; i < count; ++i)
        m_checkers.push_back(
            std::make_unique<BatchChecker>(m_report.rules, m_schema, m_facts, m_config));
    if (memory || count == 1)
        return ok(); // checked here, on this connection
    m_inspection = m_db.inspection();
    for (size_t i = 0; i < count; ++i)
        m_threads.emplace_back([this, i] { workerLoop(i); });
    return ok();
}

void AuditCheck::workerLoop(size_t index)
{
    // Qt SQL connections belong to the thread that opened them: each checker opens its own.
    auto opened = AuditDatabase::openInspected(m_inspection);
    std::unique_lock lock(m_mutex);
    if (!opened) {
        if (m_workerError.isEmpty())
            m_workerError = opened.error();
        m_changed.notify_all();
        return;
    }
    while (true) {
        m_changed.wait(lock, [this] {
            return !m_queue.empty() || m_noMoreBatches || !m_workerError.isEmpty();
        });
        if (!m_workerError.isEmpty() || (m_queue.empty() && m_noMoreBatches))
            break;
        auto [seq, runs] = std::move(m_queue.front());
        m_queue.pop_front();
        const qint64 n = qint64(runs.size());
        m_changed.notify_all();
        lock.unlock();
        const Status s = m_checkers[index]->check(**opened, seq, std::move(runs));
        lock.lock();
        m_runsDone += n;
        if (!s && m_workerError.isEmpty())
            m_workerError = s.error();
        m_changed.notify_all();
    }
    lock.unlock();
    opened->reset(); // closed in this thread
}

Status AuditCheck::checkRuns(std::vector<TraceRun> runs)
{
    if (runs.empty())
        return ok();
    const int seq = m_seq++;
    if (m_threads.empty()) {
        const qint64 n = qint64(runs.size());
        if (Status s = m_checkers.front()->check(m_db, seq, std::move(runs)); !s)
            return s;
        m_runsDone += n;
        tick();
        return ok();
    }
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock,
                   [this] { return m_queue.size() < kQueuedBatches || !m_workerError.isEmpty(); });
    if (!m_workerError.isEmpty())
        return Error{m_workerError};
    m_queue.emplace_back(seq, std::move(runs));
    m_changed.notify_all();
    const qint64 done = m_runsDone;
    lock.unlock();
    if (m_progress && !m_progress(done, m_total))
        m_cancelled = true;
    return ok();
}

Status AuditCheck::finishWorkers()
{
    {
        std::lock_guard lock(m_mutex);
        m_noMoreBatches = true;
        if (m_cancelled && m_workerError.isEmpty())
            m_queue.clear();
    }
    m_changed.notify_all();
    for (std::thread& t : m_threads)
        t.join();
    m_threads.clear();
    if (!m_workerError.isEmpty())
        return Error{m_workerError};
    std::vector<const BatchChecker*> parts;
    for (const auto& c : m_checkers)
        parts.push_back(c.get());
    BatchChecker::merge(parts, m_report);
    m_runsDone = m_report.runs;
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

Expected<std::vector<TraceRun>> AuditCheck::orphanRuns()
{
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT i.run_id, MIN(i.session_id) FROM "
                                            "tool_invocation i WHERE i.run_id IS NOT NULL AND NOT "
                                            "EXISTS (SELECT 1 FROM diagnosis_run r WHERE "
                                            "r.run_id = i.run_id) GROUP BY i.run_id"));
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

Status AuditCheck::windowCondition(QString& where, QVariantList& binds)
{
    const SqlDialect dialect(m_db);
    QStringList conditions;
    const bool windowed = m_scope.since.isValid() || m_scope.until.isValid();
    if (windowed && !audit_rows::hasColumn(m_db, kRuns, QStringLiteral("started_at")))
        return Error{tr("This database has no started_at column: a time window cannot be "
                        "checked.")};
    if (m_scope.since.isValid()) {
        conditions << dialect.timeCompare(QStringLiteral("r.started_at"), QStringLiteral(">="));
        binds << dialect.timeParam(m_scope.since);
    }
    if (m_scope.until.isValid()) {
        conditions << dialect.timeCompare(QStringLiteral("r.started_at"), QStringLiteral("<"));
        binds << dialect.timeParam(m_scope.until);
    }
    where =
        conditions.isEmpty() ? QStringLiteral("1 = 1") : conditions.join(QStringLiteral(" AND "));
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
    const QString inRuns = QStringLiteral("i.run_id IN (SELECT r.run_id FROM diagnosis_run r "
                                          "WHERE %1)");
    if (!m_scope.runId.isEmpty()) {
        where = QStringLiteral("i.run_id = ?");
        binds << m_scope.runId;
    } else if (!m_scope.sessionId.isEmpty()) {
        where = QStringLiteral("(%1 OR i.session_id = ?)")
                    .arg(inRuns.arg(QStringLiteral("r.session_id = ?")));
        binds << m_scope.sessionId << m_scope.sessionId;
    } else if (m_scope.since.isValid() || m_scope.until.isValid()) {
        QString window;
        if (Status s = windowCondition(window, binds); !s)
            return s;
        where = inRuns.arg(window);
    } else {
        where = QStringLiteral("1 = 1");
    }
    QSqlQuery q(m_db.sql());
    q.setForwardOnly(true);
    if (Status s = execQuery(m_db, q,
                             QStringLiteral("SELECT i.tool_call_id, MIN(i.id) FROM tool_invocation "
                                            "i WHERE %1 AND i.tool_call_id IS NOT NULL AND "
                                            "i.tool_call_id <> '' GROUP BY i.tool_call_id "
                                            "HAVING COUNT(*) > 1")
                                 .arg(where),
                             binds);
        !s)
        return s;
    while (q.next())
        m_facts.sharedCallIds.insert(SqlDialect::text(q.value(0)), q.value(1).toLongLong());
    return afterRows(q);
}

Status AuditCheck::checkWindow()
{
    QString where;
    QVariantList binds;
    if (Status s = windowCondition(where, binds); !s)
        return s;
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
    QString after;
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
        while (q.next())
            runs.push_back(audit_rows::readRun(q));
        if (Status s = afterRows(q); !s)
            return s;
        q.finish();
        if (runs.empty())
            break;
        first = false;
        after = runs.back().runId;
        if (Status s = checkRuns(std::move(runs)); !s)
            return s;
    }
    if (m_cancelled)
        return ok();
    if (windowed) {
        m_report.notes << tr("Calls without a run row have no start time and are not in a time "
                             "window; check without --since/--until to include them.");
        return ok();
    }
    auto orphans = orphanRuns();
    if (!orphans)
        return Error{orphans.error()};
    m_total += qint64(orphans->size());
    for (size_t at = 0; at < orphans->size() && !m_cancelled; at += kRunsPerBatch) {
        const auto end = orphans->begin() + qMin(orphans->size(), at + kRunsPerBatch);
        if (Status s = checkRuns({orphans->begin() + at, end}); !s)
            return s;
    }
    return ok();
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
    if (Status s = startWorkers(); !s)
        return Error{s.error()};
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
        }
    } else {
        produced = checkWindow();
    }
    if (!produced)
        return Error{produced.error()}; // the destructor stops the checkers
    if (Status s = finishWorkers(); !s)
        return Error{s.error()};
    tick();
    if (m_cancelled)
        return Error{tr("The audit check was cancelled.")};
    return m_report;
}

} // namespace

bool isLookup(const TraceInvocation& call)
{
    return call.toolName == vocab::kLookupKnowledge || call.retrievalLayer == vocab::kLayerL1;
}

void RunBatch::index()
{
    for (const TraceStep& s : steps)
        stepsByRun[s.runId].push_back(&s);
    for (const TraceInvocation& c : calls)
        callsByRun[c.runId].push_back(&c);
    for (const TraceEvent& e : events)
        eventsByRun[e.runId].push_back(&e);
}

template <typename T>
static const std::vector<const T*>& rowsOf(const QHash<QString, std::vector<const T*>>& byRun,
                                           const QString& runId)
{
    static const std::vector<const T*> none;
    const auto it = byRun.constFind(runId);
    return it == byRun.constEnd() ? none : *it;
}

const std::vector<const TraceStep*>& RunBatch::stepsOf(const QString& runId) const
{
    return rowsOf(stepsByRun, runId);
}

const std::vector<const TraceInvocation*>& RunBatch::callsOf(const QString& runId) const
{
    return rowsOf(callsByRun, runId);
}

const std::vector<const TraceEvent*>& RunBatch::eventsOf(const QString& runId) const
{
    return rowsOf(eventsByRun, runId);
}

Expected<CheckReport> runAuditCheck(AuditDatabase& db, const CheckScope& scope,
                                    const CheckConfig& config, const CheckProgress& progress)
{
    return AuditCheck(db, scope, config, progress).run();
}

} // namespace raglens::check
