// raglens-cli diagnose --db DB (--invocation ID | --run RUN_ID): rule-based findings for one
// tool invocation, or for every invocation of a run with the run's worst severity.

#include "cmd_common_db.h"

#include "diagnostics/invocation_findings.h"
#include "trace/audit_browser.h"

#include <QCoreApplication>

#include <map>

namespace raglens::cli {

static QString tr(const char* text)
{
    return QCoreApplication::translate("cli", text);
}

static int runDiagnose(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Findings (GOOD / WARNING / CRITICAL) with suggestions for one tool invocation, "
           "or for every invocation of a run."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption(
        {QStringLiteral("invocation"), tr("The tool_invocation id."), QStringLiteral("ID")});
    parser.addOption(
        {QStringLiteral("run"), tr("Every invocation of this run."), QStringLiteral("RUN_ID")});
    parser.addOption({QStringLiteral("low-quality"),
                      tr("Average evidence quality under this is a warning (default 0.6)."),
                      QStringLiteral("Q")});
    parser.addOption({QStringLiteral("slow-ms"),
                      tr("Retrieval latency over this is a warning (default 2000)."),
                      QStringLiteral("MS")});
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    const QString idText = parser.value(QStringLiteral("invocation"));
    const QString runId = parser.value(QStringLiteral("run"));
    if (idText.isEmpty() == runId.isEmpty())
        return usage(parser, tr("give exactly one of --invocation ID and --run RUN_ID"));
    bool ok = true;
    const qint64 id = idText.isEmpty() ? 0 : idText.toLongLong(&ok);
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
    std::map<qint64, qint64> stepTokens;
    const auto loadSteps = [&](const QString& run) {
        if (auto steps = browser.stepsOfRun(run))
            for (const TraceStep& s : *steps)
                stepTokens[s.id] = s.tokenCount;
    };
    const auto tokensOf = [&](const TraceInvocation& inv) -> std::optional<qint64> {
        if (inv.stepId && stepTokens.count(*inv.stepId))
            return stepTokens[*inv.stepId];
        return std::nullopt;
    };
    if (runId.isEmpty()) {
        auto inv = browser.invocation(id);
        if (!inv)
            return fail(inv.error());
        if (!inv->runId.isEmpty())
            loadSteps(inv->runId);
        printJson(ctx, diagnoseInvocation(*inv, tokensOf(*inv), thresholds));
        return ExitOk;
    }

    auto invocations = browser.invocationsOfRun(runId);
    if (!invocations)
        return fail(invocations.error());
    if (invocations->empty())
        return fail(
            tr("No tool invocations for run '%1' in %2.").arg(runId, db->location().display()));
    loadSteps(runId);
    QString worst = severity::kGood;
    nlohmann::json list = nlohmann::json::array();
    for (const TraceInvocation& listed : *invocations) {
        // The single-row read adds the full-trace sample, which sharpens the quality check.
        auto inv = browser.invocation(listed.id);
        const InvocationDiagnosis d =
            diagnoseInvocation(inv ? *inv : listed, tokensOf(listed), thresholds);
        if (severity::rank(d.severity) > severity::rank(worst))
            worst = d.severity;
        list.push_back(d);
    }
    printJson(ctx, {{"runId", runId},
                    {"sessionId", invocations->front().sessionId},
                    {"severity", worst},
                    {"invocations", list}});
    return ExitOk;
}

RAGLENS_CLI_COMMAND("diagnose", "Findings and suggestions for an invocation or a run", runDiagnose);

} // namespace raglens::cli
