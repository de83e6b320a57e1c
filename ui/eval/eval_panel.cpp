#include "eval/eval_panel.h"

#include "common/app_settings.h"
#include "common/display_format.h"

#include "common/badge_colors.h"
#include "eval/baseline_history_chart.h"
#include "eval/eval_case_filter_proxy.h"
#include "eval/eval_case_model.h"
#include "eval/eval_run_controller.h"
#include "eval/metrics_summary_widget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>

namespace raglens::ui {

static const char kSettingsGroup[] = "EvalPanel";

static QString settingsKey(const char* name)
{
    return QStringLiteral("%1/%2").arg(QLatin1String(kSettingsGroup), QLatin1String(name));
}

EvalPanel::EvalPanel(QWidget* parent)
    : QWidget(parent), m_runner(new EvalRunController(this)), m_model(new EvalCaseModel(this)),
      m_proxy(new EvalCaseFilterProxy(this))
{
    m_proxy->setSourceModel(m_model);
    buildUi();

    connect(m_runner, &EvalRunController::progress, this,
            [this](int done, int total) { showProgressCases(done, std::max(1, total)); });
    connect(m_runner, &EvalRunController::finished, this, &EvalPanel::onFinished);
    connect(m_runner, &EvalRunController::failed, this, &EvalPanel::onFailed);

    AppSettings& settings = AppSettings::instance();
    m_kbEdit->setText(settings.value(settingsKey("kbDir")).toString());
    m_setEdit->setText(settings.value(settingsKey("setPath")).toString());
    m_historyEdit->setText(settings.value(settingsKey("baselineFolder")).toString());
    m_kSpin->setValue(settings.value(settingsKey("k"), 5).toInt());
    refreshTags();
    updateButtons();
    setStatus(tr("Choose a knowledge base and an eval set, then press Run."));
    if (!m_historyEdit->text().isEmpty())
        reloadHistory();
}

EvalPanel::~EvalPanel() = default;

void EvalPanel::setKnowledgeBaseDir(const QString& dir)
{
    m_kbEdit->setText(dir);
}

void EvalPanel::setEvalSetPath(const QString& path)
{
    m_setEdit->setText(path);
}

void EvalPanel::setK(int k)
{
    m_kSpin->setValue(k);
}

void EvalPanel::setBaselineFolder(const QString& dir)
{
    m_historyEdit->setText(dir);
    reloadHistory();
}

QString EvalPanel::knowledgeBaseDir() const
{
    return m_kbEdit->text().trimmed();
}

QString EvalPanel::evalSetPath() const
{
    return m_setEdit->text().trimmed();
}

int EvalPanel::k() const
{
    return m_kSpin->value();
}

bool EvalPanel::isRunning() const
{
    return m_runner->isRunning();
}

const EvalReport* EvalPanel::report() const
{
    return m_report ? &*m_report : nullptr;
}

QString EvalPanel::statusText() const
{
    return m_status->text();
}

void EvalPanel::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    // Errors read as a banner in the shared "critical" badge colours, on light and dark themes.
    QPalette pal = palette();
    if (error) {
        pal.setColor(QPalette::Window, badgeBackground(Tone::Critical, palette()));
        pal.setColor(QPalette::WindowText, badgeForeground(Tone::Critical, palette()));
    }
    m_status->setAutoFillBackground(error);
    m_status->setPalette(pal);
}

void EvalPanel::updateButtons()
{
    const bool running = m_runner->isRunning();
    m_runButton->setEnabled(!running && !knowledgeBaseDir().isEmpty() && !evalSetPath().isEmpty());
    m_cancelButton->setEnabled(running);
    m_compareButton->setEnabled(!running && m_report &&
                                !m_baselineEdit->text().trimmed().isEmpty());
    m_saveButton->setEnabled(!running && m_report && !m_report->cancelled);
    m_openButton->setEnabled(m_model->rowCount() > 0);
}

void EvalPanel::startRun()
{
    if (m_runner->isRunning())
        return;
    if (knowledgeBaseDir().isEmpty() || evalSetPath().isEmpty()) {
        setStatus(tr("Choose a knowledge base and an eval set first."), true);
        return;
    }
    AppSettings& settings = AppSettings::instance();
    settings.setValue(settingsKey("kbDir"), knowledgeBaseDir());
    settings.setValue(settingsKey("setPath"), evalSetPath());
    settings.setValue(settingsKey("k"), k());

    m_progress->setRange(0, 0); // busy until the set is read and the first batch reports
    setStatus(tr("Running %1 against %2…").arg(evalSetPath(), knowledgeBaseDir()));
    m_runner->start({knowledgeBaseDir(), evalSetPath(), k()});
    updateButtons();
    emit runStarted();
}

void EvalPanel::cancelRun()
{
    if (!m_runner->isRunning())
        return;
    m_runner->cancel();
    setStatus(tr("Cancelling after the current batch…"));
}

void EvalPanel::onFinished(const EvalReport& report)
{
    m_report = report;
    m_model->setReport(report);
    m_metrics->setMetrics(report.metrics, report.k);
    if (report.rows.empty())
        showProgressIdle(tr("No cases run"));
    else
        showProgressCases(int(report.rows.size()), int(report.rows.size()));
    refreshTags();
    refreshByTag();
    if (report.cancelled)
        setStatus(tr("Cancelled: %n case(s) finished; metrics cover only those.", nullptr,
                     int(report.rows.size())));
    else
        setStatus(tr("%n case(s) in %1 s.", nullptr, int(report.rows.size()))
                      .arg(displayNumber(report.seconds, 2)));
    // Keep comparing against the chosen baseline, so a re-run shows fresh regressions.
    if (m_baseline)
        applyComparison();
    else
        m_metrics->setBaseline(std::nullopt, std::nullopt);
    updateButtons();
    emit runFinished();
}

void EvalPanel::showProgressCases(int done, int total)
{
    m_progress->setFormat(tr("%v / %m cases"));
    m_progress->setRange(0, total);
    m_progress->setValue(done);
}

void EvalPanel::showProgressIdle(const QString& text)
{
    // A bar with nothing to count says what it is waiting for, never "0 / 1 cases".
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(text);
}

void EvalPanel::onFailed(const QString& message)
{
    showProgressIdle(tr("Not run"));
    setStatus(message, true);
    updateButtons();
    emit runFailed(message);
}

bool EvalPanel::compareWithBaselineFile(const QString& path)
{
    if (path.isEmpty())
        return false;
    m_baselineEdit->setText(path);
    Expected<EvalBaseline> baseline = loadBaseline(path);
    if (!baseline) {
        setStatus(baseline.error(), true);
        emit runFailed(baseline.error());
        return false;
    }
    m_baseline = *baseline;
    if (!m_report) {
        setStatus(tr("Baseline loaded; run the set to compare."));
        return true;
    }
    applyComparison();
    return m_comparison.has_value();
}

void EvalPanel::applyComparison()
{
    m_regressions->clear();
    m_comparison.reset();
    if (!m_report || !m_baseline)
        return;
    Expected<BaselineComparison> cmp = compareWithBaseline(*m_report, *m_baseline);
    if (!cmp) {
        setStatus(cmp.error(), true);
        m_model->setComparison(std::nullopt);
        m_metrics->setBaseline(std::nullopt, std::nullopt);
        return;
    }
    m_comparison = *cmp;
    m_model->setComparison(m_comparison);
    m_metrics->setBaseline(m_baseline, m_comparison);
    auto add = [this](const ComparisonItem& item, bool regression) {
        auto* row = new QListWidgetItem(
            (regression ? tr("Regression: %1") : tr("Improvement: %1")).arg(item.describe()),
            m_regressions);
        row->setData(Qt::UserRole, item.caseId);
        row->setForeground(regression ? QBrush(QColor(0xc6, 0x28, 0x28))
                                      : QBrush(QColor(0x2e, 0x7d, 0x32)));
    };
    for (const ComparisonItem& item : m_comparison->regressions)
        add(item, true);
    for (const ComparisonItem& item : m_comparison->improvements)
        add(item, false);
    m_regressions->setVisible(m_regressions->count() > 0);
    if (m_regressions->count() > 0) // up to six lines; more scroll
        m_regressions->setFixedHeight(std::min(m_regressions->count(), 6) *
                                          m_regressions->sizeHintForRow(0) +
                                      2 * m_regressions->frameWidth() + 4);
    const int regressions = int(m_comparison->regressions.size());
    setStatus(regressions > 0
                  ? tr("%n regression(s) against %1.", nullptr, regressions).arg(m_baseline->path)
                  : tr("No regression against %1 (%n improvement(s)).", nullptr,
                       int(m_comparison->improvements.size()))
                        .arg(m_baseline->path),
              regressions > 0);
    updateButtons();
}

void EvalPanel::clearBaseline()
{
    m_baseline.reset();
    m_comparison.reset();
    m_baselineEdit->clear();
    m_regressions->clear();
    m_regressions->setVisible(false);
    m_model->setComparison(std::nullopt);
    m_metrics->setBaseline(std::nullopt, std::nullopt);
    updateButtons();
}

bool EvalPanel::saveBaselineTo(const QString& path, const QString& label)
{
    if (!m_report) {
        setStatus(tr("Run the set before saving a baseline."), true);
        return false;
    }
    const Status saved = saveBaseline(*m_report, path, label);
    if (!saved) {
        setStatus(saved.error(), true);
        return false;
    }
    setStatus(tr("Saved baseline %1.").arg(path));
    reloadHistory();
    return true;
}

void EvalPanel::reloadHistory()
{
    const QString dir = m_historyEdit->text().trimmed();
    AppSettings& settings = AppSettings::instance();
    settings.setValue(settingsKey("baselineFolder"), dir);
    if (dir.isEmpty()) {
        m_chart->setBaselines({});
        return;
    }
    QStringList errors;
    m_chart->setBaselines(loadBaselineFolder(dir, &errors));
    m_chart->setToolTip(errors.isEmpty() ? QString()
                                         : tr("Skipped files:\n%1").arg(errors.join('\n')));
}

void EvalPanel::refreshTags()
{
    const QString current = m_tagCombo->currentData().toString();
    QSignalBlocker block(m_tagCombo);
    m_tagCombo->clear();
    m_tagCombo->addItem(tr("All tags"), QString());
    if (m_report)
        for (const auto& [tag, metrics] : m_report->byTag)
            m_tagCombo->addItem(tr("%1 (%2)").arg(tag).arg(metrics.cases), tag);
    const int idx = m_tagCombo->findData(current);
    m_tagCombo->setCurrentIndex(idx < 0 ? 0 : idx);
    m_proxy->setTag(m_tagCombo->currentData().toString());
}

void EvalPanel::refreshByTag()
{
    m_byTag->clear();
    QStringList headers{tr("Tag"), tr("Cases")};
    const QStringList names = qualityMetricNames();
    for (const QString& name : names)
        headers << metricDisplayName(name);
    headers << tr("p95 latency");
    m_byTag->setHeaderLabels(headers);
    if (!m_report)
        return;
    for (const auto& [tag, m] : m_report->byTag) {
        auto* item = new QTreeWidgetItem(m_byTag);
        item->setText(0, tag);
        item->setData(1, Qt::DisplayRole, m.cases);
        for (int i = 0; i < names.size(); ++i) {
            const auto v = metricValue(m, names[i]);
            item->setText(2 + i, v ? displayNumber(*v, 3) : tr("–"));
        }
        item->setText(2 + int(names.size()), tr("%1 ms").arg(displayNumber(m.latencyP95, 1)));
    }
    for (int c = 0; c < m_byTag->columnCount(); ++c)
        m_byTag->resizeColumnToContents(c);
}

void EvalPanel::activateRow(const QModelIndex& proxyIndex)
{
    if (!proxyIndex.isValid())
        return;
    const QString query = proxyIndex.data(EvalCaseModel::QueryRole).toString();
    if (!query.isEmpty())
        emit openCaseInConsole(query);
}

} // namespace raglens::ui
