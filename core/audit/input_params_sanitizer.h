#pragma once
// Turns a tool call's raw parameters into the `input_params` JSON of the audit row
// (DESIGN §3 "input_params safety rules"). Production audit databases are read by many
// people, so nothing that could be a credential or a pasted document may reach them:
// only top-level scalars and arrays of strings, every text cut to 160 characters,
// secret-named keys dropped whatever their spelling, credential-looking values masked
// (common/secret_policy.h).

#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace raglens {

class InputParamsSanitizer
{
public:
    static constexpr int kMaxTextChars = 160;
    static constexpr int kMaxArrayItems = 20;

    /// tool_call_id and request_bytes are always present; step_id only when known.
    /// The reserved keys override anything of the same name in `params`.
    static nlohmann::json sanitize(const nlohmann::json& params, const QString& toolCallId,
                                   qint64 requestBytes, std::optional<qint64> stepId = {});

    /// True when a key names a credential (secrets::isSecretKey, the shared policy).
    static bool isSecretKey(const QString& key);

    /// Cuts to at most kMaxTextChars UTF-16 units without splitting a surrogate pair.
    static QString cut(const QString& text, int maxChars = kMaxTextChars);
};

} // namespace raglens
