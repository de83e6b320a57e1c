#include "health/health_panel.h"

#include "common/display_format.h"
#include "db/audit_database.h"
#include "health/health_job.h"
#include "health/health_text.h"
#include "health/health_tiles.h"
#include "health/health_window_selector.h"
#include "health/problem_runs_model.h"
#include "health/problem_runs_proxy.h"
#include "health/relevance_chart.h"
#include "health/severity_badge.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QTime>

namespace raglens::ui {

HealthPanel::HealthPanel(QWidget* parent) : QWidget(parent)
{
    m_job = new HealthJob(this);
    connect(m_job, &HealthJob::finished, this, &HealthPanel::onFinished);
    connect(m_job, &HealthJob::failed, this, &HealthPanel::onFailed);
    buildUi();
    showEmpty();
    setStatus(tr("Open an audit database to see its retrieval health."));
    updateButtons();
}

HealthPanel::~HealthPanel() = default;

void HealthPanel::setDatabase(const DatabaseLocation& location)
{
    m_location = location;
    m_inspection.reset();
    m_factsIndex.clear();
    m_memoryDb = nullptr;
    showEmpty();
    refresh();
}

void HealthPanel::setFactsIndex(const QString& path)
{
    if (path == m_factsIndex)
        return;
    m_factsIndex = path;
    if (isComputing())
        refresh();
}

void HealthPanel::setDatabase(const QString& pathOrUrl)
{
    auto location = DatabaseLocation::parse(pathOrUrl);
    if (!location) {
        clearDatabase();
        onFailed(location.error());
        return;
    }
    setDatabase(*location);
}

void HealthPanel::setDatabase(AuditDatabase* db)
{
    if (!db) {
        clearDatabase();
        return;
    }
    m_location = db->location();
    m_inspection = db->inspection();
    m_factsIndex.clear();
    // Only an in-memory database is read through the caller's connection; see HealthJob.
    const bool memory = db->location().isInMemory();
    m_memoryDb = memory ? db : nullptr;
    showEmpty();
    refresh();
}

void HealthPanel::clearDatabase()
{
    m_job->discard();
    m_location.reset();
    m_memoryDb = nullptr;
    showEmpty();
    m_busy->hide();
    setStatus(tr("Open an audit database to see its retrieval health."));
    updateButtons();
}

void HealthPanel::setThresholds(const DiagnosticThresholds& thresholds)
{
    m_thresholds = thresholds;
    if (m_location)
        refresh();
}

bool HealthPanel::isComputing() const
{
    return m_job->isRunning();
}

QString HealthPanel::statusText() const
{
    return m_status->text();
}

void HealthPanel::refresh()
{
    if (!m_location)
        return;
    auto window = m_window->resolve();
    if (!window) {
        m_job->discard();
        m_busy->hide();
        setStatus(window.error(), true);
        return;
    }
    HealthRequest request;
    request.location = *m_location;
    request.inspection = m_inspection;
    if (!m_factsIndex.isEmpty() && !m_memoryDb) {
        request.location = DatabaseLocation{};
        request.location.path = m_factsIndex;
        request.inspection.reset();
    }
    request.since = window->since;
    request.until = window->until;
    request.thresholds = m_thresholds;
    request.memoryDatabase = m_memoryDb;
    m_busy->show();
    setStatus(tr("Computing health for %1…").arg(m_location->display()));
    m_job->start(request);
}

void HealthPanel::onFinished(const HealthReport& report)
{
    m_report = report;
    m_busy->hide();
    m_tiles->setReport(report, m_thresholds);
    m_chart->setCounts(report.precise, report.reference, report.noLevel);
    m_model->setProblemRuns(report.problemRuns);
    m_overall->setSeverity(report.severity, tr("Overall %1").arg(severityText(report.severity)));
    m_overall->show();

    const QLocale locale;
    QString window;
    if (!report.since.isValid() && !report.until.isValid())
        window = tr("all time");
    else if (!report.until.isValid())
        window = tr("since %1").arg(displayTime(report.since));
    else if (!report.since.isValid())
        window = tr("before %1").arg(displayTime(report.until));
    else
        window = tr("%1 to %2").arg(displayTime(report.since), displayTime(report.until));
    QString text = tr("%1 · %2 · %n runs", nullptr, report.runs)
                       .arg(m_location ? m_location->display() : QString(), window);
    if (report.legacyRows > 0)
        text += tr(" · %n legacy rows (relevance read as none)", nullptr, report.legacyRows);
    if (report.callsWithoutRun > 0)
        text += tr(" · %n calls without a recorded run (counted by their own time)", nullptr,
                   report.callsWithoutRun);
    text +=
        tr(" · computed at %1").arg(locale.toString(QTime::currentTime(), QLocale::ShortFormat));
    setStatus(text);
    updateReasonCounts();
    updateButtons();
    emit healthComputed();
}

void HealthPanel::onFailed(const QString& message)
{
    m_busy->hide();
    showEmpty();
    setStatus(tr("Cannot compute health: %1").arg(message), true);
    updateButtons();
    emit healthFailed(message);
}

void HealthPanel::showEmpty()
{
    m_report.reset();
    m_tiles->clear();
    m_chart->clear();
    m_model->clear();
    m_overall->hide();
    updateReasonCounts();
}

void HealthPanel::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    QPalette pal = palette();
    if (error)
        pal.setColor(QPalette::WindowText, QColor(0xc0, 0x1c, 0x28));
    m_status->setPalette(pal);
}

void HealthPanel::updateReasonCounts()
{
    // "FALLBACK (7)": how many runs each reason filter would show.
    const int total = m_model->rowCount();
    for (int i = 0; i < m_reasonCombo->count(); ++i) {
        const QString reason = m_reasonCombo->itemData(i).toString();
        int n = 0;
        for (int row = 0; row < total; ++row)
            if (reason.isEmpty() || m_model->runAt(row)->reasons.contains(reason))
                ++n;
        const QString name = reason.isEmpty() ? tr("Every reason") : problemReasonText(reason);
        m_reasonCombo->setItemText(i, m_report ? tr("%1 (%2)").arg(name).arg(n) : name);
    }
}

void HealthPanel::updateButtons()
{
    const bool selected = selectedRow().isValid();
    m_openButton->setEnabled(selected);
    m_evalButton->setEnabled(selected);
    QString count;
    if (m_report) {
        count = tr("%n shown", nullptr, m_proxy->rowCount());
        // The report lists only the newest problem runs; say how many there are in all.
        if (m_report->problemRunCount > int(m_report->problemRuns.size()))
            count += tr(" (the newest %1 of %2 problem runs are listed)")
                         .arg(m_report->problemRuns.size())
                         .arg(m_report->problemRunCount);
    }
    m_problemCount->setText(count);
}

QModelIndex HealthPanel::selectedRow() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? QModelIndex() : rows.first();
}

void HealthPanel::activateRow(const QModelIndex& proxyIndex)
{
    if (!proxyIndex.isValid())
        return;
    emit runActivated(proxyIndex.data(ProblemRunsModel::SessionIdRole).toString(),
                      proxyIndex.data(ProblemRunsModel::RunIdRole).toString());
}

void HealthPanel::openSelectedRun()
{
    activateRow(selectedRow());
}

void HealthPanel::addSelectedToEvalSet()
{
    const QModelIndex index = selectedRow();
    if (!index.isValid())
        return;
    emit addToEvalSetRequested(index.data(ProblemRunsModel::SessionIdRole).toString(),
                               index.data(ProblemRunsModel::RunIdRole).toString());
}

void HealthPanel::showContextMenu(const QPoint& pos)
{
    const QModelIndex index = m_table->indexAt(pos);
    if (!index.isValid())
        return;
    m_table->selectRow(index.row());
    QMenu menu(this);
    menu.addAction(tr("Open run"), this, &HealthPanel::openSelectedRun);
    menu.addAction(tr("Add to eval set…"), this, &HealthPanel::addSelectedToEvalSet);
    menu.addSeparator();
    const QString runId = index.data(ProblemRunsModel::RunIdRole).toString();
    const QString sessionId = index.data(ProblemRunsModel::SessionIdRole).toString();
    menu.addAction(tr("Copy run id"), this, [runId] { QApplication::clipboard()->setText(runId); });
    menu.addAction(tr("Copy session id"), this,
                   [sessionId] { QApplication::clipboard()->setText(sessionId); });
    menu.exec(m_table->viewport()->mapToGlobal(pos));
}

} // namespace raglens::ui
