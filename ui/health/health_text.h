#pragma once
// The words and colours the health views share: a severity's tone, a finding code's title,
// a problem run's reason, and how a rate or a latency reads. One place, so the tiles, the
// problem-runs table and the findings list agree.

#include "common/badge_colors.h"

#include <QString>

#include <optional>

namespace raglens::ui {

/// GOOD → Good, WARNING → Warning, CRITICAL → Critical, anything else Neutral.
Tone severityTone(const QString& severity);
/// Translated display name of a severity (the stored value stays untranslated).
QString severityText(const QString& severity);
/// Short translated title of a finding code (empty_retrieval → "Empty retrieval").
QString findingTitle(const QString& code);
/// Translated reason a run is listed as problematic (fallback_outcome → "FALLBACK").
QString problemReasonText(const QString& reason);
/// "18.5 %" for 0.185.
QString rateText(double rate);
/// "850 ms", or "–" when there is no value.
QString latencyText(const std::optional<qint64>& ms);

} // namespace raglens::ui
