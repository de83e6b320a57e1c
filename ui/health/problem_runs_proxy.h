#pragma once
// Filters the problematic-runs table to one reason (ReasonsRole) and a text match on the
// question or ids; sorts by the model's SortRole.

#include <QSortFilterProxyModel>

namespace raglens::ui {

class ProblemRunsProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit ProblemRunsProxy(QObject* parent = nullptr);

    void setReason(const QString& reason); ///< a reason code; empty = every reason
    QString reason() const { return m_reason; }
    void setText(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_reason;
    QString m_text;
};

} // namespace raglens::ui
