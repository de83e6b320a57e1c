#include "model/rag_tool_result.h"

namespace raglens {

using json_util::value;
using nlohmann::json;

void to_json(json& j, const RagEvidenceExcerpt& v)
{
    j = json{{"evidence_key", v.evidenceKey},
             {"source", v.source},
             {"excerpt", v.excerpt},
             {"quality", v.quality}};
}

void from_json(const json& j, RagEvidenceExcerpt& v)
{
    v.evidenceKey = value<QString>(j, "evidence_key");
    v.source = value<QString>(j, "source");
    v.excerpt = value<QString>(j, "excerpt");
    v.quality = value<double>(j, "quality");
}

void to_json(json& j, const RagToolResult& v)
{
    j = json{{"evidence_status", v.evidenceStatus}};
    if (!v.relevanceLevel.isEmpty()) // optional in the wire format: omitted, not null
        j["relevance_level"] = v.relevanceLevel;
    if (!v.completenessHint.isEmpty())
        j["completeness_hint"] = v.completenessHint;
    json evidence = json::array();
    for (const RagEvidenceExcerpt& e : v.evidence)
        evidence.push_back(e);
    j["evidence"] = evidence;
    j["truncated"] = v.truncated;
    j["returned_count"] = v.returnedCount;
    if (!v.errorMessage.isEmpty())
        j["error_message"] = v.errorMessage;
}

void from_json(const json& j, RagToolResult& v)
{
    v.evidenceStatus = value<QString>(j, "evidence_status");
    v.relevanceLevel = value<QString>(j, "relevance_level");
    v.completenessHint = value<QString>(j, "completeness_hint");
    v.evidence.clear();
    if (j.is_object() && j.contains("evidence") && j.at("evidence").is_array())
        for (const json& e : j.at("evidence"))
            v.evidence.push_back(e.get<RagEvidenceExcerpt>());
    v.truncated = value<bool>(j, "truncated");
    v.returnedCount = value<int>(j, "returned_count");
    v.errorMessage = value<QString>(j, "error_message");
}

} // namespace raglens
