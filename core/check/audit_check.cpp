#include "check/audit_check.h"

#include "check/check_rules.h"
#include "model/vocabulary.h"
#include "trace/audit_browser.h"
#include "trace/audit_rows.h"
#include "trace/session_query.h"
#include "trace/sql_dialect.h"

#include <QCoreApplication>
#include <QScopeGuard>
#include <QSqlQuery>
#include <QtConcurrent>

namespace raglens::check {

namespace {

class AuditCheck
{
    Q_DECLARE_TR_FUNCTIONS(AuditCheck)
public:
    AuditCheck(AuditDatabase& db, const CheckScope& scope, const CheckConfig& config,
               const CheckProgress& progress);
    /// The rules may still be busy with the last batch.
    ~AuditCheck() { m_rules.waitForFinished(); }
    Expected<CheckReport> run();

private:
    Status checkRuns(std::vector<TraceRun> runs);
    void applyRules(const RunBatch& batch);
    Expected<std::vector<TraceRun>> scopedRuns(); ///< a single run or a session
    Status checkWindow();                         ///< a time window or everything, paged
    Expected<std::vector<TraceRun>> orphanRuns();
    SchemaView readSchema();
    bool tick();

    AuditDatabase& m_db;
    CheckScope m_scope;
    const CheckConfig& m_config;
    const CheckProgress& m_progress;
    AuditBrowser m_browser;
    SchemaView m_schema;
    CheckState m_state;
    CheckReport m_report;
    qint64 m_total = 0;
    bool m_cancelled = false;
    /// The rules over one batch run beside the reading of the next (two cores, two jobs);
    /// one batch at a time, so the results and the state see the batches in order.
    QFuture<void> m_rules;
};

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

bool AuditCheck::tick()
{
    if (m_progress && !m_progress(m_report.runs, m_total))
        m_cancelled = true;
    return !m_cancelled;
}

Status AuditCheck::checkRuns(std::vector<TraceRun> runs)
{
    if (runs.empty())
        return ok();
    auto batch = std::make_shared<RunBatch>();
    batch->runs = std::move(runs);
    QStringList ids;
    for (const TraceRun& r : batch->runs)
        ids << r.runId;
    if (m_schema.hasSteps) {
        auto steps = m_browser.stepsOfRuns(ids);
        if (!steps)
            return Error{steps.error()};
        batch->steps = std::move(*steps);
    }
    auto calls = m_browser.invocationsOfRuns(ids);
    if (!calls)
        return Error{calls.error()};
    batch->calls = std::move(*calls);
    if (m_schema.hasEvents) {
        auto events = m_browser.eventsOfRuns(ids);
        if (!events)
            return Error{events.error()};
        batch->events = std::move(*events);
    }
    batch->index();
    m_report.runs += qint64(batch->runs.size());
    m_report.steps += qint64(batch->steps.size());
    m_report.invocations += qint64(batch->calls.size());
    m_report.events += qint64(batch->events.size());
    m_rules.waitForFinished();
    // The batch is freed in the worker too: a million rows take a while to release.
    m_rules = QtConcurrent::run([this, batch]() mutable {
        applyRules(*batch);
        batch.reset();
    });
    tick();
    return ok();
}

void AuditCheck::applyRules(const RunBatch& batch)
{
    QHash<QString, QString> sessionOf;
    for (const TraceRun& r : batch.runs)
        sessionOf.insert(r.runId, r.sessionId);
    for (RuleResult& rule : m_report.rules) {
        if (!rule.enabled)
            continue;
        const size_t before = rule.findings.size();
        // The rules name rows by run; the session comes from the batch's runs.
        const auto withSessions = qScopeGuard([&] {
            for (size_t i = before; i < rule.findings.size(); ++i)
                rule.findings[i].sessionId = sessionOf.value(rule.findings[i].runId);
        });
        const QString& id = rule.info.id;
        if (id == QLatin1String("step_binding"))
            checkStepBinding(batch, m_schema, m_config, rule);
        else if (id == QLatin1String("call_identity"))
            checkCallIdentity(batch, m_schema, m_state, rule);
        else if (id == QLatin1String("input_params_contract"))
            checkInputParams(batch, m_config, rule);
        else if (id == QLatin1String("secrets"))
            checkSecrets(batch, m_schema, m_config, rule);
        else if (id == QLatin1String("rag_lookup_v1_shape"))
            checkLookupShape(batch, rule);
        else if (id == QLatin1String("run_consistency"))
            checkRunConsistency(batch, m_schema, m_config, rule);
    }
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

Status AuditCheck::checkWindow()
{
    const SqlDialect dialect(m_db);
    QStringList conditions;
    QVariantList binds;
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
    const QString where =
        conditions.isEmpty() ? QStringLiteral("1 = 1") : conditions.join(QStringLiteral(" AND "));
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
    if (!m_scope.runId.isEmpty() || !m_scope.sessionId.isEmpty()) {
        auto runs = scopedRuns();
        if (!runs)
            return Error{runs.error()};
        m_total = qint64(runs->size());
        for (size_t at = 0; at < runs->size(); at += kRunsPerBatch) {
            const auto end = runs->begin() + qMin(runs->size(), at + kRunsPerBatch);
            if (Status s = checkRuns({runs->begin() + at, end}); !s)
                return Error{s.error()};
        }
    } else if (Status s = checkWindow(); !s) {
        return Error{s.error()};
    }
    m_rules.waitForFinished();
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
