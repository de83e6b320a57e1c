#pragma once
// Writes one diagnosis run: the diagnosis_run row (RUNNING, then its final status,
// release outcome, content type, fallback reason, tool-call and token counts), its
// agent_step rows and the RUN_STARTED / STEP / RUN_FINISHED timeline events. Owns the
// run's StepTracker, which the ToolBoundary consults to bind each invocation to the
// step that issued it. Every write is its own small transaction: a killed writer leaves
// a RUNNING run with whole steps and invocations, never half a row.

#include "audit/audit_clock.h"
#include "audit/step_tracker.h"
#include "common/error.h"

#include <QDateTime>
#include <QVariant>

#include <memory>
#include <vector>

namespace raglens {

class AuditDatabase;

struct RunStart
{
    QString runId;
    QString sessionId;
    QString userId;
    QString question;
};

struct RunFinish
{
    QString status;         ///< COMPLETED / FAILED
    QString releaseOutcome; ///< SUCCESS / FALLBACK / ERROR
    QString contentType;    ///< DIAGNOSIS_REPORT / SAFE_FALLBACK / empty
    QString fallbackReason; ///< e.g. INSUFFICIENT_EVIDENCE / empty
};

struct RunTotals
{
    int toolCallCount = 0;
    qint64 totalTokenCount = 0;
};

class RunRecorder
{
public:
    /// A new run: writes the RUNNING diagnosis_run row and RUN_STARTED.
    static Expected<std::unique_ptr<RunRecorder>> begin(AuditDatabase& db, const RunStart& start,
                                                        AuditClock clock = wallClock());
    /// Continues an existing run (e.g. `record --run R`): new steps get the next index.
    /// Fails when the run belongs to another session.
    static Expected<std::unique_ptr<RunRecorder>> resume(AuditDatabase& db, const QString& runId,
                                                         const QString& sessionId,
                                                         AuditClock clock = wallClock());

    StepTracker& tracker() { return m_tracker; }
    const QString& runId() const { return m_tracker.runId(); }
    const QString& sessionId() const { return m_tracker.sessionId(); }
    AuditClock clock() const { return m_clock; }

    /// Inserts an agent_step (and a STEP event) and makes it the active step.
    Expected<qint64> beginStep(const QString& agentName);
    /// Closes the active step with its token count; has_tool_call comes from the tracker.
    Status finishStep(qint64 tokenCount);
    /// Final status; counts are taken from the rows actually written for the run.
    Expected<RunTotals> finish(const RunFinish& finish);
    /// A run_feedback row for the run (satisfied may be unknown), stamped with the clock.
    Status addFeedback(std::optional<bool> satisfied, const QString& comment);
    /// Takes back what this recorder wrote, in one transaction, for a command whose purpose
    /// failed (`record`: its call could not be written): a run it began, with its steps and
    /// events; in a run it resumed, the steps it began with their events, and the run's
    /// status as it was found. Never anything another writer wrote.
    Status abandon();

private:
    RunRecorder(AuditDatabase& db, StepTracker tracker, AuditClock clock);
    /// A timeline event of the run, at `at` (the clock's time when not given).
    Status writeEvent(const QString& type, std::optional<qint64> stepId, const QString& detailsJson,
                      const QVariant& at = {});

    AuditDatabase& m_db;
    StepTracker m_tracker;
    AuditClock m_clock;
    bool m_began = false;           ///< begin() wrote the run's row
    QVariant m_startedAt;           ///< begin(): the time its row and RUN_STARTED carry
    QVariant m_statusFound;         ///< resume(): the run's status before it
    std::vector<qint64> m_newSteps; ///< the steps beginStep() wrote
};

} // namespace raglens
