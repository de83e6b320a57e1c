// SessionTreeModel::data(): what a row gives for each role. The cell texts, sort keys and
// tones are in session_tree_model_cells.cpp.

#include "sessions/session_tree_model.h"

#include "interpret/run_facts.h"
#include "sessions/session_tree_node.h"

#include <QApplication>
#include <QFont>
#include <QStyle>

namespace raglens::ui {

QVariant SessionTreeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node& node = *nodeOf(index);
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayData(node, column);
    case Qt::ToolTipRole:
        if (column == 0 && !node.loadError.isEmpty())
            return tr("Its rows could not be read: %1").arg(node.loadError);
        return toolTipData(node, column);
    case Qt::DecorationRole:
        // The error stays where the rows would be: on the row that could not be opened.
        if (column == 0 && !node.loadError.isEmpty())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::FontRole:
        if (node.fresh) { // arrived while following, not looked at yet
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == DurationColumn || column == ToolCallsColumn || column == TokensColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SortRole:
        return sortData(node, column);
    case ToneRole:
        return toneData(node, column);
    case KindRole:
        return int(node.kind);
    case ChildrenLoadingRole:
        return node.loading;
    case ChildrenErrorRole:
        return node.loadError;
    default:
        return roleData(node, role);
    }
}

// The ids and facts behind a row, for selection, navigation and filters.
QVariant SessionTreeModel::roleData(const Node& node, int role) const
{
    switch (node.kind) {
    case Kind::Session: {
        const SessionRow& s = node.session();
        switch (role) {
        case SessionIdRole:
            return s.sessionId;
        case OutcomeRole:
            return s.outcome.outcome;
        case FallbackRunCountRole:
            return s.fallbackRunCount;
        case NoEvidenceCountRole:
            return s.noEvidenceCount;
        }
        break;
    }
    case Kind::Run: {
        const TraceRun& r = node.run();
        switch (role) {
        case SessionIdRole:
            return r.sessionId;
        case RunIdRole:
            return r.runId;
        case OutcomeRole:
            return interpret::runOutcome(r);
        case FallbackCauseRole:
            return node.cause ? interpret::fallbackCauseName(node.cause->kind) : QVariant();
        }
        break;
    }
    case Kind::Step: {
        const TraceStep& s = node.step();
        switch (role) {
        case SessionIdRole:
            return node.parent->run().sessionId;
        case RunIdRole:
            return s.runId;
        case StepIdRole:
            return s.id;
        }
        break;
    }
    case Kind::Invocation: {
        const TraceInvocation& inv = node.invocation();
        switch (role) {
        case SessionIdRole:
            return inv.sessionId;
        case RunIdRole:
            return inv.runId;
        case StepIdRole:
            return inv.stepId ? QVariant(*inv.stepId) : QVariant();
        case InvocationIdRole:
            return inv.id;
        case EvidenceStatusRole:
            return interpret::evidenceStatusName(node.invocationFacts().evidenceStatus);
        case FailureKindRole:
            return interpret::failureKindName(node.invocationFacts().failureKind);
        case SelectedAttemptRole:
            return node.invocationFacts().selectedAttempt;
        case RetryReasonRole:
            return node.invocationFacts().retryReason;
        }
        break;
    }
    case Kind::Root:
        break;
    }
    return {};
}

} // namespace raglens::ui
