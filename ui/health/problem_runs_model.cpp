#include "health/problem_runs_model.h"

#include "common/badge_colors.h"
#include "common/display_format.h"
#include "health/health_text.h"

#include <QApplication>
#include <QPalette>

namespace raglens::ui {

ProblemRunsModel::ProblemRunsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ProblemRunsModel::setProblemRuns(std::vector<ProblemRun> runs)
{
    beginResetModel();
    m_runs = std::move(runs);
    endResetModel();
}

void ProblemRunsModel::clear()
{
    setProblemRuns({});
}

const ProblemRun* ProblemRunsModel::runAt(int row) const
{
    return row >= 0 && row < int(m_runs.size()) ? &m_runs[size_t(row)] : nullptr;
}

int ProblemRunsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int ProblemRunsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

static QString reasonsText(const QStringList& reasons)
{
    QStringList out;
    for (const QString& r : reasons)
        out << problemReasonText(r);
    return out.join(QStringLiteral(", "));
}

// The worst reason colours the row's reason cell: a run without evidence or with a failed
// tool is critical, FALLBACK and unhappy users are warnings.
static Tone reasonsTone(const QStringList& reasons)
{
    if (reasons.contains(QStringLiteral("empty_retrieval")) ||
        reasons.contains(QStringLiteral("tool_error")))
        return Tone::Critical;
    return reasons.isEmpty() ? Tone::Neutral : Tone::Warning;
}

QVariant ProblemRunsModel::display(const ProblemRun& run, int column) const
{
    switch (column) {
    case StartedColumn:
        return displayTime(run.startedAt);
    case OutcomeColumn:
        return run.releaseOutcome.isEmpty() ? tr("–") : run.releaseOutcome;
    case ReasonsColumn:
        return reasonsText(run.reasons);
    case QuestionColumn:
        return run.question.simplified();
    case SessionColumn:
        return run.sessionId;
    case RunColumn:
        return run.runId;
    }
    return {};
}

QVariant ProblemRunsModel::sortKey(const ProblemRun& run, int column) const
{
    switch (column) {
    case StartedColumn:
        return run.startedAt.isValid() ? run.startedAt.toMSecsSinceEpoch()
                                       : std::numeric_limits<qint64>::min();
    case ReasonsColumn:
        // More reasons first, then the worst tone.
        return run.reasons.size() * 10 + int(reasonsTone(run.reasons) == Tone::Critical);
    default:
        return display(run, column);
    }
}

QVariant ProblemRunsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ProblemRun& run = m_runs[size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(run, column);
    case Qt::ToolTipRole:
        if (column == QuestionColumn)
            return run.question;
        if (column == StartedColumn)
            return json_util::isoUtc(run.startedAt);
        return display(run, column);
    case Qt::BackgroundRole:
        if (column == OutcomeColumn && !run.releaseOutcome.isEmpty())
            return badgeBackground(toneOf(run.releaseOutcome), QApplication::palette());
        if (column == ReasonsColumn)
            return badgeBackground(reasonsTone(run.reasons), QApplication::palette());
        return {};
    case Qt::ForegroundRole:
        if (column == OutcomeColumn && !run.releaseOutcome.isEmpty())
            return badgeForeground(toneOf(run.releaseOutcome), QApplication::palette());
        if (column == ReasonsColumn)
            return badgeForeground(reasonsTone(run.reasons), QApplication::palette());
        return {};
    case SortRole:
        return sortKey(run, column);
    case SessionIdRole:
        return run.sessionId;
    case RunIdRole:
        return run.runId;
    case ReasonsRole:
        return run.reasons;
    case QuestionRole:
        return run.question;
    }
    return {};
}

QVariant ProblemRunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StartedColumn:
        return tr("Started");
    case OutcomeColumn:
        return tr("Outcome");
    case ReasonsColumn:
        return tr("Why listed");
    case QuestionColumn:
        return tr("Question");
    case SessionColumn:
        return tr("Session");
    case RunColumn:
        return tr("Run");
    }
    return {};
}

} // namespace raglens::ui
