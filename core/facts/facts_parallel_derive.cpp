#include "facts/facts_parallel_derive.h"

#include "db/sqlite_tuning.h"

#include <QUrl>

namespace raglens::facts_index {

using facts_store::Connection;

Expected<std::unique_ptr<ParallelDerivation>> ParallelDerivation::prepare(Connection& facts,
                                                                          const QString& sidePath)
{
    if (!sqlite_tuning::connectionsRunInParallel())
        return std::unique_ptr<ParallelDerivation>();
    auto writer =
        SecondWriter::prepare(facts, sidePath, QStringLiteral("side"),
                              [](Connection& side) { return side.createDerivedTables(); });
    if (!writer)
        return Error{writer.error()};
    return std::unique_ptr<ParallelDerivation>(new ParallelDerivation(facts, std::move(*writer)));
}

ParallelDerivation::ParallelDerivation(Connection& facts, std::unique_ptr<SecondWriter> writer)
    : m_facts(facts), m_writer(std::move(writer))
{}

void ParallelDerivation::finish()
{
    m_writer->finish();
}

Status ParallelDerivation::start(const QString& indexPath, const QString& isFallback,
                                 qint64 newCallsAfterId)
{
    // Read-only: the second connection must never take the index file's write lock.
    const QString uri =
        QUrl::fromLocalFile(indexPath).toString(QUrl::FullyEncoded) + QStringLiteral("?mode=ro");
    // The same statements as on the index itself: their unqualified names find the derived
    // tables in the second file first, and the runs and calls in the attached index.
    // Its statements end on their own (the index waits for nothing from them): no stop needed.
    return m_writer->start(uri, [isFallback, newCallsAfterId](Connection& side) -> Status {
        if (Status s = side.fillHealthDays(isFallback); !s)
            return s;
        return side.updateOrphanSessions(newCallsAfterId);
    });
}

Status ParallelDerivation::adopt()
{
    if (Status s = m_writer->wait(); !s)
        return s;
    for (const QString& table : facts_store::derivedTables())
        if (Status s = m_facts.exec(
                QStringLiteral("INSERT INTO main.%1 SELECT * FROM side.%1").arg(table));
            !s)
            return s;
    return ok();
}

} // namespace raglens::facts_index
