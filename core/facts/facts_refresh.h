#pragma once
// Bringing an index that is still valid up to date: the calls that are new since it was
// written, the runs that may have changed, and the health days they touch. Internal to
// core/facts; facts_index::update() decides between this and a full build.

#include "facts/facts_copier.h"

namespace raglens::facts_index {

/// The meta values an index carries once complete. `runRowsOffset`: the audited run rows
/// less the index's runs (rows without a key or with one key twice), as they were when the
/// two held the same runs.
std::map<QString, QString> metaFor(const AuditDatabase& source, const SourceState& st,
                                   qint64 indexedMax, const QString& print, qint64 rows,
                                   qint64 runRowsOffset);

/// The audited run rows less the index's runs, as metaFor() takes it.
Expected<qint64> runRowsOffset(Copier& copier, facts_store::Connection& facts);

/// Adds what changed in `source` since the index at `path` (open as `facts`) was written.
/// A result with a `reason` and `rebuilt` false wrote nothing: the index must be built
/// again, for that reason (calls deleted or added where a refresh does not look).
Expected<FactsIndexUpdate> refresh(AuditDatabase& source, const SourceState& st,
                                   facts_store::Connection& facts, const QString& path,
                                   const FactsProgress& progress);

} // namespace raglens::facts_index
