#pragma once
// The calls of a full build from an attached SQLite file, copied by two connections at once.
// Deriving the facts of a call is SQLite work (JSON, words, times) on one core per
// connection, and SQLite lets one connection at a time write a file: the upper half of the ids
// goes through a second thread into a file of its own, appended to the index when both halves
// are done (an append in id order, a fraction of what deriving costs). Internal to core/facts.

#include "common/error.h"
#include "facts/facts_copier.h"
#include "facts/facts_second_writer.h"

#include <QString>

#include <atomic>
#include <barrier>
#include <functional>
#include <memory>

namespace raglens::facts_index {

class SplitCallCopy
{
public:
    /// Creates the second half's file at `partPath` and attaches it to `facts` as `part`:
    /// before the build's transaction (SQLite attaches outside one only). Null when the
    /// copy is not split (a server, whose rows come through one connection).
    static Expected<std::unique_ptr<SplitCallCopy>> prepare(Copier& copier,
                                                            facts_store::Connection& facts,
                                                            const QString& sourceUri,
                                                            const QString& partPath);
    /// Stops the second thread if it still runs (its work uses this object) and removes its
    /// file.
    ~SplitCallCopy();
    SplitCallCopy(const SplitCallCopy&) = delete;
    SplitCallCopy& operator=(const SplitCallCopy&) = delete;

    /// Plans the copy of the calls in (from, to] and starts the second half's connection.
    /// Both connections read the source one batch statement at a time, each its own
    /// transaction, and in rounds: a batch each, then both wait until both are done. In a
    /// file with a rollback journal a writer that waits to commit keeps new readers out until
    /// the readers it waits for are done, but SQLite shares one lock among the connections
    /// of a process: as long as one of them reads, the other's next read is let in. Batches
    /// that overlapped would hold the file for the whole copy, and the agent writing to it
    /// would wait that long (at a million calls, past a busy timeout of seconds: its row
    /// lost). Between rounds neither reads, and a waiting writer commits.
    Status start(qint64 from, qint64 to);
    /// Copies the calls start() planned, reporting progress over both halves; false from
    /// `progress` cancels both. Outside any transaction of the index's connection (see
    /// start()). `meanwhile`, when set, is the index connection's own work to do once its
    /// half is copied, while the second half may still be: the time it would otherwise wait.
    Expected<qint64> run(const FactsProgress& progress,
                         const std::function<Status()>& meanwhile = {});
    /// Detaches the second half's file: after the build's transaction ended.
    void finish();

private:
    SplitCallCopy(Copier& copier, facts_store::Connection& facts, QString sourceUri,
                  std::unique_ptr<SecondWriter> writer);
    /// The second thread's work: (from, to] into the part file, through its own connection.
    Status copyUpperHalf(facts_store::Connection& part, const QString& insertSql, qint64 from,
                         qint64 to);

    Copier& m_copier;
    facts_store::Connection& m_facts;
    QString m_sourceUri;
    std::unique_ptr<SecondWriter> m_writer;
    std::atomic<qint64> m_workerCopied{0};
    /// The rounds of batches of the two halves (start()); each half leaves it when done.
    std::barrier<> m_rounds{2};
    qint64 m_from = 0;
    qint64 m_to = 0;
    qint64 m_mid = 0;
    qint64 m_total = 0;
    bool m_started = false;   ///< the second half is being copied (two calls or more)
    bool m_lowerLeft = false; ///< the first half has left m_rounds
};

} // namespace raglens::facts_index
