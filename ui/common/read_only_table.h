#pragma once
// A QTableWidget for showing rows, not editing them: headers, whole-row selection, no row
// numbers, rows as tall as the font needs. Callers add sorting or wrapping as they need.

#include <QStringList>

class QTableWidget;
class QWidget;

namespace raglens::ui {

QTableWidget* readOnlyTable(const QStringList& headers, QWidget* parent);

} // namespace raglens::ui
