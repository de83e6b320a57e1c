#pragma once
// Following an audit database while an agent writes it: each poll reads the newest sessions
// that match a filter and reports the ones that are new, or whose row (counts, outcome,
// question, times) changed since the poll before. The first poll only learns what is there.
//
// A poll reads one page of sessions, newest activity first: a session the agent writes to
// has a run that started recently, so it is on that page. A session that changes while more
// than `window` sessions have started after it is not reported.

#include "trace/audit_browser.h"

#include <functional>
#include <map>
#include <vector>

namespace raglens {

struct SessionChange
{
    enum class Kind
    {
        New,     ///< not seen by an earlier poll
        Changed, ///< seen, and its row differs now
    };
    Kind kind = Kind::New;
    SessionRow row;
};

/// "new" or "changed".
QString sessionChangeName(SessionChange::Kind kind);

/// What `now` (a page of sessions) says changed against what a reader already shows:
/// `known` gives a session's row as shown, or null when it shows none. Every view that
/// follows a database decides "new" and "changed" here, the same way.
std::vector<SessionChange>
diffSessions(std::vector<SessionRow> now,
             const std::function<const SessionRow*(const QString& sessionId)>& known);

/// Whether reads on `db` see what other processes commit: not for a SQLite file read as
/// immutable (no writer was active when it was opened) or from a private copy. A follower
/// on such a connection must reopen it with AccessMode::InspectLive.
bool seesOtherWriters(const AuditDatabase& db);

class SessionFollower
{
public:
    static constexpr int kDefaultWindow = 200;

    explicit SessionFollower(SessionFilter filter = {}, int window = kDefaultWindow);

    /// Reads the newest `window` matching sessions on `db` and returns what changed, newest
    /// first. Nothing on the first successful poll, which sets the baseline; an error leaves
    /// the state as it was, so the next poll compares with the last good one.
    Expected<std::vector<SessionChange>> poll(AuditDatabase& db);
    bool hasBaseline() const { return m_hasBaseline; }
    /// Starts over: the next poll sets a new baseline (after the filter changed).
    void reset(const SessionFilter& filter);
    const SessionFilter& filter() const { return m_filter; }

private:
    SessionFilter m_filter;
    int m_window;
    bool m_hasBaseline = false;
    /// Each session seen so far, as last read.
    std::map<QString, SessionRow> m_seen;
};

} // namespace raglens
