#pragma once
// Rolls back unless commit() is called: an early return or exception never leaves
// half an invocation in the audit database.
//
// On SQLite the transaction takes the write lock at BEGIN (BEGIN IMMEDIATE, retried a few
// times beyond the driver's busy timeout): a deferred transaction that reads before it
// writes fails with "database is locked" when another process wrote in between, which two
// concurrent `record` runs did.

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QThread>

namespace raglens {

class ScopedTransaction
{
public:
    explicit ScopedTransaction(QSqlDatabase& db) : m_db(db)
    {
        if (m_db.driverName() != QLatin1String("QSQLITE")) {
            m_active = m_db.transaction();
            return;
        }
        for (int attempt = 0; attempt < 5 && !m_active; ++attempt) {
            if (attempt > 0)
                QThread::msleep(50UL << attempt);
            QSqlQuery q(m_db);
            m_active = q.exec(QStringLiteral("BEGIN IMMEDIATE"));
        }
        m_manual = m_active;
    }
    ~ScopedTransaction()
    {
        if (!m_active)
            return;
        if (m_manual)
            QSqlQuery(m_db).exec(QStringLiteral("ROLLBACK"));
        else
            m_db.rollback();
    }
    ScopedTransaction(const ScopedTransaction&) = delete;
    ScopedTransaction& operator=(const ScopedTransaction&) = delete;

    bool isActive() const { return m_active; }
    bool commit()
    {
        if (!m_active)
            return false;
        m_active = false;
        if (!m_manual)
            return m_db.commit();
        QSqlQuery q(m_db);
        if (q.exec(QStringLiteral("COMMIT")))
            return true;
        QSqlQuery(m_db).exec(QStringLiteral("ROLLBACK")); // a failed COMMIT leaves it open
        return false;
    }

private:
    QSqlDatabase& m_db;
    bool m_active = false;
    bool m_manual = false; ///< BEGIN IMMEDIATE issued by hand (SQLite)
};

} // namespace raglens
