// What the facts index derives from the rows it copied: each run's facts and search text,
// the per-day health sums, the trigram search index and the sessions known only from calls.
#include "facts/facts_store.h"

#include "common/logging.h"
#include "db/sql_dialect.h"
#include "db/sql_exec.h"

#include "facts/facts_text.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/run_flags.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <limits>

namespace raglens::facts_store {

namespace {

/// FTS5's pending terms before it writes a segment (createSearchTable()).
constexpr int kSearchHashBytes = 32 * 1024 * 1024;

} // namespace

const QStringList& runFactColumns()
{
    static const QStringList c = {
        QStringLiteral("fact_search_text"),    QStringLiteral("fact_calls"),
        QStringLiteral("fact_errors"),         QStringLiteral("fact_legacy_levels"),
        QStringLiteral("fact_lookups"),        QStringLiteral("fact_empty_lookups"),
        QStringLiteral("fact_retried"),        QStringLiteral("fact_precise"),
        QStringLiteral("fact_reference"),      QStringLiteral("fact_first_error_id"),
        QStringLiteral("fact_first_empty_id"), QStringLiteral("fact_day"),
        QLatin1String(run_flags::kColumn)};
    return c;
}

/// A run's health day: the UTC date of its stored start (FactSql::storedStartJulian()), NULL
/// when the start reads as no time.
static QString runDay(const QString& runAlias)
{
    return QStringLiteral("date(%1)").arg(FactSql::storedStartJulian(runAlias));
}

/// The statement writing the run facts of the runs matching `where` (diagnosis_run's own
/// columns; `indexedBy` may name the index to find them by).
static QString runFactsUpdate(const QString& indexedBy, const QString& where,
                              const std::vector<int>& toolBits)
{
    // Per run, what the text filter matches and what health counts, from the stored facts
    // of its calls. The text: session id, user, question and the calls' input_params,
    // lower-cased as SQLite's LOWER() does it; U+001F separates the parts, so a match never
    // spans two. The counts are FactSql::storedCallCounts(), computeHealth()'s rules.
    const QString empty = QStringLiteral("i.fact_is_lookup = 1 AND i.fact_evidence_status = '%1'")
                              .arg(vocab::kNoEvidence);
    const QStringList values =
        QStringList{QStringLiteral("COALESCE(LOWER(diagnosis_run.session_id), '') || char(31) || "
                                   "COALESCE(LOWER(diagnosis_run.user_id), '') || char(31) || "
                                   "COALESCE(LOWER(diagnosis_run.question), '') || char(31) || "
                                   "COALESCE(group_concat(LOWER(%1), char(31)), '')")
                        .arg(SqlDialect::sqliteSearchableJson(QStringLiteral("i.input_params")))} +
        FactSql::storedCallCounts() +
        QStringList{QStringLiteral("MIN(CASE WHEN i.fact_tool_failed = 1 THEN i.id END)"),
                    QStringLiteral("MIN(CASE WHEN %1 THEN i.id END)").arg(empty),
                    // The health day of the run (fillHealthDays()), read once per run here
                    // instead of once per call when the lookup latencies are summed by day.
                    runDay(QStringLiteral("diagnosis_run")),
                    // The run's flags: its calls', its outcome's and its session's (those
                    // of the session's other runs change with this one's outcome:
                    // sessionFlagsUpdate()).
                    QStringLiteral("raglens_bit_or(%1) | %2 | %3")
                        .arg(run_flags::callBits(toolBits),
                             run_flags::runOutcomeBits(QStringLiteral("diagnosis_run")),
                             run_flags::sessionBits(QStringLiteral("diagnosis_run")))};
    return QStringLiteral("UPDATE diagnosis_run %1 SET (%2) = (SELECT %3 FROM tool_invocation i "
                          "WHERE i.run_id = diagnosis_run.run_id)%4")
        .arg(indexedBy, runFactColumns().join(QStringLiteral(", ")),
             values.join(QStringLiteral(", ")),
             where.isEmpty() ? QString() : QStringLiteral(" WHERE ") + where);
}

/// The statement writing the session flags of the runs of the sessions gathered in
/// run_flags::kSessionFlagTable (gatherSessionFlags()).
static QString sessionFlagsUpdate()
{
    return QStringLiteral("UPDATE diagnosis_run SET %1 = (%1 & %2) | %3 WHERE session_id IN "
                          "(SELECT session_id FROM temp.%4)")
        .arg(QLatin1String(run_flags::kColumn))
        .arg(run_flags::ownMask())
        .arg(run_flags::sessionBits(QStringLiteral("diagnosis_run")),
             QLatin1String(run_flags::kSessionFlagTable));
}

Expected<std::vector<int>> Connection::numberTools(qint64 callsAfterId)
{
    // The names stay in SQLite: read into Qt and bound back, text that is no valid UTF-8
    // or an empty BLOB would come back as another value (two names as one, a NULL).
    const QString table = QLatin1String(run_flags::kToolBitTable);
    const QString fresh = QStringLiteral("temp.facts_new_tools");
    for (const QString& sql :
         {QStringLiteral("DROP TABLE IF EXISTS %1").arg(fresh),
          QStringLiteral("CREATE TEMP TABLE facts_new_tools (name, n INTEGER)"),
          // The names known already are looked up once per name, not per call.
          QStringLiteral("INSERT INTO %1 SELECT t.tool_name, COUNT(*) FROM tool_invocation t "
                         "WHERE t.id > ? AND t.tool_name IS NOT NULL GROUP BY t.tool_name "
                         "HAVING NOT EXISTS (SELECT 1 FROM %2 b WHERE b.name = t.tool_name)")
              .arg(fresh, table)})
        if (Status s = exec(sql, sql.contains(QLatin1Char('?')) ? QVariantList{callsAfterId}
                                                                : QVariantList{});
            !s)
            return Error{s.error()};
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    const auto failed = [&q] {
        return Error{FactsIndexText::tr("Writing the facts index failed: %1")
                         .arg(describeSqlError(q.lastError()))};
    };
    std::vector<int> taken;
    if (!q.exec(QStringLiteral("SELECT bit FROM %1 WHERE bit IS NOT NULL").arg(table)))
        return failed();
    while (q.next())
        taken.push_back(q.value(0).toInt());
    // The new names, the most frequent first, take the free bits while any are left; every
    // name is kept, those past the last bit without one: a name the table lacks is then one
    // no call has (run_flags::toolBit()).
    std::vector<qint64> rows;
    if (!q.exec(QStringLiteral("SELECT rowid FROM %1 ORDER BY n DESC, rowid").arg(fresh)))
        return failed();
    while (q.next())
        rows.push_back(q.value(0).toLongLong());
    q.finish();
    int next = run_flags::firstToolBit();
    const int end = run_flags::firstToolBit() + run_flags::toolBits();
    for (qint64 row : rows) {
        while (next < end && std::find(taken.begin(), taken.end(), next) != taken.end())
            ++next;
        const QVariant bit = next < end ? QVariant(next) : QVariant();
        if (Status s = exec(QStringLiteral("INSERT INTO %1 (name, bit) SELECT name, ? FROM %2 "
                                           "WHERE rowid = ?")
                                .arg(table, fresh),
                            {bit, row});
            !s)
            return Error{s.error()};
        if (next < end)
            taken.push_back(next++);
    }
    if (Status s = exec(QStringLiteral("DROP TABLE %1").arg(fresh)); !s)
        return Error{s.error()};
    std::sort(taken.begin(), taken.end());
    return taken;
}

Status Connection::gatherSessionFlags(const QString& where, const QString& runs)
{
    // Each session's outcomes once, by a grouping over its runs: a subquery per run would
    // read a session of n runs n times (n² for one long-lived session id).
    for (const QString& sql :
         {QStringLiteral("DROP TABLE IF EXISTS temp.%1")
              .arg(QLatin1String(run_flags::kSessionFlagTable)),
          QStringLiteral("CREATE TEMP TABLE %1 (session_id TEXT PRIMARY KEY, bits INTEGER)")
              .arg(QLatin1String(run_flags::kSessionFlagTable)),
          QStringLiteral("INSERT INTO temp.%1 SELECT session_id, raglens_bit_or(%2) FROM "
                         "%4 diagnosis_run WHERE session_id IS NOT NULL%3 GROUP BY session_id")
              .arg(QLatin1String(run_flags::kSessionFlagTable),
                   run_flags::runOutcomeBits(QStringLiteral("diagnosis_run")),
                   where.isEmpty() ? QString() : QStringLiteral(" AND ") + where, runs)})
        if (Status s = exec(sql); !s)
            return s;
    return ok();
}

Status Connection::fillRunFacts(qint64 newCallsAfterId)
{
    auto tools = numberTools(newCallsAfterId);
    if (!tools)
        return Error{tools.error()};
    // The sessions whose flags change: those of the runs read again or new (their outcome
    // may be new), beside those runs left (the triggers of createIndexes()). Their other
    // runs take the new flags after the runs' own facts.
    const QString changed = QLatin1String(kChangedSessionTable);
    if (Status s = exec(QStringLiteral("INSERT OR IGNORE INTO %1 SELECT session_id FROM "
                                       "diagnosis_run INDEXED BY facts_run_unsearched WHERE "
                                       "fact_search_text IS NULL AND session_id IS NOT NULL")
                            .arg(changed));
        !s)
        return s;
    if (Status s = gatherSessionFlags(
            QStringLiteral("session_id IN (SELECT session_id FROM %1)").arg(changed));
        !s)
        return s;
    // Two statements, each served by an index: an OR of both would read every run.
    if (Status s = exec(runFactsUpdate(QString(),
                                       QStringLiteral("run_id IN (SELECT run_id FROM "
                                                      "tool_invocation WHERE id > ?)"),
                                       *tools),
                        {newCallsAfterId});
        !s)
        return s;
    // INDEXED BY: the planner's statistics can be those of a moment all runs were unsearched.
    if (Status s = exec(runFactsUpdate(QStringLiteral("INDEXED BY facts_run_unsearched"),
                                       QStringLiteral("fact_search_text IS NULL"), *tools));
        !s)
        return s;
    for (const QString& sql :
         {sessionFlagsUpdate(), QStringLiteral("DELETE FROM %1").arg(changed),
          QStringLiteral("DROP TABLE temp.%1").arg(QLatin1String(run_flags::kSessionFlagTable))})
        if (Status s = exec(sql); !s)
            return s;
    // The partial index of runs without search text is empty again. Its statistics were
    // taken when every run was in it; left so, they make the planner read every run
    // instead of the index at the next refresh.
    return exec(QStringLiteral("ANALYZE facts_run_unsearched"));
}

Status Connection::fillAllRunFacts()
{
    auto tools = numberTools(std::numeric_limits<qint64>::min());
    if (!tools)
        return Error{tools.error()};
    return fillRunFactsWhere(*tools, QString(), {});
}

Status Connection::fillRunFactsWhere(const std::vector<int>& tools, const QString& where,
                                     const QVariantList& binds, const QString& runsOfSessions)
{
    if (Status s = gatherSessionFlags(QString(), runsOfSessions); !s)
        return s;
    if (Status s = exec(runFactsUpdate(QString(), where, tools), binds); !s)
        return s;
    return exec(
        QStringLiteral("DROP TABLE temp.%1").arg(QLatin1String(run_flags::kSessionFlagTable)));
}

Expected<QStringList> Connection::daysOf(const QStringList& conditions, const QVariantList& binds)
{
    // One SELECT per condition, joined by UNION: an OR of them would read every run.
    QStringList selects;
    for (const QString& condition : conditions)
        selects << QStringLiteral("SELECT COALESCE(date(%1), '') FROM diagnosis_run r "
                                  "WHERE %2")
                       .arg(FactSql::storedStartJulian(QStringLiteral("r")), condition);
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(selects.join(QStringLiteral(" UNION ")));
    for (const QVariant& b : binds)
        q.addBindValue(b);
    if (!q.exec())
        return Error{FactsIndexText::tr("Writing the facts index failed: %1")
                         .arg(describeSqlError(q.lastError()))};
    QStringList days;
    while (q.next())
        days << q.value(0).toString();
    return days;
}

Status Connection::fillHealthDays(const QString& isFallback, const QStringList* days)
{
    // Runs of the given days, found through the index on the start's Julian day; a day is
    // the UTC date of that Julian day, as the health window compares times.
    const QString julian = FactSql::storedStartJulian(QStringLiteral("r"));
    QString where = QStringLiteral("1 = 1");
    QVariantList binds;
    if (days) {
        if (days->isEmpty())
            return ok();
        QStringList parts;
        for (const QString& day : *days) {
            if (day.isEmpty()) {
                parts << QStringLiteral("%1 IS NULL").arg(julian);
            } else {
                parts
                    << QStringLiteral("(%1 >= julianday(?) AND %1 < julianday(?) + 1)").arg(julian);
                binds << day << day;
            }
        }
        where = parts.join(QStringLiteral(" OR "));
    }
    // The runs are found by their start (the index on its Julian day) and summed by the day
    // fillRunFacts() stored, which is the same day.
    const QString day = QStringLiteral("r.fact_day");
    const QString health = QLatin1String(FactSql::kHealthDayTable);
    const QString latency = QLatin1String(FactSql::kLatencyDayTable);
    const QString flag = QStringLiteral("SUM(CASE WHEN %1 THEN 1 ELSE 0 END)");
    QStringList statements;
    if (days) {
        QStringList marks;
        for (int k = 0; k < days->size(); ++k)
            marks << QStringLiteral("?");
        for (const QString& table : {health, latency})
            statements << QStringLiteral("DELETE FROM %1 WHERE COALESCE(day, '') IN (%2)")
                              .arg(table, marks.join(QLatin1Char(',')));
    }
    statements << QStringLiteral("INSERT INTO %1 SELECT %2, COUNT(*), %3, "
                                 "SUM(r.fact_calls), SUM(r.fact_errors), "
                                 "SUM(r.fact_legacy_levels), SUM(r.fact_lookups), "
                                 "SUM(r.fact_empty_lookups), SUM(r.fact_retried), "
                                 "SUM(r.fact_precise), SUM(r.fact_reference), %4 "
                                 "FROM diagnosis_run r WHERE %5 GROUP BY 1")
                      .arg(health, day, flag.arg(isFallback),
                           flag.arg(QStringLiteral("%1 OR r.fact_errors > 0 OR "
                                                   "r.fact_empty_lookups > 0")
                                        .arg(isFallback)),
                           where)
               << QStringLiteral("INSERT INTO %1 SELECT %2, i.duration_ms, COUNT(*) FROM "
                                 "diagnosis_run r JOIN tool_invocation i ON i.run_id = "
                                 "r.run_id WHERE i.fact_is_lookup = 1 AND (%3) GROUP BY 1, 2")
                      .arg(latency, day, where);
    for (const QString& sql : statements) {
        const bool isDelete = sql.startsWith(QLatin1String("DELETE"));
        QVariantList values;
        if (isDelete)
            for (const QString& d : *days)
                values << d;
        else
            values = binds;
        if (Status st = exec(sql, values); !st)
            return st;
    }
    return ok();
}

Status Connection::createSearchIndex()
{
    if (Status st = createSearchTable(); !st)
        return st;
    if (Status st = fillSearchIndex(QStringLiteral("diagnosis_run")); !st)
        return st;
    return createSearchTriggers();
}

Status Connection::createSearchTable(bool withSettings)
{
    // Trigrams find the runs that contain every trigram of a needle without reading every
    // run's text; the text filter still checks the substring itself (GLOB) on those few, so
    // its meaning stays the one of the direct query. External content: the text is stored
    // once, in diagnosis_run; detail=none: no positions, a fraction of the size;
    // columnsize=0: no per-row sizes, which only ranking reads. case_sensitive: the text is
    // lower-cased already, and folding the case of every character again took a third of
    // the build; a query names only trigrams the pattern matches exactly (trigramQuery()).
    const QString table = QLatin1String(FactSql::kRunSearchTable);
    for (const QString& sql :
         {QStringLiteral("CREATE VIRTUAL TABLE %1 USING fts5(text, content='diagnosis_run', "
                         "content_rowid='rowid', tokenize='trigram case_sensitive 1', "
                         "detail='none', columnsize=0)")
              .arg(table),
          // Each refresh's few rows stay a small segment of their own until enough are
          // there to merge (FTS5's crisismerge, 16 per level, bounds their number): merging
          // at every refresh, as the default automerge does, doubled its time. Set before
          // the first fill, it also spares that fill's merges (a fifth of its time).
          QStringLiteral("INSERT INTO %1(%1, rank) VALUES('automerge', 0)").arg(table)}) {
        if (!withSettings && sql.startsWith(QLatin1String("INSERT")))
            break;
        if (Status st = exec(sql); !st)
            return st;
    }
    if (!withSettings)
        return ok();
    // FTS5 writes a segment each time its pending terms pass `hashsize` (1 MB by default),
    // and merges them once sixteen are there: at a million calls, a few hundred segments
    // written and merged again. At 32 MB the full build writes two, and takes two fifths
    // less time (46 MB more memory while it runs; a refresh's few rows never reach it).
    // Only a speed: a SQLite without the setting builds the same index.
    if (Status st = exec(QStringLiteral("INSERT INTO %1(%1, rank) VALUES('hashsize', %2)")
                             .arg(table)
                             .arg(kSearchHashBytes));
        !st)
        qCInfo(lcTrace) << "facts index: the search index keeps FTS5's default hashsize:"
                        << st.error();
    return ok();
}

Status Connection::fillSearchIndex(const QString& runs)
{
    return exec(QStringLiteral("INSERT INTO %1(rowid, text) SELECT rowid, fact_search_text FROM "
                               "%2 WHERE fact_search_text IS NOT NULL")
                    .arg(QLatin1String(FactSql::kRunSearchTable), runs));
}

const QStringList& searchIndexTables()
{
    // FTS5's own tables for this index: its segments, their terms and its settings (no
    // sizes with columnsize=0, no copy of the text with external content).
    static const QStringList t = {QLatin1String(FactSql::kRunSearchTable) + QStringLiteral("_data"),
                                  QLatin1String(FactSql::kRunSearchTable) + QStringLiteral("_idx"),
                                  QLatin1String(FactSql::kRunSearchTable) +
                                      QStringLiteral("_config")};
    return t;
}

Status Connection::createSearchTriggers()
{
    const QString table = QLatin1String(FactSql::kRunSearchTable);
    const QString remove =
        QStringLiteral("INSERT INTO %1(%1, rowid, text) SELECT 'delete', old.rowid, "
                       "old.fact_search_text WHERE old.fact_search_text IS NOT NULL;")
            .arg(table);
    const QString add = QStringLiteral("INSERT INTO %1(rowid, text) SELECT new.rowid, "
                                       "new.fact_search_text WHERE new.fact_search_text IS NOT "
                                       "NULL;")
                            .arg(table);
    for (const QString& sql :
         {QStringLiteral("CREATE TRIGGER %1_delete AFTER DELETE ON diagnosis_run BEGIN %2 END")
              .arg(table, remove),
          QStringLiteral("CREATE TRIGGER %1_update AFTER UPDATE OF fact_search_text ON "
                         "diagnosis_run WHEN old.fact_search_text IS NOT new.fact_search_text "
                         "BEGIN %2 %3 END")
              .arg(table, remove, add),
          QStringLiteral("CREATE TRIGGER %1_insert AFTER INSERT ON diagnosis_run BEGIN %2 END")
              .arg(table, add)})
        if (Status st = exec(sql); !st)
            return st;
    return ok();
}

Status Connection::updateOrphanSessions(std::optional<qint64> newCallsAfterId,
                                        const QString& goneRuns)
{
    // The calls to look at: the new ones, and those of runs that left the index.
    const QString calls =
        !newCallsAfterId     ? QStringLiteral("%1.id IS %1.id")
        : goneRuns.isEmpty() ? QStringLiteral("%1.id > ?")
                             : QStringLiteral("(%1.id > ? OR %1.run_id IN (SELECT run_id FROM %2))")
                                   .arg(QStringLiteral("%1"), goneRuns);
    // A session whose runs all left keeps its older runless calls: it is looked at too.
    const QString sessions =
        goneRuns.isEmpty() || !newCallsAfterId
            ? calls
            : QStringLiteral("(%1.id > ? OR %1.run_id IN (SELECT run_id FROM %2) OR "
                             "%1.session_id IN (SELECT session_id FROM %2))")
                  .arg(QStringLiteral("%1"), goneRuns);
    const QString runless = QLatin1String(FactSql::kRunlessCallTable);
    const QString orphans = QLatin1String(FactSql::kOrphanSessionTable);
    const QString columns = QStringLiteral(
        "t.id, t.session_id, t.created_at, t.relevance_level, t.duration_ms, t.fact_is_lookup, "
        "t.fact_tool_failed, t.fact_evidence_status, t.fact_selected_attempt, "
        "t.fact_fallback_reason, t.run_id, t.tool_name, t.input_params");
    const QString noRun = QStringLiteral("NOT EXISTS (SELECT 1 FROM diagnosis_run r WHERE "
                                         "r.session_id = %1.session_id)");
    // New calls without a run row (FactSql::hasNoRecordedRun()) join the runless calls: a
    // refresh reads its new ids once, probing each one's run. All calls, as a build reads
    // them, are found by their run ids instead: each distinct id once, by the covering index
    // on run_id, and only the calls of the runs without a row are read (a third of the time
    // of a probe per call, whose row must be read for its run id).
    const QString joining =
        newCallsAfterId
            ? QStringLiteral("INSERT OR IGNORE INTO %1 SELECT %2 FROM tool_invocation t WHERE %3 "
                             "AND %4")
                  .arg(runless, columns, calls.arg(QStringLiteral("t")),
                       FactSql::hasNoRecordedRun(QStringLiteral("t")))
            : QStringLiteral("INSERT OR IGNORE INTO %1 SELECT %2 FROM tool_invocation t WHERE "
                             "t.run_id IS NULL OR t.run_id IN (SELECT x.run_id FROM (SELECT "
                             "DISTINCT run_id FROM tool_invocation WHERE run_id IS NOT NULL) x "
                             "WHERE NOT EXISTS (SELECT 1 FROM diagnosis_run r WHERE r.run_id = "
                             "x.run_id) UNION ALL SELECT run_id FROM diagnosis_run WHERE "
                             "session_id IS NULL)")
                  .arg(runless, columns);
    const QStringList statements = {
        // Calls whose run row came since leave the runless calls (purged ones left with
        // them, dropPurgedCalls()): their own run id, looked up in the runs' key, not the
        // call rows (a random page each: 0.17 s at every refresh of a 1M-call index) ...
        QStringLiteral("DELETE FROM %1 WHERE NOT (%2)")
            .arg(runless, FactSql::hasNoRecordedRun(runless)),
        // ... and new calls without a run row join them.
        joining,
        // Sessions that got a run row, or lost their calls (purged), leave the list ...
        QStringLiteral("DELETE FROM %2 WHERE NOT (%1) OR NOT EXISTS (SELECT 1 FROM "
                       "tool_invocation i WHERE i.session_id = %2.session_id)")
            .arg(noRun.arg(orphans), orphans),
        // ... and sessions of new calls without any run row join it: all their calls are
        // runless, so only those are read.
        QStringLiteral("INSERT OR IGNORE INTO %4 SELECT DISTINCT c.session_id FROM %1 c WHERE "
                       "%3 AND c.session_id IS NOT NULL AND %2")
            .arg(runless, noRun.arg(QStringLiteral("c")), sessions.arg(QStringLiteral("c")),
                 orphans)};
    for (const QString& sql : statements) {
        if (Status s = exec(sql, sql.contains(QLatin1Char('?')) ? QVariantList{*newCallsAfterId}
                                                                : QVariantList{});
            !s)
            return s;
    }
    return ok();
}

} // namespace raglens::facts_store
