// raglens-cli sessions --db DB [filters] [--limit N] [--offset N]: matching sessions as JSON,
// filtered and paged in SQL; with --follow, one JSON line per new or changed session as the
// agent writes them, until interrupted.

#include "cli_text.h"
#include "cmd_common_db.h"

#include "cmd_facts_option.h"
#include "trace/saved_view.h"

#include "common/file_identity.h"
#include "common/json_qt.h"
#include "model/vocabulary.h"
#include "trace/audit_browser.h"
#include "trace/session_filter_params.h"
#include "trace/session_follower.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSettings>
#include <QThread>

#include <cstdio>

namespace raglens::cli {

static bool readInt(const QCommandLineParser& parser, const QString& name, int min, int max,
                    int& value, int& exitCode)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    const int n = parser.value(name).toInt(&ok);
    if (!ok || n < min || n > max) {
        exitCode = usage(
            parser, CliText::tr("--%1 must be a number from %2 to %3").arg(name).arg(min).arg(max));
        return false;
    }
    value = n;
    return true;
}

/// Polls `opened` every `intervalMs` and prints one JSON line per new or changed session;
/// stops after `maxChanges` lines (0: never). A failed poll is reported once and retried, so
/// a table being migrated or a server that is briefly away does not end the follow. A SQLite
/// file replaced at its path (rsync, a backup moved over it) is opened again and followed on:
/// the open connection would read the old file, and never show a change again.
static int followSessions(AuditDatabase& opened, const SessionFilter& filter, int window,
                          int intervalMs, qint64 maxChanges)
{
    SessionFollower follower(filter, window);
    qint64 printed = 0;
    bool announced = false;
    QString lastError;
    AuditDatabase* db = &opened;
    std::unique_ptr<AuditDatabase> reopened;
    const QString path = opened.location().kind == DatabaseLocation::Kind::Sqlite
                             ? opened.location().path
                             : QString();
    QString file = fileIdentity(path);
    for (;;) {
        if (const QString now = fileIdentity(path); !file.isEmpty() && now != file) {
            if (now.isEmpty()) {
                if (lastError != QLatin1String("removed"))
                    warn(CliText::tr("%1 was removed; waiting for a file at its path")
                             .arg(opened.location().display()));
                lastError = QStringLiteral("removed");
                QThread::msleep(ulong(intervalMs));
                continue;
            }
            // The sessions already shown stay the baseline: what the new file holds beyond
            // them is reported as new or changed.
            auto again = AuditDatabase::open(path, AccessMode::InspectLive);
            if (!again) {
                warn(CliText::tr("%1 was replaced, and the new file cannot be read: %2")
                         .arg(opened.location().display(), again.error()));
                QThread::msleep(ulong(intervalMs));
                continue;
            }
            warn(CliText::tr("%1 was replaced by another file; following the new one")
                     .arg(opened.location().display()));
            reopened = std::move(*again);
            db = reopened.get();
            file = now;
            lastError.clear();
        }
        auto changes = follower.poll(*db);
        if (!changes) {
            if (changes.error() != lastError)
                warn(CliText::tr("reading the sessions failed, trying again: %1")
                         .arg(changes.error()));
            lastError = changes.error();
        } else {
            if (!lastError.isEmpty())
                warn(CliText::tr("reading the sessions works again"));
            lastError.clear();
            if (!announced) { // after the first read: what is written from now on is shown
                announced = true;
                std::fprintf(
                    stderr, "%s\n",
                    qPrintable(CliText::tr("Following %1 every %2 s; one line per new or changed "
                                           "session. Ctrl+C stops.")
                                   .arg(db->location().display())
                                   .arg(intervalMs / 1000.0)));
                std::fflush(stderr);
            }
            const QString at = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
            for (const SessionChange& change : *changes) {
                const nlohmann::json line{{"change", sessionChangeName(change.kind)},
                                          {"seenAt", at},
                                          {"session", change.row}};
                const std::string text =
                    line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
                std::fwrite(text.data(), 1, text.size(), stdout);
                std::fputc('\n', stdout);
                std::fflush(stdout); // a reader of the pipe sees each change as it happens
                if (maxChanges > 0 && ++printed >= maxChanges)
                    return ExitOk;
            }
        }
        QThread::msleep(ulong(intervalMs));
    }
}

/// The filters of the view `name` saved in the GUI.
static Expected<SessionFilter> savedViewFilter(const QString& name)
{
    const auto settings = guiSettings();
    const QList<SavedView> views = loadSavedViews(*settings);
    QStringList names;
    const SavedView* found = nullptr;
    for (const SavedView& view : views) {
        names << view.name;
        if (view.name == name)
            found = &view;
    }
    if (!found)
        return Error{
            names.isEmpty()
                ? CliText::tr("No view \"%1\": no view is saved (View → Saved Views in the GUI).")
                      .arg(name)
                : CliText::tr("No view \"%1\". Saved views: %2.")
                      .arg(name, names.join(QStringLiteral(", ")))};
    return found->toFilter();
}

/// One page of the sessions matching `filter`, with their total, as JSON.
static int listSessions(Context& ctx, const QCommandLineParser& parser, AuditDatabase& db,
                        const SessionFilter& filter, int offset, int limit)
{
    nlohmann::json factsReport;
    std::unique_ptr<AuditDatabase> facts = openFactsIndex(parser, db, factsReport);
    // Lists and counts come from the facts index when there is one; notes from the database.
    const auto read = [&](AuditDatabase& from) {
        const AuditBrowser browser(from);
        auto total = browser.countSessions(filter);
        auto rows = total ? browser.sessions(filter, offset, limit)
                          : Expected<std::vector<SessionRow>>(Error{total.error()});
        return std::pair(std::move(total), std::move(rows));
    };
    auto [total, rows] = read(facts ? *facts : db);
    if (facts && (!total || !rows)) {
        // A damaged page of the index: said, and read from the database instead.
        useDatabaseInstead(factsReport, !total ? total.error() : rows.error());
        std::tie(total, rows) = read(db);
    }
    if (!total)
        return fail(total.error());
    if (!rows)
        return fail(rows.error());
    nlohmann::json list = nlohmann::json::array();
    for (const SessionRow& row : *rows)
        list.push_back(row);
    printJson(ctx, {{"database", db.location().display()},
                    {"readOnly", db.isReadOnly()},
                    {"schemaNotes", schemaNotesJson(db)},
                    {"factsIndex", factsReport},
                    {"total", *total},
                    {"offset", offset},
                    {"limit", limit},
                    {"sessions", list}});
    return ExitOk;
}

static void addSessionsOptions(QCommandLineParser& parser)
{
    const auto opt = [&parser](const char* name, const QString& help, const char* value) {
        parser.addOption({QString::fromLatin1(name), help, QString::fromLatin1(value)});
    };
    opt("outcome", CliText::tr("Release outcome of a run: SUCCESS, FALLBACK or ERROR."), "OUTCOME");
    opt("session-outcome",
        CliText::tr(
            "The session's outcome over all its runs (FALLBACK when any run fell back, else "
            "ERROR when any errored, else SUCCESS)."),
        "OUTCOME");
    opt("evidence",
        CliText::tr(
            "A lookup with this effective evidence status: EVIDENCE_FOUND, NO_EVIDENCE, ERROR, "
            "UNKNOWN."),
        "STATUS");
    opt("failure",
        CliText::tr("A call with this failure kind: tool_error, lookup_error, no_evidence, none."),
        "KIND");
    opt("relevance", CliText::tr("A lookup with this relevance level: PRECISE, REFERENCE or NONE."),
        "LEVEL");
    opt("attempt",
        CliText::tr("A lookup whose selected attempt was this one (FILTERED_VECTOR, "
                    "UNFILTERED_VECTOR_RETRY, UNFILTERED_VECTOR, or a writer's own code)."),
        "ATTEMPT");
    opt("retry-reason",
        CliText::tr("A lookup with this retry reason, why its filtered attempt was retried "
                    "(filtered_vector_no_evidence, filtered_vector_low_quality, or a writer's "
                    "own code)."),
        "REASON");
    opt("tool", CliText::tr("An invocation of this tool (e.g. lookup_knowledge)."), "TOOL");
    opt("since",
        CliText::tr("Runs started at or after T (ISO 8601 UTC, a date, or an age like 24h)."), "T");
    opt("until", CliText::tr("Runs started before T."), "T");
    opt("text",
        CliText::tr("Substring of session id, user id, question or a call's input parameters "
                    "(its query and every other parameter)."),
        "TEXT");
    opt("view",
        CliText::tr(
            "Apply the view NAME saved in the GUI (View → Saved Views); filters given beside it "
            "override the view's."),
        "NAME");
    opt("limit", CliText::tr("At most N sessions (default 50)."), "N");
    parser.addOption(
        {QStringLiteral("follow"),
         CliText::tr("Keep reading: print one JSON line per new or changed session as the "
                     "agent writes them. It watches the newest sessions that match: --limit "
                     "of them (default %1).")
             .arg(SessionFollower::kDefaultWindow)});
    opt("interval", CliText::tr("With --follow: seconds between two reads (default 2)."),
        "SECONDS");
    opt("max-changes", CliText::tr("With --follow: stop after N lines."), "N");
    opt("offset", CliText::tr("Skip the first N sessions."), "N");
}

static int runSessions(Context& ctx)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliText::tr("List sessions, newest first. Counts cover the runs that match the filters."));
    addDatabaseOptions(parser, /*withWrite=*/false);
    addFactsOptions(parser);
    addSessionsOptions(parser);
    int exitCode = ExitOk;
    if (!parseOptionsOnly(parser, ctx, exitCode) || !checkFactsOption(parser, exitCode))
        return exitCode;
    // The values each filter accepts are the core's, shared with GET /api/sessions.
    for (const SessionFilterParam& param : sessionFilterParams())
        if (!param.allowed.isEmpty() && !param.openVocabulary &&
            !checkChoice(parser, param.name, param.allowed, exitCode))
            return exitCode;

    SessionFilter filter;
    if (parser.isSet(QStringLiteral("view"))) {
        auto viewFilter = savedViewFilter(parser.value(QStringLiteral("view")));
        if (!viewFilter)
            return fail(viewFilter.error());
        filter = *viewFilter;
    }
    for (const SessionFilterParam& param : sessionFilterParams()) {
        QString why;
        if (!param.isTime && parser.isSet(param.name) &&
            !setSessionFilter(filter, param.name, parser.value(param.name), why))
            return usage(parser, why); // an open vocabulary's value that is not a code
    }
    int limit = 50;
    int offset = 0;
    // A reversed window is refused, as health and check refuse it, not answered empty.
    if (!readWindowOptions(parser, filter.since, filter.until, exitCode) ||
        !readInt(parser, QStringLiteral("limit"), 1, 100000, limit, exitCode) ||
        !readInt(parser, QStringLiteral("offset"), 0, 1 << 30, offset, exitCode))
        return exitCode;

    const bool follow = parser.isSet(QStringLiteral("follow"));
    double interval = 2.0;
    int maxChanges = 0;
    if (!readNumberOption(parser, QStringLiteral("interval"), 0.1, 3600.0, interval, exitCode) ||
        !readInt(parser, QStringLiteral("max-changes"), 1, 1 << 30, maxChanges, exitCode))
        return exitCode;
    if (!follow) {
        for (const char* name : {"interval", "max-changes"})
            if (parser.isSet(QString::fromLatin1(name)))
                return usage(parser,
                             CliText::tr("--%1 needs --follow").arg(QString::fromLatin1(name)));
    } else {
        // --facts off says what following does anyway.
        const bool factsOff = parser.value(QStringLiteral("facts")) == QLatin1String("off");
        for (const char* name : {"offset", "facts"})
            if (parser.isSet(QString::fromLatin1(name)) &&
                !(factsOff && qstrcmp(name, "facts") == 0))
                return usage(parser,
                             CliText::tr("--%1 cannot be used with --follow, which reads the "
                                         "newest sessions from the database itself")
                                 .arg(QString::fromLatin1(name)));
    }

    // Following reads through SQLite's locks (never a snapshot), so the agent's commits show.
    auto db =
        openDatabase(parser, follow ? AccessMode::InspectLive : AccessMode::Inspect, exitCode);
    if (!db)
        return exitCode;
    if (follow) {
        // The facts index is a snapshot too: following reads the database itself.
        warnSchemaNotes(*db);
        return followSessions(
            *db, filter,
            parser.isSet(QStringLiteral("limit")) ? limit : SessionFollower::kDefaultWindow,
            int(interval * 1000), maxChanges);
    }
    return listSessions(ctx, parser, *db, filter, offset, limit);
}

RAGLENS_CLI_COMMAND("sessions",
                    QT_TRANSLATE_NOOP("cli", "List sessions of an audit database with filters"),
                    runSessions);

} // namespace raglens::cli
