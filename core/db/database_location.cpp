#include "db/database_location.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QUrl>
#include <QUrlQuery>

namespace raglens {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(DatabaseLocation)
};

/// The URL's query, checked: names the server kind takes, each once, values the driver
/// passes on as they are (its option string is split at ';' and, for PostgreSQL, at
/// spaces; quotes and backslashes would be read as quoting).
Status readParameters(const QUrl& url, DatabaseLocation& loc)
{
    const QStringList known = DatabaseLocation::serverParameterNames(loc.kind);
    QStringList seen;
    for (const auto& [name, value] : QUrlQuery(url).queryItems(QUrl::FullyDecoded)) {
        if (!known.contains(name))
            return Error{Tr::tr("The database URL parameter '%1' is not one RagLens passes on; "
                                "%2 URLs take %3.")
                             .arg(name, loc.dialect() + QStringLiteral("://"),
                                  known.join(QStringLiteral(", ")))};
        if (seen.contains(name))
            return Error{Tr::tr("The database URL gives '%1' twice.").arg(name)};
        seen << name;
        if (value.isEmpty())
            return Error{Tr::tr("The database URL parameter '%1' has no value.").arg(name)};
        if (name == QLatin1String("schema")) {
            loc.schema = value; // a quoted identifier: any text is a name
            continue;
        }
        for (const QChar c : value)
            if (c.isSpace() || c == QLatin1Char(';') || c == QLatin1Char('\'') ||
                c == QLatin1Char('\\'))
                return Error{Tr::tr("The database URL parameter '%1' cannot hold spaces, ';', "
                                    "quotes or backslashes: %2")
                                 .arg(name, value)};
        if (name == QLatin1String("connect_timeout")) {
            bool isNumber = false;
            const int seconds = value.toInt(&isNumber);
            if (!isNumber || seconds <= 0)
                return Error{
                    Tr::tr("connect_timeout is a number of seconds above 0, not '%1'.").arg(value)};
        }
        loc.parameters.append({name, value});
    }
    return ok();
}

} // namespace

QStringList DatabaseLocation::serverParameterNames(Kind kind)
{
    switch (kind) {
    case Kind::PostgreSql:
        // libpq's own names, passed on as they are.
        return {QStringLiteral("schema"),          QStringLiteral("sslmode"),
                QStringLiteral("sslrootcert"),     QStringLiteral("sslcert"),
                QStringLiteral("sslkey"),          QStringLiteral("sslcrl"),
                QStringLiteral("connect_timeout"), QStringLiteral("application_name")};
    case Kind::MySql:
        // The mysql client's option names; Qt's driver takes these as SSL_CA….
        return {QStringLiteral("ssl-ca"),     QStringLiteral("ssl-capath"),
                QStringLiteral("ssl-cert"),   QStringLiteral("ssl-key"),
                QStringLiteral("ssl-cipher"), QStringLiteral("connect_timeout")};
    case Kind::Sqlite:
        break;
    }
    return {};
}

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
        if (url.hasQuery())
            return Error{Tr::tr("An SQLite URL takes no parameters (?%1): give the file's "
                                "path.")
                             .arg(url.query())};
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
    if (Status s = readParameters(url, loc); !s)
        return Error{s.error()};
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
    QString text =
        QStringLiteral("%1://%2%3:%4/%5").arg(dialect(), user, host).arg(port).arg(database);
    QUrlQuery query;
    // QUrlQuery takes values encoded: a '%' in a name or a path must come back as itself.
    const auto encoded = [](const QString& value) {
        return QString::fromLatin1(QUrl::toPercentEncoding(value, "/:@"));
    };
    if (!schema.isEmpty())
        query.addQueryItem(QStringLiteral("schema"), encoded(schema));
    for (const auto& [name, value] : parameters)
        query.addQueryItem(name, encoded(value));
    if (!query.isEmpty())
        text += QLatin1Char('?') + query.toString(QUrl::FullyEncoded);
    return text;
}

QString DatabaseLocation::connectOptions() const
{
    const bool mysql = kind == Kind::MySql;
    QStringList options;
    bool timeoutGiven = false;
    for (const auto& [name, value] : parameters) {
        timeoutGiven = timeoutGiven || name == QLatin1String("connect_timeout");
        QString option = name;
        if (mysql)
            option = name == QLatin1String("connect_timeout")
                         ? QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT")
                         : name.toUpper().replace(QLatin1Char('-'), QLatin1Char('_'));
        options << option + QLatin1Char('=') + value;
    }
    // A server that does not answer is reported after five seconds, not the system's minutes.
    if (!timeoutGiven)
        options.prepend(mysql ? QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT=5")
                              : QStringLiteral("connect_timeout=5"));
    return options.join(QLatin1Char(';'));
}

} // namespace raglens
