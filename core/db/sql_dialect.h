#pragma once
// The few places where SQLite, PostgreSQL and MySQL/MariaDB disagree, in one spot:
// reading a key out of a JSON column without failing on malformed rows, comparing
// times, case-insensitive substring search, and turning driver values back into
// plain Qt values. Everything user-supplied still travels as a bound value.

#include "db/audit_database.h"
#include "db/sql_exec.h"

#include <QDateTime>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

#include <nlohmann/json.hpp>

#include <utility>

namespace raglens {

/// The Julian day of 0001-01-01T00:00Z: a number read as a Julian day (below 1e8) places an
/// instant from it on; before it, as past the year 9999, it is no time. Qt has no year 0
/// and ISO text no year before it, so every reader (time(), sqliteJulian(), the servers'
/// windows) stops here.
inline constexpr double kFirstJulianDay = 1721425.5;
inline constexpr char kFirstJulianDayText[] = "1721425.5";

class SqlDialect
{
public:
    explicit SqlDialect(AuditDatabase& db);

    DatabaseLocation::Kind kind() const { return m_kind; }
    AuditDatabase& database() const { return m_db; }

    /// SQL expression for the text value of a top-level key of a JSON column, NULL when the
    /// row's JSON is missing or malformed. `key` is a fixed identifier from our code. A cell
    /// that holds its object encoded twice (a JSON string whose text is the object, as a
    /// writer that serialises an already serialised value leaves it) is read inside, as
    /// audit_rows reads it.
    QString jsonText(const QString& column, const QString& table, const QString& key) const;
    /// MariaDB: the JSON document of a cell, as text: the cell's text, or the text of the
    /// JSON string it holds when it holds one (a document encoded twice).
    QString jsonDocument(const QString& column) const;
    /// SQLite: `read` (its %1 standing for a JSON document's text) applied to the document of
    /// a cell: its text, or the text of the JSON string it holds when it holds one. Only a
    /// cell that begins with a quote is unwrapped, so every other row is read as before, at
    /// the same cost (the facts build reads each row's document nine times).
    static QString sqliteOnJsonDocument(const QString& column, const QString& read);

    /// `column <op> ?` for a time column of `table`, with the bound value from timeParam():
    /// on servers the column's type decides how it is read (a timestamp type as it is,
    /// epoch numbers by size as sqliteJulian() reads them, ISO text with either separator).
    QString timeCompare(const QString& table, const QString& column, const QString& op) const;
    /// SQLite: a time column as a Julian day number, whichever of SQLite's three time
    /// conventions a writer chose: ISO text (either separator), Unix epoch seconds or
    /// milliseconds (a number, or digits as text), or a Julian day number. Every SQLite
    /// time comparison, day and time-ordered index goes through it, so expression indexes
    /// on it serve those queries. NULL for an instant before the year 1 or after the year
    /// 9999 (kFirstJulianDay), as time() reads it: no time.
    static QString sqliteJulian(const QString& column);
    /// SQLite: the instant of `column` (as sqliteJulian() reads it) as the UTC text
    /// "yyyy-MM-ddTHH:mm:ss.zzzZ", which sorts as the instants do; the value itself when it
    /// reads as no time.
    static QString sqliteCanonicalTime(const QString& column);
    /// What sqliteCanonicalTime() keeps of a value it cannot place: the value, or NULL when
    /// julianday() alone would place it.
    static QString keptAsNoTime(const QString& column);
    /// `t` as the text sqliteCanonicalTime() writes, for a comparison with such text; empty
    /// outside the years 1-9999, where that text would not sort as the instants.
    static QString canonicalTimeText(const QDateTime& t);
    QVariant timeParam(const QDateTime& t) const;
    /// Appends the window `since <= column < until` to `conds` and `binds`, each bound only
    /// when it is valid: every time filter (sessions, health, check, problems) reads so.
    void addTimeWindow(const QString& table, const QString& column, const QDateTime& since,
                       const QDateTime& until, QStringList& conds, QVariantList& binds) const;
    /// A window's bounds as every window reads them: `add(since, ">=")` and `add(until, "<")`,
    /// each only when it is valid (since inclusive, until exclusive).
    template <typename Add>
    static void forEachBound(const QDateTime& since, const QDateTime& until, Add&& add)
    {
        if (since.isValid())
            add(since, ">=");
        if (until.isValid())
            add(until, "<");
    }

    /// The column's value as text (booleans and numbers too), for comparisons that must
    /// read every driver's representation the way SqlDialect::text() does.
    QString asText(const QString& column) const;
    /// A flag column (`alias.name` of `table`, or NULL) as optionalBool() reads its value:
    /// 1 for true, 0 for false, NULL for NULL and anything else. A number is true at 1 and
    /// false at 0 whatever its type (a writer's REAL 1.0, a server's DECIMAL 1.0, which read
    /// as text "1.0" and were once taken for neither); a boolean is itself; text is
    /// 1/t/true/y/yes/on or 0/f/false/n/no/off in any case.
    QString flagValue(const QString& table, const QString& column) const;
    /// An id column (`alias.name` of `table`) inside MIN() or MAX(): PostgreSQL has neither
    /// for uuid, so there a uuid is compared as its text (the text every view shows); any other
    /// column is itself (a CHAR(n) cast to text would lose the padding its rows are read with).
    QString aggregableId(const QString& table, const QString& column) const;
    /// Two key columns of two tables (`alias.name` each), as one statement compares them.
    /// One writer's tables need not agree on a key's type (a uuid and a varchar, a bigint
    /// and a text), and PostgreSQL refuses "uuid = character varying" while MariaDB compares
    /// a number with a string as two doubles (ids past 2^53 collide). Where the catalogue gives
    /// them types of different kinds, a number is compared with text read as an integer
    /// where the text is digits within a BIGINT (else it matches nothing), so the number
    /// side's index still serves; on PostgreSQL other pairs (a uuid and a varchar, an enum)
    /// are compared as their text, the text the ids read from one table are bound with
    /// against the other. Themselves otherwise.
    std::pair<QString, QString> comparableKeys(const QString& leftTable, const QString& left,
                                               const QString& rightTable,
                                               const QString& right) const;
    /// `left = right` with comparableKeys().
    QString keysEqual(const QString& leftTable, const QString& left, const QString& rightTable,
                      const QString& right) const;
    /// `column` of `table` as a UNION lists it beside `otherColumn` of `otherTable` (both
    /// `alias.name`): itself, or its text where their kinds differ (a UNION of a uuid and a
    /// varchar column fails on PostgreSQL, and MariaDB reads 'sess-9' in it as no uuid).
    QString unionableKey(const QString& table, const QString& column, const QString& otherTable,
                         const QString& otherColumn) const;
    /// `ids` bound for `column IN (marks)` over the key `column` of `table` (a bare name): on
    /// PostgreSQL only those the column's type can hold (a uuid column holds no 'sess-9', an
    /// integer one no 'abc'; binding one fails the whole statement, where it can only match
    /// nothing), "NULL" when none; as boundIds() binds them otherwise.
    BoundList boundKeys(const QString& table, const QString& column, const QStringList& ids) const;
    /// Whether `id` can be a value of the key `column` (a bare name) of `table` on a server: a
    /// uuid column holds only a uuid's spelling, a number column only a whole number (within
    /// 64 bits, longer in a NUMERIC/DECIMAL); any other or unknown type, and every SQLite
    /// column, any id.
    bool canHoldKey(const QString& table, const QString& column, const QString& id) const;
    /// The column's own name in `alias.name` (the whole text without an alias): the catalogue
    /// knows columns by it.
    static QString bareColumn(const QString& column);
    /// A count column (`alias.name` of `table`) as the row reader reads it (cell_domain): a
    /// whole number from 0, held as an integer below 2^63-1, a whole real below 9.2e18, or
    /// text of 1 to 18 digits; anything else (-5, 1.5, 1e20, 'many', a blob, NULL) counts 0.
    QString countValue(const QString& table, const QString& column) const;
    /// The sum of countValue() over a group, never an error: SQLite's SUM stops the whole query
    /// at an integer overflow ("integer overflow"), so there the sum is added as a real.
    QString sumOfCounts(const QString& table, const QString& column) const;
    /// A JSON text column as the text filter searches it: its text, and, on SQLite, when it
    /// holds \u escapes (Python's json.dumps writes every non-ASCII character so), the
    /// string values they spell after it, so that "数据库" finds "\u6570\u636e\u5e93".
    /// PostgreSQL's jsonb keeps the characters themselves; a text or json column on a
    /// server is searched as it is.
    QString searchableJson(const QString& column) const;
    static QString sqliteSearchableJson(const QString& column);
    /// Lower-cased text of a column (also JSON columns) for `LIKE ? ESCAPE '!'`.
    QString lowerText(const QString& column) const;
    /// `text` lower-cased one code point at a time (Unicode's simple mapping), so it keeps
    /// its length and stays in step with `text`: the lower case every search pattern uses.
    static QString searchLower(const QString& text);
    /// A user's substring as a LIKE pattern: lower-cased, wildcards escaped with '!'.
    static QString likePattern(const QString& text);
    /// The same as a GLOB pattern over text lower-cased by SQLite's LOWER(), which folds ASCII
    /// only: ASCII lower-cased, a letter beyond ASCII as a class of its cases ("Ä" →
    /// "[äÄ]"), GLOB's own wildcards as classes of themselves.
    static QString globPattern(const QString& text);
    /// For each UTF-16 unit of searchLower(text), whether globPattern(text) matches exactly that
    /// unit (ASCII, a surrogate, a character without other cases) rather than a class.
    static QList<bool> globMatchesExactly(const QString& text);
    /// " <op> ?" after lowerText(expr) for "contains the user's substring", case-insensitively
    /// in every alphabet, and the value to bind: GLOB with globPattern() on SQLite (whose
    /// LIKE, like its LOWER(), folds ASCII only), LIKE with likePattern() on a server.
    QString containsOp() const;
    QString containsPattern(const QString& text) const;
    /// "The JSON text of `column` contains `needle`", case-insensitively, its values appended
    /// to `binds`. JSON escapes a quote and a backslash ("C:\\app", "\"refused\"") and
    /// writers may escape every character beyond ASCII ("\u6570"): SQLite reads the decoded
    /// values too (searchableJson()); a server's text or json column keeps the escapes, so
    /// there the needle is also sought in the forms such writers give it.
    QString jsonContains(const QString& column, const QString& needle, QVariantList& binds) const;
    /// `text` as JSON writes it inside a string: a quote and a backslash escaped, and, when
    /// `nonAscii`, every UTF-16 unit beyond ASCII too ("数" → "\u6570", lower-case hex);
    /// an empty string when nothing was escaped.
    static QString jsonEscaped(const QString& text, bool nonAscii);

    /// Value to bind for a JSON column: text, or NULL when the text is empty.
    QVariant jsonParam(const QString& text) const;

    /// A cell as text: bytes as UTF-8; a whole number held as a floating value (an id in a
    /// REAL column, 1042.0) as its digits, "1042" (Qt spells 1000000.0 "1e+06", which no
    /// user wrote and no query finds), within ±2^53 where every whole number is exact.
    static QString text(const QVariant& v);
    /// `column` (an SQLite key column's `alias.name`) with a whole REAL value as the integer
    /// it is: SQLite's text of 1042.0 is '1042.0', where text() and the ids bound to find it
    /// (boundIds()) say 1042. Other values as they are.
    static QString sqliteWholeRealAsInteger(const QString& column);
    static QDateTime time(const QVariant& v);
    /// A time column of the current row, read with its driver's conventions.
    static QDateTime time(const QSqlQuery& q, int column);
    /// An integer as SQL's CAST reads a number: a real beyond the 64-bit range is held at
    /// its end, a fraction rounded, text read as the number it spells ('2500.0' as 2500);
    /// empty for NULL, NaN and text that is no number.
    static std::optional<qint64> optionalInt(const QVariant& v);
    /// A boolean as any driver or writer stores it: bool (PostgreSQL), 1/0 (SQLite, MySQL),
    /// a number 1 or 0 of any type, t/f, true/false, y/n, yes/no or on/off in any case (text
    /// columns, a CHAR(1) or an ENUM('Y','N')), MariaDB's BIT(1) as the driver gives it; empty
    /// for NULL and anything else.
    static std::optional<bool> optionalBool(const QVariant& v);
    /// A server's time column (`alias.column` of `table`) as ORDER BY sorts it by instant: a
    /// timestamp or a number as it is, text as its time compares ('T' or space, either
    /// letter case: "2026-11-21t16:20:03z" is not later than "2026-11-21T17:00:00Z").
    QString serverSortableTime(const QString& table, const QString& column) const;

private:
    AuditDatabase& m_db;
    DatabaseLocation::Kind m_kind;
    /// Servers: the column's data_type from the catalogue, lower-cased (empty when unknown
    /// and on SQLite, whose columns hold any type).
    QString columnType(const QString& table, const QString& column) const;
    static QString queryColumnType(AuditDatabase& db, const QString& table, const QString& column);
    /// PostgreSQL only: whether the column is json/jsonb (else text and we fall back to a
    /// pattern, because a failed cast would abort the whole query).
    bool isJsonColumn(const QString& table, const QString& column) const;
    /// Servers: whether the column's type is a number type (integer, decimal or floating).
    bool isNumberColumn(const QString& table, const QString& column) const;
    /// Servers: the kind of values the column's type holds, as comparisons accept them
    /// ("text" for every character type and citext, "number" for every number type, else the
    /// type: "uuid", an enum's name); empty when unknown and on SQLite.
    QString keyKind(const QString& table, const QString& column) const;
    /// Whether a column of keyKind() `kind` and columnType() `type` can hold `id`
    /// (canHoldKey()): a uuid's spelling, a 64-bit integer (also unsigned, when
    /// `unsignedIntegers`: MariaDB), any whole number for NUMERIC/DECIMAL.
    static bool kindHolds(const QString& kind, const QString& type, const QString& id,
                          bool unsignedIntegers);
    /// The keyKind()s of two key columns (`alias.name`) when both are known and differ;
    /// two empty texts otherwise (compared as they are).
    std::pair<QString, QString> differentKeyKinds(const QString& leftTable, const QString& left,
                                                  const QString& rightTable,
                                                  const QString& right) const;
    enum class TimeStorage
    {
        Timestamp,
        EpochNumber,
        Text
    };
    TimeStorage timeStorage(const QString& table, const QString& column) const;
};

} // namespace raglens
