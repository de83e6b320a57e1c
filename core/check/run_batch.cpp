// The rows of a batch of runs, looked up by run: what every rule reads.
#include "check/check_rules.h"
#include "interpret/invocation_facts.h"

#include "model/vocabulary.h"

namespace raglens::check {

RuleFinding callFinding(const TraceInvocation& call, const QString& runId, const QString& reason)
{
    RuleFinding f;
    f.table = QStringLiteral("tool_invocation");
    f.rowId = call.id;
    f.runId = runId;
    f.stepId = call.stepId;
    f.reason = reason;
    f.rowIdText = call.idText;
    f.stepIdText = call.stepIdText;
    return f;
}

RuleFinding stepFinding(const TraceStep& step, const QString& runId, const QString& reason)
{
    RuleFinding f;
    f.table = QStringLiteral("agent_step");
    f.rowId = step.id;
    f.runId = runId;
    f.stepId = step.id;
    f.reason = reason;
    f.rowIdText = step.idText;
    f.stepIdText = step.idText;
    return f;
}

RuleFinding runFinding(const QString& runId, const QString& reason)
{
    RuleFinding f;
    f.table = QStringLiteral("diagnosis_run");
    f.runId = runId;
    f.reason = reason;
    return f;
}

bool isLookup(const TraceInvocation& call)
{
    return interpret::isLookupCall(call);
}

void RunBatch::index()
{
    for (const TraceStep& s : steps)
        stepsByRun[s.runId].push_back(&s);
    for (const TraceInvocation& c : calls)
        callsByRun[c.runId].push_back(&c);
    for (const TraceEvent& e : events)
        eventsByRun[e.runId].push_back(&e);
}

template <typename T>
static const std::vector<const T*>& rowsOf(const QHash<QString, std::vector<const T*>>& byRun,
                                           const QString& runId)
{
    static const std::vector<const T*> none;
    const auto it = byRun.constFind(runId);
    return it == byRun.constEnd() ? none : *it;
}

const std::vector<const TraceStep*>& RunBatch::stepsOf(const QString& runId) const
{
    return rowsOf(stepsByRun, runId);
}

const std::vector<const TraceInvocation*>& RunBatch::callsOf(const QString& runId) const
{
    return rowsOf(callsByRun, runId);
}

const std::vector<const TraceEvent*>& RunBatch::eventsOf(const QString& runId) const
{
    return rowsOf(eventsByRun, runId);
}

} // namespace raglens::check
