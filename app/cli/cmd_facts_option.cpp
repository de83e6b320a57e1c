#include "cmd_facts_option.h"
#include "cli_text.h"

#include "common/json_qt.h"
#include "facts/facts_index.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace raglens::cli {

void addFactsOptions(QCommandLineParser& parser)
{
    parser.addOption(
        {QStringLiteral("facts"),
         CliText::tr("Read lists, filters and counts from the local facts index: auto (use "
                     "it when it exists, refreshed first), build (build it when missing), "
                     "off (read the database directly). Default: auto."),
         QStringLiteral("MODE"), QStringLiteral("auto")});
    addFactsCacheOption(parser);
}

void addFactsCacheOption(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("cache"),
                      CliText::tr("Folder of the facts index (default: RAGLENS_CACHE_DIR/facts, or "
                                  "~/.cache/raglens/facts)."),
                      QStringLiteral("DIR")});
}

bool checkFactsOption(const QCommandLineParser& parser, int& exitCode)
{
    const QString mode = parser.value(QStringLiteral("facts"));
    if (mode == QLatin1String("auto") || mode == QLatin1String("off") ||
        mode == QLatin1String("build"))
        return true;
    exitCode = usage(parser, CliText::tr("--facts must be auto, build or off, not '%1'").arg(mode));
    return false;
}

std::unique_ptr<AuditDatabase> openFactsIndex(const QCommandLineParser& parser,
                                              AuditDatabase& source, nlohmann::json& report)
{
    report = nullptr;
    const QString mode = parser.value(QStringLiteral("facts"));
    // An in-memory database has no identity to key an index by.
    if (mode == QLatin1String("off") || source.location().isInMemory())
        return nullptr;
    const QString path =
        facts_index::pathFor(source.location(), parser.value(QStringLiteral("cache")));
    if (mode == QLatin1String("auto") && !QFileInfo::exists(path))
        return nullptr;
    auto updated = facts_index::update(source, path);
    if (!updated) {
        const QString message =
            CliText::tr("The facts index could not be used (%1); reading the database directly.")
                .arg(updated.error());
        warn(message);
        report = {{"path", path}, {"error", message}};
        return nullptr;
    }
    auto facts = facts_index::openForReading(path);
    if (!facts) {
        warn(facts.error());
        report = {{"path", path}, {"error", facts.error()}};
        return nullptr;
    }
    report = *updated;
    return std::move(*facts);
}

void useDatabaseInstead(nlohmann::json& report, const QString& error)
{
    const QString message =
        CliText::tr("The facts index could not be read (%1); reading the database directly.")
            .arg(error);
    warn(message);
    const nlohmann::json path =
        report.is_object() && report.contains("path") ? report["path"] : nlohmann::json();
    report = {{"path", path}, {"error", message}};
}

} // namespace raglens::cli
