#pragma once
// Writes a DiagnosisTraceResponse (an exported trace) into a writable audit database.
//
// Idempotent: the runs of the trace are replaced as a whole (their steps, invocations,
// events, feedback and full-trace samples deleted and written again) inside one
// transaction, so importing the same file twice leaves the same rows. Ids are kept when
// they are free and reassigned (with references rewritten) when another run owns them.

#include "common/error.h"
#include "db/audit_database.h"
#include "model/diagnosis_trace.h"

#include <QStringList>

namespace raglens {

struct ImportSummary
{
    int runs = 0;
    int orphanRuns = 0; ///< runs without a row in the trace: their calls come alone
    int steps = 0;
    int invocations = 0;
    int events = 0;
    int feedback = 0;
    int samples = 0;
    int reassignedIds = 0;
    QStringList warnings; ///< rows skipped or values the target could not hold
};

void to_json(nlohmann::json& j, const ImportSummary& v);

class TraceImporter
{
public:
    explicit TraceImporter(AuditDatabase& db);

    /// Refuses read-only databases (foreign ones not opened with --write).
    Expected<ImportSummary> import(const DiagnosisTraceResponse& trace);

    /// Reads and validates a trace JSON file (the output of `trace` or `export`).
    static Expected<DiagnosisTraceResponse> readFile(const QString& path);
    /// What a trace is read for: to be imported (every cell must be stored as it is, or the
    /// file is refused), or to be shown (a served trace: a cell no reading accepts is marked
    /// unread on its row, keepUnreadCells(), and retrieval details sent as the cell's text
    /// are read as the row reader reads that cell).
    enum class Purpose
    {
        Import,
        View
    };
    /// The same for text already read; `path` only names it in messages.
    static Expected<DiagnosisTraceResponse> parseText(const QByteArray& bytes, const QString& path,
                                                      Purpose purpose = Purpose::Import);

private:
    static QString tooLarge(const QString& path, qint64 bytes);

    AuditDatabase& m_db;
};

} // namespace raglens
