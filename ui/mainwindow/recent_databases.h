#pragma once
// The recently opened databases and workspaces, newest first, kept in the settings (AppSettings).

#include <QStringList>

namespace raglens::ui {

class RecentDatabases
{
public:
    static constexpr int kMaxEntries = 10;

    static QStringList entries();
    static void add(const QString& pathOrUrl);
    static void remove(const QString& pathOrUrl);
    static void clear();
    static QString last();
};

} // namespace raglens::ui
