#pragma once
// `raglens-cli check` and the Audit Check panel: proves that an audit database keeps the
// promises of DESIGN §3 (step binding, call identity, the input_params contract, no leaked
// secrets, the rag_lookup_v1 shape, consistent runs) over one run, one session, a time
// window or everything. Reads only; a batch of runs at a time, so a million calls fit.

#include "check/check_config.h"
#include "check/check_report.h"
#include "db/audit_database.h"

#include <functional>

namespace raglens::check {

/// Runs checked so far and in all (0 while unknown); false cancels.
using CheckProgress = std::function<bool(qint64 done, qint64 total)>;

Expected<CheckReport> runAuditCheck(AuditDatabase& db, const CheckScope& scope,
                                    const CheckConfig& config = {},
                                    const CheckProgress& progress = {});

} // namespace raglens::check
