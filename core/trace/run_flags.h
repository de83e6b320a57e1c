#pragma once
// A facts index keeps, for each run, one integer of flags (diagnosis_run.fact_flags): which
// words its calls' facts take (an evidence status, a failure kind, a relevance level, a
// selected attempt, a retry reason, the lookup tool), the run's own outcome, and which
// outcomes the runs of its session have. A filter on one of these fields is then a bit test
// on the run row, and the lists walk one narrow index of runs (start, session, flags)
// instead of probing every run's calls: a filter that matches few runs or none read every
// run and its calls (1-2 s at a million calls). Words without a bit (a writer's own attempt
// or tool name) are read from the calls, as are filters that ask several things of one
// call (the bits only narrow the runs then: they say "some call", not "the same call").

#include "trace/audit_browser.h"

#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace raglens {
class AuditDatabase;
}

namespace raglens::run_flags {

/// The column of a facts index's diagnosis_run that holds the flags.
inline constexpr char kColumn[] = "fact_flags";

/// The fields of a SessionFilter that have flags.
enum class Field
{
    Evidence,
    Failure,
    Relevance,
    Attempt,
    RetryReason,
    Tool,
    Outcome,
};

/// The bit of `value` in `field`, as the filter compares it; nullopt for a word without one
/// (and for every tool: toolBit()).
std::optional<qint64> bitOf(Field field, const QString& value);

/// A facts index's tool names with a bit (name, bit number): the tool names differ from
/// store to store, so each index numbers those its calls name, the most frequent first,
/// from firstToolBit() on, as long as bits are left (toolBits()); a name that came after
/// has none and is read from the calls.
inline constexpr char kToolBitTable[] = "fact_tool_bit";
int firstToolBit();
int toolBits();
/// The bit of tool `name` in the facts index `db`, if it has one; 0 when no call of the
/// index has that tool.
std::optional<qint64> toolBit(AuditDatabase& db, const QString& name);
/// Whether the run `runAlias` has a call of the tool named by the next bound value: its bit
/// looked up by the statement itself (a constant subquery, read once), so in the statement's
/// own snapshot; toolBit() read before it could miss a tool a refresh numbered in between.
/// For a name toolBit() gave a bit or 0; one without a bit is read from the calls.
QString hasToolBit(const QString& runAlias);
/// The bit of `value` in `field` in the facts index `db`: bitOf(), or toolBit() for a tool
/// (0: no run has it).
std::optional<qint64> bitIn(AuditDatabase& db, Field field, const QString& value);

/// The call fields `filter` sets, each with its value.
std::vector<std::pair<Field, QString>> callFields(const SessionFilter& filter);

/// Over a facts index's tool_invocation row (alias i): the bits of what that call is, from
/// its stored facts; a tool's bit from kToolBitTable for each bit in `toolBitNumbers`, as
/// FactSql reads them there (tst_facts_index compares every filter read through the bits with the
/// same filter read from the calls).
QString callBits(const std::vector<int>& toolBitNumbers);
/// Over a facts index's diagnosis_run row (alias `runAlias`): the bit of its own outcome
/// (FactSql::runOutcome()).
QString runOutcomeBits(const QString& runAlias);
/// A temporary table of sessions with the outcomes their runs have (session_id, bits),
/// gathered before a run pass (facts_store::Connection::gatherSessionFlags()).
inline constexpr char kSessionFlagTable[] = "facts_session_flags";
/// The session bits of the run `runAlias`: its session's from kSessionFlagTable when
/// gathered there, else the ones it has.
QString sessionBits(const QString& runAlias);
/// Every bit but the session's: what a run's own rows and calls decide.
qint64 ownMask();

/// A condition on diagnosis_run `runAlias` of a facts index: the run has `bit`.
QString hasBit(const QString& runAlias, qint64 bit);
/// A condition on diagnosis_run `runAlias` of a facts index: its session's outcome is
/// `outcome` (interpret::sessionOutcomePrecedence(): the first outcome one of its runs has).
/// Empty for a word that is no session outcome.
QString sessionOutcomeIs(const QString& runAlias, const QString& outcome);

} // namespace raglens::run_flags
