// raglens-cli: every view of RagLens as JSON. Dispatches to the registered commands.

#include "cli_command.h"

#include <QCoreApplication>

#include <cstdio>

using namespace raglens::cli;

static void printCommands()
{
    std::fprintf(stderr, "usage: raglens-cli <command> [options]\n\ncommands:\n");
    for (const auto& [name, info] : registry())
        std::fprintf(stderr, "  %-10s %s\n", qPrintable(name), qPrintable(info.summary));
    std::fprintf(stderr, "\nRun 'raglens-cli <command> --help' for a command's options.\n");
}

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("raglens"));
    QCoreApplication::setOrganizationName(QStringLiteral("RagLens"));

    QStringList args = app.arguments();
    if (args.size() < 2 || args.at(1) == QLatin1String("--help") || args.at(1) == QLatin1String("-h")) {
        printCommands();
        return args.size() < 2 ? ExitUsage : ExitOk;
    }
    const QString name = args.at(1);
    auto it = registry().find(name);
    if (it == registry().end()) {
        std::fprintf(stderr, "raglens-cli: unknown command '%s'\n\n", qPrintable(name));
        printCommands();
        return ExitUsage;
    }
    Context ctx;
    ctx.args = args;
    ctx.args.removeAt(1); // the parser sees "raglens-cli <options...>"
    try {
        return it->second.run(ctx);
    } catch (const std::exception& e) {
        // A bug, not bad input: still no stack trace for the user.
        std::fprintf(stderr, "raglens-cli: internal error: %s\n", e.what());
        return ExitFailure;
    }
}
