#include "mainwindow/recent_databases.h"

#include "common/app_settings.h"

namespace raglens::ui {

namespace {
const char* const kKey = "database/recent";
}

QStringList RecentDatabases::entries()
{
    return AppSettings::instance().value(QLatin1String(kKey)).toStringList();
}

void RecentDatabases::add(const QString& pathOrUrl)
{
    QStringList list = entries();
    list.removeAll(pathOrUrl);
    list.prepend(pathOrUrl);
    while (list.size() > kMaxEntries)
        list.removeLast();
    AppSettings& settings = AppSettings::instance();
    settings.setValue(QLatin1String(kKey), list);
    settings.setValue(QStringLiteral("database/last"), pathOrUrl);
}

void RecentDatabases::remove(const QString& pathOrUrl)
{
    QStringList list = entries();
    list.removeAll(pathOrUrl);
    AppSettings::instance().setValue(QLatin1String(kKey), list);
}

void RecentDatabases::clear()
{
    AppSettings::instance().remove(QLatin1String(kKey));
}

QString RecentDatabases::last()
{
    return AppSettings::instance().value(QStringLiteral("database/last")).toString();
}

} // namespace raglens::ui
