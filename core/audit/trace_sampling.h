#pragma once
// Decides which lookups keep their whole LookupResult in lookup_trace_sample. The
// bounded audit row never holds query or chunk text; a sample does, so sampling is off
// by default for databases RagLens did not create (they hold production data) and on
// for local and demo workspaces. When on, problem lookups (NO_EVIDENCE, a retry, an
// error) are always kept; the rest at `rate`, chosen by a hash of the tool_call_id so
// that the same data always gives the same samples.

#include "model/lookup_result.h"

#include <QString>

namespace raglens {

class AuditDatabase;

struct TraceSamplingPolicy
{
    bool enabled = false;
    double rate = 0.0; ///< 0..1, share of unproblematic lookups that are kept

    static constexpr double kDefaultLocalRate = 0.25;

    static TraceSamplingPolicy off() { return {}; }
    static TraceSamplingPolicy on(double rate = kDefaultLocalRate) { return {true, rate}; }
    /// On for RagLens-owned SQLite files (rate: configuredLocalRate(); 0 = off), off for
    /// everything else.
    static TraceSamplingPolicy defaultFor(const AuditDatabase& db);
    /// RAGLENS_TRACE_SAMPLE_RATE (0..1) when set and valid, else kDefaultLocalRate.
    static double configuredLocalRate();

    /// The reason to keep this lookup ("error", "no_evidence", "retry", "sampled"), or
    /// an empty string when it is not kept.
    QString reasonFor(const LookupResult& result, bool success, const QString& toolCallId) const;
};

} // namespace raglens
