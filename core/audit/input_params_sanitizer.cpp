#include "audit/input_params_sanitizer.h"

#include "common/json_qt.h"
#include "common/secret_policy.h"

namespace raglens {

using nlohmann::json;

bool InputParamsSanitizer::isSecretKey(const QString& key)
{
    return secrets::isSecretKey(key);
}

QString InputParamsSanitizer::cut(const QString& text, int maxChars)
{
    if (text.size() <= maxChars)
        return text;
    int n = maxChars;
    if (n > 0 && text.at(n - 1).isHighSurrogate())
        --n;
    return text.left(n);
}

// Masked first, then cut: a secret must not survive by being split at the cut.
static json cutString(const json& value)
{
    return InputParamsSanitizer::cut(secrets::redact(value.get<QString>()));
}

json InputParamsSanitizer::sanitize(const json& params, const QString& toolCallId,
                                    qint64 requestBytes, std::optional<qint64> stepId)
{
    json out = json::object();
    if (params.is_object()) {
        for (auto it = params.begin(); it != params.end(); ++it) {
            const QString key = QString::fromStdString(it.key());
            if (key.isEmpty() || isSecretKey(key))
                continue;
            const std::string outKey = cut(key).toStdString();
            const json& v = it.value();
            if (v.is_string()) {
                out[outKey] = cutString(v);
            } else if (v.is_number() || v.is_boolean()) {
                out[outKey] = v;
            } else if (v.is_array()) {
                bool allStrings = true;
                for (const json& item : v)
                    allStrings = allStrings && item.is_string();
                if (!allStrings)
                    continue; // arrays of numbers or objects could smuggle anything
                json items = json::array();
                for (const json& item : v) {
                    if (items.size() >= size_t(kMaxArrayItems))
                        break;
                    items.push_back(cutString(item));
                }
                out[outKey] = items;
            }
            // objects and nulls are dropped: only flat, previewable values are kept
        }
    }
    out["tool_call_id"] = cut(toolCallId).toStdString();
    out["request_bytes"] = requestBytes;
    if (stepId)
        out["step_id"] = *stepId;
    else
        out.erase("step_id");
    return out;
}

} // namespace raglens
