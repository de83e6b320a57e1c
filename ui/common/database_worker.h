#pragma once
// One long-lived reader per open database: a thread of its own with its own connection
// (Qt SQL connections belong to the thread that opened them), opened once on first use and
// kept, so a click on a remote server costs a query, not a connect. Reads run in the order
// they were asked for; each answer is delivered on the GUI thread to a receiver that still
// exists. Callers drop stale answers with their own generation counters.

#include "db/audit_database.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <functional>
#include <memory>

namespace raglens::ui {

class DatabaseWorker : public QObject
{
    Q_OBJECT
public:
    /// The worker's connection trusts `inspection` (the window's own): it runs no schema
    /// statement and shares the private copy of a file with an unapplied log, never copying it
    /// again.
    explicit DatabaseWorker(AuditDatabase::Inspection inspection, QObject* parent = nullptr);
    /// Waits for the read in progress, closes the connection in its thread, stops.
    ~DatabaseWorker() override;

    /// Runs `read` on the worker's connection; `done` gets its result, or the error of opening
    /// the connection, on the GUI thread, unless `receiver` is gone by then.
    template <typename R>
    void read(QObject* receiver, std::function<R(AuditDatabase&)> read,
              std::function<void(Expected<R>)> done)
    {
        QPointer<QObject> alive(receiver);
        post([this, alive, read = std::move(read), done = std::move(done)] {
            AuditDatabase* db = connection();
            auto result = std::make_shared<Expected<R>>(db ? Expected<R>(read(*db))
                                                           : Expected<R>(Error{m_openError}));
            deliver([alive, done, result] {
                if (alive)
                    done(std::move(*result));
            });
        });
    }

private:
    void post(std::function<void()> job);
    void deliver(std::function<void()> answer);
    AuditDatabase* connection(); ///< in the worker thread; opened on first use

    AuditDatabase::Inspection m_inspection;
    QThread m_thread;
    QObject* m_inThread = nullptr;       ///< lives in m_thread: jobs are queued to it
    std::unique_ptr<AuditDatabase> m_db; ///< touched only in m_thread
    QString m_openError;
};

/// A read whose result is itself Expected, with the worker's own error (it could not
/// connect) folded in: one error, whichever side failed.
template <typename T> Expected<T> flattened(Expected<Expected<T>>&& answer)
{
    if (!answer)
        return Error{answer.error()};
    return std::move(*answer);
}

/// Runs `read` in `worker`, or at once on `db` when there is none (":memory:", which only the
/// window's own connection can read); `done` gets the answer on the GUI thread, unless
/// `receiver` is gone by then.
template <typename R>
void readOpenDatabase(DatabaseWorker* worker, AuditDatabase& db, QObject* receiver,
                      std::function<R(AuditDatabase&)> read, std::function<void(Expected<R>)> done)
{
    if (!worker) {
        done(Expected<R>(read(db)));
        return;
    }
    worker->read<R>(receiver, std::move(read), std::move(done));
}

} // namespace raglens::ui
