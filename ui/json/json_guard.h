#pragma once
// Safe handling of JSON we did not write. nlohmann parses and destroys deep documents
// without recursion, but copying, comparing and dumping recurse once per nesting level and
// overflow the stack somewhere past ~20,000 levels (about 10,000 with AddressSanitizer's
// larger frames). Every view therefore measures depth first (without recursion) and refuses
// documents nested deeper than kMaxJsonDepth: the core input guard's limit, so a view and the
// reader of a database row call the same documents too deep.

#include "common/input_guard.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <string_view>

namespace raglens::ui::json_guard {

inline constexpr int kMaxJsonDepth = input_guard::JsonLimits{}.maxDepth;

/// Deepest bracket nesting of raw JSON text, ignoring brackets inside strings.
int textDepth(std::string_view text);

/// Nesting depth of a parsed value (a scalar is 0, [] is 1), computed iteratively; stops
/// early and returns stopAbove + 1 once the depth exceeds stopAbove.
int valueDepth(const nlohmann::json& value, int stopAbove = kMaxJsonDepth);

struct ParsedJson
{
    nlohmann::json value;    ///< discarded (null) when error is set
    QString error;           ///< translated message; empty when the text parsed
    qint64 errorOffset = -1; ///< byte offset of a syntax error, -1 otherwise
    int depth = 0;
    bool tooDeep = false;
};

/// Parses text with the depth guard; never throws.
ParsedJson parse(const QString& text);

/// Pretty text of a value, or an empty string when it is too deep to print safely.
QString prettyText(const nlohmann::json& value, int indent = 2);

/// Compact text of a value, or an empty string when it is too deep to print safely.
QString compactText(const nlohmann::json& value);

} // namespace raglens::ui::json_guard
