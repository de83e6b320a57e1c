#pragma once
// One worker's share of an audit check: reads the rows of the batches of runs it is given
// (on its own connection) and applies every enabled rule, keeping its own results. The
// check runs two of these side by side and merges them (merge()) as if one had read every
// batch in order.

#include "check/check_rules.h"
#include "db/audit_database.h"

namespace raglens::check {

class BatchChecker
{
public:
    BatchChecker(const std::vector<RuleResult>& rules, const SchemaView& schema,
                 const ScopeFacts& facts, const CheckConfig& config);

    /// Reads the steps, calls and events of `runs` from `db` and checks them; `seq` is the
    /// batch's place in the order a single reader would have met it.
    Status check(AuditDatabase& db, int seq, std::vector<TraceRun> runs);
    /// Checks calls recorded without any run id (read by the caller): one batch under a
    /// placeholder run, with no steps or events to bind them to.
    void checkRunless(int seq, std::vector<TraceInvocation> calls);

    qint64 runs() const { return m_runs; }

    /// The results of several checkers as one: counts summed, findings in batch order and cut
    /// to each rule's limit.
    static void merge(const std::vector<const BatchChecker*>& parts, CheckReport& report);

private:
    void applyRules(const RunBatch& batch, int seq);

    std::vector<RuleResult> m_rules;
    std::vector<std::vector<int>> m_findingSeq; ///< per rule, the batch of each finding
    const SchemaView& m_schema;
    const CheckConfig& m_config;
    const ScopeFacts& m_facts;
    qint64 m_runs = 0;
    qint64 m_steps = 0;
    qint64 m_calls = 0;
    qint64 m_events = 0;
};

} // namespace raglens::check
