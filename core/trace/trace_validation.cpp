#include "trace/trace_validation.h"

#include "common/json_qt.h"
#include "db/sql_dialect.h"
#include "model/diagnosis_trace.h"
#include "model/row_id.h"

#include <QSet>

namespace raglens {

using nlohmann::json;

namespace {

/// The cell tests of import, each on a value present and not null.
bool badTime(const json& v)
{
    return !v.is_string() ||
           !json_util::parseIsoUtc(QString::fromStdString(v.get<std::string>())).isValid();
}

/// A count or index: a whole number from 0 that T holds.
template <typename T> bool badCount(const json& v)
{
    return !v.is_number_integer() || !json_util::numberFits<T>(v) ||
           (!v.is_number_unsigned() && v.get<qint64>() < 0);
}

/// The row reader's own reading (cell_domain), so whatever a trace prints it reads back.
bool badDuration(const json& v)
{
    return !v.is_number() || v.get<double>() < 0 ||
           v.get<double>() > double(cell_domain::kMaxDurationMs);
}

const json* field(const json& o, const char* key)
{
    if (!o.is_object())
        return nullptr;
    const auto it = o.find(key);
    return it == o.end() || it->is_null() ? nullptr : &*it;
}

class Checker
{
public:
    QStringList problems;

    void time(const json& o, const char* key, const QString& path)
    {
        if (const json* v = field(o, key); v && badTime(*v))
            add(path, key, TraceValidation::tr("not a time (expected ISO 8601 UTC)"));
    }

    void id(const json& o, const char* key, const QString& path)
    {
        // A whole number, or the text of a store that keys its rows by text: what row_id reads.
        if (field(o, key) && !row_id::fromJson(o, key, nullptr))
            add(path, key, TraceValidation::tr("not a whole number or a text id"));
    }

    /// A step reference: a whole number, or the text id of one of the trace's steps (a text
    /// naming none has no row to point to once imported, where numbers are given anew).
    void stepRef(const json& o, const char* key, const QSet<QString>& textSteps,
                 const QString& path)
    {
        const json* v = field(o, key);
        if (v && v->is_string()) {
            const QString text = QString::fromStdString(v->get<std::string>());
            if (!textSteps.contains(text))
                add(path, key, TraceValidation::tr("'%1' is not a step of the trace").arg(text));
            return;
        }
        id(o, key, path);
    }

    template <typename T> void count(const json& o, const char* key, const QString& path)
    {
        if (const json* v = field(o, key); v && badCount<T>(*v))
            add(path, key, TraceValidation::tr("not a count (a whole number from 0)"));
    }

    void duration(const json& o, const char* key, const QString& path)
    {
        if (const json* v = field(o, key); v && badDuration(*v))
            add(path, key, TraceValidation::tr("not a duration in milliseconds"));
    }

    void belongs(const json& o, const char* key, const QSet<QString>& allowed, const QString& path,
                 const QString& what)
    {
        const json* v = field(o, key);
        if (!v)
            return;
        const QString value =
            v->is_string() ? QString::fromStdString(v->get<std::string>()) : QString();
        if (!allowed.contains(value))
            add(path, key, TraceValidation::tr("'%1' is not %2").arg(value, what));
    }

private:
    void add(const QString& path, const char* key, const QString& what)
    {
        problems << QStringLiteral("%1.%2: %3").arg(path, QString::fromLatin1(key), what);
    }
};

const json& list(const json& trace, const char* key)
{
    static const json empty = json::array();
    const auto it = trace.find(key);
    return it != trace.end() && it->is_array() ? *it : empty;
}

/// "createdAt" -> "created_at", "l0MatchCount" -> "l0_match_count": the column a field is
/// read from, the name a row's unread cells are kept under.
std::string columnOf(const char* fieldName)
{
    std::string out;
    for (const char* c = fieldName; *c; ++c) {
        if (*c >= 'A' && *c <= 'Z') {
            out += '_';
            out += char(*c - 'A' + 'a');
        } else {
            out += *c;
        }
    }
    return out;
}

/// A served time as a database cell holding it is read (SqlDialect::time(): epoch numbers,
/// zone offsets, either separator), in the trace's ISO UTC form; null when none reads it.
json cellTime(const json& v)
{
    QVariant cell;
    if (v.is_string())
        cell = QString::fromStdString(v.get<std::string>());
    else if (v.is_number_integer() && !v.is_number_unsigned())
        cell = v.get<qint64>();
    else if (v.is_number())
        cell = v.get<double>();
    const QDateTime t = SqlDialect::time(cell);
    return t.isValid() ? json(json_util::isoUtc(t).toStdString()) : json(nullptr);
}

/// Moves the cells of one row that `bad` refuses to the row's `unreadKey` object.
class CellKeeper
{
public:
    int moved = 0;

    /// A time: read as a database cell is, else kept unread.
    void keepTime(json& row, const char* key, const char* unreadKey)
    {
        const json* v = field(row, key);
        if (!v || !badTime(*v))
            return;
        if (json read = cellTime(*v); !read.is_null()) {
            row[key] = std::move(read);
            return;
        }
        moveToUnread(row, key, *v, unreadKey);
    }

    void keep(json& row, const char* key, bool (*bad)(const json&), const char* unreadKey)
    {
        if (const json* v = field(row, key); v && bad(*v))
            moveToUnread(row, key, *v, unreadKey);
    }

private:
    /// `value` is row[key]: its text kept under the row's `unreadKey`, the field null.
    void moveToUnread(json& row, const char* key, const json& value, const char* unreadKey)
    {
        std::string text = value.is_string() ? value.get<std::string>() : value.dump();
        json& unread = row[unreadKey];
        if (!unread.is_object())
            unread = json::object();
        unread[columnOf(key)] = std::move(text);
        row[key] = nullptr;
        ++moved;
    }
};

json* mutableList(json& trace, const char* key)
{
    const auto it = trace.find(key);
    return it != trace.end() && it->is_array() ? &*it : nullptr;
}

} // namespace

int keepUnreadCells(json& trace)
{
    if (!trace.is_object())
        return 0;
    CellKeeper k;
    const auto each = [&trace](const char* key, const auto& visit) {
        if (json* rows = mutableList(trace, key))
            for (json& row : *rows)
                if (row.is_object())
                    visit(row);
    };
    each("runs", [&k](json& r) {
        k.keepTime(r, "startedAt", "unreadTimes");
        k.keepTime(r, "finishedAt", "unreadTimes");
        k.keep(r, "toolCallCount", badCount<int>, "unreadNumbers");
        k.keep(r, "totalTokenCount", badCount<qint64>, "unreadNumbers");
    });
    each("steps", [&k](json& s) {
        k.keep(s, "stepIndex", badCount<int>, "unreadNumbers");
        k.keep(s, "tokenCount", badCount<qint64>, "unreadNumbers");
        k.keepTime(s, "startedAt", "unreadTimes");
        k.keepTime(s, "finishedAt", "unreadTimes");
    });
    each("toolInvocations", [&k](json& inv) {
        k.keep(inv, "durationMs", badDuration, "unreadNumbers");
        k.keep(inv, "l0MatchCount", badCount<int>, "unreadNumbers");
        k.keep(inv, "l1MatchCount", badCount<int>, "unreadNumbers");
        k.keepTime(inv, "createdAt", "unreadTimes");
    });
    // Events and feedback keep no unread cells: a time they cannot read is none.
    for (const char* key : {"timeline", "feedback"})
        each(key, [&k](json& row) {
            if (const json* v = field(row, "createdAt"); v && badTime(*v)) {
                row["createdAt"] = cellTime(*v);
                ++k.moved;
            }
        });
    return k.moved;
}

QStringList traceProblems(const json& trace)
{
    Checker c;
    if (!trace.is_object())
        return {TraceValidation::tr("the trace is not a JSON object")};
    const QString session = json_util::value<QString>(trace, "sessionId");
    const QSet<QString> sessions = {session};
    QSet<QString> runs;
    int i = 0;
    for (const json& r : list(trace, "runs")) {
        const QString path = QStringLiteral("runs[%1]").arg(i++);
        c.belongs(r, "sessionId", sessions, path, TraceValidation::tr("the trace's session"));
        c.time(r, "startedAt", path);
        c.time(r, "finishedAt", path);
        c.count<int>(r, "toolCallCount", path);
        c.count<qint64>(r, "totalTokenCount", path);
        runs.insert(json_util::value<QString>(r, "runId"));
    }
    i = 0;
    QSet<QString> textSteps;
    for (const json& s : list(trace, "steps")) {
        const QString path = QStringLiteral("steps[%1]").arg(i++);
        c.id(s, "id", path);
        if (s.is_object() && s.contains("id") && s.at("id").is_string())
            textSteps.insert(QString::fromStdString(s.at("id").get<std::string>()));
        c.belongs(s, "runId", runs, path, TraceValidation::tr("a run of the trace"));
        c.count<int>(s, "stepIndex", path);
        c.count<qint64>(s, "tokenCount", path);
        c.time(s, "startedAt", path);
        c.time(s, "finishedAt", path);
    }
    i = 0;
    for (const json& inv : list(trace, "toolInvocations")) {
        const QString path = QStringLiteral("toolInvocations[%1]").arg(i++);
        c.id(inv, "id", path);
        c.stepRef(inv, "stepId", textSteps, path);
        c.belongs(inv, "runId", runs, path, TraceValidation::tr("a run of the trace"));
        // A call of one of the trace's runs may name another session: the run's session is
        // the one it is shown under (and `check` names the disagreement). Only a call without
        // a run belongs to the trace by its own session.
        if (json_util::value<QString>(inv, "runId").isEmpty())
            c.belongs(inv, "sessionId", sessions, path, TraceValidation::tr("the trace's session"));
        c.duration(inv, "durationMs", path);
        c.count<int>(inv, "l0MatchCount", path);
        c.count<int>(inv, "l1MatchCount", path);
        c.time(inv, "createdAt", path);
    }
    i = 0;
    for (const json& e : list(trace, "timeline")) {
        const QString path = QStringLiteral("timeline[%1]").arg(i++);
        c.id(e, "id", path);
        c.stepRef(e, "stepId", textSteps, path);
        c.time(e, "createdAt", path);
    }
    i = 0;
    for (const json& f : list(trace, "feedback")) {
        const QString path = QStringLiteral("feedback[%1]").arg(i++);
        c.belongs(f, "runId", runs, path, TraceValidation::tr("a run of the trace"));
        c.time(f, "createdAt", path);
    }
    return c.problems;
}

} // namespace raglens
