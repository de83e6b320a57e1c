#pragma once
// One row per problematic run of a health report (empty retrieval, FALLBACK outcome,
// negative feedback, tool error): when it started, its outcome, why it is listed and the
// question asked. Sorting uses SortRole (times as times), filtering uses ReasonsRole; the
// ids travel in SessionIdRole/RunIdRole so a view can navigate to the run.

#include "diagnostics/health_report.h"

#include <QAbstractTableModel>

#include <vector>

namespace raglens::ui {

class ProblemRunsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        StartedColumn,
        OutcomeColumn,
        ReasonsColumn,
        QuestionColumn,
        SessionColumn,
        RunColumn,
        ColumnCount
    };
    enum Roles
    {
        SortRole = Qt::UserRole + 1,
        SessionIdRole,
        RunIdRole,
        ReasonsRole, ///< QStringList of reason codes (empty_retrieval, fallback_outcome, ...)
        QuestionRole,
        RolesCount
    };

    explicit ProblemRunsModel(QObject* parent = nullptr);

    void setProblemRuns(std::vector<ProblemRun> runs);
    void clear();
    const ProblemRun* runAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const ProblemRun& run, int column) const;
    QVariant sortKey(const ProblemRun& run, int column) const;

    std::vector<ProblemRun> m_runs;
};

} // namespace raglens::ui
