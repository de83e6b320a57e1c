#pragma once
// Creates (or completes) the demo workspace: DIR/kb built from the bundled runbooks and
// DIR/audit.db holding every bundled scenario recorded through real lookups. Used by
// `raglens-cli demo` and by the GUI on first start (from a worker thread).
//
// Idempotent: the knowledge base is re-ingested incrementally; sessions already recorded
// completely are skipped, a session left half-written (a killed run) is removed and
// recorded again, and a brand-new database is written under a temporary name and only
// renamed to audit.db once every session is in it.

#include "common/error.h"
#include "demo/demo_coverage.h"
#include "demo/scripted_diagnosis_runner.h"

#include <functional>

namespace raglens {

struct DemoSummary
{
    QString workspace;
    QString kbDir;
    QString runbooksDir; ///< the runbooks the knowledge base was built from, in the workspace
    QString evalSet;     ///< the demo eval set, in the workspace
    QString databasePath;
    int documents = 0;
    int chunks = 0;
    int categories = 0;
    int sessionsTotal = 0;
    int sessionsRecorded = 0;
    int sessionsSkipped = 0;
    int sessionsRepaired = 0; ///< half-written sessions removed and recorded again
    int runsRecorded = 0;
    int invocations = 0; ///< rows in tool_invocation after the run
    int traceSamples = 0;
    int auditFailures = 0;
    std::vector<ScriptedRunSummary> runs; ///< the runs recorded by this call
    DemoCoverage coverage;
};

void to_json(nlohmann::json& j, const DemoSummary& s);

class DemoWorkspace
{
public:
    /// `progress` gets a short translated message per phase/session; returning false
    /// cancels (the message says so, and a new database is not left behind).
    /// `database` (a path or a server URL) receives the sessions instead of DIR/audit.db;
    /// it must be empty or a database RagLens created.
    static Expected<DemoSummary> create(const QString& dir,
                                        const std::function<bool(QString)>& progress = {},
                                        const QString& database = {});

    /// Copies the bundled runbooks (:/raglens/demo/kb) into `targetDir`.
    static Status extractBundledKb(const QString& targetDir);

    /// Sampling used for demo workspaces: on, every problem lookup plus a share of the
    /// ordinary ones (TraceSamplingPolicy::configuredLocalRate(), 0.25 by default).
    static TraceSamplingPolicy sampling();
};

/// QStandardPaths::AppLocalDataLocation + "/workspace".
QString defaultWorkspaceDir();

} // namespace raglens
