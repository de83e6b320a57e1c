#include "db/database_location.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QUrl>

namespace raglens {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(DatabaseLocation)
};

} // namespace

Expected<DatabaseLocation> DatabaseLocation::parse(const QString& pathOrUrl)
{
    DatabaseLocation loc;
    const QString input = pathOrUrl.trimmed();
    if (input.isEmpty())
        return Error{Tr::tr("No database given.")};

    const int schemeEnd = input.indexOf(QLatin1String("://"));
    if (schemeEnd < 0) {
        loc.kind = Kind::Sqlite;
        loc.path = input == QLatin1String(":memory:") ? input : QFileInfo(input).absoluteFilePath();
        return loc;
    }

    const QUrl url(input, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid())
        return Error{Tr::tr("Not a valid database URL: %1").arg(url.errorString())};
    if (scheme == QLatin1String("postgresql") || scheme == QLatin1String("postgres")) {
        loc.kind = Kind::PostgreSql;
        loc.port = url.port(5432);
    } else if (scheme == QLatin1String("mysql") || scheme == QLatin1String("mariadb")) {
        loc.kind = Kind::MySql;
        loc.port = url.port(3306);
    } else if (scheme == QLatin1String("sqlite") || scheme == QLatin1String("file")) {
        loc.kind = Kind::Sqlite;
        loc.path = QFileInfo(url.path()).absoluteFilePath();
        return loc;
    } else {
        return Error{Tr::tr("Unsupported database URL scheme '%1': use a file path, postgresql:// "
                            "or mysql://.")
                         .arg(url.scheme())};
    }
    if (!url.password().isEmpty())
        return Error{Tr::tr("Do not put a password in the database URL; set RAGLENS_DB_PASSWORD "
                            "instead.")};
    loc.host = url.host();
    loc.user = url.userName();
    loc.database = url.path().mid(1);
    if (loc.host.isEmpty())
        return Error{Tr::tr("The database URL has no host: %1").arg(input)};
    if (loc.database.isEmpty())
        return Error{Tr::tr("The database URL names no database (…/dbname): %1").arg(input)};
    loc.password = qEnvironmentVariable("RAGLENS_DB_PASSWORD");
    return loc;
}

QString DatabaseLocation::qtDriverName() const
{
    switch (kind) {
    case Kind::Sqlite:
        return QStringLiteral("QSQLITE");
    case Kind::PostgreSql:
        return QStringLiteral("QPSQL");
    case Kind::MySql:
        return QStringLiteral("QMYSQL");
    }
    return {};
}

QString DatabaseLocation::dialect() const
{
    switch (kind) {
    case Kind::Sqlite:
        return QStringLiteral("sqlite");
    case Kind::PostgreSql:
        return QStringLiteral("postgresql");
    case Kind::MySql:
        return QStringLiteral("mysql");
    }
    return {};
}

QString DatabaseLocation::display() const
{
    if (kind == Kind::Sqlite)
        return path;
    const QString user = this->user.isEmpty() ? QString() : this->user + QLatin1Char('@');
    return QStringLiteral("%1://%2%3:%4/%5").arg(dialect(), user, host).arg(port).arg(database);
}

} // namespace raglens
