#pragma once
// A person's rating of a run (DESIGN §3 run_feedback): helpful or not, with a comment.
// Written by the agent's recorder at the end of a run and by the GUI when someone reviews
// a run later; read back by the trace, health and the problem-query library.

#include "common/error.h"
#include "db/audit_database.h"

#include <QDateTime>

#include <optional>

namespace raglens {

/// Why feedback cannot be written to `db` (read-only, no run_feedback table or no column
/// for the rating), as one translated sentence; empty when it can.
QString feedbackUnwritableReason(AuditDatabase& db);

/// Inserts one run_feedback row. `satisfied` may be unknown (a comment alone). The run must
/// exist; the database must be writable.
Status writeRunFeedback(AuditDatabase& db, const QString& runId, std::optional<bool> satisfied,
                        const QString& comment, const QDateTime& at);

} // namespace raglens
