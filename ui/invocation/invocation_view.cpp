#include "invocation/invocation_view.h"

#include "attempts/attempt_timeline_widget.h"
#include "attempts/attempts_view.h"
#include "interpret/run_facts.h"
#include "invocation/key_value_table.h"
#include "invocation/lookup_result_view.h"
#include "invocation/summary_card.h"
#include "model/diagnosis_trace.h"
#include "model/vocabulary.h"
#include "json/json_tree_view.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

namespace raglens::ui {

using nlohmann::json;

namespace {

QGroupBox* group(const QString& title, QWidget* parent)
{
    auto* box = new QGroupBox(title, parent);
    box->setFlat(true);
    return box;
}

void fillList(QListWidget* list, const QStringList& items, const QString& emptyText)
{
    list->clear();
    if (items.isEmpty()) {
        auto* item = new QListWidgetItem(emptyText, list);
        item->setFlags(Qt::NoItemFlags);
    } else {
        list->addItems(items);
    }
    // As tall as the keys (the audit keeps a handful), scrolling past eight.
    const int rows = std::min(std::max(1, list->count()), 8);
    list->setFixedHeight(rows * list->sizeHintForRow(0) + 2 * list->frameWidth() + 4);
}

} // namespace

InvocationView::InvocationView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabWidget(this);
    layout->addWidget(m_tabs);

    auto* scroll = new QScrollArea(m_tabs);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_overview = buildOverviewTab();
    scroll->setWidget(m_overview);
    m_tabs->addTab(scroll, tr("Invocation"));

    m_detailsTree = new JsonTreeView(m_tabs);
    m_detailsTabIndex = m_tabs->addTab(m_detailsTree, tr("retrieval_details"));
    m_fullTrace = new LookupResultView(m_tabs);
    m_fullTraceTabIndex = m_tabs->addTab(m_fullTrace, tr("Full trace"));
    m_unreadableFullTrace = new JsonTreeView(m_tabs);
    m_unreadableFullTraceTabIndex = m_tabs->addTab(m_unreadableFullTrace, tr("Full trace"));

    connect(m_timeline, &AttemptTimelineWidget::attemptClicked, m_attempts,
            &AttemptsView::selectAttempt);
    clear();
}

InvocationView::~InvocationView() = default;

int InvocationView::minimumReadingWidth() const
{
    const QMargins page = m_overview->layout()->contentsMargins();
    const QMargins box = m_retrievalBox->layout()->contentsMargins();
    const int frame = 2 * style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, this);
    const int timeline = m_timeline->minimumSizeHint().width() + box.left() + box.right() + frame +
                         page.left() + page.right();
    const int content = std::max(m_overview->minimumSizeHint().width(), timeline);
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    return content + scrollBar + frame + 4; // and the tab widget's pane around it
}

QWidget* InvocationView::buildOverviewTab()
{
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);

    // Why the run fell back comes first: it is the question a FALLBACK run is opened with,
    // and it is a different fact from any one lookup's retry reason.
    m_runCause = new QLabel(page);
    m_runCause->setObjectName(QStringLiteral("runFallbackCause"));
    m_runCause->setWordWrap(true);
    m_runCause->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runCause->setMargin(6);
    m_runCause->setAutoFillBackground(true);
    layout->addWidget(m_runCause);

    // DESIGN §4 reading order: success and status, search mode, attempts, evidence, input.
    m_summary = new SummaryCard(page);
    layout->addWidget(m_summary);
    // The offer's reason wraps beside a short button, so a narrow drill-down keeps it whole.
    m_replayRow = new QWidget(page);
    auto* replayLayout = new QHBoxLayout(m_replayRow);
    replayLayout->setContentsMargins(0, 0, 0, 0);
    auto* why = new QLabel(tr("Nothing came back. A replay against the local knowledge base "
                              "tells a backend fault from a gap in coverage."),
                           m_replayRow);
    why->setWordWrap(true);
    m_replayOffer = new QPushButton(tr("Replay (Ctrl+R)"), m_replayRow);
    m_replayOffer->setObjectName(QStringLiteral("replayOffer"));
    connect(m_replayOffer, &QPushButton::clicked, this, &InvocationView::replayRequested);
    replayLayout->addWidget(why, 1);
    replayLayout->addWidget(m_replayOffer, 0, Qt::AlignVCenter);
    layout->addWidget(m_replayRow);

    m_retrievalBox = group(tr("Attempts"), page);
    auto* attemptsLayout = new QVBoxLayout(m_retrievalBox);
    m_timeline = new AttemptTimelineWidget(m_retrievalBox);
    m_attempts = new AttemptsView(m_retrievalBox);
    attemptsLayout->addWidget(m_timeline);
    attemptsLayout->addWidget(m_attempts);
    layout->addWidget(m_retrievalBox);

    m_evidenceBox = group(tr("Evidence"), page);
    auto* evidenceLayout = new QHBoxLayout(m_evidenceBox);
    auto* keysBox = new QVBoxLayout;
    keysBox->addWidget(new QLabel(tr("Evidence keys"), m_evidenceBox));
    m_evidenceKeys = new QListWidget(m_evidenceBox);
    keysBox->addWidget(m_evidenceKeys);
    auto* sourcesBox = new QVBoxLayout;
    sourcesBox->addWidget(new QLabel(tr("Sources"), m_evidenceBox));
    m_sources = new QListWidget(m_evidenceBox);
    sourcesBox->addWidget(m_sources);
    keysBox->addStretch(1);
    sourcesBox->addStretch(1);
    evidenceLayout->addLayout(keysBox, 3);
    evidenceLayout->addLayout(sourcesBox, 2);
    layout->addWidget(m_evidenceBox);

    auto* inputBox = group(tr("Input parameters"), page);
    auto* inputLayout = new QVBoxLayout(inputBox);
    m_inputParams = new KeyValueTable(inputBox);
    inputLayout->addWidget(m_inputParams);
    layout->addWidget(inputBox);

    m_outputBox = group(tr("Output preview"), page);
    auto* outputLayout = new QVBoxLayout(m_outputBox);
    m_outputPreview = new QLabel(m_outputBox);
    m_outputPreview->setWordWrap(true);
    m_outputPreview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outputLayout->addWidget(m_outputPreview);
    layout->addWidget(m_outputBox);
    layout->addStretch(1);
    return page;
}

void InvocationView::setRunCause(const interpret::RunFallbackCause* cause)
{
    const bool shown = cause && cause->kind != interpret::FallbackCauseKind::NotFallback;
    m_runCause->setVisible(shown);
    if (!shown) {
        m_runCause->clear();
        return;
    }
    const Tone tone = cause->kind == interpret::FallbackCauseKind::ToolError ||
                              cause->kind == interpret::FallbackCauseKind::LookupError
                          ? Tone::Critical
                          : Tone::Warning;
    QPalette p = m_runCause->palette();
    p.setColor(QPalette::Window, badgeBackground(tone, palette()));
    p.setColor(QPalette::WindowText, badgeForeground(tone, palette()));
    m_runCause->setPalette(p);
    m_runCause->setText(tr("Fallback cause: %1").arg(cause->sentence));
}

void InvocationView::setReplayAvailable(bool available)
{
    m_replayAvailable = available;
    m_replayRow->setVisible(m_replayAvailable && m_emptyLookup);
}

bool InvocationView::offersReplay() const
{
    return !m_replayRow->isHidden();
}

QString InvocationView::runCauseText() const
{
    return m_runCause->isHidden() ? QString() : m_runCause->text();
}

void InvocationView::showRunWithoutCall(const interpret::RunFallbackCause& cause, int calls)
{
    clear();
    setRunCause(&cause);
    m_summary->hide();
    m_outputPreview->setText(calls == 0 ? tr("This run recorded no tool calls.")
                                        : tr("This run made no lookup_knowledge call: there is no "
                                             "retrieval to show. Its %n other tool call(s) are in "
                                             "the tree and on the run's timeline.",
                                             nullptr, calls));
    m_outputBox->show();
}

void InvocationView::clear()
{
    m_showsRetrieval = false;
    m_emptyLookup = false;
    m_replayRow->hide();
    m_summary->show();
    m_summary->clear();
    m_timeline->clear();
    m_attempts->clear();
    m_evidenceKeys->clear();
    m_sources->clear();
    m_inputParams->setObject(json());
    m_outputPreview->setText(tr("Select a tool invocation to see what it did."));
    m_detailsTree->clear();
    m_fullTrace->clear();
    m_unreadableFullTrace->clear();
    m_retrievalBox->hide();
    m_evidenceBox->hide();
    m_tabs->setTabVisible(m_detailsTabIndex, false);
    m_tabs->setTabVisible(m_fullTraceTabIndex, false);
    m_tabs->setTabVisible(m_unreadableFullTraceTabIndex, false);
    m_tabs->setCurrentIndex(0);
    setRunCause(nullptr);
}

bool InvocationView::showsRetrieval() const
{
    return m_showsRetrieval;
}

bool InvocationView::hasFullTrace() const
{
    return m_tabs->isTabVisible(m_fullTraceTabIndex) ||
           m_tabs->isTabVisible(m_unreadableFullTraceTabIndex);
}

void InvocationView::showThin(const TraceInvocation& inv)
{
    // Other tools keep thin audit rows: tool, success, error, input and a one-line output.
    m_retrievalBox->hide();
    m_evidenceBox->hide();
    m_outputPreview->setText(inv.outputPreview.isEmpty() ? tr("(no output preview recorded)")
                                                         : inv.outputPreview);
}

void InvocationView::setInvocation(const TraceInvocation& inv,
                                   const interpret::RunFallbackCause* runCause)
{
    const int previousTab = m_tabs->currentIndex();
    clear();
    setRunCause(runCause);
    m_summary->setInvocation(inv);
    m_showsRetrieval = m_summary->facts().isRetrieval;
    m_emptyLookup =
        m_summary->facts().facts.evidenceStatus == interpret::EvidenceStatus::NoEvidence;
    setReplayAvailable(m_replayAvailable);
    if (inv.inputParams.is_object())
        m_inputParams->setObject(inv.inputParams);
    else if (!inv.inputParamsRaw.isEmpty())
        m_inputParams->setObject(json{{tr("(unreadable input_params)").toStdString(),
                                       inv.inputParamsRaw.left(500).toStdString()}});
    showThin(inv);
    m_outputBox->setVisible(!inv.outputPreview.isEmpty() || !m_showsRetrieval);

    const bool hasDetails = inv.retrievalDetails.is_object() ||
                            !inv.retrievalDetailsRaw.isEmpty() ||
                            !inv.retrievalDetailsError.isEmpty();
    if (hasDetails) {
        m_tabs->setTabVisible(m_detailsTabIndex, true);
        m_detailsTree->setJson(inv.retrievalDetails, inv.retrievalDetailsRaw,
                               inv.retrievalDetailsError);
    }
    if (m_showsRetrieval) {
        const AttemptTimeline t = AttemptTimeline::fromDetails(inv.details);
        m_timeline->setTimeline(t);
        m_attempts->setTimeline(t);
        m_retrievalBox->show();
        m_evidenceBox->show();
        fillList(m_evidenceKeys, inv.details.evidenceKeys, tr("(no evidence keys)"));
        fillList(m_sources, inv.details.sources, tr("(no sources)"));
    }
    if (!inv.fullTrace.is_null()) {
        m_tabs->setTabVisible(m_fullTraceTabIndex, true);
        m_fullTrace->setLookupResultJson(
            inv.fullTrace, inv.fullTraceReason.isEmpty()
                               ? tr("Full LookupResult sampled for this invocation.")
                               : tr("Full LookupResult sampled for this invocation (%1).")
                                     .arg(inv.fullTraceReason));
    } else if (!inv.fullTraceError.isEmpty()) {
        // A sample cut by a size limit: its tab shows the text it holds and why it is no
        // LookupResult, as the retrieval_details tab does for malformed details.
        m_tabs->setTabVisible(m_unreadableFullTraceTabIndex, true);
        m_unreadableFullTrace->setJson(json(), inv.fullTraceRaw, inv.fullTraceError);
    }
    // Keep the user on the tab they were reading when moving between invocations.
    if (previousTab > 0 && m_tabs->isTabVisible(previousTab))
        m_tabs->setCurrentIndex(previousTab);
}

} // namespace raglens::ui
