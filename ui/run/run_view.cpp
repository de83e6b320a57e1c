#include "run/run_view.h"

#include "common/display_format.h"
#include "interpret/run_facts.h"
#include "run/run_gantt_widget.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace raglens::ui {

RunView::RunView(QWidget* parent) : QWidget(parent)
{
    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_gantt = new RunGanttWidget(this);
    setFocusProxy(m_gantt); // Ctrl+2 lands on the timeline, ready for Up/Down
    m_scroll = new QScrollArea(this);
    m_scroll->setWidget(m_gantt);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_title);
    layout->addWidget(m_scroll, 1);
    connect(m_gantt, &RunGanttWidget::itemActivated, this, [this](GanttItem::Type type, qint64 id) {
        switch (type) {
        case GanttItem::Type::Step:
            emit stepActivated(id);
            break;
        case GanttItem::Type::Invocation:
            emit invocationActivated(id);
            break;
        case GanttItem::Type::Event:
            emit eventActivated(id);
            break;
        }
    });
    clear();
}

void RunView::setRun(const TraceRun& run, const std::vector<TraceStep>& steps,
                     const std::vector<TraceInvocation>& invocations,
                     const std::vector<TraceEvent>& events)
{
    m_runId = run.runId;
    QString title =
        tr("Run %1 · %2 · %3 · %4")
            .arg(run.runId, run.releaseOutcome.isEmpty() ? run.status : run.releaseOutcome,
                 displayTime(run.startedAt),
                 displayDuration(msBetween(run.startedAt, run.finishedAt)));
    // The cause comes from the one interpretation the tree and the drill-down also show;
    // the reason the agent recorded is named apart from it.
    const interpret::RunFallbackCause cause = interpret::runFallbackCause(run, invocations);
    if (interpret::isFallbackRun(run)) {
        title += tr(" · fallback cause: %1").arg(interpret::fallbackCauseLabel(cause.kind));
        if (!run.fallbackReason.isEmpty())
            title += tr(" (recorded as %1)").arg(run.fallbackReason);
    } else if (!run.fallbackReason.isEmpty()) {
        title += tr(" · recorded fallback reason: %1").arg(run.fallbackReason);
    }
    if (!run.question.isEmpty())
        title += QLatin1Char('\n') + run.question;
    m_title->setText(title);
    m_title->setToolTip(cause.sentence);
    m_gantt->setLayoutData(layoutRun(run, steps, invocations, events));
}

void RunView::clear()
{
    m_runId.clear();
    m_title->setText(tr("No run selected"));
    m_title->setToolTip(QString());
    m_gantt->clear();
}

QString RunView::titleText() const
{
    return m_title->text();
}

void RunView::setCurrent(GanttItem::Type type, qint64 id)
{
    m_gantt->setCurrent(type, id);
}

QImage RunView::timelineImage() const
{
    return m_gantt->renderImage();
}

} // namespace raglens::ui
