#include "invocation/context_pack_view.h"

#include "interpret/invocation_facts.h"
#include "model/lookup_result.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QVBoxLayout>

namespace raglens::ui {

ContextPackView::ContextPackView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_budget = new QProgressBar(this);
    m_budget->setTextVisible(true);
    m_text = new QPlainTextEdit(this);
    m_text->setReadOnly(true);
    layout->addWidget(m_summary);
    layout->addWidget(m_budget);
    layout->addWidget(m_text, 1);
}

// The context pack's own cut, in the words every view uses for it.
static QString cutLabel()
{
    interpret::Truncation t;
    t.contextPack = true;
    t.any = true;
    return interpret::truncationLabel(t);
}

void ContextPackView::setContextPack(const ContextPack& pack)
{
    m_summary->setText(
        tr("Blocks included: %1 — %2 of %3 characters used%4")
            .arg(pack.includedBlocks)
            .arg(pack.usedChars)
            .arg(pack.budgetChars)
            .arg(pack.truncated ? QStringLiteral(" — ") + cutLabel() : tr(" — nothing cut")));
    m_budget->setRange(0, std::max(1, pack.budgetChars));
    m_budget->setValue(std::clamp(pack.usedChars, 0, std::max(1, pack.budgetChars)));
    m_budget->setFormat(tr("%1 / %2 characters").arg(pack.usedChars).arg(pack.budgetChars));
    m_text->setPlainText(pack.text);
}

QString ContextPackView::summaryText() const
{
    return m_summary->text();
}

} // namespace raglens::ui
