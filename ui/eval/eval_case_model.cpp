#include "eval/eval_case_model.h"

#include "common/display_format.h"

#include "common/badge_colors.h"

#include <QApplication>
#include <QPalette>

namespace raglens::ui {

EvalCaseModel::EvalCaseModel(QObject* parent) : QAbstractTableModel(parent) {}

void EvalCaseModel::setReport(const EvalReport& report)
{
    beginResetModel();
    m_report = report;
    m_comparison.reset();
    endResetModel();
}

void EvalCaseModel::setComparison(const std::optional<BaselineComparison>& comparison)
{
    m_comparison = comparison;
    if (!m_report.rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void EvalCaseModel::clear()
{
    beginResetModel();
    m_report = EvalReport{};
    m_comparison.reset();
    endResetModel();
}

const CaseResult* EvalCaseModel::caseAt(int row) const
{
    return row >= 0 && row < rowCount() ? &m_report.rows[size_t(row)] : nullptr;
}

int EvalCaseModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_report.rows.size());
}

int EvalCaseModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int EvalCaseModel::changeOf(const CaseResult& r) const
{
    if (!m_comparison)
        return 0;
    if (m_comparison->isRegressedCase(r.evalCase.id))
        return -1;
    return m_comparison->isImprovedCase(r.evalCase.id) ? 1 : 0;
}

QVariant EvalCaseModel::display(const CaseResult& r, int column) const
{
    const CaseOutcome& o = r.outcome;
    switch (column) {
    case IdColumn:
        return r.evalCase.id;
    case QueryColumn:
        return r.evalCase.query;
    case ResultColumn:
        if (r.isNoEvidenceCase())
            return r.hit() ? tr("no evidence ✓") : tr("should be empty");
        return r.hit() ? tr("hit") : tr("miss");
    case RankColumn:
        return r.firstHitRank ? QVariant(*r.firstHitRank) : QVariant(QString());
    case NdcgColumn:
        return r.isNoEvidenceCase() ? QVariant(QString()) : displayNumber(r.ndcg, 3);
    case ReturnedColumn:
        return r.ranked.join(QStringLiteral(", "));
    case StatusColumn:
        return o.evidenceStatus;
    case AttemptColumn:
        return o.selectedAttempt;
    case RelevanceColumn:
        return o.relevanceLevel.isEmpty() ? tr("none") : o.relevanceLevel;
    case LatencyColumn:
        return tr("%1 ms").arg(displayNumber(o.latencyMs, 1));
    case TagsColumn:
        return r.evalCase.tags.join(QStringLiteral(", "));
    case ChangeColumn:
        switch (changeOf(r)) {
        case -1:
            return tr("regressed");
        case 1:
            return tr("improved");
        default:
            return QString();
        }
    }
    return {};
}

QVariant EvalCaseModel::sortKey(const CaseResult& r, int column) const
{
    switch (column) {
    case ResultColumn:
        return r.hit() ? 1 : 0;
    // Misses sort after every real rank.
    case RankColumn:
        return r.firstHitRank ? *r.firstHitRank : 1000000;
    case NdcgColumn:
        return r.ndcg;
    case LatencyColumn:
        return r.outcome.latencyMs;
    case ChangeColumn:
        return changeOf(r);
    default:
        return display(r, column);
    }
}

QVariant EvalCaseModel::data(const QModelIndex& index, int role) const
{
    const CaseResult* r = index.isValid() ? caseAt(index.row()) : nullptr;
    if (!r || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(*r, index.column());
    case Qt::ToolTipRole:
        if (index.column() == QueryColumn || index.column() == ReturnedColumn)
            return display(*r, index.column());
        if (index.column() == ResultColumn && !r->isNoEvidenceCase())
            return tr("Expected: %1").arg(r->evalCase.expectedItems().join(QStringLiteral(", ")));
        if (!r->outcome.errorMessage.isEmpty())
            return r->outcome.errorMessage;
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == RankColumn || index.column() == NdcgColumn ||
            index.column() == LatencyColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == ResultColumn)
            return badgeForeground(r->hit() ? Tone::Good : Tone::Critical, QApplication::palette());
        return {};
    case Qt::BackgroundRole: {
        if (index.column() == ResultColumn)
            return badgeBackground(r->hit() ? Tone::Good : Tone::Critical, QApplication::palette());
        const int change = changeOf(*r);
        if (change == 0)
            return {};
        return badgeBackground(change < 0 ? Tone::Critical : Tone::Good, QApplication::palette());
    }
    case SortRole:
        return sortKey(*r, index.column());
    case CaseIdRole:
        return r->evalCase.id;
    case QueryRole:
        return r->evalCase.query;
    case HitRole:
        return r->hit();
    case TagsRole:
        return r->evalCase.tags;
    case ChangeRole:
        return changeOf(*r);
    }
    return {};
}

QVariant EvalCaseModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ResultColumn:
            return tr("Hit: an expected evidence key (or source) is in the top k. For cases that "
                      "expect no evidence: NO_EVIDENCE was returned.");
        case RankColumn:
            return tr("Rank of the first expected item; empty for a miss.");
        case NdcgColumn:
            return tr("Normalised discounted cumulative gain at k (binary gains).");
        case ReturnedColumn:
            return tr("What was scored: evidence keys, or distinct sources when the case names "
                      "only sources, in rank order.");
        case ChangeColumn:
            return tr("Hit → miss (regressed) or miss → hit against the baseline.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn:
        return tr("Case");
    case QueryColumn:
        return tr("Query");
    case ResultColumn:
        return tr("Result");
    case RankColumn:
        return tr("Rank");
    case NdcgColumn:
        return tr("nDCG");
    case ReturnedColumn:
        return tr("Returned");
    case StatusColumn:
        return tr("Evidence");
    case AttemptColumn:
        return tr("Attempt");
    case RelevanceColumn:
        return tr("Relevance");
    case LatencyColumn:
        return tr("Latency");
    case TagsColumn:
        return tr("Tags");
    case ChangeColumn:
        return tr("vs. baseline");
    }
    return {};
}

} // namespace raglens::ui
