#include "mainwindow/recent_databases.h"

#include <QSettings>

namespace raglens::ui {

namespace {
const char* const kKey = "database/recent";
}

QStringList RecentDatabases::entries()
{
    return QSettings().value(QLatin1String(kKey)).toStringList();
}

void RecentDatabases::add(const QString& pathOrUrl)
{
    QStringList list = entries();
    list.removeAll(pathOrUrl);
    list.prepend(pathOrUrl);
    while (list.size() > kMaxEntries)
        list.removeLast();
    QSettings settings;
    settings.setValue(QLatin1String(kKey), list);
    settings.setValue(QStringLiteral("database/last"), pathOrUrl);
}

void RecentDatabases::remove(const QString& pathOrUrl)
{
    QStringList list = entries();
    list.removeAll(pathOrUrl);
    QSettings().setValue(QLatin1String(kKey), list);
}

void RecentDatabases::clear()
{
    QSettings().remove(QLatin1String(kKey));
}

QString RecentDatabases::last()
{
    return QSettings().value(QStringLiteral("database/last")).toString();
}

} // namespace raglens::ui
