#pragma once
// The Audit Check panel: runs the audit rules (raglens-cli check) over the selected session,
// the selected run or the session filter's time window, and shows per rule PASS / FAIL / N/A
// with counts, and the offending rows of the rule chosen. A row opens in the session tree.

#include "check/check_report.h"
#include "db/audit_database.h"

#include <QDateTime>
#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace raglens::ui {

class AuditCheckJob;

class AuditCheckPanel : public QWidget
{
    Q_OBJECT
public:
    enum class Scope
    {
        Session,
        Run,
        Window ///< the filter's time window, or the whole database without one
    };

    explicit AuditCheckPanel(QWidget* parent = nullptr);

    void setDatabase(AuditDatabase* db);
    void clearDatabase();
    /// What "selected session/run" and "the window" mean right now.
    void setSelection(const QString& sessionId, const QString& runId);
    void setWindow(const QDateTime& since, const QDateTime& until);

    void setScope(Scope scope);
    void setRulesFile(const QString& path);
    void runCheck();
    bool isRunning() const;
    QTreeWidget* rulesView() const { return m_rules; }
    QTreeWidget* findingsView() const { return m_findings; }
    QString statusText() const;

signals:
    void rowActivated(const QString& sessionId, const QString& runId, qint64 invocationId);
    void checkFinished(bool passed);

private:
    /// The check bar: scope, run, cancel, rules file, progress, status.
    void createControls();
    /// The rules' verdicts and the findings of the rule chosen.
    void createResultViews();
    void connectControls();
    void updateScopeState();
    void showReport(const check::CheckReport& report);
    void showFindings();
    void setStatus(const QString& text);

    AuditCheckJob* m_job = nullptr;
    AuditDatabase* m_db = nullptr;
    QString m_sessionId;
    QString m_runId;
    QDateTime m_since;
    QDateTime m_until;
    QString m_rulesFile;
    std::optional<check::CheckReport> m_report;

    QComboBox* m_scope = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_rulesButton = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QTreeWidget* m_rules = nullptr;
    QTreeWidget* m_findings = nullptr;
};

} // namespace raglens::ui
