#include "common/input_guard.h"

#include <QStringList>

#include <cmath>
#include <cstdlib>
#include <string>
#include <unordered_set>
#include <vector>

namespace raglens::input_guard {

int textDepth(std::string_view text, int stopAt)
{
    int depth = 0;
    int deepest = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i; // the escaped character cannot end the string
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
            if (deepest > stopAt)
                return deepest;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

namespace {

// Number tokens (outside strings) that no double can hold, replaced by null: SQLite and the
// servers read such a document as valid JSON, so rejecting it whole would make the row
// mean something different in C++ than in the SQL filters.
std::string nullOverflowingNumbers(std::string_view text, int& replaced)
{
    std::string out;
    out.reserve(text.size());
    bool inString = false;
    for (size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size())
                out += text[++i];
            else if (c == '"')
                inString = false;
            ++i;
            continue;
        }
        if (c == '"') {
            inString = true;
            out += c;
            ++i;
            continue;
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            size_t end = i + 1;
            while (end < text.size() &&
                   (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.' ||
                    text[end] == 'e' || text[end] == 'E' || text[end] == '+' || text[end] == '-'))
                ++end;
            const std::string token(text.substr(i, end - i));
            const double value = std::strtod(token.c_str(), nullptr);
            if (std::isfinite(value)) {
                out += token;
            } else {
                out += "null";
                ++replaced;
            }
            i = end;
            continue;
        }
        out += c;
        ++i;
    }
    return out;
}

// A \uD800-\uDFFF escape that is not half of a pair, replaced by \uFFFD: SQLite reads such a
// document as valid JSON (3.40's json_valid() does not pair escapes) and nlohmann refuses
// it, so the row would be malformed in the trace and a NO_EVIDENCE lookup in every filter.
std::string replaceLoneSurrogates(std::string_view text, int& replaced)
{
    const auto unit = [&text](size_t at) -> int { // the \uXXXX escape at `at`, or -1
        if (at + 6 > text.size() || text[at] != '\\' || text[at + 1] != 'u')
            return -1;
        int v = 0;
        for (size_t k = at + 2; k < at + 6; ++k) {
            const char c = text[k];
            const int d = c >= '0' && c <= '9'   ? c - '0'
                          : c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : -1;
            if (d < 0)
                return -1;
            v = v * 16 + d;
        }
        return v;
    };
    const auto isHigh = [](int u) { return u >= 0xD800 && u <= 0xDBFF; };
    const auto isLow = [](int u) { return u >= 0xDC00 && u <= 0xDFFF; };
    std::string out;
    out.reserve(text.size());
    bool inString = false;
    for (size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (!inString || c != '\\') {
            if (c == '"')
                inString = !inString;
            out += c;
            ++i;
            continue;
        }
        const int u = unit(i);
        if (u < 0) { // another escape: it and the character it escapes
            out.append(text.substr(i, std::min<size_t>(2, text.size() - i)));
            i += 2;
            continue;
        }
        if (isHigh(u) && isLow(unit(i + 6))) {
            out.append(text.substr(i, 12));
            i += 12;
            continue;
        }
        if (isHigh(u) || isLow(u)) {
            out += "\\ufffd";
            ++replaced;
        } else {
            out.append(text.substr(i, 6));
        }
        i += 6;
    }
    return out;
}

/// Parses `text` keeping the first of a key repeated in one object, as SQLite's and
/// MariaDB's JSON functions read it (nlohmann keeps the last): otherwise a call with two
/// "evidence_status" keys would be one thing in the trace and another in every filter.
/// `repeated` counts the keys dropped.
template <typename Text> nlohmann::json parseFirstKeyWins(const Text& text, int& repeated)
{
    // The keys seen so far in the open object at each depth. An object's start clears its
    // level, so siblings and discarded values (whose ends are not reported) leave nothing.
    std::vector<std::unordered_set<std::string>> seen;
    const auto keep = [&seen, &repeated](int depth, nlohmann::json::parse_event_t event,
                                         nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        const size_t level = size_t(depth);
        if (event == Event::object_start) {
            if (seen.size() < level + 2)
                seen.resize(level + 2);
            seen[level + 1].clear();
        } else if (event == Event::key && level < seen.size()) {
            if (!seen[level].insert(parsed.get<std::string>()).second) {
                ++repeated;
                return false;
            }
        }
        return true;
    };
    return nlohmann::json::parse(text.begin(), text.end(), keep);
}

} // namespace

Expected<nlohmann::json> parseJson(std::string_view text, const JsonLimits& limits, QString* note)
{
    if (qint64(text.size()) > limits.maxBytes)
        return Error{InputGuard::tr("the JSON is %1 bytes, more than the %2 bytes RagLens reads")
                         .arg(qint64(text.size()))
                         .arg(limits.maxBytes)};
    if (textDepth(text, limits.maxDepth) > limits.maxDepth)
        return Error{
            InputGuard::tr("the JSON is nested more than %1 levels deep").arg(limits.maxDepth)};
    int repeated = 0;
    const auto noteRepeated = [&repeated, note] {
        if (note && repeated > 0)
            *note = InputGuard::tr("%n key(s) repeated in one object: the first is read, as "
                                   "SQLite and MariaDB read it",
                                   nullptr, repeated);
    };
    // Two repairs, each made once when the parser meets what it needs (in either order):
    // numbers no double holds read as null, and lone surrogate escapes as U+FFFD, as the SQL
    // engines read such documents.
    std::string repairedText;
    std::string_view current = text;
    int overflowing = 0, surrogates = 0;
    bool numbersDone = false, surrogatesDone = false;
    while (true) {
        try {
            repeated = 0;
            nlohmann::json value = parseFirstKeyWins(current, repeated);
            noteRepeated();
            if (note) {
                QStringList said;
                if (overflowing > 0)
                    said << InputGuard::tr("%n number(s) too large for a double read as null",
                                           nullptr, overflowing);
                if (surrogates > 0)
                    said << InputGuard::tr("%n lone surrogate escape(s) read as U+FFFD", nullptr,
                                           surrogates);
                if (!note->isEmpty())
                    said << *note;
                *note = said.join(QStringLiteral("; "));
            }
            return value;
        } catch (const nlohmann::json::exception& e) {
            const bool outOfRange = dynamic_cast<const nlohmann::json::out_of_range*>(&e);
            int fixed = 0;
            std::string next;
            if (outOfRange && !numbersDone) {
                numbersDone = true;
                next = nullOverflowingNumbers(current, fixed);
                overflowing = fixed;
            } else if (!outOfRange && !surrogatesDone) {
                surrogatesDone = true;
                next = replaceLoneSurrogates(current, fixed);
                surrogates = fixed;
            }
            if (fixed == 0) {
                // "[json.exception.parse_error.101] parse error at …": the bracketed id
                // helps nobody.
                QString what = QString::fromUtf8(e.what());
                if (what.startsWith(QLatin1Char('[')) && what.indexOf(QLatin1String("] ")) > 0)
                    what = what.mid(what.indexOf(QLatin1String("] ")) + 2);
                return Error{InputGuard::tr("malformed JSON: %1").arg(what)};
            }
            repairedText = std::move(next);
            current = repairedText;
        }
    }
}

Expected<QByteArray> readAtMost(QIODevice& device, const QString& what, qint64 maxBytes)
{
    QByteArray bytes;
    constexpr qint64 kPart = 1 << 20;
    while (true) {
        // The counted read: -1 is an error (a folder, a device gone), which a QByteArray
        // read would return as an empty part and so as the end of a shorter input.
        const qint64 want = qMin(kPart, maxBytes + 1 - bytes.size());
        const qsizetype had = bytes.size();
        bytes.resize(had + want);
        const qint64 got = device.read(bytes.data() + had, want);
        bytes.resize(had + qMax<qint64>(got, 0));
        if (got < 0)
            return Error{
                InputGuard::tr("%1 could not be read: %2").arg(what, device.errorString())};
        if (got == 0)
            break;
        if (bytes.size() > maxBytes)
            return Error{InputGuard::tr("%1 is larger than the %2 MB RagLens reads")
                             .arg(what)
                             .arg(maxBytes / (1024 * 1024))};
    }
    return bytes;
}

} // namespace raglens::input_guard
