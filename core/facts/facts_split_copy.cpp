#include "facts/facts_split_copy.h"

#include "common/logging.h"
#include "db/sqlite_tuning.h"
#include "facts/facts_text.h"

#include <QElapsedTimer>
#include <QFile>

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
    std::unique_ptr<SplitCallCopy> split(new SplitCallCopy(copier, facts, sourceUri, partPath));
    QFile::remove(partPath);
    {
        // The same table as the index's, so that the halves append with SELECT *.
        auto part = Connection::open(partPath);
        if (!part)
            return Error{part.error()};
        if (Status s = (*part)->createTables(false); !s)
            return Error{s.error()};
    }
    if (Status s = facts.exec(QStringLiteral("ATTACH DATABASE ? AS part"), {partPath}); !s)
        return Error{s.error()};
    split->m_attached = true;
    return split;
}

SplitCallCopy::SplitCallCopy(Copier& copier, Connection& facts, QString sourceUri, QString partPath)
    : m_copier(copier), m_facts(facts), m_sourceUri(std::move(sourceUri)),
      m_partPath(std::move(partPath))
{}

SplitCallCopy::~SplitCallCopy()
{
    stopWorker();
    finish();
    QFile::remove(m_partPath);
}

void SplitCallCopy::finish()
{
    // Inside a transaction (a build that failed) SQLite refuses; closing the index's
    // connection then lets the file go.
    if (m_attached && m_facts.exec(QStringLiteral("DETACH DATABASE part")))
        m_attached = false;
}

void SplitCallCopy::stopWorker()
{
    m_cancel = true;
    if (m_worker.joinable())
        m_worker.join();
}

Expected<qint64> SplitCallCopy::run(qint64 from, qint64 to, const FactsProgress& progress,
                                    const std::function<Status()>& meanwhile)
{
    auto total = m_copier.callsBetween(from, to);
    if (!total)
        return total;
    if (*total < 2) {
        auto copied = copyInvocations(m_copier, from, to, progress);
        if (copied && meanwhile)
            if (Status s = meanwhile(); !s)
                return Error{s.error()};
        return copied;
    }
    // The id half the calls are at or below: each connection derives as many calls.
    auto middle = m_copier.batchEnd(from, to, *total / 2);
    if (!middle)
        return middle;
    const qint64 mid = *middle;
    const QString insert = m_copier.attachedInvocationsSql();
    m_worker = std::thread([this, insert, mid, to] { copyUpperHalf(insert, mid, to); });

    qint64 lowerCopied = 0;
    const auto report = [&] {
        const qint64 copied = lowerCopied + m_workerCopied.load();
        return !progress || progress(qMin(copied, *total), *total);
    };
    auto lower = copyInBatches(
        from, mid, [this](qint64 at, qint64 end) { return m_copier.invocations(at, end); },
        [this](qint64 at, qint64 end) { return m_copier.batchEnd(at, end, kBatch); },
        [&](qint64 copied) {
            lowerCopied = copied;
            return report();
        });
    if (!lower) {
        stopWorker();
        return lower;
    }
    if (meanwhile) {
        if (Status s = meanwhile(); !s) {
            stopWorker();
            return Error{s.error()};
        }
    }
    QElapsedTimer waited;
    waited.start();
    std::future<QString> end = m_workerEnd.get_future();
    // Progress goes on while the other half is copied; the wait ends as soon as it is.
    while (end.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready) {
        if (!report()) {
            stopWorker();
            return Error{cancelledMessage()};
        }
    }
    m_worker.join();
    qCInfo(lcTrace) << "facts index: calls up to id" << mid << "copied," << waited.elapsed()
                    << "ms waited for the calls after it";
    if (const QString error = end.get(); !error.isEmpty())
        return Error{error};
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

void SplitCallCopy::copyUpperHalf(const QString& insertSql, qint64 from, qint64 to)
{
    QString error;
    {
        auto opened = Connection::open(m_partPath);
        if (!opened) {
            error = opened.error();
        } else {
            Connection& part = **opened;
            Status s = ok();
            // A file of this build only, thrown away after it: no journal, no syncing.
            for (const QString& sql : {QStringLiteral("PRAGMA journal_mode=OFF"),
                                       QStringLiteral("PRAGMA synchronous=OFF")})
                if (s)
                    s = part.exec(sql);
            if (s)
                s = part.exec(QStringLiteral("ATTACH DATABASE ? AS src"), {m_sourceUri});
            if (s)
                s = part.exec(QStringLiteral("BEGIN"));
            if (s) {
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
                        auto id =
                            part.scalar(Copier::batchEndSql(QStringLiteral("src.tool_invocation")),
                                        {at, end, kBatch - 1});
                        if (!id)
                            return Error{id.error()};
                        return id->isNull() ? end : id->toLongLong();
                    },
                    [this](qint64 copied) {
                        m_workerCopied.store(copied);
                        return !m_cancel.load();
                    });
                s = copied ? part.exec(QStringLiteral("COMMIT")) : Status(Error{copied.error()});
            }
            if (!s)
                error = s.error();
        }
    }
    m_workerEnd.set_value(error);
}

} // namespace raglens::facts_index
