// MainWindow: the panels beside the session browser — Health, the lookup console, the
// knowledge base and offline evaluation — and the links between them: a problem run in
// Health or a lookup recorded in the console is shown in the session tree; the knowledge
// base of an open workspace feeds the console and the evaluation panel.

#include "mainwindow/main_window.h"

#include "auditcheck/audit_check_panel.h"
#include "console/lookup_console_widget.h"
#include "db/audit_database.h"
#include "eval/eval_panel.h"
#include "health/health_panel.h"
#include "invocation/invocation_view.h"
#include "kb/knowledge_base_panel.h"
#include "sessions/session_filter_bar.h"
#include "sessionspage/sessions_page.h"

#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QTabWidget>

namespace raglens::ui {

void MainWindow::createPanels()
{
    m_health = new HealthPanel(this);
    m_console = new LookupConsoleWidget(this);
    m_kbPanel = new KnowledgeBasePanel(this);
    m_evalPanel = new EvalPanel(this);
    m_workTabs->addTab(m_health, tr("Health"));
    m_workTabs->addTab(m_console, tr("Lookup Console"));
    m_workTabs->addTab(m_kbPanel, tr("Knowledge Base"));
    m_workTabs->addTab(m_evalPanel, tr("Evaluation"));
    m_auditCheck = new AuditCheckPanel(this);
    m_workTabs->addTab(m_auditCheck, tr("Audit Check"));
    connect(m_auditCheck, &AuditCheckPanel::rowActivated, this,
            [this](const QString& session, const QString& run, qint64 invocation) {
                showInTree(session, run, invocation);
            });

    connect(m_workTabs, &QTabWidget::currentChanged, this, &MainWindow::onWorkTabChanged);
    connect(m_health, &HealthPanel::runActivated, this,
            [this](const QString& session, const QString& run) { showInTree(session, run); });
    connect(m_console, &LookupConsoleWidget::recorded, this,
            [this](const QString& session, const QString& run, qint64 invocation) {
                // New rows: read the list and the database's totals again, then select what
                // was just recorded.
                if (!m_db)
                    return;
                refreshSummary();
                showInTree(session, run, invocation, true);
            });
    connect(m_kbPanel, &KnowledgeBasePanel::knowledgeBaseChanged, m_console,
            &LookupConsoleWidget::setKnowledgeBase);
    connect(m_kbPanel, &KnowledgeBasePanel::knowledgeBaseChanged, this,
            [this](const std::shared_ptr<KnowledgeBase>& kb) {
                if (!m_kbOpened.isEmpty())
                    m_evalPanel->setKnowledgeBaseDir(m_kbOpened);
                // An empty lookup already shown can now offer its replay.
                m_sessions->invocationView()->setReplayAvailable(kb != nullptr);
            });
    connect(m_evalPanel, &EvalPanel::openCaseInConsole, this, [this](const QString& query) {
        m_workTabs->setCurrentWidget(m_console);
        m_console->queryEdit()->setText(query);
        m_console->queryEdit()->setFocus();
    });
}

void MainWindow::updatePanelsForDatabase()
{
    m_healthStale = true;
    m_auditCheckStale = true;
    if (m_db)
        m_console->setAuditDatabase(m_db->location(), !m_db->isReadOnly());
    // A workspace is a folder with audit.db and kb/: its knowledge base comes along.
    const QString kbDir =
        m_db && !m_db->location().isServer()
            ? QFileInfo(m_db->location().path).dir().filePath(QStringLiteral("kb"))
            : QString();
    if (!kbDir.isEmpty() && QFileInfo(kbDir).isDir() && kbDir != m_kbOpened) {
        m_kbOpened = kbDir;
        m_kbPanel->openKnowledgeBase(kbDir);
    }
    // Its eval set too (the demo workspace has one), unless the user chose a set that is
    // still there (a remembered set since deleted would only make the run fail).
    const QString evalSet =
        kbDir.isEmpty() ? QString()
                        : QFileInfo(kbDir).dir().filePath(QStringLiteral("eval/demo.jsonl"));
    const QString chosen = m_evalPanel->evalSetPath();
    if (!evalSet.isEmpty() && QFileInfo::exists(evalSet) &&
        (chosen.isEmpty() || !QFileInfo::exists(chosen)))
        m_evalPanel->setEvalSetPath(evalSet);
    onWorkTabChanged();
}

void MainWindow::onWorkTabChanged()
{
    // Health reads the whole window of runs: only when someone looks at it.
    if (m_workTabs->currentWidget() == m_health && m_healthStale) {
        m_healthStale = false;
        if (m_db)
            m_health->setDatabase(m_db.get());
        else
            m_health->clearDatabase();
    }
    if (m_workTabs->currentWidget() == m_auditCheck) {
        if (m_auditCheckStale) {
            m_auditCheckStale = false;
            if (m_db)
                m_auditCheck->setDatabase(m_db.get());
            else
                m_auditCheck->clearDatabase();
        }
        // "Selected" and "the window" mean what the Sessions tab shows now.
        const auto [session, run] = m_sessions->currentTraceIds();
        m_auditCheck->setSelection(session, run);
        const SessionFilter filter = m_sessions->filterBar()->filter();
        m_auditCheck->setWindow(filter.since, filter.until);
    }
}

} // namespace raglens::ui
