// raglens-cli record --kb DIR --db DB --session S [--run R] QUERY
// One lookup through the audit boundary, recorded as a local session/run/step/invocation.

#include "cli_command.h"
#include "cli_text.h"
#include "cmd_common_db.h"

#include "audit/local_lookup_recorder.h"
#include "kb/knowledge_base.h"
#include "model/vocabulary.h"

#include <QCoreApplication>

namespace raglens::cli {

static void addRecordOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(CliText::tr(
        "Runs lookup_knowledge through the audit boundary and records it in an audit "
        "database (created when missing). Prints the invocation id, the run id and what "
        "the agent was shown."));
    parser.addOption(
        {QStringLiteral("kb"), CliText::tr("Knowledge base folder."), QStringLiteral("DIR")});
    addDatabaseOptions(parser, true);
    parser.addOption({QStringLiteral("session"), CliText::tr("Session id."), QStringLiteral("S")});
    parser.addOption({QStringLiteral("run"),
                      CliText::tr("Run id; an existing run of the session gets a "
                                  "new step. Default: a new run."),
                      QStringLiteral("R")});
    parser.addOption(
        {QStringLiteral("user"), CliText::tr("User id of a new run."), QStringLiteral("U")});
    parser.addOption({QStringLiteral("mode"), CliText::tr("Search mode: dense or hybrid."),
                      QStringLiteral("MODE")});
    parser.addOption({QStringLiteral("top-k"), CliText::tr("Evidence blocks returned at most."),
                      QStringLiteral("N")});
    parser.addOption(
        {QStringLiteral("category"), CliText::tr("Filter to one category."), QStringLiteral("C")});
    parser.addOption(
        {QStringLiteral("sample-rate"),
         CliText::tr("Full-trace sampling rate 0..1 (problem lookups are always kept while "
                     "sampling is on). Default: 0.25 for SQLite databases RagLens created, "
                     "off for servers (they hold production data) and others; 0 turns "
                     "sampling off."),
         QStringLiteral("R")});
    parser.addOption({QStringLiteral("full"), CliText::tr("Also print the whole LookupResult.")});
    parser.addPositionalArgument(QStringLiteral("QUERY"),
                                 CliText::tr("The question; \"-\" reads it from stdin."));
}

static int runRecord(Context& ctx)
{
    QCommandLineParser parser;
    addRecordOptions(parser);
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    QString kbDir;
    QString session;
    if (!requireOption(parser, QStringLiteral("kb"), kbDir, exitCode) ||
        !requireOption(parser, QStringLiteral("session"), session, exitCode))
        return exitCode;
    if (!parser.isSet(QStringLiteral("db")))
        return usage(parser, CliText::tr("missing --db"));
    if (parser.positionalArguments().isEmpty())
        return usage(parser, CliText::tr("missing QUERY"));

    LocalRecordRequest request;
    request.sessionId = session;
    request.runId = parser.value(QStringLiteral("run"));
    request.userId = parser.value(QStringLiteral("user"));
    auto query = queryArgument(parser);
    if (!query)
        return fail(query.error());
    request.lookup.query = *query;
    request.lookup.searchMode = parser.value(QStringLiteral("mode"));
    if (!request.lookup.searchMode.isEmpty() && request.lookup.searchMode != vocab::kModeDense &&
        request.lookup.searchMode != vocab::kModeHybrid)
        return usage(parser, CliText::tr("--mode must be dense or hybrid"));
    if (parser.isSet(QStringLiteral("top-k"))) {
        bool ok = false;
        request.lookup.topK = parser.value(QStringLiteral("top-k")).toInt(&ok);
        if (!ok || request.lookup.topK < 1 || request.lookup.topK > 1000)
            return usage(parser, CliText::tr("--top-k must be a number from 1 to 1000"));
    }
    request.lookup.category = parser.value(QStringLiteral("category"));
    if (parser.isSet(QStringLiteral("category")) && request.lookup.category.trimmed().isEmpty())
        return usage(parser, CliText::tr("--category needs a category name"));
    std::optional<double> rate;
    if (parser.isSet(QStringLiteral("sample-rate"))) {
        double r = 0;
        if (!readNumberOption(parser, QStringLiteral("sample-rate"), 0, 1, r, exitCode))
            return exitCode;
        rate = r;
    }

    auto kb = KnowledgeBase::open(kbDir);
    if (!kb)
        return fail(kb.error());
    auto db = openDatabase(parser, AccessMode::Create, exitCode);
    if (!db)
        return exitCode;
    if (db->isReadOnly())
        return fail(
            CliText::tr("%1 was not created by RagLens and is opened read-only; add --write to "
                        "record into it.")
                .arg(db->location().display()));
    TraceSamplingPolicy sampling = TraceSamplingPolicy::defaultFor(*db);
    if (rate)
        sampling = *rate > 0 ? TraceSamplingPolicy::on(*rate) : TraceSamplingPolicy::off();

    LocalLookupRecorder recorder(*db, *kb, sampling);
    auto result = recorder.record(request);
    if (!result)
        return fail(result.error());
    nlohmann::json out = *result;
    if (parser.isSet(QStringLiteral("full")))
        out["lookup"] = result->lookup;
    printJson(ctx, out);
    if (!result->invocationId)
        return fail(
            CliText::tr("The lookup ran but could not be recorded: %1").arg(result->auditError));
    if (result->lookup.evidenceStatus == vocab::kError)
        return fail(result->lookup.errorMessage);
    return ExitOk;
}

RAGLENS_CLI_COMMAND("record",
                    QT_TRANSLATE_NOOP("cli",
                                      "Run a lookup through the audit boundary and record it"),
                    runRecord);

} // namespace raglens::cli
