#include "sessions/session_tree_columns.h"

#include "interpret/invocation_facts.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "sessions/session_tree_model.h"

#include <QAbstractItemModel>
#include <QFontMetrics>
#include <QStringList>

#include <algorithm>

namespace raglens::ui {

namespace {

/// A badge's padding on both sides and the cell's margins: BadgeDelegate elides below 16.
constexpr int kBadgePadding = 20;
/// Room for the header's sort indicator beside its text.
constexpr int kHeaderPadding = 30;

int widest(const QFontMetrics& fm, const QStringList& texts)
{
    int w = 0;
    for (const QString& t : texts)
        w = std::max(w, fm.horizontalAdvance(t));
    return w;
}

int headerWidth(const QFontMetrics& header, const QAbstractItemModel& model, int column)
{
    const QString title = model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
    return header.horizontalAdvance(title) + kHeaderPadding;
}

} // namespace

QMap<int, int> defaultSessionColumnWidths(const QAbstractItemModel& model,
                                          const QFontMetrics& cells, const QFontMetrics& header)
{
    using Model = SessionTreeModel;
    using interpret::EvidenceStatus;
    using interpret::FallbackCauseKind;
    QMap<int, int> w;
    const auto badge = [&](int column, const QStringList& texts) {
        w[column] =
            std::max(widest(cells, texts) + kBadgePadding, headerWidth(header, model, column));
    };
    // A session reads "FALLBACK · 2 of 3 runs"; a run its outcome; a call nothing here.
    badge(Model::OutcomeColumn, {interpret::SessionOutcome{vocab::kFallback, 3, 2}.label(),
                                 vocab::kSuccess, vocab::kFallback});
    // A session counts its calls without evidence, a run names why it fell back, a call
    // has its evidence status.
    QStringList evidence = {SessionTreeModel::tr("%1 no evidence").arg(99)};
    for (EvidenceStatus s : {EvidenceStatus::EvidenceFound, EvidenceStatus::NoEvidence,
                             EvidenceStatus::Error, EvidenceStatus::Unknown})
        evidence << interpret::evidenceStatusName(s);
    for (FallbackCauseKind k : {FallbackCauseKind::ToolError, FallbackCauseKind::LookupError,
                                FallbackCauseKind::NoEvidence, FallbackCauseKind::WeakEvidence,
                                FallbackCauseKind::NoLookup, FallbackCauseKind::Unrecorded})
        evidence << interpret::fallbackCauseLabel(k);
    badge(Model::EvidenceStatusColumn, evidence);
    badge(Model::SelectedAttemptColumn,
          {vocab::kFilteredVector, vocab::kUnfilteredVectorRetry, vocab::kUnfilteredVector});
    badge(Model::RelevanceColumn, {vocab::kPrecise, vocab::kReference});
    // A short session id with its user, the tree's indentation and expander; longer ids
    // and the long header ("Session / run / step / invocation") elide, so that the reading
    // columns fit a laptop screen.
    w[Model::NameColumn] = cells.horizontalAdvance(QStringLiteral("sess-demo-000 · support")) + 36;
    const auto plain = [&](int column, const QString& sample) {
        w[column] =
            std::max(cells.horizontalAdvance(sample) + 16, headerWidth(header, model, column));
    };
    plain(Model::StartedColumn, QStringLiteral("2026-11-28 22:10:31"));
    plain(Model::DurationColumn, QStringLiteral("10.8 s"));
    plain(Model::ToolCallsColumn, QStringLiteral("999"));
    plain(Model::TokensColumn, QStringLiteral("99,999"));
    plain(Model::ToolColumn, QStringLiteral("lookup_knowledge"));
    plain(Model::ContentTypeColumn, vocab::kDiagnosisReport);
    plain(Model::SuccessColumn, QStringLiteral("failed"));
    return w;
}

int sessionTreeWidth(int splitterWidth, int readingWidth, int drillDownMinimum)
{
    // The tree's frame, its vertical scroll bar and the splitter handle besides the columns.
    constexpr int kChrome = 28;
    const int upper = std::min(splitterWidth * 62 / 100, splitterWidth - drillDownMinimum);
    const int lower = std::min(splitterWidth * 42 / 100, upper);
    return std::clamp(readingWidth + kChrome, lower, upper);
}

int sessionReadingWidth(const QMap<int, int>& widths)
{
    using Model = SessionTreeModel;
    return widths.value(Model::NameColumn) + widths.value(Model::OutcomeColumn) +
           widths.value(Model::EvidenceStatusColumn) + widths.value(Model::SelectedAttemptColumn);
}

} // namespace raglens::ui
