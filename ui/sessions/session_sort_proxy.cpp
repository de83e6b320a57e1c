#include "sessions/session_sort_proxy.h"

#include "sessions/session_tree_model.h"

namespace raglens::ui {

SessionSortProxy::SessionSortProxy(SessionTreeModel* source, QObject* parent)
    : QSortFilterProxyModel(parent), m_source(source)
{
    setSourceModel(source);
    setSortRole(SessionTreeModel::SortRole);
}

bool SessionSortProxy::canFetchMore(const QModelIndex& parent) const
{
    // Children of sessions and runs load on expand as usual; only the root is paced.
    if (!parent.isValid())
        return false;
    return QSortFilterProxyModel::canFetchMore(parent);
}

bool SessionSortProxy::hasChildren(const QModelIndex& parent) const
{
    if (parent.isValid() && m_source->isLoadingChildren(mapToSource(parent)))
        return true;
    return QSortFilterProxyModel::hasChildren(parent);
}

bool SessionSortProxy::fetchMoreSessions()
{
    if (!m_source->canFetchMore({}))
        return false;
    m_source->fetchMore({});
    return true;
}

} // namespace raglens::ui
