#pragma once
// The one gate for JSON from outside — files, database cells, HTTP bodies: size and nesting
// depth are checked on the text before any parser builds a value (a 100,000-level array
// would otherwise exhaust the stack in the recursive code that copies, compares and prints
// values), and every parser exception is caught. Bad input becomes a translated message;
// the caller keeps the raw text and carries on.

#include "common/error.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <string_view>

namespace raglens::input_guard {

struct JsonLimits
{
    /// Arrays/objects nested deeper are refused: SQLite's JSON functions (3.40) stop at 2000
    /// so the SQL filters and the C++ reading call the same rows malformed.
    int maxDepth = 2000;
    qint64 maxBytes = 256LL * 1024 * 1024; ///< larger text is refused unread
};

/// Nesting depth of JSON text, scanned without parsing (strings and escapes skipped);
/// stops counting once `stopAt` is exceeded and returns that.
int textDepth(std::string_view text, int stopAt);

/// Parses JSON text from outside. Never throws. Numbers too large for a double are read
/// as null (as the SQL engines read the document as valid) and `note` says so.
Expected<nlohmann::json> parseJson(std::string_view text, const JsonLimits& limits = {},
                                   QString* note = nullptr);

class InputGuard
{
    Q_DECLARE_TR_FUNCTIONS(InputGuard)
};

} // namespace raglens::input_guard
