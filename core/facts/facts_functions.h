#pragma once
// SQL functions the facts index's statements call, registered on each connection that
// writes it (facts_store::Connection::open()): SQLite has no bitwise OR over a group.

#include <QSqlDatabase>

namespace raglens::facts_store {

/// raglens_bit_or(x): the bitwise OR of a group's integers, 0 for an empty group or only
/// NULLs. False when `db` is no SQLite connection or SQLite refused it.
bool registerFunctions(QSqlDatabase& db);

} // namespace raglens::facts_store
