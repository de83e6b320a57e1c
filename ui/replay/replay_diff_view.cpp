#include "replay/replay_diff_view.h"

#include "common/display_format.h"
#include "common/read_only_table.h"

#include "common/badge_colors.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace raglens::ui {

namespace {

QString orDash(const QString& s)
{
    return s.isEmpty() ? QStringLiteral("—") : s;
}

QString quality(std::optional<double> q)
{
    return q ? displayNumber(*q, 3) : QString();
}

QTableWidget* makeTable(const QStringList& headers, QWidget* parent)
{
    QTableWidget* t = readOnlyTable(headers, parent);
    t->setWordWrap(false);
    return t;
}

QTableWidgetItem* cell(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setToolTip(text);
    return item;
}

void paintRow(QTableWidget* t, int row, Tone tone)
{
    const QColor bg = badgeBackground(tone, t->palette());
    const QColor fg = badgeForeground(tone, t->palette());
    for (int c = 0; c < t->columnCount(); ++c)
        if (QTableWidgetItem* item = t->item(row, c)) {
            item->setBackground(bg);
            item->setForeground(fg);
        }
}

} // namespace

QString formatRankDelta(std::optional<int> delta)
{
    if (!delta)
        return {};
    if (*delta > 0)
        return QStringLiteral("+%1 ▲").arg(*delta);
    if (*delta < 0)
        return QStringLiteral("−%1 ▼").arg(-*delta);
    return QStringLiteral("0");
}

QString formatQualityDelta(std::optional<double> delta)
{
    if (!delta)
        return {};
    if (qAbs(*delta) < 5e-4)
        return QStringLiteral("0");
    return (*delta > 0 ? QStringLiteral("+") : QStringLiteral("−")) +
           displayNumber(qAbs(*delta), 3);
}

ReplayDiffView::ReplayDiffView(QWidget* parent) : QWidget(parent)
{
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("replayVerdictLabel"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes = new QLabel(this);
    m_notes->setWordWrap(true);
    m_notes->setVisible(false);

    m_decisions = makeTable({tr("Decision"), tr("Recorded"), tr("Replayed")}, this);
    m_decisions->setObjectName(QStringLiteral("replayDecisionsTable"));
    m_keys =
        makeTable({tr("Evidence key"), tr("Change"), tr("Recorded rank"), tr("Replayed rank"),
                   tr("Δ rank"), tr("Recorded quality"), tr("Replayed quality"), tr("Δ quality")},
                  this);
    m_keys->setObjectName(QStringLiteral("replayKeysTable"));
    m_attempts = makeTable({tr("Attempt"), tr("Recorded top similarity"),
                            tr("Replayed top similarity"), tr("Δ"), tr("Candidates"), tr("Usable")},
                           this);
    m_attempts->setObjectName(QStringLiteral("replayAttemptsTable"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_verdict);
    layout->addWidget(m_notes);
    layout->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(tr("Decisions")), this));
    layout->addWidget(m_decisions, 2);
    layout->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(tr("Evidence keys")), this));
    layout->addWidget(m_keys, 3);
    layout->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(tr("Attempt ladder")), this));
    layout->addWidget(m_attempts, 1);
    clear();
}

void ReplayDiffView::setComparison(bool comparison)
{
    m_comparison = comparison;
    const QString before = comparison ? tr("A") : tr("Recorded");
    const QString after = comparison ? tr("B") : tr("Replayed");
    m_decisions->setHorizontalHeaderLabels({tr("Decision"), before, after});
    m_keys->setHorizontalHeaderLabels(
        {tr("Evidence key"), tr("Change"), comparison ? tr("A rank") : tr("Recorded rank"),
         comparison ? tr("B rank") : tr("Replayed rank"), tr("Δ rank"),
         comparison ? tr("A quality") : tr("Recorded quality"),
         comparison ? tr("B quality") : tr("Replayed quality"), tr("Δ quality")});
    m_attempts->setHorizontalHeaderLabels(
        {tr("Attempt"), comparison ? tr("A top similarity") : tr("Recorded top similarity"),
         comparison ? tr("B top similarity") : tr("Replayed top similarity"), tr("Δ"),
         tr("Candidates"), tr("Usable")});
    clear();
}

void ReplayDiffView::clear()
{
    m_verdict->setText(m_comparison ? tr("Select a pair of lookups.") : tr("No replay yet."));
    m_notes->clear();
    m_notes->setVisible(false);
    m_decisions->setRowCount(0);
    m_keys->setRowCount(0);
    m_attempts->setRowCount(0);
}

void ReplayDiffView::setDiff(const ReplayDiff& diff)
{
    QStringList changes;
    if (diff.selectedAttempt.changed())
        changes << tr("selected attempt changed");
    if (diff.fallbackReason.changed())
        changes << tr("retry reason changed");
    if (diff.relevanceLevel.changed())
        changes << tr("relevance changed");
    if (diff.evidenceStatus.changed())
        changes << tr("evidence status changed");
    if (!diff.keysGained.isEmpty())
        changes << tr("%n key(s) gained", nullptr, int(diff.keysGained.size()));
    if (!diff.keysLost.isEmpty())
        changes << tr("%n key(s) lost", nullptr, int(diff.keysLost.size()));
    if (const int moved = diff.rankChanges())
        changes << tr("%n rank change(s)", nullptr, moved);
    const QString basis = diff.basis == QLatin1String("full_trace")
                              ? tr("compared with the recorded full trace")
                              : tr("compared with the audit row (rag_lookup_v1)");
    if (m_comparison) {
        m_verdict->setText(diff.hasChanges()
                               ? tr("<b>The lookups differ:</b> %1.")
                                     .arg(changes.join(QStringLiteral(", ")).toHtmlEscaped())
                               : tr("<b>No difference:</b> both lookups made the same decisions "
                                    "and returned the same evidence in the same order."));
    } else if (diff.hasChanges()) {
        m_verdict->setText(tr("<b>The replay differs:</b> %1 — %2.")
                               .arg(changes.join(QStringLiteral(", ")).toHtmlEscaped(), basis));
    } else {
        m_verdict->setText(tr("<b>No change:</b> the replay made the same decisions and returned "
                              "the same evidence in the same order — %1.")
                               .arg(basis));
    }
    const Tone tone = diff.hasChanges() ? Tone::Warning : Tone::Good;
    m_verdict->setAutoFillBackground(true);
    QPalette pal = m_verdict->palette();
    pal.setColor(QPalette::Window, badgeBackground(tone, palette()));
    pal.setColor(QPalette::WindowText, badgeForeground(tone, palette()));
    m_verdict->setPalette(pal);
    m_verdict->setMargin(6);

    m_notes->setText(diff.notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!diff.notes.isEmpty());
    fillDecisions(diff);
    fillKeys(diff);
    fillAttempts(diff);
}

void ReplayDiffView::fillDecisions(const ReplayDiff& diff)
{
    struct Row
    {
        QString name;
        ReplayValueChange value;
    };
    const ReplayValueChange best{quality(diff.recordedBestQuality),
                                 quality(diff.replayedBestQuality)};
    const Row rows[DecisionRowCount] = {
        {tr("Selected attempt"), diff.selectedAttempt},
        {tr("Retry reason"), diff.fallbackReason},
        {tr("Relevance level"), diff.relevanceLevel},
        {tr("Evidence status"), diff.evidenceStatus},
        {tr("Search mode"), diff.searchMode},
        {tr("Category filter"), diff.categoryFilter},
        {tr("Best quality"), best},
    };
    m_decisions->setRowCount(DecisionRowCount);
    for (int r = 0; r < DecisionRowCount; ++r) {
        m_decisions->setItem(r, 0, cell(rows[r].name));
        m_decisions->setItem(r, 1, cell(orDash(rows[r].value.recorded)));
        m_decisions->setItem(r, 2, cell(orDash(rows[r].value.replayed)));
        if (rows[r].value.changed()) {
            // Both sides' own colours say what each value means; the name says "changed".
            for (int c = 1; c <= 2; ++c) {
                const QString v = c == 1 ? rows[r].value.recorded : rows[r].value.replayed;
                QTableWidgetItem* item = m_decisions->item(r, c);
                const Tone t = r == BestQualityRow ? Tone::Warning : toneOf(v);
                item->setBackground(
                    badgeBackground(t == Tone::Neutral ? Tone::Warning : t, palette()));
                item->setForeground(
                    badgeForeground(t == Tone::Neutral ? Tone::Warning : t, palette()));
            }
            QFont f = m_decisions->item(r, 0)->font();
            f.setBold(true);
            m_decisions->item(r, 0)->setFont(f);
            m_decisions->item(r, 0)->setText(rows[r].name + QStringLiteral(" ≠"));
        }
    }
    m_decisions->resizeColumnsToContents();
}

void ReplayDiffView::fillKeys(const ReplayDiff& diff)
{
    m_keys->setRowCount(int(diff.keys.size()));
    int r = 0;
    for (const ReplayKeyChange& k : diff.keys) {
        QString change = QStringLiteral("kept");
        QString label = tr("kept");
        Tone tone = Tone::Neutral;
        if (k.gained()) {
            change = QStringLiteral("gained");
            label = tr("gained");
            tone = Tone::Good;
        } else if (k.lost()) {
            change = QStringLiteral("lost");
            label = tr("lost");
            tone = Tone::Critical;
        } else if (auto d = k.rankDelta(); d && *d != 0) {
            tone = Tone::Info;
            label = tr("moved");
        }
        m_keys->setItem(r, KeyColumn, cell(k.evidenceKey));
        m_keys->setItem(r, ChangeColumn, cell(label));
        m_keys->setItem(r, RecordedRankColumn,
                        cell(k.recordedRank ? QString::number(*k.recordedRank) : QString()));
        m_keys->setItem(r, ReplayedRankColumn,
                        cell(k.replayedRank ? QString::number(*k.replayedRank) : QString()));
        m_keys->setItem(r, RankDeltaColumn, cell(formatRankDelta(k.rankDelta())));
        m_keys->setItem(r, RecordedQualityColumn, cell(quality(k.recordedQuality)));
        m_keys->setItem(r, ReplayedQualityColumn, cell(quality(k.replayedQuality)));
        m_keys->setItem(r, QualityDeltaColumn, cell(formatQualityDelta(k.qualityDelta())));
        for (int c = 0; c < KeyColumnCount; ++c)
            m_keys->item(r, c)->setData(ChangeRole, change);
        if (tone != Tone::Neutral)
            paintRow(m_keys, r, tone);
        ++r;
    }
    m_keys->resizeColumnsToContents();
}

void ReplayDiffView::fillAttempts(const ReplayDiff& diff)
{
    m_attempts->setRowCount(int(diff.attempts.size()));
    int r = 0;
    auto count = [](std::optional<int> c) { return c ? QString::number(*c) : QStringLiteral("—"); };
    auto usable = [this](std::optional<bool> u) {
        return u ? (*u ? tr("yes") : tr("no")) : QStringLiteral("—");
    };
    for (const ReplayAttemptChange& a : diff.attempts) {
        m_attempts->setItem(r, 0, cell(a.name));
        m_attempts->setItem(r, 1,
                            cell(a.recorded ? quality(a.recordedTopSimilarity) : tr("not run")));
        m_attempts->setItem(r, 2,
                            cell(a.replayed ? quality(a.replayedTopSimilarity) : tr("not run")));
        m_attempts->setItem(r, 3, cell(formatQualityDelta(a.similarityDelta())));
        m_attempts->setItem(r, 4,
                            cell(QStringLiteral("%1 → %2").arg(count(a.recordedCandidateCount),
                                                               count(a.replayedCandidateCount))));
        m_attempts->setItem(r, 5,
                            cell(QStringLiteral("%1 → %2").arg(usable(a.recordedUsable),
                                                               usable(a.replayedUsable))));
        // A step of the ladder that appeared, vanished or changed its verdict.
        if (a.recorded != a.replayed ||
            (a.recordedUsable && a.replayedUsable && *a.recordedUsable != *a.replayedUsable))
            paintRow(m_attempts, r, Tone::Warning);
        ++r;
    }
    m_attempts->resizeColumnsToContents();
}

} // namespace raglens::ui
