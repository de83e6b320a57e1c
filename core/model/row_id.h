#pragma once
// An id cell as the audit store holds it. Most stores key steps, calls and events by
// integers; some by text (UUIDs, 'inv-9f2c'). RagLens keys these rows by number everywhere
// (trees, timelines, the drill-down): a text id gets a stable negative handle and keeps its
// text, which JSON shows, windows print and SQL binds instead of the handle.

#include <nlohmann/json.hpp>

#include <QString>
#include <QVariant>

#include <optional>

namespace raglens::row_id {

/// The handle of a text id: negative, never 0, the same for the same text in every run.
qint64 handleOf(const QString& text);

/// Reads an id cell: an integer is that number (`text` cleared); text that is the plain
/// spelling of one ("860") is that number too, with the text kept in `text`, for the row is
/// found again only by its text where the store keeps each value's own type (an SQLite column
/// declared without one holds '860' and 860 as two different ids); other text ("call-860", a
/// UUID, and also "000860" or " 860", whose zeros and spaces a text column compares) is its
/// handle, with the text kept; NULL is no id.
std::optional<qint64> read(const QVariant& cell, QString* text);

/// Whether an id read by read() is a number (stored as one or as its plain spelling), not
/// the handle of a text id: a number a writer can put in an integer column.
bool isNumber(qint64 id, const QString& text);

/// The id as JSON shows it: the text when it has one, else the number, else null.
nlohmann::json toJson(std::optional<qint64> id, const QString& text);

/// Reads back what toJson() wrote (a number or a text id); absent or null is no id.
std::optional<qint64> fromJson(const nlohmann::json& object, const char* key, QString* text);

/// The stores' order of two ids, as SQLite's ORDER BY id: numbers first by value, then text
/// by its characters (a handle says nothing about order).
bool less(qint64 a, const QString& aText, qint64 b, const QString& bText);

/// What a query binds to find the row: the stored text, else the number.
QVariant bindable(qint64 id, const QString& text);

/// What a window prints: the stored text, else the number.
QString shown(qint64 id, const QString& text);

} // namespace raglens::row_id
