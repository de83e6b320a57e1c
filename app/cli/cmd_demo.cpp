// raglens-cli demo --workspace DIR [--db PATH_OR_URL]
// Builds the demo knowledge base into DIR/kb and records the bundled scripted sessions
// through real lookups into DIR/audit.db. Safe to run again: nothing is duplicated.

#include "cli_command.h"
#include "cli_text.h"

#include "demo/demo_workspace.h"

#include <QCoreApplication>

#include <cstdio>

namespace raglens::cli {

static int runDemo(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr(
        "Creates (or completes) the demo workspace: DIR/kb from the bundled runbooks and "
        "DIR/audit.db with every scripted session recorded through real lookups. Prints "
        "a JSON summary, including which demo paths the database shows."));
    parser.addOption({QStringLiteral("workspace"),
                      CliText::tr("Workspace folder (default: the user's RagLens workspace)."),
                      QStringLiteral("DIR")});
    parser.addOption(
        {QStringLiteral("db"),
         CliText::tr("Record the sessions into this audit database (a path, or a "
                     "postgresql:// or mysql:// URL) instead of DIR/audit.db. It must be "
                     "empty or created by RagLens."),
         QStringLiteral("DB")});
    parser.addOption({QStringLiteral("quiet"), CliText::tr("No progress messages on stderr.")});
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    if (!parser.positionalArguments().isEmpty())
        return usage(
            parser,
            CliText::tr("unexpected argument %1").arg(parser.positionalArguments().first()));
    // An empty --workspace is a mistake (an unset shell variable), not "the default".
    if (parser.isSet(QStringLiteral("workspace")) &&
        parser.value(QStringLiteral("workspace")).trimmed().isEmpty())
        return usage(parser,
                     CliText::tr("--workspace needs a folder; leave it out for the default"));
    QString dir = parser.value(QStringLiteral("workspace"));
    if (dir.isEmpty())
        dir = defaultWorkspaceDir();
    const bool quiet = parser.isSet(QStringLiteral("quiet"));

    if (parser.isSet(QStringLiteral("db")) &&
        parser.value(QStringLiteral("db")).trimmed().isEmpty())
        return usage(parser, CliText::tr("--db needs a database path or URL"));
    auto summary = DemoWorkspace::create(
        dir,
        [quiet](const QString& message) {
            if (!quiet)
                std::fprintf(stderr, "%s\n", qPrintable(message));
            return true;
        },
        parser.value(QStringLiteral("db")));
    if (!summary)
        return fail(summary.error());
    printJson(ctx, nlohmann::json(*summary));
    return ExitOk;
}

RAGLENS_CLI_COMMAND(
    "demo",
    QT_TRANSLATE_NOOP("cli", "Create the demo workspace (knowledge base + recorded sessions)"),
    runDemo);

} // namespace raglens::cli
