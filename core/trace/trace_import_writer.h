#pragma once
// Writes one imported trace's rows: first removes what its runs own (so importing twice
// writes the same rows), then runs, steps, calls (with their full traces), events and
// feedback, keeping ids where they are free. Internal to TraceImporter.

#include "db/audit_database.h"
#include "model/diagnosis_trace.h"
#include "trace/trace_importer.h"

#include <QSet>

#include <map>
#include <memory>

namespace raglens {

class RowWriter;

class ImportWriter
{
public:
    ImportWriter(AuditDatabase& db, const DiagnosisTraceResponse& trace, ImportSummary& summary);
    ~ImportWriter();

    Status clearRuns();
    Status writeRuns();
    Status writeSteps();
    Status writeInvocations();
    Status writeEvents();
    Status writeFeedback();
    /// PostgreSQL identity sequences do not move for explicit ids; later writers would collide.
    Status moveSequences();
    /// Rows stored with the import time for want of their own.
    int timesFilled() const;

private:
    /// Whether the rows of `runId` are imported: a run of the trace, or its runless calls.
    bool isImported(const QString& runId) const;
    Status writeSample(const TraceInvocation& inv, qint64 id, const QString& what);
    /// A step id as written: steps whose id was taken moved to a free one.
    std::optional<qint64> mapStep(std::optional<qint64> id) const;
    /// `doc` (input_params, an event's details) with its "step_id" given the step's new id
    /// when the step it names was renumbered and is the row's `step` (or the row has none),
    /// so the row still agrees with its step_id column (the audit check's step binding).
    nlohmann::json withStepRenumbered(const nlohmann::json& doc, std::optional<qint64> step) const;
    /// What a row of `runId` without its own time is stored with: the earliest time the trace
    /// holds of that run, else of the trace; invalid when it holds none (the import time).
    QDateTime standInTime(const QString& runId) const;

    AuditDatabase& m_db;
    const DiagnosisTraceResponse& m_trace;
    ImportSummary& m_summary;
    std::unique_ptr<RowWriter> m_rows;
    QSet<QString> m_runIds; ///< the runs with an id
    /// The trace holds calls that name no run (its orphan run without an id): they are the
    /// session's calls with a NULL run_id.
    bool m_runless = false;
    std::map<qint64, qint64> m_stepIds;
    bool m_hasSamples = false;
    QDateTime m_earliestOfTrace;             ///< filled by the member below
    std::map<QString, QDateTime> m_earliest; ///< standInTime() by run id
};

} // namespace raglens
