#pragma once
// The time ranges the filter bar's combo offers (its items' data), shared by the file that
// builds the controls and the one that reads them. Internal to SessionFilterBar.

namespace raglens::ui::filter_bar {

enum TimeRange
{
    AnyTime,
    LastHour,
    LastDay,
    LastWeek,
    LastMonth,
    Custom
};

} // namespace raglens::ui::filter_bar
