#pragma once
// What leaves the window: the trace JSON of the selected session or run (copied, or written
// to a file), the run's timeline as a PNG, and the self-contained HTML report of core/report
// to attach to a ticket. Traces and reports are read and built in the database worker.

#include "mainwindow/window_controller.h"

#include <functional>

class QAction;
class QWidget;

namespace raglens::ui {

class LookupConsoleWidget;
class SessionsPage;

class ExportActions : public WindowController
{
    Q_OBJECT
public:
    /// `window` parents the actions and the file dialogs; the report's chunk texts come from
    /// the knowledge base `console` has open, and `databaseDisplay` names where the trace
    /// came from.
    ExportActions(SessionsPage* page, LookupConsoleWidget* console, QWidget* window,
                  std::function<QString()> databaseDisplay);

    QAction* copyTraceAction() const { return m_copyTrace; }
    QAction* exportTraceAction() const { return m_exportTrace; }
    QAction* exportTimelineAction() const { return m_exportTimeline; }
    QAction* exportReportAction() const { return m_exportReport; }

    /// Writes the selected session or run as an HTML report at `path`; reportExported()
    /// follows, or errorOccurred().
    void exportReport(const QString& path);

signals:
    void reportExported(const QString& path);

private:
    void copyTraceJson();
    void exportTraceJson();
    void exportTimelinePng();
    void chooseReportFile();
    /// Writes `text` to `path` atomically; false, with errorOccurred(), when it cannot.
    bool writeFile(const QString& path, const QString& text);

    SessionsPage* m_page;
    LookupConsoleWidget* m_console;
    QWidget* m_window;
    std::function<QString()> m_databaseDisplay;
    QAction* m_copyTrace = nullptr;
    QAction* m_exportTrace = nullptr;
    QAction* m_exportTimeline = nullptr;
    QAction* m_exportReport = nullptr;
};

} // namespace raglens::ui
