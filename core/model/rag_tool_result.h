#pragma once
// What the agent (the model) is shown of one lookup: evidence excerpts and a few
// flags, never the retrieval trace. Produced by RagResultProjector. snake_case keys,
// because this is the tool's wire format.

#include "common/json_qt.h"

#include <vector>

namespace raglens {

struct RagEvidenceExcerpt
{
    QString evidenceKey;
    QString source;
    QString excerpt;
    double quality = 0;
};

struct RagToolResult
{
    QString evidenceStatus; ///< EVIDENCE_FOUND, NO_EVIDENCE, ERROR
    QString relevanceLevel; ///< PRECISE, REFERENCE or empty (omitted)
    QString completenessHint;
    std::vector<RagEvidenceExcerpt> evidence;
    bool truncated = false;
    int returnedCount = 0;
    QString errorMessage;
};

void to_json(nlohmann::json& j, const RagEvidenceExcerpt& v);
void from_json(const nlohmann::json& j, RagEvidenceExcerpt& v);
void to_json(nlohmann::json& j, const RagToolResult& v);
void from_json(const nlohmann::json& j, RagToolResult& v);

} // namespace raglens
