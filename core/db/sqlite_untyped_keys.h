#pragma once
// Key columns declared without a type (`run_id` rather than `run_id TEXT`): SQLite compares
// their values as they were written, so a run id written as the number 42 is not the text
// '42' that ids read elsewhere are bound with, nor the '42' another table holds. Read so, a
// call lost its run, a session with its id written both ways was listed twice, and the direct
// views disagreed with the facts index (which keeps every id as text).
//
// On a read-only connection RagLens reads such a table through a TEMP view of the same name
// (temp comes first when a name is resolved) that gives those columns as text: every reader
// then compares ids as the trace shows them. The file is not touched.

#include <QSqlDatabase>
#include <QStringList>

namespace raglens::sqlite_untyped_keys {

/// Whether a column declared `declaredType` has no affinity (SQLite's BLOB affinity: no type,
/// or one naming BLOB and no INT, CHAR, CLOB or TEXT): its values keep the kind written.
bool hasNoAffinity(const QString& declaredType);

/// For each audit table of `db` (SQLite) with a key column (run_id, session_id, step_id,
/// invocation_id) that has no affinity and holds a number or a blob: a TEMP view of the table's
/// name over main's table, those columns cast to text. Returns them as "table.column".
QStringList readAsText(QSqlDatabase& db);

} // namespace raglens::sqlite_untyped_keys
