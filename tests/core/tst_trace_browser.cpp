// AuditBrowser on the production-shaped fixture: every session filter, paging, counts and
// summary, done in SQL; malformed JSON rows must not break a JSON-field filter.

#include "db/audit_database.h"
#include "support/fixture_db.h"
#include "trace/audit_browser.h"

#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;

class TestTraceBrowser : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<AuditDatabase> m_db;

    static QDateTime utc(const char* iso)
    {
        return QDateTime::fromString(QString::fromLatin1(iso), Qt::ISODateWithMs).toUTC();
    }

private slots:
    void initTestCase()
    {
        const QString path = m_dir.filePath(QStringLiteral("audit.db"));
        QCOMPARE(writeProductionFixture(path), QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        m_db = std::move(*db);
    }

    void filters_data()
    {
        QTest::addColumn<SessionFilter>("filter");
        QTest::addColumn<QStringList>("expected"); // newest activity first

        const QString fb = fixture::kFallbackSession, rt = fixture::kRetrySession,
                      lg = fixture::kLegacySession, tc = fixture::kTruncatedSession;
        SessionFilter f;
        QTest::newRow("none") << f << QStringList{tc, rt, fb, lg};
        f = {};
        f.outcome = QStringLiteral("FALLBACK");
        QTest::newRow("outcome FALLBACK") << f << QStringList{fb};
        f = {};
        f.outcome = QStringLiteral("SUCCESS");
        QTest::newRow("outcome SUCCESS") << f << QStringList{tc, rt, lg};
        f = {};
        f.evidenceStatus = QStringLiteral("NO_EVIDENCE"); // details and legacy column
        QTest::newRow("evidence NO_EVIDENCE") << f << QStringList{fb, lg};
        f = {};
        f.evidenceStatus = QStringLiteral("EVIDENCE_FOUND");
        QTest::newRow("evidence EVIDENCE_FOUND") << f << QStringList{rt, lg};
        f = {};
        f.relevanceLevel = QStringLiteral("PRECISE");
        QTest::newRow("relevance PRECISE") << f << QStringList{rt};
        f = {};
        f.relevanceLevel = QStringLiteral("REFERENCE");
        QTest::newRow("relevance REFERENCE") << f << QStringList{tc};
        f = {};
        f.relevanceLevel = QStringLiteral("NONE"); // null level, legacy values read as null
        QTest::newRow("relevance NONE") << f << QStringList{fb, lg};
        f = {};
        f.selectedAttempt = QStringLiteral("UNFILTERED_VECTOR_RETRY");
        QTest::newRow("attempt retry") << f << QStringList{rt, fb};
        f = {};
        f.selectedAttempt = QStringLiteral("FILTERED_VECTOR"); // only in the truncated JSON
        QTest::newRow("attempt filtered (malformed row)") << f << QStringList{};
        f = {};
        f.retryReason = QStringLiteral("filtered_vector_low_quality");
        QTest::newRow("fallback reason low quality") << f << QStringList{rt};
        f = {};
        f.toolName = QStringLiteral("get_service_metrics");
        QTest::newRow("tool harness") << f << QStringList{fb};
        f = {};
        f.since = utc("2026-03-03T00:00:00Z");
        QTest::newRow("since") << f << QStringList{tc, rt};
        f = {};
        f.until = utc("2026-03-03T00:00:00Z");
        QTest::newRow("until") << f << QStringList{fb, lg};
        f = {};
        f.since = utc("2025-11-20T14:00:00Z"); // legacy row's time has no 'T' and no 'Z'
        f.until = utc("2025-11-20T14:05:00Z");
        QTest::newRow("window around legacy time") << f << QStringList{lg};
        f = {};
        f.since = utc("2026-03-02T08:15:00.120Z"); // inclusive at the millisecond
        f.until = utc("2026-03-02T08:15:00.121Z");
        QTest::newRow("millisecond window") << f << QStringList{fb};
        f = {};
        f.text = QStringLiteral("HIKARIPOOL"); // query preview in input_params, any case
        QTest::newRow("text query preview") << f << QStringList{fb};
        f = {};
        f.text = QStringLiteral("u-ops-17");
        QTest::newRow("text user") << f << QStringList{tc, fb};
        f = {};
        f.text = QStringLiteral("%");
        QTest::newRow("text wildcard is literal") << f << QStringList{};
        f = {};
        f.text = QStringLiteral("' OR '1'='1");
        QTest::newRow("text injection") << f << QStringList{};
        f = {};
        f.outcome = QStringLiteral("SUCCESS");
        f.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        QTest::newRow("outcome + evidence") << f << QStringList{lg};
        f = {};
        f.outcome = QStringLiteral("FALLBACK' OR '1'='1");
        QTest::newRow("outcome injection") << f << QStringList{};
    }
    void filters()
    {
        QFETCH(SessionFilter, filter);
        QFETCH(QStringList, expected);
        AuditBrowser browser(*m_db);
        auto rows = browser.sessions(filter, 0, 100);
        QVERIFY2(rows.ok(), qPrintable(rows.ok() ? QString() : rows.error()));
        QStringList ids;
        for (const SessionRow& r : *rows)
            ids << r.sessionId;
        QCOMPARE(ids, expected);
        auto count = browser.countSessions(filter);
        QVERIFY(count.ok());
        QCOMPARE(*count, int(expected.size()));
        QCOMPARE(filter.isEmpty(), QTest::currentDataTag() == QLatin1String("none"));
    }

    void sessionRowCounts()
    {
        AuditBrowser browser(*m_db);
        auto rows = browser.sessions({}, 0, 100);
        QVERIFY(rows.ok());
        const SessionRow& fb = rows->at(2);
        QCOMPARE(fb.sessionId, fixture::kFallbackSession);
        QCOMPARE(fb.userId, QStringLiteral("u-ops-17"));
        QCOMPARE(fb.runCount, 1);
        QCOMPARE(fb.fallbackRunCount, 1);
        QCOMPARE(fb.invocationCount, 2);
        QCOMPARE(fb.noEvidenceCount, 1);
        QCOMPARE(fb.totalTokenCount, 5123);
        QCOMPARE(fb.lastOutcome, QStringLiteral("FALLBACK"));
        QVERIFY(fb.lastQuestion.startsWith(QLatin1String("Why does order-service")));
        QCOMPARE(fb.firstStartedAt, utc("2026-03-02T08:15:00.120Z"));
        const SessionRow& lg = rows->at(3);
        QCOMPARE(lg.invocationCount, 2);
        QCOMPARE(lg.noEvidenceCount, 1); // the legacy NO_EVIDENCE row counts
        QCOMPARE(lg.lastStartedAt, utc("2025-11-20T14:02:11.500Z"));
    }

    void paging()
    {
        AuditBrowser browser(*m_db);
        auto first = browser.sessions({}, 0, 2);
        auto second = browser.sessions({}, 2, 2);
        auto beyond = browser.sessions({}, 4, 2);
        QVERIFY(first.ok() && second.ok() && beyond.ok());
        QCOMPARE(first->size(), 2u);
        QCOMPARE(first->at(0).sessionId, fixture::kTruncatedSession);
        QCOMPARE(second->size(), 2u);
        QCOMPARE(second->at(1).sessionId, fixture::kLegacySession);
        QVERIFY(beyond->empty());
    }

    void summary()
    {
        auto s = AuditBrowser(*m_db).summary();
        QVERIFY(s.ok());
        QCOMPARE(s->sessions, fixture::kSessionCount);
        QCOMPARE(s->runs, fixture::kRunCount);
        QCOMPARE(s->invocations, fixture::kInvocationCount);
        QCOMPARE(s->fallbackRuns, 1);
    }

    void runsStepsInvocationsEvents()
    {
        AuditBrowser browser(*m_db);
        auto runs = browser.runsOfSession(fixture::kFallbackSession);
        QVERIFY(runs.ok());
        QCOMPARE(runs->size(), 1u);
        SessionFilter success;
        success.outcome = QStringLiteral("SUCCESS");
        QVERIFY(browser.runsOfSession(fixture::kFallbackSession, success)->empty());
        auto steps = browser.stepsOfRun(fixture::kFallbackRun);
        QCOMPARE(steps->size(), 2u);
        QCOMPARE(steps->at(0).id, fixture::kStep962);
        auto invs = browser.invocationsOfRun(fixture::kFallbackRun);
        QCOMPARE(invs->size(), 2u);
        QCOMPARE(invs->at(1).id, fixture::kInvocation860);
        QCOMPARE(invs->at(1).stepId, std::optional<qint64>(fixture::kStep962));
        QCOMPARE(browser.eventsOfRun(fixture::kFallbackRun)->size(), 6u);
    }

    void singleInvocationWithFullTrace()
    {
        AuditBrowser browser(*m_db);
        auto inv = browser.invocation(fixture::kRetryInvocation);
        QVERIFY(inv.ok());
        QCOMPARE(inv->fullTraceReason, QStringLiteral("fallback_taken"));
        QVERIFY(inv->fullTrace.is_object());
        // the per-run list stays light
        auto list = browser.invocationsOfRun(fixture::kRetryRun);
        QVERIFY(list->at(0).fullTrace.is_null());
        auto missing = browser.invocation(999999);
        QVERIFY(!missing);
        QVERIFY(missing.error().contains(QLatin1String("999999")));
    }
};

QTEST_GUILESS_MAIN(TestTraceBrowser)
#include "tst_trace_browser.moc"
