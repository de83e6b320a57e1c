#include "facts/facts_refresh.h"

#include "common/json_qt.h"
#include "common/logging.h"
#include "db/sql_exec.h"
#include "facts/facts_text.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSqlError>
#include <QSqlQuery>

#include <limits>

#include <optional>

namespace raglens::facts_index {

using facts_store::Connection;

namespace {

/// Calls purged from the head of the audit table (retention) leave the index too; how many.
/// Their runs' facts are derived again (or the runs leave too: reconcileRuns()).
Expected<qint64> dropPurgedCalls(Connection& facts, const SourceState& st)
{
    auto oldMin = facts.scalar(QStringLiteral("SELECT MIN(id) FROM tool_invocation"));
    if (!oldMin || oldMin->isNull() || st.minId <= oldMin->toLongLong())
        return qint64(0);
    for (const QString& sql :
         {QStringLiteral("UPDATE diagnosis_run SET fact_search_text = NULL WHERE run_id IN "
                         "(SELECT run_id FROM tool_invocation WHERE id < ?)"),
          QStringLiteral("DELETE FROM %1 WHERE id < ?")
              .arg(QLatin1String(FactSql::kRunlessCallTable)),
          // Last: changes() below counts its rows.
          QStringLiteral("DELETE FROM tool_invocation WHERE id < ?")})
        if (Status s = facts.exec(sql, {st.minId}); !s)
            return Error{s.error()};
    auto removed = facts.scalar(QStringLiteral("SELECT changes()"));
    return removed ? removed->toLongLong() : qint64(0);
}

/// What reconcileRuns() changed.
struct Reconciled
{
    QStringList days; ///< the days of the runs that left, for health to sum again
    /// The one-column table of runs that left (their calls may be runless now); empty if none.
    QString goneRuns;
    qint64 offset = 0;       ///< runRowsOffset() afterwards
    qint64 callsRemoved = 0; ///< calls that left with their runs
};

/// The run ids of `ids` (a one-column table) that neither the index nor, while a refresh
/// stages, its staged runs hold.
Expected<QStringList> missingRuns(Connection& facts, const QString& ids, bool withStaged = false)
{
    QString sql = QStringLiteral("SELECT run_id FROM %1 WHERE run_id NOT IN (SELECT run_id FROM "
                                 "main.diagnosis_run WHERE run_id IS NOT NULL)")
                      .arg(ids);
    if (withStaged)
        sql += QStringLiteral(" AND run_id NOT IN (SELECT run_id FROM %1)")
                   .arg(facts_store::stagedTable(kRuns));
    return facts.texts(sql);
}

/// Whether the refresh, once the staged rows are published, will compare every run id
/// (reconcileRuns()): calls were purged from the head of the audited table, or its
/// `sourceRuns` run rows are not the index's runs plus the offset it noted. The index's
/// rows are read as they are now: if another refresh changes them before the lock is taken,
/// the meta changes too and this refresh stages again.
Expected<bool> runComparisonComing(Connection& facts, const SourceState& st,
                                   const std::map<QString, QString>& meta, qint64 sourceRuns)
{
    auto oldMin = facts.scalar(QStringLiteral("SELECT MIN(id) FROM main.tool_invocation"));
    if (!oldMin)
        return Error{oldMin.error()};
    if (!oldMin->isNull() && st.minId > oldMin->toLongLong())
        return true;
    auto runs = facts.scalar(
        QStringLiteral(
            "SELECT (SELECT COUNT(*) FROM main.diagnosis_run) + (SELECT COUNT(*) FROM %1 s WHERE "
            "NOT EXISTS (SELECT 1 FROM main.diagnosis_run r WHERE r.run_id = s.run_id))")
            .arg(facts_store::stagedTable(kRuns)));
    if (!runs)
        return Error{runs.error()};
    auto offset = meta.find(QStringLiteral("run_rows_offset"));
    return sourceRuns - runs->toLongLong() !=
           (offset == meta.end() ? 0 : offset->second.toLongLong());
}

/// Stages the audited run ids for reconcileRuns(), and the runs among them that the index
/// and the staged runs lack: in the read that counted the run rows, so that comparing
/// them later reads nothing of the audited database inside the index's lock.
/// The audited run ids (kStagedRunIdTable) and the audited calls still there of the index's
/// runs they lack (kStagedKeptCallTable).
Status readRunIds(Copier& copier, Connection& facts)
{
    const QString ids = QLatin1String(facts_store::kStagedRunIdTable);
    const QString kept = QLatin1String(facts_store::kStagedKeptCallTable);
    for (const QString& sql :
         {QStringLiteral("DROP TABLE IF EXISTS %1").arg(ids),
          QStringLiteral("CREATE TABLE %1 (run_id TEXT PRIMARY KEY)").arg(ids),
          QStringLiteral("DROP TABLE IF EXISTS %1").arg(kept),
          QStringLiteral("CREATE TABLE %1 (id INTEGER PRIMARY KEY)").arg(kept)})
        if (Status s = facts.exec(sql); !s)
            return s;
    if (Status s = copier.runIdsInto(ids); !s)
        return s;
    return copier.callIdsOfRunsGoneInto(kept, ids);
}

Status stageRunComparison(Copier& copier, Connection& facts)
{
    if (Status s = readRunIds(copier, facts); !s)
        return s;
    const QString ids = QLatin1String(facts_store::kStagedRunIdTable);
    auto missing = missingRuns(facts, ids, true);
    if (!missing)
        return Error{missing.error()};
    auto added = copier.runsById(*missing);
    return added ? ok() : Error{added.error()};
}

/// The index holds the audited database's runs again: runs it no longer holds (retention)
/// leave the index, and runs it holds that the index lacks (a run row written after its
/// calls, with an early start or none) join it. Compares every run id: only when the counts
/// differ or calls were purged. `staged`: the audited ids are in kStagedRunIdTable, read
/// with `sourceRuns`, the count of run rows, and the runs the index lacked were staged with
/// them (stageRunComparison()); else both are read here, inside the index's lock.
Expected<Reconciled> reconcileRuns(Copier& copier, Connection& facts, bool staged,
                                   qint64 sourceRuns)
{
    const QString ids = QLatin1String(facts_store::kStagedRunIdTable);
    const QString goneRuns = QStringLiteral("temp.facts_gone_runs");
    QStringList prepare = {QStringLiteral("DROP TABLE IF EXISTS temp.facts_gone_runs"),
                           QStringLiteral("CREATE TEMP TABLE facts_gone_runs "
                                          "(run_id TEXT PRIMARY KEY, session_id TEXT)")};
    for (const QString& sql : prepare)
        if (Status s = facts.exec(sql); !s)
            return Error{s.error()};
    if (!staged)
        if (Status s = readRunIds(copier, facts); !s)
            return Error{s.error()};
    Reconciled r;
    const QString gone = QStringLiteral("run_id NOT IN (SELECT run_id FROM %1)").arg(ids);
    auto days = facts.daysOf({QStringLiteral("r.") + gone});
    if (!days)
        return Error{days.error()};
    // The calls of those runs that the database no longer holds either (a session deleted
    // whole) leave with them; those still there stay, as calls without a run.
    for (const QString& sql :
         {QStringLiteral("INSERT INTO %1 SELECT run_id, session_id FROM diagnosis_run WHERE %2")
              .arg(goneRuns, gone),
          QStringLiteral("DELETE FROM tool_invocation WHERE run_id IN (SELECT run_id FROM %1) "
                         "AND id NOT IN (SELECT id FROM %2)")
              .arg(goneRuns, QLatin1String(facts_store::kStagedKeptCallTable))})
        if (Status s = facts.exec(sql); !s)
            return Error{s.error()};
    auto callsRemoved = facts.scalar(QStringLiteral("SELECT changes()"));
    if (!callsRemoved)
        return Error{callsRemoved.error()};
    r.callsRemoved = callsRemoved->toLongLong();
    if (Status s = facts.exec(QStringLiteral("DELETE FROM diagnosis_run WHERE ") + gone); !s)
        return Error{s.error()};
    auto removed = facts.scalar(QStringLiteral("SELECT changes()"));
    if (!removed)
        return Error{removed.error()};
    if (removed->toLongLong() > 0) {
        r.days = *days;
        r.goneRuns = goneRuns;
    }
    // Staged: the runs the index lacked came with the staged runs, and none is missing
    // unless the audited database changed between the two reads of one transaction.
    auto missing = missingRuns(facts, ids);
    if (!missing)
        return Error{missing.error()};
    if (auto added = copier.runsById(*missing); !added)
        return Error{added.error()};
    for (const char* table : {facts_store::kStagedRunIdTable, facts_store::kStagedKeptCallTable})
        if (Status s = facts.exec(QStringLiteral("DROP TABLE %1").arg(QLatin1String(table))); !s)
            return Error{s.error()};
    if (staged && missing->isEmpty()) {
        auto runs = facts.scalar(QStringLiteral("SELECT COUNT(*) FROM diagnosis_run"));
        if (!runs)
            return Error{runs.error()};
        r.offset = sourceRuns - runs->toLongLong();
    } else {
        auto offset = runRowsOffset(copier, facts);
        if (!offset)
            return Error{offset.error()};
        r.offset = *offset;
    }
    qCInfo(lcTrace) << "facts index refresh: runs reconciled," << removed->toLongLong() << "left,"
                    << missing->size() << "joined";
    return r;
}

/// A run not finished when it was indexed (facts_store::unfinishedRun()); none when the
/// audited runs have no column that tells.
QString unfinishedRun(AuditDatabase& source)
{
    for (const char* column : {"status", "release_outcome", "content_type", "finished_at"})
        if (audit_rows::hasColumn(source, kRuns, QString::fromLatin1(column)))
            return facts_store::unfinishedRun();
    return QStringLiteral("0 = 1");
}

/// Finished runs without an outcome yet, started in the last kUnsettledDays before the
/// newest indexed start: a release gate may decide a run's outcome after it ended, and a
/// refresh reads them again for it. Older ones are taken as settled (`index --rebuild`
/// reads an outcome written later still). Empty when the audited runs have no outcome.
constexpr int kUnsettledDays = 7;
QString unsettledRun(AuditDatabase& source)
{
    if (!audit_rows::hasColumn(source, kRuns, QStringLiteral("release_outcome")) &&
        !audit_rows::hasColumn(source, kRuns, QStringLiteral("content_type")))
        return {};
    // The Julian day of the start, as the index on it holds it: a range it serves.
    const QString start = FactSql::storedStartJulian(QString());
    return QStringLiteral("%1 >= (SELECT MAX(%1) FROM diagnosis_run) - %2 AND NOT COALESCE(%3 IN "
                          "('%4', '%5', '%6'), 0)")
        .arg(start)
        .arg(kUnsettledDays)
        .arg(FactSql::runOutcomeOf(DatabaseLocation::Kind::Sqlite,
                                   QStringLiteral("release_outcome"),
                                   QStringLiteral("content_type")),
             vocab::kSuccess, vocab::kFallback, vocab::kOutcomeError);
}

/// Runs that may have changed: those of the calls after `indexedMax`, those not finished
/// when indexed, those finished without an outcome yet (`unsettled`, may be empty), and those
/// named by calls the index holds without a run: a run row may have gained what made it no
/// run (a session, FactSql::listedRun()) without the count of run rows changing, which alone
/// would make reconcileRuns() look.
Expected<QStringList> runsToReadAgain(Connection& facts, qint64 indexedMax,
                                      const QString& unfinished, const QString& unsettled)
{
    // The new calls are still staged (Copier::stage()). One SELECT per condition: an OR
    // of them would read every run.
    return facts.texts(QStringLiteral("SELECT DISTINCT run_id FROM %4 WHERE id > %1 "
                                      "AND run_id IS NOT NULL UNION SELECT run_id FROM "
                                      "diagnosis_run WHERE %2 UNION SELECT run_id FROM %3 WHERE "
                                      "run_id IS NOT NULL%5")
                           .arg(indexedMax)
                           .arg(unfinished, QLatin1String(FactSql::kRunlessCallTable),
                                facts_store::stagedTable(kInvocations),
                                unsettled.isEmpty()
                                    ? QString()
                                    : QStringLiteral(" UNION SELECT run_id FROM diagnosis_run "
                                                     "WHERE ") +
                                          unsettled));
}

/// Runs started since the newest indexed start, less kRunClockSlackSecs; all runs when the
/// index holds no start time.
Expected<qint64> copyRecentRuns(Copier& copier, Connection& facts, AuditDatabase& source)
{
    // The newest instant, not the greatest value: a start that reads as no time ("soon",
    // month 13) is kept as written and sorts after every canonical one, which made every
    // refresh read all runs again. Served by the index on the Julian day.
    auto newest = facts.scalar(QStringLiteral("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', MAX(%1)) "
                                              "FROM diagnosis_run")
                                   .arg(FactSql::storedStartJulian(QString())));
    if (!newest)
        return Error{newest.error()};
    const QDateTime since = SqlDialect::time(*newest);
    if (!since.isValid())
        return copier.runs(QStringLiteral("1 = 1"), {});
    // Runs without a start are read every time too: no start says when they came.
    if (source.location().isServer())
        return copier.runs(QStringLiteral("(%1 OR r.started_at IS NULL)")
                               .arg(copier.dialect().timeCompare(QStringLiteral("diagnosis_run"),
                                                                 QStringLiteral("r.started_at"),
                                                                 QStringLiteral(">="))),
                           {copier.dialect().timeParam(since.addSecs(-kRunClockSlackSecs))});
    // SQLite keeps times as text, "…T…Z" or "… …" (DESIGN §3 writers use both). Text ranges
    // the started_at index serves (julianday() would read every run): from the bound in the
    // T form (later days in any form sort after it), plus the space form of the bound's day.
    // Writers that keep epoch numbers (SqlDialect::sqliteJulian) get numeric ranges of
    // each unit: milliseconds, seconds below 1e11, Julian days below 1e8; epoch digits kept
    // as text compare as text of the same length (a millisecond text starts with its
    // seconds), up to the year 2033.
    const QDateTime from = since.addSecs(-kRunClockSlackSecs).toUTC();
    const QString day = from.date().toString(Qt::ISODate);
    const qint64 ms = from.toMSecsSinceEpoch();
    return copier.runs(
        QStringLiteral("(r.started_at >= ? OR (r.started_at >= ? AND r.started_at < ?) OR "
                       "(r.started_at >= ? AND r.started_at < 1e15) OR (r.started_at >= ? AND "
                       "r.started_at < 1e11) OR "
                       "(r.started_at >= ? AND r.started_at < 1e8) OR (r.started_at >= ? AND "
                       "r.started_at < '2') OR r.started_at IS NULL)"),
        {from.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")),
         from.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")), day + QLatin1Char('T'), ms,
         ms / 1000, double(ms) / 86400000.0 + 2440587.5, QString::number(ms / 1000)});
}

/// Runs with calls after `indexedMax`.
const QString kNewCallRuns =
    QStringLiteral("r.run_id IN (SELECT run_id FROM tool_invocation WHERE id > ?)");
/// Read again more runs than this and every health day is summed again.
constexpr qsizetype kRunsForAllDays = 30000;

/// The days of the runs about to be read again, as they were (a start may move): found by
/// the conditions that chose the runs, each served by an index, and by the staged rows
/// themselves (the runs started in the last hour before the newest, read again by
/// copyRecentRuns(): a start corrected there left the run counted in its old day too).
Expected<QStringList> daysBeforeReading(Connection& facts, qint64 indexedMax,
                                        const QString& unfinished, const QString& unsettled,
                                        qsizetype runs)
{
    if (runs == 0 || runs >= kRunsForAllDays)
        return QStringList();
    QStringList conditions = {
        kNewCallRuns, QLatin1Char('(') + unfinished + QLatin1Char(')'),
        QStringLiteral("r.run_id IN (SELECT run_id FROM %1)").arg(facts_store::stagedTable(kRuns))};
    if (!unsettled.isEmpty())
        conditions << QLatin1Char('(') + unsettled + QLatin1Char(')');
    return facts.daysOf(conditions, {indexedMax});
}

/// Derives the facts of the runs read again or new, and the health sums of their days
/// (`days` before reading, and those after), and the sessions known only from calls (of
/// the calls after `indexedMax` and those of the runs in `goneRuns`).
Status deriveFacts(Connection& facts, AuditDatabase& source, qint64 indexedMax, QStringList days,
                   bool allDays, const QString& goneRuns)
{
    auto changedDays =
        facts.daysOf({QStringLiteral("r.rowid IN (SELECT rowid FROM diagnosis_run INDEXED BY "
                                     "facts_run_unsearched WHERE fact_search_text IS NULL)"),
                      kNewCallRuns},
                     {indexedMax});
    if (!changedDays)
        return Error{changedDays.error()};
    days << *changedDays;
    days.removeDuplicates();
    QElapsedTimer phase;
    phase.start();
    const auto logPhase = [&phase](const char* name) {
        qCInfo(lcTrace) << "facts index refresh:" << name << phase.restart() << "ms";
    };
    if (Status s = facts.fillRunFacts(indexedMax); !s)
        return s;
    logPhase("run facts");
    if (Status s = facts.fillHealthDays(FactSql::isFallbackRun(source, QStringLiteral("r")),
                                        allDays ? nullptr : &days);
        !s)
        return s;
    logPhase("health days");
    Status orphans = facts.updateOrphanSessions(indexedMax, goneRuns);
    logPhase("orphan sessions");
    return orphans;
}

/// How far back a refresh reads calls again, of runs in flight and when the counts differ
/// (checkCallCount()): runs write their calls among the newest, and a run left RUNNING for
/// good (an agent that crashed) costs no more. RAGLENS_FACTS_WINDOW sets another (tests).
int callsInFlightWindow()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("RAGLENS_FACTS_WINDOW", &ok);
    return ok && n > 0 ? n : 20000;
}

/// The id after which a refresh reads calls again: that of the newest
/// callsInFlightWindow() calls the index holds, never below the audited table's first call,
/// so the bound is one a server's id column can hold (an int4 id refused the smallest
/// 64-bit number, and every refresh of a small PostgreSQL store failed).
Expected<qint64> windowStart(Connection& facts, const SourceState& st)
{
    auto window = facts.scalar(QStringLiteral("SELECT id FROM main.tool_invocation ORDER BY id "
                                              "DESC LIMIT 1 OFFSET %1")
                                   .arg(callsInFlightWindow()));
    if (!window)
        return Error{window.error()};
    const qint64 floor = st.minId > std::numeric_limits<qint64>::min() ? st.minId - 1 : st.minId;
    return window->isNull() ? floor : std::max(window->toLongLong(), floor);
}

/// Reads again, into the staged calls, the calls among the newest callsInFlightWindow() the
/// index holds whose run it holds as not finished (`unfinished`): some writers insert a
/// call when it starts and fill its details, success and duration in when it returns.
Status readCallsInFlight(Copier& copier, Connection& facts, const SourceState& st,
                         qint64 indexedMax, const QString& unfinished)
{
    auto start = windowStart(facts, st);
    if (!start)
        return Error{start.error()};
    const qint64 afterId = *start;
    auto runs = facts.texts(QStringLiteral("SELECT DISTINCT t.run_id FROM main.tool_invocation t "
                                           "WHERE t.id > ? AND t.run_id IN (SELECT run_id FROM "
                                           "main.diagnosis_run WHERE %1)")
                                .arg(unfinished),
                            {afterId});
    if (!runs)
        return Error{runs.error()};
    if (runs->isEmpty())
        return ok();
    auto again = copier.callsOfRuns(*runs, afterId, indexedMax);
    return again ? ok() : Error{again.error()};
}

/// What a refresh read of the audited database before it took the index's write lock.
struct Staged
{
    std::map<QString, QString> meta; ///< the index's meta, as the rows were chosen by it
    QStringList runIds;              ///< the runs read again by id (runsToReadAgain())
    qint64 sourceRuns = 0;           ///< the audited run rows, counted as the runs were read
    QString print;                   ///< fingerprint() of the newest call
    bool runIdsStaged = false;       ///< stageRunComparison() was needed, and done
    /// The calls after this id the index holds were read again (checkCallCount()): those of
    /// them the database no longer holds leave the index.
    std::optional<qint64> callWindowFrom;
    QString rebuildBecause; ///< non-empty: the index must be built again
};

/// Whether the ids of the calls after `from` up to `upTo` add up to another sum in the
/// audited table than in the index. A sum that cannot be taken (an id that is no number)
/// differs from nothing: the count decides alone, as before.
bool newestIdsDiffer(Copier& copier, Connection& facts, qint64 from, qint64 upTo)
{
    if (from >= upTo)
        return false;
    auto theirs = copier.idSumBetween(from, upTo);
    auto ours = facts.scalar(QStringLiteral("SELECT SUM(id % %1) FROM main.tool_invocation WHERE "
                                            "id > ? AND id <= ?")
                                 .arg(Copier::kIdSumModulus),
                             {from, upTo});
    if (!theirs || !ours)
        return false;
    // Each id taken modulo 2^31 - 1: a window's sum stays far below 2^53, so a server's SUM,
    // handed over as a DECIMAL's text or a double, compares exactly as a number.
    bool theirsRead = false, oursRead = false;
    const double a = theirs->toDouble(&theirsRead);
    const double b = ours->toDouble(&oursRead);
    return theirsRead && oursRead ? a != b : theirs->isNull() != ours->isNull();
}

/// The calls the index will hold once the staged ones are published, against the audited
/// table's count up to the same id (a table keyed by id only: without the key one id may
/// be there twice, and the index keeps one). When they differ, the newest
/// callsInFlightWindow() indexed calls are read again whole (a call committed out of id
/// order, one deleted among the newest); if that does not make up the difference, calls were
/// deleted or added further back and `staged.rebuildBecause` says so.
Status checkCallCount(Copier& copier, Connection& facts, AuditDatabase& source,
                      const SourceState& st, qint64 indexedMax, Staged& staged)
{
    if (source.keyedBy(kInvocations, QStringLiteral("id")) != true)
        return ok();
    auto audited = copier.callsUpTo(st.maxId);
    if (!audited)
        return Error{audited.error()};
    const QString stagedCalls = facts_store::stagedTable(kInvocations);
    const auto count = [&facts](const QString& sql, const QVariantList& binds) {
        auto n = facts.scalar(sql, binds);
        return n ? Expected<qint64>(n->toLongLong()) : Expected<qint64>(Error{n.error()});
    };
    // Held now (the meta's count: counting a million rows of the index took 60 ms), less the
    // purged head (dropPurgedCalls()), plus the new ones.
    const qint64 rows = staged.meta[QStringLiteral("rows")].toLongLong();
    // Less the calls that leave with runs the database no longer holds (reconcileRuns(): a
    // session deleted whole), when the run comparison was staged.
    const QString leaving =
        staged.runIdsStaged
            ? QStringLiteral("(SELECT COUNT(*) FROM main.tool_invocation WHERE id >= ? AND id <= "
                             "? AND run_id IN (SELECT run_id FROM main.diagnosis_run WHERE run_id "
                             "NOT IN (SELECT run_id FROM %1)) AND id NOT IN (SELECT id FROM %2))")
                  .arg(QLatin1String(facts_store::kStagedRunIdTable),
                       QLatin1String(facts_store::kStagedKeptCallTable))
            : QStringLiteral("(0 * ? + 0 * ?)"); // the same binds, nothing leaving
    auto expected = count(QStringLiteral("SELECT ? - (SELECT COUNT(*) FROM main.tool_invocation "
                                         "WHERE id < ?) + (SELECT COUNT(*) FROM %1 WHERE id > ?) "
                                         "- %2")
                              .arg(stagedCalls, leaving),
                          {rows, st.minId, indexedMax, st.minId, indexedMax});
    if (!expected)
        return Error{expected.error()};
    auto start = windowStart(facts, st);
    if (!start)
        return Error{start.error()};
    const qint64 from = *start;
    // Equal counts may hide a call deleted among the newest and another committed late into
    // a free id below them: the ids of the newest then add up to another sum (on either
    // side, a few ms over the window's key range).
    if (*expected == *audited && !newestIdsDiffer(copier, facts, from, indexedMax))
        return ok();
    if (from < indexedMax)
        if (auto again = copier.invocations(from, indexedMax); !again)
            return Error{again.error()};
    // The index's calls up to the window, and the window as read again.
    auto held = count(QStringLiteral("SELECT ? - (SELECT COUNT(*) FROM main.tool_invocation WHERE "
                                     "id < ? OR id > ?) + (SELECT COUNT(*) FROM %1 WHERE id > ?) "
                                     "- %2")
                          .arg(stagedCalls, leaving),
                      {rows, st.minId, from, from, st.minId, from});
    if (!held)
        return Error{held.error()};
    qCInfo(lcTrace) << "facts index refresh: the database holds" << *audited << "calls, the index"
                    << *expected << "; the newest read again from id" << from << "make it" << *held;
    if (*held == *audited)
        staged.callWindowFrom = from;
    else
        staged.rebuildBecause =
            FactsIndexText::tr(
                "calls were deleted or added below the newest indexed call (the database holds %1 "
                "up to it, the index %2)")
                .arg(*audited)
                .arg(*expected);
    return ok();
}

/// Reads what changed in the audited database into the staging tables. Calls are read one
/// batch statement at a time, and the runs, feedback and their count in one short read:
/// with a rollback journal an agent writing to its store commits only while no connection
/// reads it, and a refresh that read inside the index's transaction held it for the whole
/// refresh (seconds, after a day of new calls: past the agent's busy timeout). `locked`:
/// the index's write lock is held already (Copier::runRows() is then read inside it).
Expected<Staged> stage(Copier& copier, AuditDatabase& source, const SourceState& st,
                       Connection& facts, const FactsProgress& progress, bool locked)
{
    Staged staged;
    staged.meta = facts.readMeta();
    if (staged.meta.empty())
        return Error{FactsIndexText::tr("Reading the facts index failed: it has no meta values.")};
    const qint64 indexedMax = staged.meta[QStringLiteral("max_id")].toLongLong();
    if (Status s = copier.stage(st.hasFeedback); !s)
        return Error{s.error()};
    QElapsedTimer phase;
    phase.start();
    const auto logPhase = [&phase](const char* name) {
        qCInfo(lcTrace) << "facts index refresh:" << name << phase.restart() << "ms";
    };
    auto calls = copyInvocations(copier, indexedMax, st.maxId, progress);
    logPhase("calls read");
    if (!calls)
        return Error{calls.error()};
    if (Status s = readCallsInFlight(copier, facts, st, indexedMax, unfinishedRun(source)); !s)
        return Error{s.error()};
    logPhase("calls in flight read again");
    auto ids = runsToReadAgain(facts, indexedMax, unfinishedRun(source), unsettledRun(source));
    if (!ids)
        return Error{ids.error()};
    staged.runIds = *ids;
    // The runs and their count in one read, so that the count agrees with the rows read
    // (runRowsOffset()): else a busy writer would make every refresh compare every run id.
    if (!locked)
        if (Status s = facts.exec(QStringLiteral("BEGIN")); !s)
            return Error{s.error()};
    const auto read = [&]() -> Status {
        if (auto byId = copier.runsById(staged.runIds); !byId)
            return Error{byId.error()};
        if (audit_rows::hasColumn(source, kRuns, QStringLiteral("started_at")))
            if (auto fresh = copyRecentRuns(copier, facts, source); !fresh)
                return Error{fresh.error()};
        // Feedback is small and may change anywhere: read again whole.
        if (st.hasFeedback)
            if (auto fb = copier.feedback(); !fb)
                return Error{fb.error()};
        auto rows = copier.runRows();
        if (!rows)
            return Error{rows.error()};
        staged.sourceRuns = *rows;
        auto compare = runComparisonComing(facts, st, staged.meta, *rows);
        if (!compare)
            return Error{compare.error()};
        if (*compare) {
            if (Status s = stageRunComparison(copier, facts); !s)
                return s;
            staged.runIdsStaged = true;
        }
        return ok();
    };
    Status done = read();
    if (!locked) {
        Status ended = facts.exec(done ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"));
        if (done)
            done = ended;
    }
    logPhase("runs read");
    if (!done)
        return Error{done.error()};
    // After the runs: the calls of runs that left with them are not missing ones.
    if (Status s = checkCallCount(copier, facts, source, st, indexedMax, staged); !s)
        return Error{s.error()};
    if (!staged.rebuildBecause.isEmpty())
        return staged;
    logPhase("calls counted");
    // The newest call the index will know: when nothing is newer than what it knows, its
    // fingerprint is the one the index keeps (and update() checked).
    if (st.maxId <= indexedMax) {
        staged.print = staged.meta[QStringLiteral("fingerprint")];
        return staged;
    }
    auto print = fingerprint(source, st.maxId);
    if (!print)
        return Error{print.error()};
    staged.print = *print;
    return staged;
}

/// One refresh: stage, then publish under the write lock (taken before staging when
/// `lockFirst`). Nothing when another refresh wrote the index between the two.
Expected<std::optional<FactsIndexUpdate>> refreshOnce(Copier& copier, AuditDatabase& source,
                                                      const SourceState& st, Connection& facts,
                                                      const FactsProgress& progress, bool lockFirst)
{
    const auto fail =
        [&facts](const QString& message) -> Expected<std::optional<FactsIndexUpdate>> {
        facts.exec(QStringLiteral("ROLLBACK"));
        facts.dropStagingTables();
        return Error{message};
    };
    // One writer at a time (the GUI and the CLI may both refresh): the meta is read again
    // under the write lock, the index's alone (Connection::beginWrite()).
    if (lockFirst)
        if (Status s = facts.beginWrite(); !s)
            return fail(s.error());
    auto staged = stage(copier, source, st, facts, progress, lockFirst);
    if (!staged)
        return fail(staged.error());
    if (!lockFirst)
        if (Status s = facts.beginWrite(); !s)
            return fail(s.error());
    auto meta = facts.readMeta();
    if (meta != staged->meta) {
        qCInfo(lcTrace) << "facts index refresh: the index was refreshed meanwhile; again";
        facts.exec(QStringLiteral("ROLLBACK"));
        facts.dropStagingTables();
        return std::optional<FactsIndexUpdate>();
    }
    FactsIndexUpdate result;
    const qint64 indexedMax = meta[QStringLiteral("max_id")].toLongLong();
    if (indexedMax > st.maxId) {
        // Another refresh read the database later than this one did (`st`, or a server's
        // snapshot, older): what was read here is older than what the index holds.
        qCInfo(lcTrace) << "facts index refresh: the index is newer than this reading";
        facts.exec(QStringLiteral("ROLLBACK"));
        facts.dropStagingTables();
        result.indexedInvocations = meta[QStringLiteral("rows")].toLongLong();
        return std::optional<FactsIndexUpdate>(result);
    }
    if (!staged->rebuildBecause.isEmpty()) {
        facts.exec(QStringLiteral("ROLLBACK"));
        facts.dropStagingTables();
        result.reason = staged->rebuildBecause;
        return std::optional<FactsIndexUpdate>(result);
    }
    auto purged = dropPurgedCalls(facts, st);
    if (!purged)
        return fail(purged.error());
    // The newest calls were read again whole (checkCallCount()): those the database no
    // longer holds leave, and their runs are derived again.
    qint64 removed = 0;
    if (staged->callWindowFrom) {
        const QString notRead =
            QStringLiteral("id > ? AND id <= ? AND id NOT IN (SELECT id FROM %1)")
                .arg(facts_store::stagedTable(kInvocations));
        const QVariantList range = {*staged->callWindowFrom, indexedMax};
        for (const QString& sql :
             {QStringLiteral("UPDATE diagnosis_run SET fact_search_text = NULL WHERE run_id IN "
                             "(SELECT run_id FROM main.tool_invocation WHERE %1)")
                  .arg(notRead),
              // Every runless copy of the window: updateOrphanSessions() copies them again
              // from the calls as read now (it keeps a copy it holds: a changed duration or
              // level stayed as first read).
              QStringLiteral("DELETE FROM %1 WHERE id > ? AND id <= ?")
                  .arg(QLatin1String(FactSql::kRunlessCallTable)),
              QStringLiteral("DELETE FROM main.tool_invocation WHERE %1").arg(notRead)})
            if (Status s = facts.exec(sql, range); !s)
                return fail(s.error());
        auto n = facts.scalar(QStringLiteral("SELECT changes()"));
        if (!n)
            return fail(n.error());
        removed = n->toLongLong();
    }
    QElapsedTimer phase;
    phase.start();
    const auto logPhase = [&phase](const char* name) {
        qCInfo(lcTrace) << "facts index refresh:" << name << phase.restart() << "ms";
    };
    auto calls = copier.publishStagedCalls(indexedMax);
    if (!calls)
        return fail(calls.error());
    result.invocationsAdded = *calls;
    result.indexedInvocations =
        meta[QStringLiteral("rows")].toLongLong() - *purged - removed + *calls;
    const QString unfinished = unfinishedRun(source);
    // The days of the runs about to be written again, as they still are: those chosen by id
    // and those read again by their start (copyRecentRuns()), all staged.
    auto stagedRuns = facts.scalar(
        QStringLiteral("SELECT COUNT(*) FROM %1").arg(facts_store::stagedTable(kRuns)));
    if (!stagedRuns)
        return fail(stagedRuns.error());
    const qsizetype rereadRuns = qMax<qsizetype>(staged->runIds.size(), stagedRuns->toLongLong());
    auto days = daysBeforeReading(facts, indexedMax, unfinished, unsettledRun(source), rereadRuns);
    if (!days)
        return fail(days.error());
    auto runs = copier.publishStagedRuns();
    if (!runs)
        return fail(runs.error());
    result.runsUpdated = *runs;
    if (st.hasFeedback)
        if (Status s = copier.publishStagedFeedback(); !s)
            return fail(s.error());
    // What is read from here on (reconcileRuns()) goes into the index itself.
    copier.endStaging();
    logPhase("calls and runs published");
    Reconciled reconciled;
    reconciled.offset = meta[QStringLiteral("run_rows_offset")].toLongLong();
    auto indexRuns = facts.scalar(QStringLiteral("SELECT COUNT(*) FROM diagnosis_run"));
    if (!indexRuns)
        return fail(indexRuns.error());
    if (*purged > 0 || staged->sourceRuns - indexRuns->toLongLong() != reconciled.offset) {
        // Rare (retention, a run row written after its calls): every run id is compared,
        // as staged (read inside the lock only if staging did not foresee it).
        auto r = reconcileRuns(copier, facts, staged->runIdsStaged, staged->sourceRuns);
        if (!r)
            return fail(r.error());
        reconciled = *r;
        *days << reconciled.days;
        result.indexedInvocations -= reconciled.callsRemoved;
    }
    logPhase("runs compared");
    // Reported again between the phases, as a build does: a cancel is taken before the
    // facts are derived, and a caller sees the refresh go on (with no new call there was
    // no report before, and none comes here: "0 of 0" would only flicker).
    if (progress && result.invocationsAdded > 0 &&
        !progress(result.invocationsAdded, result.invocationsAdded))
        return fail(cancelledMessage());
    // Calls indexed with a run that left may have no run now: they are looked at again.
    // Calls read again from the window on are looked at as new ones (their runs' facts,
    // days, and whether they have a run).
    const qint64 newAfter = std::min(indexedMax, staged->callWindowFrom.value_or(indexedMax));
    if (Status s = deriveFacts(facts, source, newAfter, *days, rereadRuns >= kRunsForAllDays,
                               reconciled.goneRuns);
        !s)
        return fail(s.error());
    phase.restart(); // deriveFacts() logged its own phases
    if (Status s = facts.writeMeta(metaFor(source, st, qMax(indexedMax, st.maxId), staged->print,
                                           result.indexedInvocations, reconciled.offset));
        !s)
        return fail(s.error());
    if (Status s = facts.exec(QStringLiteral("COMMIT")); !s)
        return fail(s.error());
    facts.dropStagingTables();
    logPhase("meta, commit");
    return std::optional<FactsIndexUpdate>(result);
}

} // namespace

Expected<qint64> runRowsOffset(Copier& copier, Connection& facts)
{
    auto rows = copier.runRows();
    if (!rows)
        return rows;
    auto runs = facts.scalar(QStringLiteral("SELECT COUNT(*) FROM diagnosis_run"));
    if (!runs)
        return Error{runs.error()};
    return *rows - runs->toLongLong();
}

std::map<QString, QString> metaFor(const AuditDatabase& source, const SourceState& st,
                                   qint64 indexedMax, const QString& print, qint64 rows,
                                   qint64 runRowsOffset)
{
    return {{QStringLiteral("format"), QString::number(kFormat)},
            {QStringLiteral("rows"), QString::number(rows)},
            {QStringLiteral("identity"), identityOf(source.location())},
            {QStringLiteral("columns"), st.columns},
            {QStringLiteral("min_id"), QString::number(st.minId)},
            {QStringLiteral("max_id"), QString::number(indexedMax)},
            {QStringLiteral("fingerprint"), print},
            {QStringLiteral("run_rows_offset"), QString::number(runRowsOffset)},
            {QStringLiteral("updated_at"), json_util::isoUtc(QDateTime::currentDateTimeUtc())},
            {QStringLiteral("complete"), QStringLiteral("1")}};
}

Expected<FactsIndexUpdate> refresh(AuditDatabase& source, const SourceState& st, Connection& facts,
                                   const QString& path, const FactsProgress& progress)
{
    Copier copier(source, facts);
    // A SQLite file is read through ATTACH, which is not allowed inside the transaction.
    if (Status s = copier.attach(); !s)
        return Error{s.error()};
    // Another RagLens may refresh the same index between staging and publishing: the
    // staged rows are then read again, and the last time under the lock, so that two
    // following one database never keep each other waiting.
    constexpr int kAttempts = 3;
    for (int attempt = 1;; ++attempt) {
        auto once = refreshOnce(copier, source, st, facts, progress, attempt >= kAttempts);
        if (!once)
            return Error{once.error()};
        if (*once) {
            FactsIndexUpdate result = **once;
            result.path = path;
            return result;
        }
    }
}

} // namespace raglens::facts_index
