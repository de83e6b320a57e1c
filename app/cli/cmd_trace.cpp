// raglens-cli trace --db DB SESSION_ID [--run RUN_ID]: the DiagnosisTraceResponse as JSON.

#include "cmd_common_db.h"

#include "interpret/trace_interpretation.h"
#include "trace/trace_service.h"

#include <QCoreApplication>

namespace raglens::cli {

static int runTrace(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "cli", "Print one session's trace (runs, steps, tool invocations, timeline)."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption({QStringLiteral("run"),
                      QCoreApplication::translate("cli", "Only this run of the session."),
                      QStringLiteral("RUN_ID")});
    parser.addPositionalArgument(QStringLiteral("SESSION_ID"),
                                 QCoreApplication::translate("cli", "The session to show."));
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usage(parser, QCoreApplication::translate("cli", "give exactly one SESSION_ID"));
    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    const TraceService service(*db);
    auto trace =
        service.getTrace(parser.positionalArguments().first(), parser.value(QStringLiteral("run")));
    if (!trace)
        return fail(trace.error());
    printJson(ctx, interpret::interpretedTraceJson(*trace));
    return ExitOk;
}

RAGLENS_CLI_COMMAND("trace", "Print a session's DiagnosisTraceResponse", runTrace);

} // namespace raglens::cli
