#include "serve/trace_api.h"

#include "common/file_identity.h"

#include "serve/trace_api_params.h"

#include "common/json_qt.h"
#include "common/logging.h"
#include "diagnostics/health_report.h"
#include "interpret/invocation_facts.h"
#include "interpret/trace_interpretation.h"
#include "model/vocabulary.h"
#include "trace/audit_browser.h"
#include "trace/otlp_exporter.h"
#include "trace/schema_notes.h"
#include "trace/session_filter_params.h"
#include "trace/trace_service.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlError>
#include <QSqlQuery>

namespace raglens::serve {

using nlohmann::json;

namespace {

/// A server without a token answers only requests addressed to this machine by name or
/// address: a web page that points its own domain at 127.0.0.1 (DNS rebinding) sends its
/// domain as Host and is refused, so a browser cannot be turned into a reader of traces.
bool hostIsLocal(const QByteArray& hostHeader)
{
    if (hostHeader.isEmpty())
        return true; // HTTP/1.0 clients may leave it out; browsers always send it
    QByteArray host = hostHeader.trimmed().toLower();
    if (host.startsWith('[')) {
        host = host.left(host.indexOf(']') + 1);
    } else if (const qsizetype colon = host.lastIndexOf(':'); colon >= 0) {
        host = host.left(colon);
    }
    if (host == "localhost" || host == "[::1]")
        return true;
    // A loopback IPv4 address written out in full: four decimal numbers up to 255, the first
    // 127. A prefix test let "127.0.0.1.nip.io", "127.evil.example" or two Host headers
    // joined ("127.0.0.1, evil.com") through, names an attacker can point at this machine.
    const QList<QByteArray> parts = host.split('.');
    if (parts.size() != 4 || parts.front() != "127")
        return false;
    for (const QByteArray& part : parts) {
        if (part.isEmpty() || part.size() > 3)
            return false;
        for (char c : part)
            if (c < '0' || c > '9')
                return false;
        if (part.toInt() > 255)
            return false;
    }
    return true;
}

} // namespace

QString seedHealthStatus(double emptyRetrievalRate)
{
    if (emptyRetrievalRate > 0.2)
        return QStringLiteral("CRITICAL");
    if (emptyRetrievalRate > 0.1)
        return QStringLiteral("WARNING");
    return QStringLiteral("HEALTHY");
}

TraceApi::TraceApi(AuditDatabase& db, TraceApiOptions options)
    : m_db(db), m_options(std::move(options))
{
    if (m_db.location().kind == DatabaseLocation::Kind::Sqlite)
        m_file = fileIdentity(m_db.location().path);
}

std::optional<HttpResponse> TraceApi::replacedAnswer() const
{
    if (m_file.isEmpty())
        return std::nullopt;
    const QString now = fileIdentity(m_db.location().path);
    if (now == m_file)
        return std::nullopt;
    // The connection reads the file it opened, whatever now lies at its path: served on,
    // its answers would be those of a deleted or replaced database. The path goes to the
    // server's log only.
    qCWarning(lcTrace) << "Trace API:" << m_db.location().path
                       << (!now.isEmpty() ? "was replaced by another file" : "was removed")
                       << "since the server opened it";
    return HttpResponse::error(
        503, !now.isEmpty()
                 ? QStringLiteral("the database file was replaced since the server opened it; "
                                  "restart the server to serve the new one")
                 : QStringLiteral("the database file was removed since the server opened it"));
}

bool TraceApi::authorized(const QByteArray& authorizationHeader, const QByteArray& token)
{
    if (token.isEmpty())
        return true;
    // The scheme is case-insensitive (RFC 9110 §11.1); the token is not.
    const QByteArray given = authorizationHeader.left(7).toLower() == "bearer "
                                 ? authorizationHeader.mid(7).trimmed()
                                 : QByteArray();
    // Compare digests: equal lengths, and every byte looked at whatever the first difference.
    const QByteArray a = QCryptographicHash::hash(given, QCryptographicHash::Sha256);
    const QByteArray b = QCryptographicHash::hash(token, QCryptographicHash::Sha256);
    unsigned char diff = given.isEmpty() ? 1 : 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

HttpResponse TraceApi::handle(const HttpRequest& request) const
{
    if (request.method != "GET" && request.method != "HEAD") {
        HttpResponse r = HttpResponse::error(
            405, QStringLiteral("method %1 is not allowed: the Trace API is read-only")
                     .arg(QString::fromLatin1(request.method.left(20))));
        r.extraHeaders.append(qMakePair(QByteArray("Allow"), QByteArray("GET, HEAD")));
        return r;
    }
    if (m_options.token.isEmpty() && !hostIsLocal(request.header("host")))
        return HttpResponse::error(
            421, QStringLiteral("this server answers only requests addressed to this machine "
                                "(Host 127.0.0.1, localhost or [::1])"));
    if (!authorized(request.header("authorization"), m_options.token)) {
        HttpResponse r =
            HttpResponse::error(401, QStringLiteral("a valid bearer token is required"));
        r.extraHeaders.append(
            qMakePair(QByteArray("WWW-Authenticate"), QByteArray("Bearer realm=\"raglens\"")));
        return r;
    }
    ParsedTarget target;
    QString why;
    if (!parseTarget(request.target, target, why))
        return HttpResponse::error(400, why);
    try {
        return route(target);
    } catch (const std::exception& e) {
        // Nothing below should throw; if it does, the client gets a message, not a reset.
        return HttpResponse::error(
            500, QStringLiteral("internal error: %1").arg(QString::fromUtf8(e.what())));
    }
}

HttpResponse TraceApi::route(const ParsedTarget& t) const
{
    const QStringList& s = t.segments;
    if (s.isEmpty() || s.first() != QLatin1String("api"))
        return HttpResponse::error(404, QStringLiteral("no such endpoint; GET /api lists them"));
    if (s.size() == 1)
        return index();
    if (std::optional<HttpResponse> replaced = replacedAnswer())
        return *replaced;
    if (std::optional<HttpResponse> locked = lockedAnswer())
        return *locked;
    if (s.size() == 4 && s[1] == QLatin1String("diagnosis") &&
        (s[3] == QLatin1String("trace") || s[3] == QLatin1String("otlp")))
        return trace(s[2], t, s[3] == QLatin1String("otlp"));
    if (s.size() == 4 && s[1] == QLatin1String("rag") && s[2] == QLatin1String("debug")) {
        if (s[3] == QLatin1String("health"))
            return health(t);
        if (s[3] == QLatin1String("problematic"))
            return problematic(t);
    }
    if (s.size() == 2 && s[1] == QLatin1String("sessions"))
        return sessions(t);
    return HttpResponse::error(404, QStringLiteral("no such endpoint; GET /api lists them"));
}

HttpResponse TraceApi::index() const
{
    const json body = {
        {"service", "raglens"},
        {"readOnly", true},
        {"authRequired", !m_options.token.isEmpty()},
        {"endpoints",
         {"/api/diagnosis/{sessionId}/trace?runId=", "/api/diagnosis/{sessionId}/otlp?runId=",
          "/api/rag/debug/health?hours=", "/api/rag/debug/problematic?hours=&limit=",
          "/api/sessions?outcome=&session-outcome=&evidence=&failure=&relevance=&attempt=&"
          "retry-reason=&tool=&since=&until=&text=&limit=&offset="}}};
    return HttpResponse::json(200, dumpJson(body));
}

std::optional<HttpResponse> TraceApi::lockedAnswer() const
{
    if (m_db.location().kind != DatabaseLocation::Kind::Sqlite)
        return std::nullopt;
    // One read, waiting the busy timeout once: a writer holding the file made every query
    // of a trace wait its own 5 s (65 s for one request, while other requests queued behind).
    QSqlQuery q(m_db.sql());
    if (q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")))
        return std::nullopt;
    const QString code = q.lastError().nativeErrorCode();
    if (code != QLatin1String("5") && code != QLatin1String("6"))
        return std::nullopt; // not a lock: the route's own reading says what it is
    HttpResponse r = HttpResponse::error(
        503, QStringLiteral("the database is locked by another program that is writing to it; "
                            "try again when it has finished"));
    r.extraHeaders.append(qMakePair(QByteArray("Retry-After"), QByteArray("5")));
    return r;
}

std::optional<qint64> TraceApi::dataVersion() const
{
    if (m_db.location().kind != DatabaseLocation::Kind::Sqlite)
        return std::nullopt;
    QSqlQuery q(m_db.sql());
    if (!q.exec(QStringLiteral("PRAGMA data_version")) || !q.next())
        return std::nullopt;
    return q.value(0).toLongLong();
}

HttpResponse TraceApi::trace(const QString& sessionId, const ParsedTarget& t, bool otlp) const
{
    HttpResponse error;
    if (!checkParams(t, {QStringLiteral("runId")}, error))
        return error;
    const QString runId = t.query.value(QStringLiteral("runId"));
    if (t.query.contains(QStringLiteral("runId")) && runId.isEmpty())
        return HttpResponse::error(400, QStringLiteral("runId is empty"));

    const std::optional<qint64> version =
        m_options.cacheBytes > 0 ? dataVersion() : std::optional<qint64>();
    if (!version || version != m_cacheVersion) {
        m_cache.clear();
        m_cacheBytes = 0;
        m_cacheVersion = version;
    }
    const auto key = std::make_tuple(sessionId, runId, otlp);
    if (version)
        if (const auto it = m_cache.find(key); it != m_cache.end())
            return it->second;

    auto trace = TraceService(m_db).getTrace(sessionId, runId);
    if (!trace) {
        if (trace.notFound())
            return HttpResponse::error(
                404, runId.isEmpty()
                         ? QStringLiteral("no session '%1'").arg(sessionId)
                         : QStringLiteral("session '%1' has no run '%2'").arg(sessionId, runId));
        return readFailure(QStringLiteral("the trace"), trace.error());
    }
    HttpResponse answer;
    if (!otlp) {
        answer = HttpResponse::json(200, dumpJson(interpret::interpretedTraceJson(*trace)));
    } else {
        QByteArray body;
        writeOtlpJson(*trace, [&body](std::string_view piece) {
            body.append(piece.data(), qsizetype(piece.size()));
            return true;
        });
        answer = HttpResponse::json(200, body);
    }
    if (version && answer.body.size() <= m_options.cacheBytes) {
        if (m_cacheBytes + answer.body.size() > m_options.cacheBytes) {
            m_cache.clear(); // simple and bounded: a full cache starts again
            m_cacheBytes = 0;
        }
        m_cache[key] = answer;
        m_cacheBytes += answer.body.size();
    }
    return answer;
}

HttpResponse TraceApi::health(const ParsedTarget& t) const
{
    HttpResponse error;
    int hours = 24;
    if (!checkParams(t, {QStringLiteral("hours")}, error) ||
        !intParam(t, QStringLiteral("hours"), 1, 24 * 366, 24, hours, error))
        return error;
    const QDateTime now = m_options.now();
    auto lastHour = computeHealth(m_db, now.addSecs(-3600), now);
    auto lastDay = computeHealth(m_db, now.addSecs(-24 * 3600), now);
    if (!lastHour)
        return readFailure(QStringLiteral("health"), lastHour.error());
    if (!lastDay)
        return readFailure(QStringLiteral("health"), lastDay.error());
    Expected<HealthReport> window =
        hours == 24  ? lastDay
        : hours == 1 ? lastHour
                     : computeHealth(m_db, now.addSecs(-qint64(hours) * 3600), now);
    if (!window)
        return readFailure(QStringLiteral("health"), window.error());
    // The status judges the last hour, as a dashboard polling it expects; an hour without
    // lookups says nothing, so then the last day judges.
    const double statusRate =
        lastHour->lookups > 0 ? lastHour->emptyRetrievalRate : lastDay->emptyRetrievalRate;
    json full = *window;
    const json body = {{"emptyRetrievalRate_1h", lastHour->emptyRetrievalRate},
                       {"emptyRetrievalRate_24h", lastDay->emptyRetrievalRate},
                       {"relevanceDistribution_24h",
                        {{"PRECISE", lastDay->precise},
                         {"REFERENCE", lastDay->reference},
                         {"NONE", lastDay->noLevel}}},
                       {"lookups_1h", lastHour->lookups},
                       {"lookups_24h", lastDay->lookups},
                       {"status", seedHealthStatus(statusRate)},
                       {"windowHours", hours},
                       {"raglens", full}};
    return HttpResponse::json(200, dumpJson(body));
}

HttpResponse TraceApi::problematic(const ParsedTarget& t) const
{
    HttpResponse error;
    int hours = 24;
    int limit = 50;
    if (!checkParams(t, {QStringLiteral("hours"), QStringLiteral("limit")}, error) ||
        !intParam(t, QStringLiteral("hours"), 1, 24 * 366, 24, hours, error) ||
        !intParam(t, QStringLiteral("limit"), 1, 1000, 50, limit, error))
        return error;
    const QDateTime now = m_options.now();
    // Enough problem runs for `limit` queries: a run gives one or more, or none when it fell
    // back without an empty lookup and no one disliked it.
    auto report = computeHealth(m_db, now.addSecs(-qint64(hours) * 3600), now, {},
                                std::max(kListedProblemRuns, 2 * limit));
    if (!report)
        return readFailure(QStringLiteral("the problematic queries"), report.error());
    // Per query, as the seed lists them: lookups that found nothing, and lookups of runs
    // whose user said the answer did not help. The problem runs (newest first) are where
    // both are found; each is read through the same trace the trace endpoint serves.
    json items = json::array();
    bool truncated = false;
    const TraceService traces(m_db);
    for (const ProblemRun& run : report->problemRuns) {
        if (int(items.size()) >= limit) {
            truncated = true;
            break;
        }
        auto trace = traces.getTrace(run.sessionId, run.runId);
        if (!trace)
            continue; // the run vanished or could not be read; the others still count
        // The newest rating by its instant (a writer may mix time forms, which the trace's
        // order by text would put out of turn); the order read breaks ties and times unread.
        std::optional<bool> satisfied;
        QDateTime newest;
        for (const RunFeedback& f : trace->feedback) {
            if (f.runId != run.runId || !f.satisfied)
                continue;
            if (!newest.isValid() || !f.createdAt.isValid() || f.createdAt >= newest) {
                satisfied = f.satisfied;
                if (f.createdAt.isValid())
                    newest = f.createdAt;
            }
        }
        // Health names a run whose user ever said the answer did not help (negative_feedback),
        // and so does this list, whatever the newest rating says (given beside it).
        const bool disliked = run.reasons.contains(QStringLiteral("negative_feedback"));
        for (const TraceInvocation& inv : trace->toolInvocations) {
            const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
            if (!facts.isLookup)
                continue;
            const bool empty = facts.evidenceStatus == interpret::EvidenceStatus::NoEvidence;
            if (!empty && !disliked && satisfied.value_or(true))
                continue;
            if (int(items.size()) >= limit) {
                truncated = true;
                break;
            }
            QString query;
            if (inv.inputParams.is_object() && inv.inputParams.contains("query") &&
                inv.inputParams["query"].is_string())
                query = QString::fromStdString(inv.inputParams["query"].get<std::string>());
            else if (!trace->runs.empty())
                query = trace->runs.front().question;
            items.push_back(
                {{"traceId",
                  (inv.toolCallId.isEmpty() ? QStringLiteral("invocation-%1").arg(inv.shownId())
                                            : inv.toolCallId)},
                 {"query", query},
                 {"emptyRetrieval", empty},
                 {"userSatisfied", satisfied ? json(*satisfied) : json(nullptr)},
                 {"sessionId", run.sessionId},
                 {"runId", run.runId},
                 {"invocationId", row_id::toJson(inv.id, inv.idText)},
                 {"createdAt", json_util::stringOrNull(json_util::isoUtc(inv.createdAt))},
                 {"reasons", run.reasons}});
        }
    }
    const json body = {
        {"windowHours", hours},
        {"since", json_util::isoUtc(now.addSecs(-qint64(hours) * 3600))},
        {"until", json_util::isoUtc(now)},
        {"limit", limit},
        {"truncated", truncated || report->problemRunCount > int(report->problemRuns.size())},
        {"problematic", items}};
    return HttpResponse::json(200, dumpJson(body));
}

HttpResponse TraceApi::sessions(const ParsedTarget& t) const
{
    QStringList allowed = {QStringLiteral("limit"), QStringLiteral("offset")};
    for (const SessionFilterParam& p : sessionFilterParams())
        allowed << p.name;
    HttpResponse error;
    int limit = 50;
    int offset = 0;
    if (!checkParams(t, allowed, error) ||
        !intParam(t, QStringLiteral("limit"), 1, 1000, 50, limit, error) ||
        !intParam(t, QStringLiteral("offset"), 0, 1 << 30, 0, offset, error))
        return error;
    SessionFilter filter;
    for (const SessionFilterParam& p : sessionFilterParams()) {
        QString why;
        if (t.query.contains(p.name) &&
            !setSessionFilter(filter, p.name, t.query.value(p.name), why))
            return HttpResponse::error(400, why);
    }
    // An empty window is a mistake in the request, as the CLI says of --since/--until.
    if (filter.since.isValid() && filter.until.isValid() && filter.until <= filter.since)
        return HttpResponse::error(400, QStringLiteral("until must be after since"));
    const AuditBrowser browser(m_db);
    auto total = browser.countSessions(filter);
    if (!total)
        return readFailure(QStringLiteral("the sessions"), total.error());
    auto rows = browser.sessions(filter, offset, limit);
    if (!rows)
        return readFailure(QStringLiteral("the sessions"), rows.error());
    json list = json::array();
    for (const SessionRow& row : *rows)
        list.push_back(row);
    json notes = json::array();
    for (const SchemaNote& note : schemaNotes(m_db))
        notes.push_back(note);
    const json body = {{"schemaNotes", notes},
                       {"total", *total},
                       {"offset", offset},
                       {"limit", limit},
                       {"sessions", list}};
    return HttpResponse::json(200, dumpJson(body));
}

} // namespace raglens::serve
