#include "model/lookup_settings.h"

namespace raglens {

void to_json(nlohmann::json& j, const LookupSettings& s)
{
    j = nlohmann::json{{"searchMode", s.searchMode},
                       {"candidatePoolSize", s.candidatePoolSize},
                       {"topK", s.topK},
                       {"minUsableQuality", s.minUsableQuality},
                       {"minEvidenceQuality", s.minEvidenceQuality},
                       {"preciseQuality", s.preciseQuality},
                       {"referenceQuality", s.referenceQuality},
                       {"domainConfidence", s.domainConfidence},
                       {"hybridDenseWeight", s.hybridDenseWeight},
                       {"hybridRankDenseWeight", s.hybridRankDenseWeight},
                       {"nearDuplicateSimilarity", s.nearDuplicateSimilarity},
                       {"contextBudgetChars", s.contextBudgetChars},
                       {"excerptChars", s.excerptChars},
                       {"autoCategory", s.autoCategory},
                       {"translateQueries", s.translateQueries},
                       {"denseScoreFloor", s.denseScoreFloor},
                       {"denseScoreCeiling", s.denseScoreCeiling}};
}

void from_json(const nlohmann::json& j, LookupSettings& s)
{
    using json_util::value;
    const LookupSettings d;
    s.searchMode = value<QString>(j, "searchMode", d.searchMode);
    s.candidatePoolSize = value<int>(j, "candidatePoolSize", d.candidatePoolSize);
    s.topK = value<int>(j, "topK", d.topK);
    s.minUsableQuality = value<double>(j, "minUsableQuality", d.minUsableQuality);
    s.minEvidenceQuality = value<double>(j, "minEvidenceQuality", d.minEvidenceQuality);
    s.preciseQuality = value<double>(j, "preciseQuality", d.preciseQuality);
    s.referenceQuality = value<double>(j, "referenceQuality", d.referenceQuality);
    s.domainConfidence = value<double>(j, "domainConfidence", d.domainConfidence);
    s.hybridDenseWeight = value<double>(j, "hybridDenseWeight", d.hybridDenseWeight);
    s.hybridRankDenseWeight = value<double>(j, "hybridRankDenseWeight", d.hybridRankDenseWeight);
    s.nearDuplicateSimilarity =
        value<double>(j, "nearDuplicateSimilarity", d.nearDuplicateSimilarity);
    s.contextBudgetChars = value<int>(j, "contextBudgetChars", d.contextBudgetChars);
    s.excerptChars = value<int>(j, "excerptChars", d.excerptChars);
    s.autoCategory = value<bool>(j, "autoCategory", d.autoCategory);
    s.translateQueries = value<bool>(j, "translateQueries", d.translateQueries);
    s.denseScoreFloor = value<double>(j, "denseScoreFloor", d.denseScoreFloor);
    s.denseScoreCeiling = value<double>(j, "denseScoreCeiling", d.denseScoreCeiling);
}

} // namespace raglens
