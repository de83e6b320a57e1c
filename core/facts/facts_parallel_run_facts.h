#pragma once
// The run pass of a full build on two cores. Each run's facts are read from its calls (search
// text, counts, flags): SQLite work on one core per connection, and one connection at a time
// may write the index. A second connection copies the upper part of the runs into a file of
// its own and writes their facts there, with the same statement, reading the calls from the
// committed index; the index's connection writes the lower part's meanwhile, then takes the
// upper part's facts over (a lookup by rowid each, a fraction of deriving them). Internal to
// core/facts.

#include "common/error.h"
#include "facts/facts_second_writer.h"
#include "facts/facts_store.h"

#include <QString>

#include <memory>
#include <vector>

namespace raglens::facts_index {

class ParallelRunFacts : public SecondCoreStep
{
public:
    /// Creates the runs' file at `path` and attaches it to `facts`: before any transaction
    /// of the build (SQLite attaches outside one only). Null when connections on two threads
    /// would wait for each other (sqlite_tuning).
    static Expected<std::unique_ptr<ParallelRunFacts>> prepare(facts_store::Connection& facts,
                                                               const QString& path);
    /// Writes every run's facts, the tools numbered `tools`: the runs after the split on the
    /// second core, from what the index file at `indexPath` holds committed (the runs, the
    /// calls and the indexes that join them), the others on this connection. Call it outside
    /// a transaction; it ends inside one, which the build goes on with.
    Status fill(const QString& indexPath, const std::vector<int>& tools);

private:
    friend class SecondCoreStep;
    using SecondCoreStep::SecondCoreStep;
};

} // namespace raglens::facts_index
