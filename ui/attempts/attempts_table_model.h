#pragma once
// One row per retrieval attempt: name, category filter, candidates, usable, top score,
// top similarity, duration, error. Sorts by SortRole (numbers as numbers), never by text.

#include "attempts/attempt_timeline_data.h"

#include <QAbstractTableModel>

namespace raglens::ui {

class AttemptsTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        NameColumn,
        CategoryFilterColumn,
        CandidatesColumn,
        UsableColumn,
        TopScoreColumn,
        TopSimilarityColumn,
        DurationColumn,
        ErrorColumn,
        ColumnCount
    };
    enum Roles
    {
        SortRole = Qt::UserRole + 1,
        SelectedRole,
        RolesCount
    };

    explicit AttemptsTableModel(QObject* parent = nullptr);

    void setTimeline(const AttemptTimeline& timeline);
    const AttemptTimeline& timeline() const { return m_timeline; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    AttemptTimeline m_timeline;
};

} // namespace raglens::ui
