// Audit times are read by a hand-written parser for the common shapes (speed: millions per
// check or trace read); it must agree with Qt's own ISO parsing on every string, valid or not.
// The SQL that makes a SQLite time canonical has a fast path of its own, held to the same.

#include "common/json_qt.h"
#include "db/sql_dialect.h"
#include "facts/facts_functions.h"

#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <cmath>

using namespace raglens;

namespace {

/// What parseIsoUtc returned before the fast path: Qt's parsers only.
QDateTime qtOnly(const QString& s)
{
    QDateTime t = QDateTime::fromString(s, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(s, QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
    if (!t.isValid())
        t = QDateTime::fromString(s, QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    if (t.isValid() && t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC);
    return t.toUTC();
}

} // namespace

class TestTimeParsing : public QObject
{
    Q_OBJECT

private slots:
    void fastPathAgreesWithQt()
    {
        QRandomGenerator rng(20261130);
        QStringList samples = {QStringLiteral("2026-03-02T08:15:00.120Z"),
                               QStringLiteral("2026-03-02 08:15:00"),
                               QStringLiteral("2026-03-02T08:15:00"),
                               QStringLiteral("2026-03-02 08:15:00.120"),
                               QStringLiteral("2024-02-29T23:59:59.999Z"),
                               QStringLiteral("2023-02-29T00:00:00Z"),
                               QStringLiteral("2026-13-01T00:00:00Z"),
                               QStringLiteral("2026-03-02T24:00:00Z"),
                               QStringLiteral("2026-03-02T08:60:00Z"),
                               QStringLiteral("2026-03-02X08:15:00Z"),
                               QStringLiteral("2026-03-02T08:15:00.12Z"),
                               QStringLiteral("2026-03-02T08:15:00+02:00"),
                               QStringLiteral("2026-3-2T08:15:00Z"),
                               QStringLiteral("２０２６-03-02T08:15:00Z"),
                               QStringLiteral("0000-01-01T00:00:00Z"),
                               QStringLiteral("2026-03-02T08:15:00.120ZZ"),
                               QStringLiteral("garbage"),
                               QString()};
        const QString digits = QStringLiteral("0123456789");
        for (int i = 0; i < 20000; ++i) {
            const QDateTime t =
                QDateTime::fromMSecsSinceEpoch(qint64(rng.bounded(4102444800.0) * 1000), Qt::UTC);
            QString s = t.toString(rng.bounded(2) ? QStringLiteral("yyyy-MM-ddTHH:mm:ss")
                                                  : QStringLiteral("yyyy-MM-dd HH:mm:ss"));
            if (rng.bounded(2))
                s += QStringLiteral(".") + t.toString(QStringLiteral("zzz"));
            if (rng.bounded(2))
                s += QLatin1Char('Z');
            if (rng.bounded(4) == 0) // a digit changed: sometimes an impossible date or time
                s[int(rng.bounded(int(s.size())))] = digits.at(int(rng.bounded(10)));
            samples << s;
        }
        for (const QString& s : samples) {
            const QDateTime fast = json_util::parseIsoUtc(s);
            const QDateTime slow = qtOnly(s);
            QVERIFY2(fast.isValid() == slow.isValid() && (!fast.isValid() || fast == slow),
                     qPrintable(s + QStringLiteral(": ") + fast.toString(Qt::ISODateWithMs) +
                                QStringLiteral(" vs ") + slow.toString(Qt::ISODateWithMs)));
            if (fast.isValid())
                QCOMPARE(fast.timeSpec(), Qt::UTC);
        }
    }

    // sqliteCanonicalTime() keeps text already canonical as it is; it must give what reading
    // the instant and writing it back gives, for every value, canonical-looking or not.
    void sqliteCanonicalTimeKeepsOnlyWhatRoundTrips()
    {
        QStringList samples = {QStringLiteral("2026-03-02T08:15:00.120Z"),
                               QStringLiteral("2023-02-29T00:00:00.000Z"),
                               QStringLiteral("2024-02-29T00:00:00.000Z"),
                               QStringLiteral("2026-04-31T10:00:00.000Z"),
                               QStringLiteral("2026-02-28T23:59:59.999Z"),
                               QStringLiteral("2026-03-02T24:00:00.000Z"),
                               QStringLiteral("2026-03-02T23:59:59.999Z"),
                               QStringLiteral("2026-00-10T08:15:00.000Z"),
                               QStringLiteral("2026-13-10T08:15:00.000Z"),
                               QStringLiteral("2026-03-00T08:15:00.000Z"),
                               QStringLiteral("0000-01-01T00:00:00.000Z"),
                               QStringLiteral("9999-12-28T23:59:59.999Z"),
                               QStringLiteral("2026-03-02t08:15:00.120z"),
                               QStringLiteral("2026-03-02 08:15:00.120"),
                               QStringLiteral("2026-03-02T08:15:00.120+08:00"),
                               QStringLiteral("2026-03-02T08:60:00.000Z"),
                               QStringLiteral("2026-03-02T08:15:60.000Z"),
                               QStringLiteral("2026-03-02T08:15:00.120Z "),
                               QStringLiteral("2026-03-02T08:15:00,120Z"),
                               QString::fromUtf8("２026-03-02T08:15:00.120Z")};
        QRandomGenerator rng(20261204);
        const QString digits = QStringLiteral("0123456789");
        for (int i = 0; i < 20000; ++i) {
            const QDateTime t =
                QDateTime::fromMSecsSinceEpoch(qint64(rng.bounded(4102444800.0) * 1000), Qt::UTC);
            QString s = t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ"));
            if (rng.bounded(2)) // a digit changed: often an impossible date or time
                s[int(rng.bounded(int(s.size())))] = digits.at(int(rng.bounded(10)));
            samples << s;
        }
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("canonical-time"));
        db.setDatabaseName(QStringLiteral(":memory:"));
        QVERIFY(db.open());
        // The facts index's connections test the form in C (facts_store::canonicalTime()).
        QVERIFY(facts_store::registerFunctions(db));
        {
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE t (v)")));
            QVERIFY(q.prepare(QStringLiteral("INSERT INTO t VALUES (?)")));
            for (const QString& s : samples) {
                q.addBindValue(s);
                QVERIFY(q.exec());
            }
            // Not text: a number, and bytes that spell a canonical time.
            // A text with a NUL after a canonical time: GLOB reads up to the NUL.
            QVERIFY(q.exec(QStringLiteral("INSERT INTO t VALUES (1767225600000), "
                                          "(CAST('2026-03-02T08:15:00.120Z' AS BLOB)), "
                                          "('2026-03-02T08:15:00.120Z' || char(0) || 'junk')")));
            const QString slow = QStringLiteral("COALESCE(strftime('%Y-%m-%dT%H:%M:%fZ', %1), %2)")
                                     .arg(SqlDialect::sqliteJulian(QStringLiteral("v")),
                                          SqlDialect::keptAsNoTime(QStringLiteral("v")));
            QVERIFY(q.exec(QStringLiteral("SELECT quote(v), quote(%1), quote(%2), quote(%3) FROM t")
                               .arg(SqlDialect::sqliteCanonicalTime(QStringLiteral("v")), slow,
                                    facts_store::canonicalTime(QStringLiteral("v")))));
            int rows = 0;
            while (q.next()) {
                ++rows;
                QVERIFY2(q.value(1) == q.value(2),
                         qPrintable(q.value(0).toString() + QStringLiteral(": ") +
                                    q.value(1).toString() + QStringLiteral(" vs ") +
                                    q.value(2).toString()));
                QVERIFY2(q.value(3) == q.value(2),
                         qPrintable(q.value(0).toString() + QStringLiteral(": in C ") +
                                    q.value(3).toString() + QStringLiteral(" vs ") +
                                    q.value(2).toString()));
            }
            QVERIFY2(!q.lastError().isValid(), qPrintable(q.lastError().text()));
            QCOMPARE(rows, int(samples.size()) + 3);
        }
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("canonical-time"));
    }

    // What SQL places in a time window (a SQLite store read directly, and the facts index,
    // which copies through the same reading) is what the trace and the list show: a time
    // the trace reads is the same instant in SQL, a time it cannot read is no time there.
    void sqliteReadsEveryTimeAsTheTraceDoes()
    {
        QStringList samples = {
            QStringLiteral("2026-11-20T09:17:31.470Z"), QStringLiteral(" 2026-11-20T09:17:31.470Z"),
            QStringLiteral("\t2026-11-20T09:17:31.470Z\n"),
            QStringLiteral("2026-11-20T09:17:31.470Z "),
            QStringLiteral("2026-11-20T09:17:31.470+0800"),
            QStringLiteral("2026-11-20T09:17:31-0530"),
            QStringLiteral("2026-11-20T09:17:31.470+08:00"),
            QStringLiteral("2026-11-20T09:17:31,470Z"), QStringLiteral("2026-11-20 09:17:31"),
            QStringLiteral("2026-11-20t09:17:31.470z"), QStringLiteral("2026-11-20T09:17"),
            QStringLiteral("2026-11-20"), QStringLiteral("2026-02-30T09:17:31.470Z"),
            QStringLiteral("2026-02-30"), QStringLiteral("2026-04-31 10:00:00"),
            QStringLiteral("2024-02-29T10:00:00Z"), QStringLiteral("2026-11-20T09:17:31.470+08"),
            QStringLiteral("2026-11-20T25:00:00Z"), QStringLiteral("garbage"),
            QStringLiteral("20261120T091731Z"), QStringLiteral("2026-11-20T09:17:31.470-08:00"),
            QStringLiteral("2026-11-20T09:17:31.123456Z"), QStringLiteral("2026-11-20T24:00:00Z"),
            QStringLiteral("2026-11-20T09:17:31.470 +08:00"),
            QStringLiteral("2026-11-20 09:17:31 +0000"),
            QStringLiteral("2026-11-20T09:17:31.470 Z"),
            QStringLiteral("2026-11-20T09:17:31.470 -08:00"),
            QStringLiteral("2026-11-20 09:17:31-08:00"), QStringLiteral("2026-11-20T09:17:31.4Z"),
            QStringLiteral("2026-11-20T9:17:31Z"), QStringLiteral("2026/11/20 09:17:31"),
            QStringLiteral("2026.11.20T09:17:31Z"), QStringLiteral("2026-11-20T09:17:31.470ZZ"),
            QStringLiteral("2026-11-20T09:17:31.470+25:00"),
            QStringLiteral("2026-11-20T09:17:31.470+0860"), QStringLiteral(" 1700000000"),
            QStringLiteral("1700000000 "), QString::fromUtf8("\u00A02026-11-20T09:17:31Z\u3000"),
            QStringLiteral("\v2026-11-20 09:17:31\f"), QStringLiteral("2026-02-29 09:17:31"),
            QStringLiteral("2024-02-29 09:17:31"), QStringLiteral("2026-11-20T09:17:31.470+08:00 "),
            QStringLiteral("2026-11-20t09:17:31z"),
            // Julian day numbers: before the year 1 no time in both.
            QStringLiteral("0"), QStringLiteral("0.5"), QStringLiteral("1721425.4"),
            QStringLiteral("1721425.5"), QStringLiteral("2461000.25"), QStringLiteral("5373484.4"),
            QStringLiteral("5373484.5"), QStringLiteral("99999999.5"),
            // The year 0000: SQLite's date functions read it, Qt has no such year.
            QStringLiteral("0000-06-01T10:00:00.000Z"), QStringLiteral("0000-06-01"),
            QStringLiteral("0000-06-01 10:00:00+08:00"),
            // The hour 24: ISO 8601 has only 24:00:00, the end of the day; julianday() rolls
            // any later time of it into the next day.
            QStringLiteral("2026-11-20T24:30:00Z"), QStringLiteral("2026-11-20T24:00:30Z"),
            QStringLiteral("2026-11-20T24:00:00.001Z"), QStringLiteral("2026-11-20T24:00:00.000Z"),
            QStringLiteral("2026-11-20 24:00"), QStringLiteral("2026-11-20 24:59"),
            QStringLiteral("2026-11-20T24:00:00.000+08:00"),
            QStringLiteral("2026-11-20T24:00:00.500+08:00"),
            QStringLiteral("2026-11-20T24:00:00,000000Z"), QStringLiteral("2026-11-20T24:00:00.0")};
        // Not only alike: a 0 kept for "not set" is no time (both read 4714 BC before).
        QVERIFY(!SqlDialect::time(QVariant(QStringLiteral("0"))).isValid());
        QVERIFY(!SqlDialect::time(QVariant(0.0)).isValid());
        QVERIFY(!SqlDialect::time(QVariant(qint64(1721425))).isValid());
        QVERIFY(SqlDialect::time(QVariant(1721425.5)).isValid());
        // And pieces put together at random: dates, separators, times, fractions, zones.
        QRandomGenerator rng(20261206);
        const auto pick = [&rng](const QStringList& from) {
            return from.at(int(rng.bounded(int(from.size()))));
        };
        for (int i = 0; i < 3000; ++i)
            samples << pick({"", " ", "\t"}) +
                           pick({"2026-11-20", "2024-02-29", "2026-02-29", "2026-04-31",
                                 "2026-13-01", "2026-00-10", "0001-01-01", "2026-1-20"}) +
                           pick({"", "T", " ", "t", "  ", "X"}) +
                           pick({"", "09:17", "09:17:31", "24:00:00", "23:59:60", "9:17:31",
                                 "24:00", "24:30", "24:00:01", "24:00:00.000", "24:00:00.010",
                                 "09:17:31.4", "09:17:31.470", "09:17:31,470", "09:17:31.123456"}) +
                           pick({"", "Z", "z", "+08:00", "+0800", "+08", "-05:30", " Z", " +08:00",
                                 "+24:00", "ZZ", "+08:00Z"}) +
                           pick({"", " ", "\n", "\v"});
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("time-reading"));
        db.setDatabaseName(QStringLiteral(":memory:"));
        QVERIFY(db.open());
        {
            QSqlQuery q(db);
            for (const QString& s : samples) {
                QVERIFY(q.prepare(QStringLiteral("SELECT %1")
                                      .arg(SqlDialect::sqliteJulian(QStringLiteral("?")))));
                // The placeholder stands in each place the column would.
                const int marks = int(SqlDialect::sqliteJulian(QStringLiteral("?")).count(u'?'));
                for (int k = 0; k < marks; ++k)
                    q.addBindValue(s);
                QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
                QVERIFY(q.next());
                const QDateTime shown = SqlDialect::time(QVariant(s));
                const QVariant julian = q.value(0);
                QVERIFY2(shown.isValid() != julian.isNull(),
                         qPrintable(QStringLiteral("'%1': the trace reads %2, SQL %3")
                                        .arg(s, shown.toString(Qt::ISODateWithMs),
                                             julian.isNull() ? QStringLiteral("no time")
                                                             : julian.toString())));
                if (shown.isValid()) {
                    const double ms = (julian.toDouble() - 2440587.5) * 86400000.0;
                    QVERIFY2(std::abs(ms - double(shown.toMSecsSinceEpoch())) < 1.0, qPrintable(s));
                }
            }
        }
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("time-reading"));
    }
};

QTEST_GUILESS_MAIN(TestTimeParsing)
#include "tst_time_parsing.moc"
