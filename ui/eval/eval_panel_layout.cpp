// EvalPanel: widget construction and file pickers. The behaviour is in eval_panel.cpp.

#include "eval/baseline_history_chart.h"
#include "eval/eval_case_filter_proxy.h"
#include "eval/eval_case_model.h"
#include "eval/eval_panel.h"
#include "eval/metrics_summary_widget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace raglens::ui {

void EvalPanel::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildRunBar());
    m_metrics = new MetricsSummaryWidget(this);
    layout->addWidget(m_metrics);
    layout->addWidget(buildBaselineBar());

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildCasesTab(), tr("Cases"));
    m_byTag = new QTreeWidget(this);
    m_byTag->setRootIsDecorated(false);
    m_byTag->setSortingEnabled(true);
    m_tabs->addTab(m_byTag, tr("By tag"));
    m_tabs->addTab(buildHistoryTab(), tr("History"));
    layout->addWidget(m_tabs, 1);
}

QWidget* EvalPanel::buildRunBar()
{
    auto* box = new QWidget(this);
    box->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto* form = new QFormLayout(box);
    form->setContentsMargins(0, 0, 0, 0);

    auto pathRow = [&](QLineEdit*& edit, const QString& placeholder, auto browse) {
        auto* row = new QHBoxLayout;
        edit = new QLineEdit(box);
        edit->setPlaceholderText(placeholder);
        edit->setClearButtonEnabled(true);
        auto* button = new QPushButton(tr("Browse…"), box);
        connect(button, &QPushButton::clicked, this, browse);
        connect(edit, &QLineEdit::textChanged, this, &EvalPanel::updateButtons);
        row->addWidget(edit, 1);
        row->addWidget(button);
        return row;
    };
    form->addRow(tr("Knowledge base:"), pathRow(m_kbEdit,
                                                tr("folder holding the index and "
                                                   "manifest, e.g. WORKSPACE/kb"),
                                                &EvalPanel::browseKb));
    form->addRow(tr("Eval set:"), pathRow(m_setEdit, tr("JSON Lines file, one case per line"),
                                          &EvalPanel::browseSet));

    auto* runRow = new QHBoxLayout;
    m_kSpin = new QSpinBox(box);
    m_kSpin->setRange(1, 100);
    m_kSpin->setValue(5);
    m_kSpin->setPrefix(tr("k = "));
    m_kSpin->setToolTip(tr("Cut-off of hit@k, recall@k and nDCG@k; also the lookup's top-k."));
    m_runButton = new QPushButton(tr("Run"), box);
    m_runButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), box);
    m_progress = new QProgressBar(box);
    m_progress->setObjectName(QStringLiteral("evalProgress"));
    showProgressIdle(tr("Not run yet"));
    m_status = new QLabel(box);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // No word wrap: a wrapped label in a form row asks for its height at its narrowest
    // width and eats the table's space. Multi-line messages keep their own line breaks.
    m_status->setMargin(2);
    runRow->addWidget(m_kSpin);
    runRow->addWidget(m_runButton);
    runRow->addWidget(m_cancelButton);
    runRow->addWidget(m_progress, 1);
    form->addRow(QString(), runRow);
    form->addRow(QString(), m_status);
    connect(m_runButton, &QPushButton::clicked, this, &EvalPanel::startRun);
    connect(m_cancelButton, &QPushButton::clicked, this, &EvalPanel::cancelRun);
    return box;
}

QWidget* EvalPanel::buildBaselineBar()
{
    auto* box = new QWidget(this);
    box->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    m_baselineEdit = new QLineEdit(box);
    m_baselineEdit->setPlaceholderText(tr("baseline file saved from an earlier run"));
    m_baselineEdit->setClearButtonEnabled(true);
    auto* browse = new QPushButton(tr("Browse…"), box);
    m_compareButton = new QPushButton(tr("Compare"), box);
    auto* clear = new QPushButton(tr("Clear"), box);
    m_saveButton = new QPushButton(tr("Save as baseline…"), box);
    row->addWidget(new QLabel(tr("Baseline:"), box));
    row->addWidget(m_baselineEdit, 1);
    row->addWidget(browse);
    row->addWidget(m_compareButton);
    row->addWidget(clear);
    row->addSpacing(12);
    row->addWidget(m_saveButton);
    v->addLayout(row);
    m_regressions = new QListWidget(box);
    m_regressions->setVisible(false);
    v->addWidget(m_regressions);

    connect(browse, &QPushButton::clicked, this, &EvalPanel::browseBaseline);
    connect(m_compareButton, &QPushButton::clicked, this,
            [this] { compareWithBaselineFile(m_baselineEdit->text().trimmed()); });
    connect(clear, &QPushButton::clicked, this, &EvalPanel::clearBaseline);
    connect(m_saveButton, &QPushButton::clicked, this, &EvalPanel::browseSaveBaseline);
    connect(m_baselineEdit, &QLineEdit::textChanged, this, &EvalPanel::updateButtons);
    // A regression that names a case jumps to it in the table.
    connect(m_regressions, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        const QString id = item->data(Qt::UserRole).toString();
        if (id.isEmpty())
            return;
        m_filterEdit->setText(id);
        m_tabs->setCurrentIndex(0);
    });
    return box;
}

QWidget* EvalPanel::buildCasesTab()
{
    auto* tab = new QWidget(this);
    auto* v = new QVBoxLayout(tab);
    auto* bar = new QHBoxLayout;
    m_filterEdit = new QLineEdit(tab);
    m_filterEdit->setPlaceholderText(tr("Filter by case id or query"));
    m_filterEdit->setClearButtonEnabled(true);
    m_tagCombo = new QComboBox(tab);
    m_missesOnly = new QCheckBox(tr("Misses only"), tab);
    m_regressionsOnly = new QCheckBox(tr("Regressions only"), tab);
    m_openButton = new QPushButton(tr("Open in lookup console"), tab);
    m_openButton->setToolTip(tr("Run the selected case's query in the lookup console "
                                "(or double-click a row)."));
    bar->addWidget(m_filterEdit, 1);
    bar->addWidget(m_tagCombo);
    bar->addWidget(m_missesOnly);
    bar->addWidget(m_regressionsOnly);
    bar->addWidget(m_openButton);
    v->addLayout(bar);

    m_table = new QTableView(tab);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(EvalCaseModel::IdColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(EvalCaseModel::IdColumn, 200);
    m_table->setColumnWidth(EvalCaseModel::QueryColumn, 320);
    m_table->setColumnWidth(EvalCaseModel::ReturnedColumn, 260);
    // The short columns hold words such as UNFILTERED_VECTOR_RETRY and EVIDENCE_FOUND: each
    // run sizes them to what they show, so none is cut to "EVIDENCE_F…".
    const auto fitShortColumns = [this] {
        for (int c :
             {EvalCaseModel::ResultColumn, EvalCaseModel::RankColumn, EvalCaseModel::NdcgColumn,
              EvalCaseModel::StatusColumn, EvalCaseModel::AttemptColumn,
              EvalCaseModel::RelevanceColumn, EvalCaseModel::LatencyColumn})
            m_table->resizeColumnToContents(c);
    };
    connect(m_proxy, &QAbstractItemModel::modelReset, m_table, fitShortColumns);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, m_table, fitShortColumns);
    v->addWidget(m_table, 1);

    connect(m_filterEdit, &QLineEdit::textChanged, m_proxy, &EvalCaseFilterProxy::setText);
    connect(m_missesOnly, &QCheckBox::toggled, m_proxy, &EvalCaseFilterProxy::setMissesOnly);
    connect(m_regressionsOnly, &QCheckBox::toggled, m_proxy,
            &EvalCaseFilterProxy::setRegressionsOnly);
    connect(m_tagCombo, &QComboBox::currentIndexChanged, this,
            [this] { m_proxy->setTag(m_tagCombo->currentData().toString()); });
    connect(m_table, &QTableView::activated, this, &EvalPanel::activateRow);
    connect(m_openButton, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            activateRow(rows.first());
    });
    return tab;
}

QWidget* EvalPanel::buildHistoryTab()
{
    auto* tab = new QWidget(this);
    auto* v = new QVBoxLayout(tab);
    auto* row = new QHBoxLayout;
    m_historyEdit = new QLineEdit(tab);
    m_historyEdit->setPlaceholderText(tr("folder of saved baselines (*.json)"));
    auto* browse = new QPushButton(tr("Browse…"), tab);
    auto* reload = new QPushButton(tr("Reload"), tab);
    row->addWidget(new QLabel(tr("Baselines folder:"), tab));
    row->addWidget(m_historyEdit, 1);
    row->addWidget(browse);
    row->addWidget(reload);
    v->addLayout(row);
    m_chart = new BaselineHistoryChart(tab);
    v->addWidget(m_chart, 1);
    connect(browse, &QPushButton::clicked, this, &EvalPanel::browseHistoryFolder);
    connect(reload, &QPushButton::clicked, this, &EvalPanel::reloadHistory);
    connect(m_historyEdit, &QLineEdit::editingFinished, this, &EvalPanel::reloadHistory);
    return tab;
}

void EvalPanel::browseKb()
{
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Choose a knowledge base"), m_kbEdit->text());
    if (!dir.isEmpty())
        setKnowledgeBaseDir(dir);
}

void EvalPanel::browseSet()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Choose an eval set"), m_setEdit->text(),
                                     tr("Eval sets (*.jsonl *.json);;All files (*)"));
    if (!path.isEmpty())
        setEvalSetPath(path);
}

void EvalPanel::browseBaseline()
{
    const QString start =
        m_baselineEdit->text().isEmpty() ? m_historyEdit->text() : m_baselineEdit->text();
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose a baseline"), start,
                                                      tr("Baselines (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        m_baselineEdit->setText(path);
        if (m_report)
            compareWithBaselineFile(path);
    }
}

void EvalPanel::browseSaveBaseline()
{
    if (!m_report)
        return;
    const QString suggested =
        QStringLiteral("%1/baseline-%2.json")
            .arg(m_historyEdit->text().isEmpty() ? QStringLiteral(".") : m_historyEdit->text(),
                 m_report->startedAt.toString(QStringLiteral("yyyyMMdd-HHmmss")));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save run as baseline"), suggested,
                                                      tr("Baselines (*.json)"));
    if (path.isEmpty())
        return;
    bool ok = false;
    const QString label = QInputDialog::getText(
        this, tr("Baseline label"), tr("A short label for charts (optional):"), QLineEdit::Normal,
        QFileInfo(path).completeBaseName(), &ok);
    if (ok)
        saveBaselineTo(path, label);
}

void EvalPanel::browseHistoryFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose a baselines folder"),
                                                          m_historyEdit->text());
    if (!dir.isEmpty())
        setBaselineFolder(dir);
}

} // namespace raglens::ui
