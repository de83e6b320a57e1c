#pragma once
// Putting a finished build in place of the index another RagLens may be using: the GUI
// following a database refreshes its index while `raglens-cli index --rebuild` (or a build
// for a replaced database) writes the new file. Internal to core/facts.

#include "common/error.h"

#include <QString>

namespace raglens::facts_index {

/// Renames the finished index `built` to `path`, under the old index's write lock: a refresh
/// writing the old file ends first (it used to lose its journal and fail with "disk I/O
/// error"), and the journal a killed refresh left is played back into the old file, not
/// into the new one.
Status putInPlace(const QString& built, const QString& path);

} // namespace raglens::facts_index
