#pragma once
// Where an audit database lives: an SQLite file path or a postgresql:// / mysql:// URL.
// The password never comes from the command line: RAGLENS_DB_PASSWORD or a prompt.

#include "common/error.h"

#include <QString>

namespace raglens {

struct DatabaseLocation
{
    enum class Kind
    {
        Sqlite,
        PostgreSql,
        MySql
    };

    Kind kind = Kind::Sqlite;
    QString path; ///< SQLite file (absolute), or ":memory:"
    QString host;
    int port = 0;
    QString database;
    QString user;
    QString password; ///< filled from RAGLENS_DB_PASSWORD by parse(); never printed

    /// Accepts a file path, `postgresql://user@host:port/db` (also `postgres://`) or
    /// `mysql://user@host:port/db` (also `mariadb://`). A password inside the URL is
    /// refused: it would end up in shell history and process lists.
    static Expected<DatabaseLocation> parse(const QString& pathOrUrl);

    bool isServer() const { return kind != Kind::Sqlite; }
    QString qtDriverName() const;
    QString dialect() const; ///< "sqlite", "postgresql" or "mysql": the migration folder
    QString display() const; ///< for status bars and messages; no password
};

} // namespace raglens
