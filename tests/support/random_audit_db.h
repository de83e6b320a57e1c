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
    int runSpacingSecs = 37; ///< between one run's start and the next
};

/// Writes the database to `path` (which must not exist). Returns an error text, or empty.
QString writeRandomAuditDb(const QString& path, const RandomAuditDbOptions& options = {});

/// Overwrites five pages near the end of an SQLite file with noise, where the tables' last
/// rows live: the first rows still read, then the driver reports the damage. Returns an
/// error text, or empty.
QString damageLastPages(const QString& path);

} // namespace raglens::test
