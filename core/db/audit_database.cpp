#include "db/audit_database.h"

#include "common/json_qt.h"
#include "common/logging.h"
#include "db/migrations.h"
#include "db/scoped_transaction.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QUrl>

namespace raglens {

static const QString kVersionTable = QStringLiteral("raglens_schema_version");

static QString tr(const char* text)
{
    return QCoreApplication::translate("AuditDatabase", text);
}

bool AuditDatabase::isConnectionLost(const QSqlError& error)
{
    if (error.type() == QSqlError::ConnectionError)
        return true;
    // PostgreSQL: SQLSTATE class 08 (connection exception) and 57P01-57P03 (terminated by
    // the administrator, crash, cannot connect now); MySQL/MariaDB client errors 2006 and
    // 2013 ("server has gone away", "lost connection") and 4031 (idle disconnect).
    const QString code = error.nativeErrorCode();
    if (code.startsWith(QLatin1String("08")) || code == QLatin1String("57P01") ||
        code == QLatin1String("57P02") || code == QLatin1String("57P03") ||
        code == QLatin1String("2006") || code == QLatin1String("2013") ||
        code == QLatin1String("4031"))
        return true;
    const QString text = error.text();
    for (const char* words :
         {"server closed the connection", "no connection to the server", "terminating connection",
          "server has gone away", "Lost connection to", "connection to server was lost"})
        if (text.contains(QLatin1String(words), Qt::CaseInsensitive))
            return true;
    return false;
}

Status AuditDatabase::reconnect()
{
    if (m_db.isValid())
        m_db.close();
    m_db = QSqlDatabase();
    if (!m_connectionName.isEmpty())
        QSqlDatabase::removeDatabase(m_connectionName);
    m_connectionName.clear();
    const Status s = connect();
    if (s)
        ++m_reconnects;
    qCWarning(lcAudit) << "reconnected to" << m_location.display() << (s ? "" : "failed");
    return s;
}

namespace {
QMutex hookMutex;
AuditDatabase::ConnectionHook& connectionHook()
{
    static AuditDatabase::ConnectionHook hook;
    return hook;
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

Expected<std::unique_ptr<AuditDatabase>> AuditDatabase::open(const QString& pathOrUrl,
                                                             AccessMode mode)
{
    auto location = DatabaseLocation::parse(pathOrUrl);
    if (!location)
        return Error{location.error()};
    return open(*location, mode);
}

Expected<std::unique_ptr<AuditDatabase>> AuditDatabase::open(const DatabaseLocation& location,
                                                             AccessMode mode)
{
    std::unique_ptr<AuditDatabase> db(new AuditDatabase);
    db->m_location = location;
    db->m_mode = mode;
    if (Status s = db->connect(); !s)
        return Error{s.error()};
    return db;
}

Expected<std::unique_ptr<AuditDatabase>> AuditDatabase::reopen(AccessMode mode) const
{
    std::unique_ptr<AuditDatabase> db(new AuditDatabase);
    db->m_location = m_location;
    db->m_mode = mode;
    if (Status s = db->connect(); !s)
        return Error{s.error()};
    return db;
}

Expected<std::unique_ptr<AuditDatabase>> AuditDatabase::reopen() const
{
    // The first open may have created and migrated the database; the copy just attaches
    // (to the same private snapshot, when the first one read a snapshot).
    std::unique_ptr<AuditDatabase> db(new AuditDatabase);
    db->m_location = m_location;
    db->m_mode = m_mode == AccessMode::Create ? AccessMode::Inspect : m_mode;
    if (m_readOnly)
        db->m_snapshot = m_snapshot;
    if (Status s = db->connect(); !s)
        return Error{s.error()};
    return db;
}

AuditDatabase::Inspection AuditDatabase::inspection() const
{
    Inspection i;
    i.location = m_location;
    i.mode = m_mode == AccessMode::Create ? AccessMode::Inspect : m_mode;
    i.readOnly = m_readOnly;
    i.owned = m_owned;
    i.schemaVersion = m_schemaVersion;
    i.tables = m_tables;
    i.columns = m_columns;
    i.snapshot = m_readOnly ? m_snapshot : nullptr;
    return i;
}

Expected<std::unique_ptr<AuditDatabase>> AuditDatabase::openInspected(const Inspection& inspection)
{
    std::unique_ptr<AuditDatabase> db(new AuditDatabase);
    db->m_location = inspection.location;
    db->m_mode = inspection.mode;
    db->m_readOnly = inspection.readOnly;
    db->m_owned = inspection.owned;
    db->m_schemaVersion = inspection.schemaVersion;
    db->m_tables = inspection.tables;
    db->m_columns = inspection.columns;
    db->m_snapshot = inspection.snapshot;
    db->m_inspected = true;
    if (Status s = db->connect(); !s)
        return Error{s.error()};
    return db;
}

QSet<QString> AuditDatabase::columns(const QString& table)
{
    if (auto it = m_columns.constFind(table); it != m_columns.constEnd())
        return *it;
    QSqlRecord record = m_db.record(table);
    // A table the database listed cannot have no columns: the server connection is gone.
    // Reconnect before queries are built as if every column were missing.
    if (record.isEmpty() && hasTable(table) && m_location.kind != DatabaseLocation::Kind::Sqlite &&
        reconnect())
        record = m_db.record(table);
    QSet<QString> names;
    if (record.isEmpty())
        return names; // not kept: asked again once the connection is back
    for (int i = 0; i < record.count(); ++i)
        names.insert(record.fieldName(i).toLower());
    m_columns.insert(table, names);
    return names;
}

AuditDatabase::~AuditDatabase()
{
    if (m_db.isValid())
        m_db.close();
    m_db = QSqlDatabase();
    if (!m_connectionName.isEmpty())
        QSqlDatabase::removeDatabase(m_connectionName);
}

bool AuditDatabase::hasTable(const QString& name) const
{
    return m_tables.contains(name, Qt::CaseInsensitive);
}

int AuditDatabase::latestSchemaVersion()
{
    const auto migrations = migrationsFor(QStringLiteral("sqlite"));
    return migrations.empty() ? 0 : migrations.back().version;
}

// SQLite header bytes 18/19 are 2 for a WAL-mode database.
static bool isWalWithoutSidecar(const QString& path)
{
    if (QFileInfo::exists(path + QStringLiteral("-wal")))
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

Expected<QString> AuditDatabase::privateSnapshot()
{
    if (!m_snapshot) {
        auto dir = std::make_shared<QTemporaryDir>();
        const QString copy = dir->filePath(QStringLiteral("snapshot.db"));
        if (!dir->isValid() || !QFile::copy(m_location.path, copy) ||
            !QFile::copy(m_location.path + QStringLiteral("-wal"), copy + QStringLiteral("-wal")))
            return Error{tr("Cannot read %1 without changing it: it has a write-ahead log "
                            "nobody applied, and a private copy could not be made in %2. Free "
                            "some space there, or open it with --write.")
                             .arg(m_location.display(), QDir::tempPath())};
        m_snapshot = std::move(dir);
    }
    return m_snapshot->filePath(QStringLiteral("snapshot.db"));
}

Status AuditDatabase::connect()
{
    if (!QSqlDatabase::isDriverAvailable(m_location.qtDriverName()))
        return Error{tr("The Qt SQL driver %1 is not installed (needed for %2).")
                         .arg(m_location.qtDriverName(), m_location.display())};

    const bool isSqlite = m_location.kind == DatabaseLocation::Kind::Sqlite;
    const bool memory = isSqlite && m_location.path == QLatin1String(":memory:");
    const bool exists = memory || !isSqlite || QFileInfo::exists(m_location.path);
    const bool inspectMode = m_mode == AccessMode::Inspect || m_mode == AccessMode::InspectLive;
    if (isSqlite && !exists && inspectMode)
        return Error{tr("No such database file: %1").arg(m_location.path)};
    if (isSqlite && exists && !memory && !QFileInfo(m_location.path).isFile())
        return Error{tr("Not a file: %1").arg(m_location.path)};

    // Foreign databases are first looked at read-only; write access comes only after we
    // know who owns the database (or the user asked for it).
    bool wantWrite = m_inspected ? !m_readOnly : !exists || memory || m_mode == AccessMode::Write;
    for (int pass = 0; pass < 2; ++pass) {
        m_connectionName = nextConnectionName();
        m_db = QSqlDatabase::addDatabase(m_location.qtDriverName(), m_connectionName);
        QString options;
        if (isSqlite) {
            m_db.setDatabaseName(m_location.path);
            m_readUri = memory ? QString()
                               : QUrl::fromLocalFile(m_location.path).toString(QUrl::FullyEncoded) +
                                     QStringLiteral("?mode=ro");
            options = QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000");
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
            if (inspecting && (m_snapshot || hasStaleWal(m_location.path))) {
                // Reading a copy applies the log there and leaves the user's files as they are.
                const Expected<QString> copy = privateSnapshot();
                if (copy) {
                    fromSnapshot = true;
                    m_db.setDatabaseName(*copy);
                    m_readUri = QUrl::fromLocalFile(*copy).toString(QUrl::FullyEncoded) +
                                QStringLiteral("?mode=ro");
                    m_accessNote = tr("This database has a write-ahead log that no writer has "
                                      "applied (%1-wal without -shm). RagLens shows a private copy "
                                      "with the log applied, so nothing beside the file changes.")
                                       .arg(QFileInfo(m_location.path).fileName());
                } else if (m_snapshot || hasStaleWal(m_location.path)) {
                    return Error{copy.error()};
                }
                // Otherwise the log was applied while we copied (its last writer closed
                // between our look and the copy): the file itself is whole again.
            }
            if (inspecting && !fromSnapshot && isWalWithoutSidecar(m_location.path)) {
                options += QStringLiteral(";QSQLITE_OPEN_URI");
                m_db.setDatabaseName(
                    QUrl::fromLocalFile(m_location.path).toString(QUrl::FullyEncoded) +
                    QStringLiteral("?immutable=1"));
                m_readUri += QStringLiteral("&immutable=1");
            }
        } else {
            m_db.setHostName(m_location.host);
            m_db.setPort(m_location.port);
            m_db.setDatabaseName(m_location.database);
            m_db.setUserName(m_location.user);
            m_db.setPassword(m_location.password);
            options = m_location.kind == DatabaseLocation::Kind::MySql
                          ? QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT=5")
                          : QStringLiteral("connect_timeout=5");
        }
        m_db.setConnectOptions(options);
        if (!m_db.open())
            return Error{
                tr("Cannot open %1: %2").arg(m_location.display(), m_db.lastError().text())};
        {
            const QMutexLocker lock(&hookMutex);
            if (connectionHook())
                connectionHook()(m_db);
        }
        m_readOnly = !wantWrite;
        if (!isSqlite) {
            QSqlQuery q(m_db);
            const QString sql =
                m_location.kind == DatabaseLocation::Kind::MySql
                    ? QStringLiteral("SET SESSION TRANSACTION %1")
                    : QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION %1");
            if (!wantWrite)
                q.exec(sql.arg(QStringLiteral("READ ONLY")));
            else
                q.exec(sql.arg(QStringLiteral("READ WRITE")));
            if (m_location.kind == DatabaseLocation::Kind::PostgreSql)
                q.exec(QStringLiteral("SET TIME ZONE 'UTC'"));
            else
                q.exec(QStringLiteral("SET time_zone = '+00:00'"));
        }
        if (m_inspected)
            break; // another connection inspected (and when needed migrated) the database
        if (Status s = inspectSchema(); !s)
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

    if (!m_readOnly && isSqlite) {
        QSqlQuery q(m_db);
        q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
        q.exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
    }
    const bool empty = m_tables.isEmpty();
    if (!m_inspected && !m_readOnly && (m_owned || (empty && !inspectMode))) {
        if (Status s = migrate(); !s)
            return s;
    }
    qCDebug(lcAudit) << "opened" << m_location.display() << (m_readOnly ? "read-only" : "writable")
                     << "owned" << m_owned << "schema" << m_schemaVersion;
    return ok();
}

Status AuditDatabase::inspectSchema()
{
    QSqlQuery probe(m_db);
    // Any SQLite file opens; the first statement tells whether it is a database at all.
    const QString probeSql = m_location.kind == DatabaseLocation::Kind::Sqlite
                                 ? QStringLiteral("SELECT count(*) FROM sqlite_master")
                                 : QStringLiteral("SELECT 1");
    if (!probe.exec(probeSql))
        return Error{tr("%1 is not a readable database: %2")
                         .arg(m_location.display(), probe.lastError().text())};
    m_tables = m_db.tables(QSql::Tables);
    m_owned = hasTable(kVersionTable);
    m_schemaVersion = 0;
    if (m_owned) {
        QSqlQuery q(m_db);
        if (q.exec(QStringLiteral("SELECT MAX(version) FROM raglens_schema_version")) && q.next())
            m_schemaVersion = q.value(0).toInt();
    }
    return ok();
}

Status AuditDatabase::migrate()
{
    const auto migrations = migrationsFor(m_location.dialect());
    if (migrations.empty())
        return Error{tr("No schema files for %1 in this build.").arg(m_location.dialect())};
    if (m_schemaVersion > migrations.back().version)
        return Error{tr("%1 has schema version %2, newer than this RagLens (%3). Update RagLens.")
                         .arg(m_location.display())
                         .arg(m_schemaVersion)
                         .arg(migrations.back().version)};

    for (const Migration& m : migrations) {
        if (m.version <= m_schemaVersion)
            continue;
        ScopedTransaction tx(m_db);
        QSqlQuery q(m_db);
        if (!m_owned) {
            if (!q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS raglens_schema_version "
                                       "(version INTEGER PRIMARY KEY, name VARCHAR(200), "
                                       "applied_at VARCHAR(40))")))
                return Error{
                    tr("Cannot create the schema-version table: %1").arg(q.lastError().text())};
        }
        for (const QString& statement : splitSqlStatements(m.sql)) {
            if (!q.exec(statement))
                return Error{tr("Migration %1 (%2) failed: %3")
                                 .arg(m.version)
                                 .arg(m.name, q.lastError().text())};
        }
        q.prepare(QStringLiteral(
            "INSERT INTO raglens_schema_version (version, name, applied_at) VALUES (?, ?, ?)"));
        q.addBindValue(m.version);
        q.addBindValue(m.name);
        q.addBindValue(json_util::isoUtc(QDateTime::currentDateTimeUtc()));
        if (!q.exec())
            return Error{
                tr("Cannot record migration %1: %2").arg(m.version).arg(q.lastError().text())};
        if (!tx.commit())
            return Error{
                tr("Cannot commit migration %1: %2").arg(m.version).arg(m_db.lastError().text())};
        m_owned = true;
        m_schemaVersion = m.version;
        qCInfo(lcAudit) << "applied migration" << m.version << m.name << "to"
                        << m_location.display();
    }
    m_tables = m_db.tables(QSql::Tables);
    return ok();
}

} // namespace raglens
