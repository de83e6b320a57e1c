#pragma once
// The interpretation of core/interpret spelled in SQL, so that a filter selects exactly the
// rows whose interpreted facts match: the effective evidence status (legacy rows included),
// the failure kind and a session's outcome. Each expression follows the C++ rule step by
// step and is built from the same vocabulary; tst_consistency checks that they agree on
// every row. Columns an older schema lacks are read as NULL, as the row decoder reads them.
// A table that stores the derived facts in fact_* columns (the facts index) is read from
// those columns; they were written by these expressions.

#include "db/sql_dialect.h"

namespace raglens {

class FactSql
{
public:
    /// `alias` is the tool_invocation alias in the caller's query.
    FactSql(AuditDatabase& db, const SqlDialect& dialect, QString alias = QStringLiteral("i"));

    /// A facts index's trigram index (FTS5, external content) over
    /// diagnosis_run.fact_search_text, keyed by the run's rowid.
    static constexpr char kRunSearchTable[] = "fact_run_search";
    /// A facts index's health sums per UTC day of the runs' start (date(started_at), NULL
    /// for runs without a readable start): runs, fallback_runs, calls, errors, legacy,
    /// lookups, empty, retried, precise, reference, problem_runs.
    static constexpr char kHealthDayTable[] = "fact_health_day";
    /// Per such day, how many lookups took each duration_ms.
    static constexpr char kLatencyDayTable[] = "fact_latency_day";
    /// A facts index's calls without a recorded run (run_id NULL or without a diagnosis_run
    /// row), by id: health counts them by their own creation time.
    static constexpr char kRunlessCallTable[] = "fact_runless_calls";
    /// A facts index's sessions known only from calls without a run row.
    static constexpr char kOrphanSessionTable[] = "fact_orphan_sessions";
    /// A facts index's run start (alias `runAlias`, none in an index's expression) as a
    /// Julian day, NULL for no time. The
    /// index stores every start SqlDialect::sqliteJulian() can place as canonical UTC text
    /// and any other as it was (facts_copier), which julianday() reads alike: the same
    /// value at a fraction of the cost of reading every SQLite time convention.
    static QString storedStartJulian(const QString& runAlias);
    /// Over a group of a facts index's tool_invocation rows (alias i), from their stored
    /// facts, computeHealth()'s counts for one call: calls, errors, legacy levels, lookups,
    /// empty lookups, retried lookups, PRECISE and REFERENCE lookups, in this order.
    static QStringList storedCallCounts();

    /// True when the table stores the derived facts (fact_* columns, e.g. a facts index).
    bool isPrecomputed() const { return !precomputed(QStringLiteral("evidence_status")).isEmpty(); }

    /// 1 when the row is a lookup (tool lookup_knowledge or layer L1), else 0.
    QString isLookup() const;
    /// 1 when the tool call failed (success is neither NULL nor a true value), else 0.
    QString toolFailed() const;
    /// EVIDENCE_FOUND / NO_EVIDENCE / ERROR / UNKNOWN for lookups, NULL for other tools.
    QString evidenceStatus() const;
    /// none / tool_error / lookup_error / no_evidence.
    QString failureKind() const;
    /// A retrieval_details text field (string values only, as RetrievalDetailsV1 reads it).
    QString detailText(const char* key) const;
    /// The details' fields the facts read, and the column an inner query names each one when
    /// it extracts them once per row (see readExtractedDetails()).
    static const QStringList& detailKeys();
    static QString extractedDetailColumn(const QString& key);
    /// The columns an inner query names isLookup() and toolFailed() when it computes them
    /// once per row.
    static constexpr char kExtractedIsLookup[] = "raglens_is_lookup";
    static constexpr char kExtractedToolFailed[] = "raglens_tool_failed";
    /// Reads the details' fields from `alias.raglens_detail_<key>` columns, and isLookup()
    /// and toolFailed() from kExtractedIsLookup and kExtractedToolFailed, that an inner query
    /// computed with detailText(), isLookup() and toolFailed(): each expression that needs
    /// them then reads a column instead of parsing the JSON or comparing the words again.
    void readExtractedDetails() { m_detailsExtracted = true; }
    /// The stored relevance_level, a contract word in any case read as the contract spells
    /// it (vocab::canonicalWord); a legacy value as text. A facts index stores it so.
    QString relevanceLevel() const;
    /// The details' selected_attempt and fallback_reason, read the same way.
    QString selectedAttempt() const;
    QString retryReason() const;

    /// `expr` as vocab::canonicalWord() reads it against `words` (all of one case): the
    /// contract's word when it is one but for ASCII case and surrounding spaces, else the
    /// value as text.
    static QString canonicalWord(DatabaseLocation::Kind kind, const QString& expr,
                                 const QStringList& words);

    /// Over a group of diagnosis_run rows (alias `runAlias`): the session outcome by the
    /// precedence of interpret::sessionOutcomePrecedence(); NULL when no run has finished.
    static QString sessionOutcome(AuditDatabase& db, const QString& runAlias);
    /// A condition on a tool_invocation row (alias `callAlias`): the call has no recorded
    /// run (run_id NULL, or no listed diagnosis_run row holds it, see listedRun()).
    static QString hasNoRecordedRun(const QString& callAlias);
    /// The same on a database whose run ids `dialect` compares (SqlDialect::keysEqual()).
    static QString hasNoRecordedRun(const SqlDialect& dialect, const QString& callAlias);
    /// A diagnosis_run row (alias `runAlias`) that is a run to everything RagLens shows: it
    /// has its key and a session. A row without a run_id names nothing; one without a
    /// session_id belongs to no session, so its calls show under their own session as a run
    /// without its row, in the lists, health, the facts index and the trace alike.
    static QString listedRun(const QString& runAlias);
    /// A condition on a diagnosis_run row (alias `runAlias`): interpret::isFallbackRun().
    static QString isFallbackRun(AuditDatabase& db, const QString& runAlias);
    /// A run's outcome as interpret::runOutcome() reads it: FALLBACK when it fell back, else
    /// its release_outcome.
    static QString runOutcome(AuditDatabase& db, const QString& runAlias);
    /// The same two over column expressions (an index spells them without an alias).
    static QString fallbackRunOf(DatabaseLocation::Kind kind, const QString& releaseOutcome,
                                 const QString& contentType);
    static QString runOutcomeOf(DatabaseLocation::Kind kind, const QString& releaseOutcome,
                                const QString& contentType);

private:
    QString column(const char* name) const;
    /// `alias.fact_<fact>` when the table stores that fact, else empty.
    QString precomputed(const QString& fact) const;
    /// `value` for lookups, NULL for other tools' calls.
    QString onlyForLookups(const QString& value) const;

    AuditDatabase& m_db;
    const SqlDialect& m_dialect;
    QString m_alias;
    bool m_detailsExtracted = false;
};

} // namespace raglens
