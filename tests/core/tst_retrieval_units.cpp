// The retrieval and SQL building blocks on their own, so that a change to one of them fails
// here and not only through a lookup's end result: BM25's ranking and its absolute scale,
// the fusion of the dense and the lexical signal, and the SQL dialect's JSON reads and
// pattern escaping on a real SQLite file.

#include "db/audit_database.h"
#include "db/sql_dialect.h"
#include "kb/bm25_index.h"
#include "lookup/candidate_scorer.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace raglens;

namespace {

QStringList words(const char* text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

/// Three short documents and one long one, all about pools.
Bm25Index poolIndex()
{
    Bm25Index index;
    index.build({words("pool timeout hikari"), words("pool size"), words("redis eviction policy"),
                 words("pool pool timeout and many other words about nothing in particular "
                       "that make this document long")});
    return index;
}

} // namespace

class TestRetrievalUnits : public QObject
{
    Q_OBJECT

private slots:
    void bm25RanksRareTermsAndShortDocumentsHigher()
    {
        const Bm25Index index = poolIndex();
        QCOMPARE(index.documentCount(), 4);
        // "hikari" is in one document, "pool" in three: the rare term decides.
        const auto s = index.score(words("pool hikari"));
        const auto top = index.top(s, 4);
        QCOMPARE(top.front().first, 0);
        // The same single match scores higher in a short document than in a long one.
        const auto timeout = index.score(words("timeout"));
        QVERIFY(timeout.score[0] > timeout.score[3]);
        // A document without any query term is not touched and scores 0.
        QCOMPARE(timeout.score[2], 0.0f);
        QVERIFY(std::find(timeout.touched.begin(), timeout.touched.end(), 2) ==
                timeout.touched.end());
    }

    void bm25ScaleIsAbsolute()
    {
        const Bm25Index index = poolIndex();
        // maxPossible is what a chunk holding every query term once would score. Words the KB
        // never saw count in it too, so a query full of them stays low instead of reaching 1.
        const auto known = index.score(words("redis eviction"));
        const auto withUnknown = index.score(words("redis eviction zebra quantum"));
        QCOMPARE(known.matchedTerms, 2);
        QCOMPARE(withUnknown.matchedTerms, 2);
        QVERIFY(known.maxPossible > 0);
        QVERIFY(withUnknown.maxPossible > known.maxPossible);
        QCOMPARE(withUnknown.score[2], known.score[2]);
        // (A short chunk can score above it; the quality scale caps softly below 1.)
        const double q = CandidateScorer::bm25Quality(known.score[2], known.maxPossible);
        QVERIFY(q > 0.8 && q < 1.0);
        QVERIFY(CandidateScorer::bm25Quality(withUnknown.score[2], withUnknown.maxPossible) < q);
        // Extra (translated) terms help rank but change neither the scale nor the count.
        const auto extra = index.score(words("redis"), {{QStringLiteral("pool"), 0.5f}});
        const auto plain = index.score(words("redis"));
        QCOMPARE(extra.maxPossible, plain.maxPossible);
        QCOMPARE(extra.matchedTerms, plain.matchedTerms);
        QVERIFY(extra.score[1] > 0 && plain.score[1] == 0);
    }

    void bm25TopRespectsTheAllowedBitmap()
    {
        const Bm25Index index = poolIndex();
        const auto s = index.score(words("pool"));
        const std::vector<uint8_t> allowed = {0b0010}; // one bit per chunk: only chunk 1
        const auto top = index.top(s, 3, &allowed);
        QCOMPARE(int(top.size()), 1);
        QCOMPARE(top.front().first, 1);
    }

    void bm25SavesAndRestoresExactly()
    {
        Bm25Index index = poolIndex();
        index.setTermForm(Bm25Index::TermForm::PorterStems);
        index.build({words("pools timeouts"), words("pool")});
        // The term form is the manifest's to record; the file holds the postings.
        Bm25Index copy;
        copy.setTermForm(Bm25Index::TermForm::PorterStems);
        QVERIFY(copy.restore(index.save()));
        const auto a = index.score(words("pool timeout"));
        const auto b = copy.score(words("pool timeout"));
        QCOMPARE(a.score, b.score);
        QCOMPARE(a.maxPossible, b.maxPossible);
        // Stems: "pools" and "pool" are one term.
        QVERIFY(a.score[0] > 0 && a.score[1] > 0);
        // Broken bytes are refused, not half read.
        QVERIFY(!copy.restore(QByteArray("not an index")));
    }

    void fusionIsMonotoneInBothSignals()
    {
        for (double w : {0.0, 0.3, 0.5, 0.7, 1.0}) {
            for (double a = 0; a <= 1.0; a += 0.1) {
                for (double b = 0; b <= 1.0; b += 0.1) {
                    const double f = CandidateScorer::fuse(a, b, w);
                    QVERIFY(f >= 0.0 && f <= 1.0);
                    // More of either signal never lowers the fused score.
                    QVERIFY(CandidateScorer::fuse(a + 0.05, b, w) >= f);
                    QVERIFY(CandidateScorer::fuse(a, b + 0.05, w) >= f);
                }
            }
        }
        // The weight picks the signal at its ends, and is clamped outside 0..1.
        QCOMPARE(CandidateScorer::fuse(0.9, 0.1, 1.0), 0.9);
        QCOMPARE(CandidateScorer::fuse(0.9, 0.1, 0.0), 0.1);
        QCOMPARE(CandidateScorer::fuse(0.9, 0.1, 7.0), 0.9);
        QCOMPARE(CandidateScorer::fuse(0.9, 0.1, -3.0), 0.1);
    }

    void qualitiesAreBoundedAndMonotone()
    {
        LookupSettings s;
        double previous = -1;
        for (double ip = -1.0; ip <= 1.0; ip += 0.05) {
            const double q = CandidateScorer::denseQuality(ip, s);
            QVERIFY(q >= 0.0 && q < 1.0);
            QVERIFY(q >= previous);
            previous = q;
        }
        previous = -1;
        for (double bm = 0; bm <= 40; bm += 0.5) {
            const double q = CandidateScorer::bm25Quality(bm, 10.0);
            QVERIFY(q >= 0.0 && q < 1.0);
            QVERIFY(q >= previous);
            previous = q;
        }
        // Without a reference (a query of unknown words) nothing is a match.
        QCOMPARE(CandidateScorer::bm25Quality(5.0, 0.0), 0.0);
        // Below the knee the scale is linear: half the reference is quality 0.5.
        QVERIFY(std::abs(CandidateScorer::bm25Quality(5.0, 10.0) - 0.5) < 1e-9);
    }

    void dialectEscapesPatternsAndReadsValues()
    {
        QCOMPARE(SqlDialect::likePattern(QStringLiteral("50%_Off!")),
                 QStringLiteral("%50!%!_off!!%"));
        // A GLOB pattern for text lower-cased by SQLite: ASCII lower-cased, other letters as
        // a class of their cases, GLOB's own wildcards as classes of themselves.
        QCOMPARE(SqlDialect::globPattern(QStringLiteral("Pool*?[x]")),
                 QStringLiteral("*pool[*][?][[]x]*"));
        QCOMPARE(SqlDialect::globPattern(QString::fromUtf8("ÄrgeR 错误")),
                 QString::fromUtf8("*[äÄ]rger 错误*"));
        QCOMPARE(SqlDialect::text(QVariant()), QString());
        QCOMPARE(SqlDialect::text(QVariant(QByteArray("caf\xc3\xa9"))), QString::fromUtf8("café"));
        QCOMPARE(SqlDialect::text(QVariant(42)), QStringLiteral("42"));
        QCOMPARE(SqlDialect::optionalInt(QVariant()), std::nullopt);
        QCOMPARE(SqlDialect::optionalInt(QVariant(QStringLiteral("17"))),
                 std::optional<qint64>(17));
        QCOMPARE(SqlDialect::optionalInt(QVariant(QStringLiteral("x"))), std::nullopt);
        // Beyond the 64-bit range a number is held at its end, as SQL's CAST holds it: a
        // duration of 1e20 ms is the longest there is, never a negative one.
        constexpr qint64 most = std::numeric_limits<qint64>::max();
        constexpr qint64 least = std::numeric_limits<qint64>::min();
        QCOMPARE(SqlDialect::optionalInt(QVariant(1e20)), std::optional<qint64>(most));
        QCOMPARE(SqlDialect::optionalInt(QVariant(-1e300)), std::optional<qint64>(least));
        QCOMPARE(SqlDialect::optionalInt(QVariant(std::numeric_limits<double>::infinity())),
                 std::optional<qint64>(most));
        QCOMPARE(SqlDialect::optionalInt(QVariant(QStringLiteral("1e21"))),
                 std::optional<qint64>(most));
        QCOMPARE(SqlDialect::optionalInt(QVariant(std::numeric_limits<double>::quiet_NaN())),
                 std::nullopt);
        QCOMPARE(SqlDialect::optionalInt(QVariant(250.0)), std::optional<qint64>(250));
        // Text spelling a number with a fraction reads as that number does (before, none).
        QCOMPARE(SqlDialect::optionalInt(QVariant(QStringLiteral("2500.0"))),
                 std::optional<qint64>(2500));
        QCOMPARE(SqlDialect::optionalInt(QVariant(QStringLiteral("12.7"))),
                 SqlDialect::optionalInt(QVariant(12.7)));
        QCOMPARE(SqlDialect::optionalInt(QVariant(QStringLiteral("2.5e3"))),
                 std::optional<qint64>(2500));
        QCOMPARE(SqlDialect::optionalInt(QVariant(qint64(most))), std::optional<qint64>(most));
        // Booleans as each driver and writer stores them; anything else is unknown.
        QCOMPARE(SqlDialect::optionalBool(QVariant()), std::nullopt);
        QCOMPARE(SqlDialect::optionalBool(QVariant(true)), std::optional<bool>(true));
        QCOMPARE(SqlDialect::optionalBool(QVariant(false)), std::optional<bool>(false));
        QCOMPARE(SqlDialect::optionalBool(QVariant(1)), std::optional<bool>(true));
        QCOMPARE(SqlDialect::optionalBool(QVariant(0)), std::optional<bool>(false));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("T"))),
                 std::optional<bool>(true));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("False"))),
                 std::optional<bool>(false));
        // Y/N (a CHAR(1), an ENUM), yes/no and on/off: before, none, and a success flag
        // written 'Y' made every call a failure.
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("Y"))),
                 std::optional<bool>(true));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("yes"))),
                 std::optional<bool>(true));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("On"))),
                 std::optional<bool>(true));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("N"))),
                 std::optional<bool>(false));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("no"))),
                 std::optional<bool>(false));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("OFF"))),
                 std::optional<bool>(false));
        // A call's outcome written as a word: before, every call of such a store failed.
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("SUCCESS"))),
                 std::optional<bool>(true));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("ok"))),
                 std::optional<bool>(true));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("ERROR"))),
                 std::optional<bool>(false));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("Failed"))),
                 std::optional<bool>(false));
        QCOMPARE(SqlDialect::optionalBool(QVariant(QStringLiteral("maybe"))), std::nullopt);
        QCOMPARE(SqlDialect::optionalBool(QVariant(2)), std::nullopt);
    }

    void dialectReadsJsonWithoutFailingOnBrokenRows()
    {
        // A real SQLite file with one good, one malformed, one empty and one BLOB cell: the
        // JSON read gives the value, NULL, NULL and the value, and the query never fails.
        QTemporaryDir dir;
        auto db = AuditDatabase::open(dir.filePath(QStringLiteral("a.db")), AccessMode::Create);
        QVERIFY2(db, qPrintable(db ? QString() : db.error()));
        QSqlQuery q((*db)->sql());
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE t (id INTEGER, details)")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO t VALUES (1, '{\"selected_attempt\":\"A\"}'), "
                                      "(2, '{broken'), (3, NULL), "
                                      "(4, CAST('{\"selected_attempt\":\"B\"}' AS BLOB))")));
        const SqlDialect dialect(**db);
        const QString expr = dialect.jsonText(QStringLiteral("details"), QStringLiteral("t"),
                                              QStringLiteral("selected_attempt"));
        QVERIFY(q.exec(QStringLiteral("SELECT id, %1 FROM t ORDER BY id").arg(expr)));
        QStringList got;
        while (q.next())
            got << (q.value(1).isNull() ? QStringLiteral("NULL") : SqlDialect::text(q.value(1)));
        QCOMPARE(got, (QStringList{QStringLiteral("A"), QStringLiteral("NULL"),
                                   QStringLiteral("NULL"), QStringLiteral("B")}));
        // A substring search matches through the lower-cased text with wildcards escaped.
        QVERIFY(q.prepare(QStringLiteral("SELECT id FROM t WHERE %1 LIKE ? ESCAPE '!'")
                              .arg(dialect.lowerText(QStringLiteral("details")))));
        q.addBindValue(SqlDialect::likePattern(QStringLiteral("ATTEMPT\":\"a")));
        QVERIFY(q.exec());
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestRetrievalUnits)
#include "tst_retrieval_units.moc"
