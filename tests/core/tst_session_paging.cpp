// The session list's pages, however they are found (scanning runs newest first and stopping
// at the page, with or without sessions known only from orphan calls merged in by their
// newest call), follow one order: newest activity first, sessions without any time last, ties
// by session id; pages never skip or repeat a session. Checked against that order computed
// in C++ from every row of a generated database, with and without a filter, with NULL times.

#include "db/audit_database.h"
#include "db/sql_dialect.h"
#include "interpret/run_facts.h"
#include "support/random_audit_db.h"
#include "trace/audit_browser.h"
#include "trace/audit_rows.h"

#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace raglens;

class TestSessionPaging : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static QStringList expectedOrder(AuditDatabase& db, const QString& outcome)
    {
        struct Last
        {
            QDateTime at;
        };
        std::map<QString, Last> sessions;
        QSqlQuery q(db.sql());
        q.exec(QStringLiteral("SELECT session_id, started_at, release_outcome, content_type FROM "
                              "diagnosis_run"));
        while (q.next()) {
            TraceRun run; // the outcome it counts under, as core reads it
            run.releaseOutcome = q.value(2).toString();
            run.contentType = q.value(3).toString();
            if (!outcome.isEmpty() && interpret::runOutcome(run) != outcome)
                continue;
            Last& last = sessions[q.value(0).toString()];
            const QDateTime at = SqlDialect::time(q, 1);
            if (at.isValid() && (!last.at.isValid() || at > last.at))
                last.at = at;
        }
        std::vector<std::pair<QString, QDateTime>> list;
        for (const auto& [id, last] : sessions)
            list.emplace_back(id, last.at);
        std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
            if (a.second.isValid() != b.second.isValid())
                return a.second.isValid();
            if (a.second != b.second)
                return a.second > b.second;
            return a.first < b.first;
        });
        QStringList out;
        for (const auto& [id, at] : list)
            out << id;
        return out;
    }

    static QStringList paged(const AuditBrowser& browser, const SessionFilter& filter, int size)
    {
        QStringList out;
        for (int offset = 0;; offset += size) {
            auto page = browser.sessions(filter, offset, size);
            if (!page || page->empty())
                return out;
            for (const SessionRow& row : *page)
                out << row.sessionId;
        }
    }

private slots:
    void pagesFollowOneOrder_data()
    {
        QTest::addColumn<bool>("keepOrphans");
        QTest::newRow("scan path (no orphan-only sessions)") << false;
        QTest::newRow("merge path (orphan-only sessions merged)") << true;
    }
    void pagesFollowOneOrder()
    {
        QFETCH(bool, keepOrphans);
        const QString path = m_dir.filePath(keepOrphans ? "with.db" : "without.db");
        test::RandomAuditDbOptions options;
        options.invocations = 3000;
        QCOMPARE(test::writeRandomAuditDb(path, options), QString());
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), path);
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            if (!keepOrphans)
                QVERIFY(q.exec(QStringLiteral("DELETE FROM tool_invocation WHERE run_id NOT IN "
                                              "(SELECT run_id FROM diagnosis_run)")));
            else // sessions whose every run row is gone: known only from their calls
                QVERIFY(q.exec(QStringLiteral("DELETE FROM diagnosis_run WHERE session_id IN "
                                              "(SELECT DISTINCT session_id FROM diagnosis_run "
                                              "ORDER BY session_id LIMIT 5 OFFSET 20)")));
            // Runs without a time, and sessions whose every run has none.
            QVERIFY(q.exec(QStringLiteral("UPDATE diagnosis_run SET started_at = NULL WHERE "
                                          "rowid % 11 = 0 OR session_id LIKE '%7'")));
            // Ties: two sessions whose newest runs started at the same moment.
            QVERIFY(q.exec(QStringLiteral("UPDATE diagnosis_run SET started_at = "
                                          "'2026-11-01T09:00:00.000Z' WHERE rowid IN (5, 9)")));
        }
        QSqlDatabase::removeDatabase(path);
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        const AuditBrowser browser(**db);
        const bool orphanOnly = !audit_rows::orphanOnlySessions(**db).isEmpty();
        QCOMPARE(orphanOnly, keepOrphans);

        SessionFilter fallbackRuns;
        fallbackRuns.outcome = QStringLiteral("FALLBACK");
        QStringList expected = expectedOrder(**db, {});
        if (!keepOrphans) {
            QCOMPARE(paged(browser, {}, 7), expected);
            QCOMPARE(paged(browser, {}, 1000), expected);
        } else {
            // Orphan-only sessions are merged in by their calls' times; recorded ones keep
            // their relative order.
            QStringList recorded = paged(browser, {}, 7);
            const QStringList orphans = audit_rows::orphanOnlySessions(**db);
            for (const QString& id : orphans)
                recorded.removeAll(id);
            QCOMPARE(recorded, expected);
            QCOMPARE(paged(browser, {}, 7), paged(browser, {}, 1000));
        }
        // A filter lists sessions by their newest matching run, on every path.
        QCOMPARE(paged(browser, fallbackRuns, 5), expectedOrder(**db, fallbackRuns.outcome));
        // Filters that also reach calls without a run row merge those sessions in: small
        // pages hold what one large page holds, in the same order, once each.
        SessionFilter empty;
        empty.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        const QStringList all = paged(browser, empty, 1000);
        QCOMPARE(paged(browser, empty, 7), all);
        QCOMPARE(QSet<QString>(all.cbegin(), all.cend()).size(), all.size());
        QCOMPARE(browser.countSessions(empty).value(), int(all.size()));
    }
};

QTEST_GUILESS_MAIN(TestSessionPaging)
#include "tst_session_paging.moc"
