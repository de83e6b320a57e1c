#pragma once
// Records one console lookup into a writable audit database through the audit layer's
// LocalLookupRecorder: a local run (question = the query) with one agent step issuing one
// lookup_knowledge call through the ToolBoundary, so the row, its timeline event and the
// full-trace sample are written by the same code as production recordings and show up in
// the session tree. Opens its own connection, so it may run on a worker thread.

#include "common/error.h"
#include "db/database_location.h"
#include "lookup/lookup_engine.h"
#include "model/rag_tool_result.h"

namespace raglens::ui {

struct ConsoleRecording
{
    LookupResult result;
    RagToolResult agent;
    QString sessionId;
    QString runId;
    qint64 invocationId = 0;
};

/// Runs `request` through the audit boundary into `database` (opened here, on the calling
/// thread). Fails with a translated message when the database is read-only or unreachable;
/// a failed lookup is still recorded (as an ERROR invocation).
Expected<ConsoleRecording> recordConsoleLookup(const LookupEngine& engine,
                                               const LookupRequest& request,
                                               const DatabaseLocation& database,
                                               const QString& sessionId);

/// "console-yyyyMMdd-HHmmss-xxxx": one local session per console.
QString newConsoleSessionId();

} // namespace raglens::ui
