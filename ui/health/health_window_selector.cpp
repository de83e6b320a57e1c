#include "health/health_window_selector.h"

#include <QComboBox>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>

namespace raglens::ui {

HealthWindowSelector::HealthWindowSelector(QWidget* parent) : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("&Window:"), this);
    m_combo = new QComboBox(this);
    m_combo->addItem(tr("Last 24 hours"), int(Preset::Last24Hours));
    m_combo->addItem(tr("Last 7 days"), int(Preset::Last7Days));
    m_combo->addItem(tr("Last 30 days"), int(Preset::Last30Days));
    m_combo->addItem(tr("All time"), int(Preset::AllTime));
    m_combo->addItem(tr("Custom range"), int(Preset::Custom));
    m_combo->setCurrentIndex(m_combo->findData(int(Preset::AllTime)));
    label->setBuddy(m_combo);

    const QDateTime now = QDateTime::currentDateTime();
    m_sinceLabel = new QLabel(tr("from"), this);
    m_since = new QDateTimeEdit(now.addDays(-7), this);
    m_untilLabel = new QLabel(tr("to"), this);
    m_until = new QDateTimeEdit(now, this);
    for (QDateTimeEdit* edit : {m_since, m_until}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        connect(edit, &QDateTimeEdit::dateTimeChanged, this, &HealthWindowSelector::windowChanged);
    }
    m_since->setToolTip(tr("Runs started at or after this local time"));
    m_until->setToolTip(tr("Runs started before this local time"));

    row->addWidget(label);
    row->addWidget(m_combo);
    row->addWidget(m_sinceLabel);
    row->addWidget(m_since);
    row->addWidget(m_untilLabel);
    row->addWidget(m_until);
    row->addStretch(1);

    connect(m_combo, &QComboBox::currentIndexChanged, this, [this] {
        updateCustomVisibility();
        emit windowChanged();
    });
    updateCustomVisibility();
}

HealthWindowSelector::Preset HealthWindowSelector::preset() const
{
    return Preset(m_combo->currentData().toInt());
}

void HealthWindowSelector::setPreset(Preset preset)
{
    m_combo->setCurrentIndex(m_combo->findData(int(preset)));
}

void HealthWindowSelector::setCustomRange(const QDateTime& since, const QDateTime& until)
{
    {
        // One windowChanged() for the whole change, not one per edit.
        const QSignalBlocker blockSince(m_since);
        const QSignalBlocker blockUntil(m_until);
        m_since->setDateTime(since.toLocalTime());
        m_until->setDateTime(until.toLocalTime());
    }
    if (preset() == Preset::Custom)
        emit windowChanged();
    else
        setPreset(Preset::Custom);
}

Expected<HealthWindow> HealthWindowSelector::resolve(const QDateTime& now) const
{
    const QDateTime utcNow = now.toUTC();
    switch (preset()) {
    case Preset::Last24Hours:
        return HealthWindow{utcNow.addSecs(-24 * 3600), QDateTime()};
    case Preset::Last7Days:
        return HealthWindow{utcNow.addDays(-7), QDateTime()};
    case Preset::Last30Days:
        return HealthWindow{utcNow.addDays(-30), QDateTime()};
    case Preset::AllTime:
        return HealthWindow{};
    case Preset::Custom:
        break;
    }
    const QDateTime since = m_since->dateTime().toUTC();
    const QDateTime until = m_until->dateTime().toUTC();
    if (until <= since)
        return Error{tr("The end of the range must be after its start.")};
    return HealthWindow{since, until};
}

void HealthWindowSelector::updateCustomVisibility()
{
    const bool custom = preset() == Preset::Custom;
    for (QWidget* w : {static_cast<QWidget*>(m_sinceLabel), static_cast<QWidget*>(m_since),
                       static_cast<QWidget*>(m_untilLabel), static_cast<QWidget*>(m_until)})
        w->setVisible(custom);
}

} // namespace raglens::ui
