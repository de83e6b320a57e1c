#include "run/run_view.h"

#include "common/display_format.h"
#include "interpret/run_facts.h"
#include "run/run_gantt_widget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace raglens::ui {

RunView::RunView(QWidget* parent) : QWidget(parent)
{
    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_feedback = new QLabel(this);
    m_feedback->setObjectName(QStringLiteral("runFeedback"));
    m_feedback->setTextFormat(Qt::PlainText);
    m_feedback->setWordWrap(true);
    m_feedback->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rate = new QPushButton(tr("Rate Run…"), this);
    m_rate->setObjectName(QStringLiteral("rateRun"));
    connect(m_rate, &QPushButton::clicked, this, &RunView::rateRequested);
    m_gantt = new RunGanttWidget(this);
    setFocusProxy(m_gantt); // Ctrl+2 lands on the timeline, ready for Up/Down
    m_scroll = new QScrollArea(this);
    m_scroll->setWidget(m_gantt);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_title);
    auto* feedbackRow = new QHBoxLayout;
    feedbackRow->addWidget(m_feedback, 1);
    feedbackRow->addWidget(m_rate, 0, Qt::AlignTop);
    layout->addLayout(feedbackRow);
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
    const QString outcome = interpret::runOutcome(run);
    QString title =
        tr("Run %1 · %2 · %3 · %4")
            .arg(run.runId, outcome.isEmpty() ? run.status : outcome,
                 displayTime(run.startedAt, run.unreadTimes, QLatin1String("started_at")),
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
    if (m_feedbackRun != run.runId) {
        m_feedbackRun.clear();
        m_feedback->clear();
    }
    m_rate->setVisible(true);
    m_gantt->setLayoutData(layoutRun(run, steps, invocations, events));
}

void RunView::clear()
{
    m_runId.clear();
    m_title->setText(tr("No run selected"));
    m_title->setToolTip(QString());
    m_feedback->clear();
    m_feedbackRun.clear();
    m_rate->setVisible(false);
    m_gantt->clear();
}

void RunView::setFeedback(const std::vector<RunFeedback>& feedback)
{
    m_feedbackRun = m_runId;
    if (feedback.empty()) {
        m_feedback->setText(tr("No one has rated this run yet."));
        return;
    }
    QStringList lines;
    for (const RunFeedback& f : feedback) {
        QString line = !f.satisfied.has_value() ? tr("Comment")
                       : *f.satisfied           ? tr("Rated helpful")
                                                : tr("Rated not helpful");
        if (f.createdAt.isValid())
            line += tr(" · %1").arg(displayTime(f.createdAt));
        if (!f.comment.trimmed().isEmpty())
            line += tr(": %1").arg(f.comment.trimmed());
        lines << line;
    }
    m_feedback->setText(lines.join(QLatin1Char('\n')));
}

void RunView::setRatingAvailable(bool available, const QString& why)
{
    m_rate->setEnabled(available);
    m_rate->setToolTip(available ? tr("Say whether this run helped, with a comment; written "
                                      "to the run_feedback table")
                                 : why);
}

QString RunView::feedbackText() const
{
    return m_feedback->text();
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
