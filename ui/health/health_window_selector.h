#pragma once
// Chooses the time window a health report covers: the last 24 hours, 7 or 30 days, all
// time, or a custom since–until range (edited in local time, resolved to UTC). Emits
// windowChanged() whenever the resolved window would differ.

#include "common/error.h"

#include <QDateTime>
#include <QWidget>

class QComboBox;
class QDateTimeEdit;
class QLabel;

namespace raglens::ui {

struct HealthWindow
{
    QDateTime since; ///< UTC; invalid = open
    QDateTime until; ///< UTC; invalid = open
};

class HealthWindowSelector : public QWidget
{
    Q_OBJECT
public:
    enum class Preset
    {
        Last24Hours,
        Last7Days,
        Last30Days,
        AllTime,
        Custom,
    };

    explicit HealthWindowSelector(QWidget* parent = nullptr);

    Preset preset() const;
    void setPreset(Preset preset);
    /// Switches to Custom with this range (UTC or local; shown in local time).
    void setCustomRange(const QDateTime& since, const QDateTime& until);

    /// The window relative to `now`; an error when a custom range ends before it starts.
    Expected<HealthWindow> resolve(const QDateTime& now = QDateTime::currentDateTimeUtc()) const;

signals:
    void windowChanged();

private:
    void updateCustomVisibility();

    QComboBox* m_combo = nullptr;
    QLabel* m_sinceLabel = nullptr;
    QDateTimeEdit* m_since = nullptr;
    QLabel* m_untilLabel = nullptr;
    QDateTimeEdit* m_until = nullptr;
};

} // namespace raglens::ui
