// raglens-cli check --db DB [--session S | --run R | --since T --until T] [--rules FILE]
// [--table]: runs the audit rules and prints, per rule, PASS / FAIL / N/A with the offending
// rows. Exit 0 when every rule passed, 1 when any failed, 2 on bad usage.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "check/audit_check.h"

#include <QCoreApplication>

#include <cstdio>

namespace raglens::cli {

static int runCheck(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr(
        "Checks that an audit database keeps its promises (step binding, call identity, "
        "the input_params contract, no leaked secrets, the rag_lookup_v1 shape, consistent "
        "runs). Exit 0 when every rule passed, 1 when any failed. Progress goes to stderr."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption(
        {QStringLiteral("session"), CliText::tr("Check one session."), QStringLiteral("S")});
    parser.addOption({QStringLiteral("run"), CliText::tr("Check one run."), QStringLiteral("R")});
    addWindowOptions(parser);
    parser.addOption({QStringLiteral("rules"),
                      CliText::tr("A JSON rules file that switches rules off or tunes them."),
                      QStringLiteral("FILE")});
    parser.addOption(
        {QStringLiteral("table"), CliText::tr("Print a table for people instead of JSON.")});
    int exitCode = ExitOk;
    if (!parseOptionsOnly(parser, ctx, exitCode))
        return exitCode;
    check::CheckScope scope;
    scope.sessionId = parser.value(QStringLiteral("session"));
    scope.runId = parser.value(QStringLiteral("run"));
    if (!readWindowOptions(parser, scope.since, scope.until, exitCode))
        return exitCode;
    const int chosen = (scope.sessionId.isEmpty() ? 0 : 1) + (scope.runId.isEmpty() ? 0 : 1) +
                       (scope.since.isValid() || scope.until.isValid() ? 1 : 0);
    if (chosen > 1)
        return usage(parser, CliText::tr("give one of --session, --run or a time window"));
    check::CheckConfig config;
    if (parser.isSet(QStringLiteral("rules"))) {
        auto read = check::CheckConfig::fromFile(parser.value(QStringLiteral("rules")));
        if (!read)
            return usage(parser, read.error());
        config = *read;
    }
    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    auto report =
        check::runAuditCheck(*db, scope, config, progressOnStderr([](qint64 done, qint64 total) {
            return CliText::tr("checked %1 of %2 runs").arg(done).arg(total);
        }));
    if (!report)
        return fail(report.error());
    if (parser.isSet(QStringLiteral("table")))
        std::fputs(check::reportTable(*report).toUtf8().constData(), stdout);
    else
        printJson(ctx, *report);
    return report->passed() ? ExitOk : ExitFailure;
}

RAGLENS_CLI_COMMAND(
    "check",
    QT_TRANSLATE_NOOP("cli", "Check that an audit database keeps its promises; find secrets"),
    runCheck);

} // namespace raglens::cli
