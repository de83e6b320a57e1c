#include "invocation/summary_card.h"

#include "invocation/badge_label.h"
#include "model/vocabulary.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace raglens::ui {

static constexpr int kMaxPairsPerRow = 3;

static QLabel* makeBanner(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setMargin(6);
    label->setAutoFillBackground(true);
    QPalette p = label->palette();
    p.setColor(QPalette::Window, badgeBackground(Tone::Warning, parent->palette()));
    p.setColor(QPalette::WindowText, badgeForeground(Tone::Warning, parent->palette()));
    label->setPalette(p);
    label->hide();
    return label;
}

SummaryCard::SummaryCard(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_legacyWarning = makeBanner(this);
    m_malformedWarning = makeBanner(this);
    layout->addWidget(m_legacyWarning);
    layout->addWidget(m_malformedWarning);
    m_verdict = new QLabel(this);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont verdictFont = m_verdict->font();
    verdictFont.setBold(true);
    m_verdict->setFont(verdictFont);
    layout->addWidget(m_verdict);
    layout->setSizeConstraint(QLayout::SetNoConstraint); // see minimumSizeHint()
    m_grid = new QGridLayout;
    m_grid->setHorizontalSpacing(8);
    m_grid->setVerticalSpacing(4);
    layout->addLayout(m_grid);

    const std::array<QString, FieldCount> captions = {tr("Tool"),
                                                      tr("Success"),
                                                      tr("Evidence status"),
                                                      tr("Error"),
                                                      tr("Search mode"),
                                                      tr("Selected attempt"),
                                                      tr("Retry reason"),
                                                      tr("Candidates / blocks"),
                                                      tr("Relevance level"),
                                                      tr("Truncation / returned"),
                                                      tr("Duration")};
    for (int f = 0; f < FieldCount; ++f) {
        m_captions[size_t(f)] = new QLabel(captions[size_t(f)] + QLatin1Char(':'), this);
        m_captions[size_t(f)]->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_values[size_t(f)] = new BadgeLabel(this);
        m_values[size_t(f)]->setWordWrap(f == ErrorField);
    }
    clear();
}

void SummaryCard::clear()
{
    // Nothing shown rather than the facts of an empty call: "Success: yes" about a lookup
    // nobody ran would be false.
    setFacts(SummaryFacts{});
    for (int f = 0; f < FieldCount; ++f)
        setField(Field(f), QString(), Tone::Neutral, false);
    m_verdict->hide();
    relayout();
}

void SummaryCard::setInvocation(const TraceInvocation& inv)
{
    setFacts(SummaryFacts::fromInvocation(inv));
}

void SummaryCard::setLookupResult(const LookupResult& result)
{
    setFacts(SummaryFacts::fromLookupResult(result));
}

void SummaryCard::setField(Field field, const QString& text, Tone tone, bool shown)
{
    m_values[size_t(field)]->setBadge(text, tone);
    m_shown[size_t(field)] = shown;
}

void SummaryCard::setFacts(const SummaryFacts& s)
{
    m_facts = s;
    const interpret::InvocationFacts& f = s.facts;
    const QString none = tr("none");
    const QString unknown = tr("unknown");
    const bool rag = s.isRetrieval;
    const QString status = interpret::evidenceStatusName(f.evidenceStatus);

    setField(ToolField, s.toolName.isEmpty() ? unknown : s.toolName, Tone::Neutral);
    setField(SuccessField, f.toolFailed ? tr("no") : tr("yes"),
             f.toolFailed ? Tone::Critical : Tone::Good);
    const QString statusText = f.evidenceStatus == interpret::EvidenceStatus::NotApplicable
                                   ? tr("not a lookup")
                               : f.evidenceStatus == interpret::EvidenceStatus::Unknown ? unknown
                                                                                        : status;
    setField(EvidenceStatusField, statusText, toneOf(status), rag);
    setField(ErrorField, f.errorMessage, Tone::Critical, !f.errorMessage.isEmpty());
    setField(SearchModeField, f.searchMode.isEmpty() ? unknown : f.searchMode, Tone::Neutral, rag);
    setField(SelectedAttemptField, f.selectedAttempt.isEmpty() ? none : f.selectedAttempt,
             toneOf(f.selectedAttempt), rag);
    setField(RetryReasonField, f.retryReason.isEmpty() ? tr("none (no retry)") : f.retryReason,
             f.retryReason.isEmpty() ? Tone::Neutral : toneOf(f.retryReason), rag);

    const QString cands = f.candidateCount ? QLocale().toString(*f.candidateCount) : unknown;
    const QString blocks = f.blockCount ? QLocale().toString(*f.blockCount) : unknown;
    const bool empty = f.blockCount && *f.blockCount == 0;
    setField(CandidatesField, tr("%1 candidates / %2 blocks").arg(cands, blocks),
             empty ? Tone::Critical : Tone::Neutral, rag);

    if (f.legacyRow)
        setField(RelevanceField, tr("none (legacy row)"), Tone::Warning, rag);
    else
        setField(RelevanceField, f.relevanceLevel.isEmpty() ? none : f.relevanceLevel,
                 toneOf(f.relevanceLevel), rag);

    const QString returned =
        f.returnedCount ? tr("returned: %1").arg(QLocale().toString(*f.returnedCount)) : unknown;
    setField(TruncationField, tr("%1, %2").arg(interpret::truncationLabel(f.truncation), returned),
             f.truncation.any ? Tone::Warning : Tone::Neutral, rag);

    setField(DurationField,
             f.durationMs ? tr("%1 ms").arg(QLocale().toString(*f.durationMs, 'f', 0)) : unknown,
             Tone::Neutral);

    m_legacyWarning->setVisible(f.legacyRow);
    m_legacyWarning->setText(
        f.legacyRow ? tr("Legacy row: relevance_level holds the evidence status \u201c%1\u201d "
                         "(written by an older agent). The relevance level is read as none.")
                          .arg(f.legacyValue)
                    : QString());
    m_malformedWarning->setVisible(f.detailsMalformed);
    m_malformedWarning->setText(
        f.detailsMalformed
            ? tr("retrieval_details is not valid JSON: %1 — the raw text is shown below.")
                  .arg(f.detailsError)
            : QString());
    m_verdict->setText(f.verdict);
    m_verdict->setHidden(f.verdict.isEmpty());
    relayout();
}

int SummaryCard::pairsFor(int width) const
{
    // Widest caption + widest badge decides how many label/badge pairs fit side by side.
    int captionWidth = 0;
    int valueWidth = 0;
    for (int f = 0; f < FieldCount; ++f) {
        if (!m_shown[size_t(f)] || f == ErrorField)
            continue;
        captionWidth = std::max(captionWidth, m_captions[size_t(f)]->sizeHint().width());
        valueWidth = std::max(valueWidth, m_values[size_t(f)]->sizeHint().width());
    }
    const int pairWidth = captionWidth + valueWidth + 3 * m_grid->horizontalSpacing();
    return std::clamp(width / std::max(1, pairWidth), 1, kMaxPairsPerRow);
}

void SummaryCard::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (pairsFor(width()) != m_pairsPerRow)
        relayout();
}

QSize SummaryCard::minimumSizeHint() const
{
    // Narrow panels get fewer columns instead of a horizontal scroll bar.
    return {200, QWidget::minimumSizeHint().height()};
}

void SummaryCard::relayout()
{
    for (int f = 0; f < FieldCount; ++f) {
        m_grid->removeWidget(m_captions[size_t(f)]);
        m_grid->removeWidget(m_values[size_t(f)]);
    }
    for (int c = 0; c < kMaxPairsPerRow * 2; ++c)
        m_grid->setColumnStretch(c, 0);
    const int pairs = pairsFor(width() > 0 ? width() : 1000);
    m_pairsPerRow = pairs;
    int slot = 0;
    for (int f = 0; f < FieldCount; ++f) {
        const bool shown = m_shown[size_t(f)];
        m_captions[size_t(f)]->setHidden(!shown);
        m_values[size_t(f)]->setHidden(!shown);
        if (!shown)
            continue;
        // The error message is long: give it a whole row of its own.
        if (f == ErrorField && slot % pairs != 0)
            slot += pairs - slot % pairs;
        const int row = slot / pairs;
        const int col = (slot % pairs) * 2;
        m_grid->addWidget(m_captions[size_t(f)], row, col);
        if (f == ErrorField) {
            m_grid->addWidget(m_values[size_t(f)], row, col + 1, 1, pairs * 2 - 1);
            slot += pairs;
        } else {
            m_grid->addWidget(m_values[size_t(f)], row, col + 1, Qt::AlignLeft);
            ++slot;
        }
    }
    m_grid->setColumnStretch(pairs * 2 - 1, 1);
}

QString SummaryCard::fieldText(Field field) const
{
    return m_values[size_t(field)]->text();
}

bool SummaryCard::isFieldShown(Field field) const
{
    return m_shown[size_t(field)];
}

Tone SummaryCard::fieldTone(Field field) const
{
    return m_values[size_t(field)]->tone();
}

bool SummaryCard::isLegacyWarningShown() const
{
    return !m_legacyWarning->isHidden();
}

bool SummaryCard::isMalformedWarningShown() const
{
    return !m_malformedWarning->isHidden();
}

QString SummaryCard::legacyWarningText() const
{
    return m_legacyWarning->text();
}

QString SummaryCard::verdictText() const
{
    return m_verdict->text();
}

QString SummaryCard::malformedWarningText() const
{
    return m_malformedWarning->text();
}

} // namespace raglens::ui
