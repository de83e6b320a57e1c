#include "replay/replay_runner.h"

#include "interpret/invocation_facts.h"
#include "model/vocabulary.h"
#include "replay/recorded_lookup.h"

#include <QCoreApplication>

namespace raglens {

Expected<LookupRequest> replayRequestFor(const TraceInvocation& recorded)
{
    if (!interpret::isLookupCall(recorded))
        return Error{QCoreApplication::translate(
                         "Replay", "Invocation %1 is a %2 call, not a lookup_knowledge lookup; "
                                   "only lookups can be replayed.")
                         .arg(recorded.shownId(), recorded.toolName.isEmpty() ? QStringLiteral("?")
                                                                              : recorded.toolName)};
    const RecordedLookup rec = recordedLookupOf(recorded);
    if (rec.query.trimmed().isEmpty())
        return Error{QCoreApplication::translate(
                         "Replay", "Invocation %1 has no recorded query (no \"query\" in its "
                                   "input_params and no full-trace sample), so it cannot be "
                                   "replayed.")
                         .arg(recorded.shownId())};
    LookupRequest request;
    request.query = rec.query;
    if (rec.searchMode == vocab::kModeDense || rec.searchMode == vocab::kModeHybrid)
        request.searchMode = rec.searchMode;
    if (rec.topK && *rec.topK > 0)
        request.topK = *rec.topK;
    // An explicit category from the caller is part of the request; an L0-chosen filter is
    // not: the replay must let today's dictionary choose again, or drift would be hidden.
    if (!rec.explicitCategory.isEmpty()) {
        request.category = rec.explicitCategory;
        request.autoCategory = false;
    }
    request.toolCallId = QStringLiteral("replay-%1").arg(recorded.shownId());
    return request;
}

Expected<ReplayOutcome> replayInvocation(const LookupEngine& engine,
                                         const TraceInvocation& recorded)
{
    Expected<LookupRequest> request = replayRequestFor(recorded);
    if (!request)
        return Error{request.error()};
    ReplayOutcome outcome;
    outcome.replayed = engine.lookup(*request);
    outcome.diff = compareWithRecorded(recorded, outcome.replayed);
    return outcome;
}

} // namespace raglens
