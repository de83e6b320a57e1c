// raglens-cli lookup --kb DIR [--mode dense|hybrid] [--top-k N] [--category C] [--agent] QUERY

#include "cli_command.h"

#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"
#include "lookup/rag_result_projector.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

namespace raglens::cli {

static int runLookup(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "cli", "Runs lookup_knowledge against a knowledge base and prints the LookupResult "
               "(or, with --agent, what the agent would see). QUERY \"-\" reads stdin."));
    parser.addOption({QStringLiteral("kb"),
                      QCoreApplication::translate("cli", "Knowledge base folder."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("mode"),
                      QCoreApplication::translate("cli", "Search mode: dense or hybrid."),
                      QStringLiteral("MODE")});
    parser.addOption({QStringLiteral("top-k"),
                      QCoreApplication::translate("cli", "Evidence blocks returned at most."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("category"),
                      QCoreApplication::translate("cli", "Filter to one category."),
                      QStringLiteral("C")});
    parser.addOption(
        {QStringLiteral("no-auto-category"),
         QCoreApplication::translate("cli", "Do not turn the L0 domain into a filter.")});
    parser.addOption({QStringLiteral("agent"),
                      QCoreApplication::translate("cli", "Print the agent-facing RagToolResult.")});
    parser.addPositionalArgument(QStringLiteral("QUERY"),
                                 QCoreApplication::translate("cli", "The question."));
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    QString kbDir;
    if (!requireOption(parser, QStringLiteral("kb"), kbDir, exitCode))
        return exitCode;
    if (parser.positionalArguments().isEmpty())
        return usage(parser, QCoreApplication::translate("cli", "missing QUERY"));

    LookupRequest request;
    auto query = queryArgument(parser);
    if (!query)
        return fail(query.error());
    request.query = *query;
    request.searchMode = parser.value(QStringLiteral("mode"));
    if (!request.searchMode.isEmpty() && request.searchMode != vocab::kModeDense &&
        request.searchMode != vocab::kModeHybrid)
        return usage(parser, QCoreApplication::translate("cli", "--mode must be dense or hybrid"));
    if (parser.isSet(QStringLiteral("top-k"))) {
        bool ok = false;
        request.topK = parser.value(QStringLiteral("top-k")).toInt(&ok);
        if (!ok || request.topK < 1 || request.topK > 1000)
            return usage(parser, QCoreApplication::translate(
                                     "cli", "--top-k must be a number from 1 to 1000"));
    }
    request.category = parser.value(QStringLiteral("category"));
    // An empty --category named no category: the automatic one was applied instead, silently.
    if (parser.isSet(QStringLiteral("category")) && request.category.trimmed().isEmpty())
        return usage(parser, QCoreApplication::translate(
                                 "cli", "--category needs a category name; for no filter at "
                                        "all, give --no-auto-category"));
    request.autoCategory = !parser.isSet(QStringLiteral("no-auto-category"));

    auto kb = KnowledgeBase::open(kbDir);
    if (!kb)
        return fail(kb.error());
    const LookupEngine engine(*kb);
    const LookupResult result = engine.lookup(request);
    if (parser.isSet(QStringLiteral("agent")))
        printJson(ctx, nlohmann::json(RagResultProjector::project(result)));
    else
        printJson(ctx, nlohmann::json(result));
    if (result.evidenceStatus == vocab::kError)
        return fail(result.errorMessage);
    return ExitOk;
}

RAGLENS_CLI_COMMAND("lookup",
                    QT_TRANSLATE_NOOP("cli", "Run lookup_knowledge against a knowledge base"),
                    runLookup);

} // namespace raglens::cli
