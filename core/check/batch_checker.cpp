#include "check/batch_checker.h"

#include "trace/audit_browser.h"

#include <algorithm>

namespace raglens::check {

BatchChecker::BatchChecker(const std::vector<RuleResult>& rules, const SchemaView& schema,
                           const ScopeFacts& facts, const CheckConfig& config)
    : m_rules(rules), m_findingSeq(rules.size()), m_schema(schema), m_config(config), m_facts(facts)
{}

Status BatchChecker::check(AuditDatabase& db, int seq, std::vector<TraceRun> runs)
{
    if (runs.empty())
        return ok();
    AuditBrowser browser(db);
    RunBatch batch;
    batch.runs = std::move(runs);
    QStringList ids;
    for (const TraceRun& r : batch.runs)
        ids << r.runId;
    if (m_schema.hasSteps) {
        auto steps = browser.stepsOfRuns(ids);
        if (!steps)
            return Error{steps.error()};
        batch.steps = std::move(*steps);
    }
    auto calls = browser.invocationsOfRuns(ids);
    if (!calls)
        return Error{calls.error()};
    batch.calls = std::move(*calls);
    if (m_schema.hasEvents) {
        auto events = browser.eventsOfRuns(ids);
        if (!events)
            return Error{events.error()};
        batch.events = std::move(*events);
    }
    batch.index();
    applyRules(batch, seq);
    m_runs += qint64(batch.runs.size());
    m_steps += qint64(batch.steps.size());
    m_calls += qint64(batch.calls.size());
    m_events += qint64(batch.events.size());
    return ok();
}

void BatchChecker::checkRunless(int seq, std::vector<TraceInvocation> calls)
{
    if (calls.empty())
        return;
    RunBatch batch;
    batch.runless = true;
    TraceRun placeholder;
    placeholder.orphan = true;
    batch.runs.push_back(placeholder);
    batch.calls = std::move(calls);
    for (TraceInvocation& c : batch.calls)
        c.runId.clear(); // all under the placeholder, whatever a NULL was read as
    batch.index();
    applyRules(batch, seq);
    m_calls += qint64(batch.calls.size());
}

void BatchChecker::applyRules(const RunBatch& batch, int seq)
{
    QHash<QString, QString> sessionOf;
    for (const TraceRun& r : batch.runs)
        sessionOf.insert(r.runId, r.sessionId);
    // Calls without a run: each finding takes the session of its own call.
    QHash<qint64, QString> callSession;
    if (batch.runless)
        for (const TraceInvocation& c : batch.calls)
            callSession.insert(c.id, c.sessionId);
    for (size_t k = 0; k < m_rules.size(); ++k) {
        RuleResult& rule = m_rules[k];
        if (!rule.enabled)
            continue;
        const size_t before = rule.findings.size();
        const QString& id = rule.info.id;
        if (id == QLatin1String("step_binding"))
            checkStepBinding(batch, m_schema, m_config, rule);
        else if (id == QLatin1String("call_identity"))
            checkCallIdentity(batch, m_schema, m_facts, rule);
        else if (id == QLatin1String("input_params_contract"))
            checkInputParams(batch, m_schema, m_config, rule);
        else if (id == QLatin1String("secrets"))
            checkSecrets(batch, m_schema, m_config, rule);
        else if (id == QLatin1String("rag_lookup_v1_shape"))
            checkLookupShape(batch, m_schema, rule);
        else if (id == QLatin1String("run_consistency"))
            checkRunConsistency(batch, m_schema, m_facts, m_config, rule);
        // The rules name rows by run; the session comes from the batch's runs, or for calls
        // without a run from the call itself.
        for (size_t i = before; i < rule.findings.size(); ++i) {
            RuleFinding& f = rule.findings[i];
            f.sessionId = batch.runless ? callSession.value(f.rowId) : sessionOf.value(f.runId);
            m_findingSeq[k].push_back(seq);
        }
    }
}

void BatchChecker::merge(const std::vector<const BatchChecker*>& parts, CheckReport& report)
{
    if (parts.empty())
        return;
    struct Placed
    {
        int seq;
        size_t part;
        size_t ordinal;
        const RuleFinding* finding;
    };
    report.rules.clear();
    for (size_t k = 0; k < parts.front()->m_rules.size(); ++k) {
        RuleResult merged = parts.front()->m_rules[k];
        merged.findings.clear();
        merged.checked = 0;
        merged.failed = 0;
        std::vector<Placed> all;
        for (size_t p = 0; p < parts.size(); ++p) {
            const RuleResult& r = parts[p]->m_rules[k];
            merged.checked += r.checked;
            merged.failed += r.failed;
            if (merged.note.isEmpty())
                merged.note = r.note;
            for (size_t i = 0; i < r.findings.size(); ++i)
                all.push_back({parts[p]->m_findingSeq[k][i], p, i, &r.findings[i]});
        }
        std::stable_sort(all.begin(), all.end(), [](const Placed& a, const Placed& b) {
            return std::tie(a.seq, a.part, a.ordinal) < std::tie(b.seq, b.part, b.ordinal);
        });
        for (const Placed& p : all) {
            if (int(merged.findings.size()) >= merged.maxFindings)
                break;
            merged.findings.push_back(*p.finding);
        }
        report.rules.push_back(std::move(merged));
    }
    for (const BatchChecker* p : parts) {
        report.runs += p->m_runs;
        report.steps += p->m_steps;
        report.invocations += p->m_calls;
        report.events += p->m_events;
    }
}

} // namespace raglens::check
