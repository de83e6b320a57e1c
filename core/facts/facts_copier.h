#pragma once
// What the facts index reads from the audited database: the state it checks before trusting
// itself, and the Copier that brings calls, runs and feedback over (inside SQLite through
// ATTACH for a SQLite file, row by row from a server). Internal to core/facts.

#include "common/error.h"
#include "db/sql_dialect.h"
#include "facts/facts_index.h"
#include "facts/facts_store.h"

#include <QString>
#include <QVariantList>

#include <functional>

namespace raglens::facts_index {

/// Calls copied per statement: progress and cancel are checked between batches.
inline constexpr qint64 kBatch = 100000;
/// Beyond this many batches of kBatch ids, ids are sparse: batches end at the kBatch-th id.
inline constexpr qint64 kMaxIdRangeBatches = 1000;
/// New runs are looked for from this long before the newest indexed start, for writers whose
/// clocks disagree a little.
inline constexpr qint64 kRunClockSlackSecs = 3600;

inline const QString kInvocations = QStringLiteral("tool_invocation");
inline const QString kRuns = QStringLiteral("diagnosis_run");
inline const QString kFeedback = QStringLiteral("run_feedback");

/// The times lists sort by (a run's start, a call's creation): the index keeps them as the
/// canonical UTC text of their instants, so its own indexes order them as instants.
inline bool isSortedTime(const QString& column)
{
    return column == QLatin1String("started_at") || column == QLatin1String("created_at");
}

/// What the index needs to know about the audited database to trust itself.
struct SourceState
{
    qint64 minId = 0;
    qint64 maxId = 0;
    QString columns; ///< the columns the copy reads: a changed schema changes the facts
    bool hasFeedback = false;
};

Expected<SourceState> readSource(AuditDatabase& db);

/// The row that was newest when the index was last updated, as text: if it changed or is
/// gone, the database is not the one the index describes.
Expected<QString> fingerprint(AuditDatabase& db, qint64 id);

/// Copies rows from the audited database into the index.
class Copier
{
public:
    Copier(AuditDatabase& source, facts_store::Connection& facts)
        : m_source(source), m_facts(facts), m_dialect(source)
    {}
    /// Detaches, which SQLite allows only outside a transaction: end it before.
    ~Copier() { detach(); }
    Copier(const Copier&) = delete;
    Copier& operator=(const Copier&) = delete;

    /// Reads the audited SQLite file through ATTACH, so bulk copies run inside SQLite.
    /// Outside a transaction only.
    Status attach();
    void detach();

    /// From now on the copies write into the connection's staging tables
    /// (facts_store::stagedTable()) instead of the index's, a key read twice kept as the index
    /// keeps it (a call's first row, a run's last): a refresh reads the audited database
    /// before it takes the index's write lock, then publishes what it read under it.
    Status stage(bool withFeedback);
    /// The copies write into the index's tables again.
    void endStaging() { m_staging = false; }
    /// The staged calls into the index; how many it gained. Those read again (ids up to
    /// `indexedMax`: callsOfRuns(), a refresh's window) replace its rows or join them, and
    /// the run of a call that changed or joined has its facts derived again.
    Expected<qint64> publishStagedCalls(qint64 indexedMax);
    /// The staged runs into the index, as runs() writes them; how many were new or changed.
    Expected<qint64> publishStagedRuns();
    /// The staged feedback replaces the index's.
    Status publishStagedFeedback();
    /// Calls with an id in (afterId, upToId], with their derived facts.
    Expected<qint64> invocations(qint64 afterId, qint64 upToId);
    /// The statement invocations() runs through the attachment (binds: afterId, upToId): it
    /// inserts into `tool_invocation` from `src.tool_invocation`, so any connection that has
    /// both runs it. Only while attached.
    QString attachedInvocationsSql() const;
    bool isAttached() const { return m_attached; }
    /// Run rows matching `where` (over alias r): new ones added, indexed ones updated where
    /// a column differs (their facts are then derived again); how many were either.
    /// Unchanged rows are left alone, so the search index does not tokenize them again.
    Expected<qint64> runs(const QString& where, const QVariantList& binds);
    /// Calls of the runs `runIds` with an id in (afterId, upToId]: read again while their
    /// run is in flight, as some writers fill a call's details in when it returns.
    Expected<qint64> callsOfRuns(const QStringList& runIds, qint64 afterId, qint64 upToId);
    /// Runs by id, a few hundred per statement.
    Expected<qint64> runsById(const QStringList& ids);
    /// Rows of the audited diagnosis_run. Through the attachment, inside the index's
    /// transaction, it counts the rows the copies read.
    Expected<qint64> runRows();
    /// Every run id of the audited database, as text, into the index's one-column `table`.
    Status runIdsInto(const QString& table);
    /// The ids of the audited calls whose run is one of the index's runs that `runIds` (a
    /// one-column table of the index's connection) lacks, into the one-column `table`:
    /// what the database still holds of the runs that left it.
    Status callIdsOfRunsGoneInto(const QString& table, const QString& runIds);
    Expected<qint64> feedback();
    /// Calls with an id in (afterId, upToId].
    Expected<qint64> callsBetween(qint64 afterId, qint64 upToId);
    /// Calls with an id up to `upToId`, counted in one statement (one reading of the table):
    /// all of them (the narrowest index's entries) less those above.
    Expected<qint64> callsUpTo(qint64 upToId);
    /// The sum of the audited calls' ids, each modulo kIdSumModulus, after `afterId` up to
    /// `upToId` (NULL when none).
    Expected<QVariant> idSumBetween(qint64 afterId, qint64 upToId);
    static constexpr qint64 kIdSumModulus = 2147483647;
    /// The id of the `rows`-th call after `afterId`, or `upToId` when there are fewer.
    Expected<qint64> batchEnd(qint64 afterId, qint64 upToId, qint64 rows);
    /// batchEnd()'s statement over `table` (binds: afterId, upToId, rows - 1).
    static QString batchEndSql(const QString& table);

    const SqlDialect& dialect() const { return m_dialect; }

private:
    /// The SELECT list, the FROM clause (with its WHERE) and the conflict clause of a copy.
    struct Statement
    {
        QStringList select;
        QString from;
        QString onConflict;
    };
    /// The copy of the calls matching `where` (over alias i of the audited table).
    Statement
    invocationsStatement(const QString& where = QStringLiteral("i.id > ? AND i.id <= ?")) const;
    /// How runs() writes a run row into the index: new ones added, changed ones updated.
    static QString runsUpsert();
    /// Where a copy into the index's `table` writes: the table, or its staged copy.
    QString target(const QString& table) const;
    static QString insertSql(const QString& table, const QStringList& columns);
    static QString selectSql(const QStringList& select);
    /// One value from the audited database: through the attachment, or on the server.
    Expected<QVariant> sourceScalar(const QString& sql, const QVariantList& binds = {});
    /// `column` of the audited table (alias r for runs, i for calls, f for feedback) as the
    /// index keeps it:
    /// sorted times canonical (isSortedTime()), NULL when the table lacks it.
    QString sortedColumn(const QString& table, const QString& column) const;
    /// Whether the audited SQLite `table` declares `column` with a type of TEXT affinity
    /// (false when unknown: a view's column, a column without a type).
    bool hasTextAffinity(const QString& table, const QString& column) const;
    /// The audited table as the copy's FROM names it: through the attachment, or on the server.
    QString source(const QString& table) const;
    /// INSERT … SELECT (or row by row from a server), with `onConflict` after it; `from`
    /// names its tables with source().
    /// The first column of `select` (on the audited database) into the index's `table`.
    Status valuesInto(const QString& table, const QString& select, const QVariantList& binds);
    Expected<qint64> copy(const QString& table, const QStringList& columns,
                          const QStringList& select, const QString& from, const QVariantList& binds,
                          const QString& onConflict = {});

    AuditDatabase& m_source;
    facts_store::Connection& m_facts;
    SqlDialect m_dialect;
    bool m_attached = false;
    bool m_staging = false;
};

/// Copies one batch of calls, ids in (afterId, upToId]; how many.
using BatchCopy = std::function<Expected<qint64>(qint64 afterId, qint64 upToId)>;
/// Where a batch starting after `afterId` ends when ids are sparse (kMaxIdRangeBatches).
using BatchEnd = std::function<Expected<qint64>(qint64 afterId, qint64 upToId)>;
/// The number of ids in (from, to], without overflow however far apart (0 when empty).
quint64 idSpan(qint64 from, qint64 to);
/// Walks (from, to] in batches of kBatch ids (or calls, where ids are sparse), calling `after`
/// with the calls copied so far after each one; false from it cancels.
Expected<qint64> copyInBatches(qint64 from, qint64 to, const BatchCopy& copy,
                               const BatchEnd& sparseEnd, const std::function<bool(qint64)>& after);
/// The message of a build that was cancelled.
QString cancelledMessage();

/// Copies calls in (from, to] in batches, reporting progress; false from `progress` cancels.
Expected<qint64> copyInvocations(Copier& copier, qint64 from, qint64 to,
                                 const FactsProgress& progress);

} // namespace raglens::facts_index
