// raglens-cli trace --db DB SESSION_ID [--run RUN_ID]: the DiagnosisTraceResponse as JSON.
// raglens-cli trace --url http://HOST:PORT[/prefix] SESSION_ID [--run RUN_ID]: the same,
// fetched from a Trace API server (RagLens's own `serve`, or the agent's).

#include "cli_text.h"
#include "cmd_common_db.h"

#include "interpret/trace_interpretation.h"
#include "serve/trace_api_client.h"
#include "trace/trace_service.h"

#include <QCoreApplication>

namespace raglens::cli {

static int traceFromUrl(const QCommandLineParser& parser, Context& ctx)
{
    auto base = serve::TraceApiEndpoint::parseBase(parser.value(QStringLiteral("url")));
    if (!base)
        return usage(parser, base.error());
    serve::TraceApiEndpoint endpoint;
    endpoint.base = *base;
    const QString tokenEnv = parser.value(QStringLiteral("token-env"));
    endpoint.token = qgetenv(tokenEnv.toLocal8Bit().constData()).trimmed();
    bool ok = false;
    const double timeout = parser.value(QStringLiteral("timeout")).toDouble(&ok);
    if (!ok || timeout < 0.1 || timeout > 3600)
        return usage(parser, CliText::tr("--timeout must be a number of seconds from 0.1 to 3600"));
    endpoint.timeoutMs = int(timeout * 1000);
    const serve::TraceApiClient client(endpoint);
    auto trace = client.fetchTrace(parser.positionalArguments().first(),
                                   parser.value(QStringLiteral("run")));
    if (!trace)
        return fail(trace.error());
    printJson(ctx, interpret::interpretedTraceJson(*trace));
    return ExitOk;
}

static int runTrace(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr(
        "Print one session's trace (runs, steps, tool invocations, timeline), read from an "
        "audit database (--db) or fetched from a Trace API server (--url)."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption({QStringLiteral("url"),
                      CliText::tr("Fetch the trace from this Trace API base address instead "
                                  "(http://HOST:PORT or https://HOST/prefix)."),
                      QStringLiteral("URL")});
    parser.addOption({QStringLiteral("token-env"),
                      CliText::tr("With --url: the environment variable holding the bearer token "
                                  "(default RAGLENS_TRACE_API_TOKEN)."),
                      QStringLiteral("NAME"), QStringLiteral("RAGLENS_TRACE_API_TOKEN")});
    parser.addOption({QStringLiteral("timeout"),
                      CliText::tr("With --url: seconds to wait for the server (default 30)."),
                      QStringLiteral("S"), QStringLiteral("30")});
    parser.addOption({QStringLiteral("run"), CliText::tr("Only this run of the session."),
                      QStringLiteral("RUN_ID")});
    parser.addPositionalArgument(QStringLiteral("SESSION_ID"), CliText::tr("The session to show."));
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usage(parser, CliText::tr("give exactly one SESSION_ID"));
    if (parser.isSet(QStringLiteral("url"))) {
        if (parser.isSet(QStringLiteral("db")))
            return usage(parser, CliText::tr("give --db or --url, not both"));
        return traceFromUrl(parser, ctx);
    }
    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    // The trace keeps the Trace API's shape: what the schema lacks (and so what the trace
    // cannot show) is said on stderr.
    warnSchemaNotes(*db);
    const TraceService service(*db);
    auto trace =
        service.getTrace(parser.positionalArguments().first(), parser.value(QStringLiteral("run")));
    if (!trace)
        return fail(trace.error());
    printJson(ctx, interpret::interpretedTraceJson(*trace));
    return ExitOk;
}

RAGLENS_CLI_COMMAND("trace", QT_TRANSLATE_NOOP("cli", "Print a session's DiagnosisTraceResponse"),
                    runTrace);

} // namespace raglens::cli
