// How an AuditDatabase connects: the driver's options for a SQLite file (read-only,
// immutable, or a private copy when a write-ahead log nobody applied lies beside it) or a
// server, the session settings, and the decision to reconnect writable once the schema says
// RagLens owns the database.
#include "db/audit_database.h"

#include "common/logging.h"
#include "db/run_rows.h"
#include "db/sql_exec.h"
#include "db/sqlite_collations.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUrl>

#include <algorithm>

namespace raglens {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(AuditDatabase)
};

} // namespace

namespace {
QMutex hookMutex;
AuditDatabase::ConnectionHook& connectionHook()
{
    static AuditDatabase::ConnectionHook hook;
    return hook;
}

void runConnectionHook(QSqlDatabase& db)
{
    const QMutexLocker lock(&hookMutex);
    if (connectionHook())
        connectionHook()(db);
}
} // namespace

void AuditDatabase::setConnectionHook(ConnectionHook hook)
{
    const QMutexLocker lock(&hookMutex);
    connectionHook() = std::move(hook);
}

static QString nextConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("raglens-audit-%1").arg(counter.fetchAndAddRelaxed(1));
}

// SQLite header bytes 18/19 are 2 for a WAL-mode database. An empty -wal without its -shm
// (a copy made without the -shm, or a writer that closed so) holds no commit: as good as
// none, and a reader opening it through SQLite's locks would create the -shm beside it.
static bool isWalWithoutSidecar(const QString& path)
{
    const QFileInfo wal(path + QStringLiteral("-wal"));
    if (wal.exists() && (wal.size() > 0 || QFileInfo::exists(path + QStringLiteral("-shm"))))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray header = f.read(20);
    return header.size() == 20 && header.startsWith("SQLite format 3") && header.at(18) == 2 &&
           header.at(19) == 2;
}

// A -wal file without its -shm means no connection is open (a live one keeps -shm): the
// log holds commits nobody has applied. A read-only reader would create a -shm beside it.
static bool hasStaleWal(const QString& path)
{
    const QFileInfo wal(path + QStringLiteral("-wal"));
    return wal.exists() && wal.size() > 0 && !QFileInfo::exists(path + QStringLiteral("-shm"));
}

// What a read-only reader meets beside a rollback journal it cannot roll back: SQLite's
// "attempt to write a readonly database" (SQLITE_READONLY_ROLLBACK).
static bool hasHotJournalError(const QString& error, const QString& path)
{
    const QFileInfo journal(path + QStringLiteral("-journal"));
    return journal.exists() && journal.size() > 0 &&
           error.contains(QLatin1String("readonly database"));
}

Expected<QString> AuditDatabase::privateSnapshot()
{
    if (!m_snapshot) {
        auto dir = std::make_shared<QTemporaryDir>();
        const QString copy = dir->filePath(QStringLiteral("snapshot.db"));
        // The log to apply, or the journal to roll back, goes with the file.
        const QString sidecar = m_hotJournal ? QStringLiteral("-journal") : QStringLiteral("-wal");
        if (!dir->isValid() || !QFile::copy(m_location.path, copy) ||
            !QFile::copy(m_location.path + sidecar, copy + sidecar))
            return Error{(m_hotJournal ? Tr::tr("Cannot read %1 without changing it: a writer "
                                                "stopped in the middle of a transaction and left "
                                                "its rollback journal, and a private copy could "
                                                "not be made in %2. Free some space there, or "
                                                "open it with --write.")
                                       : Tr::tr("Cannot read %1 without changing it: it has a "
                                                "write-ahead log nobody applied, and a private "
                                                "copy could not be made in %2. Free some space "
                                                "there, or open it with --write."))
                             .arg(m_location.display(), QDir::tempPath())};
        m_snapshot = std::move(dir);
    }
    return m_snapshot->filePath(QStringLiteral("snapshot.db"));
}

Expected<QString> AuditDatabase::configureSqlite(bool wantWrite, bool memory)
{
    m_db.setDatabaseName(m_location.path);
    m_readUri = memory ? QString()
                       : QUrl::fromLocalFile(m_location.path).toString(QUrl::FullyEncoded) +
                             QStringLiteral("?mode=ro");
    QString options = QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000");
    if (!wantWrite)
        options += QStringLiteral(";QSQLITE_OPEN_READONLY");
    // A read-only reader of a WAL database creates -wal/-shm files next to it and
    // leaves them behind. When no writer is active (no -wal file), open it immutable
    // so inspecting really changes nothing on disk.
    // A caller that means to write (record, demo) may race other writers: it reads
    // through SQLite's locks, never from a copy or an immutable view that a
    // concurrent checkpoint could tear.
    const bool inspecting = !wantWrite && !memory && m_mode == AccessMode::Inspect;
    bool fromSnapshot = false;
    if (inspecting && (m_snapshot || m_hotJournal || hasStaleWal(m_location.path))) {
        // Reading a copy applies the log there and leaves the user's files as they are.
        const Expected<QString> copy = privateSnapshot();
        if (copy) {
            fromSnapshot = true;
            m_db.setDatabaseName(*copy);
            m_readUri = QUrl::fromLocalFile(*copy).toString(QUrl::FullyEncoded) +
                        QStringLiteral("?mode=ro");
            m_accessNote = Tr::tr("This database has a write-ahead log that no writer has "
                                  "applied (%1-wal without -shm). RagLens shows a private copy "
                                  "with the log applied, so nothing beside the file changes.")
                               .arg(QFileInfo(m_location.path).fileName());
            if (m_hotJournal) {
                // SQLite rolls the journal back at the first read, which needs write access:
                // to the private copy only.
                options.remove(QStringLiteral(";QSQLITE_OPEN_READONLY"));
                m_accessNote = Tr::tr("A writer stopped in the middle of a transaction and "
                                      "left its rollback journal (%1-journal). RagLens shows a "
                                      "private copy with that transaction rolled back, as "
                                      "SQLite would, so nothing beside the file changes.")
                                   .arg(QFileInfo(m_location.path).fileName());
            }
        } else if (m_snapshot || m_hotJournal || hasStaleWal(m_location.path)) {
            return Error{copy.error()};
        }
        // Otherwise the log was applied while we copied (its last writer closed
        // between our look and the copy): the file itself is whole again.
    }
    if (inspecting && !fromSnapshot && isWalWithoutSidecar(m_location.path)) {
        options += QStringLiteral(";QSQLITE_OPEN_URI");
        m_db.setDatabaseName(QUrl::fromLocalFile(m_location.path).toString(QUrl::FullyEncoded) +
                             QStringLiteral("?immutable=1"));
        m_readUri += QStringLiteral("&immutable=1");
    }
    return options;
}

QString AuditDatabase::configureServer()
{
    m_db.setHostName(m_location.host);
    m_db.setPort(m_location.port);
    m_db.setDatabaseName(m_location.database);
    m_db.setUserName(m_location.user);
    m_db.setPassword(m_location.password);
    return m_location.connectOptions();
}

/// A server session reads (or writes) as asked, speaks UTC, and on PostgreSQL finds its
/// tables in the schema the URL names.
Status AuditDatabase::configureServerSession(bool wantWrite)
{
    QSqlQuery q(m_db);
    const bool mysql = m_location.kind == DatabaseLocation::Kind::MySql;
    const QString sql = mysql ? QStringLiteral("SET SESSION TRANSACTION %1")
                              : QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION %1");
    if (!wantWrite)
        q.exec(sql.arg(QStringLiteral("READ ONLY")));
    else
        q.exec(sql.arg(QStringLiteral("READ WRITE")));
    if (!mysql)
        q.exec(QStringLiteral("SET TIME ZONE 'UTC'"));
    else
        q.exec(QStringLiteral("SET time_zone = '+00:00'"));
    if (mysql)
        return requireMysqlTls(q);
    if (m_location.schema.isEmpty())
        return ok();
    // That schema alone: a table it lacks is missing, never one of the same name elsewhere
    // (public's, another application's). A schema that is not there is said so: SET would
    // take the name and every table would look missing.
    q.prepare(QStringLiteral("SELECT 1 FROM pg_namespace WHERE nspname = ?"));
    q.addBindValue(m_location.schema);
    if (!q.exec())
        return Error{Tr::tr("Cannot read the schemas of %1: %2")
                         .arg(m_location.display(), describeSqlError(q.lastError()))};
    if (!q.next())
        return Error{Tr::tr("The PostgreSQL database %1 has no schema \"%2\" (create it with "
                            "CREATE SCHEMA, or name another in ?schema=).")
                         .arg(m_location.database, m_location.schema)};
    QString quoted = m_location.schema;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    if (!q.exec(QStringLiteral("SET search_path TO \"%1\"").arg(quoted)))
        return Error{
            Tr::tr("Cannot use the schema \"%1\" of %2: %3")
                .arg(m_location.schema, m_location.display(), describeSqlError(q.lastError()))};
    return ok();
}

/// MySQL's client library falls back to an unencrypted connection when the server offers no
/// TLS, whatever ssl-* options it was given (Qt's driver cannot ask it to insist): a URL
/// that names one is refused on such a connection instead.
Status AuditDatabase::requireMysqlTls(QSqlQuery& q)
{
    const bool asked =
        std::any_of(m_location.parameters.cbegin(), m_location.parameters.cend(),
                    [](const auto& p) { return p.first.startsWith(QLatin1String("ssl-")); });
    if (!asked)
        return ok();
    if (!q.exec(QStringLiteral("SHOW SESSION STATUS LIKE 'Ssl_cipher'")))
        return Error{Tr::tr("Cannot tell whether the connection to %1 is encrypted: %2")
                         .arg(m_location.display(), describeSqlError(q.lastError()))};
    if (!q.next() || q.value(1).toString().isEmpty())
        return Error{Tr::tr("The connection to %1 is not encrypted: the server offers no TLS. "
                            "RagLens does not read over it in the clear when the URL asks for "
                            "TLS (ssl-…).")
                         .arg(m_location.display())};
    return ok();
}

Status AuditDatabase::connect()
{
    if (!QSqlDatabase::isDriverAvailable(m_location.qtDriverName()))
        return Error{Tr::tr("The Qt SQL driver %1 is not installed (needed for %2).")
                         .arg(m_location.qtDriverName(), m_location.display())};

    const bool isSqlite = m_location.kind == DatabaseLocation::Kind::Sqlite;
    const bool memory = m_location.isInMemory();
    const bool exists = memory || !isSqlite || QFileInfo::exists(m_location.path);
    const bool inspectMode = m_mode == AccessMode::Inspect || m_mode == AccessMode::InspectLive;
    if (isSqlite && !exists && inspectMode)
        return Error{Tr::tr("No such database file: %1").arg(m_location.path)};
    if (isSqlite && exists && !memory && !QFileInfo(m_location.path).isFile())
        return Error{Tr::tr("Not a file: %1").arg(m_location.path)};

    // Foreign databases are first looked at read-only; write access comes only after we
    // know who owns the database (or the user asked for it).
    bool wantWrite = m_inspected ? !m_readOnly : !exists || memory || m_mode == AccessMode::Write;
    for (int pass = 0; pass < 2; ++pass) {
        m_connectionName = nextConnectionName();
        m_db = QSqlDatabase::addDatabase(m_location.qtDriverName(), m_connectionName);
        const Expected<QString> options =
            isSqlite ? configureSqlite(wantWrite, memory) : Expected<QString>(configureServer());
        if (!options)
            return Error{options.error()};
        m_db.setConnectOptions(*options);
        if (!m_db.open())
            return Error{
                Tr::tr("Cannot open %1: %2").arg(m_location.display(), m_db.lastError().text())};
        runConnectionHook(m_db);
        m_readOnly = !wantWrite;
        if (!isSqlite)
            if (Status s = configureServerSession(wantWrite); !s) {
                m_db.close();
                return s;
            }
        if (m_inspected)
            break; // another connection inspected (and when needed migrated) the database
        if (Status s = inspectSchema(); !s) {
            // A hot rollback journal: a read-only reader cannot roll it back, and every
            // command said the file was "not a readable database". Read a private copy.
            const bool hot = isSqlite && !wantWrite && !m_hotJournal && !m_snapshot &&
                             hasHotJournalError(s.error(), m_location.path);
            // Following a live store reads through its locks, never a copy: said so.
            if (hot && m_mode == AccessMode::InspectLive)
                return Error{Tr::tr("A writer of %1 stopped in the middle of a transaction and "
                                    "left its rollback journal (%2-journal), which a reader "
                                    "cannot roll back. RagLens reads such a file from a private "
                                    "copy, which cannot follow new writes: open it without "
                                    "following or serving, or let the agent (any SQLite writer) "
                                    "open it once to roll the transaction back.")
                                 .arg(m_location.display(), QFileInfo(m_location.path).fileName())};
            if (hot && m_mode == AccessMode::Inspect) {
                m_hotJournal = true;
                m_db.close();
                m_db = QSqlDatabase();
                QSqlDatabase::removeDatabase(m_connectionName);
                --pass;
                continue;
            }
            return s;
        }
        // Refused before anything is written (the switch to WAL below, a migration).
        if (Status s = refuseNewerSchema(); !s)
            return s;
        // An empty server schema is "missing" for AccessMode::Create: create it there too.
        const bool shouldWrite = wantWrite || m_owned || (!exists && !inspectMode) ||
                                 (!isSqlite && m_tables.isEmpty() && m_mode == AccessMode::Create);
        if (shouldWrite == wantWrite)
            break;
        // Owned by RagLens: reconnect writable.
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
        wantWrite = true;
    }

    // A collation only the writer had, compared byte by byte: by a reader only (a row written
    // in byte order would damage the writer's index), and only when no index is ordered by
    // it (searched in byte order, such an index misses rows).
    if (isSqlite && m_readOnly && !m_foreignCollations.isEmpty() && !m_foreignCollationIndexed)
        sqlite_collations::compareUnknownAsBinary(m_db);
    // One row per run for every reader of this connection (run_rows.h).
    if (isSqlite)
        run_rows::readLastRowsOnly(*this);

    // RagLens's own database, or an empty one it makes its own now.
    const bool ours = m_owned || (m_tables.isEmpty() && !inspectMode);
    // WAL for those only: the mode is stored in the file, so a database of another program
    // written with --write keeps its own, which that program and its readers may rely on
    // (before, even a failed import switched it).
    if (!m_readOnly && isSqlite && ours) {
        QSqlQuery q(m_db);
        q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
        q.exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
    }
    if (!m_inspected && !m_readOnly && ours) {
        if (Status s = migrate(); !s)
            return s;
    }
    qCDebug(lcAudit) << "opened" << m_location.display() << (m_readOnly ? "read-only" : "writable")
                     << "owned" << m_owned << "schema" << m_schemaVersion;
    return ok();
}

} // namespace raglens
