#pragma once
// The attempts table and, for an in-request trace, the candidates of the attempt picked in it
// (the selected attempt by default). Sorting goes through proxies on SortRole.

#include "attempts/attempt_timeline_data.h"

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace raglens::ui {

class AttemptsTableModel;
class AttemptCandidatesModel;

class AttemptsView : public QWidget
{
    Q_OBJECT
public:
    explicit AttemptsView(QWidget* parent = nullptr);

    void setTimeline(const AttemptTimeline& timeline);
    void clear();
    /// Shows attempt (a row of the timeline, not of the sorted view) and its candidates.
    void selectAttempt(int attempt);
    int currentAttempt() const;

    AttemptsTableModel* attemptsModel() const { return m_model; }
    AttemptCandidatesModel* candidatesModel() const { return m_candidates; }
    QTableView* attemptsTable() const { return m_table; }
    QTableView* candidatesTable() const { return m_candidateTable; }
    bool candidatesShown() const;

signals:
    void attemptActivated(int attempt);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitTableHeight();
    void showCandidatesOf(int attempt);

    AttemptsTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    AttemptCandidatesModel* m_candidates = nullptr;
    QSortFilterProxyModel* m_candidateProxy = nullptr;
    QTableView* m_table = nullptr;
    QTableView* m_candidateTable = nullptr;
    QLabel* m_candidateTitle = nullptr;
    QWidget* m_candidateBox = nullptr;
};

} // namespace raglens::ui
