#include "replay/empty_cause_check.h"

#include "model/vocabulary.h"

namespace raglens {

QString emptyCauseConclusionName(EmptyCauseCheck::Conclusion c)
{
    switch (c) {
    case EmptyCauseCheck::Conclusion::NotEmpty:
        return QStringLiteral("not_empty");
    case EmptyCauseCheck::Conclusion::BackendSuspected:
        return QStringLiteral("backend_suspected");
    case EmptyCauseCheck::Conclusion::CoverageGap:
        return QStringLiteral("coverage_gap");
    }
    return {};
}

EmptyCauseCheck checkEmptyCause(bool recordedEmpty, const LookupResult& replayed)
{
    EmptyCauseCheck c;
    c.replayedEvidenceStatus = replayed.evidenceStatus;
    for (const RetrievalAttempt& a : replayed.retrievalTrace.attempts)
        c.replayedCandidates = std::max(c.replayedCandidates, a.candidateCount);
    if (!recordedEmpty) {
        c.sentence = EmptyCauseCheck::tr("The recorded lookup was not empty; nothing to tell "
                                         "apart.");
        return c;
    }
    if (replayed.evidenceStatus == vocab::kEvidenceFound) {
        c.conclusion = EmptyCauseCheck::Conclusion::BackendSuspected;
        c.sentence = EmptyCauseCheck::tr("The local knowledge base finds evidence for the same "
                                         "query: the knowledge base covers it, so the recorded "
                                         "empty result points at the search backend or its "
                                         "environment.");
    } else if (c.replayedCandidates > 0) {
        c.conclusion = EmptyCauseCheck::Conclusion::CoverageGap;
        c.sentence = EmptyCauseCheck::tr("The local knowledge base returns candidates, but none "
                                         "good enough either: the knowledge base has nothing "
                                         "close to this query (a coverage gap).");
    } else {
        c.conclusion = EmptyCauseCheck::Conclusion::CoverageGap;
        c.sentence = EmptyCauseCheck::tr("The local knowledge base returns nothing either: the "
                                         "gap is in coverage, or the local knowledge base is "
                                         "empty.");
    }
    return c;
}

void to_json(nlohmann::json& j, const EmptyCauseCheck& v)
{
    j = nlohmann::json{
        {"conclusion", emptyCauseConclusionName(v.conclusion)},
        {"replayedCandidates", v.replayedCandidates},
        {"replayedEvidenceStatus", json_util::stringOrNull(v.replayedEvidenceStatus)},
        {"sentence", v.sentence}};
}

} // namespace raglens
