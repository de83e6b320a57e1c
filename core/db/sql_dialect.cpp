#include "db/sql_dialect.h"

#include "db/id_column.h"

#include "common/json_qt.h"

#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>

#include <algorithm>
#include <cmath>
#include <limits>

namespace raglens {

SqlDialect::SqlDialect(AuditDatabase& db) : m_db(db), m_kind(db.location().kind) {}

QString SqlDialect::columnType(const QString& table, const QString& column) const
{
    // Column types do not change under an open connection; ask the catalogue once per
    // connection (a reopened database is asked again).
    static QMutex mutex;
    static QHash<QString, QString> cache;
    const QString key =
        m_db.sql().connectionName() + QLatin1Char('|') + table + QLatin1Char('.') + column;
    {
        QMutexLocker lock(&mutex);
        if (auto it = cache.constFind(key); it != cache.constEnd())
            return *it;
    }
    const QString type = queryColumnType(m_db, table, column);
    QMutexLocker lock(&mutex);
    cache.insert(key, type);
    return type;
}

QString SqlDialect::queryColumnType(AuditDatabase& db, const QString& table, const QString& column)
{
    if (!db.location().isServer())
        return {};
    QSqlQuery q(db.sql());
    // PostgreSQL: the schema of the table an unqualified name finds (to_regclass), as the
    // queries read it; current_schema() is the path's first schema, which may not hold it.
    const bool mysql = db.location().kind == DatabaseLocation::Kind::MySql;
    // PostgreSQL names citext, enums and other extension types USER-DEFINED: their own name
    // says which they are.
    q.prepare(QStringLiteral("SELECT %2 FROM information_schema.columns "
                             "WHERE table_schema = %1 AND table_name = ? AND column_name = ?")
                  .arg(mysql ? QStringLiteral("DATABASE()")
                             : QStringLiteral("(SELECT n.nspname FROM pg_class c JOIN "
                                              "pg_namespace n ON n.oid = c.relnamespace WHERE "
                                              "c.oid = to_regclass(CAST(? AS text)))"),
                       mysql ? QStringLiteral("data_type")
                             : QStringLiteral("CASE WHEN data_type = 'USER-DEFINED' THEN "
                                              "udt_name ELSE data_type END")));
    if (!mysql)
        q.addBindValue(table);
    q.addBindValue(table);
    q.addBindValue(column);
    if (!q.exec() || !q.next())
        return {};
    return q.value(0).toString().toLower();
}

bool SqlDialect::isJsonColumn(const QString& table, const QString& column) const
{
    const QString type = columnType(table, column);
    return type == QLatin1String("jsonb") || type == QLatin1String("json");
}

bool SqlDialect::isNumberColumn(const QString& table, const QString& column) const
{
    static const QStringList numbers = {
        QStringLiteral("bigint"),   QStringLiteral("integer"),   QStringLiteral("int"),
        QStringLiteral("smallint"), QStringLiteral("mediumint"), QStringLiteral("tinyint"),
        QStringLiteral("numeric"),  QStringLiteral("decimal"),   QStringLiteral("double precision"),
        QStringLiteral("double"),   QStringLiteral("real"),      QStringLiteral("float")};
    return numbers.contains(columnType(table, column));
}

SqlDialect::TimeStorage SqlDialect::timeStorage(const QString& table, const QString& column) const
{
    // citext and name as keyKind() reads them: text.
    static const QStringList texts = {
        QStringLiteral("text"),       QStringLiteral("character varying"),
        QStringLiteral("character"),  QStringLiteral("varchar"),
        QStringLiteral("char"),       QStringLiteral("tinytext"),
        QStringLiteral("mediumtext"), QStringLiteral("longtext"),
        QStringLiteral("citext"),     QStringLiteral("name")};
    if (isNumberColumn(table, column))
        return TimeStorage::EpochNumber;
    if (texts.contains(columnType(table, column)))
        return TimeStorage::Text;
    return TimeStorage::Timestamp;
}

QString SqlDialect::serverSortableTime(const QString& table, const QString& column) const
{
    const QString bare = bareColumn(column);
    if (timeStorage(table, bare) != TimeStorage::Text)
        return column;
    // The form timeCompare() gives text, in byte order (PostgreSQL's "C"), so that a page's
    // order and its time window read the column alike.
    return m_kind == DatabaseLocation::Kind::PostgreSql
               ? QStringLiteral("(REPLACE(UPPER(%1), 'T', ' ') COLLATE \"C\")").arg(column)
               : QStringLiteral("REPLACE(UPPER(%1), 'T', ' ')").arg(column);
}

QString SqlDialect::jsonDocument(const QString& column) const
{
    return QStringLiteral("(CASE WHEN JSON_VALID(%1) AND JSON_TYPE(%1) = 'STRING' THEN "
                          "JSON_UNQUOTE(%1) ELSE %1 END)")
        .arg(column);
}

QString SqlDialect::sqliteOnJsonDocument(const QString& column, const QString& read)
{
    // The cast reads a BLOB cell as the UTF-8 text the row decoder reads (json_* reject
    // BLOBs); json_extract(…, '$') of a JSON string is its text. A valid document whose
    // first character after JSON's white space is a quote is a string. The first test is
    // two text comparisons, no function call: text from '"' up to '#' begins with a quote,
    // and white space sorts below it.
    const QString text = QStringLiteral("CAST(%1 AS TEXT)").arg(column);
    return QStringLiteral("(CASE WHEN (%1 >= '\"' AND %1 < '#') OR (%1 < '\"' AND substr(ltrim(%1, "
                          "char(32, 9, 10, 13)), 1, 1) = '\"') THEN (CASE WHEN json_valid(%1) THEN "
                          "%2 END) ELSE %3 END)")
        .arg(text,
             QString(read).replace(QStringLiteral("%1"),
                                   QStringLiteral("json_extract(%1, '$')").arg(text)),
             QString(read).replace(QStringLiteral("%1"), text));
}

QString SqlDialect::jsonText(const QString& column, const QString& table, const QString& key) const
{
    const QString bare = bareColumn(column);
    switch (m_kind) {
    case DatabaseLocation::Kind::Sqlite:
        // CASE is evaluated lazily, so json_extract never sees a malformed row.
        return sqliteOnJsonDocument(
            column, QStringLiteral("(CASE WHEN json_valid(%1) THEN json_extract(%1, '$.%2') END)")
                        .replace(QStringLiteral("%2"), key));
    case DatabaseLocation::Kind::MySql:
        // JSON_UNQUOTE() of a JSON null is the text 'null': a key holding null is no value
        // (as SQLite's json_extract() reads it), or every lookup whose fallback_reason is
        // null had the retry reason 'null' and counted as a retry.
        // The document is spelled out three times (each parsed again), and JSON_EXTRACT()
        // only reaches a document JSON_VALID() took: CASE evaluates its branches lazily.
        return QStringLiteral("(CASE WHEN JSON_VALID(%1) THEN (CASE JSON_TYPE(JSON_EXTRACT(%1, "
                              "'$.%2')) WHEN 'NULL' THEN NULL ELSE JSON_UNQUOTE(JSON_EXTRACT(%1, "
                              "'$.%2')) END) END)")
            .arg(jsonDocument(column), key);
    case DatabaseLocation::Kind::PostgreSql: {
        // A text column may hold malformed JSON and a failing cast would abort the query;
        // PostgreSQL 15 has no "is valid JSON" test, so match the top-level string key. The
        // same pattern reads the text of a JSON string (#>> '{}' undoes its escapes).
        const QString pattern = QString::fromLatin1(R"sql('"%1"\s*:\s*"([^"]*)"')sql").arg(key);
        // In a text cell that holds a JSON string, the object's quotes are escaped (\").
        const QString asText =
            QString::fromLatin1(
                R"sql((CASE WHEN CAST(%1 AS TEXT) ~ '^\s*"' THEN )sql"
                R"sql(substring(CAST(%1 AS TEXT) from '\\"%2\\"\s*:\s*\\"([^"\\]*)\\"') )sql"
                R"sql(ELSE substring(CAST(%1 AS TEXT) from %3) END))sql")
                .arg(column, key, pattern);
        if (!isJsonColumn(table, bare))
            return asText;
        const QString asJsonb = QStringLiteral("(CASE WHEN jsonb_typeof(CAST(%1 AS jsonb)) = "
                                               "'string' THEN substring(CAST(%1 AS jsonb) #>> '{}' "
                                               "from %2) ELSE CAST(%1 AS jsonb) ->> '%3' END)")
                                    .arg(column, pattern, key);
        if (columnType(table, bare) == QLatin1String("jsonb"))
            return asJsonb;
        // A json column keeps its text as written, and jsonb has no escaped NUL: one cell
        // holding one (valid JSON) failed the cast, and with it the whole list or report. Such
        // a cell is read as text, where the escape stays in the value (no word, as the trace
        // reads it).
        return QStringLiteral("(CASE WHEN strpos(CAST(%1 AS TEXT), '\\u0000') > 0 THEN %2 ELSE "
                              "%3 END)")
            .arg(column, asText, asJsonb);
    }
    }
    return QStringLiteral("NULL");
}

QString SqlDialect::sqliteJulian(const QString& column)
{
    // Numbers from 1e11 up are epoch milliseconds (1e11 s would be the year 5138), from
    // 1e8 epoch seconds (1973 on), below that Julian day numbers (SQLite's REAL convention;
    // today is about 2.46e6). julianday() reads "T…Z" and "yyyy-MM-dd HH:mm:ss" text alike,
    // where a plain text comparison would not; it knows the upper-case 'T' and 'Z' only, and
    // ISO 8601 allows both cases ("2026-11-21t16:20:03z"), as the trace reads them.
    // julianday() of a number is NULL after the year 9999, and a Julian day number before
    // the year 1 (kFirstJulianDay: 0 written for "not set" is 4714 BC) is made NULL too, as
    // is text of the year 0000, which julianday() reads and Qt has no date for: outside the
    // instants the trace can show. So a facts index holds every start it can place
    // as canonical text and any other as no time, and a range of that text is exact
    // (SessionQuery's time window).
    // Text is read as the trace reads it (SqlDialect::time(), tst_time_parsing): around
    // white space, a decimal comma ("31,470") and an offset without its colon ("+0800", as
    // Python's %z writes it) or its minutes ("+08") are what julianday() would refuse, and a
    // day the month does not have ("02-30"), which julianday() would roll over into the next
    // month, is no time. The common shapes are read by julianday() at once: the repair
    // spells its text out a dozen times, and SQLite works it out again each time (a time
    // window over a million rows took 13 times as long when every row went through it).
    const QString shape = QStringLiteral(
        "[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9][Tt ][0-2][0-9]:[0-5][0-9]:[0-5][0-9]");
    // One GLOB of the exact shape for its length, then a day every such month has and the
    // hour 24 only as 24:00:00 (see dayExists): about a third more than julianday() alone,
    // where patterns with '*' cost twice that again.
    const QString common =
        QStringLiteral(
            "(typeof(%1) = 'text' AND (CASE length(%1) WHEN 24 THEN %1 GLOB "
            "'%2.[0-9][0-9][0-9][Zz]' "
            "WHEN 23 THEN %1 GLOB '%2.[0-9][0-9][0-9]' WHEN 20 THEN %1 GLOB '%2[Zz]' WHEN 19 THEN "
            "%1 GLOB '%2' END) AND (substr(%1, 12, 2) < '24' OR (substr(%1, 14, 6) = ':00:00' "
            "AND substr(%1, 21, 3) IN ('', '000'))) AND substr(%1, 1, 4) <> '0000' "
            "AND substr(%1, 6, 2) BETWEEN '01' "
            "AND '12' AND (substr(%1, 9, 2) "
            "BETWEEN '01' AND '28' OR (substr(%1, 9, 2) IN ('29', '30') AND substr(%1, 6, 2) <> "
            "'02') OR (substr(%1, 9, 2) = '31' AND substr(%1, 6, 2) IN ('01', '03', '05', '07', "
            "'08', '10', '12'))))")
            .arg(QStringLiteral("%1"), shape);
    // The white space QString::trimmed() takes away (QChar::isSpace()).
    const QString text =
        QStringLiteral("replace(UPPER(TRIM(%1, char(32, 9, 10, 11, 12, 13, 133, 160, 5760, 8192, "
                       "8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, "
                       "8239, 8287, 12288))), ',', '.')")
            .arg(column);
    const QString withColon =
        QStringLiteral("(CASE WHEN %1 GLOB '*:*[0-9][+-][0-9][0-9][0-9][0-9]' THEN substr(%1, 1, "
                       "length(%1) - 2) || ':' || substr(%1, -2) WHEN %1 GLOB "
                       "'*:*[0-9][+-][0-9][0-9]' THEN %1 || ':00' ELSE %1 END)")
            .arg(text);
    // julianday() also takes white space before the zone (" +08:00", " Z") and a time
    // right after the date; the trace does not. Of the hour 24 ISO 8601 has only its first
    // instant, the end of the day (24:00, 24:00:00.000); julianday() rolls any later time
    // of it ("24:30") into the next day, which the trace reads as no time.
    const QString dayExists =
        QStringLiteral(
            "date(julianday(substr(%1, 1, 10))) = substr(%1, 1, 10) AND substr(%1, 1, 4) <> "
            "'0000' AND (substr(%1, 12, 2) <> '24' OR (substr(%1, 14, 3) = ':00' AND "
            "(substr(%1, 17, 1) <> ':' OR (substr(%1, 18, 2) = '00' AND (substr(%1, 20, 1) <> "
            "'.' OR ltrim(substr(%1, 21), '0') NOT GLOB '[0-9]*'))))) AND "
            "(length(%1) = 10 OR (substr(%1, 11, 1) IN ('T', ' ') AND substr(%1, 12, 1) GLOB "
            "'[0-9]')) AND %1 NOT GLOB "
            "'* [+Z]*' AND %1 NOT GLOB '* -*'")
            .arg(text);
    // Epoch milliseconds, epoch seconds or a Julian day number, by size; white space around
    // digits is trimmed first, as the trace does (' 1700000000').
    const auto number = [](const QString& v) {
        return QStringLiteral("julianday(CASE WHEN CAST(%1 AS REAL) >= 1e11 THEN CAST(%1 AS REAL) "
                              "/ 86400000.0 + 2440587.5 WHEN CAST(%1 AS REAL) >= 1e8 THEN CAST(%1 "
                              "AS REAL) / 86400.0 + 2440587.5 WHEN CAST(%1 AS REAL) >= %2 THEN "
                              "CAST(%1 AS REAL) END)")
            .arg(v, QLatin1String(kFirstJulianDayText));
    };
    const auto digits = [](const QString& v) {
        return QStringLiteral("(%1 GLOB '[0-9]*' AND %1 NOT GLOB '*[^0-9.]*')").arg(v);
    };
    return QStringLiteral("(CASE WHEN %4 THEN julianday(UPPER(%1)) WHEN typeof(%1) IN ('integer', "
                          "'real') OR (typeof(%1) = 'text' AND %2) THEN %3 WHEN %5 THEN %6 WHEN %7 "
                          "THEN julianday(%8) END)")
        .arg(column, digits(column), number(column), common.arg(column), digits(text), number(text),
             dayExists, withColon);
}

QString SqlDialect::keptAsNoTime(const QString& column)
{
    // A facts index reads a kept start with julianday() alone (FactSql::storedStartJulian()),
    // which would place what sqliteJulian() calls no time ("2099-02-30", " +08:00", "12:00"):
    // such a value is kept as no value; any other (a word, "yesterday") as it is, to sort by.
    return QStringLiteral("(CASE WHEN julianday(%1) IS NULL THEN %1 END)").arg(column);
}

QString SqlDialect::sqliteCanonicalTime(const QString& column)
{
    // Text already in the canonical form is kept as it is: reading it as a Julian day and
    // writing it back gives the same text, and cost about an eighth of the facts build's
    // copy of the calls (sqlite3 shell, 200,000 calls: 1.02 s → 0.89 s). Only dates every
    // month has (day 28 at most) and hours before 24 qualify:
    // SQLite reads "02-30" as 1 March and "24:00" as the next day, which the slow path keeps.
    const QString canonical = QStringLiteral(
        "typeof(%1) = 'text' AND %1 GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]"
        "T[0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]Z' "
        "AND substr(%1, 1, 4) <> '0000' AND substr(%1, 6, 2) BETWEEN '01' AND '12' AND "
        "substr(%1, 9, 2) BETWEEN '01' AND '28' AND substr(%1, 12, 2) < '24'");
    return QStringLiteral("(CASE WHEN %1 THEN %2 ELSE COALESCE(strftime('%Y-%m-%dT%H:%M:%fZ', "
                          "%3), %4) END)")
        .arg(canonical.arg(column), column, sqliteJulian(column), keptAsNoTime(column));
}

QString SqlDialect::canonicalTimeText(const QDateTime& t)
{
    const QDateTime utc = t.toUTC();
    if (!utc.isValid() || utc.date().year() < 1 || utc.date().year() > 9999)
        return {};
    return json_util::isoUtc(utc);
}

void SqlDialect::addTimeWindow(const QString& table, const QString& column, const QDateTime& since,
                               const QDateTime& until, QStringList& conds,
                               QVariantList& binds) const
{
    forEachBound(since, until, [&](const QDateTime& bound, const char* op) {
        conds << timeCompare(table, column, QLatin1String(op));
        binds << timeParam(bound);
    });
}

QString SqlDialect::timeCompare(const QString& table, const QString& column,
                                const QString& op) const
{
    if (m_kind == DatabaseLocation::Kind::Sqlite)
        return QStringLiteral("%1 %2 julianday(?)").arg(sqliteJulian(column), op);
    const QString bare = bareColumn(column);
    const bool postgres = m_kind == DatabaseLocation::Kind::PostgreSql;
    switch (timeStorage(table, bare)) {
    case TimeStorage::EpochNumber:
        // Epoch milliseconds, epoch seconds or Julian days by size, as sqliteJulian() and
        // time() read them, against the bound as epoch seconds (sessions run in UTC, so the
        // bound's wall clock is UTC). The expression keeps an index on the column unused;
        // a writer that stores numbers is read right before it is read fast. MariaDB's
        // UNIX_TIMESTAMP() gives NULL from 2038 on (so "until 2100" matched nothing) and
        // reads the session's zone: a DATETIME difference does neither. Past the year 9999
        // and before the year 1 no time (NULL), as time() and sqliteJulian() read it.
        return QStringLiteral("(CASE WHEN %1 >= 1e11 THEN (CASE WHEN %1 <= 253402300799999 "
                              "THEN %1 / 1000.0 END) WHEN %1 >= 1e8 THEN %1 WHEN %1 >= %4 AND "
                              "%1 < 5373484.5 THEN (%1 - 2440587.5) * 86400 END) %2 %3")
            .arg(column, op,
                 postgres ? QStringLiteral("EXTRACT(EPOCH FROM CAST(? AS TIMESTAMP))")
                          : QStringLiteral("TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', "
                                           "CAST(? AS DATETIME(6))) / 1000000.0"),
                 QLatin1String(kFirstJulianDayText));
    case TimeStorage::Text:
        // ISO text with either separator (in either case) compares as text once the 'T' is
        // a space; byte order, not a locale's (which may skip punctuation).
        return QStringLiteral("REPLACE(UPPER(%1), 'T', ' ') %3 %2")
            .arg(column,
                 postgres ? QStringLiteral("CAST(? AS TEXT) COLLATE \"C\"") : QStringLiteral("?"),
                 op);
    case TimeStorage::Timestamp:
        break;
    }
    // PostgreSQL reads an untyped bound as the column's type: against a DATE column the
    // bound's time of day was dropped ("since 10:00" kept the whole day). As an instant, a
    // date is its midnight in the session's zone, UTC, as time() reads it; the index serves
    // (date, timestamp and timestamptz share one btree family).
    static const QStringList datetimes = {QStringLiteral("date"),
                                          QStringLiteral("timestamp without time zone"),
                                          QStringLiteral("timestamp with time zone")};
    if (postgres && datetimes.contains(columnType(table, bare)))
        return QStringLiteral("%1 %2 CAST(? AS TIMESTAMPTZ)").arg(column, op);
    return QStringLiteral("%1 %2 ?").arg(column, op);
}

QVariant SqlDialect::timeParam(const QDateTime& t) const
{
    if (!t.isValid())
        return QVariant(QMetaType::fromType<QString>());
    if (m_kind == DatabaseLocation::Kind::Sqlite)
        return json_util::isoUtc(t);
    // Sessions run in UTC (AuditDatabase sets the time zone), so wall-clock UTC text is exact
    // for TIMESTAMPTZ, TIMESTAMP and DATETIME columns alike.
    return t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
}

QString SqlDialect::asText(const QString& column) const
{
    switch (m_kind) {
    case DatabaseLocation::Kind::Sqlite:
        return QStringLiteral("CAST(%1 AS TEXT)").arg(column);
    case DatabaseLocation::Kind::PostgreSql:
        return QStringLiteral("CAST(%1 AS TEXT)").arg(column);
    case DatabaseLocation::Kind::MySql:
        return QStringLiteral("CAST(%1 AS CHAR)").arg(column);
    }
    return column;
}

QString SqlDialect::flagValue(const QString& table, const QString& column) const
{
    // The exact spellings are compared before LOWER, which costs more than the comparison.
    const QString text = asText(column);
    // The words optionalBool() reads, in any letter case.
    const QString asWord =
        QStringLiteral("WHEN %1 IN ('1', 't', 'true') OR LOWER(%1) IN ('1', 't', 'true', 'y', "
                       "'yes', 'on', 'ok', 'success', 'succeeded') THEN 1 WHEN LOWER(%1) IN ('0', "
                       "'f', 'false', 'n', 'no', 'off', 'error', 'fail', 'failed', 'failure') "
                       "THEN 0")
            .arg(text);
    const QString asNumber = QStringLiteral("(CASE WHEN %1 = 1 THEN 1 WHEN %1 = 0 THEN 0 END)");
    if (m_kind == DatabaseLocation::Kind::Sqlite)
        // One byte 1 or 0 (a blob x'01', a text char(1)) is read as optionalBool() reads
        // MariaDB's BIT(1): before, the trace called such a call a success and health an error.
        return QStringLiteral("(CASE WHEN typeof(%1) IN ('integer', 'real') THEN %2 %3 WHEN "
                              "CAST(%1 AS BLOB) = x'01' THEN 1 WHEN CAST(%1 AS BLOB) = x'00' "
                              "THEN 0 END)")
            .arg(column, asNumber.arg(column), asWord);
    const QString bare = bareColumn(column);
    // MariaDB's BIT(1), a common flag type, casts to a control character; Qt's driver reads
    // it as a number, and so does this (b'1' = 1 there; PostgreSQL's bit reads as text).
    const bool bits =
        m_kind == DatabaseLocation::Kind::MySql && columnType(table, bare) == QLatin1String("bit");
    if (bits || isNumberColumn(table, bare))
        return asNumber.arg(column);
    return QStringLiteral("(CASE %1 END)").arg(asWord);
}

QString SqlDialect::aggregableId(const QString& table, const QString& column) const
{
    if (m_kind != DatabaseLocation::Kind::PostgreSql)
        return column;
    const QString bare = bareColumn(column);
    return columnType(table, bare) == QLatin1String("uuid") ? asText(column) : column;
}

QString SqlDialect::keyKind(const QString& table, const QString& column) const
{
    static const QStringList characters = {QStringLiteral("character varying"),
                                           QStringLiteral("text"),
                                           QStringLiteral("character"),
                                           QStringLiteral("name"),
                                           QStringLiteral("citext"),
                                           QStringLiteral("varchar"),
                                           QStringLiteral("char"),
                                           QStringLiteral("tinytext"),
                                           QStringLiteral("mediumtext"),
                                           QStringLiteral("longtext")};
    const QString type = columnType(table, column);
    if (characters.contains(type))
        return QStringLiteral("text");
    if (isNumberColumn(table, column))
        return QStringLiteral("number");
    return type;
}

QString SqlDialect::bareColumn(const QString& column)
{
    return column.mid(column.indexOf(QLatin1Char('.')) + 1);
}

std::pair<QString, QString> SqlDialect::differentKeyKinds(const QString& leftTable,
                                                          const QString& left,
                                                          const QString& rightTable,
                                                          const QString& right) const
{
    const QString a = keyKind(leftTable, bareColumn(left));
    const QString b = keyKind(rightTable, bareColumn(right));
    if (a.isEmpty() || b.isEmpty() || a == b)
        return {};
    return {a, b};
}

std::pair<QString, QString> SqlDialect::comparableKeys(const QString& leftTable,
                                                       const QString& left,
                                                       const QString& rightTable,
                                                       const QString& right) const
{
    if (m_kind == DatabaseLocation::Kind::Sqlite)
        return {left, right};
    const auto [a, b] = differentKeyKinds(leftTable, left, rightTable, right);
    if (a.isEmpty())
        return {left, right};
    const bool pg = m_kind == DatabaseLocation::Kind::PostgreSql;
    // The text side as the typed side's type, where it spells one.
    // Not a uuid: the ids one table gives are bound against the other's column as text (a
    // run's calls are asked for by the run ids read), so a uuid is compared as its text too,
    // or a call spelled in capitals would match its run here and not there, and vanish.
    const auto asTyped = [pg](const QString& kind, const QString& text) -> std::optional<QString> {
        // Digits only, within a BIGINT (a longer text would fail the cast, and the query).
        if (kind == QLatin1String("number") && pg)
            return QStringLiteral("(CASE WHEN length(%1) BETWEEN 1 AND 19 AND %1 !~ '[^0-9]' AND "
                                  "(length(%1) < 19 OR %1 <= '9223372036854775807') THEN "
                                  "CAST(%1 AS BIGINT) END)")
                .arg(text);
        // MariaDB casts without failing; DECIMAL keeps every digit of an unsigned BIGINT.
        if (kind == QLatin1String("number"))
            return QStringLiteral("(CASE WHEN CHAR_LENGTH(%1) BETWEEN 1 AND 20 AND %1 NOT "
                                  "REGEXP '[^0-9]' THEN CAST(%1 AS DECIMAL(20, 0)) END)")
                .arg(text);
        return std::nullopt;
    };
    if (b == QLatin1String("text"))
        if (auto typed = asTyped(a, right))
            return {left, *typed};
    if (a == QLatin1String("text"))
        if (auto typed = asTyped(b, left))
            return {*typed, right};
    // MariaDB converts the other pairs itself (a uuid and a string); PostgreSQL compares
    // them as their text.
    if (!pg)
        return {left, right};
    return {asText(left), asText(right)};
}

QString SqlDialect::keysEqual(const QString& leftTable, const QString& left,
                              const QString& rightTable, const QString& right) const
{
    const auto [l, r] = comparableKeys(leftTable, left, rightTable, right);
    return l + QStringLiteral(" = ") + r;
}

QString SqlDialect::unionableKey(const QString& table, const QString& column,
                                 const QString& otherTable, const QString& otherColumn) const
{
    if (m_kind == DatabaseLocation::Kind::Sqlite)
        return column;
    return differentKeyKinds(table, column, otherTable, otherColumn).first.isEmpty()
               ? column
               : asText(column);
}

bool SqlDialect::kindHolds(const QString& kind, const QString& type, const QString& id,
                           bool unsignedIntegers)
{
    if (kind == QLatin1String("uuid"))
        return spellsUuid(id);
    if (kind != QLatin1String("number"))
        return true;
    const QString digits = id.trimmed();
    bool number = false;
    digits.toLongLong(&number);
    if (!number && unsignedIntegers)
        digits.toULongLong(&number); // MariaDB's BIGINT UNSIGNED (PostgreSQL has none)
    if (!number && (type == QLatin1String("numeric") || type == QLatin1String("decimal"))) {
        // NUMERIC(20, 0) and wider ids: a whole number of any length the type may hold.
        static const QRegularExpression whole(QStringLiteral("^[+-]?[0-9]{1,38}$"));
        number = whole.match(digits).hasMatch();
    }
    return number;
}

bool SqlDialect::canHoldKey(const QString& table, const QString& column, const QString& id) const
{
    return m_kind == DatabaseLocation::Kind::Sqlite ||
           kindHolds(keyKind(table, column), columnType(table, column), id,
                     m_kind == DatabaseLocation::Kind::MySql);
}

BoundList SqlDialect::boundKeys(const QString& table, const QString& column,
                                const QStringList& ids) const
{
    if (m_kind != DatabaseLocation::Kind::PostgreSql)
        return boundIds(m_db, ids);
    const QString kind = keyKind(table, column);
    QStringList held;
    const QString type = columnType(table, column);
    for (const QString& id : ids)
        if (kindHolds(kind, type, id, /*unsignedIntegers=*/false))
            held << id;
    if (held.isEmpty())
        return {QStringLiteral("NULL"), {}};
    return boundIds(m_db, held);
}

QString SqlDialect::countValue(const QString& table, const QString& column) const
{
    if (m_kind == DatabaseLocation::Kind::Sqlite)
        return QStringLiteral(
                   "(CASE typeof(%1) WHEN 'integer' THEN (CASE WHEN %1 >= 0 AND %1 < "
                   "9223372036854775807 THEN %1 ELSE 0 END) WHEN 'real' THEN (CASE WHEN %1 >= 0 "
                   "AND %1 < 9.2e18 AND %1 = CAST(%1 AS INTEGER) THEN CAST(%1 AS INTEGER) ELSE 0 "
                   "END) WHEN 'text' THEN (CASE WHEN length(%1) BETWEEN 1 AND 18 AND NOT %1 GLOB "
                   "'*[^0-9]*' THEN CAST(%1 AS INTEGER) ELSE 0 END) ELSE 0 END)")
            .arg(column);
    const QString bare = bareColumn(column);
    if (isNumberColumn(table, bare))
        return QStringLiteral("(CASE WHEN %1 >= 0 AND %1 < 9.2e18 AND %1 = FLOOR(%1) THEN %1 "
                              "ELSE 0 END)")
            .arg(column);
    // Text (or any other type): its digits, tested as text so that no cast can fail. No
    // anchored pattern: MariaDB's $ also matches before a final newline ('42\n').
    if (m_kind == DatabaseLocation::Kind::PostgreSql)
        return QStringLiteral("(CASE WHEN length(CAST(%1 AS TEXT)) BETWEEN 1 AND 18 AND "
                              "CAST(%1 AS TEXT) !~ '[^0-9]' THEN CAST(CAST(%1 AS TEXT) AS BIGINT) "
                              "ELSE 0 END)")
            .arg(column);
    return QStringLiteral("(CASE WHEN CHAR_LENGTH(CAST(%1 AS CHAR)) BETWEEN 1 AND 18 AND "
                          "CAST(%1 AS CHAR) NOT REGEXP '[^0-9]' THEN CAST(CAST(%1 AS CHAR) AS "
                          "SIGNED) ELSE 0 END)")
        .arg(column);
}

QString SqlDialect::sumOfCounts(const QString& table, const QString& column) const
{
    if (m_kind == DatabaseLocation::Kind::Sqlite)
        return QStringLiteral("CAST(TOTAL(%1) AS INTEGER)").arg(countValue(table, column));
    return QStringLiteral("SUM(%1)").arg(countValue(table, column));
}

QString SqlDialect::searchableJson(const QString& column) const
{
    return m_kind == DatabaseLocation::Kind::Sqlite ? sqliteSearchableJson(column) : column;
}

QString SqlDialect::sqliteSearchableJson(const QString& column)
{
    // instr() first: only the few cells with an escape (\u6570, \", \\) pay for json_tree().
    // U+001F between the parts, as between the run's texts, so that no match spans two of
    // them.
    return QString::fromLatin1(
               R"sql((CASE WHEN instr(%1, '\') > 0 AND json_valid(%1) THEN %1 || char(31) || )sql"
               R"sql(COALESCE((SELECT group_concat(value, char(31)) FROM json_tree(%1) WHERE )sql"
               R"sql(type = 'text'), '') ELSE %1 END))sql")
        .arg(column);
}

QString SqlDialect::lowerText(const QString& column) const
{
    switch (m_kind) {
    case DatabaseLocation::Kind::Sqlite:
        return QStringLiteral("LOWER(%1)").arg(column);
    case DatabaseLocation::Kind::PostgreSql:
        return QStringLiteral("LOWER(CAST(%1 AS TEXT))").arg(column);
    case DatabaseLocation::Kind::MySql:
        return QStringLiteral("LOWER(CAST(%1 AS CHAR))").arg(column);
    }
    return column;
}

QString SqlDialect::searchLower(const QString& text)
{
    // Each code point by its simple (one to one) mapping: the full mapping turns "İ" into
    // "i" and a combining dot, two units where the text has one, and the patterns built unit
    // by unit beside the text went out of step (nothing after it could match), and no
    // database's LOWER() writes the dot (PostgreSQL and MariaDB give "i", SQLite keeps "İ").
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            const char32_t lower = QChar::toLower(QChar::surrogateToUcs4(c, text.at(i + 1)));
            if (QChar::requiresSurrogates(lower)) {
                out += QChar(QChar::highSurrogate(lower));
                out += QChar(QChar::lowSurrogate(lower));
            } else {
                out += c;
                out += text.at(i + 1);
            }
            ++i;
            continue;
        }
        const char32_t lower = QChar::toLower(c.unicode());
        out += QChar::requiresSurrogates(lower) ? c : QChar(char16_t(lower));
    }
    return out;
}

QString SqlDialect::likePattern(const QString& text)
{
    QString escaped;
    for (const QChar c : searchLower(text)) {
        if (c == QLatin1Char('%') || c == QLatin1Char('_') || c == QLatin1Char('!'))
            escaped += QLatin1Char('!');
        escaped += c;
    }
    return QLatin1Char('%') + escaped + QLatin1Char('%');
}

namespace {

/// The cases globPattern() lets the unit at `i` of `lower` (= searchLower(text)) match: itself,
/// the unit `text` has there, and its upper and title case when each is one unit.
QString globCases(const QString& text, const QString& lower, qsizetype i)
{
    const QChar c = lower.at(i);
    // An ASCII letter of ASCII text: SQLite's LOWER() lower-cased it as this did. One that
    // lower-cases to ASCII from beyond it ("İ" to "i") is kept as written there.
    if ((c.unicode() < 128 && text.at(i).unicode() < 128) || c.isSurrogate())
        return QString(c);
    QString cases(c);
    for (const QString& variant :
         {text.mid(i, 1), QString(c).toUpper(), QString(QChar(c.toTitleCase()))})
        if (variant.size() == 1 && !cases.contains(variant))
            cases += variant;
    return cases;
}

} // namespace

QString SqlDialect::globPattern(const QString& text)
{
    QString out = QStringLiteral("*");
    const QString lower = searchLower(text);
    for (qsizetype i = 0; i < lower.size(); ++i) {
        const QChar c = lower.at(i);
        if (c == QLatin1Char('*') || c == QLatin1Char('?') || c == QLatin1Char('[')) {
            out += QLatin1Char('[') + c + QLatin1Char(']');
            continue;
        }
        // Every single-character case of the letter: the stored text keeps it as written.
        const QString cases = globCases(text, lower, i);
        out += cases.size() == 1 ? cases : QLatin1Char('[') + cases + QLatin1Char(']');
    }
    return out + QLatin1Char('*');
}

QList<bool> SqlDialect::globMatchesExactly(const QString& text)
{
    const QString lower = searchLower(text);
    QList<bool> exact;
    exact.reserve(lower.size());
    for (qsizetype i = 0; i < lower.size(); ++i)
        exact << (globCases(text, lower, i).size() == 1);
    return exact;
}

QString SqlDialect::containsOp() const
{
    return m_kind == DatabaseLocation::Kind::Sqlite ? QStringLiteral(" GLOB ?")
                                                    : QStringLiteral(" LIKE ? ESCAPE '!'");
}

QString SqlDialect::containsPattern(const QString& text) const
{
    return m_kind == DatabaseLocation::Kind::Sqlite ? globPattern(text) : likePattern(text);
}

QString SqlDialect::jsonContains(const QString& column, const QString& needle,
                                 QVariantList& binds) const
{
    const QString condition = lowerText(searchableJson(column)) + containsOp();
    binds << containsPattern(needle);
    if (m_kind == DatabaseLocation::Kind::Sqlite)
        return condition;
    QStringList forms;
    for (const QString& form : {searchLower(needle), needle})
        for (const bool nonAscii : {false, true}) {
            const QString escaped = jsonEscaped(form, nonAscii);
            if (!escaped.isEmpty() && !forms.contains(escaped))
                forms << escaped;
        }
    if (forms.isEmpty())
        return condition;
    QStringList any{condition};
    for (const QString& escaped : forms) {
        any << lowerText(column) + containsOp();
        // likePattern() lower-cases, which leaves the escapes' digits and 'u' as they are.
        binds << containsPattern(escaped);
    }
    return QLatin1Char('(') + any.join(QStringLiteral(" OR ")) + QLatin1Char(')');
}

QString SqlDialect::jsonEscaped(const QString& text, bool nonAscii)
{
    QString out;
    bool escaped = false;
    for (const QChar c : text) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\')) {
            out += QLatin1Char('\\');
            out += c;
            escaped = true;
            continue;
        }
        if (c.unicode() < 128 || !nonAscii) {
            out += c;
            continue;
        }
        out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        escaped = true;
    }
    return escaped ? out : QString();
}

QVariant SqlDialect::jsonParam(const QString& text) const
{
    if (text.isEmpty())
        return QVariant(QMetaType::fromType<QString>());
    return text;
}

QString SqlDialect::text(const QVariant& v)
{
    if (v.isNull())
        return {};
    if (v.typeId() == QMetaType::QByteArray)
        return QString::fromUtf8(v.toByteArray());
    if (v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Float) {
        constexpr double kExact = 9007199254740992.0; // 2^53
        const double d = v.toDouble();
        if (std::isfinite(d) && std::abs(d) < kExact && d == std::trunc(d))
            return QString::number(qint64(d));
    }
    return v.toString();
}

QString SqlDialect::sqliteWholeRealAsInteger(const QString& column)
{
    return QStringLiteral("(CASE WHEN typeof(%1) = 'real' AND abs(%1) < 9007199254740992.0 AND "
                          "%1 = CAST(%1 AS INTEGER) THEN CAST(%1 AS INTEGER) ELSE %1 END)")
        .arg(column);
}

std::optional<bool> SqlDialect::optionalBool(const QVariant& v)
{
    if (v.isNull())
        return std::nullopt;
    if (v.typeId() == QMetaType::Bool)
        return v.toBool();
    // Writers spell a flag 1/0, t/f, true/false, Y/N (a CHAR(1) or an ENUM), yes/no or on/off,
    // and a call's outcome as a word (an ENUM('SUCCESS','ERROR')): read as failed, every call
    // of such a store was a tool error.
    static const QStringList yes = {
        QStringLiteral("1"),  QStringLiteral("t"),       QStringLiteral("true"),
        QStringLiteral("y"),  QStringLiteral("yes"),     QStringLiteral("on"),
        QStringLiteral("ok"), QStringLiteral("success"), QStringLiteral("succeeded")};
    static const QStringList no = {QStringLiteral("0"),      QStringLiteral("f"),
                                   QStringLiteral("false"),  QStringLiteral("n"),
                                   QStringLiteral("no"),     QStringLiteral("off"),
                                   QStringLiteral("error"),  QStringLiteral("fail"),
                                   QStringLiteral("failed"), QStringLiteral("failure")};
    const QString s = text(v).toLower();
    if (yes.contains(s))
        return true;
    // MariaDB's BIT(1), which Qt's driver hands over as one character, 1 or 0; SQL compares
    // it as the number it is (flagValue()).
    if (s.size() == 1 && (s.at(0).unicode() == 1 || s.at(0).unicode() == 0))
        return s.at(0).unicode() == 1;
    if (no.contains(s))
        return false;
    return std::nullopt;
}

QDateTime SqlDialect::time(const QVariant& v)
{
    if (v.isNull())
        return {};
    if (v.typeId() == QMetaType::QDateTime) {
        QDateTime t = v.toDateTime();
        // Zone-less server types (TIMESTAMP, DATETIME) come back as local time; our sessions
        // run in UTC, so the wall clock already is UTC.
        if (t.timeSpec() == Qt::LocalTime)
            t.setTimeSpec(Qt::UTC);
        return t.toUTC();
    }
    const auto fromNumber = [](double n) {
        // The same reading as sqliteJulian(): epoch milliseconds, epoch seconds or a Julian
        // day number, by size.
        // Past the year 9999 no time, as SQLite's julianday() reads it.
        constexpr double kLastMs = 253402300799999.0; // 9999-12-31T23:59:59.999Z
        if (!std::isfinite(n) || n < 0 || n > kLastMs)
            return QDateTime();
        double ms = n;
        // Before the year 1 no time either: the list's ISO text cannot write such a year,
        // and a 0 written for "not set" was shown as 4714 BC in the trace, no time in the list.
        if (n < 1e8 && n < kFirstJulianDay)
            return QDateTime();
        if (n < 1e8)
            ms = (n - 2440587.5) * 86400000.0;
        else if (n < 1e11)
            ms = n * 1000.0;
        if (ms > kLastMs)
            return QDateTime();
        return QDateTime::fromMSecsSinceEpoch(qint64(ms), Qt::UTC);
    };
    if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int ||
        v.typeId() == QMetaType::ULongLong || v.typeId() == QMetaType::UInt ||
        v.typeId() == QMetaType::Double)
        return fromNumber(v.toDouble());
    const QString t = text(v).trimmed();
    const auto digitOrPoint = [](QChar c) {
        return (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('.');
    };
    if (!t.isEmpty() && t.front() != QLatin1Char('.') &&
        std::all_of(t.begin(), t.end(), digitOrPoint)) {
        bool ok = false;
        const double n = t.toDouble(&ok);
        return ok ? fromNumber(n) : QDateTime();
    }
    // Qt's ISO parser takes any one separator in the date ("2026/11/20"); SQL reads only
    // '-' there (sqliteJulian(), the servers' casts), and both must place a row alike.
    if (t.size() >= 10 && (t.at(4) != QLatin1Char('-') || t.at(7) != QLatin1Char('-')))
        return QDateTime();
    return json_util::parseIsoUtc(t);
}

QDateTime SqlDialect::time(const QSqlQuery& q, int column)
{
    const QVariant v = q.value(column);
    if (v.typeId() == QMetaType::QDateTime && q.driver() &&
        q.driver()->dbmsType() == QSqlDriver::PostgreSQL) {
        // QPSQL hands TIMESTAMPTZ back converted to the local zone (a correct instant), but
        // TIMESTAMP without zone as a bare wall clock, which our writers keep in UTC.
        static constexpr int kTimestampWithoutZoneOid = 1114;
        const QDateTime t = v.toDateTime();
        if (q.record().field(column).typeID() == kTimestampWithoutZoneOid) {
            QDateTime wall = t;
            wall.setTimeSpec(Qt::UTC);
            return wall;
        }
        return t.toUTC();
    }
    return time(v);
}

std::optional<qint64> SqlDialect::optionalInt(const QVariant& v)
{
    if (v.isNull())
        return std::nullopt;
    bool ok = false;
    const bool integer = v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int ||
                         v.typeId() == QMetaType::ULongLong || v.typeId() == QMetaType::UInt;
    if (!integer) {
        // A real, or text such as "1e20": beyond qint64 QVariant's conversion wraps round (a
        // duration of 1e20 ms would read as -9.2e18, "in time"). Read it as SQL's CAST to an
        // integer does: held at the nearest end of the range; NaN is no number.
        const double d = v.toDouble(&ok);
        if (ok) {
            if (std::isnan(d))
                return std::nullopt;
            if (d >= 9223372036854775807.0)
                return std::numeric_limits<qint64>::max();
            if (d <= -9223372036854775808.0)
                return std::numeric_limits<qint64>::min();
            // Text with a fraction or an exponent ('2500.0' from a writer that spelled every
            // number as a float, a NUMERIC a server sends as text) reads as the REAL of that
            // value does: QString::toLongLong() takes digits only, and the cell read as none
            // (a slow lookup went unnamed).
            if (v.typeId() == QMetaType::QString)
                return QVariant(d).toLongLong();
        }
    }
    const qint64 n = v.toLongLong(&ok);
    return ok ? std::optional<qint64>(n) : std::nullopt;
}

} // namespace raglens
