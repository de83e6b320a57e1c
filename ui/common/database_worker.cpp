#include "common/database_worker.h"

#include <QMetaObject>

namespace raglens::ui {

DatabaseWorker::DatabaseWorker(AuditDatabase::Inspection inspection, QObject* parent)
    : QObject(parent), m_inspection(std::move(inspection))
{
    m_inThread = new QObject;
    m_inThread->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_inThread, &QObject::deleteLater);
    m_thread.setObjectName(QStringLiteral("raglens-db-worker"));
    m_thread.start();
}

DatabaseWorker::~DatabaseWorker()
{
    // The connection is closed in the thread that opened it, after the reads already queued.
    QMetaObject::invokeMethod(
        m_inThread, [this] { m_db.reset(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void DatabaseWorker::post(std::function<void()> job)
{
    QMetaObject::invokeMethod(m_inThread, std::move(job), Qt::QueuedConnection);
}

void DatabaseWorker::deliver(std::function<void()> answer)
{
    // Queued to this object, which lives on the GUI thread and outlives the thread's jobs.
    QMetaObject::invokeMethod(this, std::move(answer), Qt::QueuedConnection);
}

AuditDatabase* DatabaseWorker::connection()
{
    if (!m_db) { // asked again after a failure: a server may be back
        auto db = AuditDatabase::openInspected(m_inspection);
        if (db)
            m_db = std::move(*db);
        else
            m_openError = db.error();
    }
    return m_db.get();
}

} // namespace raglens::ui
