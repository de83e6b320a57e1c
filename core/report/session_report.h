#pragma once
// The report to attach to a ticket: one session (or one run of it) as a single
// self-contained HTML file — verdicts, each run's fallback cause, every lookup's attempt
// ladder as inline SVG, its evidence keys with the chunk text when the local knowledge base
// has them, the findings, and the trace JSON folded at the end. No script and no external
// asset (a Content-Security-Policy forbids loading any), so it reads the same offline in any
// browser. It holds only what the audit rows hold, and says so.

#include "model/diagnosis_trace.h"

#include <QDateTime>
#include <QString>

#include <memory>

namespace raglens {

class KnowledgeBase;

struct ReportOptions
{
    QString databaseDisplay; ///< where the trace was read (no password)
    QString runId;           ///< the run the report is about; empty: the whole session
    /// Where the chunk texts of evidence keys come from; none: keys only.
    std::shared_ptr<const KnowledgeBase> knowledgeBase;
    QDateTime generatedAt; ///< invalid: now
    /// What the database lacks or reads otherwise (schemaNotes()): said under the title, so
    /// an empty timeline or feedback section is not read as "none recorded".
    QStringList schemaNotes;
};

struct SessionReport
{
    QString html;
    int runs = 0;
    int invocations = 0;
    int lookups = 0;
    int evidenceTexts = 0;   ///< evidence chunks whose text the knowledge base had
    int evidenceMissing = 0; ///< evidence keys it did not have (or no knowledge base)
};

/// `trace` as read by TraceService (one run of it when options.runId is set).
SessionReport buildSessionReport(const DiagnosisTraceResponse& trace, const ReportOptions& options);

void to_json(nlohmann::json& j, const SessionReport& v); ///< the counts, not the HTML

} // namespace raglens
