#include "trace/trace_redaction.h"

#include "audit/input_params_sanitizer.h"
#include "common/secret_policy.h"
#include "model/row_id.h"

namespace raglens {

using nlohmann::json;

namespace {

class Redactor
{
public:
    int changes = 0;

    QString text(const QString& value)
    {
        int n = 0;
        QString out = secrets::redact(value, &n);
        changes += n;
        return out;
    }

    json value(const json& in)
    {
        json out = secrets::redactJson(in);
        changes += out != in;
        return out;
    }

    // A JSON column with its raw text: a parsed value is redacted and written from the
    // value; a malformed one keeps its raw text, redacted as text.
    void column(json& parsed, QString& raw)
    {
        if (!parsed.is_null()) {
            const json redacted = value(parsed);
            if (redacted != parsed)
                raw.clear(); // the stored text must not be the unredacted original
            parsed = redacted;
        } else {
            raw = text(raw);
        }
    }
};

// The input_params contract, applied to what an import brings: flat previewable values,
// secret keys dropped, values masked and cut, the reserved keys kept where the row has them.
json sanitizedParams(const TraceInvocation& inv)
{
    const json& params = inv.inputParams;
    const QString callId = json_util::value<QString>(params, "tool_call_id", inv.toolCallId);
    const qint64 bytes = json_util::value<qint64>(params, "request_bytes", 0);
    std::optional<qint64> step = json_util::optionalValue<qint64>(params, "step_id");
    // A text step id's handle is no step_id to write; a number kept as text ('12') is.
    if (!step && inv.stepId && row_id::isNumber(*inv.stepId, inv.stepIdText))
        step = inv.stepId;
    json out = InputParamsSanitizer::sanitize(params, callId, bytes, step);
    // The reserved keys a recording always writes are not made up for a row that came
    // without them: a request_bytes of 0 or a step_id from the step column would be values
    // the store never held.
    for (const char* reserved : {"tool_call_id", "request_bytes", "step_id"})
        if (!params.contains(reserved))
            out.erase(reserved);
    return out;
}

} // namespace

int redactForStorage(DiagnosisTraceResponse& trace)
{
    Redactor r;
    for (TraceRun& run : trace.runs) {
        const QString question = secrets::questionForStorage(run.question);
        r.changes += question != run.question;
        run.question = question;
    }
    for (TraceInvocation& inv : trace.toolInvocations) {
        if (inv.inputParams.is_object()) {
            const json sanitized = sanitizedParams(inv);
            if (sanitized != inv.inputParams) {
                ++r.changes;
                inv.inputParams = sanitized;
                inv.inputParamsRaw.clear();
            }
        } else {
            inv.inputParamsRaw = r.text(inv.inputParamsRaw);
        }
        json details = inv.retrievalDetails;
        r.column(details, inv.retrievalDetailsRaw);
        inv.setRetrievalDetails(std::move(details));
        inv.outputPreview = r.text(inv.outputPreview);
        inv.errorMessage = r.text(inv.errorMessage);
        if (!inv.fullTrace.is_null())
            inv.fullTrace = r.value(inv.fullTrace);
    }
    for (TraceEvent& e : trace.timeline)
        r.column(e.details, e.detailsRaw);
    for (RunFeedback& f : trace.feedback)
        f.comment = r.text(f.comment);
    return r.changes;
}

} // namespace raglens
