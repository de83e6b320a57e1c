#pragma once
// How a run's outcome follows from its evidence (the rule the scripted runner and the
// local console share): relevant evidence (PRECISE or REFERENCE) from any lookup of the
// run → SUCCESS with a DIAGNOSIS_REPORT; otherwise FALLBACK with a SAFE_FALLBACK and
// fallback_reason INSUFFICIENT_EVIDENCE. A failed tool does not fail the run.

#include "audit/run_recorder.h"

namespace raglens {

class AuditDatabase;

struct RunOutcome
{
    /// The final state of an agent run. `producesReport` is false for console runs,
    /// which record lookups but write no report, so content_type stays empty.
    static RunFinish fromEvidence(bool relevantEvidence, bool producesReport = true);

    /// Whether any lookup_knowledge invocation of the run has a PRECISE / REFERENCE level.
    static Expected<bool> runHasRelevantEvidence(AuditDatabase& db, const QString& runId);
};

} // namespace raglens
