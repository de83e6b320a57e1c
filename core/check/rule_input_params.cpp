// input_params contract (DESIGN §3): an object of scalars and string arrays only, with
// tool_call_id and a plausible request_bytes, every string cut to 160 characters, and no key
// that poses as a reserved one (TOOL_CALL_ID, stepId, request-bytes, ...).

#include "check/check_rules.h"

#include "common/secret_policy.h"

#include <QCoreApplication>

#include <functional>

namespace raglens::check {

namespace {

using nlohmann::json;

class InputParamsContract
{
    Q_DECLARE_TR_FUNCTIONS(InputParamsContract)
public:
    static void run(const RunBatch& batch, const SchemaView& schema, const CheckConfig& config,
                    RuleResult& result);

private:
    using Fail = std::function<void(const QString&)>;
    /// Keys and values: sizes, reserved names posed as others, types. Returns the longest
    /// unmasked string's size in bytes, which request_bytes must cover.
    static qint64 checkValues(const json& params, const CheckConfig& config, const Fail& fail);
    /// tool_call_id, step_id and request_bytes, the keys every call carries.
    static void checkKnownKeys(const json& params, const CheckConfig& config,
                               qint64 longestStringBytes, const Fail& fail);
};

/// A key folded to lower-case letters and digits: "Step-ID" and "stepId" become "stepid".
QString folded(const QString& key)
{
    QString out;
    for (QChar c : key)
        if (c.isLetterOrNumber())
            out += c.toLower();
    return out;
}

void InputParamsContract::run(const RunBatch& batch, const SchemaView& schema,
                              const CheckConfig& config, RuleResult& result)
{
    if (!schema.hasInputParams) {
        result.notApplicable(tr("tool_invocation has no input_params column."));
        return;
    }
    for (const TraceInvocation& call : batch.calls) {
        ++result.checked;
        const Fail failWith = [&](const QString& reason) {
            result.fail(callFinding(call, call.runId, reason));
        };
        if (!call.inputParamsError.isEmpty()) {
            failWith(tr("input_params is not valid JSON: %1").arg(call.inputParamsError));
            continue;
        }
        if (!call.inputParams.is_object()) {
            failWith(call.inputParams.is_null() ? tr("input_params is empty")
                                                : tr("input_params is not a JSON object"));
            continue;
        }
        const qint64 longest = checkValues(call.inputParams, config, failWith);
        checkKnownKeys(call.inputParams, config, longest, failWith);
    }
    if (result.checked == 0)
        result.notApplicable(tr("no invocations in scope"));
}

qint64 InputParamsContract::checkValues(const json& params, const CheckConfig& config,
                                        const Fail& failWith)
{
    static const QHash<QString, QString> reserved = {
        {QStringLiteral("toolcallid"), QStringLiteral("tool_call_id")},
        {QStringLiteral("requestbytes"), QStringLiteral("request_bytes")},
        {QStringLiteral("stepid"), QStringLiteral("step_id")}};
    qint64 longestStringBytes = 0;
    const auto checkString = [&](const QString& key, const std::string& value) {
        const QString text = QString::fromStdString(value);
        if (text.size() > config.maxStringChars)
            failWith(tr("'%1' holds %2 characters (at most %3)")
                         .arg(key)
                         .arg(text.size())
                         .arg(config.maxStringChars));
        // A masked secret may be longer than what was sent; it proves nothing about size.
        if (!text.contains(secrets::kMask))
            longestStringBytes = qMax(longestStringBytes, qint64(value.size()));
    };
    for (auto it = params.begin(); it != params.end(); ++it) {
        const QString key = QString::fromStdString(it.key());
        const json& v = it.value();
        if (key.size() > config.maxStringChars)
            failWith(tr("a key of %1 characters (at most %2)")
                         .arg(key.size())
                         .arg(config.maxStringChars));
        if (const auto r = reserved.constFind(folded(key)); r != reserved.constEnd() && *r != key)
            failWith(tr("key '%1' poses as the reserved key '%2'").arg(key, *r));
        if (v.is_string()) {
            checkString(key, v.get<std::string>());
        } else if (v.is_array()) {
            for (const json& item : v) {
                if (!item.is_string()) {
                    failWith(tr("'%1' is an array holding a %2, not only strings")
                                 .arg(key, QString::fromLatin1(item.type_name())));
                    break;
                }
                checkString(key, item.get<std::string>());
            }
        } else if (v.is_object() || v.is_null()) {
            failWith(tr("'%1' is a %2; only strings, numbers, booleans and string arrays "
                        "are allowed")
                         .arg(key, QString::fromLatin1(v.type_name())));
        }
    }
    return longestStringBytes;
}

void InputParamsContract::checkKnownKeys(const json& params, const CheckConfig& config,
                                         qint64 longestStringBytes, const Fail& failWith)
{
    const json& id = params.contains("tool_call_id") ? params["tool_call_id"] : json();
    if (!id.is_string() || id.get<std::string>().empty())
        failWith(tr("tool_call_id is missing or not a string"));
    // A number, or the step's text id in a store that keys steps by text: what row_id reads.
    if (params.contains("step_id") && !row_id::fromJson(params, "step_id", nullptr))
        failWith(tr("step_id is not an integer or a text id"));
    if (!params.contains("request_bytes")) {
        failWith(tr("request_bytes is missing"));
        return;
    }
    const json& bytes = params["request_bytes"];
    if (!bytes.is_number_integer()) {
        failWith(tr("request_bytes is not an integer"));
        return;
    }
    const qint64 n = bytes.get<qint64>();
    if (n <= 0 || n > config.maxRequestBytes)
        failWith(tr("request_bytes %1 is outside 1 … %2").arg(n).arg(config.maxRequestBytes));
    else if (n < longestStringBytes)
        failWith(tr("request_bytes %1 is smaller than a value the request held (%2 bytes)")
                     .arg(n)
                     .arg(longestStringBytes));
}

} // namespace

void checkInputParams(const RunBatch& batch, const SchemaView& schema, const CheckConfig& config,
                      RuleResult& result)
{
    InputParamsContract::run(batch, schema, config, result);
}

} // namespace raglens::check
