#pragma once
// Reading one field of a JSON object written by someone else: absent, null and wrong types
// are answers, never exceptions.

#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace raglens::check {

/// An integer, also when written as a string of digits ("962").
inline std::optional<qint64> integerField(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return std::nullopt;
    const auto it = object.find(key);
    if (it == object.end())
        return std::nullopt;
    if (it->is_number_integer() || it->is_number_unsigned())
        return it->get<qint64>();
    if (it->is_string()) {
        bool ok = false;
        const qint64 n = QString::fromStdString(it->get<std::string>()).toLongLong(&ok);
        if (ok)
            return n;
    }
    return std::nullopt;
}

/// A string; empty when absent or not a string.
inline QString textField(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return {};
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>());
}

} // namespace raglens::check
