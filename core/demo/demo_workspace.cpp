#include "demo/demo_workspace.h"

#include "common/json_qt.h"
#include "common/logging.h"
#include "db/audit_database.h"
#include "db/database_location.h"
#include "db/scoped_transaction.h"
#include "db/sql_insert.h"
#include "demo/demo_scenario.h"
#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

namespace raglens {

using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(DemoWorkspace)
};

} // namespace

void to_json(json& j, const DemoSummary& s)
{
    json runs = json::array();
    for (const ScriptedRunSummary& r : s.runs)
        runs.push_back(r);
    j = json{{"workspace", s.workspace},
             {"kb",
              {{"dir", s.kbDir},
               {"documents", s.documents},
               {"chunks", s.chunks},
               {"categories", s.categories}}},
             {"runbooks", s.runbooksDir},
             {"eval_set", s.evalSet},
             {"database", s.databasePath},
             {"sessions_total", s.sessionsTotal},
             {"sessions_recorded", s.sessionsRecorded},
             {"sessions_skipped", s.sessionsSkipped},
             {"sessions_repaired", s.sessionsRepaired},
             {"runs_recorded", s.runsRecorded},
             {"invocations", s.invocations},
             {"trace_samples", s.traceSamples},
             {"audit_failures", s.auditFailures},
             {"paths", s.coverage},
             {"missing_paths", s.coverage.missingPaths()},
             {"runs", runs}};
}

QString defaultWorkspaceDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/workspace");
}

TraceSamplingPolicy DemoWorkspace::sampling()
{
    return TraceSamplingPolicy::on(TraceSamplingPolicy::configuredLocalRate());
}

Status DemoWorkspace::extractBundledKb(const QString& targetDir)
{
    const QString root = QStringLiteral(":/raglens/demo/kb");
    if (!QDir(root).exists())
        return Error{Tr::tr("This build carries no demo knowledge base.")};
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString source = it.next();
        const QString relative = source.mid(root.size() + 1);
        const QString target = QDir(targetDir).filePath(relative);
        if (!QDir().mkpath(QFileInfo(target).absolutePath()))
            return Error{Tr::tr("Cannot create %1.").arg(QFileInfo(target).absolutePath())};
        QFile::remove(target);
        if (!QFile::copy(source, target))
            return Error{Tr::tr("Cannot write %1.").arg(target)};
        QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                          QFile::ReadOther);
        ++files;
    }
    if (files == 0)
        return Error{Tr::tr("The bundled demo knowledge base is empty.")};
    return ok();
}

namespace {

enum class SessionState
{
    Absent,
    Partial,
    Complete
};

Expected<SessionState> sessionState(AuditDatabase& db, const DemoSession& s)
{
    QSqlQuery q(db.sql());
    q.prepare(QStringLiteral("SELECT run_id, status FROM diagnosis_run WHERE session_id = ?"));
    q.addBindValue(s.sessionId);
    if (!q.exec())
        return Error{q.lastError().text()};
    QHash<QString, QString> status;
    while (q.next())
        status.insert(q.value(0).toString(), q.value(1).toString());
    if (status.isEmpty())
        return SessionState::Absent;
    for (const DemoRun& r : s.runs)
        if (status.value(r.runId) != QLatin1String("COMPLETED"))
            return SessionState::Partial;
    return SessionState::Complete;
}

Status deleteSession(AuditDatabase& db, const QString& sessionId)
{
    ScopedTransaction tx(db.sql());
    const QString runs = QStringLiteral("(SELECT run_id FROM diagnosis_run WHERE session_id = ?)");
    const QStringList statements = {
        QStringLiteral("DELETE FROM lookup_trace_sample WHERE invocation_id IN "
                       "(SELECT id FROM tool_invocation WHERE session_id = ?)"),
        QStringLiteral("DELETE FROM tool_invocation WHERE session_id = ?"),
        QStringLiteral("DELETE FROM diagnosis_trace WHERE session_id = ?"),
        QStringLiteral("DELETE FROM agent_step WHERE run_id IN ") + runs,
        QStringLiteral("DELETE FROM run_feedback WHERE run_id IN ") + runs,
        QStringLiteral("DELETE FROM diagnosis_run WHERE session_id = ?")};
    for (const QString& sql : statements) {
        auto r = execBound(db.sql(), sql, {sessionId});
        if (!r)
            return Error{r.error()};
    }
    if (!tx.commit())
        return Error{db.sql().lastError().text()};
    return ok();
}

int countRows(AuditDatabase& db, const QString& table)
{
    QSqlQuery q(db.sql());
    if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM %1").arg(table)) || !q.next())
        return 0;
    return q.value(0).toInt();
}

void removeSqliteFiles(const QString& path)
{
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}

/// Reports a phase; false when the caller cancels.
using Report = std::function<bool(const QString&)>;

/// The runbooks and the eval set, copied into the workspace once: the knowledge base's
/// documents then point at files that stay (the Knowledge Base panel's Rebuild reads them
/// again), and a user's edits to them are never overwritten by a later `demo`.
Status copyBundledFiles(const QDir& dir, DemoSummary& summary, const Report& report,
                        const Error& cancelled)
{
    summary.runbooksDir = dir.filePath(QStringLiteral("runbooks"));
    if (!QFileInfo(summary.runbooksDir).isDir()) {
        if (!report(Tr::tr("Extracting the demo runbooks")))
            return cancelled;
        const QString partial = summary.runbooksDir + QStringLiteral(".partial");
        QDir(partial).removeRecursively();
        if (Status s = DemoWorkspace::extractBundledKb(partial); !s)
            return s;
        if (!QDir().rename(partial, summary.runbooksDir))
            return Error{Tr::tr("Cannot create %1.").arg(summary.runbooksDir)};
    }
    // The demo eval set beside them, so the Evaluation panel has a set to run offline.
    summary.evalSet = dir.filePath(QStringLiteral("eval/demo.jsonl"));
    if (!QFileInfo::exists(summary.evalSet)) {
        QDir().mkpath(QFileInfo(summary.evalSet).absolutePath());
        if (!QFile::copy(QStringLiteral(":/raglens/demo/eval/demo.jsonl"), summary.evalSet))
            return Error{Tr::tr("Cannot write %1.").arg(summary.evalSet)};
        QFile::setPermissions(summary.evalSet, QFile::ReadOwner | QFile::WriteOwner |
                                                   QFile::ReadGroup | QFile::ReadOther);
    }
    return ok();
}

/// The knowledge base, indexed from the runbooks, with its figures in `summary`.
Expected<std::shared_ptr<KnowledgeBase>>
indexKnowledgeBase(DemoSummary& summary, const std::function<bool(QString)>& progress,
                   const Report& report, const Error& cancelled)
{
    if (!report(Tr::tr("Indexing the demo knowledge base")))
        return cancelled;
    IngestOptions options;
    bool cancelledDuringIngest = false;
    options.onProgress = [&](const IngestProgress& p) {
        if (!progress || p.phase != QLatin1String("embedding"))
            return true;
        const bool goOn = progress(
            Tr::tr("Indexing the demo knowledge base (%1/%2)").arg(p.filesDone).arg(p.filesTotal));
        cancelledDuringIngest = !goOn;
        return goOn;
    };
    auto ingest = ingestFolder(summary.runbooksDir, summary.kbDir, options);
    if (!ingest)
        return Error{ingest.error()};
    if (ingest->cancelled || cancelledDuringIngest)
        return cancelled;
    auto kb = KnowledgeBase::open(summary.kbDir);
    if (!kb)
        return kb;
    const KbStats stats = (*kb)->stats();
    summary.documents = stats.documents;
    summary.chunks = stats.chunks;
    summary.categories = int(stats.categories.size());
    return kb;
}

/// Records every scenario session not yet complete in `db`; a half-written one is removed
/// and recorded again. `wasCancelled` tells a cancel from a failure.
Status recordSessions(AuditDatabase& db, const LookupEngine& engine,
                      const DemoScenarioSet& scenarios, DemoSummary& summary, const Report& report,
                      bool& wasCancelled)
{
    ScriptedDiagnosisRunner runner(db, engine, DemoWorkspace::sampling());
    summary.sessionsTotal = int(scenarios.sessions.size());
    for (const DemoSession& session : scenarios.sessions) {
        auto state = sessionState(db, session);
        if (!state)
            return Error{state.error()};
        if (*state == SessionState::Complete) {
            ++summary.sessionsSkipped;
            continue;
        }
        if (!report(Tr::tr("Recording session %1").arg(session.sessionId))) {
            wasCancelled = true;
            return Error{QString()};
        }
        if (*state == SessionState::Partial) {
            if (Status s = deleteSession(db, session.sessionId); !s)
                return Error{Tr::tr("Cannot remove the half-written session %1: %2")
                                 .arg(session.sessionId, s.error())};
            ++summary.sessionsRepaired;
        }
        auto runs = runner.runSession(session);
        if (!runs)
            return Error{Tr::tr("Session %1: %2").arg(session.sessionId, runs.error())};
        ++summary.sessionsRecorded;
        for (ScriptedRunSummary& r : *runs) {
            summary.auditFailures += r.auditFailures;
            summary.runs.push_back(std::move(r));
        }
    }
    summary.runsRecorded = int(summary.runs.size());
    return ok();
}

/// Leaves WAL mode so the finished file is self-contained before the rename; the next open
/// switches it back to WAL.
Status finishFreshFile(AuditDatabase& db, const QString& writePath)
{
    QSqlQuery mode(db.sql());
    if (!mode.exec(QStringLiteral("PRAGMA journal_mode=DELETE")) || !mode.next() ||
        mode.value(0).toString().compare(QLatin1String("delete"), Qt::CaseInsensitive))
        return Error{Tr::tr("Cannot finish %1: %2").arg(writePath, mode.lastError().text())};
    return ok();
}

/// The sessions, written to `location`: a new SQLite file is built aside and renamed when
/// complete, so a cancel or a failure leaves no half database behind.
Status writeAuditDatabase(const DatabaseLocation& location, const QString& target,
                          const LookupEngine& engine, const DemoScenarioSet& scenarios,
                          DemoSummary& summary, const Report& report, const Error& cancelled)
{
    const bool isFile = location.kind == DatabaseLocation::Kind::Sqlite;
    const bool fresh = isFile && !QFileInfo::exists(location.path);
    const QString writePath = fresh ? location.path + QStringLiteral(".partial") : target;
    if (fresh)
        removeSqliteFiles(writePath);
    {
        auto opened = AuditDatabase::open(writePath, AccessMode::Create);
        if (!opened)
            return Error{opened.error()};
        AuditDatabase& db = **opened;
        if (db.isReadOnly() || !db.isRagLensOwned())
            return Error{Tr::tr("%1 was not created by RagLens; the demo will not write into it. "
                                "Choose an empty folder.")
                             .arg(summary.databasePath)};
        bool wasCancelled = false;
        if (Status s = recordSessions(db, engine, scenarios, summary, report, wasCancelled); !s) {
            if (wasCancelled && fresh) {
                opened->reset();
                removeSqliteFiles(writePath);
            }
            return wasCancelled ? cancelled : s;
        }
        if (fresh)
            if (Status s = finishFreshFile(db, writePath); !s)
                return s;
    }
    if (fresh && !QFile::rename(writePath, location.path)) // all sessions are in
        return Error{Tr::tr("Cannot move %1 into place.").arg(writePath)};
    return ok();
}

/// What the database now shows, read back from the rows.
Status readBack(const QString& target, DemoSummary& summary)
{
    auto db = AuditDatabase::open(target, AccessMode::Inspect);
    if (!db)
        return Error{db.error()};
    summary.invocations = countRows(**db, QStringLiteral("tool_invocation"));
    summary.traceSamples = countRows(**db, QStringLiteral("lookup_trace_sample"));
    auto coverage = DemoCoverage::read(**db);
    if (!coverage)
        return Error{coverage.error()};
    summary.coverage = *coverage;
    return ok();
}

} // namespace

Expected<DemoSummary> DemoWorkspace::create(const QString& dirIn,
                                            const std::function<bool(QString)>& progress,
                                            const QString& database)
{
    const Report report = [&progress](const QString& message) {
        qCDebug(lcDemo).noquote() << message;
        return !progress || progress(message);
    };
    const Error cancelled{Tr::tr("Creating the demo workspace was cancelled.")};

    DemoSummary summary;
    const QDir dir(QDir::cleanPath(QFileInfo(dirIn).absoluteFilePath()));
    if (!QDir().mkpath(dir.path()))
        return Error{Tr::tr("Cannot create the workspace folder %1.").arg(dir.path())};
    summary.workspace = dir.path();
    summary.kbDir = dir.filePath(QStringLiteral("kb"));
    // The sessions go to DIR/audit.db, or to the database the caller names (a server too).
    const QString target = database.isEmpty() ? dir.filePath(QStringLiteral("audit.db")) : database;
    auto location = DatabaseLocation::parse(target);
    if (!location)
        return Error{location.error()};
    const bool isFile = location->kind == DatabaseLocation::Kind::Sqlite;
    summary.databasePath = isFile ? location->path : location->display();

    auto scenarios = DemoScenarioSet::bundled();
    if (!scenarios)
        return Error{scenarios.error()};
    if (Status s = copyBundledFiles(dir, summary, report, cancelled); !s)
        return Error{s.error()};
    auto kb = indexKnowledgeBase(summary, progress, report, cancelled);
    if (!kb)
        return Error{kb.error()};
    const LookupEngine engine(*kb);
    if (Status s =
            writeAuditDatabase(*location, target, engine, *scenarios, summary, report, cancelled);
        !s)
        return Error{s.error()};
    if (Status s = readBack(target, summary); !s)
        return Error{s.error()};
    report(Tr::tr("The demo workspace is ready"));
    return summary;
}

} // namespace raglens
