#include "mainwindow/demo_workspace_job.h"

#include "common/background_pool.h"

#include <QtConcurrent>

namespace raglens::ui {

DemoWorkspaceJob::DemoWorkspaceJob(QObject* parent) : QObject(parent)
{
    m_watcher = new QFutureWatcher<DemoWorkspaceOutcome>(this);
    connect(m_watcher, &QFutureWatcherBase::finished, this,
            [this] { emit finished(m_watcher->future().result()); });
}

DemoWorkspaceJob::~DemoWorkspaceJob()
{
    cancel();
    m_watcher->disconnect(this);
    m_watcher->waitForFinished();
}

bool DemoWorkspaceJob::isRunning() const
{
    return m_watcher->isRunning();
}

void DemoWorkspaceJob::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

bool DemoWorkspaceJob::start(const QString& dir)
{
    if (isRunning())
        return false;
    m_dir = dir;
    // A fresh flag per run: a late cancel() of the previous run must not hit this one.
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelled;
    // The destructor waits for the worker, so `this` outlives every callback; messages still
    // queued for a destroyed job are discarded by ~QObject.
    DemoWorkspaceJob* self = this;
    auto report = [self, cancelled](const QString& message) {
        QMetaObject::invokeMethod(
            self, [self, message] { emit self->progress(message); }, Qt::QueuedConnection);
        return !cancelled->load();
    };
    m_watcher->setFuture(QtConcurrent::run(backgroundPool(), [dir, report] {
        DemoWorkspaceOutcome out;
        auto created = DemoWorkspace::create(dir, report);
        if (created) {
            out.ok = true;
            out.summary = *created;
        } else {
            out.error = created.error();
        }
        return out;
    }));
    return true;
}

} // namespace raglens::ui
