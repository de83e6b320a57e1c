#include "console/console_result_panes.h"

#include "invocation/agent_view.h"
#include "invocation/lookup_result_view.h"

#include <QLabel>
#include <QVBoxLayout>

namespace raglens::ui {

static QWidget* titled(const QString& title, const QString& hint, QWidget* body, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), box);
    label->setToolTip(hint);
    layout->addWidget(label);
    layout->addWidget(body, 1);
    return box;
}

ConsoleResultPanes::ConsoleResultPanes(QWidget* parent) : QSplitter(Qt::Horizontal, parent)
{
    m_resultView = new LookupResultView(this);
    m_resultView->setObjectName(QStringLiteral("consoleLookupResultView"));
    m_agentView = new AgentView(this);
    m_agentView->setObjectName(QStringLiteral("consoleAgentView"));
    addWidget(titled(tr("Full lookup trace"),
                     tr("Everything the lookup decided; the agent never sees this."), m_resultView,
                     this));
    addWidget(titled(tr("What the agent sees"),
                     tr("The RagToolResult exactly as the model receives it."), m_agentView, this));
    setStretchFactor(0, 3);
    setStretchFactor(1, 2);
    setChildrenCollapsible(false);
}

void ConsoleResultPanes::setResult(const LookupResult& result, const RagToolResult& agent)
{
    m_resultView->setLookupResult(result);
    m_agentView->setResult(agent);
}

void ConsoleResultPanes::clear()
{
    m_resultView->clear();
    m_agentView->clear();
}

} // namespace raglens::ui
