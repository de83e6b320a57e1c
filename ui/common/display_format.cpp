#include "common/display_format.h"

#include <QCoreApplication>
#include <QLocale>

namespace raglens::ui {

QString displayTime(const QDateTime& time)
{
    if (!time.isValid())
        return {};
    return time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString displayTime(const QDateTime& time, const UnreadTimes& unread, QLatin1String column)
{
    if (time.isValid())
        return displayTime(time);
    for (const UnreadTime& u : unread)
        if (u.column == column)
            return QCoreApplication::translate("DisplayFormat", "%1 (not a time)").arg(u.raw);
    return {};
}

QString displayDuration(std::optional<qint64> ms, const UnreadCells& unread, QLatin1String column)
{
    if (ms)
        return displayDuration(*ms);
    for (const UnreadCell& u : unread)
        if (u.column == column)
            return QCoreApplication::translate("DisplayFormat", "%1 (not a duration)").arg(u.raw);
    return {};
}

namespace {

const UnreadCell* unreadIn(const UnreadCells& unread, QLatin1String column)
{
    for (const UnreadCell& u : unread)
        if (u.column == column)
            return &u;
    return nullptr;
}

} // namespace

QString displayCount(qint64 value, const UnreadCells& unread, QLatin1String column)
{
    if (const UnreadCell* u = unreadIn(unread, column))
        return QCoreApplication::translate("DisplayFormat", "%1 (not a count)").arg(u->raw);
    return QLocale().toString(value);
}

QString stepIndexText(const TraceStep& step)
{
    if (const UnreadCell* u = unreadIn(step.unreadNumbers, QLatin1String("step_index")))
        return QCoreApplication::translate("DisplayFormat", "%1 (not a step index)").arg(u->raw);
    return QString::number(step.stepIndex);
}

QString stepTitle(const TraceStep& step)
{
    // Short: the tree's first column and the run view's lanes elide a long title before the
    // agent's name, and steps whose cells hold 1e+20 and 2e+20 would look alike there.
    const QString index = unreadIn(step.unreadNumbers, QLatin1String("step_index"))
                              ? QStringLiteral("?")
                              : QString::number(step.stepIndex);
    return step.agentName.isEmpty()
               ? QCoreApplication::translate("DisplayFormat", "Step %1").arg(index)
               : QCoreApplication::translate("DisplayFormat", "Step %1 · %2")
                     .arg(index, step.agentName);
}

QString displayDuration(qint64 ms)
{
    if (ms < 0)
        return {};
    if (ms < 1000)
        return QCoreApplication::translate("DisplayFormat", "%1 ms").arg(ms);
    if (ms < 60000)
        return QCoreApplication::translate("DisplayFormat", "%1 s")
            .arg(displayNumber(ms / 1000.0, 1));
    const qint64 s = ms / 1000;
    return QCoreApplication::translate("DisplayFormat", "%1 min %2 s")
        .arg(s / 60)
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString displayNumber(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

qint64 msBetween(const QDateTime& from, const QDateTime& to)
{
    if (!from.isValid() || !to.isValid())
        return -1;
    return from.msecsTo(to);
}

} // namespace raglens::ui
