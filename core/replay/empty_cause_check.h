#pragma once
// Tells the two reasons for an empty lookup apart by looking the same query up again in a
// local knowledge base: when the local knowledge base finds candidates, the recorded empty
// result points at the production search backend or its environment; when it finds nothing
// either, the gap is in the knowledge base's coverage. Used by `diagnose --replay` and the
// GUI's replay offer on an empty lookup.

#include "model/lookup_result.h"

#include <QCoreApplication>

namespace raglens {

struct EmptyCauseCheck
{
    enum class Conclusion
    {
        NotEmpty,
        BackendSuspected,
        CoverageGap
    };
    Conclusion conclusion = Conclusion::NotEmpty;
    int replayedCandidates = 0;
    QString replayedEvidenceStatus;
    QString sentence; ///< translated

    Q_DECLARE_TR_FUNCTIONS(EmptyCauseCheck)
};

QString emptyCauseConclusionName(EmptyCauseCheck::Conclusion c);

/// `recordedEmpty`: the recorded lookup's evidence status was NO_EVIDENCE.
EmptyCauseCheck checkEmptyCause(bool recordedEmpty, const LookupResult& replayed);

void to_json(nlohmann::json& j, const EmptyCauseCheck& v);

} // namespace raglens
