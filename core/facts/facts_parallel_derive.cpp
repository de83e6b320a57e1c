#include "facts/facts_parallel_derive.h"

#include "db/sqlite_tuning.h"

#include <QFile>
#include <QUrl>

namespace raglens::facts_index {

using facts_store::Connection;

Expected<std::unique_ptr<ParallelDerivation>> ParallelDerivation::prepare(Connection& facts,
                                                                          const QString& sidePath)
{
    if (!sqlite_tuning::connectionsRunInParallel())
        return std::unique_ptr<ParallelDerivation>();
    std::unique_ptr<ParallelDerivation> side(new ParallelDerivation(facts, sidePath));
    QFile::remove(sidePath);
    {
        // Its tables exist before the index attaches the file, so the index's view of its
        // schema never goes stale while the second thread fills them.
        auto opened = Connection::open(sidePath);
        if (!opened)
            return Error{opened.error()};
        if (Status s = (*opened)->createDerivedTables(); !s)
            return Error{s.error()};
    }
    if (Status s = facts.exec(QStringLiteral("ATTACH DATABASE ? AS side"), {sidePath}); !s)
        return Error{s.error()};
    side->m_attached = true;
    return side;
}

ParallelDerivation::ParallelDerivation(Connection& facts, QString sidePath)
    : m_facts(facts), m_sidePath(std::move(sidePath))
{}

ParallelDerivation::~ParallelDerivation()
{
    join();
    finish();
    QFile::remove(m_sidePath);
}

void ParallelDerivation::join()
{
    // Its statements end on their own (the index waits for nothing from it): no stop needed.
    if (m_worker.joinable())
        m_worker.join();
}

void ParallelDerivation::finish()
{
    // Inside a transaction (a build that failed) SQLite refuses; closing the index's
    // connection then lets the file go.
    if (m_attached && m_facts.exec(QStringLiteral("DETACH DATABASE side")))
        m_attached = false;
}

Status ParallelDerivation::start(const QString& indexPath, const QString& isFallback,
                                 qint64 newCallsAfterId)
{
    const QString uri =
        QUrl::fromLocalFile(indexPath).toString(QUrl::FullyEncoded) + QStringLiteral("?mode=ro");
    std::future<QString> reading = m_reading.get_future();
    m_worker = std::thread(
        [this, uri, isFallback, newCallsAfterId] { derive(uri, isFallback, newCallsAfterId); });
    if (const QString error = reading.get(); !error.isEmpty())
        return Error{error};
    return ok();
}

void ParallelDerivation::derive(const QString& indexUri, const QString& isFallback,
                                qint64 newCallsAfterId)
{
    bool readingSet = false;
    const auto fail = [&](const QString& error) {
        if (!readingSet)
            m_reading.set_value(error);
        m_end.set_value(error);
    };
    auto opened = Connection::open(m_sidePath);
    if (!opened)
        return fail(opened.error());
    Connection& side = **opened;
    // A file of this build only, thrown away after it: no journal, no syncing.
    for (const QString& sql :
         {QStringLiteral("PRAGMA journal_mode=OFF"), QStringLiteral("PRAGMA synchronous=OFF"),
          QStringLiteral("ATTACH DATABASE ? AS src"), QStringLiteral("BEGIN"),
          // The read that takes the index file's shared lock, held to COMMIT: from here the
          // index's writer can only wait for this transaction to end, never the other way.
          QStringLiteral("SELECT count(*) FROM src.sqlite_master")}) {
        const QVariantList binds =
            sql.contains(QLatin1Char('?')) ? QVariantList{indexUri} : QVariantList{};
        if (Status s = side.exec(sql, binds); !s)
            return fail(s.error());
    }
    m_reading.set_value(QString());
    readingSet = true;
    // The same statements as on the index itself: their unqualified names find the derived
    // tables in this file first, and the runs and calls in the attached index.
    Status s = side.fillHealthDays(isFallback);
    if (s)
        s = side.updateOrphanSessions(newCallsAfterId);
    if (s)
        s = side.exec(QStringLiteral("COMMIT"));
    if (!s)
        return fail(s.error());
    m_end.set_value(QString());
}

Status ParallelDerivation::adopt()
{
    join();
    if (const QString error = m_end.get_future().get(); !error.isEmpty())
        return Error{error};
    for (const QString& table : facts_store::derivedTables())
        if (Status s = m_facts.exec(
                QStringLiteral("INSERT INTO main.%1 SELECT * FROM side.%1").arg(table));
            !s)
            return s;
    return ok();
}

} // namespace raglens::facts_index
