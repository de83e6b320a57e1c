// raglens-cli report --db DB SESSION_ID [--run R] [--kb DIR] --out FILE.html: the report to
// attach to a ticket, one self-contained HTML file (core/report). stdout gets what was
// written, as JSON.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "common/atomic_file.h"
#include "kb/knowledge_base.h"
#include "report/session_report.h"
#include "trace/schema_notes.h"
#include "trace/trace_service.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace raglens::cli {

static int runReport(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr(
        "Write one session (or one run) as a self-contained HTML report to attach to a "
        "ticket: verdicts, attempt timelines, evidence with its text from --kb, findings "
        "and the trace JSON. It holds only what the audit rows hold."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption({QStringLiteral("run"), CliText::tr("Only this run of the session."),
                      QStringLiteral("RUN_ID")});
    parser.addOption(
        {QStringLiteral("kb"),
         CliText::tr("Knowledge base folder: the text of each evidence chunk is included."),
         QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("out"), CliText::tr("The HTML file to write."),
                      QStringLiteral("FILE.html")});
    parser.addPositionalArgument(QStringLiteral("SESSION_ID"), CliText::tr("The session."));
    int exitCode = ExitOk;
    if (!parse(parser, ctx, exitCode))
        return exitCode;
    QString out;
    if (!requireOption(parser, QStringLiteral("out"), out, exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 1)
        return usage(parser, CliText::tr("give exactly one SESSION_ID"));
    if (QFileInfo(out).isDir())
        return usage(parser, CliText::tr("--out must name a file, not the folder %1").arg(out));

    ReportOptions options;
    options.runId = parser.value(QStringLiteral("run"));
    if (parser.isSet(QStringLiteral("kb"))) {
        // A knowledge base that cannot be read is said, never silently left out.
        auto kb = KnowledgeBase::open(parser.value(QStringLiteral("kb")));
        if (!kb)
            return fail(kb.error());
        options.knowledgeBase = *kb;
    }
    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    options.databaseDisplay = db->location().display();
    for (const SchemaNote& note : schemaNotes(*db))
        options.schemaNotes << note.message;
    auto trace = TraceService(*db).getTrace(parser.positionalArguments().first(), options.runId);
    if (!trace)
        return fail(trace.error());
    const SessionReport report = buildSessionReport(*trace, options);
    const QByteArray bytes = report.html.toUtf8();
    if (const Status written =
            atomic_file::write(out, std::string_view(bytes.constData(), size_t(bytes.size())));
        !written)
        return fail(written.error());
    nlohmann::json summary = report;
    summary["out"] = QFileInfo(out).absoluteFilePath().toStdString();
    summary["bytes"] = bytes.size();
    summary["sessionId"] = trace->sessionId.toStdString();
    summary["knowledgeBase"] =
        options.knowledgeBase ? nlohmann::json(parser.value(QStringLiteral("kb")).toStdString())
                              : nlohmann::json(nullptr);
    printJson(ctx, summary);
    return ExitOk;
}

RAGLENS_CLI_COMMAND("report",
                    QT_TRANSLATE_NOOP("cli", "Write a session as a self-contained HTML report"),
                    runReport);

} // namespace raglens::cli
