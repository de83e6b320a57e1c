#pragma once
// Where an audit database lives: an SQLite file path or a postgresql:// / mysql:// URL,
// with the few URL parameters a production server needs (a PostgreSQL schema, TLS).
// The password never comes from the command line: RAGLENS_DB_PASSWORD or a prompt.

#include "common/error.h"

#include <QList>
#include <QPair>
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
    /// PostgreSQL: the schema holding the audit tables (`?schema=audit`), the connection's
    /// whole search path; empty: the server's own search path.
    QString schema;
    /// The URL's connection parameters (sslmode, ssl-ca, connect_timeout…), in their
    /// order, checked by parse(); `schema` is not among them.
    QList<QPair<QString, QString>> parameters;

    /// Accepts a file path, `postgresql://user@host:port/db` (also `postgres://`) or
    /// `mysql://user@host:port/db` (also `mariadb://`), each with the parameters
    /// serverParameterNames() lists (`?schema=audit&sslmode=require`). A password inside the
    /// URL is refused: it would end up in shell history and process lists. So is a
    /// parameter RagLens does not pass on: dropped, it would connect otherwise than asked
    /// (without TLS, to another schema) without a word.
    static Expected<DatabaseLocation> parse(const QString& pathOrUrl);
    /// The URL parameters a server kind takes.
    static QStringList serverParameterNames(Kind kind);

    bool isServer() const { return kind != Kind::Sqlite; }
    /// An SQLite database in this connection's memory: no second connection can open it.
    bool isInMemory() const { return kind == Kind::Sqlite && path == QLatin1String(":memory:"); }
    QString qtDriverName() const;
    QString dialect() const; ///< "sqlite", "postgresql" or "mysql": the migration folder
    /// For status bars, messages and the Recent list: no password, and parse() reads it
    /// back as the same location.
    QString display() const;
    /// The Qt driver's connect options for parameters, after RagLens's own defaults.
    QString connectOptions() const;
};

} // namespace raglens
