// raglens-cli eval --kb DIR --set FILE.jsonl [--k N] [--baseline F] [--save-baseline F]
//                  [--fixtures DIR --golden FILE]
// Offline retrieval evaluation (DESIGN §6). Exit 1 when there are regressions, so a CI job
// fails when retrieval quality drops.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "eval/eval_baseline.h"
#include "eval/eval_runner.h"
#include "eval/golden_fixtures.h"
#include "kb/kb_data.h"
#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"
#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <cstdio>

namespace raglens::cli {

using nlohmann::json;

static void note(const QString& message)
{
    std::fprintf(stderr, "raglens-cli eval: %s\n", qPrintable(message));
}

static void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(CliText::tr(
        "Runs an eval set against a knowledge base and prints hit@k, recall@k, MRR, nDCG@k, "
        "no-evidence accuracy, attempt/relevance agreement and latency, per case and per "
        "tag. With --baseline, exits 1 when a metric drops beyond the tolerance or a case "
        "goes from hit to miss. --fixtures/--golden check frozen LookupResult files "
        "without a knowledge base."));
    parser.addOptions({
        {QStringLiteral("kb"), CliText::tr("Knowledge base folder."), QStringLiteral("DIR")},
        {QStringLiteral("set"), CliText::tr("Eval set (JSON Lines)."), QStringLiteral("FILE")},
        {QStringLiteral("k"), CliText::tr("Cut-off of the @k metrics (default 5)."),
         QStringLiteral("N"), QStringLiteral("5")},
        {QStringLiteral("baseline"), CliText::tr("Compare with this saved baseline."),
         QStringLiteral("F")},
        {QStringLiteral("save-baseline"), CliText::tr("Save this run as a baseline."),
         QStringLiteral("F")},
        {QStringLiteral("label"), CliText::tr("Label stored with --save-baseline."),
         QStringLiteral("TEXT")},
        {QStringLiteral("tolerance"),
         CliText::tr("Allowed absolute drop of a metric before it is a regression (default 0.02)."),
         QStringLiteral("X"), QStringLiteral("0.02")},
        {QStringLiteral("latency-tolerance"),
         CliText::tr(
             "Allowed growth of p95 latency as a fraction of the baseline (default 1.0, and "
             "always at least 50 ms)."),
         QStringLiteral("R"), QStringLiteral("1.0")},
        {QStringLiteral("no-latency-check"),
         CliText::tr("Do not treat slower lookups as a regression.")},
        {QStringLiteral("mode"), CliText::tr("Search mode: dense or hybrid (default: the KB's)."),
         QStringLiteral("MODE")},
        {QStringLiteral("threads"), CliText::tr("Worker threads (default: all cores)."),
         QStringLiteral("N")},
        {QStringLiteral("fixtures"), CliText::tr("Folder of frozen LookupResult JSON fixtures."),
         QStringLiteral("DIR")},
        {QStringLiteral("golden"),
         CliText::tr("Golden expectations for the fixtures (JSON Lines)."), QStringLiteral("FILE")},
    });
}

// Frozen fixtures: failures become regressions of kind "fixture".
static int checkFixtureFiles(const QString& dir, const QString& goldenPath, json& out,
                             json& regressions)
{
    Expected<GoldenSet> golden = loadGoldenSet(goldenPath);
    if (!golden)
        return fail(golden.error());
    if (!golden->errors.empty()) {
        EvalSet asSet; // reuse the line-numbered summary
        asSet.errors = golden->errors;
        return fail(
            CliText::tr("%1 has malformed lines:\n%2").arg(goldenPath, asSet.errorSummary()));
    }
    const std::vector<FixtureCheck> checks = checkFixtures(dir, *golden);
    json results = json::array();
    int passed = 0;
    for (const FixtureCheck& c : checks) {
        results.push_back(c);
        if (c.passed()) {
            ++passed;
            continue;
        }
        json mismatches = json::array();
        for (const FixtureMismatch& m : c.mismatches)
            mismatches.push_back(m);
        regressions.push_back(json{{"kind", "fixture"},
                                   {"fixture", c.fixture},
                                   {"error", json_util::stringOrNull(c.loadError)},
                                   {"mismatches", mismatches}});
        note(c.loadError.isEmpty()
                 ? CliText::tr("fixture %1 no longer matches its golden expectations (%n "
                               "mismatch(es))",
                               nullptr, int(c.mismatches.size()))
                       .arg(c.fixture)
                 : c.loadError);
    }
    out = json{{"total", checks.size()},
               {"passed", passed},
               {"failed", int(checks.size()) - passed},
               {"results", results}};
    return ExitOk;
}

namespace {
/// What the command line asks of one eval run.
struct EvalArgs
{
    QString kbDir;
    QString setPath;
    QString fixturesDir;
    QString goldenPath;
    bool fixturesOnly = false;
    int k = 5;
    Tolerances tol;
    QString mode;
    int threads = 0;
};
} // namespace

/// Whether two paths name one file (through links, "./", "../"), as far as can be told.
static bool sameFile(const QString& a, const QString& b)
{
    const QFileInfo fa(a);
    const QFileInfo fb(b);
    if (fa.exists() && fb.exists())
        return fa.canonicalFilePath() == fb.canonicalFilePath();
    return QDir::cleanPath(fa.absoluteFilePath()) == QDir::cleanPath(fb.absoluteFilePath());
}

/// Reads and checks the options; false (with `exitCode` set and the reason printed) when
/// they are not usable.
static bool readEvalArgs(const QCommandLineParser& parser, EvalArgs& args, int& exitCode)
{
    args.kbDir = parser.value(QStringLiteral("kb"));
    args.setPath = parser.value(QStringLiteral("set"));
    args.fixturesDir = parser.value(QStringLiteral("fixtures"));
    args.goldenPath = parser.value(QStringLiteral("golden"));
    const auto bad = [&](const QString& why) {
        exitCode = usage(parser, why);
        return false;
    };
    if (args.fixturesDir.isEmpty() != args.goldenPath.isEmpty())
        return bad(CliText::tr("--fixtures and --golden go together"));
    args.fixturesOnly =
        args.kbDir.isEmpty() && args.setPath.isEmpty() && !args.fixturesDir.isEmpty();
    if (!args.fixturesOnly && (args.kbDir.isEmpty() || args.setPath.isEmpty()))
        return bad(CliText::tr("--kb and --set are required (or --fixtures and --golden alone)"));
    if (!parser.positionalArguments().isEmpty())
        return bad(
            CliText::tr("unexpected argument '%1'").arg(parser.positionalArguments().first()));
    // The baseline is written over its path: naming the eval set (or the golden set) there
    // replaced the user's cases with a report.
    if (parser.isSet(QStringLiteral("save-baseline"))) {
        const QString target = parser.value(QStringLiteral("save-baseline"));
        for (const QString& input : {args.setPath, args.goldenPath})
            if (!input.isEmpty() && sameFile(target, input))
                return bad(CliText::tr("--save-baseline names %1, which this run reads; save "
                                       "the baseline to another file")
                               .arg(input));
    }
    bool okK = false;
    args.k = parser.value(QStringLiteral("k")).toInt(&okK);
    if (!okK || args.k <= 0 || args.k > 100)
        return bad(CliText::tr("--k must be a whole number from 1 to 100"));
    if (!readNumberOption(parser, QStringLiteral("tolerance"), 0, 1e6, args.tol.metric, exitCode) ||
        !readNumberOption(parser, QStringLiteral("latency-tolerance"), 0, 1e6,
                          args.tol.latencyRatio, exitCode))
        return false;
    args.tol.checkLatency = !parser.isSet(QStringLiteral("no-latency-check"));
    args.mode = parser.value(QStringLiteral("mode"));
    if (!args.mode.isEmpty() && args.mode != vocab::kModeDense && args.mode != vocab::kModeHybrid)
        return bad(CliText::tr("--mode must be dense or hybrid"));
    if (parser.isSet(QStringLiteral("threads"))) {
        bool okThreads = false;
        args.threads = parser.value(QStringLiteral("threads")).toInt(&okThreads);
        // Each worker opens the knowledge base's files: past a few hundred the process runs
        // out of file descriptors long before it runs faster.
        if (!okThreads || args.threads <= 0 || args.threads > 64)
            return bad(CliText::tr("--threads must be a whole number from 1 to 64"));
    }
    return true;
}

/// Compares `report` with the baseline (when one is given) and saves it as one (when asked).
static Status compareAndSave(const QCommandLineParser& parser, const EvalReport& report,
                             const std::optional<EvalBaseline>& baseline, const Tolerances& tol,
                             std::optional<BaselineComparison>& comparison)
{
    if (baseline) {
        Expected<BaselineComparison> cmp = compareWithBaseline(report, *baseline, tol);
        if (!cmp)
            return Error{cmp.error()};
        comparison = std::move(*cmp);
        for (const ComparisonItem& item : comparison->regressions)
            note(CliText::tr("regression: %1").arg(item.describe()));
        if (!comparison->newCases.isEmpty())
            note(CliText::tr("%n case(s) not in the baseline", nullptr,
                             int(comparison->newCases.size())));
    }
    if (parser.isSet(QStringLiteral("save-baseline")))
        return saveBaseline(report, parser.value(QStringLiteral("save-baseline")),
                            parser.value(QStringLiteral("label")));
    return ok();
}

/// Runs the eval set against the knowledge base and prints the report with `regressions`
/// (and `fixtures`) of the fixture check.
static int evaluate(Context& ctx, const QCommandLineParser& parser, const EvalArgs& args,
                    const json& regressions, const json& fixtures)
{
    Expected<EvalSet> set = loadEvalSet(args.setPath);
    if (!set)
        return fail(set.error());
    if (!set->isValid())
        return fail(
            CliText::tr("%1 has malformed lines:\n%2").arg(args.setPath, set->errorSummary()));
    if (set->cases.empty())
        return fail(CliText::tr("%1 has no cases").arg(args.setPath));

    // Load the baseline before the run: a typo in its path should not cost a full run.
    std::optional<EvalBaseline> baseline;
    if (parser.isSet(QStringLiteral("baseline"))) {
        Expected<EvalBaseline> b = loadBaseline(parser.value(QStringLiteral("baseline")));
        if (!b)
            return fail(b.error());
        baseline = std::move(*b);
    }

    Expected<std::shared_ptr<KnowledgeBase>> kb = KnowledgeBase::open(args.kbDir);
    if (!kb)
        return fail(kb.error());
    // A case that expects a source the knowledge base does not hold can never hit (a typo,
    // a set written for another KB): said before the run, not left to read as a miss.
    QSet<QString> sources;
    for (const KbDocument& d : (*kb)->documents())
        sources.insert(d.source);
    // An evidence key is looked up whole: a chunk number past the document's last (keys
    // gone stale after re-chunking) silently capped the case's recall.
    const auto held = [&sources, &kb](const EvalCase& c, const QString& item) {
        if (!c.usesEvidenceKeys())
            return sources.contains(item);
        // As written: the metrics compare keys as text ("#chunk-03" is no "#chunk-3").
        const auto chunk = (*kb)->chunk(item);
        return chunk && chunk->evidenceKey == item;
    };
    int unknown = 0;
    for (const EvalCase& c : set->cases)
        for (const QString& item : c.expectedItems())
            if (!held(c, item) && unknown++ < 5)
                note(CliText::tr("case %1 expects %2, which the knowledge base does not hold: "
                                 "it counts as a miss")
                         .arg(c.id, item));
    if (unknown > 5)
        note(CliText::tr("… and %1 more expected items the knowledge base does not hold")
                 .arg(unknown - 5));
    const LookupEngine engine(*kb);
    EvalRunOptions options;
    options.k = args.k;
    options.searchMode = args.mode;
    options.maxThreads = args.threads;
    EvalReport report = runEval(*set, engine, options);

    std::optional<BaselineComparison> comparison;
    if (Status s = compareAndSave(parser, report, baseline, args.tol, comparison); !s)
        return fail(s.error());

    json out = reportToJson(report, comparison ? &*comparison : nullptr);
    for (const json& r : regressions)
        out["regressions"].push_back(r);
    if (!args.fixturesDir.isEmpty())
        out["fixtures"] = fixtures;
    printJson(ctx, out);

    const int regressionCount = int(out["regressions"].size());
    // A case whose lookup failed measured nothing: its zeros are not a result, so the run
    // fails (exit 1) however the metrics compare, and says which case and why.
    int failedCases = 0;
    for (const CaseResult& row : report.rows)
        if (!row.outcome.errorMessage.isEmpty()) {
            if (failedCases++ < 5)
                note(CliText::tr("case %1: the lookup failed: %2")
                         .arg(row.evalCase.id, row.outcome.errorMessage));
        }
    if (failedCases > 0)
        note(CliText::tr("%1 of %2 cases failed with an error; their metrics are not results")
                 .arg(failedCases)
                 .arg(report.rows.size()));
    note(CliText::tr("%1 cases, k=%2, hit@k %3, MRR %4, %5 regression(s), %6 improvement(s)")
             .arg(report.rows.size())
             .arg(args.k)
             .arg(report.metrics.hitAtK ? QString::number(*report.metrics.hitAtK, 'f', 3)
                                        : QStringLiteral("-"))
             .arg(report.metrics.mrr ? QString::number(*report.metrics.mrr, 'f', 3)
                                     : QStringLiteral("-"))
             .arg(regressionCount)
             .arg(out["improvements"].size()));
    return regressionCount > 0 || failedCases > 0 ? ExitFailure : ExitOk;
}

static int runEvalCommand(Context& ctx)
{
    QCommandLineParser parser;
    addOptions(parser);
    int exitCode = ExitOk;
    EvalArgs args;
    if (!parse(parser, ctx, exitCode) || !readEvalArgs(parser, args, exitCode))
        return exitCode;

    json regressions = json::array();
    json fixtures;
    if (!args.fixturesDir.isEmpty()) {
        if (int rc = checkFixtureFiles(args.fixturesDir, args.goldenPath, fixtures, regressions);
            rc != 0)
            return rc;
    }
    if (args.fixturesOnly) {
        printJson(ctx, json{{"fixtures", fixtures},
                            {"regressions", regressions},
                            {"improvements", json::array()}});
        return regressions.empty() ? ExitOk : ExitFailure;
    }
    return evaluate(ctx, parser, args, regressions, fixtures);
}

RAGLENS_CLI_COMMAND("eval",
                    QT_TRANSLATE_NOOP("cli", "Offline retrieval evaluation against an eval set"),
                    runEvalCommand);

} // namespace raglens::cli
