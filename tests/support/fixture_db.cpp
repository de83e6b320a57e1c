#include "support/fixture_db.h"

#include "support/fixture_db_rows.h"

#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUuid>

namespace raglens::test {

namespace {

// Each statement in parentheses: its lines are one literal, not a missing comma.
const char* const kSchema[] = {
    ("CREATE TABLE diagnosis_run (run_id TEXT PRIMARY KEY, session_id TEXT NOT NULL, "
     "user_id TEXT, question TEXT, status TEXT, release_outcome TEXT, content_type TEXT, "
     "fallback_reason TEXT, tool_call_count INTEGER, total_token_count INTEGER, "
     "started_at TEXT, finished_at TEXT)"),
    ("CREATE TABLE agent_step (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT, "
     "step_index INTEGER, agent_name TEXT, has_tool_call INTEGER, token_count INTEGER, "
     "started_at TEXT, finished_at TEXT)"),
    ("CREATE TABLE tool_invocation (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT, "
     "session_id TEXT, step_id INTEGER, tool_call_id TEXT, tool_name TEXT, retrieval_layer TEXT, "
     "relevance_level TEXT, l0_match_count INTEGER, l1_match_count INTEGER, is_truncated INTEGER, "
     "retrieval_details TEXT, output_preview TEXT, input_params TEXT, duration_ms INTEGER, "
     "success INTEGER, error_message TEXT, dedup_reason TEXT, created_at TEXT)"),
    ("CREATE TABLE diagnosis_trace (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, "
     "run_id TEXT, step_id INTEGER, event_type TEXT, details TEXT, created_at TEXT)"),
    ("CREATE TABLE run_feedback (run_id TEXT, satisfied INTEGER, comment TEXT, created_at TEXT)"),
};

} // namespace

const QStringList& productionSchemaDdl()
{
    static const QStringList ddl = [] {
        QStringList out;
        for (const char* statement : kSchema)
            out << QString::fromLatin1(statement);
        return out;
    }();
    return ddl;
}

QString writeSqliteFile(const QString& path, const std::function<void(FixtureWriter&)>& fill)
{
    if (QFileInfo::exists(path))
        return QStringLiteral("target already exists: ") + path;
    const QString name = QStringLiteral("fixture-") + QUuid::createUuid().toString();
    QString error;
    {
        FixtureWriter w{QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name), {}};
        w.db.setDatabaseName(path);
        if (!w.db.open()) {
            error = w.db.lastError().text();
        } else {
            fill(w);
            error = w.error;
            w.db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return error;
}

QString writeProductionFixture(const QString& path, const FixtureOptions& options)
{
    return writeSqliteFile(path, [&options](FixtureWriter& w) {
        for (const QString& ddl : productionSchemaDdl())
            w.exec(ddl);
        if (options.withTraceSampleTable)
            w.exec(
                QStringLiteral("CREATE TABLE lookup_trace_sample (invocation_id INTEGER "
                               "PRIMARY KEY, reason TEXT, lookup_result TEXT, created_at TEXT)"));
        w.db.transaction();
        writeFixtureSessions(w, options.withTraceSampleTable);
        if (w.error.isEmpty())
            w.db.commit();
        else
            w.db.rollback();
        if (options.olderInvocationColumns)
            for (const char* column : {"dedup_reason", "l0_match_count", "l1_match_count"})
                w.exec(QStringLiteral("ALTER TABLE tool_invocation DROP COLUMN %1")
                           .arg(QLatin1String(column)));
        if (options.walJournal)
            w.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    });
}

bool copyWithUnappliedLog(const QString& live, const QString& stale)
{
    bool copied = false;
    {
        QSqlDatabase writer =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("wal-writer"));
        writer.setDatabaseName(live);
        if (writer.open()) {
            QSqlQuery q(writer);
            copied = q.exec(QStringLiteral("PRAGMA journal_mode=WAL")) &&
                     q.exec(QStringLiteral("PRAGMA wal_autocheckpoint=0")) &&
                     q.exec(QStringLiteral("CREATE TABLE only_in_the_log(x)")) &&
                     q.exec(QStringLiteral("INSERT INTO only_in_the_log VALUES (1), (2)")) &&
                     QFile::copy(live, stale) &&
                     QFile::copy(live + QStringLiteral("-wal"), stale + QStringLiteral("-wal"));
            q.finish();
            writer.close();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("wal-writer"));
    return copied;
}

} // namespace raglens::test
