#pragma once
// Replays a recorded lookup_knowledge invocation against a local knowledge base: rebuilds
// the request the agent made (query, search mode, top-k, explicit category) from what was
// recorded, runs it with the knowledge base's current thresholds, and compares. Used by
// `raglens-cli replay` and the GUI's "Replay against local KB" (from a worker thread).

#include "common/error.h"
#include "lookup/lookup_engine.h"
#include "replay/replay_diff.h"

namespace raglens {

struct ReplayOutcome
{
    LookupResult replayed;
    ReplayDiff diff;
};

/// The request a replay runs, or a translated reason why the invocation cannot be
/// replayed (not a lookup_knowledge call, no query preview recorded).
Expected<LookupRequest> replayRequestFor(const TraceInvocation& recorded);

/// Thread-safe (the engine is); never throws.
Expected<ReplayOutcome> replayInvocation(const LookupEngine& engine,
                                         const TraceInvocation& recorded);

} // namespace raglens
