// MainWindow: File → Export Report… writes the selected session (or run) as the
// self-contained HTML report of core/report, to attach to a ticket. The trace is read and
// the report built in the database worker; the chunk texts come from the knowledge base the
// Lookup Console has open, when there is one.

#include "mainwindow/main_window.h"

#include "common/atomic_file.h"
#include "common/database_worker.h"
#include "console/lookup_console_widget.h"
#include "db/audit_database.h"
#include "report/session_report.h"
#include "trace/trace_service.h"

#include <QAction>
#include <QFileDialog>
#include <QMenu>
#include <QStatusBar>

namespace raglens::ui {

QAction* MainWindow::createReportAction()
{
    auto* action = new QAction(tr("Export &Report…"), this);
    action->setObjectName(QStringLiteral("actionExportReport"));
    action->setStatusTip(tr("Write the selected session or run as one HTML file to attach to a "
                            "ticket"));
    connect(action, &QAction::triggered, this, [this] {
        const auto ids = currentTraceIds();
        if (ids.first.isEmpty()) {
            statusBar()->showMessage(tr("Select a session or run to export its report."), 5000);
            return;
        }
        // An id may hold any character; the suggested name must stay one file name.
        QString name = ids.second.isEmpty() ? ids.first : ids.second;
        for (QChar& c : name)
            if (QStringLiteral("/\\:*?\"<>|").contains(c))
                c = QLatin1Char('_');
        name += QStringLiteral(".report.html");
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), name,
                                                          tr("HTML files (*.html)"));
        if (!path.isEmpty())
            exportReport(path);
    });
    return action;
}

void MainWindow::exportReport(const QString& path)
{
    const auto ids = currentTraceIds();
    if (ids.first.isEmpty() || !m_db)
        return;
    ReportOptions options;
    options.databaseDisplay = m_fetchedFrom.isEmpty() ? m_db->location().display() : m_fetchedFrom;
    options.runId = ids.second;
    options.knowledgeBase = m_console->knowledgeBase();
    const auto build = [ids, options](AuditDatabase& db) -> Expected<SessionReport> {
        auto trace = TraceService(db).getTrace(ids.first, ids.second);
        if (!trace)
            return Error{trace.error()};
        return buildSessionReport(*trace, options);
    };
    const auto write = [this, path](Expected<SessionReport> report) {
        if (!report) {
            reportError(tr("Export failed"), report.error());
            return;
        }
        const QByteArray bytes = report->html.toUtf8();
        if (const Status written =
                atomic_file::write(path, std::string_view(bytes.constData(), size_t(bytes.size())));
            !written) {
            reportError(tr("Export failed"), written.error());
            return;
        }
        statusBar()->showMessage(
            report->evidenceTexts + report->evidenceMissing == 0
                ? tr("Report written to %1").arg(path)
                : tr("Report written to %1 (evidence text: %2 of %3 chunks)")
                      .arg(path, QString::number(report->evidenceTexts),
                           QString::number(report->evidenceTexts + report->evidenceMissing)),
            8000);
        emit reportExported(path);
    };
    statusBar()->showMessage(tr("Writing the report…"));
    if (!m_worker) { // ":memory:": only this connection can read it
        write(build(*m_db));
        return;
    }
    m_worker->read<Expected<SessionReport>>(
        this, build, [write](Expected<Expected<SessionReport>> answer) {
            write(answer ? std::move(*answer) : Expected<SessionReport>(Error{answer.error()}));
        });
}

} // namespace raglens::ui
