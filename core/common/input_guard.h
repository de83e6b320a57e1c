#pragma once
// The one gate for JSON from outside — files, database cells, HTTP bodies: size and nesting
// depth are checked on the text before any parser builds a value (a 100,000-level array
// would otherwise exhaust the stack in the recursive code that copies, compares and prints
// values), and every parser exception is caught. Bad input becomes a translated message;
// the caller keeps the raw text and carries on.

#include "common/error.h"

#include <QCoreApplication>
#include <QIODevice>

#include <nlohmann/json.hpp>

#include <string_view>

namespace raglens::input_guard {

/// What RagLens reads from outside, and no more (stated in the README's reliability section).
/// A trace file to import: real traces are a few hundred KB.
inline constexpr qint64 kMaxTraceFileBytes = 64LL * 1024 * 1024;
/// One JSON cell of an audit row (retrieval_details, input_params, event details): a larger
/// cell is flagged unread and only its first kMaxRawCellChars characters are kept to show.
inline constexpr qint64 kMaxCellBytes = 16LL * 1024 * 1024;
inline constexpr int kMaxRawCellChars = 1024 * 1024;
/// Retrieval attempts read per lookup (the tool makes at most three).
inline constexpr int kMaxAttempts = 1000;
/// Characters of a run's question read from a database (RagLens itself stores at most 1,000).
inline constexpr int kMaxQuestionChars = 4000;

/// An eval set, a baseline, a golden set or fixture, a query from stdin: a file that size
/// is not what the user meant (or /dev/zero); reading stops there.
inline constexpr qint64 kMaxInputFileBytes = 256LL * 1024 * 1024;

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

/// All of `device` (a file, stdin) up to `maxBytes`; more is refused with a message naming
/// `what`, never read into memory.
Expected<QByteArray> readAtMost(QIODevice& device, const QString& what,
                                qint64 maxBytes = kMaxInputFileBytes);

class InputGuard
{
    Q_DECLARE_TR_FUNCTIONS(InputGuard)
};

} // namespace raglens::input_guard
