#pragma once
// The checkers of an audit check. Two of them, each reading and checking whole batches on a
// connection of its own, keep both cores busy (reading and decoding the rows is most of the
// work). A database that cannot be opened twice (":memory:"), or a single checker, checks
// each batch on the caller's connection as it is added.

#include "check/batch_checker.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace raglens::check {

class CheckerPool
{
public:
    CheckerPool(AuditDatabase& db, const std::vector<RuleResult>& rules, const SchemaView& schema,
                const ScopeFacts& facts, const CheckConfig& config);
    /// Stops checkers still running (after an error or a cancel).
    ~CheckerPool();
    CheckerPool(const CheckerPool&) = delete;
    CheckerPool& operator=(const CheckerPool&) = delete;

    /// Hands a batch of runs to the checkers, waiting while enough batches are queued; with
    /// no threads, checks it here.
    Status add(std::vector<TraceRun> runs);
    /// The same for calls recorded without any run id, already read.
    Status addRunless(std::vector<TraceInvocation> calls);
    qint64 runsDone();
    /// Waits for the checkers (dropping queued batches when `cancelled`) and merges their
    /// results into `report`.
    Status finish(bool cancelled, CheckReport& report);

private:
    /// One batch: runs whose rows the checker reads, or calls without a run.
    struct Work
    {
        int seq = 0;
        std::vector<TraceRun> runs;
        std::vector<TraceInvocation> runlessCalls;
    };
    Status enqueue(Work work);
    /// Checks one batch on `db`; the runs it counts as done.
    Status checkOn(BatchChecker& checker, AuditDatabase& db, Work work);
    void workerLoop(size_t index);

    AuditDatabase& m_db;
    /// Taken before the checkers start: their connections trust it (no schema statements,
    /// and a file with an unapplied log is read from the same private copy).
    AuditDatabase::Inspection m_inspection;
    std::vector<std::unique_ptr<BatchChecker>> m_checkers;
    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Work> m_queue;
    int m_seq = 0;
    bool m_noMoreBatches = false;
    qint64 m_runsDone = 0;
    QString m_workerError;
};

} // namespace raglens::check
