#pragma once
// What computeHealth() and its facts-index path share (not part of the public API).

#include "diagnostics/health_report.h"
#include "trace/session_query.h"

#include <QStringList>

#include <map>

namespace raglens::health_parts {

struct RunMark
{
    QDateTime startedAt;
    QStringList reasons;
};

/// From a facts index (core/facts): the counts and the lookup latencies of [since, until)
/// (either may be invalid: open), the newest `listed` problem runs in `runs`, and in
/// `problemsNotListed` how many more there are. Whole UTC days are read from the index's
/// per-day sums, the partial days at the window's ends from its runs and calls; the rules
/// are those of the row-by-row reading, applied once per call when the index was built.
/// Calls without a recorded run are counted when `runlessWindow` (alias i) holds.
Status healthFromFacts(AuditDatabase& db, const QDateTime& since, const QDateTime& until,
                       const SqlFragment& runlessWindow, HealthReport& h,
                       std::map<QString, RunMark>& runs, std::map<qint64, qint64>& latencies,
                       int listed, int& problemsNotListed);

/// Straight from the audit database: the runs and calls matching `where` (alias r), and the
/// calls without a recorded run matching `runlessWindow` (alias i), counted into `h`, their
/// problem reasons into `runs` and lookup latencies into `latencyCounts`.
Status healthDirect(AuditDatabase& db, const SqlFragment& where, const SqlFragment& runlessWindow,
                    HealthReport& h, std::map<QString, RunMark>& runs,
                    std::map<qint64, qint64>& latencyCounts);

/// Calls without a recorded run belong to a window by their creation time (alias i): the
/// condition, "1 = 1" for an open window.
SqlFragment runlessWindow(AuditDatabase& db, const QDateTime& since, const QDateTime& until);

/// The condition (alias r) of a problem run by its stored facts, without feedback.
QString problemRunCondition(AuditDatabase& db);

} // namespace raglens::health_parts
