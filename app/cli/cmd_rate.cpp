// raglens-cli rate --db DB --run RUN_ID --helpful yes|no|unknown [--comment TEXT] [--write]
// A person's rating of a run, written to run_feedback (what the GUI's Rate Run… writes).
// A database RagLens did not create is written only with --write.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "audit/run_feedback.h"
#include "common/json_qt.h"

#include <QCoreApplication>

namespace raglens::cli {

static int runRate(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr(
        "Rate a run: was it helpful? Writes one run_feedback row, which health counts and "
        "'problems' reads."));
    addDatabaseOptions(parser, /*withWrite=*/true);
    parser.addOption(
        {QStringLiteral("run"), CliText::tr("The run to rate."), QStringLiteral("RUN_ID")});
    parser.addOption({QStringLiteral("helpful"),
                      CliText::tr("yes, no, or unknown (a comment without a verdict)."),
                      QStringLiteral("ANSWER")});
    parser.addOption({QStringLiteral("comment"), CliText::tr("What was missing or wrong."),
                      QStringLiteral("TEXT")});
    int exitCode = ExitOk;
    if (!parseOptionsOnly(parser, ctx, exitCode))
        return exitCode;
    QString runId;
    QString answer;
    if (!requireOption(parser, QStringLiteral("run"), runId, exitCode) ||
        !requireOption(parser, QStringLiteral("helpful"), answer, exitCode))
        return exitCode;
    if (!checkChoice(parser, QStringLiteral("helpful"),
                     {QStringLiteral("yes"), QStringLiteral("no"), QStringLiteral("unknown")},
                     exitCode))
        return exitCode;
    std::optional<bool> satisfied;
    if (answer != QLatin1String("unknown"))
        satisfied = answer == QLatin1String("yes");
    const QString comment = parser.value(QStringLiteral("comment")).trimmed();

    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    const QDateTime at = QDateTime::currentDateTimeUtc();
    if (const Status s = writeRunFeedback(*db, runId, satisfied, comment, at); !s)
        return fail(s.error());
    printJson(ctx, {{"runId", runId},
                    {"satisfied", satisfied ? nlohmann::json(*satisfied) : nlohmann::json()},
                    {"comment", comment.isEmpty() ? nlohmann::json() : nlohmann::json(comment)},
                    {"createdAt", at.toString(Qt::ISODateWithMs)}});
    return ExitOk;
}

RAGLENS_CLI_COMMAND("rate",
                    QT_TRANSLATE_NOOP("cli", "Rate a run helpful or not (writes run_feedback)"),
                    runRate);

} // namespace raglens::cli
