#pragma once
// Token counts for recorded runs when no model reports them: a documented estimate
// (about four characters per token for Latin text, one token per CJK character), the
// same on every machine so scripted demo runs are reproducible.

#include <QString>

#include <nlohmann/json.hpp>

namespace raglens {

qint64 estimateTokens(const QString& text);
qint64 estimateTokens(const nlohmann::json& j);

} // namespace raglens
