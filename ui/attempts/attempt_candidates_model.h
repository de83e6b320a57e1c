#pragma once
// The candidates one attempt found (in-request trace only): evidence key, score, quality,
// rank, dense score, BM25 score. Persisted audit rows do not keep them.

#include "attempts/attempt_timeline_data.h"

#include <QAbstractTableModel>

namespace raglens::ui {

class AttemptCandidatesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        RankColumn,
        EvidenceKeyColumn,
        ScoreColumn,
        QualityColumn,
        DenseColumn,
        Bm25Column,
        ColumnCount
    };
    enum Roles
    {
        SortRole = Qt::UserRole + 1,
        RolesCount
    };

    explicit AttemptCandidatesModel(QObject* parent = nullptr);

    void setCandidates(const std::vector<AttemptCandidateRow>& candidates);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<AttemptCandidateRow> m_candidates;
};

} // namespace raglens::ui
