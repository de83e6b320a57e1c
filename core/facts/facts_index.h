#pragma once
// The facts index: RagLens's own SQLite file in the user's cache folder that answers session
// lists, filters, counts and health for a large audit database from indexed columns, instead
// of reading JSON row by row. The audited database is only read, never written.
//
// The index is itself an audit database: tables diagnosis_run, tool_invocation and (when the
// source has one) run_feedback keep their DESIGN §3 column names, and tool_invocation also
// stores each call's derived facts in fact_* columns, written by FactSql's expressions. So
// AuditBrowser and computeHealth read it unchanged and FactSql reads the stored facts:
// the interpretation lives in one place, and the index and direct SQL give the same answers.
//
// An index is never trusted blindly: update() rebuilds it when it is missing, unfinished,
// from another format, for another database, for a changed schema, or when the database
// changed under it (its newest indexed row is gone or different); otherwise it adds the rows
// that are new since, and the runs that may have changed.

#include "common/error.h"
#include "db/audit_database.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>

namespace raglens {

struct FactsIndexUpdate
{
    QString path;
    bool rebuilt = false;
    QString reason;              ///< why it was built from scratch; empty for a refresh
    qint64 invocationsAdded = 0; ///< calls read from the audit database by this update
    qint64 runsUpdated = 0;      ///< run rows (re)read by this update
    qint64 indexedInvocations = 0;
    double ms = 0;
};

void to_json(nlohmann::json& j, const FactsIndexUpdate& v);

/// Progress of an update: calls done of about `total`. Return false to cancel.
using FactsProgress = std::function<bool(qint64 done, qint64 total)>;

namespace facts_index {

/// Bumped whenever the index's tables or the meaning of a fact change: older files are rebuilt.
// 38: a run held in several rows of a keyless diagnosis_run is its last written row;
// 37: a whole REAL run or session id kept as its digits ('1042', not '1042.0');
// 36: a success flag written as a word of the outcome (SUCCESS, ok / ERROR, failed) read
// as such (it was none: a failed call);
// 35: a time in the hour 24 other than 24:00:00 is no time (julianday() read 24:30 as the
// next day's 00:30);
// 34: a number read as a Julian day before the year 1 is no time (a start of 0 was 4714 BC);
// 33: the search text holds the decoded values of input_params with any escape (\", \\),
// not only \u ones;
// 32: flags written Y/N, yes/no or on/off read as such (they were none, a success flag a
// failure);
// 31: a success flag of one byte 1 or 0 (a blob, a text) read as MariaDB's BIT(1) is read;
// 29: a number past the year 9999 (or before Julian day 0) is no time; a server's start read
// by SQLite where C++ reads none; the stored start read by julianday()
// (FactSql::storedStartJulian(): its index expression changed), a time window as a range of
// the canonical start text;
// 28: tool names numbered inside SQLite, session flags gathered once per session;
// 27: run flags (run_flags.h) and the run walk index with them, for every filter;
// 26: runs with a failed call indexed by their start (the tool_error filter);
// 25: runs with an empty lookup indexed by their start too (the NO_EVIDENCE page's order);
// 24: a call's success flag read as a number where it is one (a REAL 1.0 is success);
// 23: a case-sensitive trigram index over the lower-cased search text; 21: whole questions
// searched; 20: runs without a session left out; 19: times in either
// letter case; 18: canonical sorted times.
inline constexpr int kFormat = 38;

/// $RAGLENS_CACHE_DIR/facts when set, else the user's cache folder (~/.cache/raglens/facts).
QString defaultCacheDir();
/// What identifies the audited database: its canonical file path, or its server address,
/// database and user (never a password).
QString identityOf(const DatabaseLocation& location);
/// The index file of `source` in `cacheDir` (defaultCacheDir() when empty).
QString pathFor(const DatabaseLocation& source, const QString& cacheDir = {});

/// Builds or refreshes the index of `source` at `path` (see above). A full build writes a
/// temporary file renamed into place when complete, so a cancelled, failed or killed build
/// leaves the previous index (or none); a refresh is one transaction. `rebuild` builds anew
/// even when a refresh would do: a refresh reads new calls and runs that may have changed,
/// never an old call edited in place.
Expected<FactsIndexUpdate> update(AuditDatabase& source, const QString& path,
                                  const FactsProgress& progress = {}, bool rebuild = false);

/// Opens an index written by update() for reading, as an audit database.
Expected<std::unique_ptr<AuditDatabase>> openForReading(const QString& path);

} // namespace facts_index
} // namespace raglens
