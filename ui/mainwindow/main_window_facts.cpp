// The facts index of the open database: started for databases RagLens did not create (the
// production stores that grow large), shown and cancellable in the status bar, and handed
// to the session list and the Health tab when ready.

#include "mainwindow/main_window.h"

#include "common/display_format.h"
#include "common/facts_index_job.h"
#include "common/logging.h"
#include "db/audit_database.h"
#include "health/health_panel.h"
#include "sessions/session_tree_model.h"
#include "sessionspage/sessions_page.h"

#include <QLabel>
#include <QLocale>
#include <QStatusBar>
#include <QToolButton>

namespace raglens::ui {

void MainWindow::setupFactsIndexStatus()
{
    connect(m_sessions->model(), &SessionTreeModel::loadingChanged, this, [this](bool loading) {
        if (!loading)
            selectFirstSessionOnce();
        if (!loading && m_factsAfterFirstPage) {
            m_factsAfterFirstPage = false;
            refreshSummary();
            startFactsIndex();
        }
    });
    m_factsLabel = new QLabel(this);
    m_factsLabel->setObjectName(QStringLiteral("factsIndexLabel"));
    m_factsCancel = new QToolButton(this);
    m_factsCancel->setObjectName(QStringLiteral("factsIndexCancel"));
    m_factsCancel->setText(tr("Cancel"));
    m_factsCancel->setToolTip(tr("Stop building the facts index; RagLens reads the database "
                                 "directly, which is slower on large databases."));
    m_factsCancel->setAutoRaise(true);
    m_factsCancel->hide();
    statusBar()->addPermanentWidget(m_factsLabel);
    statusBar()->addPermanentWidget(m_factsCancel);
    m_factsJob = new FactsIndexJob(this);
    connect(m_factsCancel, &QToolButton::clicked, m_factsJob, &FactsIndexJob::cancel);
    connect(m_factsJob, &FactsIndexJob::progress, this, [this](qint64 done, qint64 total) {
        const QLocale locale;
        // Every call read: the build derives from them for about as long again, and a
        // label at 100 % that stays would look stuck.
        if (total > 0 && done >= total) {
            m_factsLabel->setText(tr("Indexing facts… deriving"));
            m_factsLabel->setToolTip(
                tr("All %1 calls are read; RagLens derives each run's facts, health and the "
                   "search index from them (the database itself is never written).")
                    .arg(locale.toString(total)));
            return;
        }
        const int percent = total > 0 ? int(100 * done / total) : 0;
        m_factsLabel->setText(tr("Indexing facts… %1%").arg(percent));
        m_factsLabel->setToolTip(tr("Indexed %1 of %2 calls into RagLens's own facts index "
                                    "(the database itself is never written).")
                                     .arg(locale.toString(done), locale.toString(total)));
    });
    connect(m_factsJob, &FactsIndexJob::ready, this, [this](const FactsIndexUpdate& update) {
        m_factsCancel->hide();
        m_factsIndex = update.path;
        m_sessions->model()->setFactsIndex(update.path);
        m_health->setFactsIndex(update.path);
        const QLocale locale;
        m_factsLabel->setText(tr("facts index"));
        m_factsLabel->setToolTip(
            tr("Lists, filters, counts and health are read from RagLens's facts index of this "
               "database (%1 calls, %2).\n%3")
                .arg(locale.toString(update.indexedInvocations),
                     update.rebuilt ? tr("built in %1 ms").arg(qRound(update.ms))
                                    : tr("refreshed in %1 ms").arg(qRound(update.ms)),
                     update.path));
        qCInfo(lcUi) << "facts index ready" << update.path << update.ms << "ms";
    });
    connect(m_factsJob, &FactsIndexJob::failed, this, [this](const QString& error) {
        m_factsCancel->hide();
        m_factsIndex.clear();
        m_sessions->model()->setFactsIndex({});
        m_health->setFactsIndex({});
        m_factsLabel->setText(tr("no facts index"));
        m_factsLabel->setToolTip(
            tr("The facts index is not used (%1). RagLens reads the database directly.")
                .arg(error));
        qCInfo(lcUi) << "facts index not used:" << error;
    });
}

void MainWindow::startFactsIndex()
{
    // Databases RagLens created are the small demo and console stores; an in-memory
    // database has no identity to key an index by.
    if (!m_db || m_db->isRagLensOwned() || m_db->location().isInMemory()) {
        stopFactsIndex();
        return;
    }
    m_factsLabel->setText(m_factsIndex.isEmpty() ? tr("Indexing facts…") : tr("Refreshing facts…"));
    m_factsLabel->setToolTip({});
    m_factsCancel->show();
    m_factsJob->start(m_db->inspection(), facts_index::pathFor(m_db->location()));
}

void MainWindow::stopFactsIndex()
{
    m_factsAfterFirstPage = false;
    m_factsJob->cancel();
    m_factsCancel->hide();
    m_factsLabel->clear();
    m_factsLabel->setToolTip({});
    m_factsIndex.clear();
}

} // namespace raglens::ui
