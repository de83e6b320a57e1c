#include "facts/facts_split_copy.h"

#include "common/logging.h"
#include "db/sqlite_tuning.h"
#include "facts/facts_text.h"

#include <QElapsedTimer>
#include <QScopeGuard>

#include <chrono>

namespace raglens::facts_index {

using facts_store::Connection;

Expected<std::unique_ptr<SplitCallCopy>> SplitCallCopy::prepare(Copier& copier, Connection& facts,
                                                                const QString& sourceUri,
                                                                const QString& partPath)
{
    // Two threads that wait for each other's allocations would be slower than one.
    if (!copier.isAttached() || sourceUri.isEmpty() || !sqlite_tuning::connectionsRunInParallel())
        return std::unique_ptr<SplitCallCopy>();
    // The same table as the index's, so that the halves append with SELECT *.
    auto writer = SecondWriter::prepare(facts, partPath, QStringLiteral("part"),
                                        [](Connection& part) { return part.createTables(false); });
    if (!writer)
        return Error{writer.error()};
    return std::unique_ptr<SplitCallCopy>(
        new SplitCallCopy(copier, facts, sourceUri, std::move(*writer)));
}

SplitCallCopy::SplitCallCopy(Copier& copier, Connection& facts, QString sourceUri,
                             std::unique_ptr<SecondWriter> writer)
    : m_copier(copier), m_facts(facts), m_sourceUri(std::move(sourceUri)),
      m_writer(std::move(writer))
{}

SplitCallCopy::~SplitCallCopy()
{
    // A copy started and never run: the second half's rounds must not wait for this one.
    if (m_started && !m_lowerLeft)
        m_rounds.arrive_and_drop();
    m_writer->cancel();
}

void SplitCallCopy::finish()
{
    m_writer->finish();
}

Status SplitCallCopy::start(qint64 from, qint64 to)
{
    m_from = from;
    m_to = to;
    auto total = m_copier.callsBetween(from, to);
    if (!total)
        return Error{total.error()};
    m_total = *total;
    if (m_total < 2)
        return ok();
    // The id half the calls are at or below: each connection derives as many calls. Ids
    // without gaps need no search for it.
    auto middle = quint64(m_total) == idSpan(from, to) ? Expected<qint64>(from + m_total / 2)
                                                       : m_copier.batchEnd(from, to, m_total / 2);
    if (!middle)
        return Error{middle.error()};
    const qint64 mid = *middle;
    m_mid = mid;
    const QString insert = m_copier.attachedInvocationsSql();
    if (Status s = m_writer->start(
            m_sourceUri,
            [this, insert, mid, to](Connection& part) {
                return copyUpperHalf(part, insert, mid, to);
            },
            SecondWriter::Reading::PerStatement);
        !s)
        return s;
    m_started = true;
    return ok();
}

Expected<qint64> SplitCallCopy::run(const FactsProgress& progress,
                                    const std::function<Status()>& meanwhile)
{
    const qint64 from = m_from;
    const qint64 to = m_to;
    if (!m_started) {
        auto copied = copyInvocations(m_copier, from, to, progress);
        if (copied && meanwhile)
            if (Status s = meanwhile(); !s)
                return Error{s.error()};
        return copied;
    }
    const qint64 mid = m_mid;
    const qint64 total = m_total;

    qint64 lowerCopied = 0;
    const auto report = [&] {
        const qint64 copied = lowerCopied + m_workerCopied.load();
        return !progress || progress(qMin(copied, total), total);
    };
    auto lower = copyInBatches(
        from, mid, [this](qint64 at, qint64 end) { return m_copier.invocations(at, end); },
        [this](qint64 at, qint64 end) { return m_copier.batchEnd(at, end, kBatch); },
        [&](qint64 copied) {
            lowerCopied = copied;
            m_rounds.arrive_and_wait();
            return report();
        });
    // This half reads no more batches: the other's rounds no longer wait for it (nor does
    // its cancel below wait for a round this half would never end).
    m_rounds.arrive_and_drop();
    m_lowerLeft = true;
    if (!lower) {
        m_writer->cancel();
        return lower;
    }
    if (meanwhile) {
        if (Status s = meanwhile(); !s) {
            m_writer->cancel();
            return Error{s.error()};
        }
    }
    QElapsedTimer waited;
    waited.start();
    // Progress goes on while the other half is copied; the wait ends as soon as it is.
    while (!m_writer->endedWithin(std::chrono::milliseconds(100))) {
        if (!report()) {
            m_writer->cancel();
            return Error{cancelledMessage()};
        }
    }
    qCInfo(lcTrace) << "facts index: calls up to id" << mid << "copied," << waited.elapsed()
                    << "ms waited for the calls after it";
    if (Status s = m_writer->wait(); !s)
        return Error{s.error()};
    // Both halves done: the last report counts every call (the wait may not have reported).
    if (!report())
        return Error{cancelledMessage()};
    // The second half's ids are all above the first's: an append in rowid order.
    if (Status s = m_facts.exec(
            QStringLiteral("INSERT INTO main.tool_invocation SELECT * FROM part.tool_invocation"));
        !s)
        return Error{s.error()};
    auto appended = m_facts.scalar(QStringLiteral("SELECT changes()"));
    if (!appended)
        return Error{appended.error()};
    return *lower + appended->toLongLong();
}

Status SplitCallCopy::copyUpperHalf(Connection& part, const QString& insertSql, qint64 from,
                                    qint64 to)
{
    const auto leaveRounds = qScopeGuard([this] { m_rounds.arrive_and_drop(); });
    auto copied = copyInBatches(
        from, to,
        [&part, &insertSql](qint64 at, qint64 end) -> Expected<qint64> {
            if (Status st = part.exec(insertSql, {at, end}); !st)
                return Error{st.error()};
            auto n = part.scalar(QStringLiteral("SELECT changes()"));
            if (!n)
                return Error{n.error()};
            return n->toLongLong();
        },
        [&part](qint64 at, qint64 end) -> Expected<qint64> {
            auto id = part.scalar(Copier::batchEndSql(QStringLiteral("src.tool_invocation")),
                                  {at, end, kBatch - 1});
            if (!id)
                return Error{id.error()};
            return id->isNull() ? end : id->toLongLong();
        },
        [this](qint64 copied) {
            m_workerCopied.store(copied);
            if (m_writer->stopRequested())
                return false;
            m_rounds.arrive_and_wait();
            return !m_writer->stopRequested();
        });
    if (!copied)
        return Error{copied.error()};
    return ok();
}

} // namespace raglens::facts_index
