#include "auditcheck/audit_check_job.h"

#include "common/background_pool.h"
#include "common/job_connection.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QtConcurrent>

namespace raglens::ui {

namespace {

struct Outcome
{
    std::optional<check::CheckReport> report;
    QString error;
};

Outcome compute(const AuditCheckRequest& request, AuditDatabase* db,
                const check::CheckProgress& progress)
{
    std::unique_ptr<AuditDatabase> own;
    auto connection = jobConnection(db, request.location, request.inspection, own);
    if (!connection)
        return {std::nullopt, connection.error()};
    auto report = check::runAuditCheck(**connection, request.scope, request.config, progress);
    if (!report)
        return {std::nullopt, report.error()};
    return {std::move(*report), QString()};
}

} // namespace

AuditCheckJob::AuditCheckJob(QObject* parent) : QObject(parent) {}

AuditCheckJob::~AuditCheckJob()
{
    cancel();
}

void AuditCheckJob::start(const AuditCheckRequest& request)
{
    cancel();
    const quint64 generation = ++m_generation;
    m_running = true;
    auto cancelled = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancelled;
    QPointer<AuditCheckJob> self(this);
    // Called in the worker: progress reaches the UI through the event loop, at most a few
    // times a second's worth of batches, and says whether to go on.
    const check::CheckProgress progress = [self, generation, cancelled](qint64 done, qint64 total) {
        QMetaObject::invokeMethod(
            self,
            [self, generation, done, total] {
                if (self && generation == self->m_generation)
                    emit self->progress(done, total);
            },
            Qt::QueuedConnection);
        return !cancelled->load();
    };
    const auto deliver = [this, generation](const Outcome& outcome) {
        if (generation != m_generation)
            return; // superseded or cancelled
        m_running = false;
        if (outcome.report)
            emit finished(*outcome.report);
        else
            emit failed(outcome.error);
    };
    const bool memory = request.location.isInMemory();
    if (memory) {
        const Outcome outcome = request.memoryDatabase
                                    ? compute(request, request.memoryDatabase, progress)
                                    : Outcome{std::nullopt, tr("An in-memory database can only be "
                                                               "read through the connection that "
                                                               "created it.")};
        QTimer::singleShot(0, this, [deliver, outcome] { deliver(outcome); });
        return;
    }
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [watcher, deliver] {
        deliver(watcher->result());
        watcher->deleteLater();
    });
    AuditCheckRequest copy = request;
    copy.memoryDatabase = nullptr;
    watcher->setFuture(QtConcurrent::run(
        backgroundPool(), [copy, progress] { return compute(copy, nullptr, progress); }));
}

void AuditCheckJob::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
    if (m_running) {
        ++m_generation; // its answer, if any, is dropped
        m_running = false;
    }
}

} // namespace raglens::ui
