#include "serve/trace_api_params.h"

#include "common/logging.h"

namespace raglens::serve {

using nlohmann::json;

QByteArray dumpJson(const json& j)
{
    // Invalid UTF-8 read from a foreign database must not abort the dump (as in the CLI).
    return QByteArray::fromStdString(j.dump(-1, ' ', false, json::error_handler_t::replace));
}

bool checkParams(const ParsedTarget& target, const QStringList& allowed, HttpResponse& error)
{
    if (!target.repeatedKeys.isEmpty()) {
        error = HttpResponse::error(400, QStringLiteral("parameter '%1' is given more than once")
                                             .arg(target.repeatedKeys.first()));
        return false;
    }
    for (auto it = target.query.cbegin(); it != target.query.cend(); ++it) {
        if (!allowed.contains(it.key())) {
            error = HttpResponse::error(
                400, QStringLiteral("unknown parameter '%1' (this endpoint takes: %2)")
                         .arg(it.key(), allowed.isEmpty() ? QStringLiteral("none")
                                                          : allowed.join(QStringLiteral(", "))));
            return false;
        }
    }
    return true;
}

bool intParam(const ParsedTarget& target, const QString& name, int min, int max, int fallback,
              int& out, HttpResponse& error)
{
    out = fallback;
    if (!target.query.contains(name))
        return true;
    bool ok = false;
    const QString text = target.query.value(name);
    const qlonglong v = text.toLongLong(&ok);
    if (!ok || v < min || v > max) {
        error = HttpResponse::error(
            400, QStringLiteral("%1 must be a whole number from %2 to %3, not '%4'")
                     .arg(name)
                     .arg(min)
                     .arg(max)
                     .arg(text.left(40)));
        return false;
    }
    out = int(v);
    return true;
}

HttpResponse readFailure(const QString& what, const QString& message)
{
    // The database could not be read: the server's fault, never the client's input. The
    // details (a file path, user@host) go to the server's log, not to whoever asked.
    qCWarning(lcTrace) << "Trace API:" << what << "could not be read:" << message;
    return HttpResponse::error(
        500, QStringLiteral("%1 could not be read from the database; the server's log says why")
                 .arg(what));
}

} // namespace raglens::serve
