#include "console/console_lookup_job.h"

#include "console/console_recorder.h"
#include "lookup/rag_result_projector.h"

#include <QElapsedTimer>

namespace raglens::ui {

ConsoleLookupOutcome runConsoleLookup(const ConsoleLookupJob& job)
{
    QElapsedTimer timer;
    timer.start();
    ConsoleLookupOutcome out;
    const LookupEngine engine(job.kb);
    if (job.record) {
        auto rec = recordConsoleLookup(engine, job.request, job.database, job.sessionId);
        if (rec) {
            out.result = std::move(rec->result);
            out.agent = std::move(rec->agent);
            out.recorded = true;
            out.sessionId = rec->sessionId;
            out.runId = rec->runId;
            out.invocationId = rec->invocationId;
            out.elapsedMs = timer.elapsed();
            return out;
        }
        // Recording failed before the lookup could be kept: still show the lookup.
        out.recordError = rec.error();
    }
    out.result = engine.lookup(job.request);
    out.agent = RagResultProjector::project(out.result);
    out.elapsedMs = timer.elapsed();
    return out;
}

} // namespace raglens::ui
