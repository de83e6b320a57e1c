#include "invocation/evidence_blocks_view.h"

#include "common/display_format.h"

#include "common/badge_colors.h"
#include "model/lookup_result.h"

namespace raglens::ui {

EvidenceBlocksView::EvidenceBlocksView(QWidget* parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
}

void EvidenceBlocksView::clearBlocks()
{
    // No lookup shown: no claim about its evidence either.
    m_blockCount = 0;
    m_shown.reset();
    QTextBrowser::clear();
}

void EvidenceBlocksView::changeEvent(QEvent* event)
{
    QTextBrowser::changeEvent(event);
    if (m_shown && (event->type() == QEvent::PaletteChange ||
                    event->type() == QEvent::ApplicationPaletteChange))
        render();
}

void EvidenceBlocksView::setBlocks(const std::vector<EvidenceBlock>& blocks,
                                   const RerankTrace* rerank, double preciseQuality,
                                   double referenceQuality)
{
    m_shown = Shown{blocks, rerank ? std::optional<RerankTrace>(*rerank) : std::nullopt,
                    preciseQuality, referenceQuality};
    render();
}

void EvidenceBlocksView::render()
{
    const std::vector<EvidenceBlock>& blocks = m_shown->blocks;
    const RerankTrace* rerank = m_shown->rerank ? &*m_shown->rerank : nullptr;
    const double preciseQuality = m_shown->preciseQuality;
    const double referenceQuality = m_shown->referenceQuality;
    m_blockCount = int(blocks.size());
    const QPalette pal = palette();
    const QString faint = pal.color(QPalette::PlaceholderText).name();
    QString html;
    if (blocks.empty())
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("No evidence blocks: nothing passed the minimum evidence quality."));
    for (const EvidenceBlock& b : blocks) {
        const Tone tone = b.quality >= preciseQuality
                              ? Tone::Good
                              : (b.quality >= referenceQuality ? Tone::Warning : Tone::Critical);
        html += QStringLiteral("<table width='100%' cellpadding='4' style='margin-bottom:8px'>"
                               "<tr><td style='background:%1;color:%2'><b>#%3 %4</b> &nbsp; %5"
                               "</td></tr><tr><td><span style='color:%6'>%7</span>"
                               "<pre style='white-space:pre-wrap'>%8</pre></td></tr></table>")
                    .arg(badgeBackground(tone, pal).name(), badgeForeground(tone, pal).name())
                    .arg(b.rank)
                    .arg(b.evidenceKey.toHtmlEscaped(),
                         tr("quality %1 · score %2")
                             .arg(displayNumber(b.quality, 3), displayNumber(b.score, 4)),
                         faint,
                         tr("category: %1 · source: %2%3")
                             .arg(b.category.toHtmlEscaped(), b.source.toHtmlEscaped(),
                                  b.heading.isEmpty()
                                      ? QString()
                                      : tr(" · heading: %1").arg(b.heading.toHtmlEscaped())),
                         b.content.toHtmlEscaped());
    }
    if (rerank && !rerank->dropped.empty()) {
        html += QStringLiteral("<h4>%1</h4><table cellpadding='3'>")
                    .arg(tr("Dropped candidates (%1 in, %2 kept)")
                             .arg(rerank->inputCount)
                             .arg(rerank->outputCount));
        html += QStringLiteral("<tr><th align='left'>%1</th><th align='left'>%2</th><th "
                               "align='left'>%3</th><th align='right'>%4</th></tr>")
                    .arg(tr("Evidence key"), tr("Reason"), tr("Lost to"), tr("Quality"));
        for (const DroppedCandidate& d : rerank->dropped)
            html += QStringLiteral(
                        "<tr><td>%1</td><td>%2</td><td>%3</td><td align='right'>%4</td></tr>")
                        .arg(d.evidenceKey.toHtmlEscaped(), d.reason.toHtmlEscaped(),
                             d.keptEvidenceKey.toHtmlEscaped(), displayNumber(d.quality, 3));
        html += QStringLiteral("</table>");
    }
    setHtml(html);
}

} // namespace raglens::ui
