// Production audit stores in the shapes they really have — pre-step_id, no user/question
// columns, no timeline tables, unknown extra columns and tables, orphan invocations, legacy
// rows only — on SQLite, PostgreSQL and MariaDB: the session list, every filter, traces,
// health and the schema notes all work, and the facts stay right. Server rows need
// RAGLENS_TEST_PG_URL / RAGLENS_TEST_MYSQL_URL and RAGLENS_DB_PASSWORD (started by .ci/run
// through scripts/start-test-servers.sh); under CI a missing server is a failure.

#include "audit/run_recorder.h"
#include "check/audit_check.h"
#include "db/audit_database.h"
#include "diagnostics/health_report.h"
#include "facts/facts_index.h"
#include "interpret/run_facts.h"
#include "support/schema_variants.h"
#include "support/test_servers.h"
#include "trace/audit_browser.h"
#include "trace/audit_rows.h"
#include "trace/schema_notes.h"
#include "trace/trace_service.h"

#include <QFile>
#include <QMap>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace raglens;
using namespace raglens::test;

namespace {

QStringList sessionIds(const std::vector<SessionRow>& rows)
{
    QStringList out;
    for (const SessionRow& r : rows)
        out << r.sessionId;
    out.sort();
    return out;
}

} // namespace

class TestSchemaVariants : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // The variant written where `backend` says; the database reopened the way a user opens a
    // production store (read-only for SQLite files RagLens did not create).
    std::unique_ptr<AuditDatabase> openVariant(const QString& backend, SchemaVariant v,
                                               const QStringList& sqliteEdits = {})
    {
        if (backend == QLatin1String("sqlite")) {
            const QString path =
                m_dir.filePath(QUuid::createUuid().toString(QUuid::Id128) + QStringLiteral(".db"));
            const QString name = QStringLiteral("variant-") + QUuid::createUuid().toString();
            QString error;
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
                db.setDatabaseName(path);
                if (!db.open())
                    return nullptr;
                error = writeSchemaVariant(db, v);
                for (const QString& edit : sqliteEdits) {
                    QSqlQuery q(db);
                    if (error.isEmpty() && !q.exec(edit))
                        error = edit + QStringLiteral(": ") + q.lastError().text();
                }
                db.close();
            }
            QSqlDatabase::removeDatabase(name);
            if (!error.isEmpty()) {
                qWarning() << error;
                return nullptr;
            }
            auto opened = AuditDatabase::open(path);
            return opened ? std::move(*opened) : nullptr;
        }
        const QString url = testServerUrl(backend);
        auto opened = AuditDatabase::open(url, AccessMode::Write);
        if (!opened) {
            qWarning() << opened.error();
            return nullptr;
        }
        if (const QString error = writeSchemaVariant((*opened)->sql(), v); !error.isEmpty()) {
            qWarning() << error;
            return nullptr;
        }
        opened->reset();
        auto reopened = AuditDatabase::open(url, AccessMode::Write);
        return reopened ? std::move(*reopened) : nullptr;
    }

    // A facts index of `db` built from nothing, opened for reading; its path in `index`.
    Expected<std::unique_ptr<AuditDatabase>> freshFactsIndex(AuditDatabase& db, QString& index)
    {
        index = facts_index::pathFor(db.location(), m_dir.filePath(QStringLiteral("facts")));
        QFile::remove(index);
        if (auto built = facts_index::update(db, index); !built)
            return Error{built.error()};
        return facts_index::openForReading(index);
    }

    // None, and one of each kind: on the run, on one of its calls, on the text.
    static std::vector<SessionFilter> everyKindOfFilter()
    {
        std::vector<SessionFilter> filters(9);
        filters[1].evidenceStatus = QStringLiteral("NO_EVIDENCE");
        filters[2].outcome = QStringLiteral("FALLBACK");
        filters[3].text = QStringLiteral("pool");
        filters[4].relevanceLevel = QStringLiteral("NONE");
        filters[5].failureKind = QStringLiteral("tool_error");
        filters[6].sessionOutcome = QStringLiteral("FALLBACK");
        filters[7].selectedAttempt = QStringLiteral("UNFILTERED_VECTOR_RETRY");
        filters[8].text = QStringLiteral("no such words");
        return filters;
    }

    // The first filter whose sessions the index lists otherwise than the database; empty
    // when every list is the same.
    static QString firstListThatDiffers(AuditDatabase& db, AuditDatabase& facts,
                                        const std::vector<SessionFilter>& filters)
    {
        for (size_t k = 0; k < filters.size(); ++k) {
            auto direct = AuditBrowser(db).sessions(filters[k], 0, 100);
            auto indexed = AuditBrowser(facts).sessions(filters[k], 0, 100);
            if (!direct || !indexed)
                return QStringLiteral("filter %1 failed").arg(k);
            if (nlohmann::json(*indexed).dump() != nlohmann::json(*direct).dump())
                return QStringLiteral("filter %1: %2 != %3")
                    .arg(k)
                    .arg(QString::fromStdString(nlohmann::json(*indexed).dump()),
                         QString::fromStdString(nlohmann::json(*direct).dump()));
        }
        return {};
    }

private slots:
    // A store that keeps integer run and session ids: the facts index answers as the store
    // does (its id columns are text, as the readers bind ids) and traces open by number.
    void integerIdsAreIds()
    {
        QStringList edits = {
            QStringLiteral("CREATE TABLE ids (old TEXT PRIMARY KEY, new INTEGER)"),
            QStringLiteral("INSERT INTO ids VALUES ('sv-run-success', 1), ('%1', 2), ('%2', 3), "
                           "('%3', 10), ('%4', 20), ('%5', 30)")
                .arg(variant::kEmptyRun, variant::kToolErrorRun, variant::kSuccessSession,
                     variant::kEmptySession, variant::kToolErrorSession)};
        for (const char* table : {"diagnosis_run", "agent_step", "tool_invocation"})
            for (const char* column : {"run_id", "session_id"}) {
                const QString t = QLatin1String(table);
                const QString c = QLatin1String(column);
                if (t == QLatin1String("agent_step") && c == QLatin1String("session_id"))
                    continue;
                edits << QStringLiteral("ALTER TABLE %1 RENAME COLUMN %2 TO old_%2").arg(t, c)
                      << QStringLiteral("ALTER TABLE %1 ADD COLUMN %2 INTEGER").arg(t, c)
                      << QStringLiteral("UPDATE %1 SET %2 = (SELECT new FROM ids WHERE old = "
                                        "old_%2)")
                             .arg(t, c);
            }
        auto db = openVariant(QStringLiteral("sqlite"), SchemaVariant::NoTimeline, edits);
        QVERIFY(db);
        QString index;
        auto facts = freshFactsIndex(*db, index);
        QVERIFY2(facts.ok(), facts.ok() ? "" : qPrintable(facts.error()));
        std::vector<SessionFilter> filters(4);
        filters[1].evidenceStatus = QStringLiteral("NO_EVIDENCE");
        filters[2].outcome = QStringLiteral("FALLBACK");
        filters[3].text = QStringLiteral("pool");
        for (const SessionFilter& f : filters)
            QVERIFY(!AuditBrowser(*db).sessions(f, 0, 100)->empty());
        const QString differs = firstListThatDiffers(*db, **facts, filters);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        auto trace = TraceService(*db).getTrace(QStringLiteral("20"));
        QVERIFY2(trace.ok(), trace.ok() ? "" : qPrintable(trace.error()));
        QCOMPARE(trace->runs.front().runId, QStringLiteral("2"));
        QCOMPARE(int(trace->toolInvocations.size()), 1);
    }

    // Whatever ids a writer left — a call filed under another session than its run's, a
    // session id that is empty — every session the list shows opens as a trace, and so
    // does the session id the misfiled call names.
    void everyListedSessionOpens()
    {
        const QStringList edits = {
            QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, tool_name, "
                           "created_at) VALUES (9001, 'sv-run-success', 'sv-misfiled', "
                           "'search_logs', '2026-11-20 10:00:30.000')"),
            QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, release_outcome, "
                           "started_at) VALUES ('sv-run-blank', '', 'SUCCESS', "
                           "'2026-11-20 10:00:31.000')"),
            QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, tool_name, "
                           "created_at) VALUES (9002, 'sv-run-blank', '', 'search_logs', "
                           "'2026-11-20 10:00:32.000')")};
        auto db = openVariant(QStringLiteral("sqlite"), SchemaVariant::NoTimeline, edits);
        QVERIFY(db);
        auto all = AuditBrowser(*db).sessions({}, 0, 100);
        QVERIFY2(all.ok(), all.ok() ? "" : qPrintable(all.error()));
        const QStringList listed = sessionIds(*all);
        // The misfiled call belongs to its run's session, as health and the facts index
        // count it; its own session id is not a session of the list, nor of a trace, which
        // says where the call is shown.
        QVERIFY2(!listed.contains(QStringLiteral("sv-misfiled")), qPrintable(listed.join(',')));
        QVERIFY2(listed.contains(QString()), qPrintable(listed.join(',')));
        for (const QString& id : listed) {
            auto trace = TraceService(*db).getTrace(id);
            QVERIFY2(trace.ok(), qPrintable(id + QStringLiteral(": ") +
                                            (trace.ok() ? QString() : trace.error())));
            QVERIFY(!trace->toolInvocations.empty());
        }
        auto misfiled = TraceService(*db).getTrace(QStringLiteral("sv-misfiled"));
        QVERIFY(misfiled.notFound());
        QVERIFY2(misfiled.error().contains(QStringLiteral("run 'sv-run-success' of session")),
                 qPrintable(misfiled.error()));
    }

    // A writer that keeps times as epoch numbers (integers or digit text, seconds or
    // milliseconds) or Julian days: the time filter, health windows, the trace and the facts
    // index read them as the same instants as ISO text.
    void epochTimesAreTimes()
    {
        const auto epoch = [](int second) {
            return QDateTime(QDate(2026, 11, 20), QTime(10, 0, second), Qt::UTC)
                .toMSecsSinceEpoch();
        };
        const QStringList edits = {
            QStringLiteral("ALTER TABLE diagnosis_run RENAME COLUMN started_at TO started_text"),
            QStringLiteral("ALTER TABLE diagnosis_run ADD COLUMN started_at"), // no affinity
            QStringLiteral("UPDATE diagnosis_run SET started_at = CASE run_id WHEN "
                           "'sv-run-success' THEN %1 WHEN '%2' THEN %3 ELSE '%4' END")
                .arg(epoch(0) / 1000)
                .arg(variant::kEmptyRun)
                .arg(epoch(10))
                .arg(epoch(20) / 1000)};
        auto db = openVariant(QStringLiteral("sqlite"), SchemaVariant::NoTimeline, edits);
        QVERIFY(db);
        const AuditBrowser browser(*db);
        SessionFilter window;
        window.since = QDateTime(QDate(2026, 11, 20), QTime(10, 0, 5), Qt::UTC);
        auto recent = browser.sessions(window, 0, 100);
        QVERIFY2(recent.ok(), recent.ok() ? "" : qPrintable(recent.error()));
        QCOMPARE(sessionIds(*recent),
                 (QStringList{variant::kEmptySession, variant::kToolErrorSession}));
        auto runs = browser.runsOfSession(variant::kToolErrorSession);
        QVERIFY(runs.ok() && runs->size() == 1);
        QCOMPARE(runs->front().startedAt.toMSecsSinceEpoch(), epoch(20));
        QCOMPARE(
            browser.runsOfSession(variant::kEmptySession)->front().startedAt.toMSecsSinceEpoch(),
            epoch(10));
        auto health = computeHealth(*db, window.since, {});
        QVERIFY2(health.ok(), health.ok() ? "" : qPrintable(health.error()));
        QCOMPARE(health->runs, 2);

        QString index;
        auto facts = freshFactsIndex(*db, index);
        QVERIFY2(facts.ok(), facts.ok() ? "" : qPrintable(facts.error()));
        const QString differs = firstListThatDiffers(*db, **facts, {SessionFilter{}, window});
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        auto indexedHealth = computeHealth(**facts, window.since, {});
        QVERIFY(indexedHealth.ok());
        QCOMPARE(QString::fromStdString(nlohmann::json(*indexedHealth).dump()),
                 QString::fromStdString(nlohmann::json(*health).dump()));
    }

    // A start kept as a number that reads as a Julian day before the year 1 (0 written for
    // "not set", or just before 0001-01-01) is no time in every view: the trace showed
    // 4714 BC where the list showed none, and windows placed it before any bound.
    void numberStartsBeforeTheYearOneAreNoTime()
    {
        const QStringList edits = {
            QStringLiteral("ALTER TABLE diagnosis_run RENAME COLUMN started_at TO started_text"),
            QStringLiteral("ALTER TABLE diagnosis_run ADD COLUMN started_at"), // no affinity
            QStringLiteral("UPDATE diagnosis_run SET started_at = CASE run_id WHEN "
                           "'sv-run-success' THEN 0 WHEN '%1' THEN 2461000.5 ELSE 1721425.4 END")
                .arg(variant::kEmptyRun)};
        auto db = openVariant(QStringLiteral("sqlite"), SchemaVariant::NoTimeline, edits);
        QVERIFY(db);
        const AuditBrowser browser(*db);
        const auto startOf = [&](const QString& session) {
            auto runs = browser.runsOfSession(session);
            return runs.ok() && runs->size() == 1 ? runs->front().startedAt : QDateTime();
        };
        QVERIFY(!startOf(variant::kSuccessSession).isValid());
        QVERIFY(!startOf(variant::kToolErrorSession).isValid());
        QCOMPARE(
            startOf(variant::kEmptySession),
            QDateTime::fromMSecsSinceEpoch(qint64((2461000.5 - 2440587.5) * 86400000.0), Qt::UTC));
        auto trace = TraceService(*db).getTrace(variant::kSuccessSession);
        QVERIFY2(trace.ok(), trace.ok() ? "" : qPrintable(trace.error()));
        QCOMPARE(int(trace->runs.size()), 1);
        QVERIFY2(!trace->runs.front().startedAt.isValid(),
                 qPrintable(trace->runs.front().startedAt.toString(Qt::ISODate)));
        // Every session is listed; a window holds only the run it can place.
        auto all = browser.sessions(SessionFilter{}, 0, 100);
        QVERIFY(all.ok());
        QCOMPARE(int(all->size()), 3);
        SessionFilter window;
        window.until = QDateTime(QDate(2100, 1, 1), QTime(0, 0), Qt::UTC);
        auto placed = browser.sessions(window, 0, 100);
        QVERIFY2(placed.ok(), placed.ok() ? "" : qPrintable(placed.error()));
        QCOMPARE(sessionIds(*placed), QStringList{variant::kEmptySession});
        auto health = computeHealth(*db, {}, window.until);
        QVERIFY2(health.ok(), health.ok() ? "" : qPrintable(health.error()));
        QCOMPARE(health->runs, 1);

        QString index;
        auto facts = freshFactsIndex(*db, index);
        QVERIFY2(facts.ok(), facts.ok() ? "" : qPrintable(facts.error()));
        const QString differs = firstListThatDiffers(*db, **facts, {SessionFilter{}, window});
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        QCOMPARE(computeHealth(**facts, {}, window.until)->runs, 1);
    }

    // A missing column's note says what it costs: without content_type a run falls back by
    // its release outcome alone; without created_at calls have no time of their own.
    void missingColumnsSayWhatTheyCost()
    {
        auto db =
            openVariant(QStringLiteral("sqlite"), SchemaVariant::NoTimeline,
                        {QStringLiteral("ALTER TABLE diagnosis_run DROP COLUMN content_type"),
                         QStringLiteral("ALTER TABLE tool_invocation DROP COLUMN created_at")});
        QVERIFY(db);
        QMap<QString, QString> said;
        for (const SchemaNote& n : schemaNotes(*db))
            said.insert(n.table + QLatin1Char('.') + n.column, n.message);
        QVERIFY2(said.value(QStringLiteral("diagnosis_run.content_type"))
                     .contains(QStringLiteral("release outcome alone")),
                 qPrintable(said.value(QStringLiteral("diagnosis_run.content_type"))));
        QVERIFY2(said.value(QStringLiteral("tool_invocation.created_at"))
                     .contains(QStringLiteral("not ordered by time")),
                 qPrintable(said.value(QStringLiteral("tool_invocation.created_at"))));
        // And every view still reads: the FALLBACK runs by their release outcome.
        SessionFilter fallback;
        fallback.outcome = QStringLiteral("FALLBACK");
        auto found = AuditBrowser(*db).sessions(fallback, 0, 100);
        QVERIFY2(found.ok(), found.ok() ? "" : qPrintable(found.error()));
        QCOMPARE(sessionIds(*found),
                 (QStringList{variant::kEmptySession, variant::kToolErrorSession}));
        auto health = computeHealth(*db, {}, {});
        QVERIFY(health.ok());
        QCOMPARE(health->fallbackRuns, 2);
    }

    // A large call table without an index on run_id makes every opened run a scan of it:
    // the notes say so (and how to do without), and say nothing once an index serves.
    void aLargeUnindexedCallTableSaysSo()
    {
        const QString bulk =
            QStringLiteral(
                "INSERT INTO tool_invocation (id, run_id, session_id, tool_name) WITH RECURSIVE "
                "n(x) AS (SELECT 1000 UNION ALL SELECT x + 1 FROM n WHERE x < %1) SELECT x, "
                "'bulk-run', 'bulk-session', 'lookup_knowledge' FROM n")
                .arg(1000 + audit_rows::kManyCalls);
        const auto runIdNote = [](AuditDatabase& db) {
            for (const SchemaNote& n : schemaNotes(db))
                if (n.table == QLatin1String("tool_invocation") &&
                    n.column == QLatin1String("run_id"))
                    return n.message;
            return QString();
        };
        auto plain = openVariant(QStringLiteral("sqlite"), SchemaVariant::NoTimeline, {bulk});
        QVERIFY(plain);
        QVERIFY2(runIdNote(*plain).contains(QLatin1String("reads the whole call table")),
                 qPrintable(runIdNote(*plain)));
        auto indexed = openVariant(
            QStringLiteral("sqlite"), SchemaVariant::NoTimeline,
            {bulk, QStringLiteral("CREATE INDEX probe_run ON tool_invocation(run_id)")});
        QVERIFY(indexed);
        QCOMPARE(runIdNote(*indexed), QString());
        // A small table costs little to scan: nothing to say.
        auto small = openVariant(QStringLiteral("sqlite"), SchemaVariant::NoTimeline);
        QVERIFY(small);
        QCOMPARE(runIdNote(*small), QString());
    }

    // A table without its key may hold a row twice, which direct reads count twice and the
    // facts index once: the schema notes say so, on every backend, and a unique index on the
    // column is a key as a primary key is.
    void tablesWithoutTheirKeysSaySo_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        for (const auto& [name, variable] : {std::pair{"postgresql", "RAGLENS_TEST_PG_URL"},
                                             std::pair{"mariadb", "RAGLENS_TEST_MYSQL_URL"}})
            if (serverRowsWanted(variable))
                QTest::newRow(name) << QString::fromLatin1(name);
    }
    void tablesWithoutTheirKeysSaySo()
    {
        QFETCH(QString, backend);
        const bool sqlite = backend == QLatin1String("sqlite");
        auto db = openVariant(backend, SchemaVariant::NoTimeline);
        QVERIFY2(db, "the variant could not be written (is the server up?)");
        const auto exec = [&](const QString& sql) {
            if (sqlite) {
                QSqlDatabase w = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"),
                                                           QStringLiteral("keys-writer"));
                w.setDatabaseName(db->location().path);
                QVERIFY(w.open());
                QSqlQuery q(w);
                QVERIFY2(q.exec(sql), qPrintable(q.lastError().text()));
                q.finish();
                w.close();
                w = QSqlDatabase();
                QSqlDatabase::removeDatabase(QStringLiteral("keys-writer"));
                return;
            }
            QSqlQuery q(db->sql());
            QVERIFY2(q.exec(sql), qPrintable(sql + QStringLiteral(": ") + q.lastError().text()));
        };
        // A connection reads the keys once (schema notes are asked for by every sessions
        // request): each look after a change opens a new one, as a user reopening would.
        const auto noted = [&db]() {
            QMap<QString, QString> said;
            auto fresh = db->reopen();
            if (!fresh)
                return said;
            for (const SchemaNote& n : schemaNotes(**fresh))
                said.insert(n.table + QLatin1Char('.') + n.column, n.message);
            const auto keys = (*fresh)->inspection().keys;
            if (keys.contains(QStringLiteral("diagnosis_run.run_id")) &&
                keys.contains(QStringLiteral("tool_invocation.id")))
                said.insert(QStringLiteral("cached"), QString());
            return said;
        };
        const auto first = noted();
        QVERIFY2(!first.contains(QStringLiteral("diagnosis_run.run_id")), "a primary key is a key");
        QVERIFY2(first.contains(QStringLiteral("cached")), "the connection keeps what it read");
        if (backend == QLatin1String("postgresql")) {
            exec(QStringLiteral("ALTER TABLE diagnosis_run DROP CONSTRAINT diagnosis_run_pkey"));
            exec(QStringLiteral("ALTER TABLE tool_invocation DROP CONSTRAINT "
                                "tool_invocation_pkey"));
        } else if (backend == QLatin1String("mariadb")) {
            exec(QStringLiteral("ALTER TABLE diagnosis_run DROP PRIMARY KEY"));
            exec(QStringLiteral("ALTER TABLE tool_invocation DROP PRIMARY KEY"));
        } else {
            for (const char* table : {"diagnosis_run", "tool_invocation"}) {
                const QString t = QLatin1String(table);
                exec(QStringLiteral("CREATE TABLE keyless AS SELECT * FROM %1").arg(t));
                exec(QStringLiteral("DROP TABLE %1").arg(t));
                exec(QStringLiteral("ALTER TABLE keyless RENAME TO %1").arg(t));
            }
        }
        if (QTest::currentTestFailed())
            return;
        auto said = noted();
        QVERIFY2(
            said.value(QStringLiteral("diagnosis_run.run_id")).contains(QLatin1String("no key")),
            qPrintable(said.keys().join(QLatin1Char(' '))));
        QVERIFY(said.value(QStringLiteral("tool_invocation.id")).contains(QLatin1String("no key")));
        // A unique index on the column is a key; one over two columns is not.
        exec(QStringLiteral("CREATE UNIQUE INDEX two_columns ON tool_invocation(id, run_id)"));
        exec(QStringLiteral("CREATE UNIQUE INDEX run_key ON diagnosis_run(run_id)"));
        if (QTest::currentTestFailed())
            return;
        said = noted();
        QVERIFY(!said.contains(QStringLiteral("diagnosis_run.run_id")));
        QVERIFY(said.contains(QStringLiteral("tool_invocation.id")));
        // Every view still reads.
        auto sessions = AuditBrowser(*db).sessions({}, 0, 100);
        QVERIFY2(sessions.ok(), sessions.ok() ? "" : qPrintable(sessions.error()));
        QCOMPARE(int(sessions->size()), 3);
    }

    // A success flag kept in a column of a number type with fractions (an SQLite REAL
    // column, PostgreSQL NUMERIC, MariaDB DECIMAL: 1.0 and 0.0) is the flag it holds in every
    // view alike: the trace, the failure filter, health and the facts index. SQL once read
    // it as the text "1.0", neither true nor false, and counted every call as failed while
    // the trace showed each as a success.
    void numberFlagsAreFlags_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("type"); ///< the success column's type on a server
        QTest::newRow("sqlite") << QStringLiteral("sqlite") << QStringLiteral("REAL");
        if (serverRowsWanted("RAGLENS_TEST_PG_URL"))
            QTest::newRow("postgresql")
                << QStringLiteral("postgresql") << QStringLiteral("NUMERIC(3,1)");
        if (serverRowsWanted("RAGLENS_TEST_MYSQL_URL")) {
            QTest::newRow("mariadb") << QStringLiteral("mariadb") << QStringLiteral("DECIMAL(3,1)");
            // BIT(1), a common flag type there, casts to a control character.
            QTest::newRow("mariadb/bit") << QStringLiteral("mariadb") << QStringLiteral("BIT(1)");
        }
    }
    void numberFlagsAreFlags()
    {
        QFETCH(QString, backend);
        QFETCH(QString, type);
        auto reference = openVariant(QStringLiteral("sqlite"), SchemaVariant::NoTimeline);
        QVERIFY(reference);
        std::unique_ptr<AuditDatabase> db;
        if (backend == QLatin1String("sqlite")) {
            db = openVariant(
                backend, SchemaVariant::NoTimeline,
                {QStringLiteral("ALTER TABLE tool_invocation ADD COLUMN success_real REAL"),
                 QStringLiteral("UPDATE tool_invocation SET success_real = success"),
                 QStringLiteral("ALTER TABLE tool_invocation RENAME COLUMN success TO "
                                "success_as_written"),
                 QStringLiteral("ALTER TABLE tool_invocation RENAME COLUMN success_real TO "
                                "success")});
        } else {
            db = openVariant(backend, SchemaVariant::NoTimeline);
            QVERIFY2(db, "the variant could not be written (is the server up?)");
            QSqlQuery q(db->sql());
            const QString edit =
                backend == QLatin1String("postgresql")
                    ? QStringLiteral("ALTER TABLE tool_invocation ALTER COLUMN success TYPE "
                                     "%1 USING CAST(success AS %1)")
                          .arg(type)
                    : QStringLiteral("ALTER TABLE tool_invocation MODIFY success %1").arg(type);
            QVERIFY2(q.exec(edit), qPrintable(edit + QStringLiteral(": ") + q.lastError().text()));
            db.reset(); // a new connection reads the catalogue again
            auto reopened = AuditDatabase::open(testServerUrl(backend), AccessMode::Write);
            QVERIFY2(reopened.ok(), reopened.ok() ? "" : qPrintable(reopened.error()));
            db = std::move(*reopened);
        }
        QVERIFY(db);
        if (!type.startsWith(QLatin1String("BIT"))) {
            QSqlQuery q(db->sql());
            QVERIFY(q.exec(QStringLiteral("SELECT %1 FROM tool_invocation WHERE success = 1")
                               .arg(backend == QLatin1String("mariadb")
                                        ? QStringLiteral("CAST(success AS CHAR)")
                                        : QStringLiteral("CAST(success AS TEXT)"))));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("1.0"));
        }
        SessionFilter toolErrors;
        toolErrors.failureKind = QStringLiteral("tool_error");
        const auto failed = AuditBrowser(*db).sessions(toolErrors, 0, 100);
        QVERIFY2(failed.ok(), failed.ok() ? "" : qPrintable(failed.error()));
        QCOMPARE(sessionIds(*failed), QStringList{variant::kToolErrorSession});
        const auto health = computeHealth(*db, {}, {});
        QVERIFY2(health.ok(), health.ok() ? "" : qPrintable(health.error()));
        QCOMPARE(health->errors, computeHealth(*reference, {}, {})->errors);
        for (const QString& session :
             {variant::kSuccessSession, variant::kEmptySession, variant::kToolErrorSession}) {
            const auto trace = TraceService(*db).getTrace(session);
            const auto expected = TraceService(*reference).getTrace(session);
            QVERIFY2(trace.ok(), trace.ok() ? "" : qPrintable(trace.error()));
            QVERIFY(expected.ok());
            QCOMPARE(trace->toolInvocations.size(), expected->toolInvocations.size());
            for (size_t i = 0; i < trace->toolInvocations.size(); ++i)
                QCOMPARE(trace->toolInvocations[i].success, expected->toolInvocations[i].success);
        }
        QString index;
        auto facts = freshFactsIndex(*db, index);
        QVERIFY2(facts.ok(), facts.ok() ? "" : qPrintable(facts.error()));
        const QString differs = firstListThatDiffers(*db, **facts, everyKindOfFilter());
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        QCOMPARE(computeHealth(**facts, {}, {})->errors, health->errors);
    }

    // The facts index of each variant, built from SQLite through ATTACH and from the
    // servers by streaming, answers lists, filters, counts and health as the database does.
    void factsIndexAnswersAlike_data() { everyViewWorks_data(); }
    void factsIndexAnswersAlike()
    {
        QFETCH(QString, backend);
        QFETCH(QString, variant);
        auto db = openVariant(backend, schemaVariantFromName(variant));
        QVERIFY2(db, "the variant could not be written (is the server up?)");
        QString index;
        auto facts = freshFactsIndex(*db, index);
        if (schemaVariantFromName(variant) == SchemaVariant::TextIds) {
            // Calls are batched and refreshed by a numeric id: refused with the reason, not an
            // SQL error (PostgreSQL has no MIN of a uuid); readers go to the database.
            QVERIFY(!facts.ok());
            QVERIFY2(facts.error().contains(QLatin1String("holds text")),
                     qPrintable(facts.error()));
            return;
        }
        QVERIFY2(facts.ok(), facts.ok() ? "" : qPrintable(facts.error()));
        const std::vector<SessionFilter> filters = everyKindOfFilter();
        const QString differs = firstListThatDiffers(*db, **facts, filters);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        for (const SessionFilter& f : filters)
            QCOMPARE(AuditBrowser(**facts).countSessions(f).value(),
                     AuditBrowser(*db).countSessions(f).value());
        // Health over all time and over a window that cuts the runs (and the orphan calls,
        // by their own time) in two.
        const QDateTime cut(QDate(2026, 11, 20), QTime(10, 0, 5), Qt::UTC);
        for (const auto& [since, until] :
             {std::pair{QDateTime(), QDateTime()}, std::pair{cut, QDateTime()},
              std::pair{QDateTime(), cut}}) {
            auto direct = computeHealth(*db, since, until);
            auto indexed = computeHealth(**facts, since, until);
            QVERIFY(direct.ok() && indexed.ok());
            QCOMPARE(QString::fromStdString(nlohmann::json(*indexed).dump()),
                     QString::fromStdString(nlohmann::json(*direct).dump()));
        }
        if (backend == QLatin1String("sqlite"))
            return; // opened read-only, as a user opens it; refreshes are tested on files too
        // The agent writes another call: a refresh (not a rebuild) brings it in. Its id
        // differs per variant: the variants share one server database, and a list of
        // orphan-only sessions is kept 30 s per database and newest id.
        QSqlQuery q(db->sql());
        QVERIFY2(q.exec(QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                       "tool_name) VALUES (%3, '%1', '%2', 'search_logs')")
                            .arg(QStringLiteral("sv-run-success"), variant::kSuccessSession)
                            .arg(100000 + int(schemaVariantFromName(variant)))),
                 qPrintable(q.lastError().text()));
        facts->reset();
        auto refreshed = facts_index::update(*db, index);
        QVERIFY2(refreshed.ok(), refreshed.ok() ? "" : qPrintable(refreshed.error()));
        QVERIFY(!refreshed->rebuilt);
        QCOMPARE(refreshed->invocationsAdded, qint64(1));
        facts = facts_index::openForReading(index);
        QVERIFY(facts.ok());
        SessionFilter tool;
        tool.toolName = QStringLiteral("search_logs");
        QCOMPARE(QString::fromStdString(
                     nlohmann::json(*AuditBrowser(**facts).sessions(tool, 0, 100)).dump()),
                 QString::fromStdString(
                     nlohmann::json(*AuditBrowser(*db).sessions(tool, 0, 100)).dump()));
        // Retention removes a run row and keeps its calls; a run row arrives without a
        // start: the refresh compares the run ids the server streams, and follows both.
        QVERIFY2(q.exec(QStringLiteral("DELETE FROM diagnosis_run WHERE run_id = "
                                       "'sv-run-success'")),
                 qPrintable(q.lastError().text()));
        QVERIFY2(q.exec(QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id) VALUES "
                                       "('sv-run-late', 'sv-late')")),
                 qPrintable(q.lastError().text()));
        facts->reset();
        refreshed = facts_index::update(*db, index);
        QVERIFY2(refreshed.ok(), refreshed.ok() ? "" : qPrintable(refreshed.error()));
        QVERIFY(!refreshed->rebuilt);
        facts = facts_index::openForReading(index);
        QVERIFY(facts.ok());
        const QString afterRetention = firstListThatDiffers(*db, **facts, filters);
        QVERIFY2(afterRetention.isEmpty(), qPrintable(afterRetention));
        QCOMPARE(QString::fromStdString(nlohmann::json(*computeHealth(**facts, {}, {})).dump()),
                 QString::fromStdString(nlohmann::json(*computeHealth(*db, {}, {})).dump()));
    }

    // The audit check runs on every variant on every backend, says what it cannot check,
    // and finds the same rows on the servers as on SQLite.
    void auditCheckAnswersAlike_data() { everyViewWorks_data(); }
    void auditCheckAnswersAlike()
    {
        QFETCH(QString, backend);
        QFETCH(QString, variant);
        const SchemaVariant v = schemaVariantFromName(variant);
        const auto summary = [](const check::CheckReport& report) {
            nlohmann::json rules = nlohmann::json::array();
            for (const check::RuleResult& r : report.rules) {
                std::vector<std::string> rows;
                for (const check::RuleFinding& f : r.findings)
                    rows.push_back(nlohmann::json(f).dump());
                std::sort(rows.begin(), rows.end());
                rules.push_back({{"id", r.info.id.toStdString()},
                                 {"verdict", check::verdictName(r.verdict()).toStdString()},
                                 {"checked", r.checked},
                                 {"failed", r.failed},
                                 {"findings", rows}});
            }
            return nlohmann::json{
                {"runs", report.runs}, {"invocations", report.invocations}, {"rules", rules}};
        };
        auto reference = openVariant(QStringLiteral("sqlite"), v);
        QVERIFY(reference);
        auto expected = check::runAuditCheck(*reference, {});
        QVERIFY2(expected.ok(), expected.ok() ? "" : qPrintable(expected.error()));
        QVERIFY(expected->runs > 0);
        if (v == SchemaVariant::PreStepId)
            for (const check::RuleResult& r : expected->rules)
                if (r.info.id == QLatin1String("step_binding"))
                    QCOMPARE(r.verdict(), check::Verdict::NotApplicable);
        // A window reads runs by their start and calls without a recorded run by their own
        // time, in every time convention of the variants.
        check::CheckScope window;
        window.since = QDateTime(QDate(2000, 1, 1), QTime(0, 0), Qt::UTC);
        window.until = QDateTime(QDate(2100, 1, 1), QTime(0, 0), Qt::UTC);
        auto expectedInWindow = check::runAuditCheck(*reference, window);
        QVERIFY2(expectedInWindow.ok(),
                 expectedInWindow.ok() ? "" : qPrintable(expectedInWindow.error()));
        if (backend == QLatin1String("sqlite"))
            return;
        auto db = openVariant(backend, v);
        QVERIFY2(db, "the variant could not be written (is the server up?)");
        auto actual = check::runAuditCheck(*db, {});
        QVERIFY2(actual.ok(), actual.ok() ? "" : qPrintable(actual.error()));
        QCOMPARE(QString::fromStdString(summary(*actual).dump()),
                 QString::fromStdString(summary(*expected).dump()));
        auto actualInWindow = check::runAuditCheck(*db, window);
        QVERIFY2(actualInWindow.ok(),
                 actualInWindow.ok() ? "" : qPrintable(actualInWindow.error()));
        QCOMPARE(QString::fromStdString(summary(*actualInWindow).dump()),
                 QString::fromStdString(summary(*expectedInWindow).dump()));
    }

    void recordingNeedsIdsTheStoreAssigns_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QStringList>("edits");
        QTest::addColumn<bool>("records");
        QStringList pgConstant, pgSequence = {QStringLiteral("CREATE SEQUENCE IF NOT EXISTS "
                                                             "raglens_test_ids")};
        QStringList myConstant, myAutoIncrement;
        for (const char* table : {"agent_step", "tool_invocation", "diagnosis_trace"}) {
            const QString t = QLatin1String(table);
            pgConstant << QStringLiteral("ALTER TABLE %1 ALTER COLUMN id SET DEFAULT 0").arg(t);
            pgSequence << QStringLiteral("ALTER TABLE %1 ALTER COLUMN id SET DEFAULT "
                                         "nextval('raglens_test_ids')")
                              .arg(t);
            myConstant
                << QStringLiteral("ALTER TABLE %1 MODIFY id INTEGER NOT NULL DEFAULT 0").arg(t);
            myAutoIncrement << QStringLiteral(
                                   "ALTER TABLE %1 MODIFY id INTEGER NOT NULL AUTO_INCREMENT")
                                   .arg(t);
        }
        // A constant default numbers nothing: every new row would get the same id.
        QTest::newRow("postgresql/constant default") << "postgresql" << pgConstant << false;
        QTest::newRow("postgresql/sequence default") << "postgresql" << pgSequence << true;
        QTest::newRow("mariadb/constant default") << "mysql" << myConstant << false;
        QTest::newRow("mariadb/auto-increment") << "mysql" << myAutoIncrement << true;
    }
    void recordingNeedsIdsTheStoreAssigns()
    {
        QFETCH(QString, backend);
        QFETCH(QStringList, edits);
        QFETCH(bool, records);
        RAGLENS_NEEDS_SERVER(testServerVariable(backend));
        auto db = openVariant(backend, SchemaVariant::ExtraColumns);
        QVERIFY2(db, "the variant could not be written (is the server up?)");
        {
            QSqlQuery q(db->sql());
            for (const QString& edit : edits)
                QVERIFY2(q.exec(edit),
                         qPrintable(edit + QStringLiteral(": ") + q.lastError().text()));
        }
        db.reset(); // a new connection reads the catalogue again
        const QString url = testServerUrl(backend);
        auto reopened = AuditDatabase::open(url, AccessMode::Write);
        QVERIFY2(reopened.ok(), reopened.ok() ? "" : qPrintable(reopened.error()));
        RunStart start;
        start.runId = QStringLiteral("run-numbered");
        start.sessionId = QStringLiteral("sess-numbered");
        auto recorder = RunRecorder::begin(**reopened, start);
        QVERIFY2(bool(recorder) == records, recorder ? "" : qPrintable(recorder.error()));
        if (!records)
            QVERIFY2(recorder.error().contains(QLatin1String("number their rows")),
                     qPrintable(recorder.error()));
    }

    // A call id stored as a fraction (a column without the INTEGER PRIMARY KEY rule keeps
    // 4.5 as it is): the facts index, which orders and refreshes calls by id, is refused with
    // that reason, not an SQL error; the lists still read the database.
    void fractionalCallIdsAreRefusedWithTheReason()
    {
        auto db = openVariant(
            QStringLiteral("sqlite"), SchemaVariant::NoTimeline,
            {QStringLiteral("CREATE TABLE calls AS SELECT * FROM tool_invocation"),
             QStringLiteral("DROP TABLE tool_invocation"),
             QStringLiteral("ALTER TABLE calls RENAME TO tool_invocation"),
             QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, tool_name) "
                            "SELECT 4.5, run_id, session_id, tool_name FROM tool_invocation "
                            "LIMIT 1")});
        QVERIFY(db);
        QString index;
        auto facts = freshFactsIndex(*db, index);
        QVERIFY(!facts.ok());
        QVERIFY2(facts.error().contains(QLatin1String("is not a whole number")),
                 qPrintable(facts.error()));
        QVERIFY(AuditBrowser(*db).sessions({}, 0, 100).ok());
    }

    // Without an index on tool_invocation.run_id (as every variant here is written), a
    // condition on a run's calls is read in one pass over the calls; with one, each run is
    // probed. Both readings list the same sessions for every filter on a run's calls.
    void callsWithAndWithoutARunIndexAnswerAlike()
    {
        for (const QString& variant : schemaVariantNames()) {
            const SchemaVariant v = schemaVariantFromName(variant);
            if (v == SchemaVariant::Views)
                continue; // a view has no index of its own
            auto plain = openVariant(QStringLiteral("sqlite"), v);
            auto indexed =
                openVariant(QStringLiteral("sqlite"), v,
                            {QStringLiteral("CREATE INDEX probe_run ON tool_invocation(run_id)")});
            QVERIFY2(plain && indexed, qPrintable(variant));
            QVERIFY(!audit_rows::callsFoundByRun(*plain));
            QVERIFY(audit_rows::callsFoundByRun(*indexed));
            const std::vector<SessionFilter> filters = everyKindOfFilter();
            const QString differs = firstListThatDiffers(*indexed, *plain, filters);
            QVERIFY2(differs.isEmpty(), qPrintable(variant + QStringLiteral(": ") + differs));
            // Counts and health read the calls of every run at once: alike too.
            for (const SessionFilter& f : filters)
                QCOMPARE(AuditBrowser(*plain).countSessions(f).value(),
                         AuditBrowser(*indexed).countSessions(f).value());
            QCOMPARE(
                QString::fromStdString(nlohmann::json(*computeHealth(*plain, {}, {})).dump()),
                QString::fromStdString(nlohmann::json(*computeHealth(*indexed, {}, {})).dump()));
        }
    }

    void everyViewWorks_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("variant");
        QStringList backends = {QStringLiteral("sqlite")};
        for (const auto& [name, variable] : {std::pair{"postgresql", "RAGLENS_TEST_PG_URL"},
                                             std::pair{"mariadb", "RAGLENS_TEST_MYSQL_URL"}}) {
            if (serverRowsWanted(variable))
                backends << QString::fromLatin1(name);
        }
        for (const QString& backend : backends)
            for (const QString& variant : schemaVariantNames())
                QTest::newRow(qPrintable(backend + QLatin1Char('/') + variant))
                    << backend << variant;
    }
    void everyViewWorks()
    {
        QFETCH(QString, backend);
        QFETCH(QString, variant);
        const SchemaVariant v = schemaVariantFromName(variant);
        auto db = openVariant(backend, v);
        QVERIFY2(db, "the variant could not be written (is the server up?)");
        const AuditBrowser browser(*db);

        if (!db->isReadOnly()) {
            // The variants' ids are given by their writer (no identity, sequence or
            // auto-increment), or are text: recording is refused before any row is written.
            const auto runCount = [&db] {
                QSqlQuery q(db->sql());
                return q.exec(QStringLiteral("SELECT COUNT(*) FROM diagnosis_run")) && q.next()
                           ? q.value(0).toInt()
                           : -1;
            };
            const int before = runCount();
            RunStart start;
            start.runId = QStringLiteral("run-recorded");
            start.sessionId = QStringLiteral("sess-recorded");
            auto recorder = RunRecorder::begin(*db, start);
            QVERIFY(!recorder);
            QVERIFY2(recorder.error().contains(QLatin1String("number their rows")),
                     qPrintable(recorder.error()));
            QCOMPARE(runCount(), before);
        }

        // The list, every filter and the text search run; none fails on a missing column.
        auto all = browser.sessions({}, 0, 100);
        QVERIFY2(all.ok(), all.ok() ? "" : qPrintable(all.error()));
        // A session known only from calls without a run row is listed too, unfiltered.
        const bool orphans = v == SchemaVariant::Orphans;
        QStringList expectedIds = {variant::kEmptySession, variant::kSuccessSession,
                                   variant::kToolErrorSession};
        if (orphans)
            expectedIds = QStringList{variant::kEmptySession, variant::kOrphanOnlySession,
                                      variant::kSuccessSession, variant::kToolErrorSession};
        QCOMPARE(sessionIds(*all), expectedIds);
        QCOMPARE(browser.countSessions({}).value(), int(expectedIds.size()));
        // The database's total ("n of N sessions match") counts what the list shows.
        QCOMPARE(browser.summary().value().sessions, int(expectedIds.size()));
        for (const SessionRow& row : *all) {
            if (row.sessionId == variant::kOrphanOnlySession) {
                QCOMPARE(row.runCount, 1);
                QCOMPARE(row.invocationCount, 1);
                QCOMPARE(row.noEvidenceCount, 1);
                QCOMPARE(row.outcome.outcome, QString()); // no run row says how it ended
                continue;
            }
            const QString expected = row.sessionId == variant::kSuccessSession
                                         ? QStringLiteral("SUCCESS")
                                         : QStringLiteral("FALLBACK");
            QCOMPARE(row.outcome.outcome, expected);
            // The empty session's orphan call and its call without a run id count among
            // its calls, and each among its runs as the trace shows them (below): before,
            // only a session without any run row counted such runs.
            if (row.sessionId == variant::kEmptySession) {
                QCOMPARE(row.invocationCount, orphans ? 3 : 1);
                QCOMPARE(row.runCount, orphans ? 3 : 1);
            }
        }
        SessionFilter empty;
        empty.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        auto found = browser.sessions(empty, 0, 100);
        QVERIFY(found.ok());
        // A call without a recorded run is reached by the filter too, under its session.
        const QStringList withEmptyLookup =
            orphans ? QStringList{variant::kEmptySession, variant::kOrphanOnlySession}
                    : QStringList{variant::kEmptySession};
        QCOMPARE(sessionIds(*found), withEmptyLookup);
        QCOMPARE(browser.countSessions(empty).value(), int(withEmptyLookup.size()));
        if (orphans) { // ... and opens under the filter to the run that holds that call
            auto runs = browser.runsOfSession(variant::kOrphanOnlySession, empty);
            QVERIFY(runs.ok());
            QCOMPARE(int(runs->size()), 1);
            QVERIFY(runs->front().orphan);
            QCOMPARE(runs->front().runId, variant::kOrphanOnlyRun);
        }
        SessionFilter failed;
        failed.failureKind = QStringLiteral("tool_error");
        auto failing = browser.sessions(failed, 0, 100);
        QVERIFY(failing.ok());
        QCOMPARE(sessionIds(*failing), QStringList{variant::kToolErrorSession});
        SessionFilter text;
        text.text = QStringLiteral("pool exhausted");
        auto searched = browser.sessions(text, 0, 100);
        QVERIFY2(searched.ok(), searched.ok() ? "" : qPrintable(searched.error()));
        QCOMPARE(int(searched->size()), 3);
        SessionFilter window;
        window.since = QDateTime(QDate(2026, 11, 20), QTime(10, 0, 5), Qt::UTC);
        auto recent = browser.sessions(window, 0, 100);
        QVERIFY(recent.ok());
        // ... by its own time: the orphan-only session's call is in the window.
        QCOMPARE(int(recent->size()), orphans ? 3 : 2);
        QCOMPARE(browser.countSessions(window).value(), orphans ? 3 : 2);

        // Traces: every session, with its fallback cause; orphans under their session.
        const TraceService traces(*db);
        for (const QString& session :
             {variant::kSuccessSession, variant::kEmptySession, variant::kToolErrorSession}) {
            auto trace = traces.getTrace(session);
            QVERIFY2(trace.ok(), trace.ok() ? "" : qPrintable(trace.error()));
            for (const TraceRun& run : trace->runs) {
                // Every way of keeping a time reads as the same instant.
                const int second = run.runId == variant::kEmptyRun       ? 10
                                   : run.runId == variant::kToolErrorRun ? 20
                                                                         : 0;
                if (!run.orphan)
                    QCOMPARE(run.startedAt,
                             QDateTime(QDate(2026, 11, 20), QTime(10, 0, second), Qt::UTC));
                const auto cause = interpret::runFallbackCause(run, trace->toolInvocations);
                if (run.runId == variant::kEmptyRun)
                    QCOMPARE(cause.kind, interpret::FallbackCauseKind::NoEvidence);
                else if (run.runId == variant::kToolErrorRun)
                    QCOMPARE(cause.kind, interpret::FallbackCauseKind::ToolError);
                else
                    QCOMPARE(cause.kind, interpret::FallbackCauseKind::NotFallback);
            }
            const bool withOrphan = orphans && session == variant::kEmptySession;
            QCOMPARE(int(trace->runs.size()), withOrphan ? 3 : 1);
            if (withOrphan) {
                QVERIFY(trace->runs[1].orphan);
                QCOMPARE(trace->runs[1].runId, variant::kOrphanRun);
                // The call without a run id sits under a placeholder run of its own.
                QVERIFY(trace->runs[2].orphan);
                QCOMPARE(trace->runs[2].runId, QString());
                QCOMPARE(int(trace->toolInvocations.size()), 3);
                QCOMPARE(trace->toolInvocations.back().toolCallId, QStringLiteral("call-runless"));
                QCOMPARE(trace->toolInvocations.back().runId, QString());
            }
        }

        if (v == SchemaVariant::TextIds) {
            // Ids as stored: the call keeps its UUID, names its step's, and opens by it.
            auto trace = traces.getTrace(variant::kEmptySession);
            QVERIFY(trace.ok());
            QCOMPARE(int(trace->toolInvocations.size()), 1);
            const TraceInvocation& call = trace->toolInvocations.front();
            QVERIFY2(call.idText.startsWith(QLatin1String("00000000-0000-4000-8000-")),
                     qPrintable(call.idText));
            QCOMPARE(int(trace->steps.size()), 1);
            QCOMPARE(call.stepId, std::optional<qint64>(trace->steps.front().id));
            QCOMPARE(call.stepIdText, trace->steps.front().idText);
            auto opened = browser.invocation(call.storedId());
            QVERIFY2(opened.ok(), opened.ok() ? "" : qPrintable(opened.error()));
            QCOMPARE(opened->idText, call.idText);
            // An id in no call's form is "not found", not an SQL error (uuid on PostgreSQL).
            auto missing = browser.invocation(QStringLiteral("12"));
            QVERIFY(!missing);
            QVERIFY2(missing.error().contains(QLatin1String("No tool invocation")),
                     qPrintable(missing.error()));
            if (backend == QLatin1String("postgresql")) {
                // Every form the server reads as a uuid is asked, the nil UUID included.
                auto bare = browser.invocation(QString(call.idText).remove(QLatin1Char('-')));
                QVERIFY2(bare.ok(), bare.ok() ? "" : qPrintable(bare.error()));
                QCOMPARE(bare->idText, call.idText);
                auto nil =
                    browser.invocation(QStringLiteral("00000000-0000-0000-0000-000000000000"));
                QVERIFY(!nil);
                QVERIFY2(nil.error().contains(QLatin1String("No tool invocation")),
                         qPrintable(nil.error()));
            }
        } else {
            // An integer id opens whether bound as a number or spelt as text; text that only
            // starts with it ('12abc', which MariaDB would compare as 12) names no call.
            auto trace = traces.getTrace(variant::kEmptySession);
            QVERIFY(trace.ok());
            QVERIFY(!trace->toolInvocations.empty());
            const qint64 id = trace->toolInvocations.front().id;
            QVERIFY(id > 0);
            auto spelt = browser.invocation(QString::number(id));
            QVERIFY2(spelt.ok(), spelt.ok() ? "" : qPrintable(spelt.error()));
            QCOMPARE(spelt->id, id);
            auto suffixed = browser.invocation(QString::number(id) + QStringLiteral("abc"));
            QVERIFY(!suffixed);
            QVERIFY2(suffixed.error().contains(QLatin1String("No tool invocation")),
                     qPrintable(suffixed.error()));
        }

        if (orphans) {
            auto only = traces.getTrace(variant::kOrphanOnlySession);
            QVERIFY2(only.ok(), only.ok() ? "" : qPrintable(only.error()));
            QCOMPARE(int(only->runs.size()), 1);
            QVERIFY(only->runs.front().orphan);
            QCOMPARE(int(only->toolInvocations.size()), 1);
        }

        // Health reads the window; the numbers are the rows'. The three orphan lookups
        // found nothing; they count by their own time (40-42 s past the hour).
        auto health = computeHealth(*db, {}, {});
        QVERIFY2(health.ok(), health.ok() ? "" : qPrintable(health.error()));
        QCOMPARE(health->runs, 3);
        QCOMPARE(health->lookups, orphans ? 5 : 2);
        QCOMPARE(health->emptyRetrievals, orphans ? 4 : 1);
        QCOMPARE(health->callsWithoutRun, orphans ? 3 : 0);
        QCOMPARE(health->invocations, orphans ? 6 : 3);
        QCOMPARE(health->errors, 1);
        QCOMPARE(health->fallbackRuns, 2);
        QCOMPARE(health->legacyRows, v == SchemaVariant::LegacyOnly ? 2 : 0);
        auto recentHealth = computeHealth(*db, window.since, {});
        QVERIFY2(recentHealth.ok(), recentHealth.ok() ? "" : qPrintable(recentHealth.error()));
        QCOMPARE(recentHealth->runs, 2);
        QCOMPARE(recentHealth->callsWithoutRun, orphans ? 3 : 0);
        SessionFilter early;
        early.until = window.since;
        auto earlyHealth = computeHealth(*db, {}, early.until);
        QVERIFY(earlyHealth.ok());
        QCOMPARE(earlyHealth->runs, 1);
        QCOMPARE(earlyHealth->callsWithoutRun, 0);

        // What the schema lacks is said, and nothing else.
        QStringList noted;
        for (const SchemaNote& n : schemaNotes(*db))
            noted << n.table + QLatin1Char('.') + n.column;
        QVERIFY(noted.contains(QStringLiteral("lookup_trace_sample.")));
        QCOMPARE(noted.contains(QStringLiteral("tool_invocation.step_id")),
                 v == SchemaVariant::PreStepId);
        QCOMPARE(noted.contains(QStringLiteral("diagnosis_run.question")),
                 v == SchemaVariant::NoUserQuestion);
        QCOMPARE(noted.contains(QStringLiteral("diagnosis_trace.")),
                 v == SchemaVariant::NoTimeline);
        QCOMPARE(noted.contains(QStringLiteral("diagnosis_run.total_token_count")),
                 v == SchemaVariant::NoUserQuestion);
        QCOMPARE(noted.size(), v == SchemaVariant::NoUserQuestion ? 4
                               : v == SchemaVariant::NoTimeline   ? 3
                               : v == SchemaVariant::PreStepId    ? 2
                                                                  : 1);
    }
};

QTEST_GUILESS_MAIN(TestSchemaVariants)
#include "tst_schema_variants.moc"
