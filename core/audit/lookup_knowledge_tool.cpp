#include "audit/lookup_knowledge_tool.h"

#include "common/json_qt.h"
#include "lookup/rag_result_projector.h"
#include "model/vocabulary.h"

namespace raglens {

using json_util::value;
using nlohmann::json;

LookupKnowledgeTool::LookupKnowledgeTool(const LookupEngine& engine,
                                         std::optional<LookupSettings> settingsOverride)
    : m_engine(engine), m_override(std::move(settingsOverride))
{}

QString LookupKnowledgeTool::name() const
{
    return vocab::kLookupKnowledge;
}

LookupRequest LookupKnowledgeTool::requestFor(const ToolCall& call)
{
    LookupRequest req;
    req.query = value<QString>(call.params, "query");
    req.category = value<QString>(call.params, "category");
    req.searchMode = value<QString>(call.params, "search_mode");
    req.topK = value<int>(call.params, "top_k", 0);
    req.autoCategory = value<bool>(call.params, "auto_category", true);
    req.toolCallId = call.toolCallId;
    return req;
}

ToolOutput LookupKnowledgeTool::run(const ToolCall& call)
{
    LookupRequest req = requestFor(call);
    req.settingsOverride = m_override;
    LookupResult result = m_engine.lookup(req);
    if (result.toolCallId.isEmpty())
        result.toolCallId = call.toolCallId;
    const bool failed = result.evidenceStatus == vocab::kError;
    ToolOutput out{!failed, json(result), failed ? result.errorMessage : QString()};
    m_last = std::move(result);
    return out;
}

json LookupKnowledgeTool::project(const ToolOutput& output) const
{
    LookupResult r;
    if (m_last && m_last->toolCallId == value<QString>(output.raw, "toolCallId"))
        r = *m_last;
    else if (output.raw.is_object())
        r = output.raw.get<LookupResult>();
    if (!output.success && r.evidenceStatus.isEmpty()) {
        r.evidenceStatus = vocab::kError;
        r.errorMessage = output.errorMessage;
    }
    return json(RagResultProjector::project(r));
}

} // namespace raglens
