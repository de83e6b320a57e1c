#pragma once
// The Eval panel: choose a knowledge base and an eval set, run it in a worker with
// progress and cancel, read the metrics at a glance, browse the per-case table (sortable,
// "misses only"), compare with a saved baseline (regressions highlighted), save a run as a
// baseline, and chart metrics across the baselines of a folder. Activating a case emits
// openCaseInConsole(query) for the lookup console. Self-contained: the main window only
// places it and connects that signal.

#include "eval/eval_baseline.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTabWidget;
class QTreeWidget;

namespace raglens::ui {

class BaselineHistoryChart;
class EvalCaseFilterProxy;
class EvalCaseModel;
class EvalRunController;
class MetricsSummaryWidget;

class EvalPanel : public QWidget
{
    Q_OBJECT
public:
    explicit EvalPanel(QWidget* parent = nullptr);
    ~EvalPanel() override;

    void setKnowledgeBaseDir(const QString& dir);
    void setEvalSetPath(const QString& path);
    void setK(int k);
    /// Folder whose *.json baselines feed the history chart (and the save dialog's default).
    void setBaselineFolder(const QString& dir);

    QString knowledgeBaseDir() const;
    QString evalSetPath() const;
    int k() const;

    bool isRunning() const;
    const EvalReport* report() const; ///< null before the first finished run
    const std::optional<BaselineComparison>& comparison() const { return m_comparison; }

    // Parts, for the main window's status bar and for tests.
    EvalCaseModel* caseModel() const { return m_model; }
    EvalCaseFilterProxy* caseProxy() const { return m_proxy; }
    QTableView* caseTable() const { return m_table; }
    MetricsSummaryWidget* metricsWidget() const { return m_metrics; }
    BaselineHistoryChart* historyChart() const { return m_chart; }
    QString statusText() const;

public slots:
    void startRun();
    void cancelRun();
    /// Loads a baseline and compares the current run with it; false (message shown) on error.
    bool compareWithBaselineFile(const QString& path);
    void clearBaseline();
    /// Saves the current run; false (message shown) on error. Reloads the history chart.
    bool saveBaselineTo(const QString& path, const QString& label = {});
    void reloadHistory();

signals:
    void openCaseInConsole(const QString& query);
    void runStarted();
    void runFinished();
    /// Also emitted for bad input (unreadable set, missing KB, malformed baseline).
    void runFailed(const QString& message);

private:
    void buildUi();
    QWidget* buildRunBar();
    QWidget* buildBaselineBar();
    QWidget* buildCasesTab();
    QWidget* buildHistoryTab();
    void onFinished(const EvalReport& report);
    void onFailed(const QString& message);
    /// The progress bar with nothing to count: `text` instead of "0 / 1 cases".
    void showProgressIdle(const QString& text);
    /// The progress bar counting cases: "`done` / `total` cases".
    void showProgressCases(int done, int total);
    void applyComparison();
    void refreshTags();
    void refreshByTag();
    void updateButtons();
    void setStatus(const QString& text, bool error = false);
    void activateRow(const QModelIndex& proxyIndex);
    void browseKb();
    void browseSet();
    void browseBaseline();
    void browseSaveBaseline();
    void browseHistoryFolder();

    EvalRunController* m_runner = nullptr;
    EvalCaseModel* m_model = nullptr;
    EvalCaseFilterProxy* m_proxy = nullptr;
    std::optional<EvalReport> m_report;
    std::optional<EvalBaseline> m_baseline;
    std::optional<BaselineComparison> m_comparison;

    QLineEdit* m_kbEdit = nullptr;
    QLineEdit* m_setEdit = nullptr;
    QSpinBox* m_kSpin = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    MetricsSummaryWidget* m_metrics = nullptr;
    QLineEdit* m_baselineEdit = nullptr;
    QPushButton* m_compareButton = nullptr;
    QPushButton* m_saveButton = nullptr;
    QListWidget* m_regressions = nullptr;
    QTabWidget* m_tabs = nullptr;
    QLineEdit* m_filterEdit = nullptr;
    QComboBox* m_tagCombo = nullptr;
    QCheckBox* m_missesOnly = nullptr;
    QCheckBox* m_regressionsOnly = nullptr;
    QPushButton* m_openButton = nullptr;
    QTableView* m_table = nullptr;
    QTreeWidget* m_byTag = nullptr;
    QLineEdit* m_historyEdit = nullptr;
    BaselineHistoryChart* m_chart = nullptr;
};

} // namespace raglens::ui
