#include "attempts/attempts_table_model.h"

#include "common/display_format.h"

#include "common/badge_colors.h"

#include <QApplication>
#include <QFont>
#include <QPalette>

namespace raglens::ui {

AttemptsTableModel::AttemptsTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void AttemptsTableModel::setTimeline(const AttemptTimeline& timeline)
{
    beginResetModel();
    m_timeline = timeline;
    endResetModel();
}

int AttemptsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_timeline.attempts.size());
}

int AttemptsTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

static QString number(const std::optional<double>& v, int decimals)
{
    return v ? displayNumber(*v, decimals) : QString();
}

QVariant AttemptsTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AttemptBar& a = m_timeline.attempts[size_t(index.row())];
    const bool selected = index.row() == m_timeline.selectedIndex();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return a.name;
        case CategoryFilterColumn:
            return a.categoryFilter.isEmpty() ? tr("—") : a.categoryFilter;
        case CandidatesColumn:
            return a.candidateCount;
        case UsableColumn:
            return a.usable ? tr("usable") : tr("not usable");
        case TopScoreColumn:
            return number(a.topScore, 4);
        case TopSimilarityColumn:
            return number(a.topSimilarity, 3);
        case DurationColumn:
            return formatDurationMs(a.durationMs);
        case ErrorColumn:
            return a.errorMessage;
        }
        break;
    case SortRole:
        switch (index.column()) {
        case CandidatesColumn:
            return a.candidateCount;
        case UsableColumn:
            return a.usable;
        case TopScoreColumn:
            return a.topScore.value_or(-1e300);
        case TopSimilarityColumn:
            return a.topSimilarity.value_or(-1);
        case DurationColumn:
            return a.durationMs;
        case NameColumn:
            return a.name;
        case CategoryFilterColumn:
            return a.categoryFilter;
        case ErrorColumn:
            return a.errorMessage;
        }
        break;
    case SelectedRole:
        return selected;
    case Qt::TextAlignmentRole:
        if (index.column() == CandidatesColumn || index.column() == TopScoreColumn ||
            index.column() == TopSimilarityColumn || index.column() == DurationColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::BackgroundRole:
        if (index.column() == UsableColumn)
            return badgeBackground(a.usable ? Tone::Good : Tone::Critical, QApplication::palette());
        break;
    case Qt::ForegroundRole:
        if (index.column() == UsableColumn)
            return badgeForeground(a.usable ? Tone::Good : Tone::Critical, QApplication::palette());
        break;
    case Qt::FontRole:
        if (selected) {
            QFont f;
            f.setBold(true);
            return f;
        }
        break;
    case Qt::ToolTipRole:
        if (selected)
            return tr("The selected attempt: its candidates became the evidence");
        if (index.column() == ErrorColumn && !a.errorMessage.isEmpty())
            return a.errorMessage;
        break;
    }
    return {};
}

QVariant AttemptsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Attempt");
    case CategoryFilterColumn:
        return tr("Category filter");
    case CandidatesColumn:
        return tr("Candidates");
    case UsableColumn:
        return tr("Usable");
    case TopScoreColumn:
        return tr("Top score");
    case TopSimilarityColumn:
        return tr("Top similarity");
    case DurationColumn:
        return tr("Duration");
    case ErrorColumn:
        return tr("Error");
    }
    return {};
}

} // namespace raglens::ui
