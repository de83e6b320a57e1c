#include "common/time_text.h"

#include <QRegularExpression>

namespace raglens {

bool parseTimeText(const QString& text, QDateTime& out)
{
    const QString t = text.trimmed();
    static const QRegularExpression relative(QStringLiteral("^(\\d+)([smhd])$"));
    if (const auto m = relative.match(t); m.hasMatch()) {
        bool ok = false;
        const qint64 n = m.captured(1).toLongLong(&ok);
        const QChar unit = m.captured(2).at(0);
        // An age past a century is a typo, not "no window" (and would overflow below).
        constexpr qint64 kMaxAgeSeconds = 100LL * 366 * 86400;
        const qint64 perUnit = unit == QLatin1Char('s')   ? 1
                               : unit == QLatin1Char('m') ? 60
                               : unit == QLatin1Char('h') ? 3600
                                                          : 86400;
        if (!ok || n > kMaxAgeSeconds / perUnit)
            return false;
        out = QDateTime::currentDateTimeUtc().addSecs(-n * perUnit);
        return true;
    }
    QDateTime dt = QDateTime::fromString(t, Qt::ISODateWithMs);
    // A date alone is its midnight. Only a date alone: Qt also reads the date at the head of
    // a longer text, so "2026-11-28T25:00:00Z" (an hour that does not exist) would quietly
    // become midnight, a window a day wider than the one typed.
    if (!dt.isValid() && t.size() == 10) {
        const QDate d = QDate::fromString(t, Qt::ISODate);
        if (d.isValid())
            dt = QDateTime(d, QTime(0, 0), Qt::UTC);
    }
    if (!dt.isValid())
        return false;
    if (dt.timeSpec() == Qt::LocalTime) // audit times are UTC; so is a time without a zone
        dt.setTimeSpec(Qt::UTC);
    out = dt.toUTC();
    return true;
}

} // namespace raglens
