#pragma once
// Small pieces of HTML for the report, every value escaped: an audit row may hold any text
// (a question with "<script>", an id with quotes), and the report must show it, not run it.

#include <QString>

#include <optional>

namespace raglens::report {

/// Text for an HTML element or a double-quoted attribute (& < > " escaped).
QString esc(const QString& text);
/// <tag class="cls">escaped text</tag>; no class attribute when `cls` is empty.
QString element(const QString& tag, const QString& text, const QString& cls = {});
/// A coloured badge: `tone` is one of good, warn, bad, info, plain.
QString badge(const QString& text, const QString& tone);
/// The badge tone of a release outcome, evidence status or relevance level.
QString toneOf(const QString& word);
/// A number with `decimals` places, or "—" when there is none.
QString number(std::optional<double> value, int decimals);
QString count(std::optional<int> value);

} // namespace raglens::report
