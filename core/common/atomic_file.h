#pragma once
// Files the user asked for (exports, baselines, eval sets, KB files) are written whole or
// not at all: a temporary file beside the target, every write checked, flushed, fsync'ed,
// then renamed over the target. QSaveFile alone is not enough: when the final flush fails
// (a full disk), its commit() still renames the truncated file into place.

#include "common/error.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <string_view>

namespace raglens::atomic_file {

/// Receives the document piece by piece; returns false when a piece could not be written.
using Sink = std::function<bool(std::string_view)>;

/// Calls `fill` with a sink into a temporary file; on success replaces `path` with it.
/// `fill` returns false to abandon the write (the target is left as it was). An existing
/// SQLite database, write-ahead log or journal at `path` is never replaced: an error says so.
Status write(const QString& path, const std::function<bool(const Sink&)>& fill);

/// The same for a document already in memory.
Status write(const QString& path, std::string_view bytes);

class AtomicFile
{
    Q_DECLARE_TR_FUNCTIONS(AtomicFile)
};

} // namespace raglens::atomic_file
