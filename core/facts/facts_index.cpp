#include "facts/facts_index.h"

#include "common/file_identity.h"

#include "common/json_qt.h"
#include "common/logging.h"
#include "db/sql_exec.h"
#include "facts/facts_parallel_run_facts.h"
#include "facts/facts_parallel_search.h"
#include "facts/facts_refresh.h"
#include "facts/facts_replace.h"
#include "facts/facts_split_copy.h"
#include "facts/facts_text.h"
#include "trace/fact_sql.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

#include <limits>
#include <optional>

#include <cerrno>
#include <csignal>

namespace raglens {

using facts_store::Connection;
using nlohmann::json;

void to_json(json& j, const FactsIndexUpdate& v)
{
    j = json{{"path", v.path},
             {"rebuilt", v.rebuilt},
             {"reason", json_util::stringOrNull(v.reason)},
             {"invocationsAdded", v.invocationsAdded},
             {"runsUpdated", v.runsUpdated},
             {"indexedInvocations", v.indexedInvocations},
             {"ms", v.ms}};
}

namespace facts_index {

namespace {

/// The files of builds of `path` whose process is gone (killed, or the machine stopped):
/// each left its index and its second cores' files (…building-<pid>, .calls, .runs,
/// .search, journals), and no later build of another process removed them.
void removeAbandonedBuilds(const QString& path)
{
    const QFileInfo index(path);
    const QString prefix = index.fileName() + QStringLiteral(".building-");
    const QDir dir = index.absoluteDir();
    for (const QString& name : dir.entryList({prefix + QLatin1Char('*')}, QDir::Files)) {
        qsizetype end = prefix.size();
        while (end < name.size() && name.at(end).isDigit())
            ++end;
        bool number = false;
        const qint64 pid = name.mid(prefix.size(), end - prefix.size()).toLongLong(&number);
        // kill(pid, 0) fails with ESRCH only when no such process exists here; a cache
        // folder shared with another machine (NFS) holds builds of processes this one
        // cannot see, whose files are written to while they run: left alone unless untouched
        // for ten minutes.
        const QDateTime touched = QFileInfo(dir.filePath(name)).lastModified();
        const bool idle = touched.isValid() && touched.secsTo(QDateTime::currentDateTime()) > 600;
        if (number && pid > 0 && idle && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH) {
            qCInfo(lcTrace) << "facts index: removing" << name << "left by a build that ended";
            QFile::remove(dir.filePath(name));
        }
    }
}

/// A new file of our own, only renamed into place when complete: no journal needed.
Status prepareForBuild(Connection& facts, bool withFeedback)
{
    facts.exec(QStringLiteral("PRAGMA journal_mode=OFF"));
    facts.exec(QStringLiteral("PRAGMA synchronous=OFF"));
    // Index builds and the per-run pass read back what was just written: a page cache of
    // 128 MB instead of SQLite's 2 MB keeps them from going to the disk again.
    facts.exec(QStringLiteral("PRAGMA cache_size=-131072"));
    return facts.createTables(withFeedback);
}

Expected<FactsIndexUpdate> build(AuditDatabase& source, const SourceState& st, const QString& path,
                                 const FactsProgress& progress)
{
    FactsIndexUpdate result;
    result.path = path;
    result.rebuilt = true;
    QDir().mkpath(QFileInfo(path).absolutePath());
    const QString temp =
        path + QStringLiteral(".building-%1").arg(QCoreApplication::applicationPid());
    QFile::remove(temp);
    removeAbandonedBuilds(path);
    const auto fail = [&temp](const QString& message) -> Expected<FactsIndexUpdate> {
        QFile::remove(temp);
        return Error{message};
    };
    {
        auto opened = Connection::open(temp);
        if (!opened)
            return fail(opened.error());
        Connection& facts = **opened;
        if (Status s = prepareForBuild(facts, st.hasFeedback); !s)
            return fail(s.error());
        Copier copier(source, facts);
        if (Status s = copier.attach(); !s)
            return fail(s.error());
        // From a SQLite file the calls are copied on two cores (SplitCallCopy).
        auto split = SplitCallCopy::prepare(copier, facts, source.sqliteReadUri(),
                                            temp + QStringLiteral(".calls"));
        if (!split)
            return fail(split.error());
        // The search index is made on a second core, beside the other indexes, health and the
        // runless calls (ParallelSearchIndex).
        auto search = ParallelSearchIndex::prepare(facts, temp + QStringLiteral(".search"));
        if (!search)
            return fail(search.error());
        // And part of the runs' facts (ParallelRunFacts).
        auto runPart = ParallelRunFacts::prepare(facts, temp + QStringLiteral(".runs"));
        if (!runPart)
            return fail(runPart.error());
        // An attached SQLite file is read one statement at a time, each its own transaction
        // of the index's connection (cheap: the file has no journal), never one transaction
        // over the whole copy: with a rollback journal, a writer of the audited file waits
        // for every reader to end before it commits, and its agent would wait for the build
        // (at a million calls, many seconds: past its busy timeout, its row lost). Rows from
        // a server come through Qt one insert at a time: one transaction for all of them.
        // The calls after this id are copied: the id before the smallest (which is never the
        // smallest 64-bit integer: readSource() refuses such ids).
        const qint64 callsAfter = st.minId - 1;
        const bool perStatement = copier.isAttached();
        if (!perStatement)
            if (Status s = facts.exec(QStringLiteral("BEGIN")); !s)
                return fail(s.error());
        if (*split)
            if (Status s = (*split)->start(callsAfter, st.maxId); !s)
                return fail(s.error());
        // Each phase's time goes to the log (QT_LOGGING_RULES="raglens.trace.info=true").
        QElapsedTimer phase;
        phase.start();
        const auto logPhase = [&phase](const char* name) {
            qCInfo(lcTrace) << "facts index:" << name << phase.restart() << "ms";
        };
        // After the copy, progress is reported again between the phases (every call read),
        // so that a cancel is taken within one phase, not only at the very end.
        const auto stillWanted = [&logPhase, &progress, &result](const char* name) {
            logPhase(name);
            return !progress || progress(result.invocationsAdded, result.invocationsAdded);
        };
        // The runs are copied while the second half of the calls may still be (split), or
        // after the calls; the audited run rows are counted in the same transaction, so
        // that the count and the copy see the same rows (runRowsOffset()).
        std::optional<Expected<qint64>> runs;
        Expected<qint64> offset = qint64(0);
        const auto copyRuns = [&]() -> Status {
            if (perStatement)
                if (Status s = facts.exec(QStringLiteral("BEGIN")); !s)
                    return s;
            runs = copier.runs(QStringLiteral("1 = 1"), {});
            if (!*runs)
                return Error{runs->error()};
            offset = runRowsOffset(copier, facts);
            if (!offset)
                return Error{offset.error()};
            return perStatement ? facts.exec(QStringLiteral("COMMIT")) : ok();
        };
        auto calls = *split ? (*split)->run(progress, copyRuns)
                            : copyInvocations(copier, callsAfter, st.maxId, progress);
        if (!calls)
            return fail(calls.error());
        result.invocationsAdded = *calls;
        if (!runs)
            if (Status s = copyRuns(); !s)
                return fail(s.error());
        logPhase("calls and runs");
        if (!*runs)
            return fail(runs->error());
        if (!offset)
            return fail(offset.error());
        result.runsUpdated = **runs;
        if (st.hasFeedback)
            if (auto fb = copier.feedback(); !fb)
                return fail(fb.error());
        auto print = fingerprint(source, st.maxId);
        if (!print)
            return fail(print.error());
        // The source is read no more: what follows derives, in one transaction.
        if (perStatement)
            if (Status s = facts.exec(QStringLiteral("BEGIN")); !s)
                return fail(s.error());
        // Only the indexes the run facts and the runless calls are derived through come
        // first; the others are made on the first core while the second makes the search
        // index.
        if (Status s = facts.createJoinIndexes(); !s)
            return fail(s.error());
        if (!stillWanted("indexes by run and session"))
            return fail(cancelledMessage());
        if (*runPart) {
            auto tools = facts.numberTools(std::numeric_limits<qint64>::min());
            if (!tools)
                return fail(tools.error());
            // The second connection reads what is committed.
            if (Status s = facts.exec(QStringLiteral("COMMIT")); !s)
                return fail(s.error());
            if (Status s = (*runPart)->fill(temp, *tools); !s)
                return fail(s.error());
        } else if (Status s = facts.fillAllRunFacts(); !s) {
            return fail(s.error());
        }
        if (!stillWanted("run facts"))
            return fail(cancelledMessage());
        const QString isFallback = FactSql::isFallbackRun(source, QStringLiteral("r"));
        if (*search) {
            // The second connection reads what is committed; the file is ours alone and
            // has no journal, so a commit midway costs no more than the one at the end.
            if (Status s = facts.exec(QStringLiteral("COMMIT")); !s)
                return fail(s.error());
            if (Status s = (*search)->start(temp); !s)
                return fail(s.error());
            if (Status s = facts.exec(QStringLiteral("BEGIN")); !s)
                return fail(s.error());
        }
        if (Status s = facts.createIndexes(st.hasFeedback); !s)
            return fail(s.error());
        if (!stillWanted("indexes"))
            return fail(cancelledMessage());
        if (Status s = facts.fillHealthDays(isFallback); !s)
            return fail(s.error());
        if (!stillWanted("health days"))
            return fail(cancelledMessage());
        if (Status s = facts.updateOrphanSessions(std::nullopt); !s)
            return fail(s.error());
        if (!stillWanted("runless calls, orphan sessions"))
            return fail(cancelledMessage());
        if (*search) {
            if (Status s = (*search)->adopt(); !s)
                return fail(s.error());
            logPhase("waited for the search index of the second core, took it over");
        } else {
            if (Status s = facts.createSearchIndex(); !s)
                return fail(s.error());
            logPhase("search index");
        }
        if (Status s = facts.writeMeta(metaFor(source, st, st.maxId, *print, *calls, *offset)); !s)
            return fail(s.error());
        if (Status s = facts.exec(QStringLiteral("COMMIT")); !s)
            return fail(s.error());
        if (*split)
            (*split)->finish();
        if (*search)
            (*search)->finish();
        if (*runPart)
            (*runPart)->finish();
    }
    if (Status s = putInPlace(temp, path); !s)
        return fail(s.error());
    result.indexedInvocations = result.invocationsAdded;
    return result;
}

/// A server's rows as of one moment while the index reads them: its state, the copies, the
/// run count and the run ids. Separate autocommit statements under a busy writer would see
/// different moments, and the counts would disagree for no change (a full comparison of
/// every run id each time). SQLite files are read through one attachment and need none.
class SourceSnapshot
{
public:
    explicit SourceSnapshot(AuditDatabase& source) : m_source(source)
    {
        const auto kind = source.location().kind;
        QString begin;
        if (kind == DatabaseLocation::Kind::PostgreSql)
            begin = QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        else if (kind == DatabaseLocation::Kind::MySql)
            begin = QStringLiteral("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
        if (begin.isEmpty())
            return;
        // Run as it is, not prepared: PostgreSQL cannot prepare a BEGIN. A server that
        // refuses it is read without: only slower, never wrong.
        QSqlQuery q(source.sql());
        m_open = q.exec(begin);
        if (m_open)
            qCInfo(lcTrace) << "facts index: reading one snapshot of the server";
        else
            qCWarning(lcTrace) << "facts index: no snapshot of the server:"
                               << describeSqlError(q.lastError());
    }
    ~SourceSnapshot() { end(); }
    /// Ends it: a full build reads up to the id it noted and needs none, and a snapshot held
    /// for minutes holds back the server's vacuum and its writers' schema changes.
    void end()
    {
        if (!m_open)
            return;
        m_open = false;
        QSqlQuery q(m_source.sql());
        q.exec(QStringLiteral("COMMIT"));
    }
    SourceSnapshot(const SourceSnapshot&) = delete;
    SourceSnapshot& operator=(const SourceSnapshot&) = delete;

private:
    AuditDatabase& m_source;
    bool m_open = false;
};

/// Whether `error` (of a refresh) says the index file itself is corrupt, not the audited
/// database, nor a lock or a cancel.
bool indexIsDamaged(const QString& error)
{
    const bool ofIndex =
        error.startsWith(FactsIndexText::tr("Writing the facts index failed: %1").arg(QString())) ||
        error.startsWith(FactsIndexText::tr("Reading the facts index failed: %1").arg(QString()));
    return ofIndex && (error.contains(QLatin1String("malformed")) ||
                       error.contains(QLatin1String("file is not a database")));
}

/// Why the index at hand cannot be refreshed and must be built again; empty when it can.
QString rebuildReason(const std::map<QString, QString>& meta, const AuditDatabase& source,
                      const SourceState& st)
{
    const auto value = [&meta](const char* key) {
        auto it = meta.find(QString::fromLatin1(key));
        return it == meta.end() ? QString() : it->second;
    };
    if (meta.empty() || value("complete") != QLatin1String("1"))
        return FactsIndexText::tr("no complete index yet");
    // A refresh reads every one of these; an index without one is not trusted (a missing
    // max_id made the update fail with "map::at").
    for (const char* key : {"max_id", "min_id", "rows", "fingerprint", "run_rows_offset"}) {
        bool number = true;
        const QString v = value(key);
        if (qstrcmp(key, "fingerprint") != 0)
            v.toLongLong(&number);
        if (!meta.count(QString::fromLatin1(key)) || !number)
            return FactsIndexText::tr("the index's meta value %1 is missing or unreadable")
                .arg(QLatin1String(key));
    }
    if (value("format") != QString::number(kFormat))
        return FactsIndexText::tr("the index was written by another version of RagLens");
    if (value("identity") != identityOf(source.location()))
        return FactsIndexText::tr("the index describes another database");
    if (value("columns") != st.columns)
        return FactsIndexText::tr("the database's schema changed");
    if (st.maxId < value("max_id").toLongLong())
        return FactsIndexText::tr(
            "rows the index holds are gone (the database was replaced or emptied)");
    return {};
}

} // namespace

QString defaultCacheDir()
{
    const QString env = qEnvironmentVariable("RAGLENS_CACHE_DIR");
    const QString base =
        !env.isEmpty() ? env
                       : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                             QStringLiteral("/raglens");
    return base + QStringLiteral("/facts");
}

QString identityOf(const DatabaseLocation& location)
{
    if (!location.isServer()) {
        const QFileInfo file(location.path);
        const QString canonical = file.canonicalFilePath();
        return QStringLiteral("sqlite:") +
               (canonical.isEmpty() ? file.absoluteFilePath() : canonical);
    }
    // The schema is part of what is read (two schemas of one database are two stores); TLS
    // and timeouts are not.
    const QString schema =
        location.schema.isEmpty() ? QString() : QStringLiteral("?schema=") + location.schema;
    return QStringLiteral("%1://%2@%3:%4/%5%6")
        .arg(location.dialect(), location.user, location.host)
        .arg(location.port)
        .arg(location.database, schema);
}

QString pathFor(const DatabaseLocation& source, const QString& cacheDir)
{
    const QString identity = identityOf(source);
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(identity.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
    QString name = !source.isServer()        ? QFileInfo(source.path).fileName()
                   : source.schema.isEmpty() ? source.database
                                             : source.database + QLatin1Char('.') + source.schema;
    // A readable name beside the hash; anything unusual in it becomes '_'.
    for (QChar& c : name)
        if (!(c.isLetterOrNumber() && c.unicode() < 128) && c != QLatin1Char('.') &&
            c != QLatin1Char('-') && c != QLatin1Char('_'))
            c = QLatin1Char('_');
    const QString dir = cacheDir.isEmpty() ? defaultCacheDir() : cacheDir;
    return dir + QLatin1Char('/') + name.left(60) + QLatin1Char('-') + hash +
           QStringLiteral(".facts.sqlite");
}

Expected<FactsIndexUpdate> update(AuditDatabase& source, const QString& path,
                                  const FactsProgress& progress, bool rebuild)
{
    QElapsedTimer timer;
    timer.start();
    SourceSnapshot snapshot(source);
    auto st = readSource(source);
    if (!st)
        return Error{st.error()};
    qCInfo(lcTrace) << "facts index: read the database's state in" << timer.elapsed() << "ms";
    QString reason = FactsIndexText::tr("no index yet");
    Expected<FactsIndexUpdate> result = Error{QString()};
    if (rebuild) {
        reason = FactsIndexText::tr("a rebuild was asked for");
    } else if (QFileInfo::exists(path)) {
        // The file opened: a build of another RagLens may put a new one in its place.
        const QString identity = fileIdentity(path);
        auto opened = Connection::open(path);
        if (opened) {
            const auto meta = (*opened)->readMeta();
            reason = rebuildReason(meta, source, *st);
            if (reason.isEmpty()) {
                auto print = fingerprint(source, meta.at(QStringLiteral("max_id")).toLongLong());
                if (!print)
                    return Error{print.error()};
                if (*print != meta.at(QStringLiteral("fingerprint")))
                    reason = FactsIndexText::tr("the database changed under the index");
            }
            if (reason.isEmpty()) {
                result = refresh(source, *st, **opened, path, progress);
                // It found what a refresh cannot mend (calls deleted or added further back).
                if (result && !result->rebuilt && !result->reason.isEmpty()) {
                    reason = result->reason;
                    opened->reset();
                }
                // A damaged index (a page the refresh read is corrupt) is built again: left
                // as it is, every later use failed and fell back, until a --rebuild.
                if (!result && fileIdentity(path) == identity && indexIsDamaged(result.error())) {
                    reason = FactsIndexText::tr("the index is damaged (%1)").arg(result.error());
                    opened->reset();
                }
                // A build of another RagLens put a new index in place meanwhile: this
                // connection's file is gone from the folder (SQLite refuses to write it),
                // and the new one is refreshed instead.
                if (!result && fileIdentity(path) != identity) {
                    qCInfo(lcTrace)
                        << "facts index: replaced while refreshing; refreshing the new one";
                    opened->reset();
                    snapshot.end();
                    return update(source, path, progress, false);
                }
            }
        } else {
            reason = opened.error();
        }
    }
    if (!reason.isEmpty()) {
        qCInfo(lcTrace) << "building the facts index" << path << "because" << reason;
        snapshot.end();
        result = build(source, *st, path, progress);
        if (result)
            result->reason = reason;
    }
    if (!result)
        return result;
    result->ms = double(timer.nsecsElapsed()) / 1e6;
    return result;
}

Expected<std::unique_ptr<AuditDatabase>> openForReading(const QString& path)
{
    if (!QFileInfo::exists(path))
        return Error{FactsIndexText::tr("There is no facts index at %1.").arg(path)};
    return AuditDatabase::open(path, AccessMode::Inspect);
}

} // namespace facts_index
} // namespace raglens
