#pragma once
// Runs a read against an audit database in a worker thread on a connection of its own
// (Qt SQL connections belong to the thread that opened them) and delivers the result to
// `receiver` on its thread. ":memory:" databases cannot be reopened, so they are read
// synchronously through the given connection; the result still arrives from the event loop.

#include "common/background_pool.h"
#include "db/audit_database.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QtConcurrent>

#include <functional>

namespace raglens::ui {

template <typename R>
void readInWorker(AuditDatabase& db, QObject* receiver, std::function<R(AuditDatabase&)> read,
                  std::function<void(R)> done)
{
    const DatabaseLocation location = db.location();
    const bool memory = location.isInMemory();
    if (memory) {
        R result = read(db);
        QTimer::singleShot(0, receiver, [done, result] { done(result); });
        return;
    }
    auto* watcher = new QFutureWatcher<R>(receiver);
    QObject::connect(watcher, &QFutureWatcher<R>::finished, receiver, [watcher, done] {
        done(watcher->result());
        watcher->deleteLater();
    });
    // The worker's connection trusts this one's inspection: no schema statements again, and
    // a private copy of the file is shared, not made again.
    watcher->setFuture(
        QtConcurrent::run(backgroundPool(), [inspection = db.inspection(), read]() -> R {
            auto own = AuditDatabase::openInspected(inspection);
            if (!own)
                return R{};
            return read(**own);
        }));
}

} // namespace raglens::ui
