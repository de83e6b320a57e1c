#include "sessions/session_filter_bar.h"

#include "common/time_text.h"
#include "interpret/invocation_facts.h"
#include "model/vocabulary.h"

#include <QComboBox>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace raglens::ui {

namespace {

enum TimeRange
{
    AnyTime,
    LastHour,
    LastDay,
    LastWeek,
    LastMonth,
    Custom
};

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

QString comboValue(const QComboBox* combo)
{
    return combo->currentData().toString();
}

} // namespace

SessionFilterBar::SessionFilterBar(QWidget* parent) : QWidget(parent)
{
    using namespace vocab;
    m_fallbackButton = new QToolButton(this);
    m_fallbackButton->setText(tr("Fallback runs"));
    m_fallbackButton->setCheckable(true);
    m_fallbackButton->setToolTip(tr("Show only runs whose release outcome is FALLBACK"));
    m_fallbackButton->setObjectName(QStringLiteral("fallbackRunsButton"));

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

    m_text = new QLineEdit(this);
    m_text->setPlaceholderText(tr("Search session id, user, question or query preview (Ctrl+F)"));
    m_text->setClearButtonEnabled(true);
    m_text->setObjectName(QStringLiteral("filterText"));

    m_clearButton = new QToolButton(this);
    m_clearButton->setText(tr("Clear"));
    m_clearButton->setToolTip(tr("Remove every filter"));
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("matchCount"));

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

SessionFilter SessionFilterBar::filter() const
{
    SessionFilter f;
    f.outcome = comboValue(m_outcome);
    const QStringList evidence = m_evidence->currentData().toStringList();
    if (evidence.size() == 2) {
        f.evidenceStatus = evidence[0];
        f.failureKind = evidence[1];
    }
    f.relevanceLevel = comboValue(m_relevance);
    const QStringList attempt = m_attempt->currentData().toStringList();
    if (attempt.size() == 2) {
        f.selectedAttempt = attempt[0];
        f.retryReason = attempt[1];
    }
    f.toolName = m_tool->currentText().trimmed();
    f.text = m_text->text().trimmed();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    switch (m_timeRange->currentData().toInt()) {
    case LastHour:
        f.since = now.addSecs(-3600);
        break;
    case LastDay:
        f.since = now.addDays(-1);
        break;
    case LastWeek:
        f.since = now.addDays(-7);
        break;
    case LastMonth:
        f.since = now.addDays(-30);
        break;
    case Custom:
        f.since = m_since->dateTime().toUTC();
        f.until = m_until->dateTime().toUTC();
        break;
    default:
        break;
    }
    return f;
}

QList<QPair<QString, QString>> SessionFilterBar::filterParams() const
{
    QList<QPair<QString, QString>> out;
    const auto add = [&out](const char* name, const QString& value) {
        if (!value.isEmpty())
            out.append({QString::fromLatin1(name), value});
    };
    const SessionFilter f = filter();
    add("outcome", f.outcome);
    add("evidence", f.evidenceStatus);
    add("failure", f.failureKind);
    add("relevance", f.relevanceLevel);
    add("attempt", f.selectedAttempt);
    add("retry-reason", f.retryReason);
    add("tool", f.toolName);
    switch (m_timeRange->currentData().toInt()) {
    case LastHour:
        add("since", QStringLiteral("1h"));
        break;
    case LastDay:
        add("since", QStringLiteral("24h"));
        break;
    case LastWeek:
        add("since", QStringLiteral("7d"));
        break;
    case LastMonth:
        add("since", QStringLiteral("30d"));
        break;
    case Custom:
        add("since", f.since.toUTC().toString(Qt::ISODate));
        add("until", f.until.toUTC().toString(Qt::ISODate));
        break;
    default:
        break;
    }
    add("text", f.text);
    return out;
}

QStringList SessionFilterBar::applyParams(const QList<QPair<QString, QString>>& params)
{
    resetControls();
    m_updating = true;
    QMap<QString, QString> p;
    for (const auto& [key, value] : params)
        p.insert(key, value);
    QStringList left;
    const auto pick = [](QComboBox* combo, const QVariant& data) {
        const int i = combo->findData(data);
        if (i >= 0)
            combo->setCurrentIndex(i);
        return i >= 0;
    };
    if (p.contains(QStringLiteral("outcome")) &&
        !pick(m_outcome, p.value(QStringLiteral("outcome"))))
        left << QStringLiteral("outcome");
    if (p.contains(QStringLiteral("evidence")) || p.contains(QStringLiteral("failure")))
        if (!pick(m_evidence, QStringList{p.value(QStringLiteral("evidence")),
                                          p.value(QStringLiteral("failure"))}))
            left << QStringLiteral("evidence");
    if (p.contains(QStringLiteral("relevance")) &&
        !pick(m_relevance, p.value(QStringLiteral("relevance"))))
        left << QStringLiteral("relevance");
    if (p.contains(QStringLiteral("attempt")) || p.contains(QStringLiteral("retry-reason")))
        if (!pick(m_attempt, QStringList{p.value(QStringLiteral("attempt")),
                                         p.value(QStringLiteral("retry-reason"))}))
            left << QStringLiteral("attempt");
    if (p.contains(QStringLiteral("tool")))
        m_tool->setEditText(p.value(QStringLiteral("tool")));
    m_text->setText(p.value(QStringLiteral("text")));
    const QString since = p.value(QStringLiteral("since"));
    const QString until = p.value(QStringLiteral("until"));
    const QMap<QString, int> relative{{QStringLiteral("1h"), LastHour},
                                      {QStringLiteral("24h"), LastDay},
                                      {QStringLiteral("1d"), LastDay},
                                      {QStringLiteral("7d"), LastWeek},
                                      {QStringLiteral("30d"), LastMonth}};
    if (until.isEmpty() && relative.contains(since)) {
        pick(m_timeRange, relative.value(since));
    } else if (!since.isEmpty() || !until.isEmpty()) {
        QDateTime from, to;
        if (!since.isEmpty() && !parseTimeText(since, from))
            left << QStringLiteral("since");
        if (!until.isEmpty() && !parseTimeText(until, to))
            left << QStringLiteral("until");
        pick(m_timeRange, int(Custom));
        if (from.isValid())
            m_since->setDateTime(from.toLocalTime());
        if (to.isValid())
            m_until->setDateTime(to.toLocalTime());
    }
    for (const QString& key : p.keys())
        if (key == QLatin1String("session-outcome"))
            left << key;
    m_updating = false;
    updateTimeRangeEdits();
    emitChanged();
    return left;
}

void SessionFilterBar::setCounts(int matching, int total, const QString& error)
{
    m_count->setToolTip(error);
    // Plain arguments rather than %n: the strings read right even without a translation.
    if (matching < 0 && !error.isEmpty())
        m_count->setText(tr("Count failed"));
    else if (matching < 0)
        m_count->setText(tr("Counting…"));
    else if (total < 0 || matching == total)
        m_count->setText(matching == 1 ? tr("1 session")
                                       : tr("%1 sessions").arg(QLocale().toString(matching)));
    else
        m_count->setText(tr("%1 of %2 sessions match")
                             .arg(QLocale().toString(matching), QLocale().toString(total)));
}

QString SessionFilterBar::countText() const
{
    return m_count->text();
}

void SessionFilterBar::focusText()
{
    m_text->setFocus(Qt::ShortcutFocusReason);
    m_text->selectAll();
}

void SessionFilterBar::clear()
{
    resetControls();
    emitChanged();
}

void SessionFilterBar::resetControls()
{
    m_updating = true;
    for (QComboBox* c : {m_outcome, m_evidence, m_relevance, m_attempt, m_timeRange})
        c->setCurrentIndex(0);
    m_tool->setCurrentIndex(0);
    m_tool->setEditText(QString());
    m_text->clear();
    m_fallbackButton->setChecked(false);
    m_textDebounce->stop();
    m_updating = false;
    updateTimeRangeEdits();
}

void SessionFilterBar::showOnly(const QString& text)
{
    resetControls();
    m_text->setText(text);
    m_textDebounce->stop();
    emitChanged();
}

void SessionFilterBar::setFallbackRunsOnly(bool on)
{
    // The button is a shortcut for the outcome combo; the combo stays the one truth.
    m_updating = true;
    m_outcome->setCurrentIndex(on ? m_outcome->findData(vocab::kFallback) : 0);
    m_fallbackButton->setChecked(on);
    m_updating = false;
    emitChanged();
}

void SessionFilterBar::updateTimeRangeEdits()
{
    const bool custom = m_timeRange->currentData().toInt() == Custom;
    m_since->setVisible(custom);
    m_until->setVisible(custom);
}

void SessionFilterBar::emitChanged()
{
    if (m_updating)
        return;
    {
        const QSignalBlocker blocker(m_fallbackButton);
        m_fallbackButton->setChecked(comboValue(m_outcome) == vocab::kFallback);
    }
    emit filterChanged(filter());
}

} // namespace raglens::ui
