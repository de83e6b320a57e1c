#include "trace/session_follower.h"

namespace raglens {

QString sessionChangeName(SessionChange::Kind kind)
{
    return kind == SessionChange::Kind::New ? QStringLiteral("new") : QStringLiteral("changed");
}

std::vector<SessionChange>
diffSessions(std::vector<SessionRow> now,
             const std::function<const SessionRow*(const QString& sessionId)>& known)
{
    std::vector<SessionChange> changes;
    for (SessionRow& row : now) {
        const SessionRow* before = known(row.sessionId);
        // The row's JSON is everything a view shows of it: equal text, nothing to redraw.
        if (!before)
            changes.push_back({SessionChange::Kind::New, std::move(row)});
        else if (nlohmann::json(*before) != nlohmann::json(row))
            changes.push_back({SessionChange::Kind::Changed, std::move(row)});
    }
    return changes;
}

bool seesOtherWriters(const AuditDatabase& db)
{
    // The access note is set exactly when the connection reads a private copy.
    return !db.sqliteReadUri().contains(QLatin1String("immutable=1")) && db.accessNote().isEmpty();
}

SessionFollower::SessionFollower(SessionFilter filter, int window)
    : m_filter(std::move(filter)), m_window(qMax(1, window))
{}

void SessionFollower::reset(const SessionFilter& filter)
{
    m_filter = filter;
    m_hasBaseline = false;
    m_seen.clear();
}

Expected<std::vector<SessionChange>> SessionFollower::poll(AuditDatabase& db)
{
    auto rows = AuditBrowser(db).sessions(m_filter, 0, m_window);
    if (!rows)
        return Error{rows.error()};
    std::vector<SessionChange> changes =
        diffSessions(std::move(*rows), [this](const QString& id) -> const SessionRow* {
            const auto it = m_seen.find(id);
            return it == m_seen.end() ? nullptr : &it->second;
        });
    for (const SessionChange& change : changes)
        m_seen[change.row.sessionId] = change.row;
    if (!m_hasBaseline) {
        m_hasBaseline = true;
        return std::vector<SessionChange>{};
    }
    return changes;
}

} // namespace raglens
