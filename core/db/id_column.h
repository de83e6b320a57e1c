#pragma once
// What an audit table's id column holds, read from each backend's catalogue: whether a value
// can be an id there at all (a drill-down asks for one call by an id the user typed) and
// whether RagLens can record into the table (it reads back the number a new row was given).

#include "common/error.h"
#include "db/audit_database.h"

#include <optional>

namespace raglens {

struct IdColumn
{
    QString type;          ///< lower case: "bigint", "uuid", "integer", "" (SQLite, no type)
    bool assigned = false; ///< the store numbers a new row itself (rowid, identity, serial…)
};
/// `table`.id as the catalogue declares it; nullopt when the table or the column is missing
/// or the catalogue could not be read. Asked once per connection and table.
std::optional<IdColumn> idColumn(AuditDatabase& db, const QString& table);

/// Whether PostgreSQL reads `text` as a uuid: 32 hex digits, braces and hyphens aside.
bool spellsUuid(const QString& text);

/// Whether `id`, as typed, cannot be a value of `table`.id on a server (text that is no uuid
/// for a uuid column, or no integer for a number one: SqlDialect::canHoldKey()). False when
/// unknown, and on SQLite, which compares such text as text and finds nothing by itself.
bool cannotBeAnId(AuditDatabase& db, const QString& table, const QString& id);

/// Ok when a new row of each table RagLens records into (agent_step, tool_invocation) gets an
/// integer id from the store; else why not (ids kept as text such as UUIDs), before anything
/// is written.
Status requireNumberedRows(AuditDatabase& db);

} // namespace raglens
