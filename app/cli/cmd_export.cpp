// raglens-cli export --db DB SESSION_ID [--run RUN_ID] [--format trace|otlp] [--out FILE]
// Without --out the document goes to stdout; with --out it is written atomically and a
// short summary is printed instead.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "common/atomic_file.h"
#include "interpret/trace_interpretation.h"
#include "trace/otlp_exporter.h"
#include "trace/trace_service.h"

#include <QCoreApplication>

#include <cstdio>

namespace raglens::cli {

static int runExport(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr(
        "Export a session's trace as a DiagnosisTraceResponse (importable with 'import') "
        "or as OTLP/JSON spans."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption({QStringLiteral("run"), CliText::tr("Only this run of the session."),
                      QStringLiteral("RUN_ID")});
    parser.addOption({QStringLiteral("format"), CliText::tr("trace (default) or otlp."),
                      QStringLiteral("FORMAT"), QStringLiteral("trace")});
    parser.addOption({QStringLiteral("out"), CliText::tr("Write to FILE instead of stdout."),
                      QStringLiteral("FILE")});
    parser.addPositionalArgument(QStringLiteral("SESSION_ID"),
                                 CliText::tr("The session to export."));
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usage(parser, CliText::tr("give exactly one SESSION_ID"));
    if (!checkChoice(parser, QStringLiteral("format"),
                     {QStringLiteral("trace"), QStringLiteral("otlp")}, exitCode))
        return exitCode;
    const bool otlp = parser.value(QStringLiteral("format")) == QLatin1String("otlp");
    QString out;
    if (!optionalFileOption(parser, QStringLiteral("out"), out, exitCode))
        return exitCode;

    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    // The file keeps the trace's own shape, as `trace` does: what the schema lacks (and so
    // what the file cannot hold, an empty timeline) is said on stderr.
    warnSchemaNotes(*db);
    auto trace = TraceService(*db).getTrace(parser.positionalArguments().first(),
                                            parser.value(QStringLiteral("run")));
    if (!trace)
        return fail(trace.error());
    if (otlp) {
        // Streamed span by span: a large trace never exists twice in memory as JSON.
        if (out.isEmpty()) {
            writeOtlpJson(*trace, [](std::string_view piece) {
                return std::fwrite(piece.data(), 1, piece.size(), stdout) == piece.size();
            });
            std::fflush(stdout); // a write error is reported by main as exit 1
            return ExitOk;
        }
        const Status written = atomic_file::write(
            out, [&trace](const atomic_file::Sink& sink) { return writeOtlpJson(*trace, sink); });
        if (!written)
            return fail(written.error());
    } else {
        const nlohmann::json doc = interpret::interpretedTraceJson(*trace);
        if (out.isEmpty()) {
            printJson(ctx, doc);
            return ExitOk;
        }
        const std::string text =
            doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
        if (const Status written = atomic_file::write(out, text); !written)
            return fail(written.error());
    }
    printJson(ctx, {{"written", out},
                    {"format", otlp ? "otlp" : "trace"},
                    {"sessionId", trace->sessionId},
                    {"runs", trace->runs.size()},
                    {"steps", trace->steps.size()},
                    {"toolInvocations", trace->toolInvocations.size()},
                    {"timeline", trace->timeline.size()}});
    return ExitOk;
}

RAGLENS_CLI_COMMAND("export",
                    QT_TRANSLATE_NOOP("cli", "Export a session's trace (trace JSON or OTLP/JSON)"),
                    runExport);

} // namespace raglens::cli
