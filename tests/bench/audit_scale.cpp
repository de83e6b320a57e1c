#include "audit_scale.h"

#include "audit_store_generator.h"

#include "db/audit_database.h"
#include "db/sql_dialect.h"
#include "diagnostics/health_report.h"
#include "facts/facts_index.h"
#include "trace/audit_browser.h"
#include "trace/trace_service.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QSysInfo>
#include <QTemporaryDir>

#include <QThread>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>

namespace raglens::bench {

namespace {

using nlohmann::json;

constexpr int kPage = 200; // the GUI's page of sessions
constexpr int kRepeats = 3;

double msOf(const std::function<bool()>& work)
{
    QElapsedTimer t;
    t.start();
    if (!work())
        return -1;
    return double(t.nsecsElapsed()) / 1e6;
}

/// Median of `repeats` runs, or -1 when one failed.
double p50(const std::function<bool(int)>& work, int repeats = kRepeats)
{
    std::vector<double> ms;
    for (int i = 0; i < repeats; ++i) {
        const double one = msOf([&] { return work(i); });
        if (one < 0)
            return -1;
        ms.push_back(one);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

struct Store
{
    QString path;
    double generateSeconds = 0;
};

std::optional<Store> store(const QString& dir, int rows)
{
    Store s{dir + QStringLiteral("/audit-%1.db").arg(rows), 0};
    if (QFile::exists(s.path))
        return s;
    std::fprintf(stderr, "raglens-bench: generating %d invocations...\n", rows);
    QElapsedTimer t;
    t.start();
    const QString error = writeAuditStore(s.path, {rows, 7});
    if (!error.isEmpty()) {
        std::fprintf(stderr, "raglens-bench: %s\n", qPrintable(error));
        return std::nullopt;
    }
    s.generateSeconds = double(t.elapsed()) / 1000.0;
    return s;
}

/// Lists, filters, counts and health read through `db` (an audit database or a facts index).
json measureLists(AuditDatabase& db, bool full)
{
    const AuditBrowser browser(db);
    json out;
    // The GUI shows a page as soon as its rows are read and fills in the match count when
    // that arrives, so each list figure is the page, with the count beside it.
    const auto list = [&](const char* key, const SessionFilter& filter) {
        out[key] = p50([&](int) { return browser.sessions(filter, 0, kPage).ok(); });
        out[std::string(key) + "Count"] =
            p50([&](int) { return browser.countSessions(filter).ok(); });
    };
    list("sessionsFirstPage", {});
    if (!full)
        return out;
    out["sessionsNextPage"] =
        p50([&](int i) { return browser.sessions({}, kPage * (i + 1), kPage).ok(); });
    SessionFilter noEvidence;
    noEvidence.evidenceStatus = QStringLiteral("NO_EVIDENCE");
    list("filterNoEvidence", noEvidence);
    SessionFilter fallbackRuns;
    fallbackRuns.outcome = QStringLiteral("FALLBACK");
    list("filterFallbackRuns", fallbackRuns);
    SessionFilter text;
    text.text = QStringLiteral("query_text_4242");
    list("filterText", text);
    out["health"] = msOf([&] { return computeHealth(db, {}, {}).ok(); });
    return out;
}

/// Every single filter the list offers, each value of each field (and a tool and a text the
/// store has and lacks): the first page and the count of each, and the slowest of each kind.
/// Read through a facts index only: directly, each takes seconds.
json measureEveryFilter(AuditDatabase& db)
{
    const AuditBrowser browser(db);
    std::vector<std::pair<std::string, SessionFilter>> filters;
    const auto add = [&filters](const char* name, QString SessionFilter::*field,
                                const QStringList& values) {
        for (const QString& v : values) {
            SessionFilter f;
            f.*field = v;
            filters.emplace_back(std::string(name) + "=" + v.toStdString(), f);
        }
    };
    add("outcome", &SessionFilter::outcome, {"SUCCESS", "FALLBACK", "ERROR"});
    add("session-outcome", &SessionFilter::sessionOutcome, {"SUCCESS", "FALLBACK", "ERROR"});
    add("evidence", &SessionFilter::evidenceStatus,
        {"EVIDENCE_FOUND", "NO_EVIDENCE", "ERROR", "UNKNOWN"});
    add("failure", &SessionFilter::failureKind,
        {"none", "tool_error", "lookup_error", "no_evidence"});
    add("relevance", &SessionFilter::relevanceLevel, {"PRECISE", "REFERENCE", "NONE"});
    add("attempt", &SessionFilter::selectedAttempt,
        {"FILTERED_VECTOR", "UNFILTERED_VECTOR_RETRY", "UNFILTERED_VECTOR"});
    add("retry-reason", &SessionFilter::retryReason,
        {"filtered_vector_no_evidence", "filtered_vector_low_quality"});
    add("tool", &SessionFilter::toolName, {"lookup_knowledge", "no_such_tool"});
    // A needle nearly every run holds, and one no run holds.
    add("text", &SessionFilter::text, {"query", "zzq-no-such"});
    // Time windows placed by the store's own starts: all of it, its last day, one day in
    // its middle, none (after its last start), and before its first.
    QSqlQuery q(db.sql());
    if (q.exec(QStringLiteral("SELECT MIN(started_at), MAX(started_at) FROM diagnosis_run")) &&
        q.next()) {
        const QDateTime first = SqlDialect::time(q.value(0));
        const QDateTime last = SqlDialect::time(q.value(1));
        const QDateTime middle = first.addMSecs(first.msecsTo(last) / 2);
        const auto window = [&filters](const char* name, QDateTime since, QDateTime until) {
            SessionFilter f;
            f.since = since;
            f.until = until;
            filters.emplace_back(name, f);
        };
        window("since=first", first, {});
        window("since=last-day", last.addDays(-1), {});
        window("day=middle", middle, middle.addDays(1));
        window("since=after-last", last.addSecs(1), {});
        window("until=first", {}, first);
    }
    q.finish();
    json each = json::object();
    double slowestPage = 0, slowestCount = 0;
    std::string slowestPageName, slowestCountName;
    for (const auto& [name, filter] : filters) {
        const double page = p50([&](int) { return browser.sessions(filter, 0, kPage).ok(); });
        const double count = p50([&](int) { return browser.countSessions(filter).ok(); });
        each[name] = {{"pageMs", page}, {"countMs", count}};
        if (page > slowestPage || page < 0) {
            slowestPage = page;
            slowestPageName = name;
        }
        if (count > slowestCount || count < 0) {
            slowestCount = count;
            slowestCountName = name;
        }
    }
    return {{"slowestPageMs", slowestPage},
            {"slowestPage", slowestPageName},
            {"slowestCountMs", slowestCount},
            {"slowestCount", slowestCountName},
            {"filters", each}};
}

/// A trace against the bare SQL it needs (the session's runs, steps and invocations).
json measureTrace(AuditDatabase& db)
{
    json out;
    // A trace loads in about a millisecond: the median of 21 sessions, not 3, so one
    // scheduling hiccup does not move the figure.
    constexpr int kTraceRepeats = 21;
    const auto sessions = AuditBrowser(db).sessions({}, 0, kTraceRepeats * 4);
    if (!sessions || sessions->size() < size_t(kTraceRepeats))
        return out;
    const TraceService traces(db);
    out["traceLoad"] = p50(
        [&](int i) {
            return traces.getTrace(sessions->at(size_t(i) * 3 % sessions->size()).sessionId).ok();
        },
        kTraceRepeats);
    out["traceLoadRawSql"] = p50(
        [&](int i) {
            const QString session = sessions->at(size_t(i) * 3 % sessions->size()).sessionId;
            QSqlQuery q(db.sql());
            for (const char* sql :
                 {"SELECT * FROM diagnosis_run WHERE session_id = ?",
                  "SELECT s.* FROM agent_step s JOIN diagnosis_run r ON r.run_id = s.run_id "
                  "WHERE r.session_id = ?",
                  "SELECT * FROM tool_invocation WHERE session_id = ?",
                  "SELECT * FROM diagnosis_trace WHERE run_id IN (SELECT run_id FROM "
                  "diagnosis_run WHERE session_id = ?)"}) {
                q.prepare(QString::fromLatin1(sql));
                q.addBindValue(session);
                if (!q.exec())
                    return false;
                while (q.next())
                    for (int c = 0; c < q.record().count(); ++c)
                        (void)q.value(c);
            }
            return true;
        },
        kTraceRepeats);
    return out;
}

struct FactsFigures
{
    json lists;
    json everyFilter;
    double buildRowsPerSec = -1;
    double refresh10kMs = -1;
    QString error;
};

/// Builds the facts index of `path` (timed), reads the lists through it, and times a refresh
/// that adds 10,000 new calls: an index of the store less its newest 10,000 calls, then the
/// store with them back (the same file name, so the same index).
FactsFigures measureFacts(const QString& path, const QString& dir)
{
    FactsFigures f;
    const QString cache = dir + QStringLiteral("/facts-cache");
    {
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        if (!db)
            return {{}, {}, -1, -1, db.error()};
        const QString index = facts_index::pathFor((*db)->location(), cache);
        QFile::remove(index);
        // The generated store's writeback to disk is the bench's own doing, as for the
        // refresh below: let it finish before timing (runs a minute apart read 74,000 and
        // 110,000 calls/s without it).
        ::sync();
        QElapsedTimer t;
        t.start();
        auto built = facts_index::update(**db, index);
        if (!built)
            return {{}, {}, -1, -1, built.error()};
        f.buildRowsPerSec = double(built->invocationsAdded) / (double(t.nsecsElapsed()) / 1e9);
        auto facts = facts_index::openForReading(index);
        if (!facts)
            return {{}, {}, -1, -1, facts.error()};
        f.lists = measureLists(**facts, true);
        f.everyFilter = measureEveryFilter(**facts);
    }
    const QString copy = dir + QStringLiteral("/refresh-probe.db");
    QFile::remove(copy);
    if (!QFile::copy(path, copy))
        return f;
    qint64 newest = 0;
    {
        auto db = AuditDatabase::open(copy, AccessMode::Write);
        if (!db)
            return f;
        QSqlQuery q((*db)->sql());
        if (!q.exec(QStringLiteral("SELECT MAX(id) FROM tool_invocation")) || !q.next())
            return f;
        newest = q.value(0).toLongLong();
        q.exec(QStringLiteral("DELETE FROM tool_invocation WHERE id > %1").arg(newest - 10000));
        const QString index = facts_index::pathFor((*db)->location(), cache);
        QFile::remove(index);
        if (!facts_index::update(**db, index))
            return f;
    }
    QFile::remove(copy);
    if (!QFile::copy(path, copy))
        return f;
    // The copy's writeback to disk is the bench's own doing: let it finish before timing.
    ::sync();
    auto db = AuditDatabase::open(copy, AccessMode::Inspect);
    if (!db)
        return f;
    QElapsedTimer t;
    t.start();
    auto refreshed = facts_index::update(**db, facts_index::pathFor((*db)->location(), cache));
    if (refreshed && !refreshed->rebuilt && refreshed->invocationsAdded == 10000)
        f.refresh10kMs = double(t.nsecsElapsed()) / 1e6;
    db->reset();
    QFile::remove(copy);
    return f;
}

/// The GUI opened offscreen on `path` until its first sessions are painted (a fresh cache
/// and settings, so no facts index yet): {firstPaintMs, peakRssMb} as the GUI reports them.
json measureGui(const QString& path, const QString& dir)
{
#ifdef RAGLENS_GUI_BINARY
    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString home = dir + QStringLiteral("/gui-home");
    QDir(home).removeRecursively();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("RAGLENS_CACHE_DIR"), home + QStringLiteral("/cache"));
    gui.setProcessEnvironment(env);
    QElapsedTimer t;
    t.start();
    gui.start(QStringLiteral(RAGLENS_GUI_BINARY), {QStringLiteral("--report-first-paint"), path});
    if (!gui.waitForFinished(60000)) {
        gui.kill();
        gui.waitForFinished();
        return {{"error", "the GUI did not paint within 60 s"}};
    }
    json report = json::parse(gui.readAllStandardOutput().toStdString(), nullptr, false);
    if (!report.is_object())
        return {{"error", "the GUI printed no report"}};
    report["processMs"] = double(t.nsecsElapsed()) / 1e6;
    return report;
#else
    Q_UNUSED(path);
    Q_UNUSED(dir);
    return {{"error", "built without the GUI"}};
#endif
}

json measure(const QString& path, bool full)
{
    auto db = AuditDatabase::open(path, AccessMode::Inspect);
    if (!db)
        return {{"error", db.error().toStdString()}};
    json out = measureLists(**db, full);
    if (full)
        out.update(measureTrace(**db));
    return out;
}

/// `raglens-cli check` over the whole store, as a user runs it (its own process, JSON out):
/// wall time and how many runs it checked.
json measureCheck(const QString& path)
{
    QProcess cli;
    QElapsedTimer t;
    t.start();
    cli.start(QStringLiteral(RAGLENS_CLI_PATH),
              {QStringLiteral("check"), QStringLiteral("--db"), path});
    if (!cli.waitForFinished(30 * 60 * 1000))
        return {{"error", "raglens-cli check did not finish in 30 minutes"}};
    const double ms = double(t.nsecsElapsed()) / 1e6;
    const json report = json::parse(cli.readAllStandardOutput().toStdString(), nullptr, false);
    if (cli.exitStatus() != QProcess::NormalExit || !report.is_object())
        return {{"error", cli.readAllStandardError().right(500).toStdString()}};
    return {{"ms", ms},
            {"runs", report["checked"]["runs"]},
            {"invocations", report["checked"]["invocations"]},
            {"error", nullptr}};
}

} // namespace

int runAuditScale(int rows, const QString& keepDir)
{
    QTemporaryDir temp;
    const QString dir = keepDir.isEmpty() ? temp.path() : keepDir;
    // --keep names a folder that may not be there yet.
    if (!QDir().mkpath(dir)) {
        std::fprintf(stderr, "raglens-bench: cannot create %s\n", qPrintable(dir));
        return 1;
    }
    const auto small = store(dir, 10000);
    const auto large = store(dir, rows);
    if (!small || !large)
        return 1;
    const json at10k = measure(small->path, false);
    const json atN = measure(large->path, true);
    std::fprintf(stderr, "raglens-bench: building the facts index...\n");
    const FactsFigures facts = measureFacts(large->path, dir);
    std::fprintf(stderr, "raglens-bench: checking every audit rule...\n");
    const json check = measureCheck(large->path);
    std::fprintf(stderr, "raglens-bench: opening the GUI offscreen...\n");
    const json gui = measureGui(large->path, dir);
    const auto ms = [](const json& j, const char* key) { return j.value(key, json()); };
    const auto number = [](double v) { return v < 0 ? json() : json(v); };
    const std::string n = rows == 1000000 ? "1M" : std::to_string(rows);
    // Each list figure: read from the facts index (what the GUI and CLI use once it is built)
    // and, beside it, read from the audit database directly (before the index exists).
    const auto figure = [&](const char* key, const char* name) {
        return json{{name + n, ms(facts.lists, key)},
                    {std::string("direct") + name + n, ms(atN, key)}};
    };
    const auto listFigures = [&](const char* key) {
        json j = figure(key, "p50MsAt");
        j.update(figure((std::string(key) + "Count").c_str(), "countP50MsAt"));
        return j;
    };
    json first = listFigures("sessionsFirstPage");
    first["p50MsAt10k"] = ms(at10k, "sessionsFirstPage");
    first["countP50MsAt10k"] = ms(at10k, "sessionsFirstPageCount");
    json out = {
        {"machine",
         {{"cores", QThread::idealThreadCount()},
          {"cpu", QSysInfo::currentCpuArchitecture()},
          {"os", QSysInfo::prettyProductName()}}},
        {"auditRows", rows},
        {"generateSeconds", large->generateSeconds},
        {"databaseBytes", QFile(large->path).size()},
        {"sessionsFirstPage", first},
        {"sessionsNextPage", figure("sessionsNextPage", "p50MsAt")},
        {"filterNoEvidence", listFigures("filterNoEvidence")},
        {"filterFallbackRuns", listFigures("filterFallbackRuns")},
        {"filterText", listFigures("filterText")},
        {"health", figure("health", "msAt")},
        {"everyFilterAt" + n, facts.everyFilter},
        {"traceLoad",
         {{"p50Ms", ms(atN, "traceLoad")}, {"rawSqlP50Ms", ms(atN, "traceLoadRawSql")}}},
        {"factsIndex",
         {{"buildRowsPerSec", number(facts.buildRowsPerSec)},
          {"refresh10kMs", number(facts.refresh10kMs)},
          {"error", facts.error.isEmpty() ? json() : json(facts.error.toStdString())}}},
        // From main() to the first painted sessions, and the whole process from start.
        {"guiFirstPaint",
         {{"msAt" + n, gui.value("firstPaintMs", json())},
          {"processMsAt" + n, gui.value("processMs", json())},
          {"error", gui.value("error", json())}}},
        {"guiRssMbAt" + n, gui.value("peakRssMb", json())},
        {"check",
         {{"msAt" + n, check.value("ms", json())},
          {"invocations", check.value("invocations", json())},
          {"error", check.value("error", json())}}},
    };
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
}

} // namespace raglens::bench
