#include "mainwindow/run_rating_action.h"

#include "audit/run_feedback.h"
#include "common/database_worker.h"
#include "db/audit_database.h"
#include "run/run_feedback_dialog.h"
#include "run/run_view.h"
#include "sessionspage/sessions_page.h"

#include <QAction>

namespace raglens::ui {

RunRatingAction::RunRatingAction(SessionsPage* page, QWidget* window)
    : WindowController(window), m_page(page), m_window(window)
{
    m_action = new QAction(tr("Rate &Run…"), window);
    m_action->setObjectName(QStringLiteral("rateRun"));
    m_action->setStatusTip(
        tr("Say whether the selected run helped, with a comment (writes run_feedback)"));
    m_action->setEnabled(false);
    connect(m_action, &QAction::triggered, this, &RunRatingAction::rateCurrentRun);
    connect(page->runView(), &RunView::rateRequested, this, &RunRatingAction::rateCurrentRun);
    connect(page, &SessionsPage::runShown, this, &RunRatingAction::update);
}

QString RunRatingAction::whyRunsCannotBeRated() const
{
    const AuditDatabase* db = m_page->database();
    if (!db)
        return tr("Open an audit database first.");
    if (db->isReadOnly())
        return tr("This database is open read-only (RagLens did not create it), so ratings "
                  "cannot be written from the window; raglens-cli rate --write can write "
                  "one.");
    return {};
}

void RunRatingAction::update()
{
    const QString why = whyRunsCannotBeRated();
    const bool runShown = !m_page->runView()->runId().isEmpty();
    m_action->setEnabled(why.isEmpty() && runShown);
    m_page->runView()->setRatingAvailable(why.isEmpty(), why);
}

void RunRatingAction::rateCurrentRun()
{
    const QString runId = m_page->runView()->runId();
    if (const QString why = whyRunsCannotBeRated(); !why.isEmpty() || runId.isEmpty()) {
        emit statusMessage(why.isEmpty() ? tr("Select a run to rate it.") : why, 8000);
        return;
    }
    const TraceRun* run = m_page->currentRun();
    RunFeedbackDialog dialog(runId, run ? run->question : QString(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const std::optional<bool> satisfied = dialog.satisfied();
    const QString comment = dialog.comment();
    const QDateTime at = QDateTime::currentDateTimeUtc();
    readOpenDatabase<Status>(
        m_page->worker(), *m_page->database(), this,
        [runId, satisfied, comment, at](AuditDatabase& db) {
            return writeRunFeedback(db, runId, satisfied, comment, at);
        },
        [this, runId](Expected<Status> answer) {
            const Status written = flattened(std::move(answer));
            if (!written) {
                emit errorOccurred(tr("Cannot save the rating"), written.error());
                return;
            }
            emit statusMessage(tr("Rating of run %1 saved.").arg(runId), 5000);
            m_page->readRunFeedback(runId);
            emit runRated(runId);
        });
}

} // namespace raglens::ui
