// raglens-cli export --db DB SESSION_ID [--run RUN_ID] [--format trace|otlp] [--out FILE]
// Without --out the document goes to stdout; with --out it is written atomically and a
// short summary is printed instead.

#include "cmd_common_db.h"

#include "interpret/trace_interpretation.h"
#include "trace/otlp_exporter.h"
#include "trace/trace_service.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace raglens::cli {

static QString tr(const char* text)
{
    return QCoreApplication::translate("cli", text);
}

static int runExport(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Export a session's trace as a DiagnosisTraceResponse (importable with 'import') "
           "or as OTLP/JSON spans."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption(
        {QStringLiteral("run"), tr("Only this run of the session."), QStringLiteral("RUN_ID")});
    parser.addOption({QStringLiteral("format"), tr("trace (default) or otlp."),
                      QStringLiteral("FORMAT"), QStringLiteral("trace")});
    parser.addOption(
        {QStringLiteral("out"), tr("Write to FILE instead of stdout."), QStringLiteral("FILE")});
    parser.addPositionalArgument(QStringLiteral("SESSION_ID"), tr("The session to export."));
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usage(parser, tr("give exactly one SESSION_ID"));
    if (!checkChoice(parser, QStringLiteral("format"),
                     {QStringLiteral("trace"), QStringLiteral("otlp")}, exitCode))
        return exitCode;
    const bool otlp = parser.value(QStringLiteral("format")) == QLatin1String("otlp");

    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    auto trace = TraceService(*db).getTrace(parser.positionalArguments().first(),
                                            parser.value(QStringLiteral("run")));
    if (!trace)
        return fail(trace.error());
    const nlohmann::json doc = otlp ? toOtlpJson(*trace) : interpret::interpretedTraceJson(*trace);

    const QString out = parser.value(QStringLiteral("out"));
    if (out.isEmpty()) {
        printJson(ctx, doc);
        return ExitOk;
    }
    QSaveFile file(out);
    const std::string text = doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) < 0 ||
        file.write("\n", 1) < 0 || !file.commit())
        return fail(tr("Cannot write %1: %2").arg(out, file.errorString()));
    printJson(ctx, {{"written", out},
                    {"format", otlp ? "otlp" : "trace"},
                    {"sessionId", trace->sessionId},
                    {"runs", trace->runs.size()},
                    {"steps", trace->steps.size()},
                    {"toolInvocations", trace->toolInvocations.size()},
                    {"timeline", trace->timeline.size()}});
    return ExitOk;
}

RAGLENS_CLI_COMMAND("export", "Export a session's trace (trace JSON or OTLP/JSON)", runExport);

} // namespace raglens::cli
