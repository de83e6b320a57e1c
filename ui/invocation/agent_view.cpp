#include "invocation/agent_view.h"

#include "common/display_format.h"

#include "common/badge_colors.h"
#include "interpret/invocation_facts.h"
#include "model/rag_tool_result.h"

#include <QLocale>

#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace raglens::ui {

AgentView::AgentView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_readable = new QTextBrowser(splitter);
    m_json = new QPlainTextEdit(splitter);
    m_json->setReadOnly(true);
    m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    splitter->addWidget(m_readable);
    splitter->addWidget(m_json);
    layout->addWidget(splitter);
    clear();
}

void AgentView::clear()
{
    m_readable->setHtml(QStringLiteral("<p><i>%1</i></p>").arg(tr("No agent result.")));
    m_json->clear();
}

static QString badge(const QString& text, const QPalette& pal)
{
    const Tone tone = toneOf(text);
    return QStringLiteral("<span style='background:%1;color:%2'>&nbsp;%3&nbsp;</span>")
        .arg(badgeBackground(tone, pal).name(), badgeForeground(tone, pal).name(),
             text.toHtmlEscaped());
}

void AgentView::setResult(const RagToolResult& r)
{
    const QPalette pal = palette();
    QString html =
        QStringLiteral("<p>%1 %2 &nbsp; %3 %4</p>")
            .arg(tr("Evidence status:"), badge(r.evidenceStatus, pal), tr("Relevance:"),
                 r.relevanceLevel.isEmpty() ? tr("(omitted)") : badge(r.relevanceLevel, pal));
    if (!r.completenessHint.isEmpty())
        html += QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(tr("Completeness hint:"), r.completenessHint.toHtmlEscaped());
    // The agent's own truncation flag, named as everywhere else; the context pack's budget is
    // a different fact, shown on the trace side.
    interpret::Truncation agentCut;
    agentCut.agent = r.truncated;
    agentCut.any = r.truncated;
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("Excerpts returned: %1 (%2)")
                         .arg(QLocale().toString(r.returnedCount),
                              r.truncated ? interpret::truncationLabel(agentCut)
                                          : tr("excerpts not cut")));
    if (!r.errorMessage.isEmpty())
        html += QStringLiteral("<p>%1 %2</p>")
                    .arg(badge(QStringLiteral("ERROR"), pal), r.errorMessage.toHtmlEscaped());
    for (const RagEvidenceExcerpt& e : r.evidence)
        html +=
            QStringLiteral("<p><b>%1</b> <span>(%2)</span><br><tt>%3</tt></p>")
                .arg(e.evidenceKey.toHtmlEscaped(),
                     tr("quality %1").arg(displayNumber(e.quality, 3)),
                     e.excerpt.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    m_readable->setHtml(html);
    nlohmann::json j = r;
    m_json->setPlainText(
        QString::fromStdString(j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)));
}

QString AgentView::jsonText() const
{
    return m_json->toPlainText();
}

} // namespace raglens::ui
