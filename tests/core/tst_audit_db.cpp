// AuditDatabase open modes on SQLite (ownership decides writability), and the schema
// files: the PostgreSQL and MySQL migrations define the same tables and columns as SQLite.

#include "db/audit_database.h"
#include "db/migrations.h"
#include "support/fixture_db.h"
#include "support/sqlite_statements.h"

#include <QFile>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace raglens;
using namespace raglens::test;

namespace {

// table -> column names, from the CREATE TABLE statements of a migration file
std::map<QString, QStringList> tablesOf(const QString& dialect)
{
    std::map<QString, QStringList> out;
    static const QRegularExpression create(
        QStringLiteral("^CREATE TABLE IF NOT EXISTS (\\w+) \\((.*)\\)"),
        QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression column(QStringLiteral("^\\s*(\\w+)\\s+[A-Z]"));
    for (const Migration& m : migrationsFor(dialect))
        for (const QString& statement : splitSqlStatements(m.sql)) {
            const auto match = create.match(statement);
            if (!match.hasMatch())
                continue;
            QStringList columns;
            for (const QString& line : match.captured(2).split(QLatin1Char('\n'))) {
                const auto c = column.match(line);
                if (c.hasMatch() && c.captured(1) != QLatin1String("INDEX"))
                    columns << c.captured(1);
            }
            out[match.captured(1)] = columns;
        }
    return out;
}

} // namespace

class TestAuditDb : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void schemaFilesAgree_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::newRow("postgresql") << "postgresql";
        QTest::newRow("mysql") << "mysql";
    }
    void schemaFilesAgree()
    {
        QFETCH(QString, dialect);
        const auto sqlite = tablesOf(QStringLiteral("sqlite"));
        const auto other = tablesOf(dialect);
        QCOMPARE(sqlite.size(), 6u);
        QCOMPARE(other.size(), sqlite.size());
        for (const auto& [table, columns] : sqlite) {
            QVERIFY2(other.count(table), qPrintable(table));
            QCOMPARE(other.at(table), columns);
        }
        QCOMPARE(migrationsFor(dialect).back().version, AuditDatabase::latestSchemaVersion());
    }

    void createThenInspect()
    {
        const QString path = m_dir.filePath(QStringLiteral("new.db"));
        {
            auto db = AuditDatabase::open(path, AccessMode::Create);
            QVERIFY(db.ok());
            QVERIFY((*db)->isRagLensOwned());
            QVERIFY(!(*db)->isReadOnly());
            QCOMPARE((*db)->schemaVersion(), AuditDatabase::latestSchemaVersion());
            for (const char* t : {"diagnosis_run", "agent_step", "tool_invocation",
                                  "diagnosis_trace", "run_feedback", "lookup_trace_sample"})
                QVERIFY2((*db)->hasTable(QString::fromLatin1(t)), t);
            auto again = (*db)->reopen();
            QVERIFY(again.ok());
            QVERIFY(!(*again)->isReadOnly());
        }
        auto owned = AuditDatabase::open(path); // Inspect: owned → writable
        QVERIFY(owned.ok());
        QVERIFY(!(*owned)->isReadOnly());
    }

    void missingFileIsAnErrorWhenInspecting()
    {
        const QString path = m_dir.filePath(QStringLiteral("absent.db"));
        auto db = AuditDatabase::open(path);
        QVERIFY(!db);
        QVERIFY(db.error().contains(QLatin1String("No such database file")));
        QVERIFY(!QFile::exists(path));
    }

    void foreignIsReadOnlyUnlessWrite()
    {
        const QString path = m_dir.filePath(QStringLiteral("foreign.db"));
        QCOMPARE(writeProductionFixture(path), QString());
        {
            auto db = AuditDatabase::open(path);
            QVERIFY(db.ok());
            QVERIFY((*db)->isReadOnly());
            QVERIFY(!(*db)->isRagLensOwned());
            QSqlQuery q((*db)->sql());
            QVERIFY(!q.exec(QStringLiteral("DELETE FROM diagnosis_run")));
            QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM diagnosis_run")) && q.next());
            QCOMPARE(q.value(0).toInt(), fixture::kRunCount);
        }
        {
            auto db = AuditDatabase::open(path, AccessMode::Create); // exists: no migration
            QVERIFY(db.ok());
            QVERIFY((*db)->isReadOnly());
        }
        auto db = AuditDatabase::open(path, AccessMode::Write);
        QVERIFY(db.ok());
        QVERIFY(!(*db)->isReadOnly());
        QVERIFY(!(*db)->isRagLensOwned()); // --write never migrates someone else's database
        QVERIFY(!(*db)->hasTable(QStringLiteral("raglens_schema_version")));
    }

    // A table named as RagLens's version table does not make a database RagLens's own: in
    // another shape, or empty, the database is another program's (read-only, never switched
    // to WAL, never migrated); of a newer RagLens it is refused before anything is written.
    void aVersionTableIsNotTakenOnItsName_data()
    {
        QTest::addColumn<QStringList>("statements");
        QTest::addColumn<bool>("refused");
        QTest::newRow("another shape")
            << QStringList{QStringLiteral("CREATE TABLE raglens_schema_version (v TEXT)"),
                           QStringLiteral("INSERT INTO raglens_schema_version VALUES ('x')")}
            << false;
        QTest::newRow("empty") << QStringList{QStringLiteral(
                                      "CREATE TABLE raglens_schema_version (version INTEGER "
                                      "PRIMARY KEY, name TEXT, applied_at TEXT)")}
                               << false;
        QTest::newRow("newer")
            << QStringList{QStringLiteral("CREATE TABLE raglens_schema_version (version INTEGER "
                                          "PRIMARY KEY, name TEXT, applied_at TEXT)"),
                           QStringLiteral("INSERT INTO raglens_schema_version VALUES (99, "
                                          "'future', '2030-01-01')")}
            << true;
    }
    void aVersionTableIsNotTakenOnItsName()
    {
        QFETCH(QStringList, statements);
        QFETCH(bool, refused);
        const QString path =
            m_dir.filePath(QStringLiteral("version-%1.db").arg(QTest::currentDataTag()));
        QCOMPARE(writeProductionFixture(path), QString());
        QCOMPARE(test::execOnSqliteFile(path, statements), QString());
        const auto bytes = [&path] {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        const QByteArray before = bytes();
        {
            auto db = AuditDatabase::open(path);
            if (refused) {
                QVERIFY(!db);
                QVERIFY2(db.error().contains(QLatin1String("newer than this RagLens")),
                         qPrintable(db.error()));
            } else {
                QVERIFY2(db, qPrintable(db ? QString() : db.error()));
                QVERIFY((*db)->isReadOnly());
                QVERIFY(!(*db)->isRagLensOwned());
                QVERIFY((*db)->hasTable(QStringLiteral("tool_invocation")));
            }
        }
        QVERIFY(bytes() == before);
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    }

    void memoryDatabase()
    {
        auto db = AuditDatabase::open(QStringLiteral(":memory:"), AccessMode::Create);
        QVERIFY(db.ok());
        QVERIFY((*db)->isRagLensOwned());
        QVERIFY((*db)->hasTable(QStringLiteral("tool_invocation")));
    }
};

QTEST_GUILESS_MAIN(TestAuditDb)
#include "tst_audit_db.moc"
