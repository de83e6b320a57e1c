#pragma once
// Numbered schema files shipped in resources: :/raglens/sql/<dialect>/NNNN_name.sql.

#include <QString>

#include <vector>

namespace raglens {

struct Migration
{
    int version = 0;
    QString name;
    QString sql;
};

/// All migrations of a dialect, ordered by version.
std::vector<Migration> migrationsFor(const QString& dialect);

/// Splits a migration file into statements (no triggers or procedures in our files,
/// so a ';' at the end of a line ends a statement). Comment lines are dropped.
QStringList splitSqlStatements(const QString& sql);

} // namespace raglens
