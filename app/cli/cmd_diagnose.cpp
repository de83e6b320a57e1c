// raglens-cli diagnose --db DB --invocation ID: rule-based findings for one tool invocation.

#include "cmd_common_db.h"

#include "diagnostics/invocation_findings.h"
#include "trace/audit_browser.h"

#include <QCoreApplication>

namespace raglens::cli {

static QString tr(const char* text)
{
    return QCoreApplication::translate("cli", text);
}

static int runDiagnose(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Findings (GOOD / WARNING / CRITICAL) with suggestions for one tool invocation."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption(
        {QStringLiteral("invocation"), tr("The tool_invocation id."), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("low-quality"),
                      tr("Average evidence quality under this is a warning (default 0.6)."),
                      QStringLiteral("Q")});
    parser.addOption({QStringLiteral("slow-ms"),
                      tr("Retrieval latency over this is a warning (default 2000)."),
                      QStringLiteral("MS")});
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    QString idText;
    if (!requireOption(parser, QStringLiteral("invocation"), idText, exitCode))
        return exitCode;
    bool ok = false;
    const qint64 id = idText.toLongLong(&ok);
    if (!ok)
        return usage(parser, tr("--invocation must be a number, not '%1'").arg(idText));
    DiagnosticThresholds thresholds;
    if (parser.isSet(QStringLiteral("low-quality"))) {
        thresholds.lowQuality = parser.value(QStringLiteral("low-quality")).toDouble(&ok);
        if (!ok || thresholds.lowQuality < 0 || thresholds.lowQuality > 1)
            return usage(parser, tr("--low-quality must be a number from 0 to 1"));
    }
    if (parser.isSet(QStringLiteral("slow-ms"))) {
        thresholds.slowRetrievalMs = parser.value(QStringLiteral("slow-ms")).toLongLong(&ok);
        if (!ok || thresholds.slowRetrievalMs < 0)
            return usage(parser, tr("--slow-ms must be a positive number"));
    }

    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    const AuditBrowser browser(*db);
    auto inv = browser.invocation(id);
    if (!inv)
        return fail(inv.error());
    std::optional<qint64> stepTokens;
    if (inv->stepId && !inv->runId.isEmpty()) {
        if (auto steps = browser.stepsOfRun(inv->runId))
            for (const TraceStep& s : *steps)
                if (s.id == *inv->stepId)
                    stepTokens = s.tokenCount;
    }
    printJson(ctx, diagnoseInvocation(*inv, stepTokens, thresholds));
    return ExitOk;
}

RAGLENS_CLI_COMMAND("diagnose", "Findings and suggestions for one tool invocation", runDiagnose);

} // namespace raglens::cli
