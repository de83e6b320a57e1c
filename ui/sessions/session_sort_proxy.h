#pragma once
// Sorts the session tree by SortRole (raw values, never display text) and decides when
// the view may pull the next page of sessions. QTreeView asks for more rows on every
// layout, and every page that arrives triggers a layout, so left alone it would load the
// whole database page after page; here the root fetches only when the user scrolls near
// the end (MainWindow calls fetchMoreSessions()).

#include <QSortFilterProxyModel>

namespace raglens::ui {

class SessionTreeModel;

class SessionSortProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit SessionSortProxy(SessionTreeModel* source, QObject* parent = nullptr);

    bool canFetchMore(const QModelIndex& parent) const override;
    /// Also while a node's children are being read: QSortFilterProxyModel would say "no
    /// children" (none mapped, nothing more to fetch), hiding the expand arrow.
    bool hasChildren(const QModelIndex& parent = {}) const override;
    /// The next page of sessions, when there is one and none is loading.
    bool fetchMoreSessions();

private:
    SessionTreeModel* m_source;
};

} // namespace raglens::ui
