#include "trace/schema_notes.h"

#include "common/json_qt.h"
#include "db/run_rows.h"
#include "trace/audit_rows.h"

namespace raglens {

namespace {

// What each missing column costs; a column not listed gets the generic sentence.
QString consequence(const QString& table, const QString& column)
{
    const QString key = table + QLatin1Char('.') + column;
    if (key == QLatin1String("diagnosis_run.question"))
        return SchemaNotes::tr("questions are not shown or searched");
    if (key == QLatin1String("diagnosis_run.user_id"))
        return SchemaNotes::tr("users are not shown or searched");
    if (key == QLatin1String("diagnosis_run.release_outcome"))
        return SchemaNotes::tr("run outcomes, session outcomes and the Fallback runs filter "
                               "are unavailable");
    if (key == QLatin1String("diagnosis_run.content_type"))
        return SchemaNotes::tr("a run counts as fallen back by its release outcome alone");
    if (key == QLatin1String("tool_invocation.created_at"))
        return SchemaNotes::tr("calls are not ordered by time, and calls without a recorded run "
                               "are only in windows open at both ends");
    if (key == QLatin1String("diagnosis_run.started_at"))
        return SchemaNotes::tr("runs are not ordered by time and time filters match nothing");
    if (key == QLatin1String("tool_invocation.step_id"))
        return SchemaNotes::tr("calls are listed under their run, not under the step that "
                               "issued them");
    if (key == QLatin1String("tool_invocation.retrieval_details"))
        return SchemaNotes::tr("attempts, retry reasons and evidence status are unknown");
    if (key == QLatin1String("tool_invocation.success"))
        return SchemaNotes::tr("every call is read as successful");
    if (key == QLatin1String("agent_step.id"))
        return SchemaNotes::tr("calls are listed under their run, not under the step that "
                               "issued them, and steps keep the order the database gives");
    if (key == QLatin1String("diagnosis_trace.id"))
        return SchemaNotes::tr("events of the same time keep the order the database gives");
    if (key == QLatin1String("tool_invocation.input_params"))
        return SchemaNotes::tr("queries are not shown, searched or replayable");
    // Counts and flags the trace's shape holds as numbers and booleans: not "empty".
    if (key == QLatin1String("diagnosis_run.total_token_count") ||
        key == QLatin1String("diagnosis_run.tool_call_count") ||
        key == QLatin1String("agent_step.token_count"))
        return SchemaNotes::tr("it is read as 0");
    if (key == QLatin1String("agent_step.has_tool_call"))
        return SchemaNotes::tr("every step is read as having made no tool call; its calls are "
                               "still listed under it");
    if (key == QLatin1String("tool_invocation.is_truncated"))
        return SchemaNotes::tr("the call's truncated flag is read as false; truncation is read "
                               "from retrieval_details alone");
    return SchemaNotes::tr("the value is shown as empty");
}

QString tableConsequence(const QString& table)
{
    if (table == QLatin1String("agent_step"))
        return SchemaNotes::tr("steps are not shown; calls are listed under their run");
    if (table == QLatin1String("diagnosis_trace"))
        return SchemaNotes::tr("runs have no timeline events");
    if (table == QLatin1String("run_feedback"))
        return SchemaNotes::tr("user feedback is not shown");
    return SchemaNotes::tr("full LookupResult samples are not available");
}

// Keys every reader needs; their absence is an error elsewhere, not a note. The ids of steps
// and events only bind and order their rows: without them the rows are still read.
bool isKey(const QString& table, const QString& column)
{
    if (column == QLatin1String("id"))
        return table != QLatin1String("agent_step") && table != QLatin1String("diagnosis_trace");
    return column == QLatin1String("run_id") ||
           (column == QLatin1String("session_id") && table != QLatin1String("diagnosis_trace"));
}

} // namespace

std::vector<SchemaNote> schemaNotes(AuditDatabase& db)
{
    std::vector<SchemaNote> notes;
    if (!db.accessNote().isEmpty())
        notes.push_back({{}, {}, db.accessNote()});
    if (!db.foreignCollations().isEmpty())
        notes.push_back(
            {{},
             {},
             db.foreignCollationIndexed()
                 ? SchemaNotes::tr("This database names the collation %1, which only the program "
                                   "that wrote it has, and orders an index by it: what compares "
                                   "those columns cannot be read by RagLens (no such collation "
                                   "sequence).")
                       .arg(db.foreignCollations().join(QStringLiteral(", ")))
                 : SchemaNotes::tr("This database names the collation %1, which only the program "
                                   "that wrote it has: RagLens compares the columns declared with "
                                   "it byte by byte (as BINARY).")
                       .arg(db.foreignCollations().join(QStringLiteral(", ")))});
    for (auto it = db.unreadableTables().cbegin(); it != db.unreadableTables().cend(); ++it)
        notes.push_back({it.key(),
                         {},
                         SchemaNotes::tr("This database's %1 cannot be read (%2); it is left out "
                                         "as if it were absent.")
                             .arg(it.key(), it.value())});
    for (const char* name :
         {"diagnosis_run", "agent_step", "tool_invocation", "diagnosis_trace", "run_feedback"}) {
        const QString table = QString::fromLatin1(name);
        if (!db.hasTable(table)) {
            if (table != QLatin1String("diagnosis_run") &&
                table != QLatin1String("tool_invocation") && !db.unreadableTables().contains(table))
                notes.push_back({table,
                                 {},
                                 SchemaNotes::tr("This database has no %1 table: %2.")
                                     .arg(table, tableConsequence(table))});
            continue;
        }
        for (const QString& column : audit_rows::knownColumns(table))
            if (!isKey(table, column) && !audit_rows::hasColumn(db, table, column))
                notes.push_back({table, column,
                                 SchemaNotes::tr("This database has no %1 column in %2: %3.")
                                     .arg(column, table, consequence(table, column))});
    }
    // A table without its key may hold a row twice: read directly it is counted twice, the
    // facts index (keyed) holds it once, and every count joined through it is multiplied.
    if (db.hasTable(QStringLiteral("diagnosis_run")) &&
        db.keyedBy(QStringLiteral("diagnosis_run"), QStringLiteral("run_id")) == false)
        notes.push_back(
            {QStringLiteral("diagnosis_run"), QStringLiteral("run_id"),
             run_rows::readsLastRowsOnly(db)
                 ? SchemaNotes::tr("diagnosis_run has no key on run_id: a run written in "
                                   "several rows (a RUNNING row, then its finished one) is read "
                                   "as the last row written, everywhere; `raglens-cli check` "
                                   "names such ids (run consistency).")
                 : SchemaNotes::tr("diagnosis_run has no key on run_id: a run id written twice "
                                   "is counted twice when read directly and once through the "
                                   "facts index; `raglens-cli check` names such ids (run "
                                   "consistency).")});
    if (db.hasTable(QStringLiteral("tool_invocation")) &&
        db.keyedBy(QStringLiteral("tool_invocation"), QStringLiteral("id")) == false)
        notes.push_back(
            {QStringLiteral("tool_invocation"), QStringLiteral("id"),
             SchemaNotes::tr("tool_invocation has no key on id: a call id written twice is "
                             "counted twice when read directly and once through the facts "
                             "index, which keeps its first row; `raglens-cli check` names such "
                             "ids (call identity).")});
    if (db.hasTable(QStringLiteral("tool_invocation")) && !audit_rows::orphanLookupAffordable(db))
        notes.push_back(
            {QStringLiteral("tool_invocation"), QStringLiteral("session_id"),
             SchemaNotes::tr("This database has no index on tool_invocation.session_id: "
                             "calls whose run has no diagnosis_run row are not "
                             "listed (finding them would scan the whole table for "
                             "every session).")});
    if (db.hasTable(QStringLiteral("tool_invocation")) && !audit_rows::callsFoundByRun(db) &&
        audit_rows::manyCalls(db))
        notes.push_back(
            {QStringLiteral("tool_invocation"), QStringLiteral("run_id"),
             SchemaNotes::tr("This database has no index on tool_invocation.run_id: opening a "
                             "session or a run reads the whole call table, and filters on "
                             "calls read it once. The facts index (built by the window, or "
                             "`raglens-cli index`) answers lists, filters and health without "
                             "it.")});
    if (!db.hasTable(QStringLiteral("lookup_trace_sample")) &&
        !db.unreadableTables().contains(QStringLiteral("lookup_trace_sample")))
        notes.push_back({QStringLiteral("lookup_trace_sample"),
                         {},
                         SchemaNotes::tr("This database has no lookup_trace_sample table: %1.")
                             .arg(tableConsequence(QStringLiteral("lookup_trace_sample")))});
    return notes;
}

void to_json(nlohmann::json& j, const SchemaNote& v)
{
    j = nlohmann::json{
        {"table", v.table}, {"column", json_util::stringOrNull(v.column)}, {"message", v.message}};
}

} // namespace raglens
