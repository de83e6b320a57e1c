#pragma once
// Lets nlohmann::json read and write Qt strings, so value types can keep QString
// fields and still have to_json/from_json next to them.

#include <QDateTime>
#include <QString>
#include <QStringDecoder>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

namespace raglens::json_util {
/// UTF-8 text as a QString with a leading byte-order mark kept: QString::fromUtf8() drops it,
/// and a cell that begins with one reads otherwise (as malformed JSON) than one that does not.
inline QString fromUtf8Kept(const std::string& s)
{
    if (s.size() >= 3 && s.compare(0, 3, "\xEF\xBB\xBF") == 0) {
        QStringDecoder decode(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom);
        return decode(QByteArrayView(s.data(), qsizetype(s.size())));
    }
    return QString::fromStdString(s);
}
} // namespace raglens::json_util

namespace nlohmann {
template <> struct adl_serializer<QString>
{
    static void to_json(json& j, const QString& s) { j = s.toStdString(); }
    static void from_json(const json& j, QString& s)
    {
        s = j.is_null() ? QString() : raglens::json_util::fromUtf8Kept(j.get<std::string>());
    }
};

template <> struct adl_serializer<QStringList>
{
    static void to_json(json& j, const QStringList& list)
    {
        j = json::array();
        for (const QString& s : list)
            j.push_back(s.toStdString());
    }
    static void from_json(const json& j, QStringList& list)
    {
        list.clear();
        if (!j.is_array())
            return;
        for (const json& item : j)
            if (item.is_string())
                list.append(raglens::json_util::fromUtf8Kept(item.get<std::string>()));
    }
};
} // namespace nlohmann

namespace raglens::json_util {

using json = nlohmann::json;

/// Empty QString becomes JSON null: the audit contract uses null for "not set".
inline json stringOrNull(const QString& s)
{
    return s.isEmpty() ? json(nullptr) : json(s.toStdString());
}

template <typename T> json optionalOrNull(const std::optional<T>& v)
{
    return v ? json(*v) : json(nullptr);
}

/// True when `v` is a number that T holds exactly in range. nlohmann converts 1e31 to an
/// integer with a plain cast, which is undefined behaviour, so integers are checked first.
template <typename T> bool numberFits(const json& v)
{
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        using L = std::numeric_limits<T>;
        if (v.is_number_float()) {
            const double d = v.get<double>();
            // 2^digits is exact as a double; every T lies in [-2^digits, 2^digits).
            const double bound = std::ldexp(1.0, L::digits);
            return std::isfinite(d) && d < bound && d >= (L::is_signed ? -bound : 0.0);
        }
        if (v.is_number_unsigned())
            return v.get<std::uint64_t>() <= std::uint64_t(L::max());
        if (v.is_number_integer()) {
            const std::int64_t x = v.get<std::int64_t>();
            return x >= std::int64_t(L::min()) &&
                   (x < 0 || std::uint64_t(x) <= std::uint64_t(L::max()));
        }
    }
    return true;
}

/// Reads key as T when present and of a compatible type; otherwise returns fallback.
/// Used everywhere input comes from a file or a database we do not trust.
template <typename T> T value(const json& j, const char* key, T fallback = T{})
{
    if (!j.is_object())
        return fallback;
    auto it = j.find(key);
    if (it == j.end() || it->is_null() || !numberFits<T>(*it))
        return fallback;
    try {
        return it->get<T>();
    } catch (const json::exception&) {
        return fallback;
    }
}

template <typename T> std::optional<T> optionalValue(const json& j, const char* key)
{
    if (!j.is_object())
        return std::nullopt;
    auto it = j.find(key);
    if (it == j.end() || it->is_null() || !numberFits<T>(*it))
        return std::nullopt;
    try {
        return it->get<T>();
    } catch (const json::exception&) {
        return std::nullopt;
    }
}

/// ISO 8601 UTC with milliseconds, the format of every time RagLens writes.
inline QString isoUtc(const QDateTime& t)
{
    return t.isValid() ? t.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ")) : QString();
}

/// The common shapes, read by hand: "yyyy-MM-ddTHH:mm:ss[.zzz][Z]", 'T' or ' ' between date
/// and time, no zone meaning UTC. Invalid when `s` has another shape (then Qt's parser
/// decides). Audit reads parse millions of these; QDateTime::fromString is the slow part.
inline QDateTime parseCommonUtc(const QString& s)
{
    const qsizetype n = s.size();
    const bool zulu = n > 0 && s.at(n - 1) == QLatin1Char('Z');
    const qsizetype body = zulu ? n - 1 : n;
    if (body != 19 && body != 23)
        return {};
    int digits[17];
    int k = 0;
    // positions of the fixed separators in "yyyy-MM-ddTHH:mm:ss.zzz"
    for (qsizetype i = 0; i < body; ++i) {
        const char16_t c = s.at(i).unicode();
        switch (i) {
        case 4:
        case 7:
            if (c != u'-')
                return {};
            continue;
        case 10:
            if (c != u'T' && c != u' ')
                return {};
            continue;
        case 13:
        case 16:
            if (c != u':')
                return {};
            continue;
        case 19:
            if (c != u'.')
                return {};
            continue;
        default:
            if (c < u'0' || c > u'9')
                return {};
            digits[k++] = c - u'0';
        }
    }
    const auto num = [&digits](int from, int count) {
        int v = 0;
        for (int i = 0; i < count; ++i)
            v = v * 10 + digits[from + i];
        return v;
    };
    const QDate date(num(0, 4), num(4, 2), num(6, 2));
    const QTime time(num(8, 2), num(10, 2), num(12, 2), body == 23 ? num(14, 3) : 0);
    if (!date.isValid() || !time.isValid())
        return {};
    return QDateTime(date, time, Qt::UTC);
}

inline QDateTime parseIsoUtc(const QString& s)
{
    if (s.isEmpty())
        return {};
    if (QDateTime common = parseCommonUtc(s); common.isValid())
        return common;
    QDateTime t = QDateTime::fromString(s, Qt::ISODateWithMs);
    if (!t.isValid()) // SQL servers hand back "yyyy-MM-dd HH:mm:ss.zzz" without a zone
        t = QDateTime::fromString(s, QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
    if (!t.isValid())
        t = QDateTime::fromString(s, QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    if (t.isValid() && t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC);
    return t.toUTC();
}

/// A JSON array of every item, each through its to_json.
template <typename T> json arrayOf(const std::vector<T>& items)
{
    json a = json::array();
    for (const T& item : items)
        a.push_back(item);
    return a;
}

/// The items of j[key] through their from_json; empty when the key is missing or no array.
template <typename T> std::vector<T> vectorOf(const json& j, const char* key)
{
    std::vector<T> out;
    if (!j.is_object())
        return out;
    auto it = j.find(key);
    if (it == j.end() || !it->is_array())
        return out;
    for (const json& item : *it)
        out.push_back(item.get<T>());
    return out;
}

inline json timeOrNull(const QDateTime& t)
{
    return t.isValid() ? json(isoUtc(t).toStdString()) : json(nullptr);
}

} // namespace raglens::json_util
