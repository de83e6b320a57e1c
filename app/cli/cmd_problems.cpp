// raglens-cli problems --db DB [--since T] [--until T] [--max-runs N] [--out FILE.jsonl]
// The problem-query library: the lookups of runs that went wrong (empty retrieval, FALLBACK,
// negative feedback) as eval-set lines, one per normalised query, each marked for review.
// Without --out the lines go to stdout; with --out they are written atomically and a
// summary is printed instead.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "common/atomic_file.h"
#include "eval/problem_library.h"

#include <QCoreApplication>

#include <cstdio>

namespace raglens::cli {

static int runProblems(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr(
        "Write the queries of runs that went wrong (empty retrieval, FALLBACK, negative "
        "feedback) as eval-set lines for review, one per normalised query."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    addWindowOptions(parser);
    parser.addOption({QStringLiteral("max-runs"),
                      CliText::tr("Read at most N problem runs, newest first (default: all)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("out"),
                      CliText::tr("Write the lines to FILE (JSON Lines) instead of stdout."),
                      QStringLiteral("FILE")});
    int exitCode = ExitOk;
    if (!parseOptionsOnly(parser, ctx, exitCode))
        return exitCode;
    ProblemLibraryOptions options;
    if (!readWindowOptions(parser, options.since, options.until, exitCode))
        return exitCode;
    if (parser.isSet(QStringLiteral("max-runs"))) {
        bool good = false;
        options.maxRuns = parser.value(QStringLiteral("max-runs")).toInt(&good);
        if (!good || options.maxRuns < 1)
            return usage(parser, CliText::tr("--max-runs must be a whole number of at least 1"));
    }

    QString out;
    if (!optionalFileOption(parser, QStringLiteral("out"), out, exitCode))
        return exitCode;
    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    auto library = collectProblemQueries(*db, options);
    if (!library)
        return fail(library.error());
    for (const QString& note : library->notes)
        warn(note);
    // Problem lookups that could not become a query are said, not dropped in silence: an
    // empty output must not read as "no problems" (the summary with --out lists them all).
    if (!library->skipped.isEmpty() && out.isEmpty())
        warn(CliText::tr("%n problem lookup(s) skipped, the first: %1", nullptr,
                         int(library->skipped.size()))
                 .arg(library->skipped.first()));

    std::string lines;
    for (const ProblemLibraryEntry& e : library->entries)
        lines += problemEvalLine(e).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
                 "\n";
    if (out.isEmpty()) {
        std::fwrite(lines.data(), 1, lines.size(), stdout);
        std::fflush(stdout); // a write error is reported by main as exit 1
        return ExitOk;
    }
    if (const Status written = atomic_file::write(out, lines); !written)
        return fail(written.error());
    nlohmann::json summary = problemLibrarySummary(*library);
    summary["written"] = out;
    printJson(ctx, summary);
    return ExitOk;
}

RAGLENS_CLI_COMMAND(
    "problems",
    QT_TRANSLATE_NOOP(
        "cli", "Write the problem queries (empty, FALLBACK, disliked runs) as eval-set lines"),
    runProblems);

} // namespace raglens::cli
