#include "facts/facts_store.h"

#include "common/logging.h"
#include "db/sql_dialect.h"
#include "db/sql_exec.h"

#include "facts/facts_functions.h"
#include "facts/facts_text.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/run_flags.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSqlError>
#include <QSqlQuery>

namespace raglens::facts_store {

const QStringList& runColumns()
{
    // Every run column RagLens reads: lists, health and problem runs read them from here.
    return audit_rows::knownColumns(QStringLiteral("diagnosis_run"));
}

QString unfinishedRun()
{
    // Finished: a final status (the contract's and other writers' words for an end:
    // CANCELLED, SUCCEEDED, ABORTED…), a final outcome or an end time; never while the status
    // says RUNNING (a writer may set the outcome first). A word RagLens does not know, with
    // no outcome and no end time, may still be in flight: read again, as a RUNNING run is.
    // Columns the audited table lacks are NULL here and take no part.
    const QString status = QStringLiteral("COALESCE(UPPER(TRIM(CAST(status AS TEXT))), '')");
    const QString ended =
        QStringLiteral("%1 IN ('%2', '%3', 'CANCELLED', 'CANCELED', 'SUCCEEDED', 'SUCCESS', "
                       "'ERROR', 'ABORTED', 'TIMEOUT', 'TIMED_OUT', 'DONE', 'FINISHED', "
                       "'REJECTED', 'KILLED', 'EXPIRED', 'SKIPPED')")
            .arg(status, vocab::kCompleted, vocab::kFailed);
    const QString outcome =
        FactSql::runOutcomeOf(DatabaseLocation::Kind::Sqlite, QStringLiteral("release_outcome"),
                              QStringLiteral("content_type"));
    // The end time first: OR stops at the first true term, and most runs have one, so the
    // words are folded only for the rest (0.6 of the index builds' 3.4 s went to them).
    return QStringLiteral("(%1 = '%2' OR NOT (finished_at IS NOT NULL OR %3 OR COALESCE(%4 IN "
                          "('%5', '%6', '%7'), 0)))")
        .arg(status, vocab::kRunning, ended, outcome, vocab::kSuccess, vocab::kFallback,
             vocab::kOutcomeError);
}

const QStringList& invocationColumns()
{
    static const QStringList c = {QStringLiteral("id"),
                                  QStringLiteral("run_id"),
                                  QStringLiteral("session_id"),
                                  QStringLiteral("tool_name"),
                                  QStringLiteral("relevance_level"),
                                  QStringLiteral("duration_ms"),
                                  QStringLiteral("created_at"),
                                  QStringLiteral("input_params"),
                                  QStringLiteral("fact_is_lookup"),
                                  QStringLiteral("fact_tool_failed"),
                                  QStringLiteral("fact_evidence_status"),
                                  QStringLiteral("fact_selected_attempt"),
                                  QStringLiteral("fact_fallback_reason")};
    return c;
}

const QStringList& feedbackColumns()
{
    static const QStringList c = {QStringLiteral("run_id"), QStringLiteral("satisfied"),
                                  QStringLiteral("created_at")};
    return c;
}

Expected<std::unique_ptr<Connection>> Connection::open(const QString& path)
{
    static QAtomicInt counter;
    std::unique_ptr<Connection> c(new Connection);
    c->m_name = QStringLiteral("raglens-facts-%1").arg(counter.fetchAndAddRelaxed(1));
    c->m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), c->m_name);
    c->m_db.setDatabaseName(path);
    // URIs so the audited file can be attached read-only (file:…?mode=ro).
    c->m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000;QSQLITE_OPEN_URI"));
    if (!c->m_db.open())
        return Error{FactsIndexText::tr("Cannot open the facts index %1: %2")
                         .arg(path, describeSqlError(c->m_db.lastError()))};
    if (!registerFunctions(c->m_db))
        return Error{FactsIndexText::tr("Cannot open the facts index %1: SQLite refused its "
                                        "functions.")
                         .arg(path)};
    // A run read again replaces its row (INSERT OR REPLACE): only with recursive triggers
    // does that deletion reach the search index's trigger.
    if (Status s = c->exec(QStringLiteral("PRAGMA recursive_triggers = ON")); !s)
        return Error{s.error()};
    // A refresh reads the pages of the runs and search index it rewrites more than once: a
    // page cache of 64 MB instead of SQLite's 2 MB keeps them in memory.
    if (Status s = c->exec(QStringLiteral("PRAGMA cache_size = -65536")); !s)
        return Error{s.error()};
    // The groupings and sorts of a build (health days, session flags, index builds) spill
    // into temporary files past a few MB: kept in memory, a 1M-call build spent 1.5 s less
    // in the kernel (11.1 -> 9.4 s). Its peak memory did not move (607 MB against 612 MB,
    // most of it page caches and the mapping below); what they hold grows with the store.
    if (Status s = c->exec(QStringLiteral("PRAGMA temp_store = MEMORY")); !s)
        return Error{s.error()};
    // Pages of this file read back by the run pass and the index builds come from the
    // mapping instead of a read() each. Only this file: the audited one, attached, is read
    // as before (an I/O error under a mapping is a signal, not an error SQLite can report).
    if (Status s = c->exec(QStringLiteral("PRAGMA main.mmap_size = 4294967296")); !s)
        return Error{s.error()};
    return c;
}

Connection::~Connection()
{
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_name);
}

/// Whether a statement reads the audited database attached as `src`: a failure there (a
/// corrupt file, a lost lock) is the audited database's, not the facts index's.
static bool readsSource(const QString& sql)
{
    return sql.contains(QLatin1String("src."));
}

Status Connection::exec(const QString& sql, const QVariantList& binds)
{
    QSqlQuery q(m_db);
    QElapsedTimer timer;
    timer.start();
    const bool done = binds.isEmpty() ? q.exec(sql) : prepareBindExec(q, sql, binds);
    // Every statement with its time (QT_LOGGING_RULES="raglens.trace.debug=true"): where a
    // build or a refresh spends it, statement by statement.
    qCDebug(lcTrace).noquote() << "facts index statement:" << timer.elapsed() << "ms" << sql;
    if (done)
        return ok();
    // SQLITE_MISMATCH: only the index's INTEGER PRIMARY KEY columns refuse a value, so a call
    // id stored as a fraction or a text in an untyped column of the audited table.
    if (readsSource(sql) && q.lastError().nativeErrorCode() == QLatin1String("20"))
        return Error{FactsIndexText::tr("Copying from the audit database failed: a call id in "
                                        "tool_invocation is not a whole number; the facts index "
                                        "orders and refreshes calls by their id, so it is not "
                                        "built.")};
    if (readsSource(sql))
        return Error{FactsIndexText::tr("Copying from the audit database failed: %1")
                         .arg(describeSqlError(q.lastError()))};
    return Error{FactsIndexText::tr("Writing the facts index failed: %1")
                     .arg(describeSqlError(q.lastError()))};
}

Expected<QVariant> Connection::scalar(const QString& sql, const QVariantList& binds)
{
    QSqlQuery q(m_db);
    if (!prepareBindExec(q, sql, binds))
        return Error{(readsSource(sql) ? FactsIndexText::tr("Reading the audit database failed: %1")
                                       : FactsIndexText::tr("Reading the facts index failed: %1"))
                         .arg(describeSqlError(q.lastError()))};
    return q.next() ? q.value(0) : QVariant();
}

Expected<QStringList> Connection::texts(const QString& sql, const QVariantList& binds)
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!prepareBindExec(q, sql, binds))
        return Error{(readsSource(sql) ? FactsIndexText::tr("Reading the audit database failed: %1")
                                       : FactsIndexText::tr("Reading the facts index failed: %1"))
                         .arg(describeSqlError(q.lastError()))};
    QStringList out;
    while (q.next())
        out << q.value(0).toString();
    return out;
}

// Columns not named in `types` get no declared type: SQLite then stores each value with the
// type the audited database gave it, so numbers, texts and NULLs compare exactly as there.
static QString tableSql(const QString& name, const QStringList& columns,
                        const QHash<QString, QString>& types)
{
    QStringList defs;
    for (const QString& c : columns)
        defs << (c + QLatin1Char(' ') + types.value(c)).trimmed();
    return QStringLiteral("CREATE TABLE %1 (%2)").arg(name, defs.join(QStringLiteral(", ")));
}

// Ids are text here whatever the audit store declares (some keep integer run and session
// ids): the readers bind ids as text, and an untyped column would keep the integer 42, which
// never equals the bound '42'.
static QString invocationTableSql(const QString& name)
{
    const QString integer = QStringLiteral("INTEGER");
    const QString text = QStringLiteral("TEXT");
    return tableSql(name, invocationColumns(),
                    {{QStringLiteral("id"), QStringLiteral("INTEGER PRIMARY KEY")},
                     {QStringLiteral("run_id"), text},
                     {QStringLiteral("session_id"), text},
                     {QStringLiteral("fact_is_lookup"), integer},
                     {QStringLiteral("fact_tool_failed"), integer}});
}

static QString runTableSql(const QString& name)
{
    return tableSql(name, runColumns() + runFactColumns(),
                    {{QStringLiteral("run_id"), QStringLiteral("TEXT PRIMARY KEY NOT NULL")},
                     {QStringLiteral("session_id"), QStringLiteral("TEXT")}});
}

static QString feedbackTableSql(const QString& name)
{
    return tableSql(name, feedbackColumns(), {{QStringLiteral("run_id"), QStringLiteral("TEXT")}});
}

QString stagedTable(const QString& table)
{
    return QStringLiteral("temp.fact_staged_") + table;
}

Status Connection::createStagingTables(bool withFeedback)
{
    QStringList statements = {invocationTableSql(stagedTable(QStringLiteral("tool_invocation"))),
                              runTableSql(stagedTable(QStringLiteral("diagnosis_run")))};
    if (withFeedback)
        statements << feedbackTableSql(stagedTable(QStringLiteral("run_feedback")));
    if (Status st = dropStagingTables(); !st)
        return st;
    for (const QString& s : statements)
        if (Status st = exec(s); !st)
            return st;
    return ok();
}

Status Connection::dropStagingTables()
{
    for (const char* table : {"tool_invocation", "diagnosis_run", "run_feedback"})
        if (Status st = exec(QStringLiteral("DROP TABLE IF EXISTS %1")
                                 .arg(stagedTable(QString::fromLatin1(table))));
            !st)
            return st;
    for (const char* table : {kStagedRunIdTable, kStagedKeptCallTable})
        if (Status st = exec(QStringLiteral("DROP TABLE IF EXISTS %1").arg(QLatin1String(table)));
            !st)
            return st;
    return ok();
}

Status Connection::beginWrite()
{
    if (Status s = exec(QStringLiteral("BEGIN")); !s)
        return s;
    // A write that changes nothing takes the write lock of the file it names, and only that.
    if (Status s = exec(QStringLiteral("UPDATE main.facts_meta SET value = value WHERE 0")); !s) {
        exec(QStringLiteral("ROLLBACK"));
        return s;
    }
    return ok();
}

Status Connection::createTables(bool withFeedback)
{
    if (Status st = createRunTable(); !st)
        return st;
    QStringList statements = {
        QStringLiteral("CREATE TABLE facts_meta (key TEXT PRIMARY KEY, value TEXT)"),
        invocationTableSql(QStringLiteral("tool_invocation"))};
    statements << QStringLiteral("CREATE TABLE %1 (session_id TEXT PRIMARY KEY)")
                      .arg(QLatin1String(kChangedSessionTable))
               // The name untyped: compared as the call table's tool_name is.
               << QStringLiteral("CREATE TABLE %1 (name PRIMARY KEY, bit INTEGER)")
                      .arg(QLatin1String(run_flags::kToolBitTable));
    if (withFeedback)
        statements << feedbackTableSql(QStringLiteral("run_feedback"));
    for (const QString& s : statements)
        if (Status st = exec(s); !st)
            return st;
    return createDerivedTables();
}

Status Connection::createRunTable()
{
    return exec(runTableSql(QStringLiteral("diagnosis_run")));
}

const QStringList& derivedTables()
{
    static const QStringList t = {
        QLatin1String(FactSql::kOrphanSessionTable), QLatin1String(FactSql::kRunlessCallTable),
        QLatin1String(FactSql::kHealthDayTable), QLatin1String(FactSql::kLatencyDayTable)};
    return t;
}

Status Connection::createDerivedTables()
{
    const QStringList statements = {
        // Sessions known only from calls without a run row (audit_rows::orphanOnlySessions):
        // finding them in the audit table reads its whole session index.
        QStringLiteral("CREATE TABLE %1 (session_id TEXT PRIMARY KEY)")
            .arg(QLatin1String(FactSql::kOrphanSessionTable)),
        // Calls without a recorded run: the few columns health and the filters read, so that
        // they never go through the wide call table (one random row each) for them.
        QStringLiteral("CREATE TABLE %1 (id INTEGER PRIMARY KEY, session_id TEXT, created_at, "
                       "relevance_level, duration_ms, fact_is_lookup INTEGER, fact_tool_failed "
                       "INTEGER, fact_evidence_status, fact_selected_attempt, "
                       "fact_fallback_reason, run_id TEXT, tool_name, input_params)")
            .arg(QLatin1String(FactSql::kRunlessCallTable)),
        QStringLiteral("CREATE TABLE %1 (day TEXT, runs INTEGER, fallback_runs "
                       "INTEGER, calls INTEGER, errors INTEGER, legacy INTEGER, "
                       "lookups INTEGER, empty INTEGER, retried INTEGER, precise "
                       "INTEGER, reference INTEGER, problem_runs INTEGER)")
            .arg(QLatin1String(FactSql::kHealthDayTable)),
        QStringLiteral("CREATE TABLE %1 (day TEXT, duration_ms, n INTEGER)")
            .arg(QLatin1String(FactSql::kLatencyDayTable))};
    for (const QString& s : statements)
        if (Status st = exec(s); !st)
            return st;
    return ok();
}

Status Connection::createJoinIndexes()
{
    for (const QString& s :
         {QStringLiteral("CREATE INDEX IF NOT EXISTS facts_inv_run ON tool_invocation(run_id)"),
          QStringLiteral("CREATE INDEX IF NOT EXISTS facts_inv_session ON "
                         "tool_invocation(session_id)")})
        if (Status st = exec(s); !st)
            return st;
    return ok();
}

Status Connection::createIndexes(bool withFeedback)
{
    if (Status st = createJoinIndexes(); !st)
        return st;
    QStringList statements = {
        // The lists walk runs newest first through this index alone: the session and the
        // run flags a filter tests are in it (run_flags.h), so a filter that matches few
        // runs or none reads the index once (tens of ms at 1M calls), never the wide rows.
        QStringLiteral("CREATE INDEX IF NOT EXISTS facts_run_walk ON "
                       "diagnosis_run(started_at, session_id, %1)")
            .arg(QLatin1String(run_flags::kColumn)),
        // The same for counting the sessions of a filter, in session order.
        QStringLiteral("CREATE INDEX IF NOT EXISTS facts_run_session_flags ON "
                       "diagnosis_run(session_id, %1)")
            .arg(QLatin1String(run_flags::kColumn)),
        // Health days and the newest problem runs compare the start as a Julian day
        // (FactSql::storedStartJulian()).
        QStringLiteral("CREATE INDEX IF NOT EXISTS facts_run_julian ON diagnosis_run(%1)")
            .arg(FactSql::storedStartJulian(QString())),
        QStringLiteral("CREATE INDEX IF NOT EXISTS facts_runless_session ON %1(session_id)")
            .arg(QLatin1String(FactSql::kRunlessCallTable)),
        QStringLiteral("CREATE INDEX IF NOT EXISTS facts_health_day ON %1(day)")
            .arg(QLatin1String(FactSql::kHealthDayTable)),
        QStringLiteral("CREATE INDEX IF NOT EXISTS facts_latency_day ON %1(day)")
            .arg(QLatin1String(FactSql::kLatencyDayTable)),
        // Runs whose search text is still to be written (new or read again).
        QStringLiteral("CREATE INDEX IF NOT EXISTS facts_run_unsearched ON "
                       "diagnosis_run(run_id) WHERE fact_search_text IS NULL"),
        // The runs a refresh reads again (not finished when indexed); a handful. The
        // refresh spells the same condition, or the planner would not use the index.
        QStringLiteral("CREATE INDEX IF NOT EXISTS facts_run_unfinished ON "
                       "diagnosis_run(run_id) WHERE %1")
            .arg(unfinishedRun())};
    if (withFeedback)
        statements << QStringLiteral("CREATE INDEX IF NOT EXISTS facts_feedback_run ON "
                                     "run_feedback(run_id)");
    // From here on, a run that leaves or changes session marks the session it leaves: the
    // refresh derives that session's flags again (fillRunFacts()). Made after the build's
    // fill, which derives every session's.
    const QString changed = QLatin1String(kChangedSessionTable);
    statements << QStringLiteral("CREATE TRIGGER IF NOT EXISTS facts_run_leaves AFTER DELETE ON "
                                 "diagnosis_run WHEN old.session_id IS NOT NULL BEGIN INSERT OR "
                                 "IGNORE INTO %1 VALUES (old.session_id); END")
                      .arg(changed)
               << QStringLiteral("CREATE TRIGGER IF NOT EXISTS facts_run_moves AFTER UPDATE OF "
                                 "session_id ON diagnosis_run WHEN old.session_id IS NOT NULL AND "
                                 "old.session_id IS NOT new.session_id BEGIN INSERT OR IGNORE "
                                 "INTO %1 VALUES (old.session_id); END")
                      .arg(changed);
    for (const QString& s : statements)
        if (Status st = exec(s); !st)
            return st;
    // Only the index itself: an attached audit file is read-only. (A sampled ANALYZE is
    // quicker but led the planner to slower plans for counts and filtered pages.)
    return exec(QStringLiteral("ANALYZE main"));
}

std::map<QString, QString> Connection::readMeta()
{
    std::map<QString, QString> meta;
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT key, value FROM facts_meta")))
        return meta;
    while (q.next())
        meta[q.value(0).toString()] = q.value(1).toString();
    return meta;
}

Status Connection::writeMeta(const std::map<QString, QString>& values)
{
    for (const auto& [key, value] : values)
        if (Status s = exec(QStringLiteral("INSERT OR REPLACE INTO facts_meta (key, value) "
                                           "VALUES (?, ?)"),
                            {key, value});
            !s)
            return s;
    return ok();
}

} // namespace raglens::facts_store
