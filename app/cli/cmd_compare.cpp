// raglens-cli compare --db DB (--run A --run B | --invocation X --invocation Y) [--db-b DB2]:
// two runs aligned step by step, or two lookups, side by side as JSON — what differs from
// the run that worked.

#include "cmd_common_db.h"

#include "compare/run_comparison.h"
#include "model/vocabulary.h"
#include "trace/audit_browser.h"

#include <QCoreApplication>

namespace raglens::cli {

static void addCompareOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QCoreApplication::translate(
        "cli", "Compare two runs step by step (--run A --run B), or two lookups (--invocation X "
               "--invocation Y): attempts, evidence keys gained and lost, rank and similarity "
               "moves, relevance, evidence status, truncation and duration, as JSON. A is the "
               "first, B the second."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption(
        {QStringLiteral("db-b"),
         QCoreApplication::translate("cli", "Read B from this database instead (path or URL)."),
         QStringLiteral("DB")});
    parser.addOption({QStringLiteral("run"),
                      QCoreApplication::translate("cli", "A run id; give it twice."),
                      QStringLiteral("RUN_ID")});
    parser.addOption({QStringLiteral("invocation"),
                      QCoreApplication::translate("cli", "A tool_invocation id; give it twice."),
                      QStringLiteral("ID")});
}

static int runCompare(Context& ctx)
{
    QCommandLineParser parser;
    addCompareOptions(parser);
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    const QStringList runs = parser.values(QStringLiteral("run"));
    const QStringList calls = parser.values(QStringLiteral("invocation"));
    if (!((runs.size() == 2 && calls.isEmpty()) || (calls.size() == 2 && runs.isEmpty())))
        return usage(parser,
                     QCoreApplication::translate("cli", "give --run twice or --invocation twice"));
    if (!parser.positionalArguments().isEmpty())
        return usage(parser, QCoreApplication::translate("cli", "unexpected argument \"%1\"")
                                 .arg(parser.positionalArguments().first()));
    std::vector<QVariant> ids;
    for (const QString& text : calls)
        ids.push_back(invocationIdArgument(text));

    auto dbA = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!dbA)
        return exitCode;
    std::unique_ptr<AuditDatabase> ownB;
    if (parser.isSet(QStringLiteral("db-b"))) {
        auto opened =
            AuditDatabase::open(parser.value(QStringLiteral("db-b")), AccessMode::Inspect);
        if (!opened)
            return fail(opened.error());
        ownB = std::move(*opened);
    }
    const AuditBrowser browserA(*dbA);
    const AuditBrowser browserB(ownB ? *ownB : *dbA);

    if (!ids.empty()) {
        auto a = browserA.invocation(ids[0]);
        if (!a)
            return fail(a.error());
        auto b = browserB.invocation(ids[1]);
        if (!b)
            return fail(b.error());
        if (a->toolName != vocab::kLookupKnowledge || b->toolName != vocab::kLookupKnowledge)
            return fail(QCoreApplication::translate(
                            "cli",
                            "Only lookup_knowledge calls can be compared as lookups (%1 is %2, "
                            "%3 is %4); compare their runs with --run.")
                            .arg(a->shownId(), a->toolName, b->shownId(), b->toolName));
        printJson(ctx, compare::compareLookups(*a, *b));
        return ExitOk;
    }
    auto a = compare::loadRun(browserA, runs[0]);
    if (!a)
        return fail(a.error());
    auto b = compare::loadRun(browserB, runs[1]);
    if (!b)
        return fail(b.error());
    printJson(ctx, compare::compareRuns(*a, *b));
    return ExitOk;
}

RAGLENS_CLI_COMMAND("compare",
                    QT_TRANSLATE_NOOP("cli", "Compare two runs or two lookups side by side"),
                    runCompare);

} // namespace raglens::cli
