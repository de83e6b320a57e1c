// raglens-cli health --db DB [--since T] [--until T]: retrieval health over a time window.

#include "cli_text.h"
#include "cmd_common_db.h"
#include "cmd_facts_option.h"

#include "diagnostics/health_report.h"

#include <QCoreApplication>

namespace raglens::cli {

static int runHealth(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliText::tr("Empty-retrieval, retry and error rates, relevance distribution, latency "
                    "percentiles and problematic runs for the runs started in a window."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    addFactsOptions(parser);
    addWindowOptions(parser);
    int exitCode = ExitOk;
    if (!parseOptionsOnly(parser, ctx, exitCode) || !checkFactsOption(parser, exitCode))
        return exitCode;
    QDateTime since;
    QDateTime until;
    if (!readWindowOptions(parser, since, until, exitCode))
        return exitCode;
    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    nlohmann::json factsReport;
    std::unique_ptr<AuditDatabase> facts = openFactsIndex(parser, *db, factsReport);
    auto report = computeHealth(facts ? *facts : *db, since, until);
    if (facts && !report) {
        // A damaged page of the index: said, and read from the database instead.
        useDatabaseInstead(factsReport, report.error());
        report = computeHealth(*db, since, until);
    }
    if (!report)
        return fail(report.error());
    nlohmann::json out = *report;
    out["factsIndex"] = factsReport;
    // Of the database itself: what its schema lacks is what the figures cannot count.
    out["schemaNotes"] = schemaNotesJson(*db);
    printJson(ctx, out);
    return ExitOk;
}

RAGLENS_CLI_COMMAND("health",
                    QT_TRANSLATE_NOOP("cli",
                                      "Retrieval health of an audit database over a time window"),
                    runHealth);

} // namespace raglens::cli
