#pragma once
// Runs an audit check in a worker thread on a connection of its own and reports progress
// and the result on the UI thread. A newer start() supersedes an older one; cancel() stops
// the running check between batches.

#include "check/audit_check.h"
#include "db/audit_database.h"

#include <QObject>

#include <atomic>
#include <memory>

namespace raglens::ui {

struct AuditCheckRequest
{
    DatabaseLocation location;
    /// The window's inspection of `location`: the job's connection trusts it (no schema
    /// statements, no second private copy of a file with an unapplied log).
    std::optional<AuditDatabase::Inspection> inspection;
    check::CheckScope scope;
    check::CheckConfig config;
    /// Only for ":memory:" databases, which cannot be reopened: read on the UI thread.
    AuditDatabase* memoryDatabase = nullptr;
};

class AuditCheckJob : public QObject
{
    Q_OBJECT
public:
    explicit AuditCheckJob(QObject* parent = nullptr);
    ~AuditCheckJob() override;

    void start(const AuditCheckRequest& request);
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void progress(qint64 runsDone, qint64 runsTotal);
    void finished(const raglens::check::CheckReport& report);
    void failed(const QString& message);

private:
    quint64 m_generation = 0;
    bool m_running = false;
    std::shared_ptr<std::atomic_bool> m_cancel;
};

} // namespace raglens::ui
