#include "facts/facts_copier.h"

#include "common/json_qt.h"
#include "common/logging.h"
#include "db/run_rows.h"
#include "db/sql_exec.h"
#include "facts/facts_functions.h"
#include "facts/facts_text.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>

#include <limits>

namespace raglens::facts_index {

using facts_store::Connection;

namespace {

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

/// A server's value as the index keeps it: times as the ISO text RagLens writes to SQLite,
/// bytes as their text, so a run id or a JSON cell compares and parses the same however the
/// server typed its column (and the run ids runIdsInto() reads match the copied ones).
QVariant indexValue(const QVariant& v)
{
    if (v.metaType().id() == QMetaType::QDateTime)
        return json_util::isoUtc(v.toDateTime());
    if (v.metaType().id() == QMetaType::QByteArray)
        return SqlDialect::text(v);
    // A whole number in a floating column as the integer the direct reads spell (text()).
    if (v.metaType().id() == QMetaType::Double) {
        const QString digits = SqlDialect::text(v);
        bool integer = false;
        const qint64 n = digits.toLongLong(&integer);
        if (integer)
            return n;
    }
    return v;
}

/// A time the lists sort by, from a server: the canonical UTC text whatever the column's
/// type and the writer's form; NULL when C++ reads no time in it (Copier::copy() then lets
/// SQLite read it).
QVariant sortedTimeValue(const QVariant& v)
{
    // A server's timestamp is an instant already (its zone kept): as indexValue() writes it.
    if (v.isNull() || v.metaType().id() == QMetaType::QDateTime)
        return indexValue(v);
    const QDateTime t = SqlDialect::time(v);
    return t.isValid() ? QVariant(json_util::isoUtc(t)) : QVariant(QMetaType::fromType<QString>());
}

} // namespace

Expected<SourceState> readSource(AuditDatabase& db)
{
    if (Status s = requireTables(db, {kRuns, kInvocations}); !s)
        return Error{s.error()};
    SourceState st;
    const auto refuseTextIds = [](const QString& example) {
        return Error{FactsIndexText::tr("tool_invocation.id holds text (%1), not numbers: the "
                                        "facts index orders and refreshes calls by their id, so "
                                        "it is not built; RagLens reads the database directly.")
                         .arg(example.left(40))};
    };
    // A server's column has one type for all its ids: known before any MIN() (PostgreSQL has
    // none for a uuid, and would fail with an SQL error instead of this reason).
    if (db.location().isServer()) {
        const QMetaType type = db.sql().record(kInvocations).field(QStringLiteral("id")).metaType();
        const int t = type.id();
        if (t != QMetaType::Int && t != QMetaType::LongLong && t != QMetaType::UInt &&
            t != QMetaType::ULongLong && t != QMetaType::Short && t != QMetaType::UShort) {
            QSqlQuery example(db.sql());
            const bool read = execQuery(db, example,
                                        QStringLiteral("SELECT id FROM tool_invocation ORDER BY "
                                                       "id DESC LIMIT 1")) &&
                              example.next();
            return refuseTextIds(read ? SqlDialect::text(example.value(0))
                                      : QString::fromLatin1(type.name()));
        }
    }
    QSqlQuery q(db.sql());
    if (Status s = execQuery(db, q,
                             // Two subqueries: MIN and MAX in one SELECT read every row.
                             QStringLiteral("SELECT (SELECT MIN(id) FROM tool_invocation), "
                                            "(SELECT MAX(id) FROM tool_invocation)"));
        !s)
        return Error{s.error()};
    if (q.next()) {
        // The index orders, batches and refreshes calls by a numeric id. Text ids ('inv-9',
        // or '36' beside 35 numbers) compare as text: batches would miss them and a refresh
        // would never see a new one. In SQLite any text sorts after every number, so the
        // largest id is text when any is.
        const QVariant max = q.value(1);
        const int type = max.metaType().id();
        // An empty table's NULL is no text.
        if (!max.isNull() && (type == QMetaType::QString || type == QMetaType::QByteArray))
            return refuseTextIds(SqlDialect::text(max));
        // The copy reads ids after the one before the smallest, and MariaDB's BIGINT
        // UNSIGNED goes past the largest signed id (read as one, it wrapped round and the
        // index was empty without a word): such ids are read directly.
        const bool unsignedPast = type == QMetaType::ULongLong &&
                                  max.toULongLong() > quint64(std::numeric_limits<qint64>::max());
        if (unsignedPast ||
            (!q.value(0).isNull() && q.value(0).toLongLong() == std::numeric_limits<qint64>::min()))
            return Error{FactsIndexText::tr(
                             "tool_invocation.id reaches the end of the 64-bit integers (%1): the "
                             "facts index orders and refreshes calls by their id, so it is not "
                             "built; RagLens reads the database directly.")
                             .arg(SqlDialect::text(unsignedPast ? max : q.value(0)))};
        st.minId = q.value(0).toLongLong();
        st.maxId = max.toLongLong();
    }
    // A call without an id (a key that allows NULL, or none) is in every direct read, but the
    // index copies and refreshes calls by id ranges and would leave it out: the lists from
    // the index counted fewer calls and empty lookups than the trace and the direct lists.
    // Cheap where it matters: SQLite knows a rowid is never NULL, and a key on id answers.
    QSqlQuery nulls(db.sql());
    if (Status s = execQuery(db, nulls,
                             QStringLiteral("SELECT 1 FROM tool_invocation WHERE id IS NULL "
                                            "LIMIT 1"));
        !s)
        return Error{s.error()};
    if (nulls.next())
        return Error{FactsIndexText::tr("tool_invocation holds calls without an id: the facts "
                                        "index orders and refreshes calls by their id, so it is "
                                        "not built; RagLens reads the database directly.")};
    st.columns = columnsSignature(db);
    st.hasFeedback = db.hasTable(kFeedback);
    return st;
}

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

Status Copier::attach()
{
    const QString uri = m_source.sqliteReadUri();
    if (uri.isEmpty())
        return ok();
    // SQLite attaches only a file of the index's own text encoding (UTF-8): a UTF-16 store
    // is copied row by row through its own connection, as a server's is (slower, not wrong).
    QSqlQuery encoding(m_source.sql());
    if (encoding.exec(QStringLiteral("PRAGMA encoding")) && encoding.next() &&
        encoding.value(0).toString() != QLatin1String("UTF-8")) {
        qCInfo(lcTrace) << "facts index: the database is" << encoding.value(0).toString()
                        << "and is copied row by row";
        return ok();
    }
    if (Status s = m_facts.exec(QStringLiteral("ATTACH DATABASE ? AS src"), {uri}); !s)
        return s;
    m_attached = true;
    return ok();
}

QString Copier::sortedColumn(const QString& table, const QString& column) const
{
    const QString alias = table == kRuns          ? QStringLiteral("r")
                          : table == kInvocations ? QStringLiteral("i")
                                                  : QStringLiteral("f");
    const QString value = audit_rows::columnOrNull(m_source, table, alias, column);
    if (m_attached && isSortedTime(column) && value != QLatin1String("NULL"))
        return facts_store::canonicalTime(value);
    // A key the index keeps as text: 1042.0 (a REAL column, or none) as the direct reads spell
    // it, "1042", not SQLite's '1042.0'. A TEXT column holds no REAL value.
    if (m_attached && value != QLatin1String("NULL") &&
        (column == QLatin1String("run_id") || column == QLatin1String("session_id")) &&
        !hasTextAffinity(table, column))
        return SqlDialect::sqliteWholeRealAsInteger(value);
    return value;
}

bool Copier::hasTextAffinity(const QString& table, const QString& column) const
{
    // SQLite's rules for a declared type: INT first, then CHAR, CLOB or TEXT.
    QSqlQuery q(m_source.sql());
    q.prepare(QStringLiteral("SELECT type FROM pragma_table_info(?) WHERE name = ? COLLATE "
                             "NOCASE"));
    q.addBindValue(table);
    q.addBindValue(column);
    if (!q.exec() || !q.next())
        return false;
    const QString type = q.value(0).toString().toUpper();
    return !type.contains(QLatin1String("INT")) &&
           (type.contains(QLatin1String("CHAR")) || type.contains(QLatin1String("CLOB")) ||
            type.contains(QLatin1String("TEXT")));
}

QString Copier::source(const QString& table) const
{
    return m_attached ? QStringLiteral("src.") + table : table;
}

void Copier::detach()
{
    if (m_attached)
        m_facts.exec(QStringLiteral("DETACH DATABASE src"));
    m_attached = false;
}

Expected<qint64> Copier::invocations(qint64 afterId, qint64 upToId)
{
    const Statement st = invocationsStatement();
    return copy(kInvocations, facts_store::invocationColumns(), st.select, st.from,
                {afterId, upToId}, st.onConflict);
}

QString Copier::attachedInvocationsSql() const
{
    Q_ASSERT(m_attached);
    const Statement st = invocationsStatement();
    return insertSql(kInvocations, facts_store::invocationColumns()) + selectSql(st.select) +
           st.from + st.onConflict;
}

Expected<qint64> Copier::callsOfRuns(const QStringList& runIds, qint64 afterId, qint64 upToId)
{
    qint64 total = 0;
    for (qsizetype at = 0; at < runIds.size(); at += kValuesPerStatement) {
        const BoundList part = boundIds(m_source, runIds.mid(at, kValuesPerStatement));
        // The id range first: without an index on the calls' run id, it bounds what is read.
        const Statement st = invocationsStatement(
            QStringLiteral("i.id > ? AND i.id <= ? AND i.run_id IN (%1)").arg(part.marks));
        auto n = copy(kInvocations, facts_store::invocationColumns(), st.select, st.from,
                      QVariantList{afterId, upToId} + part.binds, st.onConflict);
        if (!n)
            return n;
        total += *n;
    }
    return total;
}

Copier::Statement Copier::invocationsStatement(const QString& where) const
{
    FactSql facts(m_source, m_dialect);
    QString from = source(kInvocations) + QStringLiteral(" i WHERE ") + where;
    if (m_attached && !facts.isPrecomputed()) {
        // Several facts read one details field, and each reading would parse the JSON and
        // fold the word again: an inner query extracts every field once per row. LIMIT and
        // OFFSET keep SQLite from flattening it into the outer query (it runs as a
        // co-routine, row by row, nothing materialised).
        QStringList extracted = {QStringLiteral("i.*")};
        for (const QString& key : FactSql::detailKeys())
            extracted << QStringLiteral("%1 AS %2")
                             .arg(facts.detailText(key.toLatin1().constData()),
                                  FactSql::extractedDetailColumn(key));
        // Every fact but the stored level reads these two: compared once per row too.
        extracted << QStringLiteral("%1 AS %2")
                         .arg(facts.isLookup(), QLatin1String(FactSql::kExtractedIsLookup))
                  << QStringLiteral("%1 AS %2")
                         .arg(facts.toolFailed(), QLatin1String(FactSql::kExtractedToolFailed));
        from = QStringLiteral("(SELECT %1 FROM %2 LIMIT -1 OFFSET 0) i WHERE true")
                   .arg(extracted.join(QStringLiteral(", ")), from);
        facts.readExtractedDetails();
    }
    QStringList select;
    for (const QString& c : facts_store::invocationColumns()) {
        if (c == QLatin1String("fact_is_lookup"))
            select << facts.isLookup();
        else if (c == QLatin1String("fact_tool_failed"))
            select << facts.toolFailed();
        else if (c == QLatin1String("fact_evidence_status"))
            select << facts.evidenceStatus();
        else if (c == QLatin1String("fact_selected_attempt"))
            select << facts.selectedAttempt();
        else if (c == QLatin1String("fact_fallback_reason"))
            select << facts.retryReason();
        else if (c == QLatin1String("relevance_level"))
            select << facts.relevanceLevel(); // as the contract spells it, read once here
        else
            select << sortedColumn(kInvocations, c);
    }
    // A table without its key may hold an id twice: the index keeps the first row (check's
    // call_identity rule names the others) instead of failing the whole build.
    return {select, from, QStringLiteral(" ON CONFLICT(id) DO NOTHING")};
}

/// `SET column = excluded.column` for every run column but the key.
static QString runsSetExcluded()
{
    QStringList sets;
    for (const QString& c : facts_store::runColumns())
        if (c != QLatin1String("run_id"))
            sets << QStringLiteral("%1 = excluded.%1").arg(c);
    return sets.join(QStringLiteral(", "));
}

QString Copier::runsUpsert()
{
    QStringList olds;
    QStringList news;
    for (const QString& c : facts_store::runColumns()) {
        if (c == QLatin1String("run_id"))
            continue;
        olds << QStringLiteral("diagnosis_run.%1").arg(c);
        news << QStringLiteral("excluded.%1").arg(c);
    }
    return QStringLiteral(" ON CONFLICT(run_id) DO UPDATE SET %1, fact_search_text = NULL "
                          "WHERE (%2) IS NOT (%3)")
        .arg(runsSetExcluded(), olds.join(QStringLiteral(", ")), news.join(QStringLiteral(", ")));
}

Expected<qint64> Copier::runs(const QString& where, const QVariantList& binds)
{
    QStringList select;
    // The whole question: the text filter searches all of it, as the direct query does (a
    // pasted stack trace ends in the words looked for); readers cut it for showing.
    for (const QString& c : facts_store::runColumns())
        select << sortedColumn(kRuns, c);
    // A row without its key is not a run (SQLite lets a TEXT PRIMARY KEY be NULL: it would
    // be copied again by every refresh), nor one without a session (FactSql::listedRun()).
    QString from =
        source(kRuns) +
        QStringLiteral(" r WHERE %1 AND (%2)").arg(FactSql::listedRun(QStringLiteral("r")), where);
    // A run held in several rows is the last of them, as the direct reads take it (through
    // the attachment the table is read as stored; the source's own connection reads one
    // row per run already).
    if (m_attached && run_rows::readsLastRowsOnly(m_source))
        from += QStringLiteral(" AND ") +
                run_rows::lastOfItsRun(m_source, source(kRuns), QStringLiteral("r"));
    return copy(kRuns, facts_store::runColumns(), select, from, binds, runsUpsert());
}

Status Copier::stage(bool withFeedback)
{
    if (Status s = m_facts.createStagingTables(withFeedback); !s)
        return s;
    m_staging = true;
    return ok();
}

QString Copier::target(const QString& table) const
{
    return m_staging ? facts_store::stagedTable(table) : table;
}

/// Moves the staged rows of `table` (`columns`) into the index, `onConflict` deciding what a
/// key it holds already does; how many rows were written.
static Expected<qint64> publish(Connection& facts, const QString& table, const QStringList& columns,
                                const QString& onConflict)
{
    const QString list = columns.join(QStringLiteral(", "));
    // WHERE true: without it SQLite would read ON CONFLICT as the start of a join.
    if (Status s = facts.exec(QStringLiteral("INSERT INTO %1 (%2) SELECT %2 FROM %3 WHERE true%4")
                                  .arg(table, list, facts_store::stagedTable(table), onConflict));
        !s)
        return Error{s.error()};
    auto changed = facts.scalar(QStringLiteral("SELECT changes()"));
    if (!changed)
        return Error{changed.error()};
    return changed->toLongLong();
}

Expected<qint64> Copier::publishStagedCalls(qint64 indexedMax)
{
    const QStringList& columns = facts_store::invocationColumns();
    const QString staged = facts_store::stagedTable(kInvocations);
    QStringList olds;
    QStringList news;
    QStringList sets;
    for (const QString& c : columns) {
        olds << QStringLiteral("t.") + c;
        news << QStringLiteral("s.") + c;
        if (c != QLatin1String("id"))
            sets << QStringLiteral("%1 = excluded.%1").arg(c);
    }
    // Calls read again (callsOfRuns(), the refresh's window): the runs of those that changed,
    // before and after, and of those the index lacks (committed out of id order), are
    // derived again; then their rows are replaced or added. Most refreshes read none again.
    auto again = m_facts.scalar(
        QStringLiteral("SELECT EXISTS (SELECT 1 FROM %1 WHERE id <= ?)").arg(staged), {indexedMax});
    if (!again)
        return Error{again.error()};
    qint64 below = 0;
    if (again->toBool()) {
        // CROSS JOIN: the few staged rows lead; the planner, without statistics for them,
        // read every indexed call instead (0.3 s at a million).
        const QString changed =
            QStringLiteral("FROM %1 s CROSS JOIN main.tool_invocation t ON t.id = s.id "
                           "WHERE s.id <= %2 AND (%3) IS NOT (%4)")
                .arg(staged)
                .arg(indexedMax)
                .arg(olds.join(QStringLiteral(", ")), news.join(QStringLiteral(", ")));
        const QString lacked = QStringLiteral("FROM %1 s WHERE s.id <= %2 AND NOT EXISTS (SELECT "
                                              "1 FROM main.tool_invocation t WHERE t.id = s.id)")
                                   .arg(staged)
                                   .arg(indexedMax);
        auto n = m_facts.scalar(QStringLiteral("SELECT COUNT(*) ") + lacked);
        if (!n)
            return Error{n.error()};
        below = n->toLongLong();
        for (const QString& sql :
             {QStringLiteral("UPDATE diagnosis_run SET fact_search_text = NULL WHERE run_id IN "
                             "(SELECT t.run_id %1 UNION SELECT s.run_id %1 UNION SELECT s.run_id "
                             "%2)")
                  .arg(changed, lacked),
              QStringLiteral("INSERT INTO tool_invocation (%1) SELECT %1 FROM %2 WHERE id <= %3 "
                             "ON CONFLICT(id) DO UPDATE SET %4")
                  .arg(columns.join(QStringLiteral(", ")), staged)
                  .arg(indexedMax)
                  .arg(sets.join(QStringLiteral(", ")))})
            if (Status s = m_facts.exec(sql); !s)
                return Error{s.error()};
    }
    auto above = publish(
        m_facts, kInvocations, columns,
        QStringLiteral(" AND id > %1 ORDER BY id ON CONFLICT(id) DO NOTHING").arg(indexedMax));
    if (!above)
        return above;
    return *above + below;
}

Expected<qint64> Copier::publishStagedRuns()
{
    return publish(m_facts, kRuns, facts_store::runColumns(), runsUpsert());
}

Status Copier::publishStagedFeedback()
{
    if (Status s = m_facts.exec(QStringLiteral("DELETE FROM run_feedback")); !s)
        return s;
    auto n = publish(m_facts, kFeedback, facts_store::feedbackColumns(), QString());
    return n ? ok() : Error{n.error()};
}

Expected<qint64> Copier::runsById(const QStringList& ids)
{
    qint64 total = 0;
    for (qsizetype at = 0; at < ids.size(); at += kValuesPerStatement) {
        const BoundList part = boundIds(m_source, ids.mid(at, kValuesPerStatement));
        auto n = runs(QStringLiteral("r.run_id IN (%1)").arg(part.marks), part.binds);
        if (!n)
            return n;
        total += *n;
    }
    return total;
}

Expected<qint64> Copier::runRows()
{
    auto n = sourceScalar(QStringLiteral("SELECT COUNT(*) FROM %1").arg(source(kRuns)));
    if (!n)
        return Error{n.error()};
    return n->toLongLong();
}

Status Copier::runIdsInto(const QString& table)
{
    // The ids as the copies keep them: the same value into a column of the same affinity
    // (a cast on the server would spell a numeric id differently from the copied one).
    return valuesInto(table,
                      QStringLiteral("SELECT %3 FROM %1 r WHERE %2")
                          .arg(source(kRuns), FactSql::listedRun(QStringLiteral("r")),
                               sortedColumn(kRuns, QStringLiteral("run_id"))),
                      {});
}

Status Copier::callIdsOfRunsGoneInto(const QString& table, const QString& runIds)
{
    const QString gone = QStringLiteral("SELECT run_id FROM main.diagnosis_run WHERE run_id NOT "
                                        "IN (SELECT run_id FROM %1)")
                             .arg(runIds);
    const QString select =
        QStringLiteral("SELECT i.id FROM %1 i WHERE i.run_id IN (%2)").arg(source(kInvocations));
    // Through the attachment one statement finds them (by the calls' run index, if the
    // database has one); a server is asked for a few hundred runs at a time.
    if (m_attached)
        return valuesInto(table, select.arg(gone), {});
    auto runs = m_facts.texts(gone);
    if (!runs)
        return Error{runs.error()};
    for (qsizetype at = 0; at < runs->size(); at += kValuesPerStatement) {
        const BoundList part = boundIds(m_source, runs->mid(at, kValuesPerStatement));
        if (Status s = valuesInto(table, select.arg(part.marks), part.binds); !s)
            return s;
    }
    return ok();
}

Status Copier::valuesInto(const QString& table, const QString& select, const QVariantList& binds)
{
    const QString insert = QStringLiteral("INSERT OR IGNORE INTO %1 ").arg(table);
    if (m_attached)
        return m_facts.exec(insert + select, binds);
    QSqlQuery in(m_source.sql());
    in.setForwardOnly(true);
    if (Status s = execQuery(m_source, in, select, binds); !s)
        return s;
    QSqlQuery out(m_facts.sql());
    if (!out.prepare(insert + QStringLiteral("VALUES (?)")))
        return Error{FactsIndexText::tr("Writing the facts index failed: %1")
                         .arg(describeSqlError(out.lastError()))};
    while (in.next()) {
        out.bindValue(0, indexValue(in.value(0)));
        if (!out.exec())
            return Error{FactsIndexText::tr("Writing the facts index failed: %1")
                             .arg(describeSqlError(out.lastError()))};
    }
    return afterRows(in);
}

Expected<qint64> Copier::feedback()
{
    QStringList select;
    for (const QString& c : facts_store::feedbackColumns())
        select << sortedColumn(kFeedback, c);
    return copy(kFeedback, facts_store::feedbackColumns(), select,
                source(kFeedback) + QStringLiteral(" f"), {});
}

QString Copier::insertSql(const QString& table, const QStringList& columns)
{
    return QStringLiteral("INSERT INTO %1 (%2) ").arg(table, columns.join(QStringLiteral(", ")));
}

QString Copier::selectSql(const QStringList& select)
{
    return QStringLiteral("SELECT %1 FROM ").arg(select.join(QStringLiteral(", ")));
}

Expected<qint64> Copier::copy(const QString& table, const QStringList& columns,
                              const QStringList& select, const QString& from,
                              const QVariantList& binds, const QString& onConflict)
{
    const QString insert = insertSql(target(table), columns);
    // A key read twice is staged as the index would keep it: a call's first row, a run's
    // last (a run both new and recent is read twice; a table without its key may hold one
    // twice). What the index holds already is decided when they are published.
    QString conflict = onConflict;
    if (m_staging)
        conflict = table == kInvocations ? QStringLiteral(" ON CONFLICT(id) DO NOTHING")
                   : table == kRuns
                       ? QStringLiteral(" ON CONFLICT(run_id) DO UPDATE SET ") + runsSetExcluded()
                       : QString();
    if (m_attached) {
        if (Status s = m_facts.exec(insert + selectSql(select) + from + conflict, binds); !s)
            return Error{s.error()};
        auto changed = m_facts.scalar(QStringLiteral("SELECT changes()"));
        if (!changed)
            return Error{changed.error()};
        return changed->toLongLong();
    }
    // A server: rows are streamed through Qt and written one prepared insert at a time.
    QSqlQuery in(m_source.sql());
    if (Status s = execQuery(m_source, in, selectSql(select) + from, binds); !s)
        return Error{s.error()};
    QSqlQuery out(m_facts.sql());
    QStringList marks;
    QList<bool> sorted;
    // A sorted time C++ cannot read is read as SQLite reads it (sqliteCanonicalTime()), as
    // the copy from a SQLite file does: what SQLite places as an instant ("2099-02-30",
    // "12:00", a Julian day as text) must be stored canonical, since the index reads its
    // starts by julianday() and ranges of their text (FactSql::storedStartJulian()).
    const QString sqliteReading = QStringLiteral("COALESCE(?, (SELECT %1 FROM (SELECT ? AS v)))")
                                      .arg(SqlDialect::sqliteCanonicalTime(QStringLiteral("v")));
    for (const QString& c : columns) {
        sorted << isSortedTime(c);
        marks << (sorted.back() ? sqliteReading : QStringLiteral("?"));
    }
    if (!out.prepare(insert + QStringLiteral("VALUES (%1)").arg(marks.join(QLatin1Char(','))) +
                     conflict))
        return Error{FactsIndexText::tr("Writing the facts index failed: %1")
                         .arg(describeSqlError(out.lastError()))};
    qint64 n = 0;
    while (in.next()) {
        int bind = 0;
        for (int c = 0; c < columns.size(); ++c) {
            if (!sorted[c]) {
                out.bindValue(bind++, indexValue(in.value(c)));
                continue;
            }
            const QVariant canonical = sortedTimeValue(in.value(c));
            out.bindValue(bind++, canonical);
            out.bindValue(bind++, indexValue(in.value(c)));
        }
        if (!out.exec())
            return Error{FactsIndexText::tr("Writing the facts index failed: %1")
                             .arg(describeSqlError(out.lastError()))};
        n += out.numRowsAffected() > 0 ? 1 : 0;
    }
    if (Status s = afterRows(in); !s)
        return Error{s.error()};
    return n;
}

Expected<QVariant> Copier::sourceScalar(const QString& sql, const QVariantList& binds)
{
    if (m_attached)
        return m_facts.scalar(sql, binds);
    QSqlQuery q(m_source.sql());
    q.setForwardOnly(true);
    if (Status s = execQuery(m_source, q, sql, binds); !s)
        return Error{s.error()};
    return q.next() ? q.value(0) : QVariant();
}

Expected<qint64> Copier::callsUpTo(qint64 upToId)
{
    // Rows without an id are left out (readSource() refuses a table holding one; a row
    // written without one since is found by the next readSource(), not counted here as a
    // call the index lacks). The three counts are each served by the id's index.
    auto n = sourceScalar(QStringLiteral("SELECT (SELECT COUNT(*) FROM %1) - (SELECT COUNT(*) FROM "
                                         "%1 WHERE id IS NULL) - (SELECT COUNT(*) FROM %1 WHERE "
                                         "id > ?)")
                              .arg(source(kInvocations)),
                          {upToId});
    if (!n)
        return Error{n.error()};
    return n->toLongLong();
}

Expected<QVariant> Copier::idSumBetween(qint64 afterId, qint64 upToId)
{
    return sourceScalar(QStringLiteral("SELECT SUM(id % %2) FROM %1 WHERE id > ? AND id <= ?")
                            .arg(source(kInvocations))
                            .arg(kIdSumModulus),
                        {afterId, upToId});
}

Expected<qint64> Copier::callsBetween(qint64 afterId, qint64 upToId)
{
    // A range holding every call (a full build) is counted without naming the ids: SQLite
    // then counts the entries of the narrowest index instead of reading every wide row.
    // MIN and MAX each in a subquery: SQLite reads one end of the key for a lone MIN or
    // MAX, but both in one SELECT made it read every row (0.1 s at 1M calls, at every
    // refresh).
    auto range = sourceScalar(QStringLiteral("SELECT (SELECT MIN(id) FROM %1) > ? AND (SELECT "
                                             "MAX(id) FROM %1) <= ?")
                                  .arg(source(kInvocations)),
                              {afterId, upToId});
    if (!range)
        return Error{range.error()};
    const QString where =
        range->toInt() == 1 ? QString() : QStringLiteral(" WHERE id > ? AND id <= ?");
    auto n =
        sourceScalar(QStringLiteral("SELECT COUNT(*) FROM %1%2").arg(source(kInvocations), where),
                     where.isEmpty() ? QVariantList{} : QVariantList{afterId, upToId});
    if (!n)
        return Error{n.error()};
    return n->toLongLong();
}

QString Copier::batchEndSql(const QString& table)
{
    return QStringLiteral("SELECT id FROM %1 WHERE id > ? AND id <= ? ORDER BY id LIMIT 1 OFFSET ?")
        .arg(table);
}

Expected<qint64> Copier::batchEnd(qint64 afterId, qint64 upToId, qint64 rows)
{
    auto id = sourceScalar(batchEndSql(source(kInvocations)), {afterId, upToId, rows - 1});
    if (!id)
        return Error{id.error()};
    return id->isNull() ? upToId : id->toLongLong();
}

quint64 idSpan(qint64 from, qint64 to)
{
    return to > from ? quint64(to) - quint64(from) : 0;
}

Expected<qint64> copyInBatches(qint64 from, qint64 to, const BatchCopy& copy,
                               const BatchEnd& sparseEnd, const std::function<bool(qint64)>& after)
{
    // Batches of ids kBatch wide while that makes few batches. Ids far apart (time-based
    // 64-bit ids: a million calls over 10^15 ids) would make billions of empty batches:
    // there each batch ends at the kBatch-th id, found through the id's index.
    const bool sparse = idSpan(from, to) / kBatch > quint64(kMaxIdRangeBatches);
    qint64 copied = 0;
    for (qint64 at = from; at < to;) {
        // Not at + kBatch past `to`: next to the largest 64-bit id that wraps round to the
        // smallest, and the build went on for ever.
        qint64 end = idSpan(at, to) > quint64(kBatch) ? at + kBatch : to;
        if (sparse) {
            auto e = sparseEnd(at, to);
            if (!e)
                return e;
            end = *e;
        }
        auto n = copy(at, end);
        if (!n)
            return n;
        copied += *n;
        at = end;
        if (after && !after(copied))
            return Error{cancelledMessage()};
    }
    return copied;
}

QString cancelledMessage()
{
    return FactsIndexText::tr("Building the facts index was cancelled.");
}

/// Copies calls in (from, to] in batches, reporting progress; false from `progress` cancels.
Expected<qint64> copyInvocations(Copier& copier, qint64 from, qint64 to,
                                 const FactsProgress& progress)
{
    // Progress counts calls, not ids: ids may leave gaps (deleted rows, several writers).
    auto total = copier.callsBetween(from, to);
    if (!total)
        return total;
    return copyInBatches(
        from, to, [&copier](qint64 at, qint64 end) { return copier.invocations(at, end); },
        [&copier](qint64 at, qint64 end) { return copier.batchEnd(at, end, kBatch); },
        [&progress, &total](qint64 copied) {
            return !progress || progress(qMin(copied, *total), *total);
        });
}

} // namespace raglens::facts_index
