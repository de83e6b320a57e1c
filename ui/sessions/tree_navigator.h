#pragma once
// "Next FALLBACK run", "next NO_EVIDENCE invocation", "next retry": a pre-order walk of the
// (possibly sorted) session tree that reads children lazily, but only below nodes that can
// hold a match (a session without FALLBACK runs is never expanded to look for one). Children
// read in the background make the search wait, never guess.

#include <QModelIndex>

#include <functional>

class QAbstractItemModel;

namespace raglens::ui {

struct NavigationTarget
{
    std::function<bool(const QModelIndex&)> matches;
    /// Whether a match can be below this node; only such nodes have children read.
    std::function<bool(const QModelIndex&)> mayContain;
};

enum class NavigationTargetKind
{
    FallbackRun,
    NoEvidenceInvocation,
    RetryInvocation
};

/// The targets for the session tree's roles (SessionTreeModel::Role).
NavigationTarget navigationTarget(NavigationTargetKind kind);

struct NavigationResult
{
    /// The next (or previous) match; invalid when there is none among the sessions loaded
    /// so far, or when the search has to wait.
    QModelIndex found;
    /// A node whose children are being read and may hold the match: search again when
    /// they arrived.
    QModelIndex waitingFor;
};

/// The next (or previous) match after `from` in display order.
NavigationResult findNavigationTarget(QAbstractItemModel* model, const QModelIndex& from,
                                      const NavigationTarget& target, bool forward);

} // namespace raglens::ui
