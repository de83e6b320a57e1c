#pragma once
// Whether a column alone keys a table, read from each backend's catalogue: a table without
// its key may hold a row twice, which readers announce (schema notes) instead of trusting.

#include "common/error.h"
#include "db/audit_database.h"

#include <optional>

namespace raglens {

/// Whether `column` alone is a key of `table` (a primary key, or a unique index on it and
/// nothing else, not partial); an empty optional for a view, whose keys are its tables', a
/// missing table or a backend whose catalogue RagLens does not read; an error when the
/// catalogue query failed. AuditDatabase::keyedBy() keeps the answer per connection.
Expected<std::optional<bool>> readKeyedBy(AuditDatabase& db, const QString& table,
                                          const QString& column);

} // namespace raglens
