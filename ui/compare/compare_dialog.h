#pragma once
// Two runs (or two lookups) side by side: the aligned steps and calls on the left, what
// differs in each; on the right, for the chosen pair of lookups, their attempt timelines one
// above the other on one time scale and the diff (decisions, evidence keys, attempt ladder).

#include "compare/run_comparison.h"

#include <QDialog>

#include <map>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace raglens::ui {

class AttemptTimelineWidget;
class ReplayDiffView;

class CompareDialog : public QDialog
{
    Q_OBJECT
public:
    /// Item data role on call rows: the index of the lookup pair they show (or -1).
    static constexpr int LookupIndexRole = Qt::UserRole + 1;

    explicit CompareDialog(QWidget* parent = nullptr);

    /// Two runs (A, then B), compared by core's compareRuns; the first changed lookup pair is
    /// shown.
    void setRuns(const compare::RunData& a, const compare::RunData& b);
    /// Two lookups alone.
    void setLookups(const TraceInvocation& a, const TraceInvocation& b);

    const compare::RunComparison& comparison() const { return m_comparison; }
    QTreeWidget* pairsTree() const { return m_tree; }
    QLabel* summaryLabel() const { return m_summary; }
    AttemptTimelineWidget* timelineA() const { return m_timelineA; }
    AttemptTimelineWidget* timelineB() const { return m_timelineB; }
    ReplayDiffView* diffView() const { return m_diff; }
    /// Index into the lookup pairs of the one shown, or -1.
    int shownLookup() const { return m_shown; }

private:
    void showLookup(int index);
    void fillTree();
    QString changeSummary(const compare::LookupComparison& c) const;

    compare::RunComparison m_comparison;
    std::vector<compare::LookupComparison> m_lookups;
    std::map<qint64, TraceInvocation> m_callsA; ///< lookups by id, for their timelines
    std::map<qint64, TraceInvocation> m_callsB;
    QLabel* m_summary = nullptr;
    QTreeWidget* m_tree = nullptr;
    QLabel* m_labelA = nullptr;
    QLabel* m_labelB = nullptr;
    AttemptTimelineWidget* m_timelineA = nullptr;
    AttemptTimelineWidget* m_timelineB = nullptr;
    ReplayDiffView* m_diff = nullptr;
    int m_shown = -1;
};

} // namespace raglens::ui
