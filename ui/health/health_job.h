#pragma once
// Computes a HealthReport in a worker thread on a connection of its own (Qt SQL
// connections belong to the thread that opened them) and reports back on the UI thread.
// A newer start() supersedes an older one: the stale result is dropped, so quickly
// switching windows never shows an out-of-date report. computeHealth() cannot be
// interrupted; a superseded worker simply finishes unseen.

#include "db/audit_database.h"
#include "diagnostics/health_report.h"

#include <QDateTime>
#include <QObject>

namespace raglens::ui {

struct HealthRequest
{
    DatabaseLocation location;
    /// The window's inspection of `location`, when it has one: the job's connection trusts
    /// it (no schema statements, no second private copy of a file with an unapplied log).
    std::optional<AuditDatabase::Inspection> inspection;
    QDateTime since; ///< invalid = open
    QDateTime until; ///< invalid = open
    DiagnosticThresholds thresholds;
    /// Only for ":memory:" databases, which cannot be reopened: read on the UI thread
    /// through this connection (it must outlive the job's event-loop turn).
    AuditDatabase* memoryDatabase = nullptr;
};

class HealthJob : public QObject
{
    Q_OBJECT
public:
    explicit HealthJob(QObject* parent = nullptr);

    void start(const HealthRequest& request);
    /// Forgets the running computation (its result will be dropped).
    void discard();
    bool isRunning() const { return m_pending; }

signals:
    void started();
    void finished(const raglens::HealthReport& report);
    void failed(const QString& message);

private:
    struct Outcome
    {
        std::optional<HealthReport> report;
        QString error;
    };
    static Outcome compute(const HealthRequest& request, AuditDatabase* db);
    void deliver(quint64 generation, const Outcome& outcome);

    quint64 m_generation = 0;
    bool m_pending = false;
};

} // namespace raglens::ui
