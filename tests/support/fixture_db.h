#pragma once
// A production-shaped SQLite audit database, written by code for tests (and UI tests).
//
// The file is created the way the agent's own writer would leave it: the audit tables and
// columns of DESIGN §3, no raglens_schema_version table (so RagLens treats it as foreign
// and opens it read-only), and the data quirks a reader must survive:
//   - kFallbackSession: a FALLBACK run with steps 962/963, lookup invocation 860 bound to
//     step 962 (NO_EVIDENCE, query preview in input_params) and a HARNESS tool row 859,
//     timeline events and negative feedback;
//   - kRetrySession: a SUCCESS run whose lookup 870 took UNFILTERED_VECTOR_RETRY after a
//     low-quality FILTERED_VECTOR, with a lookup_trace_sample (full trace) row;
//   - kLegacySession: old rows 700 (EVIDENCE_FOUND in relevance_level) and 702
//     (NO_EVIDENCE in relevance_level, no details), times written without 'T'/'Z';
//   - kTruncatedSession: invocation 701 whose retrieval_details JSON is cut off.

#include <QString>
#include <QStringList>

namespace raglens::test {

struct FixtureOptions
{
    bool withTraceSampleTable = true; ///< lookup_trace_sample is optional in foreign DBs
    bool walJournal = false;          ///< leave the file in WAL mode like a busy writer
    /// An older agent's schema: tool_invocation without dedup_reason, l0_match_count and
    /// l1_match_count (read back as null).
    bool olderInvocationColumns = false;
};

/// The CREATE TABLE statements of a production audit database (DESIGN §3), without the
/// optional lookup_trace_sample table.
const QStringList& productionSchemaDdl();

/// Writes the fixture to `path` (which must not exist). Returns an error text, or empty.
QString writeProductionFixture(const QString& path, const FixtureOptions& options = {});

/// Commits a table (only_in_the_log, two rows) to LIVE's write-ahead log only and copies the
/// database with that log to STALE while the writer still holds them: -wal without -shm,
/// the log unapplied, as a crashed writer or a careless copy leaves it.
bool copyWithUnappliedLog(const QString& live, const QString& stale);

namespace fixture {
inline const QString kFallbackSession = QStringLiteral("sess-fallback-0001");
inline const QString kFallbackRun = QStringLiteral("run-fallback-0001");
inline const QString kRetrySession = QStringLiteral("sess-retry-0002");
inline const QString kRetryRun = QStringLiteral("run-retry-0002");
inline const QString kLegacySession = QStringLiteral("sess-legacy-0003");
inline const QString kLegacyRun = QStringLiteral("run-legacy-0003");
inline const QString kTruncatedSession = QStringLiteral("sess-truncated-0004");
inline const QString kTruncatedRun = QStringLiteral("run-truncated-0004");
inline const QString kQueryPreview =
    QStringLiteral("order-service HikariPool connection is not available, request timed out");
constexpr qint64 kStep962 = 962;
constexpr qint64 kStep963 = 963;
constexpr qint64 kInvocation860 = 860; ///< FALLBACK run's lookup, step 962
constexpr qint64 kHarnessInvocation = 859;
constexpr qint64 kRetryInvocation = 870;
constexpr qint64 kLegacyInvocation = 700;
constexpr qint64 kLegacyNoEvidenceInvocation = 702;
constexpr qint64 kTruncatedInvocation = 701;
constexpr int kSessionCount = 4;
constexpr int kRunCount = 4;
constexpr int kInvocationCount = 6;
} // namespace fixture

} // namespace raglens::test
