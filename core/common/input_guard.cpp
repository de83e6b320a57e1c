#include "common/input_guard.h"

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
    try {
        nlohmann::json value = parseFirstKeyWins(text, repeated);
        noteRepeated();
        return value;
    } catch (const nlohmann::json::out_of_range& e) {
        int replaced = 0;
        const std::string finite = nullOverflowingNumbers(text, replaced);
        try {
            if (replaced > 0) {
                repeated = 0;
                nlohmann::json value = parseFirstKeyWins(finite, repeated);
                noteRepeated();
                if (note) {
                    const QString numbers = InputGuard::tr(
                        "%n number(s) too large for a double read as null", nullptr, replaced);
                    *note = note->isEmpty() ? numbers : numbers + QStringLiteral("; ") + *note;
                }
                return value;
            }
        } catch (const nlohmann::json::exception&) {
        }
        return Error{InputGuard::tr("malformed JSON: %1").arg(QString::fromUtf8(e.what()))};
    } catch (const nlohmann::json::exception& e) {
        // parse_error, and out_of_range for numbers no double can hold.
        // "[json.exception.parse_error.101] parse error at …": the bracketed id helps nobody.
        QString what = QString::fromUtf8(e.what());
        if (what.startsWith(QLatin1Char('[')) && what.indexOf(QLatin1String("] ")) > 0)
            what = what.mid(what.indexOf(QLatin1String("] ")) + 2);
        return Error{InputGuard::tr("malformed JSON: %1").arg(what)};
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
