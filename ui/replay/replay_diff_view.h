#pragma once
// Shows a ReplayDiff so that drift jumps out: a one-line verdict, the decisions that
// changed (selected attempt, fallback, relevance, evidence status...) highlighted, the
// evidence keys with gained keys green and lost keys red and their rank / quality deltas,
// and the attempt ladder's top similarities before and after.

#include "replay/replay_diff.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace raglens::ui {

class ReplayDiffView : public QWidget
{
    Q_OBJECT
public:
    enum DecisionRow
    {
        SelectedAttemptRow,
        FallbackReasonRow,
        RelevanceRow,
        EvidenceStatusRow,
        SearchModeRow,
        CategoryFilterRow,
        BestQualityRow,
        DecisionRowCount
    };
    enum KeyColumn
    {
        KeyColumn,
        ChangeColumn,
        RecordedRankColumn,
        ReplayedRankColumn,
        RankDeltaColumn,
        RecordedQualityColumn,
        ReplayedQualityColumn,
        QualityDeltaColumn,
        KeyColumnCount
    };
    /// Item data role holding "gained" / "lost" / "kept" on key rows, for tests and styling.
    static constexpr int ChangeRole = Qt::UserRole + 1;

    explicit ReplayDiffView(QWidget* parent = nullptr);

    void setDiff(const ReplayDiff& diff);
    /// Two recorded lookups compared (A before, B after) instead of a recording and its
    /// replay: the columns read "A" and "B", the verdict speaks of two lookups.
    void setComparison(bool comparison);
    void clear();

    QLabel* verdictLabel() const { return m_verdict; }
    QTableWidget* decisionsTable() const { return m_decisions; }
    QTableWidget* keysTable() const { return m_keys; }
    QTableWidget* attemptsTable() const { return m_attempts; }

private:
    void fillDecisions(const ReplayDiff& diff);
    void fillKeys(const ReplayDiff& diff);
    void fillAttempts(const ReplayDiff& diff);

    QLabel* m_verdict = nullptr;
    QLabel* m_notes = nullptr;
    QTableWidget* m_decisions = nullptr;
    QTableWidget* m_keys = nullptr;
    QTableWidget* m_attempts = nullptr;
    bool m_comparison = false;
};

/// "+2 ▲", "−1 ▼", "0"; empty when unknown. Positive rank deltas mean "moved up".
QString formatRankDelta(std::optional<int> delta);
QString formatQualityDelta(std::optional<double> delta);

} // namespace raglens::ui
