#pragma once
// The lookup_knowledge tool as the ToolBoundary sees it: reads the agent's parameters
// (query, category, search_mode, top_k, auto_category), runs the LookupEngine and
// projects the LookupResult with RagResultProjector, so the agent gets only the
// RagToolResult while the audit event carries the whole LookupResult.

#include "audit/tool_boundary.h"
#include "lookup/lookup_engine.h"

#include <optional>

namespace raglens {

class LookupKnowledgeTool : public Tool
{
public:
    explicit LookupKnowledgeTool(const LookupEngine& engine,
                                 std::optional<LookupSettings> settingsOverride = {});

    QString name() const override;
    ToolOutput run(const ToolCall& call) override;
    nlohmann::json project(const ToolOutput& output) const override;

    /// The typed result of the last run (saves re-parsing the raw JSON).
    const std::optional<LookupResult>& lastResult() const { return m_last; }

    /// The request the engine gets for these tool parameters.
    static LookupRequest requestFor(const ToolCall& call);

private:
    const LookupEngine& m_engine;
    std::optional<LookupSettings> m_override;
    std::optional<LookupResult> m_last;
};

} // namespace raglens
