#include "health/health_job.h"

#include "common/background_pool.h"
#include "common/job_connection.h"
#include "common/logging.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent>

namespace raglens::ui {

HealthJob::HealthJob(QObject* parent) : QObject(parent) {}

HealthJob::Outcome HealthJob::compute(const HealthRequest& request, AuditDatabase* db)
{
    std::unique_ptr<AuditDatabase> own;
    auto connection = jobConnection(db, request.location, request.inspection, own);
    if (!connection)
        return {std::nullopt, connection.error()};
    auto report = computeHealth(**connection, request.since, request.until, request.thresholds);
    if (!report)
        return {std::nullopt, report.error()};
    return {std::move(*report), QString()};
}

void HealthJob::start(const HealthRequest& request)
{
    const quint64 generation = ++m_generation;
    m_pending = true;
    emit started();
    const bool memory = request.location.isInMemory();
    if (memory) {
        Outcome outcome =
            request.memoryDatabase
                ? compute(request, request.memoryDatabase)
                : Outcome{std::nullopt, tr("An in-memory database can only be read through "
                                           "the connection that created it.")};
        QTimer::singleShot(0, this, [this, generation, outcome] { deliver(generation, outcome); });
        return;
    }
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation] {
        deliver(generation, watcher->result());
        watcher->deleteLater();
    });
    HealthRequest copy = request;
    copy.memoryDatabase = nullptr;
    watcher->setFuture(
        QtConcurrent::run(backgroundPool(), [copy] { return compute(copy, nullptr); }));
}

void HealthJob::discard()
{
    ++m_generation;
    m_pending = false;
}

void HealthJob::deliver(quint64 generation, const Outcome& outcome)
{
    if (generation != m_generation)
        return; // superseded
    m_pending = false;
    if (outcome.report) {
        emit finished(*outcome.report);
    } else {
        qCDebug(lcUi) << "health computation failed:" << outcome.error;
        emit failed(outcome.error);
    }
}

} // namespace raglens::ui
