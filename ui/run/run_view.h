#pragma once
// The run view: a header naming the run and its outcome, the ratings people gave it with a
// button to add one, and the run's diagnosis_trace events and steps (with their
// invocations nested) on one time axis.

#include "model/diagnosis_trace.h"
#include "run/run_gantt_layout.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QScrollArea;

namespace raglens::ui {

class RunGanttWidget;

class RunView : public QWidget
{
    Q_OBJECT
public:
    explicit RunView(QWidget* parent = nullptr);

    void setRun(const TraceRun& run, const std::vector<TraceStep>& steps,
                const std::vector<TraceInvocation>& invocations,
                const std::vector<TraceEvent>& events);
    void clear();
    /// The run's run_feedback rows, once read (they are read after the run is shown).
    void setFeedback(const std::vector<RunFeedback>& feedback);
    /// Whether "Rate Run…" can write; `why` says what stops it when it cannot.
    void setRatingAvailable(bool available, const QString& why);
    QString feedbackText() const;
    QString runId() const { return m_runId; }
    /// The header as shown: run, outcome, times, fallback cause and question.
    QString titleText() const;
    void setCurrent(GanttItem::Type type, qint64 id);
    RunGanttWidget* gantt() const { return m_gantt; }
    /// The timeline as an image (for "Export timeline as PNG").
    QImage timelineImage() const;

signals:
    void stepActivated(qint64 stepId);
    void invocationActivated(qint64 invocationId);
    void eventActivated(qint64 eventId);
    void rateRequested();

private:
    QLabel* m_title = nullptr;
    QLabel* m_feedback = nullptr;
    QPushButton* m_rate = nullptr;
    QScrollArea* m_scroll = nullptr;
    RunGanttWidget* m_gantt = nullptr;
    QString m_runId;
    QString m_feedbackRun; ///< the run whose ratings the feedback line shows
};

} // namespace raglens::ui
