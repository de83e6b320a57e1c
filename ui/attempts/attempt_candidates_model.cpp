#include "attempts/attempt_candidates_model.h"

#include "common/display_format.h"

namespace raglens::ui {

AttemptCandidatesModel::AttemptCandidatesModel(QObject* parent) : QAbstractTableModel(parent) {}

void AttemptCandidatesModel::setCandidates(const std::vector<AttemptCandidateRow>& candidates)
{
    beginResetModel();
    m_candidates = candidates;
    endResetModel();
}

int AttemptCandidatesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_candidates.size());
}

int AttemptCandidatesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AttemptCandidatesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AttemptCandidateRow& c = m_candidates[size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case RankColumn:
            return c.rank;
        case EvidenceKeyColumn:
            return c.evidenceKey;
        case ScoreColumn:
            return displayNumber(c.score, 4);
        case QualityColumn:
            return displayNumber(c.quality, 3);
        case DenseColumn:
            return displayNumber(c.denseScore, 4);
        case Bm25Column:
            return displayNumber(c.bm25Score, 3);
        }
    } else if (role == SortRole) {
        switch (index.column()) {
        case RankColumn:
            return c.rank;
        case EvidenceKeyColumn:
            return c.evidenceKey;
        case ScoreColumn:
            return c.score;
        case QualityColumn:
            return c.quality;
        case DenseColumn:
            return c.denseScore;
        case Bm25Column:
            return c.bm25Score;
        }
    } else if (role == Qt::TextAlignmentRole && index.column() != EvidenceKeyColumn) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole && index.column() == EvidenceKeyColumn) {
        return c.source.isEmpty() ? c.evidenceKey
                                  : tr("%1 (source: %2)").arg(c.evidenceKey, c.source);
    }
    return {};
}

QVariant AttemptCandidatesModel::headerData(int section, Qt::Orientation orientation,
                                            int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RankColumn:
        return tr("Rank");
    case EvidenceKeyColumn:
        return tr("Evidence key");
    case ScoreColumn:
        return tr("Score");
    case QualityColumn:
        return tr("Quality");
    case DenseColumn:
        return tr("Dense");
    case Bm25Column:
        return tr("BM25");
    }
    return {};
}

} // namespace raglens::ui
