#pragma once
// The console's two result panes side by side: the whole LookupResult (what a human
// reads) and the RagToolResult exactly as the agent receives it. The one place that knows
// which widgets draw them, so the console itself only hands over values.

#include "model/lookup_result.h"
#include "model/rag_tool_result.h"

#include <QSplitter>

class QLabel;

namespace raglens::ui {

class JsonTreeView;

class ConsoleResultPanes : public QSplitter
{
    Q_OBJECT
public:
    explicit ConsoleResultPanes(QWidget* parent = nullptr);

    void setResult(const LookupResult& result, const RagToolResult& agent);
    void clear();

    QWidget* resultView() const { return m_resultView; }
    QWidget* agentView() const { return m_agentView; }

private:
    QWidget* m_resultView = nullptr;
    QWidget* m_agentView = nullptr;
    JsonTreeView* m_resultJson = nullptr;
    JsonTreeView* m_agentJson = nullptr;
};

} // namespace raglens::ui
