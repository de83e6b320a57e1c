// raglens-cli serve --db DB [--bind ADDR] [--port N] [--token-file F]: the Trace API over
// HTTP, read-only, until Ctrl+C or SIGTERM.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "serve/token_file.h"
#include "serve/trace_api_server.h"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace raglens::cli {

namespace {

int g_signalPipe[2] = {-1, -1};

void onSignal(int)
{
    // Only async-signal-safe work here: the event loop reads the byte and quits.
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_signalPipe[1], &byte, 1);
}

} // namespace

static void addServeOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(CliText::tr(
        "Serve the Trace API over HTTP, read-only: GET /api/diagnosis/{sessionId}/trace, "
        "/api/diagnosis/{sessionId}/otlp, /api/rag/debug/health, /api/rag/debug/problematic "
        "and /api/sessions. Prints the address as JSON, then serves until Ctrl+C."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    parser.addOption(
        {QStringLiteral("bind"),
         CliText::tr("Address to listen on (default 127.0.0.1). Any address other than "
                     "loopback needs --token-file."),
         QStringLiteral("ADDR"), QStringLiteral("127.0.0.1")});
    parser.addOption({QStringLiteral("port"),
                      CliText::tr("Port to listen on (default 8765; 0 picks a free one)."),
                      QStringLiteral("N"), QStringLiteral("8765")});
    parser.addOption(
        {QStringLiteral("token-file"),
         CliText::tr("A private file whose first line is the bearer token every request "
                     "must send (Authorization: Bearer …)."),
         QStringLiteral("F")});
    parser.addOption(
        {QStringLiteral("workers"),
         CliText::tr("Worker threads, each with its own database connection (default 4)."),
         QStringLiteral("N"), QStringLiteral("4")});
    parser.addOption(
        {QStringLiteral("request-timeout"),
         CliText::tr("Seconds a client has to send a whole request (default 10); slower "
                     "clients get 408."),
         QStringLiteral("S"), QStringLiteral("10")});
    parser.addOption({QStringLiteral("cache-mb"),
                      CliText::tr("Megabytes of trace answers each worker keeps while an SQLite "
                                  "database is unchanged (default 32; 0 reads every request)."),
                      QStringLiteral("N"), QStringLiteral("32")});
}

/// The server's options from the command line, or why they are not usable.
static Expected<serve::ServeOptions> serveOptions(const QCommandLineParser& parser)
{
    serve::ServeOptions options;
    QString bindText = parser.value(QStringLiteral("bind"));
    if (bindText == QLatin1String("localhost"))
        bindText = QStringLiteral("127.0.0.1");
    if (!options.bind.setAddress(bindText))
        return Error{CliText::tr("--bind must be an IP address, not '%1'").arg(bindText)};
    bool ok = false;
    const int port = parser.value(QStringLiteral("port")).toInt(&ok);
    if (!ok || port < 0 || port > 65535)
        return Error{CliText::tr("--port must be a number from 0 to 65535")};
    options.port = quint16(port);
    const int workers = parser.value(QStringLiteral("workers")).toInt(&ok);
    if (!ok || workers < 1 || workers > 64)
        return Error{CliText::tr("--workers must be a number from 1 to 64")};
    options.workers = workers;
    const double requestTimeout = parser.value(QStringLiteral("request-timeout")).toDouble(&ok);
    if (!ok || requestTimeout < 0.1 || requestTimeout > 3600)
        return Error{CliText::tr("--request-timeout must be a number of seconds from 0.1 to 3600")};
    options.requestTimeoutMs = int(requestTimeout * 1000);
    const int cacheMb = parser.value(QStringLiteral("cache-mb")).toInt(&ok);
    if (!ok || cacheMb < 0 || cacheMb > 4096)
        return Error{CliText::tr("--cache-mb must be a number from 0 to 4096")};
    options.cacheBytes = qint64(cacheMb) * 1024 * 1024;
    if (parser.isSet(QStringLiteral("token-file"))) {
        auto token = serve::TokenFile::read(parser.value(QStringLiteral("token-file")));
        if (!token)
            return Error{token.error()};
        options.token = *token;
    }
    if (!serve::isLoopback(options.bind) && options.token.isEmpty())
        return Error{CliText::tr("binding to %1 needs --token-file: without a token anyone who "
                                 "can reach that address could read every trace")
                         .arg(options.bind.toString())};
    return options;
}

static int runServe(Context& ctx)
{
    QCommandLineParser parser;
    addServeOptions(parser);
    int exitCode = ExitOk;
    if (!parseOptionsOnly(parser, ctx, exitCode))
        return exitCode;
    auto options = serveOptions(parser);
    if (!options)
        return usage(parser, options.error());
    auto db = openDatabase(parser, AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    serve::TraceApiServer server(*db, *options);
    if (Status s = server.start(); !s)
        return fail(s.error());

    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0)
        return fail(CliText::tr("could not set up signal handling"));
    QSocketNotifier notifier(g_signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, [] {
        char byte = 0;
        [[maybe_unused]] const ssize_t n = ::read(g_signalPipe[0], &byte, 1);
        QCoreApplication::quit();
    });
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    std::signal(SIGPIPE, SIG_IGN);

    printJson(ctx, {{"url", server.url().toString().toStdString()},
                    {"port", server.url().port()},
                    {"database", db->location().display().toStdString()},
                    {"authRequired", !options->token.isEmpty()},
                    {"workers", options->workers}});
    std::fprintf(stderr, "raglens-cli: %s\n",
                 qPrintable(CliText::tr("serving %1 on %2 (Ctrl+C stops)")
                                .arg(db->location().display(), server.url().toString())));
    QCoreApplication::exec();
    server.stop();
    std::fprintf(stderr, "raglens-cli: %s\n",
                 qPrintable(QCoreApplication::translate("cli", "stopped after %n request(s)",
                                                        nullptr, int(server.requestsServed()))));
    ::close(g_signalPipe[0]);
    ::close(g_signalPipe[1]);
    return ExitOk;
}

RAGLENS_CLI_COMMAND("serve", QT_TRANSLATE_NOOP("cli", "Serve the Trace API over HTTP (read-only)"),
                    runServe);

} // namespace raglens::cli
