#include "common/badge_colors.h"

#include "model/vocabulary.h"

namespace raglens::ui {

Tone toneOf(const QString& value)
{
    using namespace vocab;
    if (value == kSuccess || value == kPrecise || value == kEvidenceFound || value == kCompleted ||
        value == kDiagnosisReport)
        return Tone::Good;
    if (value == kReference || value == kUnfilteredVectorRetry || value == kFilteredLowQuality ||
        value == kFilteredNoEvidence || value == kRunning)
        return Tone::Warning;
    if (value == kFallback || value == kNoEvidence || value == kError || value == kFailed ||
        value == kSafeFallback || value == kInsufficientEvidence)
        return Tone::Critical;
    if (value == kFilteredVector || value == kUnfilteredVector)
        return Tone::Info;
    return Tone::Neutral;
}

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor badgeBackground(Tone tone, const QPalette& palette)
{
    const bool dark = isDarkPalette(palette);
    switch (tone) {
    case Tone::Good:
        return dark ? QColor(0x1e, 0x5c, 0x34) : QColor(0xd4, 0xf2, 0xdc);
    case Tone::Warning:
        return dark ? QColor(0x6b, 0x4e, 0x0e) : QColor(0xff, 0xec, 0xb8);
    case Tone::Critical:
        return dark ? QColor(0x7a, 0x22, 0x22) : QColor(0xfb, 0xd5, 0xd5);
    case Tone::Info:
        return dark ? QColor(0x1d, 0x45, 0x6e) : QColor(0xd6, 0xe8, 0xfa);
    case Tone::Neutral:
        break;
    }
    return palette.color(QPalette::AlternateBase);
}

QColor badgeForeground(Tone tone, const QPalette& palette)
{
    if (tone == Tone::Neutral)
        return palette.color(QPalette::Text);
    return isDarkPalette(palette) ? QColor(0xf2, 0xf2, 0xf2) : QColor(0x1a, 0x1a, 0x1a);
}

} // namespace raglens::ui
