#pragma once
// The trigram search index of a full build, made on a second core while the first makes the
// other indexes and derives health and the runless calls. FTS5 keeps an index in tables of its
// own; SQLite lets one connection at a time write a file, so the second connection makes the
// same index in a file of its own from the committed runs, and the index takes its tables'
// rows over: a copy of the finished segments, a fraction of tokenizing every run's text.
// Internal to core/facts.

#include "common/error.h"
#include "facts/facts_second_writer.h"
#include "facts/facts_store.h"

#include <QString>

#include <memory>

namespace raglens::facts_index {

class ParallelSearchIndex : public SecondCoreStep
{
public:
    /// Creates the search index's file at `path` (an empty trigram index) and attaches it to
    /// `facts`: before any transaction of the build (SQLite attaches outside one only). Null
    /// when connections on two threads would wait for each other (sqlite_tuning).
    static Expected<std::unique_ptr<ParallelSearchIndex>> prepare(facts_store::Connection& facts,
                                                                  const QString& path);
    /// Starts indexing the search text of the runs the index file at `indexPath` holds
    /// committed. Returns once the second connection holds its read of that file, so that
    /// the index's own writes never wait for a reader that has not begun.
    Status start(const QString& indexPath);
    /// Waits for the second thread and makes the index's trigram index hold what it made,
    /// with the triggers that keep it in step: inside the build's transaction.
    Status adopt();

private:
    friend class SecondCoreStep;
    using SecondCoreStep::SecondCoreStep;
};

} // namespace raglens::facts_index
