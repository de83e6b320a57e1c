// step binding: every call names a step of its own run, steps that say they called a tool
// have a call and steps that say they did not have none, input_params.step_id agrees with
// the column, and the call's TOOL_INVOCATION timeline event carries the same step.

#include "check/check_rules.h"

#include "check/json_fields.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

namespace raglens::check {

namespace {

class StepBinding
{
    Q_DECLARE_TR_FUNCTIONS(StepBinding)
public:
    static void run(const RunBatch& batch, const SchemaView& schema, RuleResult& result);

private:
    /// What one run's calls and steps are checked against.
    struct RunView
    {
        const TraceRun& run;
        const std::vector<const TraceStep*>& steps;
        const std::vector<const TraceEvent*>& events;
        QHash<qint64, const TraceStep*> stepById;
        QHash<QString, std::vector<const TraceEvent*>> eventsByCall;
        QHash<qint64, int> callsPerStep; ///< filled while the calls are checked
    };
    static void checkCall(RunView& view, const TraceInvocation& call, const SchemaView& schema,
                          RuleResult& result);
    static void checkSteps(const RunView& view, RuleResult& result);
};

QString stepText(std::optional<qint64> id, const QString& text)
{
    return id ? row_id::shown(*id, text) : QStringLiteral("null");
}

void StepBinding::run(const RunBatch& batch, const SchemaView& schema, RuleResult& result)
{
    if (!schema.hasStepIdColumn) {
        result.notApplicable(tr("tool_invocation has no step_id column (written before the "
                                "step binding patch)."));
        return;
    }
    if (batch.runless)
        return; // no run, so no step a call could be bound to
    for (const TraceRun& run : batch.runs) {
        RunView view{run, batch.stepsOf(run.runId), batch.eventsOf(run.runId), {}, {}, {}};
        for (const TraceStep* s : view.steps)
            view.stepById.insert(s->id, s);
        for (const TraceEvent* e : view.events)
            if (e->eventType == vocab::kEventToolInvocation)
                if (const QString id = textField(e->details, "tool_call_id"); !id.isEmpty())
                    view.eventsByCall[id].push_back(e);
        for (const TraceInvocation* call : batch.callsOf(run.runId))
            checkCall(view, *call, schema, result);
        // Without agent_step.id no call's step_id can name a step: only the call's own
        // columns, input_params and timeline are compared.
        if (schema.hasStepKeys && schema.hasStepToolFlag)
            checkSteps(view, result);
    }
    if (result.checked == 0)
        result.notApplicable(tr("no invocations or steps in scope"));
}

void StepBinding::checkCall(RunView& view, const TraceInvocation& call, const SchemaView& schema,
                            RuleResult& result)
{
    ++result.checked;
    const auto failWith = [&](const QString& reason) {
        result.fail(callFinding(call, view.run.runId, reason));
    };
    if (!call.stepId) {
        if (schema.hasStepKeys && !view.steps.empty())
            failWith(tr("step_id is empty though the run records %n step(s)", "",
                        int(view.steps.size())));
    } else if (schema.hasStepKeys) {
        if (!view.stepById.contains(*call.stepId))
            failWith(tr("step_id %1 is not a step of run %2")
                         .arg(stepText(call.stepId, call.stepIdText), view.run.runId));
        else
            ++view.callsPerStep[*call.stepId];
    }
    // A number or, in stores keyed by text, the step's text id (row_id reads both).
    QString inParamsText;
    if (const auto inParams = row_id::fromJson(call.inputParams, "step_id", &inParamsText);
        inParams && inParams != call.stepId)
        failWith(
            tr("input_params.step_id is %1, the column %2")
                .arg(stepText(inParams, inParamsText), stepText(call.stepId, call.stepIdText)));
    if (!schema.hasEvents || !schema.hasEventDetails || call.toolCallId.isEmpty())
        return;
    const auto matching = view.eventsByCall.value(call.toolCallId);
    if (matching.empty()) {
        if (!view.events.empty())
            failWith(tr("no TOOL_INVOCATION timeline event for tool call %1").arg(call.toolCallId));
        return;
    }
    for (const TraceEvent* e : matching) {
        std::optional<qint64> eventStep = e->stepId;
        QString eventStepText = e->stepIdText;
        if (!eventStep)
            eventStep = row_id::fromJson(e->details, "step_id", &eventStepText);
        if (eventStep != call.stepId)
            failWith(tr("timeline event %1 says step %2, the call says %3")
                         .arg(row_id::shown(e->id, e->idText), stepText(eventStep, eventStepText),
                              stepText(call.stepId, call.stepIdText)));
    }
}

void StepBinding::checkSteps(const RunView& view, RuleResult& result)
{
    for (const TraceStep* s : view.steps) {
        ++result.checked;
        const int n = view.callsPerStep.value(s->id);
        RuleFinding f = stepFinding(*s, view.run.runId);
        if (s->hasToolCall && n == 0) {
            f.reason = tr("has_tool_call = 1 but no invocation names this step");
            result.fail(f);
        } else if (!s->hasToolCall && n > 0) {
            f.reason = tr("has_tool_call = 0 but %n invocation(s) name this step", "", n);
            result.fail(f);
        }
    }
}

} // namespace

void checkStepBinding(const RunBatch& batch, const SchemaView& schema, const CheckConfig&,
                      RuleResult& result)
{
    StepBinding::run(batch, schema, result);
}

} // namespace raglens::check
