#pragma once
// Builds or refreshes the facts index of the open database in the background, with its own
// connection, reporting progress and able to cancel. Until it reports ready, views read the
// database directly; after, lists, counts and health read the index (see core/facts).

#include "db/audit_database.h"
#include "facts/facts_index.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace raglens::ui {

class FactsIndexJob : public QObject
{
    Q_OBJECT
public:
    explicit FactsIndexJob(QObject* parent = nullptr);
    /// Cancels the work in progress and waits for it (its connection closes in its thread).
    ~FactsIndexJob() override;

    /// Starts building or refreshing the index of `source` at `indexPath`; a run in progress
    /// is cancelled and its answer dropped. The new run waits for the old one to stop in
    /// its own thread (both may write the same file), never on the caller's.
    /// Reads the database `source` describes through a connection that trusts that
    /// inspection (no schema statements again, no second private copy of its file).
    void start(const AuditDatabase::Inspection& source, const QString& indexPath);
    void cancel();
    bool isRunning() const { return m_watcher && m_watcher->isRunning(); }

signals:
    void progress(qint64 done, qint64 total);
    void ready(const raglens::FactsIndexUpdate& update);
    void failed(const QString& error);

private:
    struct Outcome
    {
        std::optional<FactsIndexUpdate> update;
        QString error;
    };
    /// Cancels the run in progress and forgets its answer, without waiting for it.
    void detach();

    QFutureWatcher<Outcome>* m_watcher = nullptr;
    QFuture<Outcome> m_previous; ///< the last detached run, which the next one waits for
    std::shared_ptr<std::atomic_bool> m_cancel;
    quint64 m_generation = 0;
};

} // namespace raglens::ui
