#pragma once
// The Trace API's request parameters and error answers: unknown or repeated parameters are
// refused, integers are range-checked, and a database that cannot be read is the server's
// fault (500), with the details in the server's log only.

#include "serve/http_message.h"

#include <nlohmann/json.hpp>

#include <QByteArray>
#include <QStringList>

namespace raglens::serve {

/// JSON text; invalid UTF-8 read from a foreign database is replaced, never an abort.
QByteArray dumpJson(const nlohmann::json& j);

/// Unknown or repeated query parameters are errors: a misspelt `runid` silently ignored
/// would return a whole session where one run was asked for.
bool checkParams(const ParsedTarget& target, const QStringList& allowed, HttpResponse& error);

/// An integer parameter within [min, max]; `fallback` when absent.
bool intParam(const ParsedTarget& target, const QString& name, int min, int max, int fallback,
              int& out, HttpResponse& error);

/// The answer when `what` could not be read from the database.
HttpResponse readFailure(const QString& what, const QString& message);

} // namespace raglens::serve
