#include "invocation/invocation_view.h"

#include "model/diagnosis_trace.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QVBoxLayout>

namespace raglens::ui {

InvocationView::InvocationView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabWidget(this);
    layout->addWidget(m_tabs);
    m_overview = buildOverviewTab();
    m_tabs->addTab(m_overview, tr("Invocation"));
    clear();
}

InvocationView::~InvocationView() = default;

QWidget* InvocationView::buildOverviewTab()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    m_outputPreview = new QLabel(page);
    m_outputPreview->setWordWrap(true);
    m_outputPreview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_outputPreview);
    layout->addStretch(1);
    return page;
}

void InvocationView::clear()
{
    m_showsRetrieval = false;
    m_outputPreview->setText(tr("Select a tool invocation to see what it did."));
}

bool InvocationView::showsRetrieval() const
{
    return m_showsRetrieval;
}

bool InvocationView::hasFullTrace() const
{
    return false;
}

void InvocationView::showThin(const TraceInvocation& inv)
{
    m_outputPreview->setText(
        tr("%1 — %2\n%3")
            .arg(inv.toolName, inv.success ? tr("succeeded") : tr("failed"), inv.outputPreview));
}

void InvocationView::setInvocation(const TraceInvocation& inv)
{
    m_showsRetrieval = inv.retrievalDetails.is_object() || !inv.retrievalDetailsRaw.isEmpty();
    showThin(inv);
}

} // namespace raglens::ui
