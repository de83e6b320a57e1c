#pragma once
// The session tree's default column widths, sized from what each column can show in the
// current font and language, and the width the reading columns need together.

#include <QMap>

class QAbstractItemModel;
class QFontMetrics;

namespace raglens::ui {

/// Default width of every column of SessionTreeModel: a badge column (outcome, evidence,
/// selected attempt, relevance) fits the longest word of the audit vocabulary it shows and
/// its header; the name column a session id with its user; the others their usual values.
/// `model` gives the header titles (a SessionTreeModel, or a proxy of one).
QMap<int, int> defaultSessionColumnWidths(const QAbstractItemModel& model,
                                          const QFontMetrics& cells, const QFontMetrics& header);

/// What the tree needs to show the name and the three columns that say what happened
/// (outcome, evidence, selected attempt) side by side, without its frame and scroll bar.
int sessionReadingWidth(const QMap<int, int>& widths);

/// The tree's first width in a splitter `splitterWidth` wide: room for the reading columns,
/// between 42 % and 62 % of it, so the drill-down keeps the larger part of a wide window
/// and a laptop screen still shows what happened in every row. The drill-down keeps at
/// least `drillDownMinimum` (its narrowest width without scrolling sideways) before the
/// tree gets its columns.
int sessionTreeWidth(int splitterWidth, int readingWidth, int drillDownMinimum = 0);

} // namespace raglens::ui
