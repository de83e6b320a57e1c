#pragma once
// Where a top-level window goes on a screen: a first start sized to the screen, a saved
// geometry from a larger screen (or another monitor) brought back onto this one.

#include <QRect>

namespace raglens::ui {

/// The size a first start opens at: `preferred` (the size the panels were laid out for),
/// scaled down to 90 % of the `available` area where that is smaller, and centred in it.
QRect firstStartGeometry(const QSize& preferred, const QRect& available);

/// `wanted` made to fit `available`: no larger than it, and moved (not shrunk) until it
/// lies inside it. A window that fits already is left where it is.
QRect fittedGeometry(const QRect& wanted, const QRect& available);

} // namespace raglens::ui
