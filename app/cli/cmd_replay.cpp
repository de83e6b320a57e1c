// raglens-cli replay --kb DIR --db DB --invocation ID [--check]: looks a recorded
// lookup_knowledge invocation up again against a local knowledge base and prints the
// ReplayDiff JSON (what the GUI's "Replay against local KB" shows).

#include "cmd_common_db.h"

#include "kb/knowledge_base.h"
#include "replay/replay_runner.h"
#include "trace/audit_browser.h"

#include <QCoreApplication>

#include <cstdio>

namespace raglens::cli {

static int runReplay(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "cli", "Replay a recorded lookup_knowledge invocation against a local knowledge base "
               "and print what changed."));
    addDatabaseOptions(parser, false);
    parser.addOption({QStringLiteral("kb"),
                      QCoreApplication::translate("cli", "Knowledge base directory."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("invocation"),
                      QCoreApplication::translate("cli", "tool_invocation id to replay."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("check"),
                      QCoreApplication::translate(
                          "cli", "Exit with 1 when the replay differs from the recording.")});
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    QString kbDir;
    QString idText;
    if (!requireOption(parser, QStringLiteral("kb"), kbDir, exitCode) ||
        !requireOption(parser, QStringLiteral("invocation"), idText, exitCode))
        return exitCode;
    const QVariant id = invocationIdArgument(idText);
    if (!parser.positionalArguments().isEmpty())
        return usage(parser, QCoreApplication::translate("cli", "unexpected argument \"%1\"")
                                 .arg(parser.positionalArguments().first()));

    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    auto recorded = AuditBrowser(*db).invocation(id);
    if (!recorded)
        return fail(recorded.error());
    auto kb = KnowledgeBase::open(kbDir);
    if (!kb)
        return fail(kb.error());
    const LookupEngine engine(*kb);
    auto outcome = replayInvocation(engine, *recorded);
    if (!outcome)
        return fail(outcome.error());
    printJson(ctx, outcome->diff);
    if (parser.isSet(QStringLiteral("check")) && outcome->diff.hasChanges()) {
        std::fputs(qPrintable(QCoreApplication::translate(
                       "cli", "The replay differs from the recorded invocation.\n")),
                   stderr);
        return ExitFailure;
    }
    return ExitOk;
}

RAGLENS_CLI_COMMAND("replay",
                    QT_TRANSLATE_NOOP("cli",
                                      "Replay a recorded lookup against a local KB and diff it"),
                    runReplay);

} // namespace raglens::cli
