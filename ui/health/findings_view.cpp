#include "health/findings_view.h"

#include "health/health_text.h"
#include "health/severity_badge.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>

namespace raglens::ui {

FindingsView::FindingsView(QWidget* parent) : QWidget(parent)
{
    auto* box = new QVBoxLayout(this);
    auto* header = new QHBoxLayout();
    m_overall = new SeverityBadge(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_copyButton = new QPushButton(tr("Copy as JSON"), this);
    m_copyButton->setToolTip(tr("Copy the findings as `raglens-cli diagnose` prints them"));
    header->addWidget(m_overall);
    header->addWidget(m_summary, 1);
    header->addWidget(m_copyButton);
    box->addLayout(header);

    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_list = new QWidget(m_scroll);
    m_listLayout = new QVBoxLayout(m_list);
    m_listLayout->setContentsMargins(0, 0, 0, 0);
    m_listLayout->addStretch(1);
    m_scroll->setWidget(m_list);
    box->addWidget(m_scroll, 1);

    connect(m_copyButton, &QPushButton::clicked, this, &FindingsView::copyAsJson);
    rebuild();
}

void FindingsView::setInvocation(const TraceInvocation& invocation,
                                 std::optional<qint64> stepTokens)
{
    m_invocation = invocation;
    m_stepTokens = stepTokens;
    rebuild();
}

void FindingsView::clear()
{
    m_invocation.reset();
    m_stepTokens.reset();
    rebuild();
}

void FindingsView::setThresholds(const DiagnosticThresholds& thresholds)
{
    m_thresholds = thresholds;
    rebuild();
}

QString FindingsView::severityAt(int i) const
{
    return i >= 0 && i < findingCount() ? m_cards[size_t(i)].severity : QString();
}

QString FindingsView::titleAt(int i) const
{
    return i >= 0 && i < findingCount() ? m_cards[size_t(i)].title->text() : QString();
}

QString FindingsView::detailAt(int i) const
{
    return i >= 0 && i < findingCount() ? m_cards[size_t(i)].detail->text() : QString();
}

QString FindingsView::suggestionAt(int i) const
{
    if (i < 0 || i >= findingCount() || !m_cards[size_t(i)].suggestion)
        return {};
    return m_cards[size_t(i)].suggestion->text();
}

QString FindingsView::summaryText() const
{
    return m_summary->text();
}

void FindingsView::copyAsJson()
{
    if (!m_diagnosis)
        return;
    nlohmann::json j = *m_diagnosis;
    QApplication::clipboard()->setText(QString::fromStdString(j.dump(2)));
}

void FindingsView::rebuild()
{
    for (Card& card : m_cards)
        delete card.frame;
    m_cards.clear();
    m_diagnosis.reset();
    m_copyButton->setEnabled(m_invocation.has_value());
    if (!m_invocation) {
        m_overall->hide();
        m_summary->setText(tr("Select a tool invocation to see its findings."));
        return;
    }
    InvocationDiagnosis d = diagnoseInvocation(*m_invocation, m_stepTokens, m_thresholds);
    // Worst first; the core's order (stable) breaks ties.
    std::stable_sort(d.findings.begin(), d.findings.end(), [](const Finding& a, const Finding& b) {
        return severity::rank(a.severity) > severity::rank(b.severity);
    });
    m_diagnosis = d;

    int critical = 0;
    int warnings = 0;
    for (const Finding& f : d.findings) {
        critical += f.severity == severity::kCritical;
        warnings += f.severity == severity::kWarning;
        addCard(f);
    }
    m_overall->setSeverity(d.severity);
    m_overall->show();
    const QString what =
        tr("Invocation %1 · %2").arg(row_id::shown(d.invocationId, d.invocationIdText), d.toolName);
    if (critical == 0 && warnings == 0)
        m_summary->setText(tr("%1 · nothing to fix").arg(what));
    else
        m_summary->setText(tr("%1 · %2, %3")
                               .arg(what, tr("%n critical", nullptr, critical),
                                    tr("%n warning(s)", nullptr, warnings)));
}

void FindingsView::addCard(const Finding& f)
{
    Card card;
    card.severity = f.severity;
    auto* frame = new QFrame(m_list);
    frame->setFrameShape(QFrame::StyledPanel);
    card.frame = frame;
    auto* box = new QVBoxLayout(frame);
    box->setContentsMargins(10, 8, 10, 8);

    auto* head = new QHBoxLayout();
    auto* badge = new SeverityBadge(frame);
    badge->setSeverity(f.severity);
    card.title = new QLabel(findingTitle(f.code), frame);
    QFont bold = card.title->font();
    bold.setBold(true);
    card.title->setFont(bold);
    head->addWidget(badge);
    head->addWidget(card.title, 1);
    box->addLayout(head);

    card.detail = new QLabel(f.message, frame);
    card.detail->setWordWrap(true);
    card.detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->addWidget(card.detail);

    if (!f.suggestion.isEmpty()) {
        card.suggestion = new QLabel(f.suggestion, frame);
        card.suggestion->setWordWrap(true);
        card.suggestion->setTextInteractionFlags(Qt::TextSelectableByMouse);
        card.suggestion->setToolTip(tr("Suggestion"));
        auto* row = new QHBoxLayout();
        auto* arrow = new QLabel(tr("Try:"), frame);
        arrow->setAlignment(Qt::AlignTop);
        QFont italic = arrow->font();
        italic.setItalic(true);
        arrow->setFont(italic);
        row->addWidget(arrow);
        row->addWidget(card.suggestion, 1);
        box->addLayout(row);
    }

    // The values the rule looked at, for a reader who wants to check it.
    if (f.evidence.is_object() && !f.evidence.empty()) {
        QStringList parts;
        for (auto it = f.evidence.begin(); it != f.evidence.end(); ++it)
            parts << QStringLiteral("%1 = %2").arg(QString::fromStdString(it.key()),
                                                   QString::fromStdString(it.value().dump()));
        auto* evidence = new QLabel(parts.join(QStringLiteral("   ")), frame);
        evidence->setWordWrap(true);
        evidence->setTextInteractionFlags(Qt::TextSelectableByMouse);
        evidence->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        // A role, not a colour: it follows a theme switch.
        evidence->setForegroundRole(QPalette::PlaceholderText);
        box->addWidget(evidence);
    }
    m_listLayout->insertWidget(m_listLayout->count() - 1, frame);
    m_cards.push_back(card);
}

} // namespace raglens::ui
