#pragma once
// One row per eval case of a run: hit or miss, rank of the first expected hit, nDCG, what
// came back, status, attempt, relevance, latency, and — after a baseline comparison —
// whether the case regressed or improved (regressed rows are tinted). Sorting uses
// SortRole (numbers as numbers), filtering uses HitRole/TagsRole, never display text.

#include "eval/eval_baseline.h"
#include "eval/eval_report.h"

#include <QAbstractTableModel>

#include <optional>

namespace raglens::ui {

class EvalCaseModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        IdColumn,
        QueryColumn,
        ResultColumn,
        RankColumn,
        NdcgColumn,
        ReturnedColumn,
        StatusColumn,
        AttemptColumn,
        RelevanceColumn,
        LatencyColumn,
        TagsColumn,
        ChangeColumn,
        ColumnCount
    };
    enum Roles
    {
        SortRole = Qt::UserRole + 1,
        CaseIdRole,
        QueryRole,
        HitRole,    ///< bool: hit within k (or correct NO_EVIDENCE)
        TagsRole,   ///< QStringList
        ChangeRole, ///< int: -1 regressed, 0 unchanged / no baseline, +1 improved
        RolesCount
    };

    explicit EvalCaseModel(QObject* parent = nullptr);

    void setReport(const EvalReport& report);
    /// Marks regressed/improved cases; nullopt clears the marks.
    void setComparison(const std::optional<BaselineComparison>& comparison);
    void clear();

    const EvalReport& report() const { return m_report; }
    const CaseResult* caseAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    int changeOf(const CaseResult& r) const;
    QVariant display(const CaseResult& r, int column) const;
    QVariant sortKey(const CaseResult& r, int column) const;

    EvalReport m_report;
    std::optional<BaselineComparison> m_comparison;
};

} // namespace raglens::ui
