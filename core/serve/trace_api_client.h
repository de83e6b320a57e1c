#pragma once
// Opens traces from a Trace API server by URL (`raglens-cli trace --url`, File → Open Trace
// API…): RagLens's own `serve`, or any server that returns the DESIGN §4 shape.
//
// Blocking by design, like the embeddings client: each call runs its own
// QNetworkAccessManager in a local event loop (the GUI calls it from a worker thread).
// Requests time out, never follow a redirect to another host, never ignore a TLS error,
// stop reading past the trace size limit, and send the bearer token only in the
// Authorization header; the token never appears in a message or a log.

#include "common/error.h"
#include "model/diagnosis_trace.h"

#include <QCoreApplication>
#include <QUrl>

namespace raglens::serve {

struct TraceApiEndpoint
{
    QUrl base;        ///< http(s)://HOST[:PORT][/prefix]
    QByteArray token; ///< sent as "Authorization: Bearer …" when set
    int timeoutMs = 30000;

    /// Reads a base URL as typed: http or https, a host, no query, fragment or user info
    /// (a password in a URL ends up in shell history). A trailing slash is dropped.
    static Expected<QUrl> parseBase(const QString& text);
};

class TraceApiClient
{
    Q_DECLARE_TR_FUNCTIONS(TraceApiClient)

public:
    explicit TraceApiClient(TraceApiEndpoint endpoint);

    /// GET {base}/api/diagnosis/{sessionId}/trace[?runId=]; the answer is read and checked
    /// as a trace file is. An unknown session is an error with notFound set.
    Expected<DiagnosisTraceResponse> fetchTrace(const QString& sessionId,
                                                const QString& runId = {}) const;

    /// GET {base}/api/sessions?limit=N: the sessions, when the server lists them (RagLens's
    /// own does; the seed's Trace API does not, and then the error has notFound set).
    Expected<nlohmann::json> fetchSessions(int limit) const;

    /// The URL a path under the base resolves to (for messages and tests).
    QUrl urlFor(const QString& encodedPath, const QString& query = {}) const;

private:
    Expected<QByteArray> get(const QUrl& url, qint64 maxBytes) const;

    TraceApiEndpoint m_endpoint;
};

} // namespace raglens::serve
