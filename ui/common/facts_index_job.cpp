#include "common/facts_index_job.h"

#include "common/background_pool.h"
#include "db/audit_database.h"

#include <QPointer>
#include <QtConcurrent>

namespace raglens::ui {

FactsIndexJob::FactsIndexJob(QObject* parent) : QObject(parent) {}

FactsIndexJob::~FactsIndexJob()
{
    detach();
    m_previous.waitForFinished();
}

void FactsIndexJob::detach()
{
    if (!m_watcher)
        return;
    if (m_cancel)
        *m_cancel = true;
    m_watcher->disconnect(this); // its answer is no longer wanted
    m_previous = m_watcher->future();
    if (m_watcher->isFinished())
        m_watcher->deleteLater();
    else
        connect(m_watcher, &QFutureWatcherBase::finished, m_watcher, &QObject::deleteLater);
    m_watcher = nullptr;
}

void FactsIndexJob::cancel()
{
    if (m_cancel)
        *m_cancel = true;
}

void FactsIndexJob::start(const AuditDatabase::Inspection& source, const QString& indexPath)
{
    detach();
    const quint64 generation = ++m_generation;
    auto cancelled = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancelled;
    m_watcher = new QFutureWatcher<Outcome>(this);
    connect(m_watcher, &QFutureWatcher<Outcome>::finished, this, [this, generation] {
        if (!m_watcher || generation != m_generation)
            return;
        const Outcome outcome = m_watcher->result();
        m_watcher->deleteLater();
        m_watcher = nullptr;
        if (outcome.update)
            emit ready(*outcome.update);
        else
            emit failed(outcome.error);
    });
    QPointer<FactsIndexJob> self(this);
    m_watcher->setFuture(
        QtConcurrent::run(backgroundPool(), [source, indexPath, cancelled, self, generation,
                                             previous = m_previous]() mutable {
            previous.waitForFinished(); // a cancelled run stops at its next progress report
            // Inspect never writes to the audited database; the index is our own file.
            auto db = AuditDatabase::openInspected(source);
            if (!db)
                return Outcome{std::nullopt, db.error()};
            auto done = facts_index::update(**db, indexPath, [&](qint64 at, qint64 total) {
                QMetaObject::invokeMethod(
                    qApp,
                    [self, generation, at, total] {
                        if (self && generation == self->m_generation)
                            emit self->progress(at, total);
                    },
                    Qt::QueuedConnection);
                return !*cancelled;
            });
            if (!done)
                return Outcome{std::nullopt, done.error()};
            return Outcome{*done, QString()};
        }));
}

} // namespace raglens::ui
