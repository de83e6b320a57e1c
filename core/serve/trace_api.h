#pragma once
// The Trace API of DESIGN §4–5 as a pure function of a request and a database: the same
// routes `raglens-cli serve` and the GUI's File → Serve Trace API answer, testable without
// a socket. Read-only: nothing here writes to the database.
//
//   GET /api                                  what this server offers
//   GET /api/diagnosis/{sessionId}/trace      DiagnosisTraceResponse (?runId=)
//   GET /api/diagnosis/{sessionId}/otlp       the same session as OTLP/JSON (?runId=)
//   GET /api/rag/debug/health                 the seed's health keys + RagLens's report (?hours=)
//   GET /api/rag/debug/problematic            problematic queries (?hours=&limit=)
//   GET /api/sessions                         the filters of `raglens-cli sessions`
//   (?limit=&offset=)

#include "db/audit_database.h"
#include "serve/http_message.h"

#include <QDateTime>

#include <functional>
#include <map>
#include <tuple>

namespace raglens::serve {

struct TraceApiOptions
{
    qint64 cacheBytes = 32LL * 1024 * 1024; ///< trace answers kept per connection; 0 = none
    QByteArray token; ///< when set, every request needs "Authorization: Bearer <token>"
    /// "Now" for the health windows; a test pins it, the server reads the clock.
    std::function<QDateTime()> now = [] { return QDateTime::currentDateTimeUtc(); };
};

class TraceApi
{
public:
    TraceApi(AuditDatabase& db, TraceApiOptions options = {});

    HttpResponse handle(const HttpRequest& request) const;

    /// Constant-time comparison of an Authorization header against the token.
    static bool authorized(const QByteArray& authorizationHeader, const QByteArray& token);

private:
    HttpResponse route(const ParsedTarget& target) const;
    HttpResponse index() const;
    HttpResponse trace(const QString& sessionId, const ParsedTarget& target, bool otlp) const;
    HttpResponse health(const ParsedTarget& target) const;
    HttpResponse problematic(const ParsedTarget& target) const;
    HttpResponse sessions(const ParsedTarget& target) const;

    /// SQLite's data_version for this connection: it changes whenever another connection
    /// commits. Nothing for a server database, whose answers are never cached.
    std::optional<qint64> dataVersion() const;
    /// 503 when a writer holds the SQLite file locked past the busy timeout; else nothing.
    std::optional<HttpResponse> lockedAnswer() const;
    /// 503 when the SQLite file at the database's path is no longer the one opened (replaced
    /// by a restore, or removed): its connection still reads the old file; else nothing.
    std::optional<HttpResponse> replacedAnswer() const;

    AuditDatabase& m_db;
    TraceApiOptions m_options;
    /// The opened SQLite file's device and inode, when it has a path.
    QString m_file; ///< fileIdentity() of the opened SQLite file; empty without one
    /// Trace and OTLP answers by session and run, valid while the data version holds: a
    /// dashboard polling the same sessions reads the database once per change, not once per
    /// poll. Bounded in bytes; emptied whenever the database changed.
    mutable std::map<std::tuple<QString, QString, bool>, HttpResponse> m_cache;
    mutable qint64 m_cacheBytes = 0;
    mutable std::optional<qint64> m_cacheVersion;
};

/// The seed's health status for an empty-retrieval rate: CRITICAL above 0.2, WARNING above
/// 0.1, else HEALTHY.
QString seedHealthStatus(double emptyRetrievalRate);

} // namespace raglens::serve
