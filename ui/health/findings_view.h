#pragma once
// The rule-based findings for one recorded invocation (DESIGN §5), worst first: a severity
// badge, a title, what the rule saw and a concrete suggestion per finding, above a summary
// with the overall severity. Meant as a tab of the invocation detail area; "Copy as JSON"
// copies exactly what `raglens-cli diagnose` prints.

#include "diagnostics/invocation_findings.h"

#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QScrollArea;
class QVBoxLayout;

namespace raglens::ui {

class SeverityBadge;

class FindingsView : public QWidget
{
    Q_OBJECT
public:
    explicit FindingsView(QWidget* parent = nullptr);

    /// `stepTokens`: token count of the issuing agent step, when known (large-context rule).
    void setInvocation(const TraceInvocation& invocation,
                       std::optional<qint64> stepTokens = std::nullopt);
    void clear();
    void setThresholds(const DiagnosticThresholds& thresholds);

    /// The diagnosis shown (empty before setInvocation()); findings in display order.
    const std::optional<InvocationDiagnosis>& diagnosis() const { return m_diagnosis; }
    int findingCount() const { return int(m_cards.size()); }
    QString severityAt(int i) const;
    QString titleAt(int i) const;
    QString detailAt(int i) const;
    QString suggestionAt(int i) const;
    QString summaryText() const;

public slots:
    void copyAsJson();

private:
    struct Card
    {
        QString severity;
        QWidget* frame = nullptr;
        QLabel* title = nullptr;
        QLabel* detail = nullptr;
        QLabel* suggestion = nullptr;
    };
    void rebuild();
    void addCard(const Finding& finding);

    std::optional<TraceInvocation> m_invocation;
    std::optional<qint64> m_stepTokens;
    DiagnosticThresholds m_thresholds;
    std::optional<InvocationDiagnosis> m_diagnosis;

    SeverityBadge* m_overall = nullptr;
    QLabel* m_summary = nullptr;
    QPushButton* m_copyButton = nullptr;
    QScrollArea* m_scroll = nullptr;
    QWidget* m_list = nullptr;
    QVBoxLayout* m_listLayout = nullptr;
    std::vector<Card> m_cards;
};

} // namespace raglens::ui
