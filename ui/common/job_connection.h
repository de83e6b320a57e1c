#pragma once
// The connection a background job reads through. Qt SQL connections belong to the thread
// that opened them, so a job opens its own, trusting the window's inspection when it has one
// (no schema statements, no second private copy of a file with an unapplied log); a
// ":memory:" database cannot be reopened and is read through the window's connection.

#include "db/audit_database.h"

#include <memory>
#include <optional>

namespace raglens::ui {

/// `given` when there is one; else a read-only connection of the job's own, kept in `own`.
Expected<AuditDatabase*> jobConnection(AuditDatabase* given, const DatabaseLocation& location,
                                       const std::optional<AuditDatabase::Inspection>& inspection,
                                       std::unique_ptr<AuditDatabase>& own);

} // namespace raglens::ui
