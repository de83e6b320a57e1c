#pragma once
// The Health panel (DESIGN §5): retrieval health of an audit database over a time window —
// empty-retrieval, retry-fallback and error rates tinted by severity, latency percentiles,
// the relevance distribution, and the runs worth a look (empty retrieval, FALLBACK,
// negative feedback, tool error). The report is computed in a worker on a connection of
// its own, so the UI never blocks. Activating a problem run emits runActivated(); "Add to
// eval set" emits addToEvalSetRequested(). Self-contained: the main window only places it,
// gives it the database and connects those two signals.

#include "db/audit_database.h"
#include "diagnostics/health_report.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace raglens {
class AuditDatabase;
}

namespace raglens::ui {

class SeverityBadge;
class HealthJob;
class HealthTiles;
class HealthWindowSelector;
class ProblemRunsModel;
class ProblemRunsProxy;
class RelevanceChart;

class HealthPanel : public QWidget
{
    Q_OBJECT
public:
    explicit HealthPanel(QWidget* parent = nullptr);
    ~HealthPanel() override;

    /// Reads this database (opened read-only in a worker) and computes the report.
    void setDatabase(const DatabaseLocation& location);
    /// A path or URL; a bad one is shown as the panel's status.
    void setDatabase(const QString& pathOrUrl);
    /// Convenience for the main window's open database: only its location is kept, except
    /// for ":memory:" databases, which are read through `db` (it must outlive the panel or
    /// be replaced with clearDatabase()).
    void setDatabase(AuditDatabase* db);
    void clearDatabase();
    /// Reports are computed from this facts index of the database (empty: from the
    /// database); a report being computed directly is started again from the index.
    void setFactsIndex(const QString& path);
    bool hasDatabase() const { return m_location.has_value(); }

    void setThresholds(const DiagnosticThresholds& thresholds);
    const DiagnosticThresholds& thresholds() const { return m_thresholds; }

    bool isComputing() const;
    /// The last computed report; empty before the first one or after a failure.
    const std::optional<HealthReport>& report() const { return m_report; }
    QString statusText() const;

    // Parts, for the main window and for tests.
    HealthWindowSelector* windowSelector() const { return m_window; }
    HealthTiles* tiles() const { return m_tiles; }
    RelevanceChart* relevanceChart() const { return m_chart; }
    SeverityBadge* overallBadge() const { return m_overall; }
    ProblemRunsModel* problemRunsModel() const { return m_model; }
    ProblemRunsProxy* problemRunsProxy() const { return m_proxy; }
    QTableView* problemRunsTable() const { return m_table; }

public slots:
    /// Recomputes the report for the current database and window.
    void refresh();
    void openSelectedRun();
    void addSelectedToEvalSet();

signals:
    void runActivated(const QString& sessionId, const QString& runId);
    void addToEvalSetRequested(const QString& sessionId, const QString& runId);
    void healthComputed();
    void healthFailed(const QString& message);

private:
    void buildUi();
    QWidget* buildTopBar();
    QWidget* buildProblemRuns();
    /// The problem runs' table, sorted newest first, in `group`.
    void createProblemTable(QWidget* group);
    void onFinished(const HealthReport& report);
    void onFailed(const QString& message);
    void setStatus(const QString& text, bool error = false);
    void showEmpty();
    void updateButtons();
    void updateReasonCounts();
    void activateRow(const QModelIndex& proxyIndex);
    QModelIndex selectedRow() const;
    void showContextMenu(const QPoint& pos);

    HealthJob* m_job = nullptr;
    std::optional<DatabaseLocation> m_location;
    std::optional<AuditDatabase::Inspection> m_inspection; ///< when given a connection
    AuditDatabase* m_memoryDb = nullptr;
    QString m_factsIndex;
    DiagnosticThresholds m_thresholds;
    std::optional<HealthReport> m_report;

    HealthWindowSelector* m_window = nullptr;
    QPushButton* m_refreshButton = nullptr;
    QProgressBar* m_busy = nullptr;
    SeverityBadge* m_overall = nullptr;
    QLabel* m_status = nullptr;
    HealthTiles* m_tiles = nullptr;
    RelevanceChart* m_chart = nullptr;
    ProblemRunsModel* m_model = nullptr;
    ProblemRunsProxy* m_proxy = nullptr;
    QComboBox* m_reasonCombo = nullptr;
    QLineEdit* m_filterEdit = nullptr;
    QTableView* m_table = nullptr;
    QPushButton* m_openButton = nullptr;
    QPushButton* m_evalButton = nullptr;
    QLabel* m_problemCount = nullptr;
};

} // namespace raglens::ui
