#pragma once
// Where audit timestamps come from. Live recording uses the wall clock; the scripted
// demo runner uses a ScriptedClock that starts at the scenario's started_at and only
// moves when told, so the demo database comes out the same on every machine.

#include <QDateTime>

#include <functional>

namespace raglens {

using AuditClock = std::function<QDateTime()>;

inline AuditClock wallClock()
{
    return [] { return QDateTime::currentDateTimeUtc(); };
}

class ScriptedClock
{
public:
    explicit ScriptedClock(QDateTime start) : m_now(start.toUTC()) {}
    QDateTime now() const { return m_now; }
    void advance(qint64 ms) { m_now = m_now.addMSecs(ms); }
    void set(const QDateTime& t) { m_now = t.toUTC(); }
    /// A clock function reading this object; it must outlive the function.
    AuditClock clock() const
    {
        return [this] { return m_now; };
    }

private:
    QDateTime m_now;
};

} // namespace raglens
