#include "sessions/session_filter_bar.h"
#include "sessions/session_filter_bar_time_range.h"

#include "common/time_text.h"
#include "interpret/invocation_facts.h"
#include "model/vocabulary.h"
#include "trace/session_filter_params.h"

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

using namespace filter_bar;

namespace {

QString comboValue(const QComboBox* combo)
{
    return combo->currentData().toString();
}

} // namespace

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

namespace {

/// One attempt or one retry reason, each a code the session filters accept.
bool isWriterCode(const QStringList& attemptAndReason)
{
    if (attemptAndReason.size() != 2 ||
        attemptAndReason[0].isEmpty() == attemptAndReason[1].isEmpty())
        return false;
    SessionFilter scratch;
    QString why;
    return attemptAndReason[0].isEmpty()
               ? setSessionFilter(scratch, QStringLiteral("retry-reason"), attemptAndReason[1], why)
               : setSessionFilter(scratch, QStringLiteral("attempt"), attemptAndReason[0], why);
}

} // namespace

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
    if (p.contains(QStringLiteral("attempt")) || p.contains(QStringLiteral("retry-reason"))) {
        const QStringList wanted{p.value(QStringLiteral("attempt")),
                                 p.value(QStringLiteral("retry-reason"))};
        // A writer's own code (the CLI and the API accept any): offered from now on.
        if (m_attempt->findData(wanted) < 0 && isWriterCode(wanted))
            m_attempt->addItem(
                wanted[0].isEmpty() ? tr("retry reason: %1").arg(wanted[1]) : wanted[0], wanted);
        if (!pick(m_attempt, wanted))
            left << QStringLiteral("attempt");
    }
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
