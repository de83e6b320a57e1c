#include "sessions/tree_navigator.h"

#include "model/vocabulary.h"
#include "sessions/session_tree_model.h"

#include <QAbstractItemModel>

namespace raglens::ui {

namespace {

using Kind = SessionTreeModel::Kind;

Kind kindAt(const QModelIndex& index)
{
    return Kind(index.data(SessionTreeModel::KindRole).toInt());
}

/// One search: children are read as it goes; on a database worker they arrive later, and
/// the search stops at the first node still being read (a match may be inside it).
struct Walk
{
    QAbstractItemModel* model;
    const NavigationTarget& target;
    QModelIndex waitingFor;

    int childCount(const QModelIndex& index)
    {
        if (model->canFetchMore(index))
            model->fetchMore(index);
        if (index.data(SessionTreeModel::ChildrenLoadingRole).toBool()) {
            waitingFor = index;
            return 0;
        }
        return model->rowCount(index);
    }

    QModelIndex nextInPreOrder(QModelIndex index)
    {
        if (index.isValid() && target.mayContain(index) && childCount(index) > 0)
            return model->index(0, 0, index);
        if (waitingFor.isValid())
            return {};
        while (index.isValid()) {
            const QModelIndex parent = index.parent();
            if (index.row() + 1 < model->rowCount(parent))
                return model->index(index.row() + 1, 0, parent);
            index = parent;
        }
        return {};
    }

    QModelIndex lastDescendant(QModelIndex index)
    {
        while (target.mayContain(index)) {
            const int count = childCount(index);
            if (count == 0)
                break;
            index = model->index(count - 1, 0, index);
        }
        return index;
    }

    QModelIndex previousInPreOrder(const QModelIndex& index)
    {
        if (index.row() > 0)
            return lastDescendant(model->index(index.row() - 1, 0, index.parent()));
        return index.parent();
    }
};

} // namespace

NavigationTarget navigationTarget(NavigationTargetKind kind)
{
    using R = SessionTreeModel::Role;
    switch (kind) {
    case NavigationTargetKind::FallbackRun:
        return {[](const QModelIndex& i) {
                    return kindAt(i) == Kind::Run &&
                           i.data(R::OutcomeRole).toString() == vocab::kFallback;
                },
                [](const QModelIndex& i) {
                    return kindAt(i) == Kind::Session &&
                           i.data(R::FallbackRunCountRole).toInt() > 0;
                }};
    case NavigationTargetKind::NoEvidenceInvocation:
        return {[](const QModelIndex& i) {
                    return kindAt(i) == Kind::Invocation &&
                           i.data(R::EvidenceStatusRole).toString() == vocab::kNoEvidence;
                },
                [](const QModelIndex& i) {
                    const Kind k = kindAt(i);
                    return (k == Kind::Session && i.data(R::NoEvidenceCountRole).toInt() > 0) ||
                           k == Kind::Run || k == Kind::Step;
                }};
    case NavigationTargetKind::RetryInvocation:
        return {[](const QModelIndex& i) {
                    return kindAt(i) == Kind::Invocation &&
                           i.data(R::SelectedAttemptRole).toString() ==
                               vocab::kUnfilteredVectorRetry;
                },
                [](const QModelIndex& i) {
                    const Kind k = kindAt(i);
                    return k == Kind::Session || k == Kind::Run || k == Kind::Step;
                }};
    }
    Q_UNREACHABLE();
}

NavigationResult findNavigationTarget(QAbstractItemModel* model, const QModelIndex& from,
                                      const NavigationTarget& target, bool forward)
{
    Walk walk{model, target, {}};
    auto result = [&](const QModelIndex& found) {
        return walk.waitingFor.isValid() ? NavigationResult{{}, walk.waitingFor}
                                         : NavigationResult{found, {}};
    };
    QModelIndex index = from.isValid() ? from.siblingAtColumn(0) : QModelIndex();
    if (!index.isValid()) {
        const int top = model->rowCount();
        if (top == 0)
            return {};
        index = forward ? model->index(0, 0) : walk.lastDescendant(model->index(top - 1, 0));
        if (walk.waitingFor.isValid() || target.matches(index))
            return result(index);
    }
    while (true) {
        index = forward ? walk.nextInPreOrder(index) : walk.previousInPreOrder(index);
        if (walk.waitingFor.isValid())
            return result({});
        if (!index.isValid())
            return {};
        if (target.matches(index))
            return result(index);
    }
}

} // namespace raglens::ui
