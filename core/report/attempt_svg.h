#pragma once
// A lookup's attempt ladder as inline SVG, the report's version of the attempt timeline:
// one row per attempt that ran, in order, on a shared time axis (the attempts run one after
// the other), and beside it each attempt's top similarity on a 0–1 gauge with the usable
// threshold marked. No script, no external font or image: any browser shows it offline.

#include "interpret/invocation_facts.h"

#include <QString>

namespace raglens::report {

/// The SVG element (or a sentence when the lookup recorded no attempt).
QString attemptTimelineSvg(const interpret::InvocationFacts& facts);

} // namespace raglens::report
