// MainWindow: Invocation → Rate Run… (and the run view's button) lets a person say whether
// the run on screen helped. The rating is written in the database worker through core's
// writeRunFeedback, only on a database open for writing; the run view then shows it, and
// health and the facts index read it again.

#include "mainwindow/main_window.h"

#include "audit/run_feedback.h"
#include "common/database_worker.h"
#include "db/audit_database.h"
#include "run/run_feedback_dialog.h"
#include "run/run_view.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_model.h"
#include "trace/audit_browser.h"

#include <QAction>
#include <QMenu>
#include <QStatusBar>
#include <QTreeView>

namespace raglens::ui {

void MainWindow::createRateRunAction(QMenu* menu)
{
    m_rateRunAction = menu->addAction(tr("Rate &Run…"));
    m_rateRunAction->setObjectName(QStringLiteral("rateRun"));
    m_rateRunAction->setStatusTip(
        tr("Say whether the selected run helped, with a comment (writes run_feedback)"));
    m_rateRunAction->setEnabled(false);
    connect(m_rateRunAction, &QAction::triggered, this, &MainWindow::rateCurrentRun);
    connect(m_runView, &RunView::rateRequested, this, &MainWindow::rateCurrentRun);
}

QString MainWindow::whyRunsCannotBeRated() const
{
    if (!m_db)
        return tr("Open an audit database first.");
    if (m_db->isReadOnly())
        return tr("This database is open read-only (RagLens did not create it), so ratings "
                  "cannot be written from the window; raglens-cli rate --write can write "
                  "one.");
    return {};
}

void MainWindow::updateRateRunAction()
{
    const QString why = whyRunsCannotBeRated();
    const bool runShown = !m_runView->runId().isEmpty();
    m_rateRunAction->setEnabled(why.isEmpty() && runShown);
    m_runView->setRatingAvailable(why.isEmpty(), why);
}

void MainWindow::readRunFeedback(const QString& runId)
{
    const quint64 generation = m_runEventsGeneration;
    using Feedback = std::vector<RunFeedback>;
    const auto show = [this, generation, runId](const Expected<Feedback>& feedback) {
        if (generation != m_runEventsGeneration || m_runView->runId() != runId)
            return;
        if (feedback)
            m_runView->setFeedback(*feedback);
    };
    if (!m_worker) // ":memory:": only this connection can read it
        return show(AuditBrowser(*m_db).feedbackOfRun(runId));
    m_worker->read<Expected<Feedback>>(
        this, [runId](AuditDatabase& db) { return AuditBrowser(db).feedbackOfRun(runId); },
        [show](Expected<Expected<Feedback>> feedback) {
            if (feedback)
                show(*feedback);
        });
}

void MainWindow::rateCurrentRun()
{
    const QString runId = m_runView->runId();
    if (const QString why = whyRunsCannotBeRated(); !why.isEmpty() || runId.isEmpty()) {
        statusBar()->showMessage(why.isEmpty() ? tr("Select a run to rate it.") : why, 8000);
        return;
    }
    const QModelIndex runIndex = m_model->runIndexOf(m_proxy->mapToSource(m_tree->currentIndex()));
    const TraceRun* run = runIndex.isValid() ? m_model->runAt(runIndex) : nullptr;
    RunFeedbackDialog dialog(runId, run ? run->question : QString(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const std::optional<bool> satisfied = dialog.satisfied();
    const QString comment = dialog.comment();
    const QDateTime at = QDateTime::currentDateTimeUtc();
    const auto done = [this, runId](const Status& written) {
        if (!written) {
            reportError(tr("Cannot save the rating"), written.error());
            return;
        }
        statusBar()->showMessage(tr("Rating of run %1 saved.").arg(runId), 5000);
        readRunFeedback(runId);
        m_healthStale = true; // satisfaction and negative ratings change
        startFactsIndex();    // its copy of run_feedback is read again
    };
    const auto write = [runId, satisfied, comment, at](AuditDatabase& db) {
        return writeRunFeedback(db, runId, satisfied, comment, at);
    };
    if (!m_worker)
        return done(write(*m_db));
    m_worker->read<Status>(this, write, [done](Expected<Status> written) {
        done(written ? *written : Status(Error{written.error()}));
    });
}

} // namespace raglens::ui
