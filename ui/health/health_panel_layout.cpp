// HealthPanel's widgets and their wiring; the behaviour lives in health_panel.cpp.

#include "health/health_panel.h"

#include "health/health_text.h"
#include "health/health_tiles.h"
#include "health/health_window_selector.h"
#include "health/problem_runs_model.h"
#include "health/problem_runs_proxy.h"
#include "health/relevance_chart.h"
#include "health/severity_badge.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace raglens::ui {

void HealthPanel::buildUi()
{
    auto* box = new QVBoxLayout(this);
    box->addWidget(buildTopBar());
    m_tiles = new HealthTiles(this);
    box->addWidget(m_tiles);

    auto* split = new QSplitter(Qt::Horizontal, this);
    m_chart = new RelevanceChart(split);
    split->addWidget(m_chart);
    split->addWidget(buildProblemRuns());
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({320, 960});
    box->addWidget(split, 1);
}

QWidget* HealthPanel::buildTopBar()
{
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_window = new HealthWindowSelector(bar);
    m_refreshButton = new QPushButton(tr("&Refresh"), bar);
    m_refreshButton->setToolTip(tr("Recompute the health report for this window"));
    m_busy = new QProgressBar(bar);
    m_busy->setRange(0, 0); // indeterminate: the computation reports no progress
    m_busy->setMaximumWidth(120);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_overall = new SeverityBadge(bar);
    m_overall->setToolTip(tr("The worst of the three rates' severities"));
    m_overall->hide();
    m_status = new QLabel(bar);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    row->addWidget(m_window);
    row->addWidget(m_refreshButton);
    row->addWidget(m_busy);
    row->addWidget(m_overall);
    row->addWidget(m_status, 1);

    connect(m_window, &HealthWindowSelector::windowChanged, this, &HealthPanel::refresh);
    connect(m_refreshButton, &QPushButton::clicked, this, &HealthPanel::refresh);
    return bar;
}

QWidget* HealthPanel::buildProblemRuns()
{
    auto* group = new QGroupBox(tr("Problematic runs"), this);
    auto* box = new QVBoxLayout(group);

    auto* filters = new QHBoxLayout();
    m_reasonCombo = new QComboBox(group);
    m_reasonCombo->setObjectName(QStringLiteral("healthReasonCombo"));
    // The items gain their counts once a report is in: the box follows their width.
    m_reasonCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_reasonCombo->addItem(tr("Every reason"), QString());
    for (const char* reason :
         {"empty_retrieval", "fallback_outcome", "negative_feedback", "tool_error"})
        m_reasonCombo->addItem(problemReasonText(QLatin1String(reason)), QLatin1String(reason));
    m_reasonCombo->setToolTip(tr("Show only the runs listed for this reason"));
    m_filterEdit = new QLineEdit(group);
    m_filterEdit->setPlaceholderText(tr("Filter by question, session or run id"));
    m_filterEdit->setClearButtonEnabled(true);
    m_problemCount = new QLabel(group);
    filters->addWidget(m_reasonCombo);
    filters->addWidget(m_filterEdit, 1);
    filters->addWidget(m_problemCount);
    box->addLayout(filters);

    createProblemTable(group);
    box->addWidget(m_table, 1);

    auto* buttons = new QHBoxLayout();
    m_openButton = new QPushButton(tr("&Open run"), group);
    m_openButton->setToolTip(tr("Show this run in the session tree"));
    m_evalButton = new QPushButton(tr("Add to &eval set…"), group);
    m_evalButton->setToolTip(
        tr("Add this run's query to an eval set as a problem query, so a later change to the "
           "knowledge base or the thresholds is checked against it"));
    buttons->addStretch(1);
    buttons->addWidget(m_openButton);
    buttons->addWidget(m_evalButton);
    box->addLayout(buttons);

    connect(m_reasonCombo, &QComboBox::currentIndexChanged, this, [this] {
        m_proxy->setReason(m_reasonCombo->currentData().toString());
        updateButtons();
    });
    connect(m_filterEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setText(text);
        updateButtons();
    });
    connect(m_table, &QTableView::activated, this, &HealthPanel::activateRow);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &HealthPanel::updateButtons);
    connect(m_table, &QWidget::customContextMenuRequested, this, &HealthPanel::showContextMenu);
    connect(m_openButton, &QPushButton::clicked, this, &HealthPanel::openSelectedRun);
    connect(m_evalButton, &QPushButton::clicked, this, &HealthPanel::addSelectedToEvalSet);
    return group;
}

void HealthPanel::createProblemTable(QWidget* group)
{
    m_model = new ProblemRunsModel(this);
    m_proxy = new ProblemRunsProxy(this);
    m_proxy->setSourceModel(m_model);
    m_table = new QTableView(group);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ProblemRunsModel::StartedColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(ProblemRunsModel::QuestionColumn,
                                                      QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ProblemRunsModel::StartedColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ProblemRunsModel::OutcomeColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ProblemRunsModel::ReasonsColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ProblemRunsModel::SessionColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ProblemRunsModel::RunColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->setToolTip(tr("Double-click or press Enter to open the run"));
}

} // namespace raglens::ui
