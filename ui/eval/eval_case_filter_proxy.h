#pragma once
// Filters the eval case table: "misses only", one tag, and a text match on id or query.
// Works on model roles (HitRole, TagsRole, CaseIdRole, QueryRole), sorts by SortRole.

#include <QSortFilterProxyModel>

namespace raglens::ui {

class EvalCaseFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit EvalCaseFilterProxy(QObject* parent = nullptr);

    void setMissesOnly(bool on);
    bool missesOnly() const { return m_missesOnly; }
    void setRegressionsOnly(bool on);
    void setTag(const QString& tag); ///< empty = every tag
    void setText(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    bool m_missesOnly = false;
    bool m_regressionsOnly = false;
    QString m_tag;
    QString m_text;
};

} // namespace raglens::ui
