// raglens-cli index --db DB [--cache DIR] [--rebuild]: builds or refreshes the local facts index of
// an audit database, which `sessions`, `health` and the GUI then read lists and counts from.

#include "cli_text.h"
#include "cmd_common_db.h"
#include "cmd_facts_option.h"

#include "facts/facts_index.h"

#include <QCoreApplication>

namespace raglens::cli {

static int runIndex(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr(
        "Builds or refreshes the facts index of an audit database: RagLens's own file in "
        "the cache folder, never a write to the database. Progress goes to stderr."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    addFactsCacheOption(parser);
    parser.addOption({QStringLiteral("rebuild"),
                      CliText::tr("Build the index anew instead of refreshing it: a refresh "
                                  "reads new calls and runs that may have changed, not an old "
                                  "call edited in place.")});
    int exitCode = ExitOk;
    if (!parseOptionsOnly(parser, ctx, exitCode))
        return exitCode;
    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    if (db->location().isInMemory())
        return usage(parser, CliText::tr("an in-memory database has no facts index"));
    const QString path =
        facts_index::pathFor(db->location(), parser.value(QStringLiteral("cache")));
    auto result = facts_index::update(*db, path, progressOnStderr([](qint64 done, qint64 total) {
        return CliText::tr("indexed %1 of %2 calls").arg(done).arg(total);
    }),
                                      parser.isSet(QStringLiteral("rebuild")));
    if (!result)
        return fail(result.error());
    printJson(ctx, *result);
    return ExitOk;
}

RAGLENS_CLI_COMMAND(
    "index",
    QT_TRANSLATE_NOOP("cli", "Build or refresh the local facts index of an audit database"),
    runIndex);

} // namespace raglens::cli
