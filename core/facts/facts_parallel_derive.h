#pragma once
// The health days, runless calls and orphan sessions of a full build, derived on a second core
// while the first builds the trigram search index. Both read the committed runs and calls;
// SQLite lets one connection at a time write a file, so the second writes into a file of its
// own, whose rows the index takes over when both are done (a few thousand rows, where deriving
// them reads every run and call). Internal to core/facts.

#include "common/error.h"
#include "facts/facts_second_writer.h"
#include "facts/facts_store.h"

#include <QString>

#include <memory>

namespace raglens::facts_index {

class ParallelDerivation
{
public:
    /// Creates the derived tables' file at `sidePath` and attaches it to `facts` as `side`:
    /// before the build's transaction (SQLite attaches outside one only). Null when
    /// connections on two threads would wait for each other (sqlite_tuning).
    static Expected<std::unique_ptr<ParallelDerivation>> prepare(facts_store::Connection& facts,
                                                                 const QString& sidePath);
    /// The second thread and its file go with the SecondWriter.
    ~ParallelDerivation() = default;
    ParallelDerivation(const ParallelDerivation&) = delete;
    ParallelDerivation& operator=(const ParallelDerivation&) = delete;

    /// Starts deriving from what the index file at `indexPath` holds committed: health days
    /// (FactSql::isFallbackRun() for the alias r as `isFallback`) and the calls without a run
    /// after `newCallsAfterId`. Returns once the second connection holds its read of that
    /// file, so that the index's own writes never wait for a reader that has not begun.
    Status start(const QString& indexPath, const QString& isFallback, qint64 newCallsAfterId);
    /// Waits for the second thread and copies its tables into the index: inside the build's
    /// transaction.
    Status adopt();
    /// Detaches the file: after the build's transaction ended.
    void finish();

private:
    ParallelDerivation(facts_store::Connection& facts, std::unique_ptr<SecondWriter> writer);

    facts_store::Connection& m_facts;
    std::unique_ptr<SecondWriter> m_writer;
};

} // namespace raglens::facts_index
