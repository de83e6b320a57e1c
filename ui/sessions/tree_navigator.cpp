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

int childCount(QAbstractItemModel* model, const QModelIndex& index)
{
    // Child reads below the root are synchronous (one session's runs, one run's rows).
    if (model->canFetchMore(index))
        model->fetchMore(index);
    return model->rowCount(index);
}

QModelIndex nextInPreOrder(QAbstractItemModel* model, QModelIndex index,
                           const NavigationTarget& target)
{
    if (index.isValid() && target.mayContain(index) && childCount(model, index) > 0)
        return model->index(0, 0, index);
    while (index.isValid()) {
        const QModelIndex parent = index.parent();
        if (index.row() + 1 < model->rowCount(parent))
            return model->index(index.row() + 1, 0, parent);
        index = parent;
    }
    return {};
}

QModelIndex lastDescendant(QAbstractItemModel* model, QModelIndex index,
                           const NavigationTarget& target)
{
    while (target.mayContain(index)) {
        const int count = childCount(model, index);
        if (count == 0)
            break;
        index = model->index(count - 1, 0, index);
    }
    return index;
}

QModelIndex previousInPreOrder(QAbstractItemModel* model, const QModelIndex& index,
                               const NavigationTarget& target)
{
    if (index.row() > 0)
        return lastDescendant(model, model->index(index.row() - 1, 0, index.parent()), target);
    return index.parent();
}

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

QModelIndex findNavigationTarget(QAbstractItemModel* model, const QModelIndex& from,
                                 const NavigationTarget& target, bool forward)
{
    QModelIndex index = from.isValid() ? from.siblingAtColumn(0) : QModelIndex();
    if (!index.isValid()) {
        const int top = model->rowCount();
        if (top == 0)
            return {};
        index =
            forward ? model->index(0, 0) : lastDescendant(model, model->index(top - 1, 0), target);
        if (target.matches(index))
            return index;
    }
    while (true) {
        index = forward ? nextInPreOrder(model, index, target)
                        : previousInPreOrder(model, index, target);
        if (!index.isValid())
            return {};
        if (target.matches(index))
            return index;
    }
}

} // namespace raglens::ui
