#pragma once
// One open audit database (SQLite file or server) behind a Qt SQL connection.
//
// Ownership decides what RagLens may do: a database RagLens created carries the
// raglens_schema_version table, is migrated to the newest schema and may be written;
// any other database is opened read-only unless the caller asks for AccessMode::Write,
// and is never migrated. Connections are per thread: use reopen() in a worker.

#include "common/error.h"
#include "db/database_location.h"

#include <QHash>
#include <QMap>
#include <QSet>
#include <QSqlDatabase>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

class QSqlError;
class QSqlQuery;
class QTemporaryDir;

namespace raglens {

enum class AccessMode
{
    Inspect, ///< existing database; writable only when RagLens created it
    Write,   ///< existing database, writable even when RagLens did not create it (--write)
    Create,  ///< create (SQLite file or empty server schema) and migrate when needed; writable
    /// As Inspect, but an SQLite file is always read through SQLite's locks (never as an
    /// immutable file or a private copy), so commits by other processes are seen: for a
    /// reader that stays open while the agent writes, such as the Trace API server.
    InspectLive,
};

class AuditDatabase
{
public:
    static Expected<std::unique_ptr<AuditDatabase>> open(const QString& pathOrUrl,
                                                         AccessMode mode = AccessMode::Inspect);
    static Expected<std::unique_ptr<AuditDatabase>> open(const DatabaseLocation& location,
                                                         AccessMode mode);
    ~AuditDatabase();
    AuditDatabase(const AuditDatabase&) = delete;
    AuditDatabase& operator=(const AuditDatabase&) = delete;

    /// A second connection to the same database with the same access, for another thread.
    Expected<std::unique_ptr<AuditDatabase>> reopen() const;
    /// The same in another mode (Inspect and InspectLive only change how a file is read).
    Expected<std::unique_ptr<AuditDatabase>> reopen(AccessMode mode) const;

    QSqlDatabase& sql() { return m_db; }
    const DatabaseLocation& location() const { return m_location; }
    bool isReadOnly() const { return m_readOnly; }
    bool isRagLensOwned() const { return m_owned; }
    int schemaVersion() const { return m_schemaVersion; }
    bool hasTable(const QString& name) const;
    QStringList tables() const { return m_tables; }
    /// Empty, or how RagLens had to read the database to leave it unchanged (a private
    /// snapshot of a file with an unapplied write-ahead log).
    QString accessNote() const { return m_accessNote; }
    /// Optional tables (steps, timeline, feedback, samples) the database lists but cannot read,
    /// such as a view over a table that was dropped: left out as if absent. Name → why.
    const QMap<QString, QString>& unreadableTables() const { return m_unreadableTables; }
    /// Collations the schema names that only its writer had (sqlite_collations.h): columns
    /// declared with them are compared byte by byte.
    const QStringList& foreignCollations() const { return m_foreignCollations; }
    /// An index is ordered by one of foreignCollations(): they are then not stood in for.
    bool foreignCollationIndexed() const { return m_foreignCollationIndexed; }

    /// For a SQLite file: a read-only URI of the file this connection reads (the private copy
    /// when there is one, immutable when opened so), for ATTACH from another connection;
    /// empty for servers and in-memory databases.
    QString sqliteReadUri() const { return m_readUri; }

    /// True when `error` says the server connection is gone (terminated, timed out, "server
    /// has gone away"), as opposed to a failed statement.
    static bool isConnectionLost(const QSqlError& error);

    /// Lower-case names of the columns of `table` (empty when it has none or is missing),
    /// read once per connection: the schema does not change under a reader.
    QSet<QString> columns(const QString& table);
    /// The generated columns of a SQLite table (GENERATED ALWAYS AS …), lower-case: columns()
    /// lists them, and no INSERT may name them.
    QSet<QString> generatedColumns(const QString& table);

    /// Whether `column` alone keys `table` (readKeyedBy()), read from the catalogue once per
    /// connection like the columns: every sessions request asks, for its schema notes.
    std::optional<bool> keyedBy(const QString& table, const QString& column);

    /// What a connection learned about its database: where it is, how it may be used, its
    /// tables and ownership, the columns asked for so far, and its private snapshot. A worker
    /// that opened and inspected the database hands this to the GUI thread, whose own
    /// connection (openInspected) then runs no statement to learn it again.
    struct Inspection
    {
        DatabaseLocation location;
        AccessMode mode = AccessMode::Inspect;
        bool readOnly = true;
        bool owned = false;
        int schemaVersion = 0;
        QStringList tables;
        QMap<QString, QString> unreadableTables;
        QStringList foreignCollations;
        bool foreignCollationIndexed = false;
        bool hotJournal = false;
        QHash<QString, QSet<QString>> columns;
        QHash<QString, std::optional<bool>> keys; ///< keyedBy()'s answers, by "table.column"
        std::shared_ptr<QTemporaryDir> snapshot;
    };
    Inspection inspection() const;
    /// A connection in the calling thread to the database `inspection` describes, trusting
    /// it: no schema statement, no migration (the inspecting connection did those).
    static Expected<std::unique_ptr<AuditDatabase>> openInspected(const Inspection& inspection);

    /// Closes the connection and opens it again with the same access and session settings,
    /// after a lost server connection. Queries of the old connection stop working.
    Status reconnect();
    /// How many times reconnect() succeeded.
    int reconnects() const { return m_reconnects; }

    /// Newest schema version shipped in resources/sql.
    static int latestSchemaVersion();

    /// Called with every connection opened from now on, in the thread that opens it, before
    /// its first statement (tests slow every statement down with it to prove that the GUI
    /// never waits for one). Empty: none.
    using ConnectionHook = std::function<void(QSqlDatabase&)>;
    static void setConnectionHook(ConnectionHook hook);

private:
    AuditDatabase() = default;
    Status connect();
    /// Points m_db at the file (or a private copy, or an immutable view); the driver options.
    Expected<QString> configureSqlite(bool wantWrite, bool memory);
    QString configureServer();
    Status configureServerSession(bool wantWrite);
    Status requireMysqlTls(QSqlQuery& q);
    Status inspectSchema();
    /// The tables and views unqualified names find, into m_tables.
    Status listTables();
    Status listTableNames();
    Status migrate();
    /// An error when the database is RagLens's own of a schema newer than this build's.
    Status refuseNewerSchema() const;
    Expected<QString> privateSnapshot();

    QSqlDatabase m_db;
    QString m_connectionName;
    DatabaseLocation m_location;
    AccessMode m_mode = AccessMode::Inspect;
    bool m_readOnly = true;
    bool m_owned = false;
    int m_schemaVersion = 0;
    QStringList m_tables;
    /// Optional tables listed but unreadable (a view over a table that is gone): name → why.
    QMap<QString, QString> m_unreadableTables;
    QStringList m_foreignCollations;
    bool m_foreignCollationIndexed = false; ///< an index is ordered by one of them
    QString m_accessNote;
    QString m_readUri;
    int m_reconnects = 0;
    bool m_inspected = false; ///< the schema came from another connection's inspection
    QHash<QString, QSet<QString>> m_columns;
    QHash<QString, std::optional<bool>> m_keys;
    std::shared_ptr<QTemporaryDir> m_snapshot; ///< shared with reopen()ed connections
    /// A writer that stopped mid-transaction left its rollback journal: read from a private
    /// copy in which SQLite rolls that transaction back (a read-only reader cannot).
    bool m_hotJournal = false;
};

} // namespace raglens
