#include "facts/facts_index.h"

#include "common/json_qt.h"
#include "common/logging.h"
#include "db/sql_exec.h"
#include "facts/facts_store.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/session_query.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

#include <cstdio>

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

static QString tr(const char* text)
{
    return QCoreApplication::translate("FactsIndex", text);
}

namespace {

/// Calls copied per statement: progress and cancel are checked between batches.
constexpr qint64 kBatch = 100000;
/// New runs are looked for from this long before the newest indexed start, for writers whose
/// clocks disagree a little.
constexpr qint64 kRunClockSlackSecs = 3600;

const QString kInvocations = QStringLiteral("tool_invocation");
const QString kRuns = QStringLiteral("diagnosis_run");
const QString kFeedback = QStringLiteral("run_feedback");

/// What the index needs to know about the audited database to trust itself.
struct SourceState
{
    qint64 minId = 0;
    qint64 maxId = 0;
    QString columns; ///< the columns the copy reads: a changed schema changes the facts
    bool hasFeedback = false;
};

QString columnsSignature(AuditDatabase& db)
{
    QStringList parts;
    for (const QString& table : {kRuns, kInvocations, kFeedback}) {
        if (!db.hasTable(table))
            continue;
        QStringList present;
        QStringList wanted = audit_rows::knownColumns(table);
        if (table == kInvocations)
            for (const QString& c : facts_store::invocationColumns())
                if (c.startsWith(QLatin1String("fact_")))
                    wanted << c;
        for (const QString& c : wanted)
            if (audit_rows::hasColumn(db, table, c))
                present << c;
        parts << table + QLatin1Char(':') + present.join(QLatin1Char(','));
    }
    return parts.join(QLatin1Char(';'));
}

Expected<SourceState> readSource(AuditDatabase& db)
{
    if (Status s = requireTables(db, {kRuns, kInvocations}); !s)
        return Error{s.error()};
    SourceState st;
    QSqlQuery q(db.sql());
    if (Status s = execQuery(db, q,
                             // Two subqueries: MIN and MAX in one SELECT read every row.
                             QStringLiteral("SELECT (SELECT MIN(id) FROM tool_invocation), "
                                            "(SELECT MAX(id) FROM tool_invocation)"));
        !s)
        return Error{s.error()};
    if (q.next()) {
        st.minId = q.value(0).toLongLong();
        st.maxId = q.value(1).toLongLong();
    }
    st.columns = columnsSignature(db);
    st.hasFeedback = db.hasTable(kFeedback);
    return st;
}

/// The row that was newest when the index was last updated, as text: if it changed or is
/// gone, the database is not the one the index describes.
Expected<QString> fingerprint(AuditDatabase& db, qint64 id)
{
    if (id <= 0)
        return QString();
    const auto col = [&db](const char* name) {
        return audit_rows::columnOrNull(db, kInvocations, QStringLiteral("i"),
                                        QString::fromLatin1(name));
    };
    QSqlQuery q(db.sql());
    if (Status s = execQuery(db, q,
                             QStringLiteral("SELECT i.run_id, i.session_id, %1, %2 FROM "
                                            "tool_invocation i WHERE i.id = ?")
                                 .arg(col("tool_call_id"), col("created_at")),
                             {id});
        !s)
        return Error{s.error()};
    if (!q.next())
        return QStringLiteral("(missing)");
    QStringList parts;
    for (int c = 0; c < 4; ++c)
        parts << SqlDialect::text(q.value(c));
    return parts.join(QChar(0x1f));
}

/// Copies rows from the audited database into the index.
class Copier
{
public:
    Copier(AuditDatabase& source, Connection& facts)
        : m_source(source), m_facts(facts), m_dialect(source)
    {}
    /// Detaches, which SQLite allows only outside a transaction: end it before.
    ~Copier() { detach(); }
    Copier(const Copier&) = delete;
    Copier& operator=(const Copier&) = delete;

    /// Reads the audited SQLite file through ATTACH, so bulk copies run inside SQLite.
    /// Outside a transaction only.
    Status attach()
    {
        const QString uri = m_source.sqliteReadUri();
        if (uri.isEmpty())
            return ok();
        if (Status s = m_facts.exec(QStringLiteral("ATTACH DATABASE ? AS src"), {uri}); !s)
            return s;
        m_attached = true;
        return ok();
    }
    void detach()
    {
        if (m_attached)
            m_facts.exec(QStringLiteral("DETACH DATABASE src"));
        m_attached = false;
    }

    Expected<qint64> invocations(qint64 afterId, qint64 upToId)
    {
        const FactSql facts(m_source, m_dialect);
        QStringList select;
        for (const QString& c : facts_store::invocationColumns()) {
            if (c == QLatin1String("fact_is_lookup"))
                select << facts.isLookup();
            else if (c == QLatin1String("fact_tool_failed"))
                select << facts.toolFailed();
            else if (c == QLatin1String("fact_evidence_status"))
                select << facts.evidenceStatus();
            else if (c == QLatin1String("fact_selected_attempt"))
                select << facts.detailText("selected_attempt");
            else if (c == QLatin1String("fact_fallback_reason"))
                select << facts.detailText("fallback_reason");
            else
                select << audit_rows::columnOrNull(m_source, kInvocations, QStringLiteral("i"), c);
        }
        return copy(kInvocations, facts_store::invocationColumns(), select,
                    QStringLiteral("tool_invocation i WHERE i.id > ? AND i.id <= ?"),
                    {afterId, upToId});
    }

    /// Run rows matching `where` (over alias r): new ones added, indexed ones updated where
    /// a column differs (their facts are then derived again); how many were either.
    /// Unchanged rows are left alone, so the search index does not tokenize them again.
    Expected<qint64> runs(const QString& where, const QVariantList& binds)
    {
        QStringList select;
        QStringList sets;
        QStringList olds;
        QStringList news;
        for (const QString& c : facts_store::runColumns()) {
            const QString column =
                audit_rows::columnOrNull(m_source, kRuns, QStringLiteral("r"), c);
            select << (c == QLatin1String("question") ? audit_rows::shownQuestion(column) : column);
            if (c == QLatin1String("run_id"))
                continue;
            sets << QStringLiteral("%1 = excluded.%1").arg(c);
            olds << QStringLiteral("diagnosis_run.%1").arg(c);
            news << QStringLiteral("excluded.%1").arg(c);
        }
        const QString upsert =
            QStringLiteral(" ON CONFLICT(run_id) DO UPDATE SET %1, fact_search_text = NULL "
                           "WHERE (%2) IS NOT (%3)")
                .arg(sets.join(QStringLiteral(", ")), olds.join(QStringLiteral(", ")),
                     news.join(QStringLiteral(", ")));
        return copy(kRuns, facts_store::runColumns(), select,
                    QStringLiteral("diagnosis_run r WHERE ") + where, binds, upsert);
    }

    /// Runs by id, a few hundred per statement.
    Expected<qint64> runsById(const QStringList& ids)
    {
        qint64 total = 0;
        for (qsizetype at = 0; at < ids.size(); at += kValuesPerStatement) {
            const BoundList part = boundList(ids.mid(at, kValuesPerStatement));
            auto n = runs(QStringLiteral("r.run_id IN (%1)").arg(part.marks), part.binds);
            if (!n)
                return n;
            total += *n;
        }
        return total;
    }

    Expected<qint64> feedback()
    {
        QStringList select;
        for (const QString& c : facts_store::feedbackColumns())
            select << audit_rows::columnOrNull(m_source, kFeedback, QStringLiteral("f"), c);
        return copy(kFeedback, facts_store::feedbackColumns(), select,
                    QStringLiteral("run_feedback f"), {});
    }

    const SqlDialect& dialect() const { return m_dialect; }

private:
    /// INSERT … SELECT (or row by row from a server), with `onConflict` after it.
    Expected<qint64> copy(const QString& table, const QStringList& columns,
                          const QStringList& select, const QString& from, const QVariantList& binds,
                          const QString& onConflict = {})
    {
        const QString insert =
            QStringLiteral("INSERT INTO %1 (%2) ").arg(table, columns.join(QStringLiteral(", ")));
        const QString selectSql =
            QStringLiteral("SELECT %1 FROM ").arg(select.join(QStringLiteral(", ")));
        if (m_attached) {
            if (Status s = m_facts.exec(
                    insert + selectSql + QStringLiteral("src.") + from + onConflict, binds);
                !s)
                return Error{s.error()};
            auto changed = m_facts.scalar(QStringLiteral("SELECT changes()"));
            if (!changed)
                return Error{changed.error()};
            return changed->toLongLong();
        }
        // A server: rows are streamed through Qt and written one prepared insert at a time.
        QSqlQuery in(m_source.sql());
        if (Status s = execQuery(m_source, in, selectSql + from, binds); !s)
            return Error{s.error()};
        QSqlQuery out(m_facts.sql());
        QStringList marks(columns.size(), QStringLiteral("?"));
        if (!out.prepare(insert + QStringLiteral("VALUES (%1)").arg(marks.join(QLatin1Char(','))) +
                         onConflict))
            return Error{
                tr("Writing the facts index failed: %1").arg(describeSqlError(out.lastError()))};
        qint64 n = 0;
        while (in.next()) {
            for (int c = 0; c < columns.size(); ++c) {
                QVariant v = in.value(c);
                // Times are kept as the ISO text RagLens writes to SQLite.
                if (v.metaType().id() == QMetaType::QDateTime)
                    v = json_util::isoUtc(v.toDateTime());
                out.bindValue(c, v);
            }
            if (!out.exec())
                return Error{tr("Writing the facts index failed: %1")
                                 .arg(describeSqlError(out.lastError()))};
            n += out.numRowsAffected() > 0 ? 1 : 0;
        }
        if (Status s = afterRows(in); !s)
            return Error{s.error()};
        return n;
    }

    AuditDatabase& m_source;
    Connection& m_facts;
    SqlDialect m_dialect;
    bool m_attached = false;
};

/// Copies calls in (from, to] in batches, reporting progress; false from `progress` cancels.
Expected<qint64> copyInvocations(Copier& copier, qint64 from, qint64 to,
                                 const FactsProgress& progress)
{
    qint64 copied = 0;
    for (qint64 at = from; at < to; at += kBatch) {
        auto n = copier.invocations(at, qMin(to, at + kBatch));
        if (!n)
            return n;
        copied += *n;
        if (progress && !progress(qMin(to, at + kBatch) - from, to - from))
            return Error{tr("Building the facts index was cancelled.")};
    }
    return copied;
}

std::map<QString, QString> metaFor(const AuditDatabase& source, const SourceState& st,
                                   qint64 indexedMax, const QString& print, qint64 rows)
{
    return {{QStringLiteral("format"), QString::number(kFormat)},
            {QStringLiteral("rows"), QString::number(rows)},
            {QStringLiteral("identity"), identityOf(source.location())},
            {QStringLiteral("columns"), st.columns},
            {QStringLiteral("min_id"), QString::number(st.minId)},
            {QStringLiteral("max_id"), QString::number(indexedMax)},
            {QStringLiteral("fingerprint"), print},
            {QStringLiteral("updated_at"), json_util::isoUtc(QDateTime::currentDateTimeUtc())},
            {QStringLiteral("complete"), QStringLiteral("1")}};
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
    const auto fail = [&temp](const QString& message) -> Expected<FactsIndexUpdate> {
        QFile::remove(temp);
        return Error{message};
    };
    {
        auto opened = Connection::open(temp);
        if (!opened)
            return fail(opened.error());
        Connection& facts = **opened;
        // The file is ours and only renamed into place when complete: no journal needed.
        facts.exec(QStringLiteral("PRAGMA journal_mode=OFF"));
        facts.exec(QStringLiteral("PRAGMA synchronous=OFF"));
        // Index builds and the per-run pass read back what was just written: a page cache of
        // 128 MB instead of SQLite's 2 MB keeps them from going to the disk again.
        facts.exec(QStringLiteral("PRAGMA cache_size=-131072"));
        if (Status s = facts.createTables(st.hasFeedback); !s)
            return fail(s.error());
        Copier copier(source, facts);
        if (Status s = copier.attach(); !s)
            return fail(s.error());
        if (Status s = facts.exec(QStringLiteral("BEGIN")); !s)
            return fail(s.error());
        // Each phase's time goes to the log (QT_LOGGING_RULES="raglens.trace.info=true").
        QElapsedTimer phase;
        phase.start();
        const auto logPhase = [&phase](const char* name) {
            qCInfo(lcTrace) << "facts index:" << name << phase.restart() << "ms";
        };
        auto calls = copyInvocations(copier, st.minId - 1, st.maxId, progress);
        logPhase("calls");
        if (!calls)
            return fail(calls.error());
        result.invocationsAdded = *calls;
        auto runs = copier.runs(QStringLiteral("1 = 1"), {});
        logPhase("runs");
        if (!runs)
            return fail(runs.error());
        result.runsUpdated = *runs;
        if (st.hasFeedback)
            if (auto fb = copier.feedback(); !fb)
                return fail(fb.error());
        auto print = fingerprint(source, st.maxId);
        if (!print)
            return fail(print.error());
        if (Status s = facts.createIndexes(st.hasFeedback); !s)
            return fail(s.error());
        logPhase("indexes");
        if (Status s = facts.fillRunFacts(st.maxId); !s)
            return fail(s.error());
        logPhase("run facts");
        if (Status s =
                facts.fillHealthDays(FactSql::isFallbackRun(source, QStringLiteral("r")), nullptr);
            !s)
            return fail(s.error());
        logPhase("health days");
        if (Status s = facts.createSearchIndex(); !s)
            return fail(s.error());
        logPhase("search index");
        if (Status s = facts.updateOrphanSessions(st.minId - 1); !s)
            return fail(s.error());
        logPhase("orphan sessions");
        if (Status s = facts.writeMeta(metaFor(source, st, st.maxId, *print, *calls)); !s)
            return fail(s.error());
        if (Status s = facts.exec(QStringLiteral("COMMIT")); !s)
            return fail(s.error());
    }
    // A journal left by a refresh that was killed belongs to the old file, not this one.
    QFile::remove(path + QStringLiteral("-journal"));
    if (std::rename(QFile::encodeName(temp).constData(), QFile::encodeName(path).constData()) != 0)
        return fail(tr("Cannot put the facts index in place at %1.").arg(path));
    result.indexedInvocations = result.invocationsAdded;
    return result;
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
        return tr("no complete index yet");
    if (value("format") != QString::number(kFormat))
        return tr("the index was written by another version of RagLens");
    if (value("identity") != identityOf(source.location()))
        return tr("the index describes another database");
    if (value("columns") != st.columns)
        return tr("the database's schema changed");
    if (st.maxId < value("max_id").toLongLong())
        return tr("rows the index holds are gone (the database was replaced or emptied)");
    return {};
}

Expected<FactsIndexUpdate> refresh(AuditDatabase& source, const SourceState& st, Connection& facts,
                                   const QString& path, const FactsProgress& progress)
{
    FactsIndexUpdate result;
    result.path = path;
    Copier copier(source, facts);
    // A SQLite file is read through ATTACH, which is not allowed inside the transaction.
    if (Status s = copier.attach(); !s)
        return Error{s.error()};
    // One writer at a time (the GUI and the CLI may both refresh): the meta is read again
    // under the write lock.
    if (Status s = facts.exec(QStringLiteral("BEGIN IMMEDIATE")); !s)
        return Error{s.error()};
    const auto fail = [&facts](const QString& message) -> Expected<FactsIndexUpdate> {
        facts.exec(QStringLiteral("ROLLBACK"));
        return Error{message};
    };
    auto meta = facts.readMeta();
    const qint64 indexedMax = meta[QStringLiteral("max_id")].toLongLong();
    qint64 rows = meta[QStringLiteral("rows")].toLongLong();

    // Calls purged from the head of the audit table (retention) leave the index too.
    if (auto oldMin = facts.scalar(QStringLiteral("SELECT MIN(id) FROM tool_invocation"));
        oldMin && !oldMin->isNull() && st.minId > oldMin->toLongLong()) {
        if (Status s =
                facts.exec(QStringLiteral("DELETE FROM tool_invocation WHERE id < ?"), {st.minId});
            !s)
            return fail(s.error());
        if (auto removed = facts.scalar(QStringLiteral("SELECT changes()")))
            rows -= removed->toLongLong();
    }
    QElapsedTimer phase;
    phase.start();
    const auto logPhase = [&phase](const char* name) {
        qCInfo(lcTrace) << "facts index refresh:" << name << phase.restart() << "ms";
    };
    auto calls = copyInvocations(copier, indexedMax, st.maxId, progress);
    logPhase("calls");
    if (!calls)
        return fail(calls.error());
    result.invocationsAdded = *calls;
    rows += *calls;
    result.indexedInvocations = rows;

    // Runs that may have changed: those of the new calls, those not finished when indexed,
    // and those started since the newest indexed start (less a day of clock slack).
    QStringList ids;
    const QString unfinished =
        audit_rows::hasColumn(source, kRuns, QStringLiteral("release_outcome"))
            ? QStringLiteral("release_outcome IS NULL")
        : audit_rows::hasColumn(source, kRuns, QStringLiteral("status"))
            ? QStringLiteral("status IS NULL OR status = 'RUNNING'")
            : QStringLiteral("0 = 1");
    {
        QSqlQuery q(facts.sql());
        q.setForwardOnly(true);
        if (!q.exec(QStringLiteral("SELECT DISTINCT run_id FROM tool_invocation WHERE id > %1 "
                                   "AND run_id IS NOT NULL UNION SELECT run_id FROM diagnosis_run "
                                   "WHERE %2")
                        .arg(indexedMax)
                        .arg(unfinished)))
            return fail(
                tr("Reading the facts index failed: %1").arg(describeSqlError(q.lastError())));
        while (q.next())
            ids << q.value(0).toString();
    }
    logPhase("runs to read again");
    // The days whose health sums change: those of the runs read again (before, in case a
    // start moved, and after), of runs new to the index and of runs with new calls. The runs
    // read again are found by the conditions that chose them, each served by an index.
    const QString newCallRuns =
        QStringLiteral("r.run_id IN (SELECT run_id FROM tool_invocation WHERE id > ?)");
    QStringList days;
    if (ids.size() < 30000 && !ids.isEmpty()) {
        auto before = facts.daysOf({newCallRuns, QLatin1Char('(') + unfinished + QLatin1Char(')')},
                                   {indexedMax});
        if (!before)
            return fail(before.error());
        days = *before;
    }
    const bool allDays = ids.size() >= 30000;
    auto byId = copier.runsById(ids);
    logPhase("runs by id");
    if (!byId)
        return fail(byId.error());
    result.runsUpdated = *byId;
    if (audit_rows::hasColumn(source, kRuns, QStringLiteral("started_at"))) {
        auto newest = facts.scalar(QStringLiteral("SELECT MAX(started_at) FROM diagnosis_run"));
        if (!newest)
            return fail(newest.error());
        const QDateTime since = SqlDialect::time(*newest);
        Expected<qint64> fresh = qint64(0);
        if (!since.isValid()) {
            fresh = copier.runs(QStringLiteral("1 = 1"), {});
        } else if (source.location().isServer()) {
            fresh = copier.runs(
                copier.dialect().timeCompare(QStringLiteral("r.started_at"), QStringLiteral(">=")),
                {copier.dialect().timeParam(since.addSecs(-kRunClockSlackSecs))});
        } else {
            // SQLite keeps times as text, "…T…Z" or "… …" (DESIGN §3 writers use both). Text
            // ranges the started_at index serves (julianday() would read every run): from
            // the bound in the T form (later days in any form sort after it), plus the
            // space form of the bound's own day.
            const QDateTime from = since.addSecs(-kRunClockSlackSecs).toUTC();
            const QString day = from.date().toString(Qt::ISODate);
            fresh = copier.runs(
                QStringLiteral("(r.started_at >= ? OR (r.started_at >= ? AND r.started_at < ?))"),
                {from.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")),
                 from.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")), day + QLatin1Char('T')});
        }
        if (!fresh)
            return fail(fresh.error());
        result.runsUpdated += *fresh;
        logPhase("new runs");
    }
    if (st.hasFeedback) {
        if (Status s = facts.exec(QStringLiteral("DELETE FROM run_feedback")); !s)
            return fail(s.error());
        if (auto fb = copier.feedback(); !fb)
            return fail(fb.error());
    }
    auto changedDays =
        facts.daysOf({QStringLiteral("r.rowid IN (SELECT rowid FROM diagnosis_run INDEXED BY "
                                     "facts_run_unsearched WHERE fact_search_text IS NULL)"),
                      newCallRuns},
                     {indexedMax});
    if (!changedDays)
        return fail(changedDays.error());
    days << *changedDays;
    days.removeDuplicates();
    if (Status s = facts.fillRunFacts(indexedMax); !s)
        return fail(s.error());
    logPhase("run facts");
    if (Status s = facts.fillHealthDays(FactSql::isFallbackRun(source, QStringLiteral("r")),
                                        allDays ? nullptr : &days);
        !s)
        return fail(s.error());
    logPhase("health days");
    if (Status s = facts.updateOrphanSessions(indexedMax); !s)
        return fail(s.error());
    logPhase("orphan sessions");
    auto print = fingerprint(source, st.maxId);
    if (!print)
        return fail(print.error());
    if (Status s = facts.writeMeta(metaFor(source, st, qMax(indexedMax, st.maxId), *print, rows));
        !s)
        return fail(s.error());
    logPhase("meta");
    if (Status s = facts.exec(QStringLiteral("COMMIT")); !s)
        return fail(s.error());
    logPhase("commit");
    return result;
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
    return QStringLiteral("%1://%2@%3:%4/%5")
        .arg(location.dialect(), location.user, location.host)
        .arg(location.port)
        .arg(location.database);
}

QString pathFor(const DatabaseLocation& source, const QString& cacheDir)
{
    const QString identity = identityOf(source);
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(identity.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
    QString name = source.isServer() ? source.database : QFileInfo(source.path).fileName();
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
                                  const FactsProgress& progress)
{
    QElapsedTimer timer;
    timer.start();
    auto st = readSource(source);
    if (!st)
        return Error{st.error()};
    qCInfo(lcTrace) << "facts index: read the database's state in" << timer.elapsed() << "ms";
    QString reason = tr("no index yet");
    Expected<FactsIndexUpdate> result = Error{QString()};
    if (QFileInfo::exists(path)) {
        auto opened = Connection::open(path);
        if (opened) {
            const auto meta = (*opened)->readMeta();
            reason = rebuildReason(meta, source, *st);
            if (reason.isEmpty()) {
                auto print = fingerprint(source, meta.at(QStringLiteral("max_id")).toLongLong());
                if (!print)
                    return Error{print.error()};
                if (*print != meta.at(QStringLiteral("fingerprint")))
                    reason = tr("the database changed under the index");
            }
            if (reason.isEmpty())
                result = refresh(source, *st, **opened, path, progress);
        } else {
            reason = opened.error();
        }
    }
    if (!reason.isEmpty()) {
        qCInfo(lcTrace) << "building the facts index" << path << "because" << reason;
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
        return Error{tr("There is no facts index at %1.").arg(path)};
    return AuditDatabase::open(path, AccessMode::Inspect);
}

} // namespace facts_index
} // namespace raglens
