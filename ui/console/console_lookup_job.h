#pragma once
// One console lookup as a job for a worker thread: the knowledge base, the request and,
// optionally, where to record it. runConsoleLookup() touches no widget and shares no
// connection with the UI thread (it opens its own audit connection), so it is safe to run
// under QtConcurrent while the window keeps painting.

#include "db/database_location.h"
#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"
#include "model/lookup_result.h"
#include "model/rag_tool_result.h"

#include <memory>

namespace raglens::ui {

struct ConsoleLookupJob
{
    std::shared_ptr<const KnowledgeBase> kb;
    LookupRequest request;
    bool record = false;
    DatabaseLocation database; ///< used when record is set
    QString sessionId;         ///< the console's local session
};

struct ConsoleLookupOutcome
{
    LookupResult result;
    RagToolResult agent;
    bool recorded = false;
    QString sessionId;
    QString runId;
    qint64 invocationId = 0;
    QString recordError; ///< translated; set when recording was asked for and failed
    qint64 elapsedMs = 0;
};

ConsoleLookupOutcome runConsoleLookup(const ConsoleLookupJob& job);

} // namespace raglens::ui
