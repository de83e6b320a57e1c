#pragma once
// Appends cases to an eval set file — the problem-query library. Cases are de-duplicated
// by normalised query (case-folded, NFKC, whitespace collapsed): a duplicate is either
// skipped or updated in place, and the caller is told which. Other lines, including ones
// that do not parse, are kept byte for byte.

#include "common/error.h"
#include "eval/eval_case.h"

namespace raglens {

enum class DuplicatePolicy
{
    Skip,
    Update
};

struct AppendOutcome
{
    enum class Action
    {
        Added,
        Updated,
        SkippedDuplicate
    };
    Action action = Action::Added;
    QString caseId; ///< the id written (or the existing case's id for a duplicate)
    int line = 0;   ///< 1-based line of the case in the file afterwards
    /// One translated sentence for the user.
    QString describe() const;
};

/// The de-duplication key.
QString normalizedQuery(const QString& query);

/// A stable, readable id for a new case: "pq-<first words>-<hash>".
QString suggestedCaseId(const QString& query);

/// Appends c to the eval set at path (created when missing). An empty c.id gets
/// suggestedCaseId(); an id already used by a different query gets a numeric suffix.
/// On Update, the duplicate keeps its id and line; expectations are replaced and tags merged.
Expected<AppendOutcome> appendCaseToEvalSet(const QString& path, EvalCase c,
                                            DuplicatePolicy policy = DuplicatePolicy::Skip);

} // namespace raglens
