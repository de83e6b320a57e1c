#include "replay/replay_dialog.h"
#include "interpret/invocation_facts.h"
#include "replay/empty_cause_check.h"

#include "common/background_pool.h"
#include "invocation/lookup_result_view.h"
#include "kb/knowledge_base.h"
#include "replay/recorded_lookup.h"
#include "replay/replay_diff_view.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace raglens::ui {

static ReplayJobResult runReplayJob(std::shared_ptr<const KnowledgeBase> kb,
                                    TraceInvocation invocation)
{
    ReplayJobResult r;
    const LookupEngine engine(std::move(kb));
    auto outcome = replayInvocation(engine, invocation);
    if (!outcome) {
        r.error = outcome.error();
        return r;
    }
    r.ok = true;
    r.outcome = std::move(*outcome);
    return r;
}

ReplayDialog::ReplayDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Replay against local knowledge base"));
    m_header = new QLabel(this);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("replayStatusLabel"));
    m_status->setWordWrap(true);
    m_replay = new QPushButton(tr("Replay against local KB"), this);
    m_replay->setObjectName(QStringLiteral("replayButton"));
    m_replay->setToolTip(tr("Look the recorded query up again with today's index and "
                            "thresholds, and compare with what was recorded."));

    m_diffView = new ReplayDiffView(this);
    m_replayedView = new LookupResultView(this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_diffView, tr("What changed"));
    m_tabs->addTab(m_replayedView, tr("Replayed lookup"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_replay, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_status);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(buttons);
    resize(1000, 720);

    m_watcher = new QFutureWatcher<ReplayJobResult>(this);
    connect(m_watcher, &QFutureWatcherBase::finished, this, &ReplayDialog::onFinished);
    connect(m_replay, &QPushButton::clicked, this, &ReplayDialog::replay);
    updateState();
}

ReplayDialog::~ReplayDialog()
{
    m_watcher->disconnect(this);
    m_watcher->waitForFinished();
}

void ReplayDialog::setInvocation(const TraceInvocation& invocation)
{
    m_invocation = invocation;
    m_hasInvocation = true;
    m_hasDiff = false;
    m_diffView->clear();
    m_replayedView->clear();
    auto request = replayRequestFor(invocation);
    m_blockedReason = request ? QString() : request.error();
    const RecordedLookup rec = recordedLookupOf(invocation);
    m_header->setText(
        tr("Invocation <b>%1</b> (%2) of run %3 — query: <i>%4</i>")
            .arg(invocation.shownId().toHtmlEscaped(), invocation.toolName.toHtmlEscaped(),
                 invocation.runId.toHtmlEscaped(),
                 rec.query.isEmpty() ? tr("not recorded") : rec.query.toHtmlEscaped()));
    updateState();
}

void ReplayDialog::setKnowledgeBase(std::shared_ptr<KnowledgeBase> kb)
{
    m_kb = std::move(kb);
    updateState();
}

bool ReplayDialog::canReplay() const
{
    return m_hasInvocation && m_kb && m_blockedReason.isEmpty();
}

bool ReplayDialog::isRunning() const
{
    return m_watcher->isRunning();
}

void ReplayDialog::updateState()
{
    m_replay->setEnabled(canReplay() && !isRunning());
    if (isRunning())
        return;
    if (!m_hasInvocation)
        m_status->setText(tr("Select a lookup_knowledge invocation to replay."));
    else if (!m_blockedReason.isEmpty())
        m_status->setText(m_blockedReason);
    else if (!m_kb)
        m_status->setText(tr("Open a knowledge base to replay against."));
    else if (!m_hasDiff)
        m_status->setText(
            tr("Ready to replay against %1.").arg(QDir::toNativeSeparators(m_kb->directory())));
}

void ReplayDialog::replay()
{
    if (!canReplay() || isRunning())
        return;
    m_status->setText(tr("Replaying…"));
    m_watcher->setFuture(QtConcurrent::run(
        backgroundPool(), runReplayJob, std::shared_ptr<const KnowledgeBase>(m_kb), m_invocation));
    updateState();
}

void ReplayDialog::onFinished()
{
    const ReplayJobResult r = m_watcher->future().result();
    if (!r.ok) {
        m_hasDiff = false;
        m_status->setText(tr("Replay failed: %1").arg(r.error));
    } else {
        m_diff = r.outcome.diff;
        m_hasDiff = true;
        m_diffView->setDiff(m_diff);
        m_replayedView->setLookupResult(r.outcome.replayed);
        QString status = tr("Replayed against %1 in %2 ms.")
                             .arg(QDir::toNativeSeparators(m_kb->directory()))
                             .arg(qRound(r.outcome.replayed.durationMs));
        // An empty recorded lookup: say whether the backend or the coverage is to blame.
        const bool recordedEmpty = interpret::interpretInvocation(m_invocation).evidenceStatus ==
                                   interpret::EvidenceStatus::NoEvidence;
        if (recordedEmpty)
            status += QLatin1Char(' ') + checkEmptyCause(true, r.outcome.replayed).sentence;
        m_status->setText(status);
        m_tabs->setCurrentWidget(m_diffView);
    }
    updateState();
    emit replayFinished();
}

} // namespace raglens::ui
