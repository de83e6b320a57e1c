#include "invocation/lookup_result_view.h"

#include "attempts/attempt_timeline_widget.h"
#include "attempts/attempts_view.h"
#include "invocation/context_pack_view.h"
#include "invocation/evidence_blocks_view.h"
#include "invocation/key_value_table.h"
#include "invocation/summary_card.h"
#include "model/lookup_result.h"
#include "json/json_guard.h"
#include "json/json_tree_view.h"

#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace raglens::ui {

using nlohmann::json;

LookupResultView::LookupResultView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_splitter = splitter;
    layout->addWidget(splitter);

    auto* scroll = new QScrollArea(splitter);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* top = new QWidget(scroll);
    auto* topLayout = new QVBoxLayout(top);
    m_note = new QLabel(top);
    m_note->setWordWrap(true);
    m_note->hide();
    m_query = new QLabel(top);
    m_query->setWordWrap(true);
    m_query->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary = new SummaryCard(top);
    m_timeline = new AttemptTimelineWidget(top);
    m_attempts = new AttemptsView(top);
    topLayout->addWidget(m_note);
    topLayout->addWidget(m_query);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(m_timeline);
    topLayout->addWidget(m_attempts, 1);
    scroll->setWidget(top);

    m_tabs = new QTabWidget(splitter);
    m_evidence = new EvidenceBlocksView(m_tabs);
    m_contextPack = new ContextPackView(m_tabs);
    m_hints = new KeyValueTable(m_tabs);
    m_json = new JsonTreeView(m_tabs);
    m_tabs->addTab(m_evidence, tr("Evidence blocks"));
    m_tabs->addTab(m_contextPack, tr("Context pack"));
    m_tabs->addTab(m_hints, tr("Query hints (L0)"));
    m_tabs->addTab(m_json, tr("LookupResult JSON"));
    splitter->addWidget(scroll);
    splitter->addWidget(m_tabs);
    // Its pages' preferred heights would otherwise be its minimum (about 290 px), which
    // left the summary above a few lines in a laptop-sized drill-down; they all scroll.
    m_tabs->setMinimumHeight(120);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    connect(splitter, &QSplitter::splitterMoved, this, [this] { m_splitChosen = true; });

    connect(m_timeline, &AttemptTimelineWidget::attemptClicked, m_attempts,
            &AttemptsView::selectAttempt);
    clear();
}

void LookupResultView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    divideOnce();
}

void LookupResultView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    divideOnce();
}

void LookupResultView::divideOnce()
{
    // A splitter first divides by its parts' size hints, and the evidence tabs ask for far
    // more than the summary: the summary, verdict and timeline were squeezed into a few
    // lines. The first real height is divided 3 : 2 instead; later the user's split stays.
    // Queued: the splitter gets its own new size after this event.
    if (m_splitChosen)
        return;
    QMetaObject::invokeMethod(
        this,
        [this] {
            const int h = m_splitter->height();
            if (m_splitChosen || !isVisible() || h < 100)
                return;
            m_splitChosen = true;
            m_splitter->setSizes({h * 3 / 5, h - h * 3 / 5});
        },
        Qt::QueuedConnection);
}

void LookupResultView::clear()
{
    m_note->hide();
    m_query->clear();
    m_summary->clear();
    m_timeline->clear();
    m_attempts->clear();
    m_evidence->clearBlocks();
    m_contextPack->setContextPack({});
    m_hints->setObject(json());
    m_json->clear();
}

void LookupResultView::showResult(const LookupResult& r)
{
    m_query->setText(r.query.isEmpty() ? QString()
                                       : tr("<b>Query:</b> %1").arg(r.query.toHtmlEscaped()));
    m_summary->setLookupResult(r);
    const AttemptTimeline t = AttemptTimeline::fromLookupResult(r);
    m_timeline->setTimeline(t);
    m_attempts->setTimeline(t);
    m_evidence->setBlocks(r.evidenceBlocks, &r.rerankTrace, r.settings.preciseQuality,
                          r.settings.referenceQuality);
    m_contextPack->setContextPack(r.contextPack);
    const QueryHints& h = r.retrievalTrace.queryHints;
    json hints = json::object();
    hints[tr("domains").toStdString()] = h.domains;
    hints[tr("matched keywords").toStdString()] = h.matchedKeywords;
    hints[tr("entities").toStdString()] = h.entities;
    hints[tr("L0 match count").toStdString()] = h.l0MatchCount;
    hints[tr("category filter").toStdString()] =
        h.categoryFilter.isEmpty() ? tr("none") : h.categoryFilter;
    hints[tr("domain confidence").toStdString()] = h.domainConfidence;
    hints[tr("rewritten query").toStdString()] =
        h.rewrittenQuery.isEmpty() ? tr("(not rewritten)") : h.rewrittenQuery;
    const auto& translations = r.retrievalTrace.queryTranslations;
    if (!translations.empty()) {
        // "term ← word", grouped in the order the dictionary gave them.
        QStringList shown;
        for (const QueryTranslation& t : translations)
            shown << (t.rankOnly ? tr("%1 ← %2 (weight %3, for the order only)")
                                 : tr("%1 ← %2 (weight %3)"))
                         .arg(t.term, t.from, QLocale().toString(t.weight, 'f', 2));
        hints[tr("translated terms").toStdString()] = shown;
    }
    if (!r.completenessHint.isEmpty())
        hints[tr("completeness hint").toStdString()] = r.completenessHint;
    m_hints->setObject(hints);
}

void LookupResultView::setLookupResult(const LookupResult& result)
{
    clear();
    showResult(result);
    m_json->setJson(json(result));
}

void LookupResultView::setLookupResultJson(const json& doc, const QString& note)
{
    clear();
    m_note->setVisible(!note.isEmpty());
    m_note->setText(note);
    if (json_guard::valueDepth(doc) > json_guard::kMaxJsonDepth) {
        m_json->setJson(doc);
        return;
    }
    LookupResult r;
    try {
        r = doc.get<LookupResult>();
    } catch (const json::exception& e) {
        m_note->setText(tr("The stored LookupResult could not be read completely: %1")
                            .arg(QString::fromUtf8(e.what())));
        m_note->show();
    }
    showResult(r);
    m_json->setJson(doc);
}

} // namespace raglens::ui
