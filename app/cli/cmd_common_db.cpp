#include "cmd_common_db.h"
#include "cli_text.h"

#include "common/time_text.h"
#include "trace/schema_notes.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>

namespace raglens::cli {

void addDatabaseOptions(QCommandLineParser& parser, bool withWrite)
{
    parser.addOption(
        {QStringLiteral("db"),
         CliText::tr("Audit database: an SQLite file, postgresql://user@host:port/db or "
                     "mysql://user@host:port/db (password from RAGLENS_DB_PASSWORD)."),
         QStringLiteral("DB")});
    if (withWrite)
        parser.addOption({QStringLiteral("write"),
                          CliText::tr("Allow writing to a database RagLens did not create.")});
}

std::unique_ptr<AuditDatabase> openDatabase(const QCommandLineParser& parser, AccessMode mode,
                                            int& exitCode)
{
    QString db;
    if (!requireOption(parser, QStringLiteral("db"), db, exitCode))
        return nullptr;
    // optionNames() lists only options given on the command line (and never warns when a
    // command does not define --write at all).
    if (parser.optionNames().contains(QStringLiteral("write")))
        mode = AccessMode::Write;
    auto opened = AuditDatabase::open(db, mode);
    if (!opened) {
        exitCode = fail(opened.error());
        return nullptr;
    }
    return std::move(*opened);
}

bool parseTimeOption(const QString& text, QDateTime& out)
{
    return parseTimeText(text, out);
}

bool readTimeOption(const QCommandLineParser& parser, const QString& name, QDateTime& out,
                    int& exitCode)
{
    if (!parser.isSet(name))
        return true;
    if (parseTimeOption(parser.value(name), out))
        return true;
    exitCode = usage(parser, CliText::tr("--%1: '%2' is not a time (use 2026-03-02T08:00:00Z, "
                                         "2026-03-02, or an age such as 24h or 7d)")
                                 .arg(name, parser.value(name)));
    return false;
}

void addWindowOptions(QCommandLineParser& parser)
{
    parser.addOption(
        {QStringLiteral("since"),
         CliText::tr("Runs started at or after T (ISO 8601 UTC, a date, or an age like 7d)."),
         QStringLiteral("T")});
    parser.addOption(
        {QStringLiteral("until"), CliText::tr("Runs started before T."), QStringLiteral("T")});
}

bool readWindowOptions(const QCommandLineParser& parser, QDateTime& since, QDateTime& until,
                       int& exitCode)
{
    if (!readTimeOption(parser, QStringLiteral("since"), since, exitCode) ||
        !readTimeOption(parser, QStringLiteral("until"), until, exitCode))
        return false;
    if (since.isValid() && until.isValid() && until <= since) {
        exitCode = usage(parser, CliText::tr("--until must be after --since"));
        return false;
    }
    return true;
}

std::optional<double> parseNumberValue(const QString& text, double min, double max)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    // "nan" and "inf" parse as numbers; a NaN tolerance would make every regression vanish.
    if (ok && std::isfinite(v) && v >= min && v <= max)
        return v;
    return std::nullopt;
}

bool readNumberOption(const QCommandLineParser& parser, const QString& name, double min, double max,
                      double& out, int& exitCode)
{
    if (!parser.isSet(name))
        return true;
    if (const auto v = parseNumberValue(parser.value(name), min, max)) {
        out = *v;
        return true;
    }
    exitCode = usage(parser, CliText::tr("--%1 must be a number from %2 to %3, not '%4'")
                                 .arg(name)
                                 .arg(min)
                                 .arg(max)
                                 .arg(parser.value(name)));
    return false;
}

bool checkChoice(const QCommandLineParser& parser, const QString& name, const QStringList& allowed,
                 int& exitCode)
{
    if (!parser.isSet(name) || allowed.contains(parser.value(name)))
        return true;
    exitCode =
        usage(parser, CliText::tr("--%1 must be one of %2, not '%3'")
                          .arg(name, allowed.join(QStringLiteral(", ")), parser.value(name)));
    return false;
}

nlohmann::json schemaNotesJson(AuditDatabase& db)
{
    nlohmann::json notes = nlohmann::json::array();
    for (const SchemaNote& note : schemaNotes(db))
        notes.push_back(note);
    return notes;
}

void warnSchemaNotes(AuditDatabase& db)
{
    for (const SchemaNote& note : schemaNotes(db))
        warn(note.message);
}

} // namespace raglens::cli
