#pragma once
// A point in time as people type it into a filter: ISO 8601 (UTC when no zone is given), a
// date (midnight UTC), or an age before now such as 30m, 24h or 7d. Shared by the CLI's
// --since/--until and the Trace API's query parameters, so both read the same texts.

#include <QDateTime>
#include <QString>

namespace raglens {

/// Returns false (and leaves `out` alone) when the text is none of the accepted forms.
bool parseTimeText(const QString& text, QDateTime& out);

} // namespace raglens
