#include "health/problem_runs_proxy.h"

#include "health/problem_runs_model.h"

namespace raglens::ui {

ProblemRunsProxy::ProblemRunsProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(ProblemRunsModel::SortRole);
}

void ProblemRunsProxy::setReason(const QString& reason)
{
    if (reason == m_reason)
        return;
    m_reason = reason;
    invalidateFilter();
}

void ProblemRunsProxy::setText(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_text)
        return;
    m_text = trimmed;
    invalidateFilter();
}

bool ProblemRunsProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_reason.isEmpty() &&
        !index.data(ProblemRunsModel::ReasonsRole).toStringList().contains(m_reason))
        return false;
    if (m_text.isEmpty())
        return true;
    for (int role : {int(ProblemRunsModel::QuestionRole), int(ProblemRunsModel::SessionIdRole),
                     int(ProblemRunsModel::RunIdRole)})
        if (index.data(role).toString().contains(m_text, Qt::CaseInsensitive))
            return true;
    return false;
}

} // namespace raglens::ui
