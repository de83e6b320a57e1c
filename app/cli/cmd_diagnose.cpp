// raglens-cli diagnose --db DB (--invocation ID | --run RUN_ID): rule-based findings for one
// tool invocation, or for every invocation of a run with the run's worst severity.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "diagnostics/invocation_findings.h"
#include "interpret/run_facts.h"
#include "kb/knowledge_base.h"
#include "replay/empty_cause_check.h"
#include "replay/replay_runner.h"
#include "trace/audit_browser.h"

#include <QCoreApplication>

#include <map>

namespace raglens::cli {

static void addDiagnoseOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(CliText::tr(
        "Findings (GOOD / WARNING / CRITICAL) with suggestions for one tool invocation, "
        "or for every invocation of a run."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption({QStringLiteral("invocation"), CliText::tr("The tool_invocation id."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("run"), CliText::tr("Every invocation of this run."),
                      QStringLiteral("RUN_ID")});
    parser.addOption(
        {QStringLiteral("low-quality"),
         CliText::tr("Average evidence quality under this is a warning (default 0.6)."),
         QStringLiteral("Q")});
    parser.addOption(
        {QStringLiteral("replay"),
         CliText::tr("Look every empty lookup up again in the local knowledge base given by "
                     "--kb, to tell a search backend that returned nothing from a coverage "
                     "gap.")});
    parser.addOption({QStringLiteral("kb"), CliText::tr("Knowledge base directory for --replay."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("slow-ms"),
                      CliText::tr("Retrieval latency over this is a warning (default 2000)."),
                      QStringLiteral("MS")});
}

namespace {

/// Diagnoses invocations read through one browser: the steps' token counts of the runs it
/// read, and with --replay a local knowledge base that tells an empty lookup's cause.
class Diagnoser
{
public:
    Diagnoser(const AuditBrowser& browser, const DiagnosticThresholds& thresholds,
              std::shared_ptr<KnowledgeBase> kb)
        : m_browser(browser), m_thresholds(thresholds), m_kb(std::move(kb))
    {}

    void loadSteps(const QString& runId)
    {
        if (auto steps = m_browser.stepsOfRun(runId))
            for (const TraceStep& s : *steps)
                m_stepTokens[s.id] = s.tokenCount;
    }

    nlohmann::json diagnose(const TraceInvocation& inv) const
    {
        std::optional<qint64> tokens;
        if (inv.stepId && m_stepTokens.count(*inv.stepId))
            tokens = m_stepTokens.at(*inv.stepId);
        nlohmann::json j = diagnoseInvocation(inv, tokens, m_thresholds);
        if (!m_kb || interpret::interpretInvocation(inv).evidenceStatus !=
                         interpret::EvidenceStatus::NoEvidence)
            return j;
        auto outcome = replayInvocation(LookupEngine(m_kb), inv);
        if (!outcome)
            j["replay"] = {{"error", outcome.error()}};
        else
            j["replay"] = checkEmptyCause(true, outcome->replayed);
        return j;
    }

    const AuditBrowser& browser() const { return m_browser; }

private:
    const AuditBrowser& m_browser;
    DiagnosticThresholds m_thresholds;
    std::shared_ptr<KnowledgeBase> m_kb;
    std::map<qint64, qint64> m_stepTokens;
};

} // namespace

static int diagnoseOneInvocation(Context& ctx, Diagnoser& diagnoser, const QVariant& id)
{
    auto inv = diagnoser.browser().invocation(id);
    if (!inv)
        return fail(inv.error());
    if (!inv->runId.isEmpty())
        diagnoser.loadSteps(inv->runId);
    printJson(ctx, diagnoser.diagnose(*inv));
    return ExitOk;
}

static int diagnoseRun(Context& ctx, Diagnoser& diagnoser, const QString& runId)
{
    const AuditBrowser& browser = diagnoser.browser();
    auto invocations = browser.invocationsOfRun(runId);
    if (!invocations)
        return fail(invocations.error());
    // A run without any call still has an outcome to explain, when its row exists. A row
    // without a session is no run to the lists and the trace (its calls form an orphan run
    // there): read so here too, or diagnose gave a FALLBACK the trace did not show.
    auto run = browser.run(runId, true);
    if (!run && invocations->empty())
        return fail(run.error());
    diagnoser.loadSteps(runId);
    QString worst = severity::kGood;
    nlohmann::json list = nlohmann::json::array();
    for (const TraceInvocation& listed : *invocations) {
        // The single-row read adds the full-trace sample, which sharpens the quality check.
        auto inv = browser.invocation(listed.storedId());
        const nlohmann::json d = diagnoser.diagnose(inv ? *inv : listed);
        const QString severity = QString::fromStdString(d.value("severity", std::string()));
        if (severity::rank(severity) > severity::rank(worst))
            worst = severity;
        list.push_back(d);
    }
    nlohmann::json out = {{"runId", runId},
                          {"sessionId", run ? run->sessionId : invocations->front().sessionId},
                          {"severity", worst},
                          {"invocations", list}};
    if (run) {
        const interpret::RunFallbackCause cause = interpret::runFallbackCause(*run, *invocations);
        out["releaseOutcome"] = json_util::stringOrNull(run->releaseOutcome);
        // As every list reads it: a SAFE_FALLBACK report is a FALLBACK whatever
        // release_outcome holds.
        out["outcome"] = json_util::stringOrNull(interpret::runOutcome(*run));
        out["fallbackCause"] = cause;
        out["verdict"] = json_util::stringOrNull(cause.sentence);
    } else {
        // The cause as the trace gives it for this orphan run (no outcome: not a fallback).
        TraceRun orphan;
        orphan.runId = runId;
        orphan.sessionId = invocations->front().sessionId;
        orphan.orphan = true;
        out["fallbackCause"] = interpret::runFallbackCause(orphan, *invocations);
        out["verdict"] = json_util::stringOrNull(
            CliText::tr("This run has no diagnosis_run row (an orphan): its outcome is unknown."));
    }
    printJson(ctx, out);
    return ExitOk;
}

static int runDiagnose(Context& ctx)
{
    QCommandLineParser parser;
    addDiagnoseOptions(parser);
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    const QString idText = parser.value(QStringLiteral("invocation"));
    const QString runId = parser.value(QStringLiteral("run"));
    if (idText.isEmpty() == runId.isEmpty())
        return usage(parser, CliText::tr("give exactly one of --invocation ID and --run RUN_ID"));
    const QVariant id = invocationIdArgument(idText);
    DiagnosticThresholds thresholds;
    if (!readNumberOption(parser, QStringLiteral("low-quality"), 0, 1, thresholds.lowQuality,
                          exitCode))
        return exitCode;
    if (parser.isSet(QStringLiteral("slow-ms"))) {
        bool ok = false;
        thresholds.slowRetrievalMs = parser.value(QStringLiteral("slow-ms")).toLongLong(&ok);
        if (!ok || thresholds.slowRetrievalMs < 0)
            return usage(parser, CliText::tr("--slow-ms must be a positive number"));
    }

    if (!parser.positionalArguments().isEmpty())
        return usage(
            parser,
            CliText::tr("unexpected argument '%1'").arg(parser.positionalArguments().first()));
    const bool replay = parser.isSet(QStringLiteral("replay"));
    if (replay != parser.isSet(QStringLiteral("kb")))
        return usage(parser, CliText::tr("--replay and --kb DIR go together"));
    std::shared_ptr<KnowledgeBase> kb;
    if (replay) {
        auto opened = KnowledgeBase::open(parser.value(QStringLiteral("kb")));
        if (!opened)
            return fail(opened.error());
        kb = *opened;
    }

    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    const AuditBrowser browser(*db);
    Diagnoser diagnoser(browser, thresholds, kb);
    return runId.isEmpty() ? diagnoseOneInvocation(ctx, diagnoser, id)
                           : diagnoseRun(ctx, diagnoser, runId);
}

RAGLENS_CLI_COMMAND("diagnose",
                    QT_TRANSLATE_NOOP("cli", "Findings and suggestions for an invocation or a run"),
                    runDiagnose);

} // namespace raglens::cli
