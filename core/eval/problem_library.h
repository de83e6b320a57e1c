#pragma once
// The problem-query library of DESIGN §5, filled from the audit store: every lookup of a
// run that went wrong — an empty retrieval, a run that released a FALLBACK, a run someone
// rated unhelpful — becomes a query for the eval set, once per normalised query.
// What counts as a problem is decided by core's interpretation of each run's trace, the
// same one the tree, health and the drill-down show; SQL only finds the candidate runs.

#include "common/error.h"
#include "db/audit_database.h"
#include "eval/problem_query.h"

#include <QDateTime>

#include <vector>

namespace raglens {

struct ProblemLibraryOptions
{
    QDateTime since; ///< runs started at or after; invalid = open
    QDateTime until; ///< runs started before; invalid = open
    /// Read at most this many problem runs, newest first; 0 = all of them.
    int maxRuns = 0;
};

struct ProblemLibraryEntry
{
    ProblemQuery query;           ///< the newest occurrence
    QString normalized;           ///< the de-duplication key (normalizedQuery)
    QStringList reasons;          ///< empty_retrieval, fallback_outcome, negative_feedback
    int occurrences = 0;          ///< lookups with this normalised query
    QDateTime lastSeen;           ///< start of the newest run it came from
    QStringList feedbackComments; ///< comments of negative ratings, newest first, distinct

    /// "full_trace_sample" when a sampled full trace gave the whole query, "audit_preview"
    /// when it comes from input_params (cut at 160 characters).
    QString querySource() const;
};

struct ProblemLibrary
{
    std::vector<ProblemLibraryEntry> entries; ///< newest first
    int problemRuns = 0; ///< runs (orphans included) that went wrong in the window
    int lookupsRead = 0; ///< lookups of those runs that were considered
    int duplicates = 0;  ///< lookups folded into an earlier entry
    QStringList skipped; ///< lookups that could not become a query, with the reason
    QStringList notes;   ///< what the schema did not allow (no feedback table, ...)
};

/// Reads the problem runs of the window and turns their lookups into entries.
Expected<ProblemLibrary> collectProblemQueries(AuditDatabase& db,
                                               const ProblemLibraryOptions& options = {});

/// One eval-set line (JSON object) for an entry. The line holds no expectation: the right
/// evidence is for a person to mark, so it carries "needs_review": true and what the
/// lookup returned as candidates, plus where it came from.
nlohmann::json problemEvalLine(const ProblemLibraryEntry& entry);

/// The summary the CLI prints beside the file: counts, notes and skipped lookups.
nlohmann::json problemLibrarySummary(const ProblemLibrary& library);

} // namespace raglens
