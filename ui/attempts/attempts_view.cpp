#include "attempts/attempts_view.h"

#include "attempts/attempt_candidates_model.h"
#include "attempts/attempts_table_model.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace raglens::ui {

static QTableView* makeTable(QWidget* parent, QAbstractItemModel* model)
{
    auto* table = new QTableView(parent);
    table->setModel(model);
    table->setSortingEnabled(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    return table;
}

AttemptsView::AttemptsView(QWidget* parent)
    : QWidget(parent), m_model(new AttemptsTableModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_candidates(new AttemptCandidatesModel(this)),
      m_candidateProxy(new QSortFilterProxyModel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(AttemptsTableModel::SortRole);
    m_candidateProxy->setSourceModel(m_candidates);
    m_candidateProxy->setSortRole(AttemptCandidatesModel::SortRole);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_table = makeTable(this, m_proxy);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // execution order until the user sorts
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(m_table);

    m_candidateBox = new QWidget(this);
    auto* boxLayout = new QVBoxLayout(m_candidateBox);
    boxLayout->setContentsMargins(0, 4, 0, 0);
    m_candidateTitle = new QLabel(m_candidateBox);
    boxLayout->addWidget(m_candidateTitle);
    m_candidateTable = makeTable(m_candidateBox, m_candidateProxy);
    m_candidateTable->sortByColumn(AttemptCandidatesModel::RankColumn, Qt::AscendingOrder);
    m_candidateTable->horizontalHeader()->setSectionResizeMode(
        AttemptCandidatesModel::EvidenceKeyColumn, QHeaderView::Stretch);
    m_candidateTable->horizontalHeader()->setStretchLastSection(false);
    boxLayout->addWidget(m_candidateTable);
    layout->addWidget(m_candidateBox, 1);
    m_candidateBox->hide();

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const int attempt = m_proxy->mapToSource(current).row();
                showCandidatesOf(attempt);
                if (attempt >= 0)
                    emit attemptActivated(attempt);
            });
}

void AttemptsView::setTimeline(const AttemptTimeline& timeline)
{
    m_model->setTimeline(timeline);
    m_table->resizeColumnsToContents();
    m_candidateBox->setVisible(timeline.hasCandidates);
    const int selected = timeline.selectedIndex();
    selectAttempt(selected >= 0 ? selected : int(timeline.attempts.size()) - 1);
    if (timeline.attempts.empty())
        showCandidatesOf(-1);
    // Audit rows do not keep engine scores: hide the column rather than show blanks.
    const bool anyScore = std::any_of(timeline.attempts.begin(), timeline.attempts.end(),
                                      [](const AttemptBar& a) { return a.topScore.has_value(); });
    m_table->setColumnHidden(AttemptsTableModel::TopScoreColumn, !anyScore);
    fitTableHeight();
}

void AttemptsView::fitTableHeight()
{
    // Exactly tall enough for every attempt (ladders are short), plus the horizontal scroll
    // bar when the columns do not fit, so no row is ever hidden behind it.
    const int rows = std::max(1, m_model->rowCount());
    const bool scrolls =
        m_table->horizontalHeader()->length() > m_table->width() - 2 * m_table->frameWidth();
    const int bar =
        scrolls ? style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_table) : 0;
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() +
                            rows * m_table->verticalHeader()->defaultSectionSize() +
                            2 * m_table->frameWidth() + bar);
}

void AttemptsView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitTableHeight();
}

void AttemptsView::clear()
{
    setTimeline(AttemptTimeline{});
}

bool AttemptsView::candidatesShown() const
{
    return !m_candidateBox->isHidden();
}

void AttemptsView::selectAttempt(int attempt)
{
    if (attempt < 0 || attempt >= m_model->rowCount()) {
        showCandidatesOf(-1);
        return;
    }
    const QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(attempt, 0));
    m_table->setCurrentIndex(proxyIndex);
    m_table->selectRow(proxyIndex.row());
    showCandidatesOf(attempt);
}

int AttemptsView::currentAttempt() const
{
    return m_proxy->mapToSource(m_table->currentIndex()).row();
}

void AttemptsView::showCandidatesOf(int attempt)
{
    const AttemptTimeline& t = m_model->timeline();
    if (attempt < 0 || attempt >= int(t.attempts.size())) {
        m_candidates->setCandidates({});
        m_candidateTitle->setText(tr("Candidates: pick an attempt above"));
        return;
    }
    const AttemptBar& a = t.attempts[size_t(attempt)];
    m_candidates->setCandidates(a.candidates);
    m_candidateTitle->setText(tr("Candidates of %1 (%2)").arg(a.name).arg(a.candidates.size()));
    m_candidateTable->resizeColumnsToContents();
}

} // namespace raglens::ui
