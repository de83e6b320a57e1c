#pragma once
// Runs a prepared INSERT and hands back the new row's id on every dialect: SQLite and
// MySQL report it through lastInsertId(), PostgreSQL needs RETURNING id.

#include "common/error.h"

#include <QSqlDatabase>
#include <QVariantList>

#include <optional>

namespace raglens {

/// `sql` is an INSERT without a RETURNING clause; values are bound in order.
Expected<qint64> insertReturningId(QSqlDatabase& db, const QString& sql,
                                   const QVariantList& values);

/// Runs a statement with bound values; returns the number of affected rows.
Expected<int> execBound(QSqlDatabase& db, const QString& sql, const QVariantList& values);

/// A NULL of the right type for optional values.
QVariant nullableId(const std::optional<qint64>& v);
QVariant nullableText(const QString& s);

} // namespace raglens
