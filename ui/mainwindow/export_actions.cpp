#include "mainwindow/export_actions.h"

#include "common/atomic_file.h"
#include "common/database_worker.h"
#include "common/make_action.h"
#include "console/lookup_console_widget.h"
#include "db/audit_database.h"
#include "report/session_report.h"
#include "run/run_view.h"
#include "sessionspage/sessions_page.h"
#include "trace/schema_notes.h"
#include "trace/trace_service.h"

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>

namespace raglens::ui {

ExportActions::ExportActions(SessionsPage* page, LookupConsoleWidget* console, QWidget* window,
                             std::function<QString()> databaseDisplay)
    : WindowController(window), m_page(page), m_console(console), m_window(window),
      m_databaseDisplay(std::move(databaseDisplay))
{
    m_copyTrace = makeAction(window, QStringLiteral("actionCopyTrace"), tr("&Copy Trace JSON"),
                             {QKeySequence(tr("Ctrl+Shift+C"))});
    connect(m_copyTrace, &QAction::triggered, this, &ExportActions::copyTraceJson);
    m_exportTrace = makeAction(window, QStringLiteral("actionExportTrace"),
                               tr("&Export Trace JSON…"), {QKeySequence(tr("Ctrl+E"))});
    connect(m_exportTrace, &QAction::triggered, this, &ExportActions::exportTraceJson);
    m_exportTimeline =
        makeAction(window, QStringLiteral("actionExportTimeline"), tr("Export Timeline as &PNG…"),
                   {QKeySequence(tr("Ctrl+Shift+E"))});
    connect(m_exportTimeline, &QAction::triggered, this, &ExportActions::exportTimelinePng);
    m_exportReport =
        makeAction(window, QStringLiteral("actionExportReport"), tr("Export &Report…"));
    m_exportReport->setStatusTip(tr("Write the selected session or run as one HTML file to "
                                    "attach to a ticket"));
    connect(m_exportReport, &QAction::triggered, this, &ExportActions::chooseReportFile);
}

void ExportActions::copyTraceJson()
{
    const auto ids = m_page->currentTraceIds();
    if (ids.first.isEmpty()) {
        emit statusMessage(tr("Select a session or run to copy its trace."), 5000);
        return;
    }
    emit statusMessage(tr("Reading the trace…"), 0);
    m_page->readTraceJson(ids, [this](Expected<QString> json) {
        if (!json) {
            emit errorOccurred(tr("Copy failed"), json.error());
            return;
        }
        QApplication::clipboard()->setText(*json);
        emit statusMessage(tr("Trace JSON copied to the clipboard."), 4000);
    });
}

void ExportActions::exportTraceJson()
{
    const auto ids = m_page->currentTraceIds();
    if (ids.first.isEmpty()) {
        emit statusMessage(tr("Select a session or run to export its trace."), 5000);
        return;
    }
    const QString name =
        (ids.second.isEmpty() ? ids.first : ids.second) + QStringLiteral(".trace.json");
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Trace JSON"), name,
                                                      tr("JSON files (*.json)"));
    if (path.isEmpty())
        return;
    emit statusMessage(tr("Reading the trace…"), 0);
    m_page->readTraceJson(ids, [this, path](Expected<QString> json) {
        if (!json) {
            emit errorOccurred(tr("Export failed"), json.error());
            return;
        }
        if (writeFile(path, *json))
            emit statusMessage(tr("Trace written to %1").arg(path), 5000);
    });
}

bool ExportActions::writeFile(const QString& path, const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    const Status status =
        atomic_file::write(path, std::string_view(bytes.constData(), size_t(bytes.size())));
    if (!status)
        emit errorOccurred(tr("Export failed"), status.error());
    return bool(status);
}

void ExportActions::exportTimelinePng()
{
    const RunView* runView = m_page->runView();
    if (runView->runId().isEmpty()) {
        emit statusMessage(tr("Select a run to export its timeline."), 5000);
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export Timeline"), runView->runId() + QStringLiteral("-timeline.png"),
        tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (!runView->timelineImage().save(path, "PNG")) {
        emit errorOccurred(tr("Export failed"), tr("Cannot write the image %1.").arg(path));
        return;
    }
    emit statusMessage(tr("Timeline written to %1").arg(path), 5000);
}

void ExportActions::chooseReportFile()
{
    const auto ids = m_page->currentTraceIds();
    if (ids.first.isEmpty()) {
        emit statusMessage(tr("Select a session or run to export its report."), 5000);
        return;
    }
    // An id may hold any character; the suggested name must stay one file name.
    QString name = ids.second.isEmpty() ? ids.first : ids.second;
    for (QChar& c : name)
        if (QStringLiteral("/\\:*?\"<>|").contains(c))
            c = QLatin1Char('_');
    name += QStringLiteral(".report.html");
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Report"), name,
                                                      tr("HTML files (*.html)"));
    if (!path.isEmpty())
        exportReport(path);
}

void ExportActions::exportReport(const QString& path)
{
    const auto ids = m_page->currentTraceIds();
    AuditDatabase* db = m_page->database();
    if (ids.first.isEmpty() || !db)
        return;
    ReportOptions options;
    options.databaseDisplay = m_databaseDisplay();
    options.runId = ids.second;
    options.knowledgeBase = m_console->knowledgeBase();
    emit statusMessage(tr("Writing the report…"), 0);
    readOpenDatabase<Expected<SessionReport>>(
        m_page->worker(), *db, this,
        [ids, options](AuditDatabase& d) -> Expected<SessionReport> {
            auto trace = TraceService(d).getTrace(ids.first, ids.second);
            if (!trace)
                return Error{trace.error()};
            ReportOptions withNotes = options;
            for (const SchemaNote& note : schemaNotes(d))
                withNotes.schemaNotes << note.message;
            return buildSessionReport(*trace, withNotes);
        },
        [this, path](Expected<Expected<SessionReport>> answer) {
            const Expected<SessionReport> report = flattened(std::move(answer));
            if (!report) {
                emit errorOccurred(tr("Export failed"), report.error());
                return;
            }
            if (!writeFile(path, report->html))
                return;
            const int chunks = report->evidenceTexts + report->evidenceMissing;
            emit statusMessage(chunks == 0
                                   ? tr("Report written to %1").arg(path)
                                   : tr("Report written to %1 (evidence text: %2 of %3 chunks)")
                                         .arg(path, QString::number(report->evidenceTexts),
                                              QString::number(chunks)),
                               8000);
            emit reportExported(path);
        });
}

} // namespace raglens::ui
