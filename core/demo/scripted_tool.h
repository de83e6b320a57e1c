#pragma once
// A non-RAG tool of the scripted demo (fetch_metrics, query_logs, ...): it returns the
// canned result of the scenario, or fails with its canned error. It stands in for the
// harness tools an agent calls; they are audited as thin HARNESS rows.

#include "audit/tool_boundary.h"
#include "demo/demo_scenario.h"

namespace raglens {

class ScriptedTool : public Tool
{
public:
    explicit ScriptedTool(DemoToolCall call) : m_call(std::move(call)) {}
    QString name() const override { return m_call.tool; }
    ToolOutput run(const ToolCall&) override
    {
        if (!m_call.error.isEmpty())
            return ToolOutput{false, nlohmann::json(), m_call.error};
        return ToolOutput{
            true, m_call.result.is_null() ? nlohmann::json::object() : m_call.result, {}};
    }

private:
    DemoToolCall m_call;
};

} // namespace raglens
