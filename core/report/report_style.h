#pragma once
// The report's stylesheet, inline in its <head>: the file carries everything it needs.

#include <QString>

namespace raglens::report {

const QString& reportStyle();

} // namespace raglens::report
