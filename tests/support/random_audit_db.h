#pragma once
// A generated production-shaped audit database with random but reproducible content, for
// tests that must hold on data RagLens did not write: valid rag_lookup_v1 rows beside
// legacy rows, missing keys, wrong JSON types, malformed and non-object details, BLOB
// cells, failed tools, odd success spellings, other tools, runs of every outcome, and
// orphan invocations whose run has no diagnosis_run row.

#include <QString>

namespace raglens::test {

struct RandomAuditDbOptions
{
    int invocations = 10000; ///< at least this many tool_invocation rows
    quint32 seed = 20261130;
};

/// Writes the database to `path` (which must not exist). Returns an error text, or empty.
QString writeRandomAuditDb(const QString& path, const RandomAuditDbOptions& options = {});

} // namespace raglens::test
