#pragma once
// Turns audit-table rows into the Trace value types. Column lists and row decoding live
// together so the browser, the trace service and the diagnostics read rows the same way,
// including the data quirks of DESIGN §3 (legacy relevance levels, malformed JSON).

#include "db/audit_database.h"
#include "model/diagnosis_trace.h"

#include <QSqlQuery>

namespace raglens::audit_rows {

/// SELECT lists; `alias` prefixes every column ("r" → "r.run_id"). With a database, a
/// column the table lacks (an older agent's schema) is selected as NULL instead of failing.
QString runColumns(const QString& alias, AuditDatabase* db = nullptr);
QString stepColumns(const QString& alias, AuditDatabase* db = nullptr);
QString invocationColumns(const QString& alias, AuditDatabase* db = nullptr);
QString eventColumns(const QString& alias, AuditDatabase* db = nullptr);
QString feedbackColumns(const QString& alias, AuditDatabase* db = nullptr);

/// The columns RagLens reads from one of the audit tables (DESIGN §3); empty for others.
const QStringList& knownColumns(const QString& table);

/// Whether `table` has `column` (names compared in lower case); false when the table is absent.
bool hasColumn(AuditDatabase& db, const QString& table, const QString& column);
/// Whether `db` is a facts index (facts_store): its runs carry their derived facts, times are
/// stored canonical and health, counts and filters read those columns.
bool isFactsIndex(AuditDatabase& db);
/// Whether orphan calls (tool_invocation rows whose run has no diagnosis_run row) can be
/// looked up per session at an acceptable cost: always on servers; on SQLite when an index
/// starts with tool_invocation.session_id or the table holds at most 200,000 rows (else each
/// look-up would scan the whole table).
/// At most this many sessions known only from calls without a run row are listed.
inline constexpr int kMaxOrphanOnlySessions = 10000;

/// Sessions that have calls but no diagnosis_run row (empty when the look-up is not
/// affordable); cached for 30 s per database.
QStringList orphanOnlySessions(AuditDatabase& db);

bool orphanLookupAffordable(AuditDatabase& db);

/// Scanning this many calls once per session of a page (or per opened run) stays well under
/// a second.
inline constexpr qint64 kManyCalls = 200000;
/// Whether tool_invocation holds more than kManyCalls rows (asked once per connection).
bool manyCalls(AuditDatabase& db);

/// Whether a run's calls are found without reading the whole call table (always on a server;
/// on SQLite when an index of tool_invocation starts with run_id). When not, a condition on
/// "a call of this run" is read as one pass over the calls (run_id IN (SELECT ...)), not as a
/// probe per run, which would grow with the square of the rows.
bool callsFoundByRun(AuditDatabase& db);

/// "the call `call` (tool_invocation) is of the run `run` (diagnosis_run)": their run ids
/// compared as the server accepts them (SqlDialect::keysEqual()).
QString runOfCall(AuditDatabase& db, const QString& run = QStringLiteral("r"),
                  const QString& call = QStringLiteral("i"));

/// `alias.column` when the table has it, else NULL: expressions over an older schema.
QString columnOrNull(AuditDatabase& db, const QString& table, const QString& alias,
                     const QString& column);

/// `alias.column` (a time) as a value that sorts, and compares in MIN and MAX, as its
/// instant. A SQLite file holds whatever text or numbers its writers chose ('T' or ' ',
/// a zone offset, fractions or none, epoch numbers), whose plain order is not the order of
/// the instants: there it is the canonical UTC text of the instant
/// (SqlDialect::sqliteCanonicalTime()). A facts index holds that text already, and a
/// server's time column sorts as its type: there it is the column. NULL without the column.
/// `throughIndex`: the caller orders many rows by it through an index on the column, or
/// orders a few by it in a statement read often (the canonical form is kilobytes of SQL to
/// parse); then a run's start is kept as it is when every value's text already sorts as its
/// instant. Its values must then not be compared with another expression's.
QString sortableTime(AuditDatabase& db, const QString& table, const QString& alias,
                     const QString& column, bool throughIndex = false);

/// Decoders: read the columns of the matching list, starting at `first`.
/// A duration_ms cell as every view reads it (the trace, health's latencies): none when the
/// cell holds no duration (cell_domain).
std::optional<qint64> durationMs(const QVariant& cell);
TraceRun readRun(const QSqlQuery& q, int first = 0);
TraceStep readStep(const QSqlQuery& q, int first = 0);
TraceInvocation readInvocation(const QSqlQuery& q, int first = 0);
TraceEvent readEvent(const QSqlQuery& q, int first = 0);
RunFeedback readFeedback(const QSqlQuery& q, int first = 0);

int runColumnCount();
int invocationColumnCount();

/// Parses JSON text from a column: the value, or null plus an error message.
/// Passes through the input guard (depth, size, number range); `note` tells what was read
/// leniently (numbers too large for a double, read as null).
nlohmann::json parseJsonColumn(const QString& raw, QString* error, QString* note = nullptr);

/// Reads a lookup_trace_sample's lookup_result into `inv`: the parsed sample, or its raw text
/// and the parse error (an empty cell is no sample).
void readFullTrace(const QString& raw, TraceInvocation& inv);

/// A call's retrieval details read from the cell's text, inv.retrievalDetailsRaw, as every
/// row is read: parsed through the input guard, a twice-encoded object read inside, what
/// could not be read flagged (retrievalDetailsError, details.problems), the raw text cut for
/// display.
void readRetrievalDetails(TraceInvocation& inv);

/// `column` (a question column expression, or NULL) read up to input_guard::kMaxQuestionChars.
QString shownQuestion(const QString& column);

/// Cuts a raw cell kept for display to input_guard::kMaxRawCellChars, saying so at the end.
void keepShowableRaw(QString& raw);

/// Applies the legacy rule: an evidence status in relevance_level is moved out and flagged.
void classifyRelevance(TraceInvocation& inv, const QString& storedLevel);

} // namespace raglens::audit_rows
