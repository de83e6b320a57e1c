#include "trace/audit_rows.h"

#include "common/input_guard.h"
#include "db/sql_dialect.h"
#include "model/vocabulary.h"
#include "trace/fact_sql.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QMutex>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <limits>

namespace raglens::audit_rows {

using nlohmann::json;

// Column names of a table, asked once per connection (AuditDatabase::columns).
static QSet<QString> existingColumns(AuditDatabase& db, const QString& table)
{
    return db.columns(table);
}

// Whether an index of tool_invocation starts with `column` (SQLite), so that the calls with
// one value are found without reading the table.
static bool callsIndexedBy(AuditDatabase& db, const QString& column)
{
    QSqlQuery q(db.sql());
    return q.exec(QStringLiteral("SELECT 1 FROM pragma_index_list('tool_invocation') l, "
                                 "pragma_index_info(l.name) c WHERE c.seqno = 0 AND c.name = '%1'")
                      .arg(column)) &&
           q.next();
}

// An answer about one connection's database, asked once (the schema does not change under
// a reader).
template <typename Ask> static bool askedOnce(AuditDatabase& db, const char* what, Ask ask)
{
    static QMutex mutex;
    static QHash<QString, bool> cache;
    const QString key = db.sql().connectionName() + QLatin1Char('/') + QLatin1String(what);
    {
        QMutexLocker lock(&mutex);
        if (auto it = cache.constFind(key); it != cache.constEnd())
            return *it;
    }
    const bool answer = ask();
    QMutexLocker lock(&mutex);
    cache.insert(key, answer);
    return answer;
}

bool manyCalls(AuditDatabase& db)
{
    return askedOnce(db, "manyCalls", [&] {
        // Counted, at most one past the bound: MAX(rowid) would be quicker but says nothing
        // of the number of rows when ids leave gaps (time-based 64-bit ids).
        QSqlQuery q(db.sql());
        return !(q.exec(QStringLiteral("SELECT COUNT(*) FROM (SELECT 1 FROM tool_invocation "
                                       "LIMIT %1)")
                            .arg(kManyCalls + 1)) &&
                 q.next() && q.value(0).toLongLong() <= kManyCalls);
    });
}

bool orphanLookupAffordable(AuditDatabase& db)
{
    if (db.location().kind != DatabaseLocation::Kind::Sqlite)
        return true;
    return askedOnce(db, "orphans", [&] {
        return callsIndexedBy(db, QStringLiteral("session_id")) || !manyCalls(db);
    });
}

bool callsFoundByRun(AuditDatabase& db)
{
    // The servers' planners turn a correlated EXISTS into a join of their own; SQLite probes
    // the subquery once per run, reading the whole table each time when nothing indexes it.
    if (db.location().kind != DatabaseLocation::Kind::Sqlite)
        return true;
    return askedOnce(db, "callsByRun",
                     [&] { return callsIndexedBy(db, QStringLiteral("run_id")); });
}

QStringList orphanOnlySessions(AuditDatabase& db)
{
    // A facts index keeps them listed (core/facts).
    const QString orphans = QLatin1String(FactSql::kOrphanSessionTable);
    if (db.hasTable(orphans)) {
        QSqlQuery q(db.sql());
        q.setForwardOnly(true);
        QStringList ids;
        if (!q.exec(QStringLiteral("SELECT session_id FROM %1 ORDER BY session_id LIMIT %2")
                        .arg(orphans)
                        .arg(kMaxOrphanOnlySessions)))
            return ids;
        while (q.next())
            ids << SqlDialect::text(q.value(0));
        return ids;
    }
    // Asked at most every 30 s per database (the GUI opens a connection per page): a scan
    // of the session index, then one look-up per distinct session, not per call.
    struct Cached
    {
        QDateTime at;
        QStringList ids;
    };
    static QMutex mutex;
    static QHash<QString, Cached> cache;
    // Keyed by the database and a cheap fingerprint of its rows, so a store rewritten in
    // place (or a server schema refilled) is asked again, and so is one whose run row
    // gained its session (which makes it a run: FactSql::listedRun()).
    QSqlQuery probe(db.sql());
    // The newest id by ORDER BY, not MAX(): PostgreSQL has no MAX of a uuid id, and a failed
    // probe would leave every orphan session out without a word.
    if (!probe.exec(QStringLiteral("SELECT (SELECT id FROM tool_invocation ORDER BY id DESC "
                                   "LIMIT 1), (SELECT COUNT(session_id) FROM diagnosis_run)")) ||
        !probe.next())
        return {};
    const QString key = db.location().display() + QLatin1Char('|') + probe.value(0).toString() +
                        QLatin1Char('|') + probe.value(1).toString();
    probe.finish();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    {
        QMutexLocker lock(&mutex);
        if (auto it = cache.constFind(key); it != cache.constEnd() && it->at.secsTo(now) < 30)
            return it->ids;
    }
    QStringList ids;
    if (!orphanLookupAffordable(db))
        return ids;
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    // A call whose run row is in another session belongs to that run's session, as the
    // facts index and health read it: only a call without any run row makes its session one.
    if (!q.exec(QStringLiteral("SELECT t.session_id FROM (SELECT DISTINCT session_id FROM "
                               "tool_invocation WHERE session_id IS NOT NULL) t WHERE NOT EXISTS "
                               "(SELECT 1 FROM diagnosis_run r2 WHERE %3 AND r2.run_id IS NOT "
                               "NULL) AND EXISTS (SELECT 1 FROM tool_invocation c WHERE "
                               "c.session_id = t.session_id AND %2) LIMIT %1")
                    .arg(kMaxOrphanOnlySessions)
                    .arg(FactSql::hasNoRecordedRun(SqlDialect(db), QStringLiteral("c")),
                         SqlDialect(db).keysEqual(
                             QStringLiteral("diagnosis_run"), QStringLiteral("r2.session_id"),
                             QStringLiteral("tool_invocation"), QStringLiteral("t.session_id")))))
        return ids;
    while (q.next())
        ids << SqlDialect::text(q.value(0));
    if (q.lastError().isValid())
        return {};
    QMutexLocker lock(&mutex);
    cache.insert(key, {now, ids});
    return ids;
}

bool hasColumn(AuditDatabase& db, const QString& table, const QString& column)
{
    return existingColumns(db, table).contains(column.toLower());
}

bool isFactsIndex(AuditDatabase& db)
{
    // A column only the index's runs have.
    return hasColumn(db, QStringLiteral("diagnosis_run"), QStringLiteral("fact_calls"));
}

QString runOfCall(AuditDatabase& db, const QString& run, const QString& call)
{
    return SqlDialect(db).keysEqual(
        QStringLiteral("diagnosis_run"), run + QStringLiteral(".run_id"),
        QStringLiteral("tool_invocation"), call + QStringLiteral(".run_id"));
}

QString columnOrNull(AuditDatabase& db, const QString& table, const QString& alias,
                     const QString& column)
{
    if (!hasColumn(db, table, column))
        return QStringLiteral("NULL");
    return alias.isEmpty() ? column : alias + QLatin1Char('.') + column;
}

namespace {

/// True when every value of `table.column` (SQLite) is text of one shape whose text order is
/// the order of its instants: one length, one date-time separator, all with a final 'Z' or
/// none, no zone offset, no number. Then the column (and an index on it) can be sorted as it
/// is. One read of the column (about 0.1 s for 450,000 runs through an index on it), then
/// only the rows added since (by rowid) at each ask; read whole again after ten minutes
/// (rows edited in place).
bool sortsAsText(AuditDatabase& db, const QString& table, const QString& column)
{
    struct Cached
    {
        QDateTime at;
        qint64 checkedUpTo = 0; ///< rowid
        bool sorts = false;
        QString shape; ///< the GLOB every value matched
    };
    static QMutex mutex;
    static QHash<QString, Cached> cache;
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    qint64 newest = 0;
    if (q.exec(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(table)) && q.next())
        newest = q.value(0).toLongLong();
    q.finish();
    const QString key =
        db.location().display() + QLatin1Char('|') + table + QLatin1Char('.') + column;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    Cached entry;
    bool known = false;
    {
        QMutexLocker lock(&mutex);
        if (auto it = cache.constFind(key);
            it != cache.constEnd() && it->at.secsTo(now) < 600 && it->checkedUpTo <= newest) {
            entry = *it;
            known = true;
        }
    }
    const auto mismatches = [&](qint64 afterRowid) {
        q.prepare(QStringLiteral("SELECT EXISTS (SELECT 1 FROM %1 WHERE rowid > ? AND %2 IS NOT "
                                 "NULL AND NOT (%2 GLOB ?))")
                      .arg(table, column));
        q.addBindValue(afterRowid);
        q.addBindValue(entry.shape);
        const bool found = !q.exec() || !q.next() || q.value(0).toInt() != 0;
        q.finish();
        return found;
    };
    if (known) {
        if (!entry.sorts || entry.checkedUpTo == newest)
            return entry.sorts;
        entry.sorts = !mismatches(entry.checkedUpTo);
    } else {
        entry = Cached{now, 0, false, QString()};
        // The newest value gives the shape (numbers sort before text: a number here means
        // there is no text at all).
        if (q.exec(QStringLiteral("SELECT MAX(%1), typeof(MAX(%1)) FROM %2").arg(column, table)) &&
            q.next()) {
            const QString sample = q.value(0).toString();
            const bool none = q.value(0).isNull();
            const bool text = q.value(1).toString() == QLatin1String("text");
            q.finish();
            const QString tail = sample.mid(10);
            if (none) {
                entry.sorts = true; // no times at all
            } else if (text && sample.size() >= 19 && !tail.contains(QLatin1Char('+')) &&
                       !tail.contains(QLatin1Char('-'))) {
                // The sample's shape as a GLOB: its digits any character, the rest as they
                // are (GLOB's own wildcards in brackets).
                for (const QChar c : sample) {
                    if (c.isDigit())
                        entry.shape += QLatin1Char('?');
                    else if (c == QLatin1Char('*') || c == QLatin1Char('?') ||
                             c == QLatin1Char('['))
                        entry.shape += QLatin1Char('[') + c + QLatin1Char(']');
                    else
                        entry.shape += c;
                }
                entry.sorts = !mismatches(std::numeric_limits<qint64>::min());
            }
        }
    }
    entry.checkedUpTo = newest;
    QMutexLocker lock(&mutex);
    cache.insert(key, entry);
    return entry.sorts;
}

} // namespace

QString sortableTime(AuditDatabase& db, const QString& table, const QString& alias,
                     const QString& column, bool throughIndex)
{
    const QString value = columnOrNull(db, table, alias, column);
    if (value == QLatin1String("NULL") || isFactsIndex(db))
        return value;
    if (db.location().isServer())
        return SqlDialect(db).serverSortableTime(table, value);
    // A run's start orders the session list through an index on it: kept as it is when its
    // text already sorts as its instants. Other times order a few rows: always canonical.
    if (throughIndex && table == QLatin1String("diagnosis_run") && sortsAsText(db, table, column))
        return value;
    return SqlDialect::sqliteCanonicalTime(value);
}

QString shownQuestion(const QString& column)
{
    // A question of 200 MB in a foreign row must not travel whole into every list.
    if (column == QLatin1String("NULL"))
        return column;
    return QStringLiteral("substr(%1, 1, %2)").arg(column).arg(input_guard::kMaxQuestionChars);
}

static QString prefixed(const QString& alias, const QStringList& columns, AuditDatabase* db,
                        const QString& table)
{
    QSet<QString> present;
    if (db)
        present = existingColumns(*db, table);
    QStringList out;
    for (const QString& c : columns) {
        if (db && !present.isEmpty() && !present.contains(c)) {
            out.append(QStringLiteral("NULL"));
            continue;
        }
        const QString name = alias.isEmpty() ? c : alias + QLatin1Char('.') + c;
        out.append(c == QLatin1String("question") ? shownQuestion(name) : name);
    }
    return out.join(QStringLiteral(", "));
}

static const QStringList kRunColumns = {
    QStringLiteral("run_id"),          QStringLiteral("session_id"),
    QStringLiteral("user_id"),         QStringLiteral("question"),
    QStringLiteral("status"),          QStringLiteral("release_outcome"),
    QStringLiteral("content_type"),    QStringLiteral("fallback_reason"),
    QStringLiteral("tool_call_count"), QStringLiteral("total_token_count"),
    QStringLiteral("started_at"),      QStringLiteral("finished_at")};

static const QStringList kStepColumns = {
    QStringLiteral("id"),         QStringLiteral("run_id"),        QStringLiteral("step_index"),
    QStringLiteral("agent_name"), QStringLiteral("has_tool_call"), QStringLiteral("token_count"),
    QStringLiteral("started_at"), QStringLiteral("finished_at")};

static const QStringList kInvocationColumns = {QStringLiteral("id"),
                                               QStringLiteral("run_id"),
                                               QStringLiteral("session_id"),
                                               QStringLiteral("step_id"),
                                               QStringLiteral("tool_call_id"),
                                               QStringLiteral("tool_name"),
                                               QStringLiteral("retrieval_layer"),
                                               QStringLiteral("relevance_level"),
                                               QStringLiteral("l0_match_count"),
                                               QStringLiteral("l1_match_count"),
                                               QStringLiteral("is_truncated"),
                                               QStringLiteral("retrieval_details"),
                                               QStringLiteral("output_preview"),
                                               QStringLiteral("input_params"),
                                               QStringLiteral("duration_ms"),
                                               QStringLiteral("success"),
                                               QStringLiteral("error_message"),
                                               QStringLiteral("dedup_reason"),
                                               QStringLiteral("created_at")};

static const QStringList kEventColumns = {
    QStringLiteral("id"),        QStringLiteral("session_id"), QStringLiteral("run_id"),
    QStringLiteral("step_id"),   QStringLiteral("event_type"), QStringLiteral("details"),
    QStringLiteral("created_at")};

static const QStringList kFeedbackColumns = {QStringLiteral("run_id"), QStringLiteral("satisfied"),
                                             QStringLiteral("comment"),
                                             QStringLiteral("created_at")};

const QStringList& knownColumns(const QString& table)
{
    static const QStringList none;
    static const QHash<QString, const QStringList*> byTable = {
        {QStringLiteral("diagnosis_run"), &kRunColumns},
        {QStringLiteral("agent_step"), &kStepColumns},
        {QStringLiteral("tool_invocation"), &kInvocationColumns},
        {QStringLiteral("diagnosis_trace"), &kEventColumns},
        {QStringLiteral("run_feedback"), &kFeedbackColumns}};
    const auto* list = byTable.value(table);
    return list ? *list : none;
}

QString runColumns(const QString& alias, AuditDatabase* db)
{
    return prefixed(alias, kRunColumns, db, QStringLiteral("diagnosis_run"));
}
QString stepColumns(const QString& alias, AuditDatabase* db)
{
    return prefixed(alias, kStepColumns, db, QStringLiteral("agent_step"));
}
QString invocationColumns(const QString& alias, AuditDatabase* db)
{
    return prefixed(alias, kInvocationColumns, db, QStringLiteral("tool_invocation"));
}
QString eventColumns(const QString& alias, AuditDatabase* db)
{
    return prefixed(alias, kEventColumns, db, QStringLiteral("diagnosis_trace"));
}
QString feedbackColumns(const QString& alias, AuditDatabase* db)
{
    return prefixed(alias, kFeedbackColumns, db, QStringLiteral("run_feedback"));
}
int runColumnCount()
{
    return int(kRunColumns.size());
}
int invocationColumnCount()
{
    return int(kInvocationColumns.size());
}

static QString str(const QSqlQuery& q, int i)
{
    return SqlDialect::text(q.value(i));
}
/// What a cell holds, cut to a length a window and a finding can show.
static QString showableCell(const QVariant& v)
{
    constexpr int kShown = 64;
    QString raw = SqlDialect::text(v);
    if (raw.size() > kShown)
        raw = raw.left(kShown) + QChar(0x2026);
    return raw;
}

/// A cell holding an integer, a real that is whole (42.0) below 9.2e18, or text of at most 18
/// digits (a text column's '42'), as SqlDialect::countValue() reads it in SQL: 1.5 calls or
/// matches is no count, and rounding it would show a number the cell does not hold. (A blob
/// is none: SQL reads no count in one.)
static bool isWholeCount(const QVariant& v)
{
    if (v.typeId() == QMetaType::QByteArray)
        return false;
    if (v.typeId() == QMetaType::QString) {
        const QString text = v.toString();
        return !text.isEmpty() && text.size() <= 18 &&
               std::all_of(text.begin(), text.end(),
                           [](QChar c) { return c >= u'0' && c <= u'9'; });
    }
    if (v.typeId() != QMetaType::Double && v.typeId() != QMetaType::Float)
        return true;
    const double d = v.toDouble();
    return std::isfinite(d) && d == std::floor(d) && d < 9.2e18;
}

/// A cell that holds something, not NULL or blank: what a reading that fails must name.
static bool holdsSomething(const QVariant& v)
{
    return !v.isNull() && !SqlDialect::text(v).trimmed().isEmpty();
}

/// The number in column `i` when `accepts` takes it (and, for a count, when it is whole). A
/// cell that holds something else (-3, 1e20, 2^63-1 ms, 'many') reads as none and is noted in
/// `unread` under `name`: a wrapped or clamped number would be a value the database never said.
static std::optional<qint64> numberCell(const QSqlQuery& q, int i, const char* name,
                                        bool (*accepts)(qint64), bool whole, UnreadCells& unread)
{
    const QVariant v = q.value(i);
    const std::optional<qint64> n = SqlDialect::optionalInt(v);
    if (n && accepts(*n) && (!whole || isWholeCount(v)))
        return n;
    if (holdsSomething(v))
        unread.push_back({QString::fromLatin1(name), showableCell(v)});
    return std::nullopt;
}

/// A count the row cannot leave empty: 0 when the cell holds none (noted as numberCell does).
template <typename T>
static qint64 countCell(const QSqlQuery& q, int i, const char* name, UnreadCells& unread)
{
    return numberCell(q, i, name, cell_domain::isCount<T>, true, unread).value_or(0);
}
static bool flag(const QSqlQuery& q, int i, bool fallback)
{
    const QVariant v = q.value(i);
    if (v.isNull())
        return fallback;
    // Whatever is not a true value reads as false, as FactSql::toolFailed() reads it.
    return SqlDialect::optionalBool(v).value_or(false);
}

/// The time in column `i`; a cell that holds something but reads as no time is noted in
/// `unread` under `name`, so the blank it shows is explained, not silent.
static QDateTime timeCell(const QSqlQuery& q, int i, const char* name, UnreadTimes& unread)
{
    const QDateTime t = SqlDialect::time(q, i);
    if (t.isValid())
        return t;
    const QVariant v = q.value(i);
    if (v.isNull())
        return t;
    if (SqlDialect::text(v).trimmed().isEmpty())
        return t; // an empty cell is a missing time, not a misread one
    unread.push_back({QString::fromLatin1(name), showableCell(v)});
    return t;
}

std::optional<qint64> durationMs(const QVariant& cell)
{
    // Milliseconds as a writer stored them, a fraction rounded (12.7 reads as 13), from 0 to
    // 10^12: the reading of readInvocation()'s duration_ms, which health's latencies share.
    const std::optional<qint64> n = SqlDialect::optionalInt(cell);
    return n && cell_domain::isDurationMs(*n) ? n : std::nullopt;
}

TraceRun readRun(const QSqlQuery& q, int f)
{
    TraceRun r;
    r.runId = str(q, f + 0);
    r.sessionId = str(q, f + 1);
    r.userId = str(q, f + 2);
    r.question = str(q, f + 3);
    // The contract's words whatever their case and surrounding spaces (vocab::canonicalWord).
    const auto word = [&](int column, const char* name, const QStringList& words) {
        const QString stored = str(q, f + column);
        const QString canonical = vocab::canonicalWord(stored, words);
        if (canonical != stored)
            r.respelled << QStringLiteral("%1: '%2' read as %3")
                               .arg(QLatin1String(name), stored, canonical);
        return canonical;
    };
    r.status = word(4, "status", vocab::runStatuses());
    r.releaseOutcome = word(5, "release_outcome", vocab::releaseOutcomes());
    r.contentType = word(6, "content_type", vocab::contentTypes());
    r.fallbackReason = str(q, f + 7);
    // A count that is not one ('many', -3, 1e300, which SQL holds at the end of the range) is
    // read as 0 and said, so the audit check reports it rather than a count of 0.
    r.toolCallCount = int(countCell<int>(q, f + 8, "tool_call_count", r.unreadNumbers));
    r.totalTokenCount = countCell<qint64>(q, f + 9, "total_token_count", r.unreadNumbers);
    r.startedAt = timeCell(q, f + 10, "started_at", r.unreadTimes);
    r.finishedAt = timeCell(q, f + 11, "finished_at", r.unreadTimes);
    return r;
}

TraceStep readStep(const QSqlQuery& q, int f)
{
    TraceStep s;
    s.id = row_id::read(q.value(f + 0), &s.idText).value_or(0);
    s.runId = str(q, f + 1);
    s.stepIndex = int(countCell<int>(q, f + 2, "step_index", s.unreadNumbers));
    s.agentName = str(q, f + 3);
    s.hasToolCall = flag(q, f + 4, false);
    s.tokenCount = countCell<qint64>(q, f + 5, "token_count", s.unreadNumbers);
    s.startedAt = timeCell(q, f + 6, "started_at", s.unreadTimes);
    s.finishedAt = timeCell(q, f + 7, "finished_at", s.unreadTimes);
    return s;
}

json parseJsonColumn(const QString& raw, QString* error, QString* note)
{
    if (raw.trimmed().isEmpty())
        return nullptr;
    // JSON text may not begin with a byte-order mark, and the SQL filters (SQLite's
    // json_valid(), MariaDB's JSON_VALID()) read such a cell as malformed: so does the row,
    // or a call would be NO_EVIDENCE here and UNKNOWN to every filter and to health.
    if (raw.startsWith(QChar(0xFEFF))) {
        if (error)
            *error = QCoreApplication::translate(
                "AuditRows", "malformed JSON: the text begins with a byte-order mark (U+FEFF)");
        return nullptr;
    }
    // One hostile cell (too deep, too large, a number out of range, broken text) becomes a
    // flagged row with its raw text kept; the rest of the session reads on.
    const std::string text = raw.toStdString();
    input_guard::JsonLimits limits;
    limits.maxBytes = input_guard::kMaxCellBytes;
    auto parsed = input_guard::parseJson(text, limits, note);
    if (parsed)
        return std::move(*parsed);
    if (error)
        *error = parsed.error();
    return nullptr;
}

void readFullTrace(const QString& raw, TraceInvocation& inv)
{
    inv.fullTraceError.clear();
    inv.fullTraceRaw.clear();
    inv.fullTrace = parseJsonColumn(raw, &inv.fullTraceError);
    if (inv.fullTraceError.isEmpty())
        return;
    // A sample cut by a size limit was dropped without a word: the trace, diagnose and
    // compare fell back to the audit row and no one knew why the sample was not shown.
    inv.fullTraceRaw = raw;
    keepShowableRaw(inv.fullTraceRaw);
}

void keepShowableRaw(QString& raw)
{
    if (raw.size() <= input_guard::kMaxRawCellChars)
        return;
    const qsizetype total = raw.size();
    raw.truncate(input_guard::kMaxRawCellChars);
    raw += QCoreApplication::translate("AuditRows", "\n… cut here: the cell holds %1 characters")
               .arg(total);
}

void classifyRelevance(TraceInvocation& inv, const QString& stored)
{
    // A level or (legacy) an evidence status, whatever its case and surrounding spaces.
    const QString storedLevel = vocab::canonicalWord(
        vocab::canonicalWord(stored, vocab::relevanceLevels()), vocab::evidenceStatuses());
    inv.legacyRelevanceLevel = false;
    inv.legacyRelevanceValue.clear();
    inv.relevanceLevel.clear();
    if (storedLevel.isEmpty())
        return;
    if (vocab::isRelevanceLevel(storedLevel)) {
        inv.relevanceLevel = storedLevel;
        return;
    }
    // Old writers stored the evidence status here; anything else unknown is legacy too,
    // because a level the UI cannot rank must not pass for PRECISE or REFERENCE.
    inv.legacyRelevanceLevel = true;
    inv.legacyRelevanceValue = storedLevel;
}

TraceInvocation readInvocation(const QSqlQuery& q, int f)
{
    TraceInvocation inv;
    inv.id = row_id::read(q.value(f + 0), &inv.idText).value_or(0);
    inv.runId = str(q, f + 1);
    inv.sessionId = str(q, f + 2);
    inv.stepId = row_id::read(q.value(f + 3), &inv.stepIdText);
    inv.toolCallId = str(q, f + 4);
    inv.toolName = str(q, f + 5);
    inv.retrievalLayer = str(q, f + 6);
    classifyRelevance(inv, str(q, f + 7));
    if (auto n = numberCell(q, f + 8, "l0_match_count", cell_domain::isCount<int>, true,
                            inv.unreadNumbers))
        inv.l0MatchCount = int(*n);
    if (auto n = numberCell(q, f + 9, "l1_match_count", cell_domain::isCount<int>, true,
                            inv.unreadNumbers))
        inv.l1MatchCount = int(*n);
    inv.truncated = flag(q, f + 10, false);
    inv.retrievalDetailsRaw = str(q, f + 11);
    readRetrievalDetails(inv);
    inv.outputPreview = str(q, f + 12);
    inv.inputParamsRaw = str(q, f + 13);
    inv.inputParams = parseJsonColumn(inv.inputParamsRaw, &inv.inputParamsError);
    keepShowableRaw(inv.inputParamsRaw);
    inv.durationMs =
        numberCell(q, f + 14, "duration_ms", cell_domain::isDurationMs, false, inv.unreadNumbers);
    inv.success = flag(q, f + 15, true);
    inv.errorMessage = str(q, f + 16);
    inv.dedupReason = str(q, f + 17);
    inv.createdAt = timeCell(q, f + 18, "created_at", inv.unreadTimes);
    return inv;
}

void readRetrievalDetails(TraceInvocation& inv)
{
    inv.retrievalDetailsError.clear();
    QString note;
    json details = parseJsonColumn(inv.retrievalDetailsRaw, &inv.retrievalDetailsError, &note);
    QString unwrapped;
    if (details.is_string()) {
        // A writer that serialises an already serialised object stores a JSON string whose
        // text is the object: it is read inside, as the SQL facts read it
        // (SqlDialect::jsonText), and said so.
        QString innerError, innerNote;
        json inner = parseJsonColumn(QString::fromStdString(details.get<std::string>()),
                                     &innerError, &innerNote);
        if (inner.is_object()) {
            details = std::move(inner);
            note = innerNote;
            unwrapped = QStringLiteral("retrieval_details: the object is stored as a JSON string "
                                       "(encoded twice); read inside it");
        }
    }
    inv.setRetrievalDetails(std::move(details));
    keepShowableRaw(inv.retrievalDetailsRaw);
    if (!unwrapped.isEmpty())
        inv.details.problems.prepend(unwrapped);
    if (!note.isEmpty())
        inv.details.problems << note;
}

TraceEvent readEvent(const QSqlQuery& q, int f)
{
    TraceEvent e;
    e.id = row_id::read(q.value(f + 0), &e.idText).value_or(0);
    e.sessionId = str(q, f + 1);
    e.runId = str(q, f + 2);
    e.stepId = row_id::read(q.value(f + 3), &e.stepIdText);
    e.eventType = str(q, f + 4);
    e.detailsRaw = str(q, f + 5);
    e.details = parseJsonColumn(e.detailsRaw, nullptr);
    e.createdAt = SqlDialect::time(q, f + 6);
    return e;
}

RunFeedback readFeedback(const QSqlQuery& q, int f)
{
    RunFeedback fb;
    fb.runId = str(q, f + 0);
    // Neither true nor false ('yes', 2): no verdict, as health counts it (no rating) and
    // problems reads it (no dislike); never a silent "not helpful".
    fb.satisfied = SqlDialect::optionalBool(q.value(f + 1));
    fb.comment = str(q, f + 2);
    fb.createdAt = SqlDialect::time(q, f + 3);
    return fb;
}

} // namespace raglens::audit_rows
