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
};

QString stepText(std::optional<qint64> id)
{
    return id ? QString::number(*id) : QStringLiteral("null");
}

void StepBinding::run(const RunBatch& batch, const SchemaView& schema, RuleResult& result)
{
    if (!schema.hasStepIdColumn) {
        result.notApplicable(tr("tool_invocation has no step_id column (written before the "
                                "step binding patch)."));
        return;
    }
    for (const TraceRun& run : batch.runs) {
        const auto& steps = batch.stepsOf(run.runId);
        const auto& calls = batch.callsOf(run.runId);
        const auto& events = batch.eventsOf(run.runId);
        QHash<qint64, int> callsPerStep;
        QHash<qint64, const TraceStep*> stepById;
        for (const TraceStep* s : steps)
            stepById.insert(s->id, s);
        QHash<QString, std::vector<const TraceEvent*>> eventsByCall;
        for (const TraceEvent* e : events)
            if (e->eventType == vocab::kEventToolInvocation)
                if (const QString id = textField(e->details, "tool_call_id"); !id.isEmpty())
                    eventsByCall[id].push_back(e);
        for (const TraceInvocation* call : calls) {
            ++result.checked;
            const RuleFinding where{QStringLiteral("tool_invocation"),
                                    call->id,
                                    run.runId,
                                    call->stepId,
                                    QString(),
                                    QString()};
            const auto failWith = [&](const QString& reason) {
                RuleFinding f = where;
                f.reason = reason;
                result.fail(f);
            };
            if (!call->stepId) {
                if (schema.hasSteps && !steps.empty())
                    failWith(tr("step_id is empty though the run records %n step(s)", "",
                                int(steps.size())));
            } else if (schema.hasSteps) {
                if (!stepById.contains(*call->stepId))
                    failWith(
                        tr("step_id %1 is not a step of run %2").arg(*call->stepId).arg(run.runId));
                else
                    ++callsPerStep[*call->stepId];
            }
            if (const auto inParams = integerField(call->inputParams, "step_id");
                inParams && inParams != call->stepId)
                failWith(tr("input_params.step_id is %1, the column %2")
                             .arg(*inParams)
                             .arg(stepText(call->stepId)));
            if (!schema.hasEvents || call->toolCallId.isEmpty())
                continue;
            const auto matching = eventsByCall.value(call->toolCallId);
            if (matching.empty()) {
                if (!events.empty())
                    failWith(tr("no TOOL_INVOCATION timeline event for tool call %1")
                                 .arg(call->toolCallId));
                continue;
            }
            for (const TraceEvent* e : matching) {
                std::optional<qint64> eventStep = e->stepId;
                if (!eventStep)
                    eventStep = integerField(e->details, "step_id");
                if (eventStep != call->stepId)
                    failWith(tr("timeline event %1 says step %2, the call says %3")
                                 .arg(e->id)
                                 .arg(stepText(eventStep), stepText(call->stepId)));
            }
        }
        if (!schema.hasSteps)
            continue;
        for (const TraceStep* s : steps) {
            ++result.checked;
            const int n = callsPerStep.value(s->id);
            RuleFinding f{
                QStringLiteral("agent_step"), s->id, run.runId, s->id, QString(), QString()};
            if (s->hasToolCall && n == 0) {
                f.reason = tr("has_tool_call = 1 but no invocation names this step");
                result.fail(f);
            } else if (!s->hasToolCall && n > 0) {
                f.reason = tr("has_tool_call = 0 but %n invocation(s) name this step", "", n);
                result.fail(f);
            }
        }
    }
    if (result.checked == 0)
        result.notApplicable(tr("no invocations or steps in scope"));
}

} // namespace

void checkStepBinding(const RunBatch& batch, const SchemaView& schema, const CheckConfig&,
                      RuleResult& result)
{
    StepBinding::run(batch, schema, result);
}

} // namespace raglens::check
