#pragma once
// Collations a writer registered in its own process (COLLATE appsort, Android's LOCALIZED):
// a column or an index declared with one cannot be compared by any other SQLite, and every
// statement that compares it failed ("no such collation sequence"), some views but not others.
// RagLens compares such columns byte by byte, as BINARY, and says so.

#include <QSqlDatabase>
#include <QStringList>

namespace raglens::sqlite_collations {

/// From now on, a collation this SQLite lacks is registered on `db`'s connection, when a
/// statement first needs it, as a byte-by-byte comparison. False when `db` is not SQLite.
bool compareUnknownAsBinary(QSqlDatabase& db);

/// The collations the schema of `db` names that SQLite does not have built in (BINARY,
/// NOCASE, RTRIM), as written, each once: what the note names.
QStringList foreignCollations(QSqlDatabase& db);

/// Whether an index of `db` orders a column by one of `collations`. Such an index is in the
/// writer's order: searched in byte order it misses rows, and a row written in byte order
/// damages it. The byte-by-byte stand-in is then not used.
bool orderAnIndex(QSqlDatabase& db, const QStringList& collations);

} // namespace raglens::sqlite_collations
