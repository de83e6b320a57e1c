// call identity: the tool_call_id is in the column, in input_params and (for lookups) in
// retrieval_details, the same in all three, and no two invocations share one.

#include "check/check_rules.h"
#include "check/json_fields.h"

#include <QCoreApplication>
#include <QSet>

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
    if (!schema.hasToolCallIdColumn && facts.repeatedCallIds.isEmpty()) {
        result.notApplicable(tr("tool_invocation has no tool_call_id column."));
        return;
    }
    QSet<std::pair<qint64, QString>> repeatedSeen;
    for (const TraceInvocation& call : batch.calls) {
        ++result.checked;
        const auto failWith = [&](const QString& reason) {
            result.fail(callFinding(call, call.runId, reason));
        };
        const std::pair<qint64, QString> key{call.id, call.idText};
        if (const auto n = facts.repeatedCallIds.constFind(key);
            n != facts.repeatedCallIds.constEnd() && !repeatedSeen.contains(key)) {
            repeatedSeen.insert(key);
            failWith(tr("invocation id %1 is held by %2 rows: the table has no key on id, and "
                        "every count through it is multiplied")
                         .arg(call.shownId(), QString::number(*n)));
        }
        // Neither key: no session and no run can show it; only health counts it (among the
        // calls without a run).
        if (call.runId.isEmpty() && call.sessionId.isEmpty())
            failWith(tr("the call has neither a run_id nor a session_id: no session or run "
                        "shows it; health counts it among the calls without a run"));
        if (!schema.hasToolCallIdColumn)
            continue;
        const QString column = call.toolCallId;
        if (column.isEmpty())
            failWith(tr("tool_call_id column is empty"));
        // A column the store lacks has nothing to compare with (the report's notes say so).
        const QString inParams = textField(call.inputParams, "tool_call_id");
        if (schema.hasInputParams && inParams.isEmpty())
            failWith(tr("input_params has no tool_call_id"));
        else if (schema.hasInputParams && !column.isEmpty() && inParams != column)
            failWith(tr("input_params.tool_call_id '%1' differs from the column '%2'")
                         .arg(inParams, column));
        if (isLookup(call) && schema.hasRetrievalDetails) {
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
            first != facts.sharedCallIds.constEnd() &&
            (first->id != call.id || first->idText != call.idText))
            failWith(tr("tool_call_id '%1' is also used by invocation %2")
                         .arg(column, row_id::shown(first->id, first->idText)));
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
