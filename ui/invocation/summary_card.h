#pragma once
// The first thing shown for a lookup: warnings (legacy row, malformed details), then success,
// evidence status, search mode, selected attempt, retry reason, candidate / block counts,
// relevance level, truncation and duration — DESIGN §4's reading order, left to right and
// top to bottom, each value as a coloured badge.

#include "common/badge_colors.h"
#include "invocation/summary_facts.h"

#include <QWidget>

#include <array>

class QGridLayout;
class QLabel;

namespace raglens::ui {

class BadgeLabel;

class SummaryCard : public QWidget
{
    Q_OBJECT
public:
    enum Field
    {
        ToolField,
        SuccessField,
        EvidenceStatusField,
        ErrorField,
        SearchModeField,
        SelectedAttemptField,
        RetryReasonField, ///< the lookup's retry reason (attempt level)
        CandidatesField,
        RelevanceField,
        TruncationField,
        DurationField,
        FieldCount
    };

    explicit SummaryCard(QWidget* parent = nullptr);

    void setFacts(const SummaryFacts& facts);
    void setInvocation(const TraceInvocation& inv);
    void setLookupResult(const LookupResult& result);
    void clear();

    const SummaryFacts& facts() const { return m_facts; }
    QString fieldText(Field field) const;
    bool isFieldShown(Field field) const;
    Tone fieldTone(Field field) const;
    bool isLegacyWarningShown() const;
    bool isMalformedWarningShown() const;
    QString legacyWarningText() const;
    QString malformedWarningText() const;
    QString verdictText() const;
    int pairsPerRow() const { return m_pairsPerRow; }
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void setField(Field field, const QString& text, Tone tone, bool shown = true);
    void relayout();
    int pairsFor(int width) const;

    SummaryFacts m_facts;
    QLabel* m_legacyWarning = nullptr;
    QLabel* m_malformedWarning = nullptr;
    QLabel* m_verdict = nullptr;
    QGridLayout* m_grid = nullptr;
    std::array<QLabel*, FieldCount> m_captions{};
    std::array<BadgeLabel*, FieldCount> m_values{};
    std::array<bool, FieldCount> m_shown{};
    int m_pairsPerRow = 3;
};

} // namespace raglens::ui
