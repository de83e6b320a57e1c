#pragma once
// Shared by the fuzz targets: the raw input as the views the parsers take.

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace raglens::fuzz {

inline QByteArray bytes(const uint8_t* data, size_t size)
{
    return QByteArray(reinterpret_cast<const char*>(data), qsizetype(size));
}

inline std::string_view view(const uint8_t* data, size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

/// Text as Qt reads files: invalid UTF-8 becomes replacement characters.
inline QString text(const uint8_t* data, size_t size)
{
    return QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
}

} // namespace raglens::fuzz
