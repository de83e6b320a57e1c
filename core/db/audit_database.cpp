#include "db/audit_database.h"

#include "common/json_qt.h"
#include "common/logging.h"
#include "db/migrations.h"
#include "db/scoped_transaction.h"
#include "db/sql_exec.h"
#include "db/sqlite_collations.h"
#include "db/table_keys.h"

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

#include <algorithm>
#include <limits>

namespace raglens {

static const QString kVersionTable = QStringLiteral("raglens_schema_version");

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(AuditDatabase)
};

} // namespace

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
    if (m_readOnly) {
        db->m_snapshot = m_snapshot;
        db->m_hotJournal = m_hotJournal && m_snapshot;
    }
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
    i.unreadableTables = m_unreadableTables;
    i.foreignCollations = m_foreignCollations;
    i.foreignCollationIndexed = m_foreignCollationIndexed;
    i.hotJournal = m_hotJournal;
    i.columns = m_columns;
    i.keys = m_keys;
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
    db->m_unreadableTables = inspection.unreadableTables;
    db->m_foreignCollations = inspection.foreignCollations;
    db->m_foreignCollationIndexed = inspection.foreignCollationIndexed;
    db->m_hotJournal = inspection.hotJournal;
    db->m_columns = inspection.columns;
    db->m_keys = inspection.keys;
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
    // Qt lists a SQLite table's columns from PRAGMA table_info, which leaves out generated
    // columns (GENERATED ALWAYS AS …): read as missing, a generated release_outcome or
    // question was shown as empty and a generated session_id refused the store.
    names.unite(generatedColumns(table));
    m_columns.insert(table, names);
    return names;
}

QSet<QString> AuditDatabase::generatedColumns(const QString& table)
{
    QSet<QString> names;
    if (m_location.kind != DatabaseLocation::Kind::Sqlite)
        return names;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (q.prepare(
            QStringLiteral("SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)"))) {
        q.addBindValue(table);
        if (q.exec())
            while (q.next())
                names.insert(q.value(0).toString().toLower());
    }
    return names;
}

std::optional<bool> AuditDatabase::keyedBy(const QString& table, const QString& column)
{
    const QString key = table + QLatin1Char('.') + column;
    if (auto it = m_keys.constFind(key); it != m_keys.constEnd())
        return *it;
    auto keyed = readKeyedBy(*this, table, column);
    if (!keyed)
        return std::nullopt; // not kept: a lost connection is asked again once it is back
    m_keys.insert(key, *keyed);
    return *keyed;
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

Status AuditDatabase::inspectSchema()
{
    QSqlQuery probe(m_db);
    // Any SQLite file opens; the first statement tells whether it is a database at all.
    const QString probeSql = m_location.kind == DatabaseLocation::Kind::Sqlite
                                 ? QStringLiteral("SELECT count(*) FROM sqlite_master")
                                 : QStringLiteral("SELECT 1");
    if (!probe.exec(probeSql)) {
        // SQLITE_BUSY / SQLITE_LOCKED: a writer holds the file; it is a database, only busy.
        const QString code = probe.lastError().nativeErrorCode();
        if (m_location.kind == DatabaseLocation::Kind::Sqlite &&
            (code == QLatin1String("5") || code == QLatin1String("6")))
            return Error{Tr::tr("%1 is locked by another program that is writing to it (%2); "
                                "try again when it has finished.")
                             .arg(m_location.display(), describeSqlError(probe.lastError()))};
        return Error{Tr::tr("%1 is not a readable database: %2")
                         .arg(m_location.display(), describeSqlError(probe.lastError()))};
    }
    if (Status s = listTables(); !s)
        return s;
    if (m_location.kind == DatabaseLocation::Kind::Sqlite) {
        m_foreignCollations = sqlite_collations::foreignCollations(m_db);
        m_foreignCollationIndexed = sqlite_collations::orderAnIndex(m_db, m_foreignCollations);
    }
    // RagLens's own: a version table that records at least its first migration, as every
    // database RagLens made holds (the table and its first row are written in one
    // transaction). A table of that name in another shape, or empty, is another program's:
    // taken on its name, the store was switched to WAL and migrated by a read-only command.
    m_owned = false;
    m_schemaVersion = 0;
    if (hasTable(kVersionTable)) {
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        if (q.exec(QStringLiteral("SELECT MAX(version) FROM raglens_schema_version")) && q.next()) {
            bool number = false;
            const qint64 version = q.value(0).toLongLong(&number);
            if (number && version >= 1) {
                m_owned = true;
                m_schemaVersion = int(qMin<qint64>(version, std::numeric_limits<int>::max()));
            }
        }
    }
    return ok();
}

Status AuditDatabase::refuseNewerSchema() const
{
    const auto migrations = migrationsFor(m_location.dialect());
    if (m_owned && !migrations.empty() && m_schemaVersion > migrations.back().version)
        return Error{
            Tr::tr("%1 has schema version %2, newer than this RagLens (%3). Update RagLens.")
                .arg(m_location.display())
                .arg(m_schemaVersion)
                .arg(migrations.back().version)};
    return ok();
}

Status AuditDatabase::migrate()
{
    const auto migrations = migrationsFor(m_location.dialect());
    if (migrations.empty())
        return Error{Tr::tr("No schema files for %1 in this build.").arg(m_location.dialect())};
    if (Status s = refuseNewerSchema(); !s)
        return s;

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
                    Tr::tr("Cannot create the schema-version table: %1").arg(q.lastError().text())};
        }
        for (const QString& statement : splitSqlStatements(m.sql)) {
            if (!q.exec(statement))
                return Error{Tr::tr("Migration %1 (%2) failed: %3")
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
                Tr::tr("Cannot record migration %1: %2").arg(m.version).arg(q.lastError().text())};
        if (!tx.commit())
            return Error{Tr::tr("Cannot commit migration %1: %2")
                             .arg(m.version)
                             .arg(m_db.lastError().text())};
        m_owned = true;
        m_schemaVersion = m.version;
        qCInfo(lcAudit) << "applied migration" << m.version << m.name << "to"
                        << m_location.display();
    }
    return listTables();
}

/// Whether `error` says a statement names what the database does not have (a table, a column,
/// a function): SQLite's "no such …", PostgreSQL's undefined object (42P01, 42703, 42883),
/// MariaDB's unknown table or column and its view over one (1146, 1054, 1356).
static bool namesSomethingGone(const QSqlError& error)
{
    static const QStringList codes = {QStringLiteral("42P01"), QStringLiteral("42703"),
                                      QStringLiteral("42883"), QStringLiteral("1146"),
                                      QStringLiteral("1054"),  QStringLiteral("1356")};
    return error.text().contains(QLatin1String("no such ")) ||
           codes.contains(error.nativeErrorCode());
}

Status AuditDatabase::listTables()
{
    if (Status s = listTableNames(); !s)
        return s;
    // An optional table that cannot be read (a view over a table that was dropped) is left
    // out as if absent, and said: read, it failed every trace that touched it.
    m_unreadableTables.clear();
    for (const char* name :
         {"agent_step", "diagnosis_trace", "run_feedback", "lookup_trace_sample"}) {
        const QString table = QString::fromLatin1(name);
        const auto listed = std::find_if(m_tables.begin(), m_tables.end(), [&](const QString& t) {
            return t.compare(table, Qt::CaseInsensitive) == 0;
        });
        if (listed == m_tables.end())
            continue;
        QSqlQuery probe(m_db);
        if (probe.exec(QStringLiteral("SELECT * FROM %1 WHERE 1 = 0").arg(table)) ||
            !namesSomethingGone(probe.lastError()))
            continue; // a busy file or a lost connection is no missing table
        m_unreadableTables.insert(table, describeSqlError(probe.lastError()));
        m_tables.erase(listed);
    }
    return ok();
}

Status AuditDatabase::listTableNames()
{
    // A store may expose its audit tables to readers as views: they read alike.
    if (m_location.kind != DatabaseLocation::Kind::PostgreSql) {
        m_tables = m_db.tables(QSql::Tables) + m_db.tables(QSql::Views);
        return ok();
    }
    // The tables an unqualified name finds, in whatever schema the search path gives them
    // (Qt lists those of other schemas as schema.table, public's whether or not the path
    // holds it, and no partitioned table: a large store partitions tool_invocation by month).
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = "
                               "c.relnamespace WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND "
                               "pg_table_is_visible(c.oid) AND n.nspname NOT IN ('pg_catalog', "
                               "'information_schema')")))
        return Error{Tr::tr("Cannot list the tables of %1: %2")
                         .arg(m_location.display(), describeSqlError(q.lastError()))};
    m_tables.clear();
    while (q.next())
        m_tables << q.value(0).toString();
    return ok();
}

} // namespace raglens
