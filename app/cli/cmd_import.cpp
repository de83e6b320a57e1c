// raglens-cli import --db DB FILE [--write]: a DiagnosisTraceResponse JSON into a writable
// audit database. A missing SQLite file is created as a RagLens database; a database RagLens
// did not create is refused unless --write is given.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "trace/trace_importer.h"

#include <QCoreApplication>

namespace raglens::cli {

static int runImport(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr(
        "Import a trace JSON (from 'trace' or 'export') into an audit database. Importing "
        "the same file again replaces its runs, so the result is the same."));
    addDatabaseOptions(parser);
    parser.addPositionalArgument(QStringLiteral("FILE"), CliText::tr("The trace JSON file."));
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usage(parser, CliText::tr("give exactly one FILE"));
    // Read the file first: a bad file must not create an empty database.
    auto trace = TraceImporter::readFile(parser.positionalArguments().first());
    if (!trace)
        return fail(trace.error());
    auto db = openDatabase(parser, AccessMode::Create, exitCode);
    if (!db)
        return exitCode;
    auto summary = TraceImporter(*db).import(*trace);
    if (!summary)
        return fail(summary.error());
    for (const QString& w : summary->warnings)
        std::fprintf(stderr, "raglens-cli: warning: %s\n", qPrintable(w));
    printJson(ctx, {{"database", db->location().display()},
                    {"sessionId", trace->sessionId},
                    {"imported", *summary}});
    return ExitOk;
}

RAGLENS_CLI_COMMAND("import",
                    QT_TRANSLATE_NOOP("cli", "Import a trace JSON into a writable audit database"),
                    runImport);

} // namespace raglens::cli
