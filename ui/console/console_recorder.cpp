#include "console/console_recorder.h"

#include "audit/local_lookup_recorder.h"
#include "db/audit_database.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QUuid>

namespace raglens::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(ConsoleRecorder)
};

} // namespace

QString newConsoleSessionId()
{
    return QStringLiteral("console-%1-%2")
        .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")),
             QUuid::createUuid().toString(QUuid::Id128).left(4));
}

Expected<ConsoleRecording> recordConsoleLookup(const LookupEngine& engine,
                                               const LookupRequest& request,
                                               const DatabaseLocation& database,
                                               const QString& sessionId)
{
    // Its own connection: this runs on a worker thread, the window keeps its own.
    auto db = AuditDatabase::open(database, AccessMode::Inspect);
    if (!db)
        return Error{db.error()};
    if ((*db)->isReadOnly())
        return Error{Tr::tr("%1 is read-only (RagLens did not create it); the lookup was not "
                            "recorded.")
                         .arg(database.display())};

    // The console keeps every full trace: it is a local workspace and the user asked.
    LocalLookupRecorder recorder(**db, engine.knowledgeBase(), TraceSamplingPolicy::on(1.0));
    LocalRecordRequest req;
    req.sessionId = sessionId.isEmpty() ? newConsoleSessionId() : sessionId;
    req.lookup = request;
    auto rec = recorder.record(req);
    if (!rec)
        return Error{rec.error()};
    if (!rec->invocationId)
        return Error{
            Tr::tr("The lookup ran but its audit row was not written: %1").arg(rec->auditError)};

    ConsoleRecording out;
    out.result = std::move(rec->lookup);
    out.agent = std::move(rec->agent);
    out.sessionId = rec->sessionId;
    out.runId = rec->runId;
    out.invocationId = *rec->invocationId;
    return out;
}

} // namespace raglens::ui
