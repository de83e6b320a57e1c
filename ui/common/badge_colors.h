#pragma once
// One colour per contract value (outcome, relevance, evidence status, attempt usability),
// readable on both light and dark palettes. Every view uses these, so a FALLBACK run
// looks the same in the tree, the summary card and the timeline.

#include <QColor>
#include <QPalette>
#include <QString>

namespace raglens::ui {

enum class Tone
{
    Good,
    Warning,
    Critical,
    Info,
    Neutral
};

/// The tone of a contract value: SUCCESS/PRECISE/EVIDENCE_FOUND are good, REFERENCE and
/// retries are warnings, FALLBACK/NO_EVIDENCE/ERROR are critical; unknown values neutral.
Tone toneOf(const QString& value);

/// Background colour for a badge of this tone on the given palette.
QColor badgeBackground(Tone tone, const QPalette& palette);
/// Text colour that stays readable on badgeBackground().
QColor badgeForeground(Tone tone, const QPalette& palette);

bool isDarkPalette(const QPalette& palette);

} // namespace raglens::ui
