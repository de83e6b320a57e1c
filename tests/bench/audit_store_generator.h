#pragma once
// A production-shaped audit store for scale figures: sessions of 1-3 runs, runs of 1-4 agent
// steps, lookups and other tool calls in the proportions of real agents (about four calls a
// run), 10 % FALLBACK runs, 1 % legacy rows (status only in relevance_level), 0.1 % cut-off
// retrieval_details, 0.2 % runs never recorded (their calls are orphans), 0.5 % calls without
// a run id, timeline events per run, and the indexes a production schema carries.

#include <QString>

namespace raglens::bench {

struct AuditStoreShape
{
    int invocations = 10000;
    quint32 seed = 7;
};

/// Writes a new SQLite file at `path`. Returns an error text, or empty.
QString writeAuditStore(const QString& path, const AuditStoreShape& shape);

} // namespace raglens::bench
