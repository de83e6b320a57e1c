#include "trace/trace_importer.h"

#include "common/input_guard.h"
#include "db/sql_exec.h"
#include "trace/audit_rows.h"
#include "trace/trace_import_text.h"
#include "trace/trace_import_writer.h"
#include "trace/trace_redaction.h"
#include "trace/trace_validation.h"

#include "common/logging.h"
#include "db/scoped_transaction.h"
#include "db/sql_dialect.h"
#include "trace/session_query.h"

#include <QCoreApplication>
#include <QFile>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

#include <map>

namespace raglens {

using nlohmann::json;

void to_json(json& j, const ImportSummary& v)
{
    j = json{{"runs", v.runs},        {"orphanRuns", v.orphanRuns},
             {"steps", v.steps},      {"invocations", v.invocations},
             {"events", v.events},    {"feedback", v.feedback},
             {"samples", v.samples},  {"reassignedIds", v.reassignedIds},
             {"warnings", v.warnings}};
}

TraceImporter::TraceImporter(AuditDatabase& db) : m_db(db) {}

Expected<DiagnosisTraceResponse> TraceImporter::readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{TraceImportText::tr("Cannot read %1: %2").arg(path, f.errorString())};
    // Checked before reading: a pipe or device reports size 0 and is read up to the limit.
    if (f.size() > input_guard::kMaxTraceFileBytes)
        return Error{tooLarge(path, f.size())};
    const QByteArray bytes = f.read(input_guard::kMaxTraceFileBytes + 1);
    if (bytes.size() > input_guard::kMaxTraceFileBytes)
        return Error{tooLarge(path, bytes.size())};
    return parseText(bytes, path);
}

QString TraceImporter::tooLarge(const QString& path, qint64 bytes)
{
    return TraceImportText::tr("%1 is %2 MB; RagLens imports traces of up to %3 MB.")
        .arg(path)
        .arg(double(bytes) / (1024 * 1024), 0, 'f', 1)
        .arg(input_guard::kMaxTraceFileBytes / (1024 * 1024));
}

Expected<DiagnosisTraceResponse> TraceImporter::parseText(const QByteArray& bytes,
                                                          const QString& path, Purpose purpose)
{
    QString note;
    // A cell may nest as deep as the row reader takes it (JsonLimits::maxDepth); the trace
    // holds it a few levels down (document, toolInvocations, the call, fullTrace's own
    // levels), so the document is allowed those levels more: what `trace` prints is read back.
    const auto refused = [&path, purpose](const QString& why) {
        return purpose == Purpose::View
                   ? TraceImportText::tr("%1 cannot be read as a trace:\n%2").arg(path, why)
                   : TraceImportText::tr("%1 cannot be imported as it is:\n%2").arg(path, why);
    };
    input_guard::JsonLimits limits;
    limits.maxDepth += 16;
    auto parsed = input_guard::parseJson(std::string_view(bytes.constData(), size_t(bytes.size())),
                                         limits, &note);
    if (!parsed)
        return Error{
            TraceImportText::tr("%1 is not JSON we can read: %2").arg(path, parsed.error())};
    // A number no double holds (read as null) or a key written twice (the first read)
    // would be stored as something the file does not say.
    if (!note.isEmpty())
        return Error{refused(note)};
    json j = std::move(*parsed);
    if (!j.is_object() || !j.contains("sessionId") || !j.contains("runs") || !j["runs"].is_array())
        return Error{
            TraceImportText::tr("%1 is not a trace: expected an object with sessionId and runs[] "
                                "(the output of 'raglens-cli trace' or 'export --format trace').")
                .arg(path)};
    // A list that is no list read as none: an import replaces the runs it holds, and a run
    // already in the store lost every call, step and event to "toolInvocations": {}.
    for (const char* list : {"steps", "toolInvocations", "timeline", "feedback"})
        if (const auto it = j.find(list); it != j.end() && !it->is_null() && !it->is_array())
            return Error{TraceImportText::tr("%1 is not a trace: %2 is %3, not a list.")
                             .arg(path, QLatin1String(list), QString::fromLatin1(it->type_name()))};
    // Shown, a served trace keeps what it holds: its calls' details sent as text are read as
    // a cell's text, and cells no reading accepts are marked where a row marks them.
    std::vector<size_t> detailsAsText;
    if (purpose == Purpose::View) {
        keepUnreadCells(j);
        if (auto calls = j.find("toolInvocations"); calls != j.end() && calls->is_array())
            for (size_t i = 0; i < calls->size(); ++i) {
                json& call = (*calls)[i];
                if (call.is_object() && call.contains("retrievalDetails") &&
                    call["retrievalDetails"].is_string()) {
                    call["retrievalDetailsRaw"] = call["retrievalDetails"];
                    call["retrievalDetails"] = nullptr;
                    detailsAsText.push_back(i);
                }
            }
    }
    // Refuse values that cannot be stored faithfully rather than inventing replacements.
    if (const QStringList problems = traceProblems(j); !problems.isEmpty()) {
        QStringList shown = problems.mid(0, 10);
        if (problems.size() > 10)
            shown << TraceImportText::tr("… and %1 more").arg(problems.size() - 10);
        return Error{refused(shown.join(QLatin1Char('\n')))};
    }
    DiagnosisTraceResponse trace;
    try {
        trace = j.get<DiagnosisTraceResponse>();
    } catch (const json::exception& e) {
        return Error{TraceImportText::tr("%1 is not a valid trace: %2")
                         .arg(path, QString::fromUtf8(e.what()))};
    }
    for (const size_t i : detailsAsText)
        if (i < trace.toolInvocations.size())
            audit_rows::readRetrievalDetails(trace.toolInvocations[i]);
    if (trace.sessionId.isEmpty())
        return Error{TraceImportText::tr("%1: the trace has an empty sessionId.").arg(path)};
    if (trace.runs.empty())
        return Error{TraceImportText::tr("%1: the trace has no runs.").arg(path)};
    QSet<QString> runIds;
    for (const TraceRun& r : trace.runs) {
        // The orphan run without an id holds the session's calls that name no run.
        if (r.runId.isEmpty() && !r.orphan)
            return Error{TraceImportText::tr("%1: a run without runId.").arg(path)};
        // Checked before the database is touched: the second would replace the first.
        if (runIds.contains(r.runId))
            return Error{TraceImportText::tr("%1: the run %2 appears twice in the trace.")
                             .arg(path, r.runId)};
        runIds.insert(r.runId);
    }
    return trace;
}

Expected<ImportSummary> TraceImporter::import(const DiagnosisTraceResponse& input)
{
    // Imported rows obey the same secret policy as recorded ones.
    DiagnosisTraceResponse trace = input;
    const int redacted = redactForStorage(trace);
    if (m_db.isReadOnly())
        return Error{TraceImportText::tr(
                         "%1 is open read-only: RagLens did not create it. Import into a RagLens "
                         "database, or pass --write to change this one.")
                         .arg(m_db.location().display())};
    if (Status s = requireTables(
            m_db, {QStringLiteral("diagnosis_run"), QStringLiteral("agent_step"),
                   QStringLiteral("tool_invocation"), QStringLiteral("diagnosis_trace"),
                   QStringLiteral("run_feedback")});
        !s)
        return Error{s.error()};
    if (trace.sessionId.isEmpty() || trace.runs.empty())
        return Error{
            TraceImportText::tr("The trace has no session or no runs; nothing to import.")};

    ScopedTransaction tx(m_db.sql());
    if (!tx.isActive())
        return Error{TraceImportText::tr("Cannot start a transaction: %1")
                         .arg(m_db.sql().lastError().text())};
    // An import replaces the runs it brings; a run id the database files under another
    // session is that session's run, and replacing it would delete it from there.
    for (const TraceRun& r : trace.runs) {
        QSqlQuery q(m_db.sql());
        q.setForwardOnly(true);
        // A run the trace shows without a row, which the database records: replacing it
        // would delete the recorded run for a trace that does not hold it.
        if (r.orphan && !r.runId.isEmpty()) {
            if (!prepareBindExec(q, QStringLiteral("SELECT 1 FROM diagnosis_run WHERE run_id = ?"),
                                 {r.runId}))
                return Error{TraceImportText::tr("Cannot read the audit database: %1")
                                 .arg(describeSqlError(q.lastError()))};
            if (q.next())
                return Error{TraceImportText::tr("The run %1 is recorded in %2, and the trace "
                                                 "shows it without its row; an import never "
                                                 "deletes a recorded run. Nothing was imported.")
                                 .arg(r.runId, m_db.location().display())};
            continue;
        }
        if (!prepareBindExec(q,
                             QStringLiteral("SELECT session_id FROM diagnosis_run WHERE run_id = ? "
                                            "AND (session_id IS NULL OR session_id <> ?)"),
                             {r.runId, trace.sessionId}))
            return Error{TraceImportText::tr("Cannot read the audit database: %1")
                             .arg(describeSqlError(q.lastError()))};
        if (q.next())
            return Error{TraceImportText::tr("The run %1 belongs to the session %2 in %3; an "
                                             "import never moves a run to another session. "
                                             "Nothing was imported.")
                             .arg(r.runId,
                                  q.value(0).isNull() ? TraceImportText::tr("(none)")
                                                      : q.value(0).toString(),
                                  m_db.location().display())};
    }
    ImportSummary summary;
    ImportWriter writer(m_db, trace, summary);
    for (Status (ImportWriter::*phase)() :
         {&ImportWriter::clearRuns, &ImportWriter::writeRuns, &ImportWriter::writeSteps,
          &ImportWriter::writeInvocations, &ImportWriter::writeEvents, &ImportWriter::writeFeedback,
          &ImportWriter::moveSequences})
        if (Status s = (writer.*phase)(); !s)
            return Error{s.error()};
    // Said, never silent: the secret policy masks values and drops credential-named keys.
    if (redacted > 0)
        summary.warnings << TraceImportText::tr(
                                "%1 values were masked, cut to the stored length or dropped by "
                                "the secret policy, as a recording would store them")
                                .arg(redacted);
    if (writer.timesFilled() > 0)
        summary.warnings << TraceImportText::tr(
                                "%1 rows had no time; they were stored with the earliest "
                                "time their run holds (the import time when the trace holds "
                                "none)")
                                .arg(writer.timesFilled());
    if (!tx.commit())
        return Error{
            TraceImportText::tr("Cannot commit the import: %1").arg(m_db.sql().lastError().text())};
    qCInfo(lcTrace) << "imported session" << trace.sessionId << "runs" << summary.runs
                    << "invocations" << summary.invocations << "into" << m_db.location().display();
    return summary;
}

} // namespace raglens
