// raglens-cli ingest --kb DIR SOURCE_DIR [--index auto|flat|hnsw] [--progress]

#include "cli_command.h"

#include "kb/knowledge_base.h"

#include <QCoreApplication>

#include <cstdio>

namespace raglens::cli {

static int runIngest(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "cli", "Creates or updates a knowledge base from a folder of Markdown / text files "
               "(first-level folders are categories)."));
    parser.addOption({QStringLiteral("kb"),
                      QCoreApplication::translate("cli", "Knowledge base folder."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("index"),
                      QCoreApplication::translate("cli", "Vector index: auto, flat or hnsw."),
                      QStringLiteral("KIND"), QStringLiteral("auto")});
    parser.addOption({QStringLiteral("progress"),
                      QCoreApplication::translate("cli", "Report progress on stderr.")});
    parser.addPositionalArgument(QStringLiteral("SOURCE_DIR"),
                                 QCoreApplication::translate("cli", "Folder to ingest."));
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    QString kbDir;
    if (!requireOption(parser, QStringLiteral("kb"), kbDir, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usage(parser, QCoreApplication::translate("cli", "expected exactly one SOURCE_DIR"));
    const QString kind = parser.value(QStringLiteral("index"));
    if (kind != QLatin1String("auto") && kind != QLatin1String("flat") &&
        kind != QLatin1String("hnsw"))
        return usage(parser,
                     QCoreApplication::translate("cli", "--index must be auto, flat or hnsw"));

    IngestOptions options;
    options.indexKind = kind;
    if (parser.isSet(QStringLiteral("progress")))
        options.onProgress = [](const IngestProgress& p) {
            std::fprintf(stderr, "%s %d/%d files, %d chunks %s\n", qPrintable(p.phase), p.filesDone,
                         p.filesTotal, p.chunks, qPrintable(p.currentFile));
            return true;
        };
    Expected<IngestSummary> summary =
        ingestFolder(parser.positionalArguments().constFirst(), kbDir, options);
    if (!summary)
        return fail(summary.error());
    for (const SkippedFile& f : summary->skipped)
        std::fprintf(stderr, "raglens-cli: skipped %s: %s\n", qPrintable(f.path),
                     qPrintable(f.reason));
    printJson(ctx, nlohmann::json(*summary));
    return ExitOk;
}

RAGLENS_CLI_COMMAND("ingest", "Build or update a knowledge base from a folder", runIngest);

} // namespace raglens::cli
