#pragma once
// SQL functions the facts index's statements call, registered on each connection that
// writes it (facts_store::Connection::open()): SQLite has no bitwise OR over a group, and a
// C test of a time's form is far quicker than its GLOB.

#include <QSqlDatabase>
#include <QString>

namespace raglens::facts_store {

/// SqlDialect::sqliteCanonicalTime() of `column` for the index's connections: its test of
/// the canonical form made by raglens_canonical_time(x) (x when it is that text, else NULL).
QString canonicalTime(const QString& column);

/// raglens_bit_or(x): the bitwise OR of a group's integers, 0 for an empty group or only
/// NULLs; raglens_canonical_time(x) for canonicalTime(). False when `db` is no SQLite connection or
/// SQLite refused it.
bool registerFunctions(QSqlDatabase& db);

} // namespace raglens::facts_store
