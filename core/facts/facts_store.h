#pragma once
// The facts index's own SQLite file: its connection, tables and meta values. The update logic
// (what to copy from the audited database, and when to rebuild) is in facts_index.cpp.

#include "common/error.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QString>
#include <QVariantList>

#include <map>
#include <optional>
#include <vector>

namespace raglens::facts_store {

/// The columns each index table keeps, in the order the copy statements fill them.
const QStringList& runColumns();
/// The runs of the index whose row may still change (not finished when copied), over its
/// own columns: a refresh reads them again.
QString unfinishedRun();
const QStringList& invocationColumns(); ///< ends with the fact_* columns
const QStringList& feedbackColumns();
/// The per-run facts diagnosis_run keeps beside its columns, derived from its calls (and,
/// for run_flags::kColumn, from its session's runs).
const QStringList& runFactColumns();
/// Sessions a run left (deleted, or moved to another session) since the flags were last
/// derived; fillRunFacts() derives their session flags again and empties it.
inline constexpr char kChangedSessionTable[] = "fact_changed_sessions";
/// The tables derived from the runs and calls once both are in (Connection::
/// createDerivedTables()): orphan sessions, runless calls, health days, latency days.
const QStringList& derivedTables();
/// The tables in which FTS5 keeps the trigram index (Connection::createSearchTable()): two
/// indexes made alike by this SQLite hold the same rows in them, so these rows are the index.
const QStringList& searchIndexTables();

/// Where a refresh stages the rows it read of `table` (tool_invocation, diagnosis_run or
/// run_feedback) before it takes the index's write lock: a temp table of the same columns,
/// private to the connection (Connection::createStagingTables()).
QString stagedTable(const QString& table);
/// Where a refresh stages the audited database's run ids, when it will compare them with
/// the index's (calls purged, run rows unaccounted for): one column, run_id.
inline constexpr char kStagedRunIdTable[] = "temp.fact_staged_run_ids";
/// With them, the ids of the audited calls of the runs the database no longer holds: the
/// index's other calls of those runs were deleted with them (a session deleted whole).
inline constexpr char kStagedKeptCallTable[] = "temp.fact_staged_kept_calls";

/// An open read-write connection to an index file; closed and removed from Qt's registry
/// when destroyed.
class Connection
{
public:
    static Expected<std::unique_ptr<Connection>> open(const QString& path);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    QSqlDatabase& sql() { return m_db; }
    /// Runs one statement; the error names what was being done.
    Status exec(const QString& sql, const QVariantList& binds = {});
    /// The first column of the first row, or an invalid QVariant.
    Expected<QVariant> scalar(const QString& sql, const QVariantList& binds = {});
    /// The first column of every row, as text (run ids, mostly).
    Expected<QStringList> texts(const QString& sql, const QVariantList& binds = {});

    /// Creates the tables (run_feedback only when `withFeedback`); indexes come later.
    Status createTables(bool withFeedback);
    /// Only diagnosis_run, empty (createTables() makes it too).
    Status createRunTable();
    /// The stagedTable()s, empty (dropped first if a refresh left them).
    Status createStagingTables(bool withFeedback);
    /// The stagedTable()s and the staged ids (kStagedRunIdTable, kStagedKeptCallTable).
    Status dropStagingTables();
    /// Begins a transaction that holds this file's write lock, as BEGIN IMMEDIATE does (it
    /// waits up to the busy timeout for another writer), and no lock on attached files:
    /// BEGIN IMMEDIATE also begins a read of every attached database, so the audited file
    /// stayed share-locked to the commit, and with a rollback journal its agent could not
    /// commit meanwhile.
    Status beginWrite();
    /// Only the derivedTables(), empty (createTables() makes them too).
    Status createDerivedTables();
    /// The indexes that find calls by run and by session: what the run facts and the
    /// runless calls are derived through. Made after a bulk load, which is faster. Runs are
    /// found by session through facts_run_session_flags (createIndexes()), whose first
    /// column is the session: an index of the session alone, built on the critical path of
    /// a build (0.15-0.4 s at a million calls), served nothing that one does not.
    Status createJoinIndexes();
    /// Every other index the browsing queries use, then the planner's statistics. Indexes
    /// over the run facts are made after those are written, so writing them maintains none.
    Status createIndexes(bool withFeedback);

    /// Gives the tool names of the calls after `callsAfterId` that have none a bit
    /// (run_flags::kToolBitTable) while bits are left; every bit given, in order.
    Expected<std::vector<int>> numberTools(qint64 callsAfterId);
    /// Each session's flags (run_flags::kSessionFlagTable) over all its runs, for the
    /// sessions whose runs match `where` (all when empty); the run pass then reads them.
    /// `runs` names the table of every run (another file's, for a second connection).
    Status gatherSessionFlags(const QString& where,
                              const QString& runs = QStringLiteral("diagnosis_run"));
    /// Writes each run's search text and health counts (runFactColumns()) where they are
    /// missing or calls after `newCallsAfterId` were added; needs the indexes.
    Status fillRunFacts(qint64 newCallsAfterId);
    /// The same for every run, in one pass: a full build, before createIndexes().
    Status fillAllRunFacts();
    /// A full build's run pass over the runs matching `where` (diagnosis_run's columns, with
    /// `binds`; all when empty), the tools numbered `tools` (numberTools()): each session's
    /// flags gathered over `runsOfSessions` (the table of every run), then the facts written.
    Status fillRunFactsWhere(const std::vector<int>& tools, const QString& where,
                             const QVariantList& binds,
                             const QString& runsOfSessions = QStringLiteral("diagnosis_run"));

    /// Brings the calls without a recorded run (FactSql::kRunlessCallTable) and the sessions
    /// known only from such calls up to date, after calls past `newCallsAfterId` (every
    /// call when none) and runs were added, and runs named in the one-column table
    /// `goneRuns` left; needs the indexes.
    Status updateOrphanSessions(std::optional<qint64> newCallsAfterId,
                                const QString& goneRuns = {});
    /// Health's per-day sums and lookup latencies (FactSql::kHealthDayTable and
    /// kLatencyDayTable), computed again for `days` ("yyyy-MM-dd"; an empty string for runs
    /// without a readable start), or for every day when `days` is null. `isFallback` is
    /// FactSql::isFallbackRun() for the alias r. Needs the run facts.
    Status fillHealthDays(const QString& isFallback, const QStringList* days = nullptr);
    /// The days (as fillHealthDays takes them) of the runs matching any of `conditions`
    /// (alias r; `binds` fill their placeholders in order).
    Expected<QStringList> daysOf(const QStringList& conditions, const QVariantList& binds = {});

    /// The trigram index over the runs' search text (FactSql::kRunSearchTable), filled from the
    /// runs, and the triggers that keep it in step when a refresh rewrites a run: the three
    /// steps below.
    Status createSearchIndex();
    /// The trigram index, empty, with its settings. `withSettings` false: the table alone,
    /// for an index whose settings come with its tables' rows (ParallelSearchIndex): setting
    /// one makes FTS5 read the index's structure, which the connection then keeps in memory.
    Status createSearchTable(bool withSettings = true);
    /// Indexes the search text of the runs in `runs` (a table with the index's run columns,
    /// by rowid): into this connection's trigram index, whatever file the runs are in.
    Status fillSearchIndex(const QString& runs);
    /// The triggers that keep the trigram index in step with the runs' search text.
    Status createSearchTriggers();

    /// Meta values; empty when the file has no meta table (not an index).
    std::map<QString, QString> readMeta();
    Status writeMeta(const std::map<QString, QString>& values);

private:
    Connection() = default;
    QSqlDatabase m_db;
    QString m_name;
};

} // namespace raglens::facts_store
