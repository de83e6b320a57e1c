#pragma once
// Rolls back unless commit() is called: an early return or exception never leaves
// half an invocation in the audit database.

#include <QSqlDatabase>

namespace raglens {

class ScopedTransaction
{
public:
    explicit ScopedTransaction(QSqlDatabase& db) : m_db(db) { m_active = m_db.transaction(); }
    ~ScopedTransaction()
    {
        if (m_active)
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
        return m_db.commit();
    }

private:
    QSqlDatabase& m_db;
    bool m_active = false;
};

} // namespace raglens
