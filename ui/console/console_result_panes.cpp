#include "console/console_result_panes.h"

#include "json/json_tree_view.h"

#include <QLabel>
#include <QVBoxLayout>

namespace raglens::ui {

static QWidget* titled(const QString& title, QWidget* body, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), box);
    layout->addWidget(label);
    layout->addWidget(body, 1);
    return box;
}

ConsoleResultPanes::ConsoleResultPanes(QWidget* parent) : QSplitter(Qt::Horizontal, parent)
{
    m_resultJson = new JsonTreeView(this);
    m_resultJson->setObjectName(QStringLiteral("lookupResultView"));
    m_agentJson = new JsonTreeView(this);
    m_agentJson->setObjectName(QStringLiteral("agentView"));
    m_resultView = m_resultJson;
    m_agentView = m_agentJson;
    addWidget(titled(tr("Full lookup trace"), m_resultJson, this));
    addWidget(titled(tr("What the agent sees"), m_agentJson, this));
    setStretchFactor(0, 3);
    setStretchFactor(1, 2);
}

void ConsoleResultPanes::setResult(const LookupResult& result, const RagToolResult& agent)
{
    m_resultJson->setJson(nlohmann::json(result));
    m_agentJson->setJson(nlohmann::json(agent));
}

void ConsoleResultPanes::clear()
{
    m_resultJson->clear();
    m_agentJson->clear();
}

} // namespace raglens::ui
