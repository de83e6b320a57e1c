// raglens-cli ingest --kb DIR SOURCE_DIR [--index auto|flat|hnsw] [--progress]
//     [--embedder hashing|openai --embedder-url URL --embedder-model M
//      [--embedder-dimension N] [--embedder-token-env VAR] [--embedder-batch N]
//      [--embedder-timeout MS]]

#include "cli_command.h"

#include "kb/knowledge_base.h"

#include <QCoreApplication>

#include <cstdio>

namespace raglens::cli {

static void addIngestOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QCoreApplication::translate(
        "cli", "Creates or updates a knowledge base from a folder of Markdown / text files "
               "(first-level folders are categories)."));
    parser.addOption({QStringLiteral("kb"),
                      QCoreApplication::translate("cli", "Knowledge base folder."),
                      QStringLiteral("DIR")});
    parser.addOption(
        {QStringLiteral("index"),
         QCoreApplication::translate("cli", "Vector index: auto, flat or hnsw (default: what the "
                                            "knowledge base was built with; auto for a new one)."),
         QStringLiteral("KIND")});
    parser.addOption({QStringLiteral("progress"),
                      QCoreApplication::translate("cli", "Report progress on stderr.")});
    parser.addOption(
        {QStringLiteral("embedder"),
         QCoreApplication::translate(
             "cli", "hashing (offline, the default for a new KB) or openai (an OpenAI-compatible "
                    "/v1/embeddings server). A KB keeps its embedder unless this is given."),
         QStringLiteral("KIND")});
    parser.addOption({QStringLiteral("embedder-url"),
                      QCoreApplication::translate(
                          "cli", "Embeddings server, e.g. http://127.0.0.1:11434 (Ollama)."),
                      QStringLiteral("URL")});
    parser.addOption({QStringLiteral("embedder-model"),
                      QCoreApplication::translate("cli", "Embedding model name."),
                      QStringLiteral("MODEL")});
    parser.addOption(
        {QStringLiteral("embedder-dimension"),
         QCoreApplication::translate("cli", "Vector dimension (default: asked from the server)."),
         QStringLiteral("N")});
    parser.addOption(
        {QStringLiteral("embedder-token-env"),
         QCoreApplication::translate(
             "cli", "Environment variable holding the bearer token (the KB stores its name, "
                    "never the token)."),
         QStringLiteral("VAR")});
    parser.addOption({QStringLiteral("embedder-batch"),
                      QCoreApplication::translate("cli", "Texts per request (default 64)."),
                      QStringLiteral("N")});
    parser.addOption(
        {QStringLiteral("embedder-timeout"),
         QCoreApplication::translate("cli", "Milliseconds a request may take (default 30000)."),
         QStringLiteral("MS")});
    parser.addPositionalArgument(QStringLiteral("SOURCE_DIR"),
                                 QCoreApplication::translate("cli", "Folder to ingest."));
}

static int runIngest(Context& ctx)
{
    QCommandLineParser parser;
    addIngestOptions(parser);
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    QString kbDir;
    if (!requireOption(parser, QStringLiteral("kb"), kbDir, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usage(parser, QCoreApplication::translate("cli", "expected exactly one SOURCE_DIR"));
    const QString kind = parser.value(QStringLiteral("index"));
    if (parser.isSet(QStringLiteral("index")) && kind != QLatin1String("auto") &&
        kind != QLatin1String("flat") && kind != QLatin1String("hnsw"))
        return usage(parser,
                     QCoreApplication::translate("cli", "--index must be auto, flat or hnsw"));

    IngestOptions options;
    options.indexKind = kind;
    const QString embedder = parser.value(QStringLiteral("embedder"));
    if (embedder == QLatin1String("hashing")) {
        options.hashingEmbedder = true;
    } else if (embedder == QLatin1String("openai")) {
        EmbeddingsEndpoint e;
        e.url = parser.value(QStringLiteral("embedder-url"));
        e.model = parser.value(QStringLiteral("embedder-model"));
        e.tokenEnv = parser.value(QStringLiteral("embedder-token-env"));
        const auto number = [&](const char* name, int fallback, bool& good) {
            if (!parser.isSet(QString::fromLatin1(name)))
                return fallback;
            const int v = parser.value(QString::fromLatin1(name)).toInt(&good);
            good = good && v > 0;
            return v;
        };
        bool good = true;
        e.dimension = number("embedder-dimension", 0, good);
        e.batchSize = number("embedder-batch", e.batchSize, good);
        e.timeoutMs = number("embedder-timeout", e.timeoutMs, good);
        if (!good)
            return usage(parser, QCoreApplication::translate(
                                     "cli", "--embedder-dimension, --embedder-batch and "
                                            "--embedder-timeout take a positive number"));
        if (const QString problem = e.problem(); !problem.isEmpty())
            return usage(parser, problem);
        options.remoteEmbedder = e;
    } else if (!embedder.isEmpty()) {
        return usage(parser,
                     QCoreApplication::translate("cli", "--embedder must be hashing or openai"));
    }
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

RAGLENS_CLI_COMMAND("ingest",
                    QT_TRANSLATE_NOOP("cli", "Build or update a knowledge base from a folder"),
                    runIngest);

} // namespace raglens::cli
