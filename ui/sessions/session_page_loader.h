#pragma once
// Loads pages of sessions (and the match count) in a worker thread with its own database
// connection, so a filter change on a large audit database never freezes the window.
// Results carry the generation they were asked for; stale pages are dropped by the model.

#include "db/audit_database.h"
#include "trace/audit_browser.h"

#include <QObject>

namespace raglens::ui {

struct SessionPage
{
    /// `offset` of the answer that carries only the match count.
    static constexpr int kCountOnly = -1;
    quint64 generation = 0;
    int offset = 0;
    int total = -1; ///< match count, when it was asked for
    std::vector<SessionRow> rows;
    QString error;
};

class SessionPageLoader : public QObject
{
    Q_OBJECT
public:
    explicit SessionPageLoader(QObject* parent = nullptr);

    /// The database to read; null clears. SQLite ":memory:" cannot be reopened in another
    /// thread, so it is read synchronously through this connection.
    void setDatabase(AuditDatabase* db);
    /// Lists and counts are read from this facts index (an SQLite file) instead; empty: from
    /// the database. Ignored for ":memory:" databases, which have no index.
    void setFactsIndex(const QString& path) { m_factsIndex = path; }
    QString factsIndex() const { return m_factsIndex; }
    /// Reads a page of rows; with `withCount` the match count is read beside it and arrives
    /// as its own SessionPage (offset kCountOnly), usually after the rows: counting a
    /// filter over a million rows must not hold back the first page.
    void request(quint64 generation, const SessionFilter& filter, int offset, int limit,
                 bool withCount);
    /// Reads only the match count (a SessionPage with offset kCountOnly).
    void requestCount(quint64 generation, const SessionFilter& filter);
    int pendingRequests() const { return m_pending; }

signals:
    void pageReady(const raglens::ui::SessionPage& page);

private:
    void dispatch(quint64 generation, const SessionFilter& filter, int offset, int limit);

    AuditDatabase* m_db = nullptr;
    /// The database's own inspection: each page's connection trusts it (no schema
    /// statements per page, no second copy of a file with an unapplied log).
    AuditDatabase::Inspection m_inspection;
    QString m_factsIndex;
    bool m_threaded = false;
    int m_pending = 0;
};

/// The read a worker does (rows, or only the count when offset is kCountOnly); also used
/// directly for the synchronous path.
SessionPage loadSessionPage(AuditDatabase& db, quint64 generation, const SessionFilter& filter,
                            int offset, int limit);

} // namespace raglens::ui
