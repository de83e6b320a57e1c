// raglens-cli: every view of RagLens as JSON. Dispatches to the registered commands.
// Help and messages speak the user's language (RAGLENS_LANG, else the system locale); the
// JSON on stdout keeps its keys and vocabulary words in English whatever the language.

#include "cli_command.h"
#include "cli_text.h"
#include "common/translators.h"

#include <QCoreApplication>

#include <cstdio>

using namespace raglens::cli;

static void printCommands()
{
    std::fprintf(stderr, "%s\n\n%s\n",
                 qPrintable(CliText::tr("usage: raglens-cli <command> [options]")),
                 qPrintable(CliText::tr("commands:")));
    for (const auto& [name, info] : registry())
        std::fprintf(stderr, "  %-10s %s\n", qPrintable(name),
                     qPrintable(QCoreApplication::translate("cli", info.summary)));
    std::fprintf(
        stderr, "\n%s\n",
        qPrintable(CliText::tr("Run 'raglens-cli <command> --help' for a command's options.")));
}

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("raglens"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RAGLENS_VERSION)); // project(VERSION)
    QCoreApplication::setOrganizationName(QStringLiteral("RagLens"));
    raglens::installRagLensTranslators(raglens::commandLineLocale());

    QStringList args = app.arguments();
    if (args.size() < 2 || args.at(1) == QLatin1String("--help") ||
        args.at(1) == QLatin1String("-h")) {
        printCommands();
        return args.size() < 2 ? ExitUsage : ExitOk;
    }
    const QString name = args.at(1);
    auto it = registry().find(name);
    if (it == registry().end()) {
        std::fprintf(stderr, "raglens-cli: %s\n\n",
                     qPrintable(CliText::tr("unknown command '%1'").arg(name)));
        printCommands();
        return ExitUsage;
    }
    Context ctx;
    ctx.args = args;
    ctx.args.removeAt(1); // the parser sees "raglens-cli <options...>"
    try {
        const int code = it->second.run(ctx);
        // Output that did not reach its destination (a full disk, a closed pipe, /dev/full)
        // is a failure: a script must not read a cut-off document as the answer.
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
            std::fprintf(stderr, "raglens-cli: %s\n",
                         qPrintable(QCoreApplication::translate(
                             "cli", "could not write the output (disk full or pipe closed)")));
            return code == ExitUsage ? ExitUsage : ExitFailure;
        }
        return code;
    } catch (const std::exception& e) {
        // A bug, not bad input: still no stack trace for the user.
        std::fprintf(
            stderr, "raglens-cli: %s\n",
            qPrintable(CliText::tr("internal error: %1").arg(QString::fromUtf8(e.what()))));
        return ExitFailure;
    }
}
