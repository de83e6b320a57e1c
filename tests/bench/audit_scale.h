#pragma once
// raglens-bench --audit-rows N: how the reads behind the session list, the filters, a trace
// and health scale from 10,000 to N invocations on a production-shaped SQLite store.

#include <QString>

namespace raglens::bench {

/// Prints the figures as one JSON object; `keepDir` keeps (and reuses) the generated files.
int runAuditScale(int rows, const QString& keepDir);

} // namespace raglens::bench
