#pragma once
// Creates the demo workspace (DemoWorkspace::create) on a worker thread, the way KbIngestJob
// runs an ingest: each phase reaches the UI thread as a queued signal, cancel is a flag the
// creation polls between phases, and one finished signal carries the outcome. Destroying the
// job cancels and waits; a cancelled creation leaves no half database behind.

#include "demo/demo_workspace.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace raglens::ui {

struct DemoWorkspaceOutcome
{
    bool ok = false;
    QString error; ///< translated, when !ok
    DemoSummary summary;
};

class DemoWorkspaceJob : public QObject
{
    Q_OBJECT
public:
    explicit DemoWorkspaceJob(QObject* parent = nullptr);
    ~DemoWorkspaceJob() override;

    /// Starts creating the demo workspace in `dir`; false when a creation is running.
    bool start(const QString& dir);
    void cancel();
    bool isRunning() const;
    QString dir() const { return m_dir; }

signals:
    /// A short translated message per phase or session.
    void progress(const QString& message);
    void finished(const raglens::ui::DemoWorkspaceOutcome& outcome);

private:
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFutureWatcher<DemoWorkspaceOutcome>* m_watcher = nullptr;
    QString m_dir;
};

} // namespace raglens::ui
