// call identity: the tool_call_id is in the column, in input_params and (for lookups) in
// retrieval_details, the same in all three, and no two invocations share one.

#include "check/check_rules.h"
#include "check/json_fields.h"

#include <QCoreApplication>

namespace raglens::check {

namespace {

class CallIdentity
{
    Q_DECLARE_TR_FUNCTIONS(CallIdentity)
public:
    static void run(const RunBatch& batch, const SchemaView& schema, const ScopeFacts& facts,
                    RuleResult& result);
};

void CallIdentity::run(const RunBatch& batch, const SchemaView& schema, const ScopeFacts& facts,
                       RuleResult& result)
{
    if (!schema.hasToolCallIdColumn) {
        result.notApplicable(tr("tool_invocation has no tool_call_id column."));
        return;
    }
    for (const TraceInvocation& call : batch.calls) {
        ++result.checked;
        const auto failWith = [&](const QString& reason) {
            result.fail({QStringLiteral("tool_invocation"), call.id, call.runId, call.stepId,
                         reason, QString()});
        };
        const QString column = call.toolCallId;
        if (column.isEmpty())
            failWith(tr("tool_call_id column is empty"));
        const QString inParams = textField(call.inputParams, "tool_call_id");
        if (inParams.isEmpty())
            failWith(tr("input_params has no tool_call_id"));
        else if (!column.isEmpty() && inParams != column)
            failWith(tr("input_params.tool_call_id '%1' differs from the column '%2'")
                         .arg(inParams, column));
        if (isLookup(call)) {
            const QString inDetails = textField(call.retrievalDetails, "tool_call_id");
            if (inDetails.isEmpty())
                failWith(tr("retrieval_details has no tool_call_id"));
            else if (!column.isEmpty() && inDetails != column)
                failWith(tr("retrieval_details.tool_call_id '%1' differs from the column '%2'")
                             .arg(inDetails, column));
        }
        if (column.isEmpty())
            continue;
        if (const auto first = facts.sharedCallIds.constFind(column);
            first != facts.sharedCallIds.constEnd() && *first != call.id)
            failWith(tr("tool_call_id '%1' is also used by invocation %2").arg(column).arg(*first));
    }
    if (result.checked == 0)
        result.notApplicable(tr("no invocations in scope"));
}

} // namespace

void checkCallIdentity(const RunBatch& batch, const SchemaView& schema, const ScopeFacts& facts,
                       RuleResult& result)
{
    CallIdentity::run(batch, schema, facts, result);
}

} // namespace raglens::check
