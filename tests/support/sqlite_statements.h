#pragma once
// Statements run on an SQLite file through a connection of the test's own, to plant rows a
// fixture does not have: the file is closed again before the code under test opens it.

#include <QString>
#include <QStringList>

namespace raglens::test {

/// Runs `statements` in order on the SQLite file at `path`; the first error, with the
/// statement that failed, or an empty string.
QString execOnSqliteFile(const QString& path, const QStringList& statements);

} // namespace raglens::test
