// AuditDatabase open modes on SQLite (ownership decides writability), and the schema
// files: the PostgreSQL and MySQL migrations define the same tables and columns as SQLite.

#include "db/audit_database.h"
#include "db/migrations.h"
#include "support/fixture_db.h"

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
