#pragma once
// View → Theme: the platform's own look, or Fusion with a light or a dark palette. Badge
// colours follow the palette (common/badge_colors.h), so both stay readable.

#include <QString>

namespace raglens::ui {

enum class Theme
{
    System,
    Light,
    Dark
};

Theme themeFromString(const QString& name);
QString themeToString(Theme theme);
/// Applies the theme to the whole application (remembering the system look first).
void applyTheme(Theme theme);
Theme savedTheme();
void saveTheme(Theme theme);

} // namespace raglens::ui
