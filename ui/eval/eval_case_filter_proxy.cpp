#include "eval/eval_case_filter_proxy.h"

#include "eval/eval_case_model.h"

namespace raglens::ui {

EvalCaseFilterProxy::EvalCaseFilterProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(EvalCaseModel::SortRole);
    setDynamicSortFilter(true);
}

void EvalCaseFilterProxy::setMissesOnly(bool on)
{
    if (m_missesOnly == on)
        return;
    m_missesOnly = on;
    invalidateFilter();
}

void EvalCaseFilterProxy::setRegressionsOnly(bool on)
{
    if (m_regressionsOnly == on)
        return;
    m_regressionsOnly = on;
    invalidateFilter();
}

void EvalCaseFilterProxy::setTag(const QString& tag)
{
    if (m_tag == tag)
        return;
    m_tag = tag;
    invalidateFilter();
}

void EvalCaseFilterProxy::setText(const QString& text)
{
    const QString t = text.trimmed();
    if (m_text == t)
        return;
    m_text = t;
    invalidateFilter();
}

bool EvalCaseFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_missesOnly && idx.data(EvalCaseModel::HitRole).toBool())
        return false;
    if (m_regressionsOnly && idx.data(EvalCaseModel::ChangeRole).toInt() >= 0)
        return false;
    if (!m_tag.isEmpty() && !idx.data(EvalCaseModel::TagsRole).toStringList().contains(m_tag))
        return false;
    if (!m_text.isEmpty() &&
        !idx.data(EvalCaseModel::CaseIdRole).toString().contains(m_text, Qt::CaseInsensitive) &&
        !idx.data(EvalCaseModel::QueryRole).toString().contains(m_text, Qt::CaseInsensitive))
        return false;
    return true;
}

} // namespace raglens::ui
