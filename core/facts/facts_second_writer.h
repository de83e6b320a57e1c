#pragma once
// A second SQLite connection writing a file of a build's own on a thread of its own, while the
// index's connection goes on with other work. SQLite lets one connection at a time write a
// file, so what the second core derives lands in a second file, which the index attaches and
// copies from. The lifecycle shared by SplitCallCopy, ParallelRunFacts and ParallelSearchIndex;
// each keeps only its statements. Internal to core/facts.

#include "common/error.h"
#include "facts/facts_store.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <thread>

namespace raglens::facts_index {

class SecondWriter
{
public:
    /// Statements run through the second connection.
    using Work = std::function<Status(facts_store::Connection&)>;

    /// Creates the file at `path` with the tables `createTables` makes, then attaches it to
    /// `facts` as `alias`: before the build's transaction (SQLite attaches outside one only),
    /// and after the tables exist, so the index's view of the file's schema never goes stale
    /// while the second thread fills them.
    static Expected<std::unique_ptr<SecondWriter>> prepare(facts_store::Connection& facts,
                                                           const QString& path,
                                                           const QString& alias,
                                                           const Work& createTables);
    /// The URI that attaches the index file at `path` read-only: a second connection reading
    /// the index must never take its write lock.
    static QString readOnlyUri(const QString& path);

    /// Asks the work to stop, waits for it, detaches and removes the file.
    ~SecondWriter();
    SecondWriter(const SecondWriter&) = delete;
    SecondWriter& operator=(const SecondWriter&) = delete;

    /// How long the second connection reads `src`.
    enum class Reading
    {
        /// One snapshot for all the work: a transaction begun before it, its read of src
        /// taken at once and held to the commit.
        OneSnapshot,
        /// Each statement reads src in its own transaction and lets go of it when done: a
        /// writer of src waits at most one statement (the audited file, whose agent must not
        /// wait for a build of many seconds).
        PerStatement,
    };

    /// Opens the second connection on a thread of its own (no journal, no syncing: the file
    /// is thrown away after the build), attaches `sourceUri` as `src`, then runs `work`.
    /// OneSnapshot: inside a transaction whose read of src is taken first; returns once it
    /// holds src's shared lock (to the commit), so from then a writer of src can only wait
    /// for the second connection to end, never the other way round. PerStatement: returns
    /// once src is attached.
    Status start(const QString& sourceUri, Work work, Reading reading = Reading::OneSnapshot);
    /// True once the work has ended, waiting at most `timeout` for it.
    bool endedWithin(std::chrono::milliseconds timeout);
    /// Waits for the work to end: its outcome (ok when it never started).
    Status wait();
    /// Asks work that runs in steps to stop (it checks stopRequested()) and waits for it.
    void cancel();
    bool stopRequested() const { return m_stop.load(); }
    /// Detaches the file: after the build's transaction ended. Inside one (a build that
    /// failed) SQLite refuses; closing the index's connection then lets the file go.
    void finish();

private:
    SecondWriter(facts_store::Connection& facts, QString path, QString alias);
    /// The second thread: sets m_reading once it holds its read of src (or with the error
    /// that stopped it before), and m_end with the work's outcome.
    void runOnThread(const QString& sourceUri, const Work& work, Reading reading);

    facts_store::Connection& m_facts;
    QString m_path;
    QString m_alias;
    bool m_attached = false;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::promise<QString> m_reading;
    std::promise<QString> m_end;
    std::future<QString> m_ended;
    std::optional<QString> m_outcome;
};

/// A phase of a full build done on the second core through one SecondWriter: the shape
/// ParallelRunFacts and ParallelSearchIndex share. Each adds its statements.
class SecondCoreStep
{
public:
    /// The second thread and its file go with the SecondWriter.
    virtual ~SecondCoreStep() = default;
    SecondCoreStep(const SecondCoreStep&) = delete;
    SecondCoreStep& operator=(const SecondCoreStep&) = delete;
    /// Detaches the file: after the build's transaction ended.
    void finish() { m_writer->finish(); }

protected:
    SecondCoreStep(facts_store::Connection& facts, std::unique_ptr<SecondWriter> writer)
        : m_facts(facts), m_writer(std::move(writer))
    {}
    /// A `Step` with its SecondWriter (SecondWriter::prepare()); null when connections on two
    /// threads would wait for each other (sqlite_tuning), and the build does it all on one.
    template <class Step>
    static Expected<std::unique_ptr<Step>> prepareStep(facts_store::Connection& facts,
                                                       const QString& path, const QString& alias,
                                                       const SecondWriter::Work& createTables)
    {
        if (!parallel())
            return std::unique_ptr<Step>();
        auto writer = SecondWriter::prepare(facts, path, alias, createTables);
        if (!writer)
            return Error{writer.error()};
        return std::unique_ptr<Step>(new Step(facts, std::move(*writer)));
    }

    facts_store::Connection& m_facts;
    std::unique_ptr<SecondWriter> m_writer;

private:
    static bool parallel();
};

} // namespace raglens::facts_index
