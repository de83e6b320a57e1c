#pragma once
// The console's two result panes side by side: the whole LookupResult (what a human
// reads: summary, attempt ladder, candidates, evidence, context pack) and the
// RagToolResult exactly as the agent receives it.

#include "model/lookup_result.h"
#include "model/rag_tool_result.h"

#include <QSplitter>

namespace raglens::ui {

class LookupResultView;
class AgentView;

class ConsoleResultPanes : public QSplitter
{
    Q_OBJECT
public:
    explicit ConsoleResultPanes(QWidget* parent = nullptr);

    void setResult(const LookupResult& result, const RagToolResult& agent);
    void clear();

    LookupResultView* resultView() const { return m_resultView; }
    AgentView* agentView() const { return m_agentView; }

private:
    LookupResultView* m_resultView = nullptr;
    AgentView* m_agentView = nullptr;
};

} // namespace raglens::ui
