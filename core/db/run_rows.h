#pragma once
// One row per run. A diagnosis_run without a key on run_id may hold a run in several rows:
// an append-only writer adds a RUNNING row when the run starts and a finished one when it
// ends. Read as they were, the list counted the run twice, `diagnose --run` read the first
// row (not a fallback) while the facts index kept the last (FALLBACK), and the trace showed
// its rating twice. Every reader takes the run's last written row: the one that says how
// the run ended.

#include "db/audit_database.h"

#include <QString>

namespace raglens::run_rows {

/// Whether `alias`'s row of `table` (`db`'s SQLite diagnosis_run, however qualified, e.g.
/// through an attachment) is the last written of its run, or has no run id.
QString lastOfItsRun(AuditDatabase& db, const QString& table, const QString& alias);

/// On a read-only SQLite connection to a store whose diagnosis_run has no key on run_id: a
/// temporary view of that name over the last row of each run, which every unqualified read
/// of the connection then finds before the table. Nothing is written to the store (the
/// view lives in the connection's own temporary schema). A table that cannot be read by
/// rowid (WITHOUT ROWID) is left as it is; so is every server (said in the schema notes).
void readLastRowsOnly(AuditDatabase& db);

/// Whether readLastRowsOnly() shadows this connection's diagnosis_run.
bool readsLastRowsOnly(AuditDatabase& db);

/// The stored diagnosis_run with every row, whether or not readLastRowsOnly() shadows it
/// (what `check` counts when it names the runs held twice).
QString storedTable(AuditDatabase& db);

} // namespace raglens::run_rows
