#include "facts/facts_functions.h"

#include <QSqlDriver>

#include <cstring>

#include <sqlite3.h>

namespace raglens::facts_store {

namespace {

void bitOrStep(sqlite3_context* context, int, sqlite3_value** values)
{
    auto* acc =
        static_cast<sqlite3_int64*>(sqlite3_aggregate_context(context, sizeof(sqlite3_int64)));
    if (!acc) {
        sqlite3_result_error_nomem(context);
        return;
    }
    if (sqlite3_value_type(values[0]) != SQLITE_NULL)
        *acc |= sqlite3_value_int64(values[0]);
}

void bitOrFinal(sqlite3_context* context)
{
    // No row reached the step: no context was allocated (a zero size only looks it up).
    auto* acc = static_cast<sqlite3_int64*>(sqlite3_aggregate_context(context, 0));
    sqlite3_result_int64(context, acc ? *acc : 0);
}

} // namespace

bool registerFunctions(QSqlDatabase& db)
{
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || std::strcmp(handle.typeName(), "sqlite3*") != 0)
        return false;
    sqlite3* connection = *static_cast<sqlite3* const*>(handle.constData());
    if (!connection)
        return false;
    return sqlite3_create_function_v2(connection, "raglens_bit_or", 1,
                                      SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                      nullptr, nullptr, bitOrStep, bitOrFinal,
                                      nullptr) == SQLITE_OK;
}

} // namespace raglens::facts_store
