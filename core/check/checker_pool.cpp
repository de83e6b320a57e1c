#include "check/checker_pool.h"

namespace raglens::check {

namespace {

/// Batches waiting for a checker: enough to keep both busy, few enough to bound memory.
constexpr size_t kQueuedBatches = 4;

} // namespace

CheckerPool::CheckerPool(AuditDatabase& db, const std::vector<RuleResult>& rules,
                         const SchemaView& schema, const ScopeFacts& facts,
                         const CheckConfig& config)
    : m_db(db)
{
    const size_t count = db.location().isInMemory() ? 1 : size_t(qBound(1, config.checkers, 8));
    for (size_t i = 0; i < count; ++i)
        m_checkers.push_back(std::make_unique<BatchChecker>(rules, schema, facts, config));
    if (count == 1)
        return; // checked on the caller's connection
    m_inspection = db.inspection();
    for (size_t i = 0; i < count; ++i)
        m_threads.emplace_back([this, i] { workerLoop(i); });
}

CheckerPool::~CheckerPool()
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

void CheckerPool::workerLoop(size_t index)
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
        Work work = std::move(m_queue.front());
        m_queue.pop_front();
        const qint64 n = qint64(work.runs.size());
        m_changed.notify_all();
        lock.unlock();
        const Status s = checkOn(*m_checkers[index], **opened, std::move(work));
        lock.lock();
        m_runsDone += n;
        if (!s && m_workerError.isEmpty())
            m_workerError = s.error();
        m_changed.notify_all();
    }
    lock.unlock();
    opened->reset(); // closed in this thread
}

Status CheckerPool::checkOn(BatchChecker& checker, AuditDatabase& db, Work work)
{
    if (work.runs.empty()) {
        checker.checkRunless(work.seq, std::move(work.runlessCalls));
        return ok();
    }
    return checker.check(db, work.seq, std::move(work.runs));
}

Status CheckerPool::add(std::vector<TraceRun> runs)
{
    if (runs.empty())
        return ok();
    return enqueue({m_seq++, std::move(runs), {}});
}

Status CheckerPool::addRunless(std::vector<TraceInvocation> calls)
{
    if (calls.empty())
        return ok();
    return enqueue({m_seq++, {}, std::move(calls)});
}

Status CheckerPool::enqueue(Work work)
{
    if (m_threads.empty()) {
        const qint64 n = qint64(work.runs.size());
        if (Status s = checkOn(*m_checkers.front(), m_db, std::move(work)); !s)
            return s;
        std::lock_guard lock(m_mutex);
        m_runsDone += n;
        return ok();
    }
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock,
                   [this] { return m_queue.size() < kQueuedBatches || !m_workerError.isEmpty(); });
    if (!m_workerError.isEmpty())
        return Error{m_workerError};
    m_queue.push_back(std::move(work));
    m_changed.notify_all();
    return ok();
}

qint64 CheckerPool::runsDone()
{
    std::lock_guard lock(m_mutex);
    return m_runsDone;
}

Status CheckerPool::finish(bool cancelled, CheckReport& report)
{
    {
        std::lock_guard lock(m_mutex);
        m_noMoreBatches = true;
        if (cancelled && m_workerError.isEmpty())
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
    BatchChecker::merge(parts, report);
    m_runsDone = report.runs;
    return ok();
}

} // namespace raglens::check
