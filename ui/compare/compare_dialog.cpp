#include "compare/compare_dialog.h"

#include "attempts/attempt_timeline_data.h"
#include "attempts/attempt_timeline_widget.h"
#include "common/display_format.h"
#include "model/lookup_result.h"
#include "replay/replay_diff_view.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

namespace raglens::ui {

namespace {

/// The attempts as recorded: from the full-trace sample when one was kept (every attempt's
/// timing), else from the audit row's rag_lookup_v1 details.
AttemptTimeline timelineOf(const TraceInvocation& inv)
{
    if (inv.fullTrace.is_object() && !inv.fullTrace.empty()) {
        try {
            return AttemptTimeline::fromLookupResult(inv.fullTrace.get<LookupResult>());
        } catch (const nlohmann::json::exception&) {
            // an unreadable sample: the audit row still has the attempts
        }
    }
    return AttemptTimeline::fromDetails(inv.details);
}

QString runLine(const QString& side, const compare::RunSide& r)
{
    QString line = CompareDialog::tr("%1: run %2 · %3").arg(side, r.runId, r.outcome);
    if (r.cause.kind != interpret::FallbackCauseKind::NotFallback)
        line += CompareDialog::tr(" · fallback cause: %1")
                    .arg(interpret::fallbackCauseLabel(r.cause.kind));
    if (!r.question.isEmpty())
        line += QStringLiteral(" · ") + r.question;
    return line;
}

} // namespace

CompareDialog::CompareDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Compare"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("comparePairs"));
    m_tree->setHeaderLabels({tr("Step / call"), tr("A"), tr("B"), tr("Difference")});
    m_tree->setRootIsDecorated(true);
    m_tree->header()->setStretchLastSection(true);

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_labelA = new QLabel(right);
    m_timelineA = new AttemptTimelineWidget(right);
    m_timelineA->setObjectName(QStringLiteral("compareTimelineA"));
    m_labelB = new QLabel(right);
    m_timelineB = new AttemptTimelineWidget(right);
    m_timelineB->setObjectName(QStringLiteral("compareTimelineB"));
    m_diff = new ReplayDiffView(right);
    m_diff->setComparison(true);
    rightLayout->addWidget(m_labelA);
    rightLayout->addWidget(m_timelineA);
    rightLayout->addWidget(m_labelB);
    rightLayout->addWidget(m_timelineB);
    rightLayout->addWidget(m_diff, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_tree);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({440, 760}); // the pairs' Difference column needs room from the start

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        const int index = item ? item->data(0, LookupIndexRole).toInt() : -1;
        if (item && index >= 0)
            showLookup(index);
    });
    resize(1200, 760);
    showLookup(-1);
}

void CompareDialog::setRuns(const compare::RunData& a, const compare::RunData& b)
{
    m_comparison = compare::compareRuns(a, b);
    m_callsA.clear();
    m_callsB.clear();
    for (const TraceInvocation& inv : a.invocations)
        m_callsA.emplace(inv.id, inv);
    for (const TraceInvocation& inv : b.invocations)
        m_callsB.emplace(inv.id, inv);
    m_lookups.clear();
    for (const compare::StepComparison& s : m_comparison.steps)
        for (const compare::CallComparison& c : s.calls)
            if (c.lookup)
                m_lookups.push_back(*c.lookup);
    const auto& c = m_comparison;
    m_summary->setText(runLine(tr("A"), c.a) + QLatin1Char('\n') + runLine(tr("B"), c.b) +
                       QLatin1Char('\n') +
                       tr("%1 of %2 lookup pairs differ · steps only in A: %3, only in B: %4 · "
                          "calls only in A: %5, only in B: %6")
                           .arg(c.lookupsChanged)
                           .arg(c.lookupsCompared)
                           .arg(c.stepsOnlyInA)
                           .arg(c.stepsOnlyInB)
                           .arg(c.callsOnlyInA)
                           .arg(c.callsOnlyInB));
    fillTree();
}

void CompareDialog::setLookups(const TraceInvocation& a, const TraceInvocation& b)
{
    m_comparison = {};
    m_callsA = {{a.id, a}};
    m_callsB = {{b.id, b}};
    m_lookups = {compare::compareLookups(a, b)};
    compare::CallComparison call;
    call.toolName = a.toolName;
    call.aId = a.id;
    call.bId = b.id;
    call.aIdText = a.idText;
    call.bIdText = b.idText;
    call.lookup = m_lookups.front();
    compare::StepComparison step;
    step.calls.push_back(call);
    m_comparison.steps.push_back(step);
    m_comparison.lookupsCompared = 1;
    m_comparison.lookupsChanged = m_lookups.front().hasChanges();
    m_summary->setText(tr("A: lookup #%1 of run %2\nB: lookup #%3 of run %4")
                           .arg(a.shownId(), a.runId, b.shownId(), b.runId));
    fillTree();
}

QString CompareDialog::changeSummary(const compare::LookupComparison& c) const
{
    if (!c.hasChanges())
        return tr("same");
    QStringList parts;
    const ReplayDiff& d = c.diff;
    if (c.queryChanged())
        parts << tr("query");
    if (d.selectedAttempt.changed())
        parts << tr("selected attempt %1 → %2")
                     .arg(d.selectedAttempt.recorded, d.selectedAttempt.replayed);
    if (d.evidenceStatus.changed())
        parts << tr("evidence %1 → %2").arg(d.evidenceStatus.recorded, d.evidenceStatus.replayed);
    if (d.relevanceLevel.changed())
        parts << tr("relevance %1 → %2")
                     .arg(d.relevanceLevel.recorded.isEmpty() ? tr("none")
                                                              : d.relevanceLevel.recorded,
                          d.relevanceLevel.replayed.isEmpty() ? tr("none")
                                                              : d.relevanceLevel.replayed);
    if (!d.keysGained.isEmpty())
        parts << tr("%n key(s) only in B", nullptr, int(d.keysGained.size()));
    if (!d.keysLost.isEmpty())
        parts << tr("%n key(s) only in A", nullptr, int(d.keysLost.size()));
    if (c.a.truncated != c.b.truncated)
        parts << tr("truncation");
    if (parts.isEmpty())
        parts << tr("ranks moved");
    return parts.join(QStringLiteral(" · "));
}

void CompareDialog::fillTree()
{
    m_tree->clear();
    int lookup = 0;
    QTreeWidgetItem* firstChanged = nullptr;
    QTreeWidgetItem* firstLookup = nullptr;
    for (const compare::StepComparison& s : m_comparison.steps) {
        const bool unbound = s.unbound();
        QTreeWidgetItem* parent = nullptr;
        if (!m_comparison.a.runId.isEmpty()) { // runs: a row per step
            parent = new QTreeWidgetItem(m_tree);
            // As every view names a step (stepTitle()): "?" for an index the cell does not
            // hold, no separator without an agent.
            const QString index = s.stepIndexUnread || s.stepIndex < 0
                                      ? QStringLiteral("?")
                                      : QString::number(s.stepIndex);
            parent->setText(0, unbound ? tr("Calls without a step")
                               : s.agentName.isEmpty()
                                   ? tr("Step %1").arg(index)
                                   : tr("Step %1 · %2").arg(index, s.agentName));
            parent->setText(1, s.aStepId
                                   ? tr("step #%1").arg(row_id::shown(*s.aStepId, s.aStepIdText))
                                   : QString());
            parent->setText(2, s.bStepId
                                   ? tr("step #%1").arg(row_id::shown(*s.bStepId, s.bStepIdText))
                                   : QString());
            if (!unbound && !s.bStepId)
                parent->setText(3, tr("only in A"));
            else if (!unbound && !s.aStepId)
                parent->setText(3, tr("only in B"));
            parent->setData(0, LookupIndexRole, -1);
        }
        for (const compare::CallComparison& c : s.calls) {
            auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
            item->setText(0, c.toolName);
            item->setText(1, c.aId ? tr("#%1").arg(row_id::shown(*c.aId, c.aIdText)) : QString());
            item->setText(2, c.bId ? tr("#%1").arg(row_id::shown(*c.bId, c.bIdText)) : QString());
            int index = -1;
            if (c.lookup) {
                index = lookup++;
                item->setText(3, changeSummary(*c.lookup));
                if (!firstLookup)
                    firstLookup = item;
                if (!firstChanged && c.lookup->hasChanges())
                    firstChanged = item;
            } else if (c.onlyInA()) {
                item->setText(3, tr("only in A"));
            } else if (c.onlyInB()) {
                item->setText(3, tr("only in B"));
            } else if (c.aSuccess != c.bSuccess) {
                item->setText(3, c.aSuccess.value_or(true) ? tr("failed in B") : tr("failed in A"));
            }
            item->setData(0, LookupIndexRole, index);
        }
    }
    m_tree->expandAll();
    for (int column = 0; column < 3; ++column)
        m_tree->resizeColumnToContents(column);
    // The difference may be longer than its column: the whole sentence is its tooltip.
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it)
        (*it)->setToolTip(3, (*it)->text(3));
    showLookup(-1);
    if (QTreeWidgetItem* first = firstChanged ? firstChanged : firstLookup)
        m_tree->setCurrentItem(first);
}

void CompareDialog::showLookup(int index)
{
    m_shown = index >= 0 && index < int(m_lookups.size()) ? index : -1;
    if (m_shown < 0) {
        m_labelA->setText(tr("A"));
        m_labelB->setText(tr("B"));
        m_timelineA->clear();
        m_timelineB->clear();
        m_diff->clear();
        return;
    }
    const compare::LookupComparison& c = m_lookups[size_t(m_shown)];
    const auto sideLabel = [](const QString& side, const compare::LookupSide& s) {
        QString text = tr("%1: lookup #%2 · %3")
                           .arg(side, row_id::shown(s.invocationId, s.invocationIdText), s.query);
        if (s.durationMs)
            text += QStringLiteral(" · ") + displayDuration(*s.durationMs);
        return text;
    };
    m_labelA->setText(sideLabel(tr("A"), c.a));
    m_labelB->setText(sideLabel(tr("B"), c.b));
    AttemptTimeline a, b;
    if (auto it = m_callsA.find(c.a.invocationId); it != m_callsA.end())
        a = timelineOf(it->second);
    if (auto it = m_callsB.find(c.b.invocationId); it != m_callsB.end())
        b = timelineOf(it->second);
    // One scale for both: the longer lookup spans the axis, the shorter one looks shorter.
    const double scale = std::max(a.totalMs(), b.totalMs());
    a.scaleMs = scale;
    b.scaleMs = scale;
    m_timelineA->setTimeline(a);
    m_timelineB->setTimeline(b);
    m_diff->setDiff(c.diff);
}

} // namespace raglens::ui
