#pragma once
// One sentence that answers "why did this lookup end the way it did?" from the summary facts
// and the attempt ladder — the question support staff open a FALLBACK run with.

#include <QString>

namespace raglens::ui {

struct SummaryFacts;
struct AttemptTimeline;

QString lookupVerdict(const SummaryFacts& facts, const AttemptTimeline& timeline);

} // namespace raglens::ui
