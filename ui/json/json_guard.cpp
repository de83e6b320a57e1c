#include "json/json_guard.h"

#include <QCoreApplication>

#include <vector>

namespace raglens::ui::json_guard {

using nlohmann::json;

int textDepth(std::string_view text)
{
    int depth = 0;
    int deepest = 0;
    bool inString = false;
    bool escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '[':
        case '{':
            deepest = std::max(deepest, ++depth);
            break;
        case ']':
        case '}':
            depth = std::max(0, depth - 1);
            break;
        default:
            break;
        }
    }
    return deepest;
}

int valueDepth(const json& value, int stopAbove)
{
    if (!value.is_structured())
        return 0;
    // Explicit stack of (container, depth): no recursion however deep the value is.
    std::vector<std::pair<const json*, int>> stack{{&value, 1}};
    int deepest = 0;
    while (!stack.empty()) {
        auto [node, depth] = stack.back();
        stack.pop_back();
        deepest = std::max(deepest, depth);
        if (deepest > stopAbove)
            return stopAbove + 1;
        for (const json& child : *node)
            if (child.is_structured() && !child.empty())
                stack.emplace_back(&child, depth + 1);
            else if (child.is_structured())
                deepest = std::max(deepest, depth + 1);
    }
    return deepest;
}

ParsedJson parse(const QString& text)
{
    ParsedJson out;
    const std::string utf8 = text.toStdString();
    out.depth = textDepth(utf8);
    if (out.depth > kMaxJsonDepth) {
        out.tooDeep = true;
        out.error = QCoreApplication::translate(
                        "JsonGuard", "The JSON is nested %1 levels deep, more than the %2 levels "
                                     "this viewer opens safely; only the raw text is shown.")
                        .arg(out.depth)
                        .arg(kMaxJsonDepth);
        return out;
    }
    try {
        out.value = json::parse(utf8);
    } catch (const json::parse_error& e) {
        out.value = nullptr;
        out.errorOffset = qint64(e.byte) - 1;
        QString what = QString::fromUtf8(e.what());
        // Drop nlohmann's "[json.exception.parse_error.101] " prefix: it means nothing to users.
        const int bracket = what.indexOf(QLatin1String("] "));
        if (what.startsWith(QLatin1Char('[')) && bracket > 0)
            what = what.mid(bracket + 2);
        out.error = QCoreApplication::translate("JsonGuard", "Malformed JSON: %1").arg(what);
    } catch (const json::exception& e) {
        out.value = nullptr;
        out.error = QCoreApplication::translate("JsonGuard", "Malformed JSON: %1")
                        .arg(QString::fromUtf8(e.what()));
    }
    return out;
}

QString prettyText(const json& value, int indent)
{
    if (valueDepth(value) > kMaxJsonDepth)
        return {};
    return QString::fromStdString(value.dump(indent, ' ', false, json::error_handler_t::replace));
}

QString compactText(const json& value)
{
    if (valueDepth(value) > kMaxJsonDepth)
        return {};
    return QString::fromStdString(value.dump(-1, ' ', false, json::error_handler_t::replace));
}

} // namespace raglens::ui::json_guard
