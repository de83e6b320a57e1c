// The filter bar's controls: created, laid out in three short rows and connected.
#include "sessions/session_filter_bar.h"
#include "sessions/session_filter_bar_time_range.h"

#include "interpret/invocation_facts.h"
#include "model/vocabulary.h"

#include <QComboBox>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace raglens::ui {

using namespace filter_bar;

namespace {

// Contract values are shown as they are stored: support staff search logs for them.
QComboBox* valueCombo(QWidget* parent, const QString& anyText, const QStringList& values,
                      const QString& toolTip)
{
    auto* combo = new QComboBox(parent);
    combo->addItem(anyText, QString());
    for (const QString& v : values)
        combo->addItem(v, v);
    combo->setToolTip(toolTip);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(8);
    return combo;
}

} // namespace

SessionFilterBar::SessionFilterBar(QWidget* parent) : QWidget(parent)
{
    m_fallbackButton = new QToolButton(this);
    m_fallbackButton->setText(tr("Fallback runs"));
    m_fallbackButton->setCheckable(true);
    m_fallbackButton->setToolTip(tr("Show only runs whose release outcome is FALLBACK"));
    m_fallbackButton->setObjectName(QStringLiteral("fallbackRunsButton"));

    createValueCombos();
    createScopeControls();
    createTextControls();
    layOut();
    connectControls();
}

void SessionFilterBar::createValueCombos()
{
    using namespace vocab;
    m_outcome = valueCombo(this, tr("Any outcome"), {kSuccess, kFallback, kOutcomeError},
                           tr("Release outcome of the run"));
    // Evidence status and failure kind share one combo: both are core's interpretation of a
    // call (interpret::InvocationFacts), filtered in SQL by the same rules (FactSql).
    m_evidence = new QComboBox(this);
    m_evidence->setToolTip(tr("Sessions with a lookup of this effective evidence status, or a "
                              "call of this failure kind"));
    m_evidence->addItem(tr("Any evidence"), QStringList{});
    for (const QString& e : {kEvidenceFound, kNoEvidence, kError,
                             interpret::evidenceStatusName(interpret::EvidenceStatus::Unknown)})
        m_evidence->addItem(e, QStringList{e, QString()});
    m_evidence->addItem(
        tr("failed tool call"),
        QStringList{QString(), interpret::failureKindName(interpret::FailureKind::ToolError)});
    m_evidence->addItem(
        tr("lookup error"),
        QStringList{QString(), interpret::failureKindName(interpret::FailureKind::LookupError)});
    m_relevance = valueCombo(this, tr("Any relevance"), {kPrecise, kReference},
                             tr("Sessions with a lookup of this relevance level"));
    m_relevance->addItem(tr("No level"), QStringLiteral("NONE"));

    m_attempt = new QComboBox(this);
    m_attempt->setToolTip(tr("Selected attempt or retry reason of a lookup"));
    m_attempt->addItem(tr("Any attempt"), QStringList{});
    for (const QString& a : {kFilteredVector, kUnfilteredVectorRetry, kUnfilteredVector})
        m_attempt->addItem(a, QStringList{a, QString()});
    for (const QString& r : {kFilteredNoEvidence, kFilteredLowQuality})
        m_attempt->addItem(tr("retry reason: %1").arg(r), QStringList{QString(), r});
    m_attempt->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_attempt->setMinimumContentsLength(12);
}

void SessionFilterBar::createScopeControls()
{
    using namespace vocab;
    m_tool = new QComboBox(this);
    m_tool->setEditable(true);
    m_tool->setToolTip(tr("Sessions with an invocation of this tool"));
    m_tool->lineEdit()->setPlaceholderText(tr("Any tool"));
    m_tool->addItem(QString());
    m_tool->addItem(kLookupKnowledge);
    m_tool->setMinimumContentsLength(14);

    m_timeRange = new QComboBox(this);
    m_timeRange->setToolTip(tr("When the runs started"));
    m_timeRange->addItem(tr("Any time"), AnyTime);
    m_timeRange->addItem(tr("Last hour"), LastHour);
    m_timeRange->addItem(tr("Last 24 hours"), LastDay);
    m_timeRange->addItem(tr("Last 7 days"), LastWeek);
    m_timeRange->addItem(tr("Last 30 days"), LastMonth);
    m_timeRange->addItem(tr("Custom range"), Custom);
    const QDateTime now = QDateTime::currentDateTime();
    m_since = new QDateTimeEdit(now.addDays(-7), this);
    m_until = new QDateTimeEdit(now.addDays(1), this);
    for (QDateTimeEdit* e : {m_since, m_until}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        e->setVisible(false);
    }
    m_since->setToolTip(tr("Runs started at or after"));
    m_until->setToolTip(tr("Runs started before"));
}

void SessionFilterBar::createTextControls()
{
    m_text = new QLineEdit(this);
    m_text->setPlaceholderText(tr("Search session id, user, question or call parameters (Ctrl+F)"));
    m_text->setClearButtonEnabled(true);
    m_text->setObjectName(QStringLiteral("filterText"));

    m_clearButton = new QToolButton(this);
    m_clearButton->setText(tr("Clear"));
    m_clearButton->setToolTip(tr("Remove every filter"));
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("matchCount"));
}

void SessionFilterBar::layOut()
{
    auto* top = new QHBoxLayout;
    top->addWidget(m_fallbackButton);
    top->addWidget(m_text, 1);
    top->addWidget(m_clearButton);
    // Three short rows, so the session pane can stay narrow beside the drill-down.
    auto* values = new QHBoxLayout;
    for (QComboBox* c : {m_outcome, m_evidence, m_relevance, m_attempt})
        values->addWidget(c, 1);
    auto* scope = new QHBoxLayout;
    scope->addWidget(m_tool, 1);
    scope->addWidget(m_timeRange);
    scope->addWidget(m_since);
    scope->addWidget(m_until);
    scope->addStretch(1);
    scope->addWidget(m_count);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addLayout(values);
    layout->addLayout(scope);
}

void SessionFilterBar::connectControls()
{
    m_textDebounce = new QTimer(this);
    m_textDebounce->setSingleShot(true);
    m_textDebounce->setInterval(250);
    connect(m_textDebounce, &QTimer::timeout, this, &SessionFilterBar::emitChanged);
    connect(m_text, &QLineEdit::textChanged, m_textDebounce, qOverload<>(&QTimer::start));
    connect(m_text, &QLineEdit::returnPressed, this, [this] {
        m_textDebounce->stop();
        emitChanged();
    });
    for (QComboBox* c : {m_outcome, m_evidence, m_relevance, m_attempt})
        connect(c, &QComboBox::currentIndexChanged, this, &SessionFilterBar::emitChanged);
    connect(m_tool, &QComboBox::currentTextChanged, m_textDebounce, qOverload<>(&QTimer::start));
    connect(m_timeRange, &QComboBox::currentIndexChanged, this, [this] {
        updateTimeRangeEdits();
        emitChanged();
    });
    connect(m_since, &QDateTimeEdit::dateTimeChanged, this, &SessionFilterBar::emitChanged);
    connect(m_until, &QDateTimeEdit::dateTimeChanged, this, &SessionFilterBar::emitChanged);
    connect(m_fallbackButton, &QToolButton::toggled, this, &SessionFilterBar::setFallbackRunsOnly);
    connect(m_clearButton, &QToolButton::clicked, this, &SessionFilterBar::clear);
}

} // namespace raglens::ui
