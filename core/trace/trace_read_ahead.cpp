#include "trace/trace_read_ahead.h"

#include "common/logging.h"

#include <QCoreApplication>
#include <QThread>

#include <exception>
#include <system_error>

namespace raglens {

namespace {

/// Traces read but not yet taken, at most: enough to keep the reader busy while the caller
/// interprets one, few enough that a store's worth of traces is never held at once.
constexpr size_t kAhead = 64;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(TraceReadAhead)
};

/// One session's trace, whatever goes wrong reading it: an exception that escaped a reader's
/// thread would end the process, where one session's error only skips that session.
Expected<DiagnosisTraceResponse> readGuarded(const TraceService& traces, const QString& session,
                                             TraceService::Contents contents)
{
    try {
        return traces.getTrace(session, {}, contents);
    } catch (const std::exception& e) {
        return Error{Tr::tr("Reading the trace failed: %1").arg(QString::fromUtf8(e.what()))};
    }
}

} // namespace

TraceReadAhead::TraceReadAhead(AuditDatabase& db, std::vector<QString> sessions,
                               TraceService::Contents contents)
    : m_db(db), m_sessions(std::move(sessions)), m_contents(contents)
{
    if (db.location().isInMemory() || m_sessions.size() < 2)
        return;
    const AuditDatabase::Inspection inspection = db.inspection();
    const int readers = qBound(1, QThread::idealThreadCount(), 4);
    try {
        for (int i = 0; i < readers; ++i)
            m_readers.emplace_back([this, inspection] { readerLoop(inspection); });
    } catch (const std::system_error&) {
        // No more threads: the readers that started do the reading, or the caller alone.
    }
}

TraceReadAhead::~TraceReadAhead()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    for (std::thread& reader : m_readers)
        reader.join();
}

void TraceReadAhead::readerLoop(const AuditDatabase::Inspection& inspection)
{
    // An exception that left this thread would end the process. Each claimed session gets
    // its trace or its error in readOn(), so stopping here leaves nobody waiting: the caller
    // reads what no reader has claimed.
    try {
        readOn(inspection);
    } catch (const std::exception& e) {
        qCWarning(lcTrace) << "a trace reader stopped:" << e.what();
    }
}

void TraceReadAhead::readOn(const AuditDatabase::Inspection& inspection)
{
    // Qt SQL connections belong to the thread that opened them.
    auto opened = AuditDatabase::openInspected(inspection);
    if (!opened)
        return; // the caller reads every trace itself
    const TraceService traces(**opened);
    std::unique_lock lock(m_mutex);
    while (true) {
        m_changed.wait(lock, [this] {
            return m_stop || m_next >= m_sessions.size() || m_next < m_taken + kAhead;
        });
        if (m_stop || m_next >= m_sessions.size())
            break;
        const size_t i = m_next;
        // Made before the claim: if that fails (out of memory), nobody has claimed the
        // session and the caller reads it itself. A slot's place never moves.
        std::optional<Expected<DiagnosisTraceResponse>>& slot = m_read[i];
        ++m_next;
        lock.unlock();
        auto trace = readGuarded(traces, m_sessions[i], m_contents);
        lock.lock();
        slot.emplace(std::move(trace)); // a move: allocates nothing
        m_changed.notify_all();
    }
    lock.unlock();
    opened->reset(); // closed in this thread
}

Expected<DiagnosisTraceResponse> TraceReadAhead::take(size_t i)
{
    std::unique_lock lock(m_mutex);
    m_taken = i + 1;
    m_changed.notify_all();
    if (m_next <= i) {
        // Nobody has begun it (the readers are behind, or there are none): read it here.
        m_next = i + 1;
        lock.unlock();
        return readGuarded(TraceService(m_db), m_sessions[i], m_contents);
    }
    m_changed.wait(lock, [this, i] {
        const auto it = m_read.find(i);
        return it != m_read.end() && it->second.has_value();
    });
    auto node = m_read.extract(i);
    return std::move(*node.mapped());
}

} // namespace raglens
