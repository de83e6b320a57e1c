// The facts index answers exactly what the audit database answers: session pages, counts
// under every filter and health, on a generated database full of quirks and on every schema
// variant; it is refreshed with new calls and runs, rebuilt when it cannot be trusted (another
// format, a replaced database, a damaged file), cancelled without leaving anything, and never
// writes a byte to the audited file.

#include "db/sql_dialect.h"
#include "db/sqlite_tuning.h"
#include "diagnostics/health_report.h"
#include "facts/facts_index.h"
#include "facts/facts_store.h"
#include "support/cli_runner.h"
#include "support/random_audit_db.h"
#include "support/schema_variants.h"
#include "support/sqlite_statements.h"
#include "trace/audit_browser.h"
#include "trace/fact_sql.h"
#include "trace/run_flags.h"
#include "trace/session_query.h"
#include "trace/trace_service.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QMetaMethod>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <optional>

using namespace raglens;
using namespace raglens::test;

namespace {

QByteArray digest(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result();
}

/// An agent writing to its audit file in a rollback journal, with a busy timeout: each
/// write adds a call after the newest (and counts a token on its run), as an agent does
/// while RagLens reads the file. A write that waits past the timeout fails, and is kept.
struct AgentWriter
{
    explicit AgentWriter(const QString& path) : name(QStringLiteral("agent-") + path)
    {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    }
    ~AgentWriter()
    {
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
    }
    AgentWriter(const AgentWriter&) = delete;
    AgentWriter& operator=(const AgentWriter&) = delete;
    bool open()
    {
        if (!db.open())
            return false;
        QSqlQuery q(db);
        return q.exec(QStringLiteral("PRAGMA journal_mode=DELETE")) && q.next() &&
               q.value(0).toString() == QLatin1String("delete");
    }
    bool write()
    {
        QSqlQuery w(db);
        const bool done =
            w.exec(QStringLiteral("BEGIN IMMEDIATE")) &&
            w.exec(QStringLiteral("CREATE TEMP TABLE IF NOT EXISTS new_call AS SELECT * FROM "
                                  "tool_invocation WHERE 0")) &&
            w.exec(QStringLiteral("DELETE FROM temp.new_call")) &&
            w.exec(QStringLiteral("INSERT INTO temp.new_call SELECT * FROM tool_invocation ORDER "
                                  "BY id DESC LIMIT 1")) &&
            // A call id of its own: the index knows the newest call it read by its ids.
            w.exec(QStringLiteral("UPDATE temp.new_call SET id = id + 1, tool_call_id = "
                                  "'agent-' || (id + 1)")) &&
            w.exec(QStringLiteral("INSERT INTO tool_invocation SELECT * FROM temp.new_call")) &&
            w.exec(QStringLiteral("UPDATE diagnosis_run SET total_token_count = "
                                  "COALESCE(total_token_count, 0) + 1 WHERE run_id = (SELECT "
                                  "run_id FROM temp.new_call)")) &&
            w.exec(QStringLiteral("COMMIT"));
        if (done) {
            ++writes;
        } else {
            failed << w.lastError().text();
            w.exec(QStringLiteral("ROLLBACK"));
        }
        return done;
    }
    /// A progress callback that writes once at each report and never cancels.
    FactsProgress atEachReport()
    {
        return [this](qint64, qint64) {
            write();
            return true;
        };
    }
    QString name;
    QSqlDatabase db;
    int writes = 0;
    QStringList failed;
};

/// Every row of every table of the SQLite file at `path`, by table, each row as text and the
/// rows sorted: what two builds of one index must agree on, whatever order they wrote it in.
std::map<QString, QStringList> tableRows(const QString& path)
{
    std::map<QString, QStringList> out;
    const QString name = QStringLiteral("rows-") + path;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery tables(db);
            tables.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table'"));
            while (tables.next()) {
                const QString table = tables.value(0).toString();
                QSqlQuery rows(db);
                if (!rows.exec(QStringLiteral("SELECT * FROM \"%1\"").arg(table))) {
                    out[table] << rows.lastError().text();
                    continue;
                }
                QStringList& list = out[table];
                while (rows.next()) {
                    QStringList row;
                    for (int c = 0; c < rows.record().count(); ++c)
                        row << (rows.isNull(c) ? QStringLiteral("NULL")
                                               : QString::fromLatin1(rows.value(c).typeName()) +
                                                     QLatin1Char(':') + rows.value(c).toString());
                    list << row.join(QLatin1Char('|'));
                }
                list.sort();
            }
        }
    }
    QSqlDatabase::removeDatabase(name);
    return out;
}

std::vector<SessionFilter> filters()
{
    std::vector<SessionFilter> out(1);
    const auto add = [&out](QString SessionFilter::*field, const QStringList& values) {
        for (const QString& v : values) {
            SessionFilter f;
            f.*field = v;
            out.push_back(f);
        }
    };
    add(&SessionFilter::evidenceStatus, {"EVIDENCE_FOUND", "NO_EVIDENCE", "ERROR", "UNKNOWN"});
    add(&SessionFilter::failureKind, {"none", "tool_error", "lookup_error", "no_evidence"});
    add(&SessionFilter::relevanceLevel, {"PRECISE", "REFERENCE", "NONE"});
    add(&SessionFilter::selectedAttempt,
        {"FILTERED_VECTOR", "UNFILTERED_VECTOR_RETRY", "UNFILTERED_VECTOR"});
    add(&SessionFilter::retryReason,
        {"filtered_vector_no_evidence", "filtered_vector_low_quality"});
    add(&SessionFilter::outcome, {"SUCCESS", "FALLBACK", "ERROR"});
    add(&SessionFilter::sessionOutcome, {"FALLBACK", "ERROR", "SUCCESS", "fallback"});
    add(&SessionFilter::toolName, {"lookup_knowledge", "search_logs"});
    add(&SessionFilter::text, {"a", "Sess", "disk", "query", "%", "zz-no-such", "数据库"});
    // Several fields at once: the run flags (run_flags.h) only narrow the runs, the calls
    // decide when several call fields must hold for one call.
    const auto both =
        [&out](std::initializer_list<std::pair<QString SessionFilter::*, QString>> fields) {
            SessionFilter f;
            for (const auto& [field, value] : fields)
                f.*field = value;
            out.push_back(f);
        };
    both({{&SessionFilter::evidenceStatus, "NO_EVIDENCE"},
          {&SessionFilter::failureKind, "no_evidence"}});
    both({{&SessionFilter::failureKind, "tool_error"},
          {&SessionFilter::toolName, "lookup_knowledge"}});
    both({{&SessionFilter::sessionOutcome, "SUCCESS"},
          {&SessionFilter::evidenceStatus, "NO_EVIDENCE"}});
    both({{&SessionFilter::evidenceStatus, "NO_EVIDENCE"},
          {&SessionFilter::outcome, "FALLBACK"},
          {&SessionFilter::text, "e"}});
    both({{&SessionFilter::evidenceStatus, "EVIDENCE_FOUND"},
          {&SessionFilter::relevanceLevel, "NONE"}});
    both({{&SessionFilter::selectedAttempt, "UNFILTERED_VECTOR_RETRY"},
          {&SessionFilter::retryReason, "filtered_vector_low_quality"}});
    both({{&SessionFilter::failureKind, "none"}, {&SessionFilter::toolName, "query_logs"}});
    both(
        {{&SessionFilter::relevanceLevel, "PRECISE"}, {&SessionFilter::selectedAttempt, "MY_OWN"}});
    SessionFilter window;
    window.since = QDateTime::fromString(QStringLiteral("2026-01-01T00:00:00Z"), Qt::ISODate);
    window.until = QDateTime::currentDateTimeUtc();
    out.push_back(window);
    return out;
}

QString describe(const SessionFilter& f)
{
    return QStringList{f.evidenceStatus, f.failureKind,
                       f.relevanceLevel, f.selectedAttempt,
                       f.retryReason,    f.outcome,
                       f.sessionOutcome, f.toolName,
                       f.text,           f.since.toString(Qt::ISODate)}
        .join(QLatin1Char('|'));
}

/// Everything a list, a count and health say, read through `db`.
nlohmann::json answers(AuditDatabase& db)
{
    nlohmann::json out = nlohmann::json::object();
    const AuditBrowser browser(db);
    for (const SessionFilter& f : filters()) {
        const std::string key = describe(f).toStdString();
        auto count = browser.countSessions(f);
        auto page = browser.sessions(f, 0, 5000);
        auto second = browser.sessions(f, 7, 11);
        out[key] = {{"count", count ? nlohmann::json(*count) : nlohmann::json(count.error())},
                    {"page", page ? nlohmann::json(*page) : nlohmann::json(page.error())},
                    {"second", second ? nlohmann::json(*second) : nlohmann::json(second.error())}};
    }
    auto health = computeHealth(db, {}, {});
    out["health"] = health ? nlohmann::json(*health) : nlohmann::json(health.error());
    // Windows that cut days in two (the index sums whole days and reads the ends per run),
    // open at one end, or inside one day.
    // The first and last start as instants (text MIN/MAX would not be, in every form), of
    // the rows both readers hold as runs.
    QSqlQuery q(db.sql());
    QDateTime first, last;
    if (q.exec(QStringLiteral("SELECT started_at FROM diagnosis_run WHERE run_id IS NOT NULL "
                              "AND session_id IS NOT NULL")))
        while (q.next()) {
            const QDateTime at = SqlDialect::time(q, 0);
            if (!at.isValid())
                continue;
            if (!first.isValid() || at < first)
                first = at;
            if (!last.isValid() || at > last)
                last = at;
        }
    {
        if (first.isValid() && last.isValid()) {
            const std::pair<QDateTime, QDateTime> windows[] = {
                {first.addSecs(26 * 3600 + 13 * 60), last.addSecs(-(25 * 3600 + 7 * 60))},
                {first.addSecs(3 * 3600), first.addSecs(5 * 3600)},
                {first.addSecs(30 * 3600), {}},
                {{}, last.addSecs(-40 * 3600)},
                {QDateTime(first.date(), QTime(0, 0), QTimeZone::utc()).addDays(1),
                 QDateTime(last.date(), QTime(0, 0), QTimeZone::utc())}};
            int n = 0;
            for (const auto& [since, until] : windows) {
                auto part = computeHealth(db, since, until);
                out["health-window-" + std::to_string(n++)] =
                    part ? nlohmann::json(*part) : nlohmann::json(part.error());
            }
        }
    }
    return out;
}

/// The path and both values of the first place where the answers differ.
QString firstDifference(const nlohmann::json& direct, const nlohmann::json& facts,
                        const std::string& path = {})
{
    for (auto it = direct.begin(); it != direct.end(); ++it) {
        const std::string at = path.empty() ? it.key() : path + "." + it.key();
        if (!facts.contains(it.key()))
            return QString::fromStdString(at + ": missing in facts");
        const nlohmann::json& other = facts.at(it.key());
        if (other == it.value())
            continue;
        if (it->is_object() && other.is_object())
            return firstDifference(it.value(), other, at);
        return QString::fromStdString(at + ": direct " + it.value().dump().substr(0, 400) +
                                      " / facts " + other.dump().substr(0, 400));
    }
    return QString::fromStdString(path + ": facts has more");
}

} // namespace

class TestFactsIndex : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_cache;
    QString m_generated;
    QString m_small; ///< the refresh tests' start: each refresh is compared in full, often

    QString indexOf(const AuditDatabase& db) const
    {
        return facts_index::pathFor(db.location(), m_cache);
    }

    /// The file at `path`, opened read-only, and its facts index, built and opened: the two
    /// readers a test asks alike.
    struct Readers
    {
        std::unique_ptr<AuditDatabase> db;
        std::unique_ptr<AuditDatabase> facts;
    };
    void openWithIndex(const QString& path, Readers& out)
    {
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        auto built = facts_index::update(**db, indexOf(**db));
        QVERIFY2(built.ok(), built.ok() ? "" : qPrintable(built.error()));
        auto facts = facts_index::openForReading(built->path);
        QVERIFY(facts.ok());
        out = {std::move(*db), std::move(*facts)};
    }

    /// A copy of the small store named `name` in the test's folder, opened for writing: the
    /// start of the tests that change a store and refresh its index.
    void openWritableCopy(const char* name, std::unique_ptr<AuditDatabase>& out)
    {
        const QString path = m_dir.filePath(QLatin1String(name));
        QVERIFY(QFile::copy(m_small, path));
        auto db = AuditDatabase::open(path, AccessMode::Write);
        QVERIFY(db.ok());
        out = std::move(*db);
    }

    /// Builds or refreshes the index of `db` and compares every answer with direct SQL.
    void compareWithDirect(AuditDatabase& db, FactsIndexUpdate* update = nullptr)
    {
        auto done = facts_index::update(db, indexOf(db));
        QVERIFY2(done.ok(), done.ok() ? "" : qPrintable(done.error()));
        if (update)
            *update = *done;
        auto facts = facts_index::openForReading(done->path);
        QVERIFY2(facts.ok(), facts.ok() ? "" : qPrintable(facts.error()));
        const nlohmann::json direct = answers(db);
        const nlohmann::json indexed = answers(**facts);
        // The cut windows hold runs, and fewer than all of them.
        if (direct.contains("health-window-0") && direct["health"]["runs"].get<int>() > 500) {
            const int part = direct["health-window-0"]["runs"].get<int>();
            QVERIFY2(part > 0 && part < direct["health"]["runs"].get<int>(),
                     qPrintable(QString::number(part)));
        }
        QVERIFY2(direct == indexed, qPrintable(firstDifference(direct, indexed)));
    }

    /// Two RagLens on one copy of the small store (`name`) and its index, an agent writing to
    /// the store: `db` refreshes the index after ten new calls, and at its first report of
    /// progress a second handle of the file, after `writesBetween` more calls, refreshes it
    /// too (or builds it anew: `innerRebuilds`). The first's outcome in `outer`, the second's
    /// error in `innerError`; no write of the agent may fail.
    /// Opens the audit file at `path` (a copy the test made), with `agent` writing to it, and
    /// builds its index.
    void openIndexed(const QString& path, AgentWriter& agent, std::unique_ptr<AuditDatabase>& db)
    {
        QVERIFY(agent.open());
        auto opened = AuditDatabase::open(path);
        QVERIFY(opened.ok());
        db = std::move(*opened);
        auto built = facts_index::update(*db, indexOf(*db));
        QVERIFY2(built.ok(), built.ok() ? "" : qPrintable(built.error()));
    }
    /// Refreshes the index of `db` while `agent` writes at each report of progress: every
    /// write goes through, and the index is refreshed, not rebuilt.
    void refreshWhileTheAgentWrites(AuditDatabase& db, AgentWriter& agent,
                                    FactsIndexUpdate& refreshed)
    {
        const int before = agent.writes;
        auto update = facts_index::update(db, indexOf(db), agent.atEachReport());
        QVERIFY2(update.ok(), update.ok() ? "" : qPrintable(update.error()));
        refreshed = *update;
        QVERIFY(!refreshed.rebuilt);
        QVERIFY2(agent.failed.isEmpty(), qPrintable(agent.failed.join(QStringLiteral("; "))));
        QVERIFY(agent.writes > before);
    }
    void updateInsideAnUpdate(const char* name, int writesBetween, bool innerRebuilds,
                              std::unique_ptr<AuditDatabase>& db,
                              std::optional<Expected<FactsIndexUpdate>>& outer, QString& innerError)
    {
        const QString path = m_dir.filePath(QLatin1String(name));
        QVERIFY(QFile::copy(m_small, path));
        AgentWriter agent(path);
        QVERIFY(agent.open());
        auto opened = AuditDatabase::open(path);
        auto other = AuditDatabase::open(path);
        QVERIFY(opened.ok() && other.ok());
        db = std::move(*opened);
        auto built = facts_index::update(*db, indexOf(*db));
        QVERIFY2(built.ok(), built.ok() ? "" : qPrintable(built.error()));
        for (int i = 0; i < 10; ++i)
            QVERIFY(agent.write());
        int reports = 0;
        const auto updateInside = [&](qint64, qint64) {
            if (reports++ > 0)
                return true;
            for (int i = 0; i < writesBetween; ++i)
                agent.write();
            auto inner = facts_index::update(**other, indexOf(**other), {}, innerRebuilds);
            if (!inner)
                innerError = inner.error();
            return true;
        };
        outer = facts_index::update(*db, indexOf(*db), updateInside);
        QVERIFY2(agent.failed.isEmpty(), qPrintable(agent.failed.join(QStringLiteral("; "))));
    }

private slots:
    // One shard of the file when CTest runs it as several (RAGLENS_TEST_SHARD=k/n, see
    // tests/CMakeLists.txt): every n-th test function, counted in declaration order, from
    // the k-th; the others are skipped here.
    void init()
    {
        const QStringList shard = qEnvironmentVariable("RAGLENS_TEST_SHARD").split(u'/');
        if (shard.size() != 2)
            return;
        const int k = shard.at(0).toInt();
        const int n = qMax(1, shard.at(1).toInt());
        const QMetaObject* meta = metaObject();
        int position = 0;
        for (int m = meta->methodOffset(); m < meta->methodCount(); ++m) {
            const QMetaMethod method = meta->method(m);
            const QByteArray name = method.name();
            if (method.methodType() != QMetaMethod::Slot ||
                method.access() != QMetaMethod::Private || name.endsWith("_data") ||
                name == "init" || name == "cleanup" || name == "initTestCase" ||
                name == "cleanupTestCase")
                continue;
            if (name == QTest::currentTestFunction()) {
                if (position % n != k)
                    QSKIP("run by another shard of this file");
                return;
            }
            ++position;
        }
    }

    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_cache = m_dir.filePath(QStringLiteral("cache"));
        m_generated = m_dir.filePath(QStringLiteral("generated.db"));
        // Runs ten minutes apart: about a week, so health windows cut days in two.
        QCOMPARE(writeRandomAuditDb(m_generated, {3000, 20261130, 600}), QString());
        // Fewer runs, as many days: windows still cut days in two, and the refresh tests,
        // which compare every answer after each of their steps, stay quick under sanitizers.
        m_small = m_dir.filePath(QStringLiteral("small.db"));
        QCOMPARE(writeRandomAuditDb(m_small, {600, 20261204, 4200}), QString());
    }

    void answersLikeTheDatabaseOnGeneratedRows()
    {
        const QByteArray before = digest(m_generated);
        const QStringList filesBefore = QDir(m_dir.path()).entryList(QDir::Files);
        auto db = AuditDatabase::open(m_generated);
        QVERIFY(db.ok());
        FactsIndexUpdate update;
        compareWithDirect(**db, &update);
        QVERIFY(update.rebuilt);
        QVERIFY(update.invocationsAdded >= 3000);
        QCOMPARE(update.indexedInvocations, update.invocationsAdded);
        // Refreshed with nothing new: nothing rebuilt, nothing added.
        auto again = facts_index::update(**db, indexOf(**db));
        QVERIFY(again.ok());
        QVERIFY(!again->rebuilt);
        QCOMPARE(again->invocationsAdded, 0);
        QCOMPARE(again->indexedInvocations, update.indexedInvocations);
        db->reset();
        // Inspecting through an index changes nothing beside the audited file.
        QCOMPARE(digest(m_generated), before);
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), filesBefore);
    }

    void answersLikeTheDatabaseOnEverySchemaVariant_data()
    {
        QTest::addColumn<QString>("variant");
        // UUID ids are refused (textIdsAreRefusedWithAReason) and read directly, which
        // tst_schema_variants checks on every backend.
        for (const QString& name : schemaVariantNames())
            if (schemaVariantFromName(name) != SchemaVariant::TextIds)
                QTest::newRow(qPrintable(name)) << name;
    }
    void answersLikeTheDatabaseOnEverySchemaVariant()
    {
        QFETCH(QString, variant);
        const QString path =
            m_dir.filePath(QStringLiteral("variant-") + variant + QStringLiteral(".db"));
        {
            QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), variant);
            sql.setDatabaseName(path);
            QVERIFY(sql.open());
            QCOMPARE(writeSchemaVariant(sql, schemaVariantFromName(variant)), QString());
            sql.close();
        }
        QSqlDatabase::removeDatabase(variant);
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        compareWithDirect(**db);
    }

    // Key columns declared without a type (a writer that binds numbers) or as REAL (a data
    // frame written with gaps), every id a number: the index spells an id as the direct
    // reads do ("1042", never "1042.0"), and health's problem runs keep their sessions and
    // questions (their details were asked for by the text '1042' alone, which such a column
    // does not hold).
    void numericKeysAnswerAlike_data()
    {
        QTest::addColumn<QString>("declared");
        QTest::addColumn<QString>("stored");
        QTest::newRow("untyped-integers") << QString() << QStringLiteral("n");
        QTest::newRow("real-column") << QStringLiteral(" REAL") << QStringLiteral("n");
        QTest::newRow("untyped-reals") << QString() << QStringLiteral("CAST(n AS REAL)");
    }
    void numericKeysAnswerAlike()
    {
        QFETCH(QString, declared);
        QFETCH(QString, stored);
        const QString path = m_dir.filePath(
            QStringLiteral("numeric-keys-%1.db").arg(QString::fromLatin1(QTest::currentDataTag())));
        QVERIFY(QFile::copy(m_small, path));
        QCOMPARE(test::execOnSqliteFile(
                     path, {QStringLiteral("PRAGMA writable_schema = ON"),
                            QStringLiteral("UPDATE sqlite_master SET sql = replace(replace(sql, "
                                           "'run_id TEXT', 'run_id%1'), 'session_id TEXT', "
                                           "'session_id%1') WHERE type = 'table'")
                                .arg(declared),
                            QStringLiteral("PRAGMA writable_schema = OFF")}),
                 QString());
        const auto number = [&stored](const QString& column) {
            return QStringLiteral("(SELECT %2 FROM idmap WHERE t = %1)").arg(column, stored);
        };
        QStringList remap = {
            QStringLiteral("CREATE TEMP TABLE idmap (t TEXT PRIMARY KEY, n INTEGER)"),
            QStringLiteral("INSERT INTO idmap (t) SELECT run_id FROM diagnosis_run UNION SELECT "
                           "session_id FROM diagnosis_run UNION SELECT run_id FROM "
                           "tool_invocation UNION SELECT session_id FROM tool_invocation UNION "
                           "SELECT run_id FROM agent_step UNION SELECT run_id FROM "
                           "diagnosis_trace UNION SELECT session_id FROM diagnosis_trace UNION "
                           "SELECT run_id FROM run_feedback"),
            QStringLiteral("DELETE FROM idmap WHERE t IS NULL"),
            QStringLiteral("UPDATE idmap SET n = rowid + 1000")};
        for (const auto& [table, columns] :
             std::initializer_list<std::pair<const char*, QStringList>>{
                 {"diagnosis_run", {"run_id", "session_id"}},
                 {"tool_invocation", {"run_id", "session_id"}},
                 {"agent_step", {"run_id"}},
                 {"diagnosis_trace", {"run_id", "session_id"}},
                 {"run_feedback", {"run_id"}}}) {
            QStringList sets;
            for (const QString& c : columns)
                sets << QStringLiteral("%1 = %2").arg(
                    c, number(QLatin1String(table) + QLatin1Char('.') + c));
            remap << QStringLiteral("UPDATE %1 SET %2")
                         .arg(QLatin1String(table), sets.join(QStringLiteral(", ")));
        }
        QCOMPARE(test::execOnSqliteFile(path, remap), QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        {
            QSqlQuery q((*db)->sql());
            QVERIFY(q.exec(QStringLiteral("SELECT typeof(run_id), typeof(session_id) FROM "
                                          "diagnosis_run LIMIT 1")) &&
                    q.next());
            QCOMPARE(q.value(0).toString(), stored == QLatin1String("n") && declared.isEmpty()
                                                ? QStringLiteral("integer")
                                                : QStringLiteral("real"));
        }
        compareWithDirect(**db);
        // A run in flight, read again by its id at each refresh until it ends as FALLBACK.
        const auto id = [&stored](int n) {
            return stored == QLatin1String("n") ? QString::number(n)
                                                : QString::number(n) + QStringLiteral(".0");
        };
        QCOMPARE(test::execOnSqliteFile(
                     path, {QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, status, "
                                           "started_at) VALUES (%1, %2, 'RUNNING', "
                                           "'2099-01-01T00:00:00.000Z')")
                                .arg(id(900001), id(900002)),
                            QStringLiteral("INSERT INTO tool_invocation (run_id, session_id, "
                                           "tool_name, success) VALUES (%1, %2, "
                                           "'lookup_knowledge', 1)")
                                .arg(id(900001), id(900002))}),
                 QString());
        compareWithDirect(**db);
        QCOMPARE(test::execOnSqliteFile(
                     path, {QStringLiteral("UPDATE tool_invocation SET retrieval_details = "
                                           "'{\"evidence_status\": \"NO_EVIDENCE\"}' WHERE "
                                           "run_id = %1")
                                .arg(id(900001)),
                            QStringLiteral("UPDATE diagnosis_run SET status = 'COMPLETED', "
                                           "release_outcome = 'FALLBACK' WHERE run_id = %1")
                                .arg(id(900001))}),
                 QString());
        compareWithDirect(**db);
        {
            SessionFilter empty;
            empty.evidenceStatus = QStringLiteral("NO_EVIDENCE");
            empty.sessionOutcome = QStringLiteral("FALLBACK");
            empty.text = QStringLiteral("900002");
            auto facts =
                facts_index::openForReading(facts_index::update(**db, indexOf(**db))->path);
            QVERIFY(facts.ok());
            QCOMPARE(AuditBrowser(**facts).countSessions(empty).value(), 1);
        }
        auto health = computeHealth(**db, {}, {});
        QVERIFY(health.ok());
        QVERIFY(!health->problemRuns.empty());
        for (const ProblemRun& p : health->problemRuns) {
            QVERIFY2(!p.sessionId.isEmpty() && !p.runId.contains(QLatin1Char('.')) &&
                         !p.sessionId.contains(QLatin1Char('.')),
                     qPrintable(p.runId + QLatin1Char(' ') + p.sessionId));
        }
    }

    // A store in UTF-16: SQLite attaches only a file of the index's own encoding, so the
    // build failed ("attached databases must use the same text encoding") and every list
    // fell back to direct reads. It is copied row by row instead, and answers alike.
    void answersLikeTheDatabaseInUtf16()
    {
        const QString path = m_dir.filePath(QStringLiteral("utf16.db"));
        {
            QSqlDatabase sql =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("utf16"));
            sql.setDatabaseName(path);
            QVERIFY(sql.open());
            QSqlQuery(sql).exec(QStringLiteral("PRAGMA encoding = 'UTF-16le'"));
            QCOMPARE(writeSchemaVariant(sql, SchemaVariant::Orphans), QString());
            QSqlQuery q(sql);
            QVERIFY(q.exec(QStringLiteral("PRAGMA encoding")) && q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("UTF-16le"));
            sql.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("utf16"));
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        compareWithDirect(**db);
        // And refreshed, row by row too, after the agent wrote a call.
        {
            QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"),
                                                         QStringLiteral("utf16-writer"));
            sql.setDatabaseName(path);
            QVERIFY(sql.open());
            QSqlQuery q(sql);
            QVERIFY2(q.exec(QStringLiteral(
                         "INSERT INTO tool_invocation (id, run_id, session_id, tool_name, "
                         "success, created_at) SELECT MAX(id) + 1, 'sv-run-empty', 'sv-empty', "
                         "'get_logs', 0, '2026-11-20T10:09:00Z' FROM tool_invocation")),
                     qPrintable(q.lastError().text()));
            sql.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("utf16-writer"));
        FactsIndexUpdate refreshed;
        compareWithDirect(**db, &refreshed);
        QVERIFY(!refreshed.rebuilt);
        QCOMPARE(refreshed.invocationsAdded, qint64(1));
    }

    // Writers keep times in many forms ('T' or ' ', a zone offset, a fraction, epoch
    // numbers), whose text order is not the order of the instants: the session list, a
    // session's newest run and the order of its runs follow the instants, directly and
    // through the index alike.
    void idsAtTheEndsOfThe64BitIntegers()
    {
        // Batches of 100,000 ids past the largest 64-bit id wrapped round to the smallest:
        // a build over ids near 2^63-1 went on for ever. The smallest id itself has no id
        // before it to copy after: refused with the reason (the lists read directly).
        const QString path = m_dir.filePath(QStringLiteral("id-ends.db"));
        const QString schema =
            QStringLiteral("CREATE TABLE diagnosis_run (run_id TEXT PRIMARY KEY, session_id "
                           "TEXT, status TEXT, release_outcome TEXT, started_at TEXT); CREATE "
                           "TABLE tool_invocation (id INTEGER PRIMARY KEY, run_id TEXT, "
                           "session_id TEXT, tool_name TEXT, success INTEGER, created_at TEXT)");
        const auto call = [](const char* id) {
            return QStringLiteral("INSERT INTO tool_invocation VALUES (%1, 'r1', 's1', "
                                  "'lookup_knowledge', 1, '2026-11-20T10:00:01Z')")
                .arg(QLatin1String(id));
        };
        QCOMPARE(execOnSqliteFile(
                     path, {schema.section(QLatin1Char(';'), 0, 0),
                            schema.section(QLatin1Char(';'), 1, 1),
                            QStringLiteral("INSERT INTO diagnosis_run VALUES ('r1', 's1', "
                                           "'COMPLETED', 'SUCCESS', '2026-11-20T10:00:00Z')"),
                            call("9223372036854700000")}),
                 QString());
        {
            auto db = AuditDatabase::open(path, AccessMode::Write);
            QVERIFY(db.ok());
            FactsIndexUpdate built;
            compareWithDirect(**db, &built);
            QCOMPARE(built.indexedInvocations, qint64(1));
            QSqlQuery q((**db).sql());
            QVERIFY(q.exec(call("9223372036854775807")));
            q = QSqlQuery();
            FactsIndexUpdate refreshed;
            compareWithDirect(**db, &refreshed);
            QCOMPARE(refreshed.indexedInvocations, qint64(2));
            QVERIFY(!refreshed.rebuilt);
        }
        QCOMPARE(execOnSqliteFile(path, {call("-9223372036854775808")}), QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        auto refused = facts_index::update(**db, indexOf(**db));
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().contains(QStringLiteral("end of the 64-bit integers")),
                 qPrintable(refused.error()));
    }

    void listsOrderByInstantsWhateverTheForm()
    {
        const QString path = m_dir.filePath(QStringLiteral("time-forms.db"));
        QVERIFY(QFile::copy(m_generated, path));
        const qint64 elevenMs =
            QDateTime(QDate(2099, 5, 1), QTime(11, 0), QTimeZone::utc()).toMSecsSinceEpoch();
        QCOMPARE(execOnSqliteFile(
                     path, {QStringLiteral(
                                "INSERT INTO diagnosis_run (run_id, session_id, release_outcome, "
                                "question, started_at) VALUES "
                                "('t-space', 's-space', 'SUCCESS', 'q', '2099-05-01 10:00:00'), "
                                "('t-iso', 's-iso', 'SUCCESS', 'q', '2099-05-01T09:00:00Z'), "
                                "('t-epoch', 's-epoch', 'SUCCESS', 'q', %1), "
                                "('t-offset', 's-offset', 'SUCCESS', 'q', "
                                "'2099-05-01T17:30:00+08:00'), "
                                "('t-frac', 's-frac', 'SUCCESS', 'q', '2099-05-01T09:59:59.5Z'), "
                                "('t-late', 's-two', 'FALLBACK', 'later', '2099-04-30 08:00:00'), "
                                "('t-early', 's-two', 'SUCCESS', 'earlier', "
                                "'2099-04-30T07:00:00.000Z')")
                                .arg(elevenMs)}),
                 QString());
        Readers readers;
        openWithIndex(path, readers);
        if (QTest::currentTestFailed())
            return;
        for (AuditDatabase* reader : {readers.db.get(), readers.facts.get()}) {
            const AuditBrowser browser(*reader);
            auto page = browser.sessions({}, 0, 6);
            QVERIFY(page.ok());
            QStringList order;
            for (const SessionRow& row : *page)
                order << row.sessionId;
            QCOMPARE(order,
                     (QStringList{"s-epoch", "s-space", "s-frac", "s-offset", "s-iso", "s-two"}));
            QCOMPARE(page->back().lastOutcome, QStringLiteral("FALLBACK"));
            QCOMPARE(page->back().lastQuestion, QStringLiteral("later"));
            QCOMPARE(page->back().lastStartedAt,
                     QDateTime(QDate(2099, 4, 30), QTime(8, 0), QTimeZone::utc()));
            QCOMPARE(page->back().firstStartedAt,
                     QDateTime(QDate(2099, 4, 30), QTime(7, 0), QTimeZone::utc()));
            auto runs = browser.runsOfSession(QStringLiteral("s-two"), {});
            QVERIFY(runs.ok());
            QCOMPARE(int(runs->size()), 2);
            QCOMPARE(runs->front().runId, QStringLiteral("t-early"));
            // The second page goes on from the first without a session twice.
            auto next = browser.sessions({}, 5, 2);
            QVERIFY(next.ok());
            QCOMPARE(next->front().sessionId, QStringLiteral("s-two"));
        }
        compareWithDirect(*readers.db);
    }

    // A facts index finds a time window's runs by a range of its canonical start text; starts
    // in any other form, and those that read as no time, fall in the same windows as read
    // directly.
    void timeWindowsPlaceEveryStartAlike()
    {
        const QString path = m_dir.filePath(QStringLiteral("time-windows.db"));
        QVERIFY(QFile::copy(m_generated, path));
        // Epoch seconds as digits (2099-03-26T00:00:00Z), the last millisecond of a day 31,
        // a year with three digits, the last millisecond of the year 9999 as epoch digits;
        // and no time: 30 February (which julianday() alone would read as 2 March), epoch
        // milliseconds (the next one, the year 11476) and a Julian day past the year 9999, a
        // negative number, month 13, a word.
        QCOMPARE(execOnSqliteFile(
                     path, {QStringLiteral(
                               "INSERT INTO diagnosis_run (run_id, session_id, release_outcome, "
                               "question, started_at) VALUES "
                               "('w-digits', 's-digits', 'SUCCESS', 'q', '4078166400'), "
                               "('w-feb30', 's-feb30', 'SUCCESS', 'q', '2099-02-30T10:00:00Z'), "
                               "('w-day31', 's-day31', 'SUCCESS', 'q', "
                               "'2099-01-31T23:59:59.999Z'), "
                               "('w-year500', 's-year500', 'SUCCESS', 'q', "
                               "'0500-06-01 00:00:00'), "
                               "('w-far-ms', 's-far-ms', 'SUCCESS', 'q', 1e15), "
                               "('w-far-julian', 's-far-julian', 'SUCCESS', 'q', 6000000.5), "
                               "('w-negative', 's-negative', 'SUCCESS', 'q', -5), "
                               "('w-month13', 's-month13', 'SUCCESS', 'q', "
                               "'2099-13-01T00:00:00.000Z'), "
                               "('w-word', 's-word', 'SUCCESS', 'q', 'soon'), "
                               "('w-last-ms', 's-last-ms', 'SUCCESS', 'q', '253402300799999'), "
                               "('w-past-ms', 's-past-ms', 'SUCCESS', 'q', '253402300800000'), "
                               "('w-11476', 's-11476', 'SUCCESS', 'q', '300000000000000')")}),
                 QString());
        Readers readers;
        openWithIndex(path, readers);
        if (QTest::currentTestFailed())
            return;
        const auto at = [](int y, int m, int d, int h = 0) {
            return QDateTime(QDate(y, m, d), QTime(h, 0), QTimeZone::utc());
        };
        struct Window
        {
            QDateTime since, until;
            QStringList sessions; ///< expected, when the window holds none of the generated
            bool exact;
        };
        const Window windows[] = {
            {at(2099, 1, 1), {}, {"s-digits", "s-day31", "s-last-ms"}, true},
            {at(2099, 3, 2, 10), at(2099, 3, 2, 11), {}, true},
            {at(2099, 1, 31, 23), at(2099, 2, 1), {"s-day31"}, true},
            {{}, at(1000, 1, 1), {"s-year500"}, true},
            {at(9999, 12, 31), {}, {"s-last-ms"}, true},
            {at(2100, 1, 1), {}, {"s-last-ms"}, true},
            {QDateTime(QDate(12000, 1, 1), QTime(0, 0), QTimeZone::utc()), {}, {}, true},
            {{}, at(2099, 1, 1), {}, false},
            {at(2026, 1, 1), at(2099, 3, 1), {}, false}};
        for (const Window& w : windows) {
            SessionFilter f;
            f.since = w.since;
            f.until = w.until;
            const QString label = w.since.toString(Qt::ISODate) + QLatin1String(" .. ") +
                                  w.until.toString(Qt::ISODate);
            std::vector<QStringList> lists;
            std::vector<int> counts;
            for (AuditDatabase* reader : {readers.db.get(), readers.facts.get()}) {
                const AuditBrowser browser(*reader);
                auto page = browser.sessions(f, 0, 100000);
                QVERIFY2(page.ok(), qPrintable(label));
                QStringList ids;
                for (const SessionRow& row : *page)
                    ids << row.sessionId;
                lists.push_back(ids);
                auto count = browser.countSessions(f);
                QVERIFY2(count.ok(), qPrintable(label));
                counts.push_back(*count);
            }
            QVERIFY2(lists[0] == lists[1], qPrintable(label));
            QCOMPARE(counts[0], counts[1]);
            QCOMPARE(counts[0], int(lists[0].size()));
            if (w.exact) {
                QStringList sorted = lists[0];
                sorted.sort();
                QStringList expected = w.sessions;
                expected.sort();
                QVERIFY2(sorted == expected,
                         qPrintable(label + QLatin1String(": ") + sorted.join(QLatin1Char(' '))));
            } else {
                QVERIFY2(lists[0].size() > 100, qPrintable(label));
            }
            for (const char* none : {"s-far-ms", "s-far-julian", "s-negative", "s-month13",
                                     "s-word", "s-past-ms", "s-11476"})
                QVERIFY2(!lists[0].contains(QLatin1String(none)),
                         qPrintable(label + QLatin1String(": ") + QLatin1String(none)));
        }
        // Those read as no time are still listed.
        auto all = AuditBrowser(*readers.facts).sessions({}, 0, 100000);
        QVERIFY(all.ok());
        QVERIFY(std::any_of(all->begin(), all->end(), [](const SessionRow& row) {
            return row.sessionId == QLatin1String("s-far-ms") && !row.lastStartedAt.isValid();
        }));
        compareWithDirect(*readers.db);
    }

    // A needle most runs hold is read by walking the runs' texts, not through the trigram
    // index (SessionQuery::setWideNeedleRuns()): either way, the same answers.
    void wideNeedlesAnswerAlike()
    {
        auto db = AuditDatabase::open(m_generated);
        QVERIFY(db.ok());
        SessionQuery::setWideNeedleRuns(1);
        const auto restore = qScopeGuard([] { SessionQuery::setWideNeedleRuns(20000); });
        compareWithDirect(**db);
    }

    // SQLite's LOWER() and LIKE fold ASCII only: "Ärger" once found nothing, even typed as
    // stored, though PostgreSQL found it. Directly and through the index, any case finds it.
    void textFilterFindsLettersOfEveryAlphabet()
    {
        const QString path = m_dir.filePath(QStringLiteral("alphabets.db"));
        QVERIFY(QFile::copy(m_generated, path));
        QCOMPARE(
            execOnSqliteFile(
                path,
                {QStringLiteral("UPDATE diagnosis_run SET question = 'Ärger im Pool: ÉCOLE "
                                "Σύστημα İstanbul-Süd' WHERE run_id = (SELECT MIN(run_id) "
                                "FROM diagnosis_run)"),
                 QStringLiteral("UPDATE tool_invocation SET input_params = "
                                "'{\"query\":\"Straße ПРИВЕТ [x]*?\"}' WHERE id = (SELECT "
                                "MAX(id) FROM tool_invocation WHERE run_id IN (SELECT run_id "
                                "FROM diagnosis_run))"),
                 // A pasted stack trace: the words looked for come after the part lists show.
                 QStringLiteral("UPDATE diagnosis_run SET question = 'trace: ' || "
                                "replace(hex(zeroblob(6000)), '00', 'ab ') || 'Caused by: "
                                "SQLTransientConnectionException' WHERE run_id = (SELECT "
                                "MAX(run_id) FROM diagnosis_run)"),
                 // Python's json.dumps writes non-ASCII as \u escapes.
                 QStringLiteral("UPDATE tool_invocation SET input_params = "
                                "'{\"query\":\"\\u6545\\u969c\\u6392\\u67e5 \\u8d85\\u65f6\"}' "
                                "WHERE id = (SELECT MIN(id) FROM tool_invocation WHERE "
                                "run_id IN (SELECT run_id FROM diagnosis_run))")}),
            QString());
        Readers readers;
        openWithIndex(path, readers);
        if (QTest::currentTestFailed())
            return;
        for (const char* needle :
             {"ärger", "Ärger", "ÄRGER", "école", "École", "σύστημα", "ΣΎΣΤΗΜΑ", "привет", "Привет",
              "straße", "[x]*?", "]*", "故障排查", "超时", "SQLTransientConnectionException",
              // "İ" lower-cases to two units ("i" and a dot): the pattern went out of step
              // with the needle and even the text as stored found nothing.
              "İstanbul-Süd", "İSTANBUL-süd", "İ"}) {
            SessionFilter f;
            f.text = QString::fromUtf8(needle);
            for (AuditDatabase* reader : {readers.db.get(), readers.facts.get()}) {
                auto count = AuditBrowser(*reader).countSessions(f);
                QVERIFY(count.ok());
                QVERIFY2(*count == 1, needle);
            }
        }
        // GLOB's wildcards in a needle are its letters, not wildcards.
        SessionFilter star;
        star.text = QStringLiteral("x*z");
        QCOMPARE(*AuditBrowser(*readers.db).countSessions(star), 0);
    }

    void anOutcomeDecidedAfterTheRunEndedIsRead()
    {
        // A release gate decides a run's outcome after the run ended (COMPLETED, finished_at
        // set, release_outcome NULL), when newer runs are indexed already: a refresh reads
        // the outcome, and the lists and health answer as the database does.
        std::unique_ptr<AuditDatabase> opened;
        openWritableCopy("late-outcome.db", opened);
        if (QTest::currentTestFailed())
            return;
        AuditDatabase* const db = opened.get();
        QSqlQuery q(db->sql());
        QVERIFY(q.exec("INSERT INTO diagnosis_run (run_id, session_id, status, started_at, "
                       "finished_at) VALUES ('run-gated', 'session-gated', 'COMPLETED', "
                       "'2099-01-01T00:00:00Z', '2099-01-01T00:00:05Z')"));
        QVERIFY(q.exec("INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
                       "started_at, finished_at) VALUES ('run-later', 'session-later', "
                       "'COMPLETED', 'SUCCESS', '2099-01-03T00:00:00Z', '2099-01-03T00:00:05Z')"));
        compareWithDirect(*db);
        QVERIFY(q.exec("UPDATE diagnosis_run SET release_outcome = 'FALLBACK', content_type = "
                       "'SAFE_FALLBACK' WHERE run_id = 'run-gated'"));
        FactsIndexUpdate refreshed;
        compareWithDirect(*db, &refreshed);
        QVERIFY(!refreshed.rebuilt);
        QCOMPARE(refreshed.runsUpdated, qint64(1));
    }

    void aCorrectedStartMovesTheRunToItsNewDay()
    {
        // The newest run, finished, has its start corrected past midnight: a refresh reads it
        // again (runs started in the last hour are) and health counts it in its new day only
        // (before, in both: 26 runs of 25).
        std::unique_ptr<AuditDatabase> opened;
        openWritableCopy("moved-start.db", opened);
        if (QTest::currentTestFailed())
            return;
        AuditDatabase* const db = opened.get();
        QSqlQuery q(db->sql());
        QVERIFY(q.exec("INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
                       "started_at, finished_at) VALUES ('run-moved', 'session-moved', "
                       "'COMPLETED', 'FALLBACK', '2099-01-01T23:59:30Z', '2099-01-01T23:59:50Z')"));
        compareWithDirect(*db);
        QVERIFY(q.exec("UPDATE diagnosis_run SET started_at = '2099-01-02T00:00:10Z' WHERE "
                       "run_id = 'run-moved'"));
        FactsIndexUpdate refreshed;
        compareWithDirect(*db, &refreshed);
        QVERIFY(!refreshed.rebuilt);
    }

    void refreshAddsNewCallsAndChangedRuns()
    {
        std::unique_ptr<AuditDatabase> opened;
        openWritableCopy("growing.db", opened);
        if (QTest::currentTestFailed())
            return;
        AuditDatabase* const db = opened.get();
        compareWithDirect(*db);
        // The agent goes on writing: a new run with a lookup that found nothing, a call to an
        // older run, and a run that finishes after it was indexed.
        QSqlQuery q(db->sql());
        QVERIFY(q.exec("INSERT INTO diagnosis_run (run_id, session_id, user_id, question, status, "
                       "release_outcome, started_at) VALUES ('run-new', 'session-new', 'u-new', "
                       "'why is the disk full', 'COMPLETED', 'FALLBACK', '2099-01-01T00:00:00Z')"));
        QVERIFY(q.exec("INSERT INTO diagnosis_run (run_id, session_id, status, started_at) VALUES "
                       "('run-open', 'session-open', 'RUNNING', '2099-01-01T00:00:01Z')"));
        QVERIFY(q.exec("INSERT INTO tool_invocation (run_id, session_id, tool_name, success, "
                       "retrieval_details, input_params, created_at) VALUES ('run-new', "
                       "'session-new', 'lookup_knowledge', 1, '{\"audit_schema\": "
                       "\"rag_lookup_v1\", \"evidence_status\": \"NO_EVIDENCE\"}', "
                       "'{\"query\": \"disk full\"}', '2099-01-01T00:00:00Z')"));
        QVERIFY(q.exec("INSERT INTO tool_invocation (run_id, session_id, tool_name, success) "
                       "SELECT run_id, session_id, 'search_logs', 0 FROM diagnosis_run "
                       "ORDER BY run_id LIMIT 1"));
        // A call whose run was never recorded, in a session of its own.
        QVERIFY(q.exec("INSERT INTO tool_invocation (run_id, session_id, tool_name, success) "
                       "VALUES ('run-ghost', 'session-ghost', 'search_logs', 1)"));
        FactsIndexUpdate update;
        compareWithDirect(*db, &update);
        QVERIFY(!update.rebuilt);
        QCOMPARE(update.invocationsAdded, 3);
        {
            auto facts = facts_index::openForReading(update.path);
            QVERIFY(facts.ok());
            auto listed = AuditBrowser(**facts).sessions({}, 0, 100000);
            QVERIFY(listed.ok());
            QVERIFY(std::any_of(listed->begin(), listed->end(), [](const SessionRow& r) {
                return r.sessionId == QLatin1String("session-ghost");
            }));
        }
        // Its run row arrives later: no longer an orphan-only session.
        QVERIFY(q.exec("INSERT INTO diagnosis_run (run_id, session_id, started_at) VALUES "
                       "('run-ghost', 'session-ghost', '2099-01-02T00:00:00Z')"));
        compareWithDirect(*db, &update);
        QVERIFY(!update.rebuilt);
        QVERIFY(update.runsUpdated >= 1); // the ghost's run row, added (unchanged runs are not)
        // The open run finishes later; the refresh reads it again.
        QVERIFY(q.exec("UPDATE diagnosis_run SET status = 'COMPLETED', release_outcome = "
                       "'FALLBACK' WHERE run_id = 'run-open'"));
        compareWithDirect(*db, &update);
        QVERIFY(!update.rebuilt);
        QVERIFY(update.runsUpdated >= 1);
        // Nothing new: nothing rewritten.
        compareWithDirect(*db, &update);
        QCOMPARE(update.invocationsAdded, 0);
        QCOMPARE(update.runsUpdated, 0);
        SessionFilter fallback;
        fallback.sessionOutcome = QStringLiteral("FALLBACK");
        fallback.text = QStringLiteral("session-open");
        auto facts = facts_index::openForReading(update.path);
        QVERIFY(facts.ok());
        QCOMPARE(AuditBrowser(**facts).countSessions(fallback).value(), 1);
        // The refreshes kept the trigram index in step with the runs they rewrote: every
        // run is found by the trigrams of its own text, at its current row.
        auto index = facts_store::Connection::open(update.path);
        QVERIFY(index.ok());
        QSqlQuery runs((*index)->sql());
        QVERIFY(runs.exec(QStringLiteral("SELECT rowid, fact_search_text FROM diagnosis_run")));
        int checked = 0;
        while (runs.next()) {
            const QString text = runs.value(1).toString();
            const QString middle = text.mid(text.size() / 2, 3);
            if (middle.size() < 3 || middle.contains(QLatin1Char('"')))
                continue;
            auto found = (*index)->scalar(
                QStringLiteral("SELECT COUNT(*) FROM fact_run_search WHERE fact_run_search "
                               "MATCH ? AND rowid = ?"),
                {QStringLiteral("\"%1\"").arg(middle), runs.value(0)});
            QVERIFY(found.ok());
            QVERIFY2(found->toInt() == 1, qPrintable(text));
            ++checked;
        }
        QVERIFY(checked > 100);

        // Many small refreshes, each a segment of its own in the search index until FTS5
        // merges them: every one stays findable and the index stays sound.
        index->reset();
        facts->reset();
        for (int k = 0; k < 20; ++k) {
            const QString run = QStringLiteral("run-burst-%1").arg(k);
            QVERIFY(q.exec(QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, "
                                          "started_at) VALUES ('%1', 'session-burst-%2', "
                                          "'2099-02-01T00:00:%3Z')")
                               .arg(run)
                               .arg(k)
                               .arg(k, 2, 10, QLatin1Char('0'))));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO tool_invocation (run_id, session_id, "
                                          "tool_name, success, input_params) VALUES ('%1', "
                                          "'session-burst-%2', 'search_logs', 1, '{\"query\": "
                                          "\"burst needle %2 zq\"}')")
                               .arg(run)
                               .arg(k)));
            auto step = facts_index::update(*db, indexOf(*db));
            QVERIFY(step.ok());
            QVERIFY(!step->rebuilt);
            QCOMPARE(step->invocationsAdded, 1);
        }
        compareWithDirect(*db, &update);
        auto burst = facts_index::openForReading(update.path);
        QVERIFY(burst.ok());
        for (int k = 0; k < 20; ++k) {
            SessionFilter needle;
            needle.text = QStringLiteral("needle %1 zq").arg(k);
            QCOMPARE(AuditBrowser(**burst).countSessions(needle).value(), 1);
        }
        auto sound = facts_store::Connection::open(update.path);
        QVERIFY(sound.ok());
        QVERIFY((*sound)
                    ->exec(QStringLiteral("INSERT INTO fact_run_search(fact_run_search) "
                                          "VALUES('integrity-check')"))
                    .ok());
    }

    // What writers and retention jobs do between two refreshes, each followed by the index
    // without a rebuild.
    void refreshFollowsLateWritersAndRetention()
    {
        std::unique_ptr<AuditDatabase> opened;
        openWritableCopy("late-writers.db", opened);
        if (QTest::currentTestFailed())
            return;
        AuditDatabase* const db = opened.get();
        compareWithDirect(*db);
        QSqlQuery q(db->sql());
        FactsIndexUpdate update;
        const auto step = [&](const QStringList& statements) {
            for (const QString& sql : statements)
                QVERIFY2(q.exec(sql), qPrintable(sql));
            compareWithDirect(*db, &update);
            QVERIFY(!update.rebuilt);
        };
        // A run still RUNNING whose outcome column holds '' (a NOT NULL DEFAULT '' schema),
        // then a later run, then the first one finishes as FALLBACK.
        step({"INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
              "content_type, started_at) VALUES ('run-slow', 'session-slow', 'RUNNING', '', '', "
              "'2099-03-01T00:00:00.000Z')",
              "INSERT INTO tool_invocation (run_id, session_id, tool_name, success, "
              "retrieval_details) VALUES ('run-slow', 'session-slow', 'lookup_knowledge', 1, "
              "'{\"evidence_status\": \"NO_EVIDENCE\"}')",
              "INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
              "started_at) VALUES ('run-after', 'session-after', 'COMPLETED', 'SUCCESS', "
              "'2099-03-01T05:00:00.000Z')"});
        step({"UPDATE diagnosis_run SET status = 'COMPLETED', release_outcome = 'FALLBACK', "
              "content_type = 'SAFE_FALLBACK' WHERE run_id = 'run-slow'"});
        // A writer that inserts a call when it starts and fills it in when it returns: the
        // calls of a run in flight are read again until it ends. (Before, the call stayed
        // as first read: no evidence status, no failure, in the index for good.)
        step({"INSERT INTO diagnosis_run (run_id, session_id, status, started_at) VALUES "
              "('run-inflight', 'session-inflight', 'RUNNING', '2099-03-01T06:00:00.000Z')",
              "INSERT INTO tool_invocation (run_id, session_id, tool_name, created_at) VALUES "
              "('run-inflight', 'session-inflight', 'lookup_knowledge', "
              "'2099-03-01T06:00:01.000Z')"});
        step({"UPDATE tool_invocation SET success = 0, duration_ms = 40, retrieval_details = "
              "'{\"evidence_status\": \"NO_EVIDENCE\"}' WHERE run_id = 'run-inflight'"});
        step({"UPDATE tool_invocation SET success = 1 WHERE run_id = 'run-inflight'",
              "UPDATE diagnosis_run SET status = 'COMPLETED', release_outcome = 'FALLBACK', "
              "finished_at = '2099-03-01T06:00:05.000Z' WHERE run_id = 'run-inflight'"});
        {
            SessionFilter empty;
            empty.evidenceStatus = QStringLiteral("NO_EVIDENCE");
            empty.text = QStringLiteral("session-inflight");
            auto facts = facts_index::openForReading(update.path);
            QVERIFY(facts.ok());
            QCOMPARE(AuditBrowser(**facts).countSessions(empty).value(), 1);
        }
        SessionFilter fallback;
        fallback.sessionOutcome = QStringLiteral("FALLBACK");
        fallback.text = QStringLiteral("session-slow");
        {
            auto facts = facts_index::openForReading(update.path);
            QVERIFY(facts.ok());
            QCOMPARE(AuditBrowser(**facts).countSessions(fallback).value(), 1);
        }
        // Calls first; their run row when the run ends, with a start hours before the
        // newest indexed one.
        step({"INSERT INTO tool_invocation (run_id, session_id, tool_name, success) VALUES "
              "('run-late', 'session-late', 'search_logs', 1)"});
        step({"INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
              "started_at) VALUES ('run-late', 'session-late', 'COMPLETED', 'FALLBACK', "
              "'2099-02-01T00:00:00.000Z')"});
        // A run without a start, and without calls yet.
        step({"INSERT INTO diagnosis_run (run_id, session_id, release_outcome) VALUES "
              "('run-nostart', 'session-nostart', 'FALLBACK')"});
        // A row without its key is no run, however often the index is refreshed.
        // Other writers' words: a CANCELLED run is finished (not read again by every
        // refresh), a QUEUED one is not. A run whose session also holds an older call
        // without a run id (the session becomes one of calls only when the run leaves).
        step({"INSERT INTO diagnosis_run (run_id, session_id, status, started_at) VALUES (NULL, "
              "'session-keyless', 'COMPLETED', '2099-03-02T00:00:00.000Z')",
              "INSERT INTO diagnosis_run (run_id, session_id, status, started_at) VALUES "
              "('run-cancelled', 'session-words', 'cancelled', '2099-03-02T01:00:00.000Z'), "
              "('run-queued', 'session-words', 'QUEUED', '2099-03-02T02:00:00.000Z'), "
              "('run-solo', 'session-solo', 'COMPLETED', '2099-03-02T03:00:00.000Z')",
              "INSERT INTO tool_invocation (run_id, session_id, tool_name, success, created_at) "
              "VALUES (NULL, 'session-solo', 'search_logs', 1, '2099-03-02T02:59:00.000Z')"});
        step({});
        {
            QSqlDatabase index = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"),
                                                           QStringLiteral("late-writers-facts"));
            index.setDatabaseName(update.path);
            QVERIFY(index.open());
            QSqlQuery facts(index);
            QVERIFY(facts.exec(
                        QStringLiteral("SELECT group_concat(run_id) FROM (SELECT run_id "
                                       "FROM diagnosis_run WHERE session_id = 'session-words' AND "
                                       "%1 ORDER BY run_id)")
                            .arg(facts_store::unfinishedRun())) &&
                    facts.next());
            QCOMPARE(facts.value(0).toString(), QStringLiteral("run-queued"));
            QVERIFY(facts.exec(QStringLiteral("SELECT COUNT(*) FROM diagnosis_run WHERE run_id "
                                              "IS NULL")) &&
                    facts.next());
            QCOMPARE(facts.value(0).toInt(), 0);
            facts.finish();
            index.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("late-writers-facts"));
        // A session's outcome follows all its runs, whichever of them changes: a FALLBACK
        // run joins a session of successes, then moves to a session of its own; a FALLBACK
        // run joins a session of the generated rows, whose older runs are not read again.
        const auto countOf = [&update](const QString& outcome, const QString& text) {
            SessionFilter f;
            f.sessionOutcome = outcome;
            f.text = text;
            auto facts = facts_index::openForReading(update.path);
            return facts ? AuditBrowser(**facts).countSessions(f).value() : -1;
        };
        step({"INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
              "started_at) VALUES ('run-pair-a', 'session-pair', 'COMPLETED', 'SUCCESS', "
              "'2099-03-03T00:00:00.000Z')"});
        QCOMPARE(countOf(QStringLiteral("SUCCESS"), QStringLiteral("session-pair")), 1);
        step({"INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
              "started_at) VALUES ('run-pair-b', 'session-pair', 'COMPLETED', 'FALLBACK', "
              "'2099-03-03T01:00:00.000Z')"});
        QCOMPARE(countOf(QStringLiteral("FALLBACK"), QStringLiteral("session-pair")), 1);
        QCOMPARE(countOf(QStringLiteral("SUCCESS"), QStringLiteral("session-pair")), 0);
        step({"UPDATE diagnosis_run SET session_id = 'session-moved' WHERE run_id = "
              "'run-pair-b'"});
        QCOMPARE(countOf(QStringLiteral("SUCCESS"), QStringLiteral("session-pair")), 1);
        QCOMPARE(countOf(QStringLiteral("FALLBACK"), QStringLiteral("session-moved")), 1);
        // (runs of an early start: the refreshes that follow never read them again)
        step({"INSERT INTO diagnosis_run (run_id, session_id, status, release_outcome, "
              "started_at) VALUES ('run-old-a', 'session-old', 'COMPLETED', 'SUCCESS', "
              "'2026-11-01T09:00:00.000Z'), ('run-old-b', 'session-old', 'COMPLETED', "
              "'SUCCESS', '2026-11-01T09:30:00.000Z')"});
        const QString succeeded = QStringLiteral("session-old");
        QCOMPARE(countOf(QStringLiteral("SUCCESS"), succeeded), 1);
        step({QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, status, "
                             "release_outcome, started_at) VALUES ('run-turns', '%1', "
                             "'COMPLETED', 'FALLBACK', '2099-03-03T02:00:00.000Z')")
                  .arg(succeeded)});
        QCOMPARE(countOf(QStringLiteral("SUCCESS"), succeeded), 0);
        QCOMPARE(countOf(QStringLiteral("FALLBACK"), succeeded), 1);
        // ... and leaves it again: the session's older runs take back its outcome.
        step({"DELETE FROM diagnosis_run WHERE run_id = 'run-turns'"});
        QCOMPARE(countOf(QStringLiteral("SUCCESS"), succeeded), 1);
        // Retention: the oldest runs go with their calls.
        QVERIFY(q.exec("SELECT MIN(id) + 40 FROM tool_invocation") && q.next());
        const qint64 cut = q.value(0).toLongLong();
        step({QStringLiteral("DELETE FROM diagnosis_run WHERE run_id IN (SELECT run_id FROM "
                             "tool_invocation WHERE id < %1)")
                  .arg(cut),
              QStringLiteral("DELETE FROM tool_invocation WHERE id < %1").arg(cut)});
        // A run row removed while its calls stay: they are runless now.
        step({"DELETE FROM diagnosis_run WHERE run_id = (SELECT MAX(run_id) FROM tool_invocation "
              "WHERE run_id LIKE 'run-g-%')",
              "DELETE FROM diagnosis_run WHERE run_id = 'run-solo'"});
        // A call deleted among the newest, then another committed into its id (out of id
        // order, as concurrent writers on a server's sequence do): the newest calls are read
        // again when the counts differ. Before, the index kept the first and never saw the
        // second.
        QVERIFY(q.exec("SELECT MAX(id) - 3 FROM tool_invocation") && q.next());
        const qint64 gap = q.value(0).toLongLong();
        q.finish();
        step({QStringLiteral("DELETE FROM tool_invocation WHERE id = %1").arg(gap)});
        step({QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, tool_name, "
                             "success, retrieval_details) VALUES (%1, 'run-late', "
                             "'session-late', 'lookup_knowledge', 1, '{\"evidence_status\": "
                             "\"NO_EVIDENCE\"}')")
                  .arg(gap)});
        // One call deleted among the newest while another is committed late into a free
        // id below the newest (the same count): the ids the newest calls add up to differ.
        // Before, the index kept the deleted call and never saw the late one.
        step({QStringLiteral("DELETE FROM tool_invocation WHERE id IN (%1, %2)")
                  .arg(gap - 1)
                  .arg(gap - 2)});
        step({QStringLiteral("DELETE FROM tool_invocation WHERE id = %1").arg(gap + 1),
              QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, tool_name, "
                             "success, retrieval_details) VALUES (%1, 'run-late', "
                             "'session-late', 'lookup_knowledge', 0, '{\"evidence_status\": "
                             "\"ERROR\"}')")
                  .arg(gap - 1)});
        // Further back than the calls read again: the index is built anew, and says why.
        qputenv("RAGLENS_FACTS_WINDOW", "5");
        QVERIFY(q.exec(QStringLiteral("DELETE FROM tool_invocation WHERE id = %1").arg(gap - 40)));
        compareWithDirect(*db, &update);
        qunsetenv("RAGLENS_FACTS_WINDOW");
        QVERIFY(update.rebuilt);
        QVERIFY2(update.reason.contains(QLatin1String("deleted or added below")),
                 qPrintable(update.reason));
        compareWithDirect(*db, &update);
        QVERIFY(!update.rebuilt);
        // A session deleted whole, its runs and their calls (a user's data erased): its calls
        // leave the index with its runs. Before, they stayed as calls without a run, and the
        // list and health showed a session the trace could not open.
        QVERIFY(q.exec("SELECT session_id FROM diagnosis_run WHERE run_id IN (SELECT run_id FROM "
                       "tool_invocation WHERE run_id LIKE 'run-g-%') ORDER BY run_id LIMIT 1") &&
                q.next());
        const QString erased = q.value(0).toString();
        q.finish();
        // Far back, before the calls a refresh reads again: still mended without a rebuild
        // (the calls that left with their runs are no missing calls).
        qputenv("RAGLENS_FACTS_WINDOW", "5");
        step({QStringLiteral("DELETE FROM tool_invocation WHERE run_id IN (SELECT run_id FROM "
                             "diagnosis_run WHERE session_id = '%1')")
                  .arg(erased),
              QStringLiteral("DELETE FROM diagnosis_run WHERE session_id = '%1'").arg(erased)});
        qunsetenv("RAGLENS_FACTS_WINDOW");
        {
            auto facts = facts_index::openForReading(update.path);
            QVERIFY(facts.ok());
            SessionFilter gone;
            gone.text = erased;
            QCOMPARE(AuditBrowser(**facts).countSessions(gone).value(), 0);
        }
    }

    // A run row with its key and no session belongs to no session: it is no run in the
    // lists, counts, health or the trace, and its call shows under the call's own session
    // as a run without its row, directly and through the index alike. (Before, the trace
    // showed it so while health counted the run and no list held it.)
    void runsWithoutASessionAreNoRunsAnywhere()
    {
        const QString path = m_dir.filePath(QStringLiteral("sessionless-run.db"));
        QVERIFY(QFile::copy(m_small, path));
        // The generated table keeps session_id NOT NULL; a production table may not.
        QCOMPARE(
            execOnSqliteFile(
                path, {QStringLiteral("CREATE TABLE loose AS SELECT * FROM diagnosis_run"),
                       QStringLiteral("DROP TABLE diagnosis_run"),
                       QStringLiteral("ALTER TABLE loose RENAME TO diagnosis_run"),
                       QStringLiteral("CREATE UNIQUE INDEX loose_run ON diagnosis_run(run_id)"),
                       QStringLiteral("CREATE INDEX loose_session ON "
                                      "diagnosis_run(session_id)"),
                       QStringLiteral("INSERT INTO diagnosis_run (run_id, session_id, "
                                      "status, release_outcome, started_at) VALUES "
                                      "('run-nosession', NULL, 'COMPLETED', 'FALLBACK', "
                                      "'2099-03-03T00:00:00.000Z')"),
                       QStringLiteral("INSERT INTO tool_invocation (run_id, session_id, "
                                      "tool_name, success, retrieval_details, created_at) "
                                      "VALUES ('run-nosession', 'session-nosession', "
                                      "'lookup_knowledge', 1, '{\"evidence_status\": "
                                      "\"NO_EVIDENCE\"}', '2099-03-03T00:00:01.000Z')")}),
            QString());
        Readers readers;
        openWithIndex(path, readers);
        if (QTest::currentTestFailed())
            return;
        SessionFilter empty;
        empty.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        empty.text = QStringLiteral("session-nosession");
        SessionFilter fellBack;
        fellBack.sessionOutcome = QStringLiteral("FALLBACK");
        int runs = -1;
        for (AuditDatabase* reader : {readers.db.get(), readers.facts.get()}) {
            const AuditBrowser browser(*reader);
            QCOMPARE(browser.countSessions(empty).value(), 1);
            auto summary = browser.summary();
            QVERIFY(summary.ok());
            if (runs < 0)
                runs = summary->runs;
            QCOMPARE(summary->runs, runs);
            auto listed = browser.runsOfSession(QStringLiteral("session-nosession"), {});
            QVERIFY(listed.ok());
            QCOMPARE(int(listed->size()), 1);
            QVERIFY(listed->front().orphan);
        }
        auto trace = TraceService(*readers.db).getTrace(QStringLiteral("session-nosession"));
        QVERIFY(trace.ok());
        QCOMPARE(int(trace->runs.size()), 1);
        QVERIFY(trace->runs.front().orphan);
        compareWithDirect(*readers.db);
        // The row gains its session later, the count of run rows unchanged: the refresh
        // takes it in as a run (its FALLBACK outcome with it), without a rebuild.
        QCOMPARE(execOnSqliteFile(path, {QStringLiteral("UPDATE diagnosis_run SET session_id = "
                                                        "'session-nosession' WHERE run_id = "
                                                        "'run-nosession'")}),
                 QString());
        FactsIndexUpdate update;
        compareWithDirect(*readers.db, &update);
        QVERIFY(!update.rebuilt);
        auto facts = facts_index::openForReading(update.path);
        QVERIFY(facts.ok());
        SessionFilter sessionFellBack = fellBack;
        sessionFellBack.text = QStringLiteral("session-nosession");
        for (AuditDatabase* reader : {readers.db.get(), facts->get()}) {
            const AuditBrowser browser(*reader);
            QCOMPARE(browser.countSessions(sessionFellBack).value(), 1);
            auto listed = browser.runsOfSession(QStringLiteral("session-nosession"), {});
            QVERIFY(listed.ok());
            QCOMPARE(int(listed->size()), 1);
            QVERIFY(!listed->front().orphan);
        }
    }

    void rebuildsWhatCannotBeTrusted()
    {
        const QString path = m_dir.filePath(QStringLiteral("replaced.db"));
        QVERIFY(QFile::copy(m_generated, path));
        QString index;
        {
            auto db = AuditDatabase::open(path);
            QVERIFY(db.ok());
            index = indexOf(**db);
            QVERIFY(facts_index::update(**db, index).ok());
        }
        // Another database under the same name: rebuilt, never read as the old one.
        QVERIFY(QFile::remove(path));
        QCOMPARE(writeRandomAuditDb(path, {3000, 7, 600}), QString());
        {
            auto db = AuditDatabase::open(path);
            QVERIFY(db.ok());
            FactsIndexUpdate update;
            compareWithDirect(**db, &update);
            QVERIFY(update.rebuilt);
            QVERIFY2(!update.reason.isEmpty(), "a reason is given");
        }
        // An index from another format.
        {
            QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "meta");
            sql.setDatabaseName(index);
            QVERIFY(sql.open());
            QSqlQuery q(sql);
            QVERIFY(q.exec("UPDATE facts_meta SET value = '0' WHERE key = 'format'"));
            q.finish();
            sql.close();
        }
        QSqlDatabase::removeDatabase("meta");
        {
            auto db = AuditDatabase::open(path);
            QVERIFY(db.ok());
            FactsIndexUpdate update;
            compareWithDirect(**db, &update);
            QVERIFY(update.rebuilt);
            QVERIFY(update.reason.contains(QStringLiteral("version")));
        }
        // A damaged index file.
        {
            QFile f(index);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QByteArray(8192, 'x'));
        }
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        FactsIndexUpdate update;
        compareWithDirect(**db, &update);
        QVERIFY(update.rebuilt);
    }

    // Tool names differ from store to store: an index numbers those its calls name while
    // bits are left (run_flags::toolBits()). A tool past the last bit is read from the calls,
    // a tool no call names matches nothing, and a tool that first comes with a refresh takes
    // a free bit: each answers as the database does.
    void everyToolAnswersLikeTheDatabase()
    {
        std::unique_ptr<AuditDatabase> opened;
        openWritableCopy("many-tools.db", opened);
        if (QTest::currentTestFailed())
            return;
        AuditDatabase* const db = opened.get();
        QSqlQuery q(db->sql());
        const int names = run_flags::toolBits() + 5;
        // Call k gets tool-(k mod names): the first names are called most often.
        QVERIFY(q.exec(QStringLiteral("UPDATE tool_invocation SET tool_name = 'tool-' || "
                                      "((id * 7) %% %1) WHERE id %% 3 = 0")
                           .arg(names)
                           .replace(QStringLiteral("%%"), QStringLiteral("%"))));
        const auto compareTools = [&](const QStringList& tools) {
            auto done = facts_index::update(*db, indexOf(*db));
            QVERIFY2(done.ok(), done.ok() ? "" : qPrintable(done.error()));
            auto facts = facts_index::openForReading(done->path);
            QVERIFY(facts.ok());
            for (const QString& tool : tools) {
                SessionFilter f;
                f.toolName = tool;
                const AuditBrowser direct(*db);
                const AuditBrowser indexed(**facts);
                QCOMPARE(indexed.countSessions(f).value(), direct.countSessions(f).value());
                QCOMPARE(QString::fromStdString(
                             nlohmann::json(indexed.sessions(f, 0, 50).value()).dump()),
                         QString::fromStdString(
                             nlohmann::json(direct.sessions(f, 0, 50).value()).dump()));
                f.failureKind = QStringLiteral("none");
                QCOMPARE(indexed.countSessions(f).value(), direct.countSessions(f).value());
            }
        };
        QStringList tools;
        for (int k = 0; k < names; ++k)
            tools << QStringLiteral("tool-%1").arg(k);
        compareTools(tools + QStringList{QStringLiteral("no-such-tool"), QString::number(3)});
        {
            auto facts = facts_index::openForReading(indexOf(*db));
            QVERIFY(facts.ok());
            QSqlQuery bits((*facts)->sql());
            QVERIFY(bits.exec(QStringLiteral("SELECT COUNT(*), COUNT(bit) FROM %1")
                                  .arg(QLatin1String(run_flags::kToolBitTable))) &&
                    bits.next());
            QVERIFY(q.exec("SELECT COUNT(DISTINCT tool_name) FROM tool_invocation") && q.next());
            QCOMPARE(bits.value(0).toInt(), q.value(0).toInt()); // every name, bit or none
            q.finish();
            QCOMPARE(bits.value(1).toInt(), run_flags::toolBits());
        }
        // A new tool when every bit is taken: read from its calls.
        QVERIFY(q.exec("INSERT INTO tool_invocation (run_id, session_id, tool_name, success) "
                       "SELECT run_id, session_id, 'tool-late', 1 FROM diagnosis_run ORDER BY "
                       "run_id LIMIT 1"));
        compareTools({QStringLiteral("tool-late"), QStringLiteral("tool-0")});
    }

    // Tool names are numbered inside SQLite: text that is no valid UTF-8 (two names Qt would
    // read as one) and an empty BLOB (which Qt binds back as NULL) keep their own bits, the
    // build and the refreshes go on, and a later tool is numbered and found.
    void oddToolNamesKeepTheirBits()
    {
        std::unique_ptr<AuditDatabase> opened;
        openWritableCopy("odd-tools.db", opened);
        if (QTest::currentTestFailed())
            return;
        AuditDatabase* const db = opened.get();
        QSqlQuery q(db->sql());
        QVERIFY(q.exec("UPDATE tool_invocation SET tool_name = CASE id % 3 WHEN 0 THEN "
                       "CAST(x'636166e9' AS TEXT) WHEN 1 THEN CAST(x'636166e8' AS TEXT) ELSE "
                       "x'' END WHERE id % 7 = 0"));
        compareWithDirect(*db);
        QVERIFY(q.exec("INSERT INTO tool_invocation (run_id, session_id, tool_name, success) "
                       "SELECT run_id, session_id, CAST(x'636166e9' AS TEXT), 1 FROM "
                       "diagnosis_run ORDER BY run_id LIMIT 1"));
        compareWithDirect(*db);
        QVERIFY(q.exec("INSERT INTO tool_invocation (run_id, session_id, tool_name, success) "
                       "SELECT run_id, session_id, 'search_logs', 1 FROM diagnosis_run ORDER BY "
                       "run_id DESC LIMIT 1"));
        FactsIndexUpdate update;
        compareWithDirect(*db, &update);
        QVERIFY(!update.rebuilt);
        auto facts = facts_index::openForReading(update.path);
        QVERIFY(facts.ok());
        QVERIFY(run_flags::toolBit(**facts, QStringLiteral("search_logs")).value_or(0) > 0);
    }

    // Time-based 64-bit ids (creation milliseconds << 22, as snowflake writers make them)
    // leave gaps of billions between calls: the build batches calls, not id ranges, and
    // so does a refresh after one more call far beyond the others. Progress counts calls.
    // Read directly, a table without an index on session_id still lists sessions without a
    // run row when it is small: its rows are counted, not guessed from the largest id.
    void sparseIdsAreIndexedByTheirRows()
    {
        const QString path = m_dir.filePath(QStringLiteral("sparse.db"));
        QVERIFY(QFile::copy(m_small, path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(
            execOnSqliteFile(path, {QStringLiteral("UPDATE tool_invocation SET id = id * 4194304 * "
                                                   "1000000 + id")}),
            QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        qint64 calls = 0;
        {
            QSqlQuery q((*db)->sql());
            QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM tool_invocation")) && q.next());
            calls = q.value(0).toLongLong();
        }
        qint64 lastDone = -1;
        qint64 lastTotal = -1;
        auto done = facts_index::update(**db, indexOf(**db), [&](qint64 d, qint64 t) {
            lastDone = d;
            lastTotal = t;
            return true;
        });
        QVERIFY2(done.ok(), done.ok() ? "" : qPrintable(done.error()));
        QCOMPARE(done->indexedInvocations, calls);
        QCOMPARE(lastTotal, calls);
        QCOMPARE(lastDone, calls);
        compareWithDirect(**db);
        db->reset();
        QCOMPARE(execOnSqliteFile(
                     path, {QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                           "tool_name, created_at) SELECT MAX(id) * 2 + 1, "
                                           "run_id, session_id, tool_name, created_at FROM "
                                           "tool_invocation")}),
                 QString());
        auto again = AuditDatabase::open(path);
        QVERIFY(again.ok());
        FactsIndexUpdate update;
        compareWithDirect(**again, &update);
        QVERIFY(!update.rebuilt);
        QCOMPARE(update.invocationsAdded, 1);
    }

    // Text in the id column compares as text (in SQLite after every number): batches and
    // refreshes by id would miss such calls, so the index is not built, and says why.
    void textIdsAreRefusedWithAReason()
    {
        const QString path = m_dir.filePath(QStringLiteral("text-ids.db"));
        QCOMPARE(
            execOnSqliteFile(
                path, {QStringLiteral("CREATE TABLE diagnosis_run (run_id TEXT PRIMARY KEY, "
                                      "session_id TEXT, started_at TEXT)"),
                       QStringLiteral("CREATE TABLE tool_invocation (id TEXT PRIMARY KEY, run_id "
                                      "TEXT, session_id TEXT, tool_name TEXT)"),
                       QStringLiteral("INSERT INTO diagnosis_run VALUES ('r1', 's1', "
                                      "'2026-12-01T10:00:00Z')")}),
            QString());
        // Without calls yet, nothing is text: the index is built (an empty table's largest
        // id is NULL, which the driver hands over as a null string).
        {
            auto empty = AuditDatabase::open(path);
            QVERIFY(empty.ok());
            auto built = facts_index::update(**empty, indexOf(**empty));
            QVERIFY2(built.ok(), built.ok() ? "" : qPrintable(built.error()));
            QCOMPARE(built->indexedInvocations, 0);
            QVERIFY(QFile::remove(built->path));
        }
        QCOMPARE(execOnSqliteFile(path, {QStringLiteral("INSERT INTO tool_invocation VALUES "
                                                        "('inv-9', 'r1', 's1', "
                                                        "'lookup_knowledge')")}),
                 QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        const QString index = indexOf(**db);
        auto done = facts_index::update(**db, index);
        QVERIFY(!done.ok());
        QVERIFY2(done.error().contains(QStringLiteral("inv-9")), qPrintable(done.error()));
        QVERIFY(!QFile::exists(index));
        // Read directly, the session is still there.
        auto sessions = AuditBrowser(**db).sessions({}, 0, 10);
        QVERIFY2(sessions.ok(), sessions.ok() ? "" : qPrintable(sessions.error()));
        QCOMPARE(int(sessions->size()), 1);
    }

    // A call table whose rows lie in another order than their ids (rewritten by a tool,
    // keyed by nothing): the direct scan meets a run's error and its empty lookup in the
    // other order, and the reasons of its problem run still read alike both ways.
    void problemReasonsReadAlikeInAnyRowOrder()
    {
        const QString path = m_dir.filePath(QStringLiteral("reversed.db"));
        QVERIFY(QFile::copy(m_small, path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(execOnSqliteFile(
                     path, {QStringLiteral("CREATE TABLE reversed AS SELECT * FROM "
                                           "tool_invocation ORDER BY id DESC"),
                            QStringLiteral("DROP TABLE tool_invocation"),
                            QStringLiteral("ALTER TABLE reversed RENAME TO tool_invocation"),
                            QStringLiteral("CREATE INDEX reversed_run ON tool_invocation(run_id)"),
                            QStringLiteral("CREATE INDEX reversed_id ON tool_invocation(id)")}),
                 QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        const HealthReport direct = computeHealth(**db, {}, {}).value();
        int both = 0;
        for (const ProblemRun& p : direct.problemRuns)
            both += p.reasons.contains(QStringLiteral("tool_error")) &&
                    p.reasons.contains(QStringLiteral("empty_retrieval"));
        QVERIFY2(both > 0, "some problem run has both an error and an empty lookup");
        compareWithDirect(**db);
    }

    void oneCoreAndTwoCoresBuildTheSameIndex_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QStringList>("filled");
        const QStringList derived = {QLatin1String(FactSql::kHealthDayTable),
                                     QLatin1String(FactSql::kLatencyDayTable),
                                     QLatin1String(FactSql::kRunlessCallTable)};
        QTest::newRow("generated") << QString()
                                   << (derived + QStringList{QStringLiteral("diagnosis_run"),
                                                             QStringLiteral("tool_invocation")});
        QTest::newRow("orphans") << QStringLiteral("orphans")
                                 << (derived +
                                     QStringList{QLatin1String(FactSql::kOrphanSessionTable)});
    }
    void oneCoreAndTwoCoresBuildTheSameIndex()
    {
        // The calls, health days and runless calls are derived on a second core when SQLite
        // allows it; RAGLENS_ONE_CORE=1 keeps all on one. Both must write the same rows.
        QFETCH(QString, variant);
        QFETCH(QStringList, filled);
        QString path = m_generated;
        if (!variant.isEmpty()) {
            path = m_dir.filePath(QStringLiteral("cores-") + variant + QStringLiteral(".db"));
            QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), path);
            sql.setDatabaseName(path);
            QVERIFY(sql.open());
            QCOMPARE(writeSchemaVariant(sql, schemaVariantFromName(variant)), QString());
            sql.close();
            sql = QSqlDatabase();
            QSqlDatabase::removeDatabase(path);
        }
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        // Else both builds below would run on one core, and agree for nothing.
        QVERIFY(sqlite_tuning::connectionsRunInParallel());
        std::map<QByteArray, std::map<QString, QStringList>> built;
        for (const QByteArray& one : {QByteArray("1"), QByteArray("0")}) {
            qputenv("RAGLENS_ONE_CORE", one);
            const QString dir = m_dir.filePath(
                QStringLiteral("cores-%1-%2").arg(variant, QString::fromLatin1(one)));
            auto done =
                facts_index::update(**db, facts_index::pathFor((*db)->location(), dir), {}, true);
            qunsetenv("RAGLENS_ONE_CORE");
            QVERIFY2(done.ok(), done.ok() ? "" : qPrintable(done.error()));
            // Nothing of the build is left beside the index (second files, journals).
            QCOMPARE(QDir(QFileInfo(done->path).path()).entryList(QDir::Files),
                     QStringList{QFileInfo(done->path).fileName()});
            built[one] = tableRows(done->path);
            // FTS5's own check: the trigram index (made on the second core and taken over by
            // the index, or made in place) holds every run's text and nothing else.
            QSqlDatabase check = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), done->path);
            check.setDatabaseName(done->path);
            QVERIFY(check.open());
            QSqlQuery q(check);
            const bool intact =
                q.exec(QStringLiteral("INSERT INTO %1(%1) VALUES('integrity-check')")
                           .arg(QLatin1String(FactSql::kRunSearchTable)));
            const QString error = q.lastError().text();
            // Written with FTS5's pending terms kept up to 32 MB (a few segments at a million
            // calls instead of hundreds merged again): made on either core, the setting is
            // the index's, so a refresh keeps it.
            QVERIFY(q.exec(QStringLiteral("SELECT v FROM %1_config WHERE k = 'hashsize'")
                               .arg(QLatin1String(FactSql::kRunSearchTable))));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toLongLong(), 32LL * 1024 * 1024);
            q = QSqlQuery();
            check.close();
            check = QSqlDatabase();
            QSqlDatabase::removeDatabase(done->path);
            QVERIFY2(intact, qPrintable(error));
        }
        const auto& one = built[QByteArray("1")];
        const auto& two = built[QByteArray("0")];
        QCOMPARE(one.size(), two.size());
        for (const QString& table : filled)
            QVERIFY2(one.count(table) && !one.at(table).isEmpty(),
                     qPrintable(table + QStringLiteral(" is empty")));
        for (const auto& [table, rows] : one) {
            QVERIFY2(two.count(table), qPrintable(table));
            // The build's own time is the meta value that may differ.
            if (table == QLatin1String("facts_meta"))
                continue;
            QVERIFY2(rows == two.at(table), qPrintable(table));
        }
    }

    void cancelLeavesNoIndex()
    {
        auto db = AuditDatabase::open(m_generated);
        QVERIFY(db.ok());
        const QString index = m_dir.filePath(QStringLiteral("cancelled/index.sqlite"));
        auto done = facts_index::update(**db, index, [](qint64, qint64) { return false; });
        QVERIFY(!done.ok());
        QVERIFY(done.error().contains(QStringLiteral("cancelled")));
        QVERIFY(!QFile::exists(index));
        QCOMPARE(QDir(QFileInfo(index).path()).entryList(QDir::Files), QStringList());
    }

    void theAgentWritesWhileTheIndexIsBuilt()
    {
        // The agent keeps writing to its audit file while RagLens indexes it. With a rollback
        // journal, a writer commits only once no connection reads the file: a build that held
        // its read from batch to batch (or while its two halves wait for each other) kept the
        // agent waiting past its busy timeout, and its row was lost. Between batches, on one
        // core or two, the build reads nothing: here the agent writes at each report of
        // progress, with a busy timeout of 5 s, and every write must go through.
        const QString path = m_dir.filePath(QStringLiteral("agent-writes.db"));
        QVERIFY(QFile::copy(m_generated, path));
        AgentWriter agent(path);
        QVERIFY(agent.open());
        for (const QByteArray& one : {QByteArray("1"), QByteArray("0")}) {
            auto db = AuditDatabase::open(path);
            QVERIFY(db.ok());
            const int before = agent.writes;
            qputenv("RAGLENS_ONE_CORE", one);
            auto built = facts_index::update(**db, indexOf(**db), agent.atEachReport(), true);
            qunsetenv("RAGLENS_ONE_CORE");
            QVERIFY2(built.ok(), built.ok() ? "" : qPrintable(built.error()));
            QVERIFY2(agent.failed.isEmpty(), qPrintable(agent.failed.join(QStringLiteral("; "))));
            QVERIFY(agent.writes > before);
            // What the agent wrote meanwhile is what the next refresh reads.
            FactsIndexUpdate refreshed;
            compareWithDirect(**db, &refreshed);
            QVERIFY(!refreshed.rebuilt);
            QVERIFY(refreshed.invocationsAdded >= 1);
        }
    }
    void theAgentWritesWhileTheIndexIsRefreshed()
    {
        // A refresh reads the new calls a batch at a time, then the runs in one short read,
        // before it takes the index's write lock: it used to read inside that transaction, and
        // a day of new calls held the agent's writes for seconds. The agent writes at each
        // report of the refresh's progress (between its batches) and every write goes through.
        const QString path = m_dir.filePath(QStringLiteral("agent-writes-refresh.db"));
        QVERIFY(QFile::copy(m_small, path));
        AgentWriter agent(path);
        std::unique_ptr<AuditDatabase> db;
        openIndexed(path, agent, db);
        if (QTest::currentTestFailed())
            return;
        for (int round = 0; round < 3; ++round) {
            for (int i = 0; i < 20; ++i)
                QVERIFY(agent.write());
            FactsIndexUpdate refreshed;
            refreshWhileTheAgentWrites(*db, agent, refreshed);
            if (QTest::currentTestFailed())
                return;
            QVERIFY(refreshed.invocationsAdded >= 20);
        }
        // The calls written during the last refresh come with the next one, and the index
        // then answers as the database does.
        FactsIndexUpdate last;
        compareWithDirect(*db, &last);
        QVERIFY(!last.rebuilt);
        QVERIFY(last.invocationsAdded >= 1);
    }
    void theAgentWritesWhileRetentionIsReconciled()
    {
        // Retention purged the oldest calls and runs: the refresh compares every run id. It
        // read them inside the index's lock, where the audited file stays share-locked to
        // the commit; it now stages them with the runs, and the lock names the index alone
        // (BEGIN IMMEDIATE took a read of every attached file too). The agent writes at each
        // report, one of which comes inside the lock, after the runs were compared.
        const QString path = m_dir.filePath(QStringLiteral("agent-writes-retention.db"));
        QVERIFY(QFile::copy(m_small, path));
        AgentWriter agent(path);
        std::unique_ptr<AuditDatabase> db;
        openIndexed(path, agent, db);
        if (QTest::currentTestFailed())
            return;
        QSqlQuery purge(agent.db);
        QVERIFY(purge.exec(QStringLiteral("SELECT MIN(id) + (MAX(id) - MIN(id)) / 3 FROM "
                                          "tool_invocation")) &&
                purge.next());
        const qint64 cut = purge.value(0).toLongLong();
        purge.finish();
        for (const QString& sql :
             {QStringLiteral("DELETE FROM tool_invocation WHERE id < %1").arg(cut),
              QStringLiteral("DELETE FROM diagnosis_run WHERE run_id NOT IN (SELECT run_id FROM "
                             "tool_invocation WHERE run_id IS NOT NULL)")})
            QVERIFY2(purge.exec(sql), qPrintable(purge.lastError().text()));
        for (int i = 0; i < 20; ++i)
            QVERIFY(agent.write());
        FactsIndexUpdate refreshed;
        refreshWhileTheAgentWrites(*db, agent, refreshed);
        if (QTest::currentTestFailed())
            return;
        FactsIndexUpdate last;
        compareWithDirect(*db, &last);
        QVERIFY(!last.rebuilt);
    }
    void callsWithoutAnIdAreReadDirectly()
    {
        // A key that lets an id be NULL (a UNIQUE column): the index, which copies calls by
        // id ranges, left such calls out, and its lists counted fewer calls and empty lookups
        // than the trace and the direct lists. It is not built; every list reads directly,
        // and says why.
        const QString path = m_dir.filePath(QStringLiteral("null-ids.db"));
        QVERIFY(QFile::copy(m_small, path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(execOnSqliteFile(
                     path, {QStringLiteral("CREATE TABLE loose AS SELECT * FROM tool_invocation"),
                            QStringLiteral("DROP TABLE tool_invocation"),
                            QStringLiteral("ALTER TABLE loose RENAME TO tool_invocation"),
                            QStringLiteral("CREATE UNIQUE INDEX loose_id ON tool_invocation(id)"),
                            QStringLiteral("CREATE INDEX loose_run ON tool_invocation(run_id)")}),
                 QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        QCOMPARE((*db)->keyedBy(QStringLiteral("tool_invocation"), QStringLiteral("id")),
                 std::optional<bool>(true));
        // Built while every call has an id; a call written without one since is found by the
        // next refresh, which gives the index up instead of counting around it.
        QVERIFY(facts_index::update(**db, indexOf(**db)).ok());
        QCOMPARE(execOnSqliteFile(
                     path, {QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                           "tool_name, retrieval_details) SELECT NULL, run_id, "
                                           "session_id, 'lookup_knowledge', '{\"evidence_status\": "
                                           "\"NO_EVIDENCE\"}' FROM tool_invocation LIMIT 2")}),
                 QString());
        for (int round = 0; round < 2; ++round) {
            auto refreshed = facts_index::update(**db, indexOf(**db));
            QVERIFY(!refreshed.ok());
            QVERIFY2(refreshed.error().contains(QStringLiteral("without an id")),
                     qPrintable(refreshed.error()));
        }
        const CliResult list = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), path,
                                       QStringLiteral("--limit"), QStringLiteral("100000"),
                                       QStringLiteral("--cache"), m_cache});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(QString::fromUtf8(list.err).contains(QStringLiteral("without an id")),
                 list.err.constData());
        const CliResult direct = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), path,
                                         QStringLiteral("--limit"), QStringLiteral("100000"),
                                         QStringLiteral("--facts"), QStringLiteral("off")});
        QCOMPARE(direct.exitCode, 0);
        QVERIFY2(list.json.at("sessions") == direct.json.at("sessions"),
                 qPrintable(firstDifference(direct.json, list.json)));
    }
    void abandonedBuildsAreRemoved()
    {
        // A build killed midway leaves its file and its second cores' files; the next build
        // removes those of processes that are gone (they piled up, 3 MB each at 10k calls),
        // never those of one still running.
        const QString path = m_dir.filePath(QStringLiteral("abandoned.db"));
        QVERIFY(QFile::copy(m_small, path));
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        const QString index = indexOf(**db);
        QVERIFY(QDir().mkpath(QFileInfo(index).absolutePath()));
        // No process has a pid above the kernel's limit (at most 2^22); pid 1 always runs.
        const QStringList gone = {index + QStringLiteral(".building-99999999"),
                                  index + QStringLiteral(".building-99999999.calls"),
                                  index + QStringLiteral(".building-99999999.search-journal")};
        const QString running = index + QStringLiteral(".building-1");
        // An hour old: a file touched within ten minutes may be a build on another machine
        // sharing the folder.
        const QString recent = index + QStringLiteral(".building-99999998");
        for (const QString& f : gone + QStringList{running, recent}) {
            QFile file(f);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("left over");
            QVERIFY(file.flush()); // before the time is set: a later write would touch it
            if (f != recent)
                QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(-3600),
                                         QFileDevice::FileModificationTime));
        }
        auto built = facts_index::update(**db, index, {}, true);
        QVERIFY2(built.ok(), built.ok() ? "" : qPrintable(built.error()));
        for (const QString& f : gone)
            QVERIFY2(!QFile::exists(f), qPrintable(f));
        QVERIFY(QFile::exists(running));
        QVERIFY(QFile::exists(recent));
        QFile::remove(running);
        QFile::remove(recent);
    }
    void twoRefreshesOfOneIndexMeet()
    {
        // The GUI and the CLI may refresh one index at once. A refresh reads the audited file
        // before it takes the index's lock; if the other wrote the index in between, what it
        // read was chosen by a state that is gone: it reads again. Here a second refresh
        // (after more writes of the agent) runs inside the first's reading of its calls.
        std::unique_ptr<AuditDatabase> db;
        std::optional<Expected<FactsIndexUpdate>> outer;
        QString innerError;
        updateInsideAnUpdate("two-refreshes.db", 10, false, db, outer, innerError);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(outer->ok(), outer->ok() ? "" : qPrintable(outer->error()));
        QVERIFY2(innerError.isEmpty(), qPrintable(innerError));
        QVERIFY(!(*outer)->rebuilt);
        // The other took every new call; read again, this one found none left to add.
        QCOMPARE((*outer)->invocationsAdded, qint64(0));
        FactsIndexUpdate last;
        compareWithDirect(*db, &last);
        QVERIFY(!last.rebuilt);
        QCOMPARE(last.invocationsAdded, qint64(0));
    }
    void aRebuildMeetsARefresh()
    {
        // `raglens-cli index --rebuild` while the GUI refreshes the same index: the build puts
        // its file in place under the old one's write lock, and the refresh, whose file left
        // the folder under it, refreshes the new one. Before, the build deleted the refresh's
        // journal ("disk I/O error"), or the refresh failed writing a moved file.
        std::unique_ptr<AuditDatabase> db;
        std::optional<Expected<FactsIndexUpdate>> outer;
        QString innerError;
        updateInsideAnUpdate("rebuild-meets-refresh.db", 1, true, db, outer, innerError);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(outer->ok(), outer->ok() ? "" : qPrintable(outer->error()));
        QVERIFY2(innerError.isEmpty(), qPrintable(innerError));
        QVERIFY(!QFile::exists(indexOf(*db) + QStringLiteral("-journal")));
        FactsIndexUpdate last;
        compareWithDirect(*db, &last);
        QVERIFY(!last.rebuilt);
    }
    void cancelWhileDerivingLeavesNoIndex_data()
    {
        QTest::addColumn<int>("cancelAt");
        // The copy reports every call read once or twice (the two halves' last round, then
        // the end of both); each phase after it once more. The third such report is after a
        // phase of the derivation whatever the copy did; the fifth comes while the second
        // core makes the search index (two cores) or after health (one).
        QTest::newRow("third report") << 3;
        QTest::newRow("fifth report") << 5;
    }
    void cancelWhileDerivingLeavesNoIndex()
    {
        // Every call read, the build derives for about as long again: a cancel then is taken
        // at the end of the phase it comes in, not ignored until the index is complete.
        QFETCH(int, cancelAt);
        auto db = AuditDatabase::open(m_generated);
        QVERIFY(db.ok());
        for (const QByteArray& one : {QByteArray("1"), QByteArray("0")}) {
            const QString index =
                m_dir.filePath(QStringLiteral("cancelled-deriving-%1-%2/index.sqlite")
                                   .arg(QString::fromLatin1(one))
                                   .arg(cancelAt));
            int complete = 0;
            qputenv("RAGLENS_ONE_CORE", one);
            auto done = facts_index::update(**db, index, [&](qint64 at, qint64 total) {
                complete += at == total ? 1 : 0;
                return complete < cancelAt;
            });
            qunsetenv("RAGLENS_ONE_CORE");
            QVERIFY(!done.ok());
            QVERIFY2(done.error().contains(QStringLiteral("cancelled")), qPrintable(done.error()));
            QCOMPARE(complete, cancelAt);
            QVERIFY(!QFile::exists(index));
            QCOMPARE(QDir(QFileInfo(index).path()).entryList(QDir::Files), QStringList());
        }
    }

    void indexesAreKeyedByDatabase()
    {
        DatabaseLocation a;
        a.path = m_dir.filePath(QStringLiteral("a.db"));
        DatabaseLocation b;
        b.path = m_dir.filePath(QStringLiteral("b.db"));
        QVERIFY(facts_index::pathFor(a, m_cache) != facts_index::pathFor(b, m_cache));
        QVERIFY(facts_index::pathFor(a, m_cache).startsWith(m_cache));
        auto server =
            DatabaseLocation::parse(QStringLiteral("postgresql://reader@db.example:5432/audit"));
        QVERIFY(server.ok());
        QVERIFY(!facts_index::identityOf(*server).contains(QStringLiteral("password")));
        QVERIFY(facts_index::pathFor(*server, m_cache).contains(QStringLiteral("audit-")));
    }

    void cliReadsThroughTheIndex()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("RAGLENS_CACHE_DIR"),
                   m_dir.filePath(QStringLiteral("cli-cache")));
        const CliResult built = runCli({"index", "--db", m_generated}, {}, env);
        QCOMPARE(built.exitCode, 0);
        QVERIFY(built.json.value("rebuilt", false));
        QVERIFY(built.err.contains("indexed"));
        for (const QStringList& filter : {QStringList{}, QStringList{"--evidence", "NO_EVIDENCE"},
                                          QStringList{"--text", "se"}}) {
            const CliResult viaIndex = runCli(
                QStringList{"sessions", "--db", m_generated, "--limit", "500"} + filter, {}, env);
            const CliResult direct = runCli(
                QStringList{"sessions", "--db", m_generated, "--limit", "500", "--facts", "off"} +
                    filter,
                {}, env);
            QCOMPARE(viaIndex.exitCode, 0);
            QCOMPARE(direct.exitCode, 0);
            QVERIFY(viaIndex.json.at("factsIndex").is_object());
            QVERIFY(direct.json.at("factsIndex").is_null());
            QVERIFY(viaIndex.json.at("total") == direct.json.at("total"));
            QVERIFY(viaIndex.json.at("sessions") == direct.json.at("sessions"));
        }
        const CliResult health = runCli({"health", "--db", m_generated}, {}, env);
        QCOMPARE(health.exitCode, 0);
        QVERIFY(health.json.at("factsIndex").is_object());
        QCOMPARE(
            runCli({"sessions", "--db", m_generated, "--facts", "sometimes"}, {}, env).exitCode, 2);
        // An old call edited in place is not what a refresh reads; --rebuild builds anew.
        const CliResult refreshed = runCli({"index", "--db", m_generated}, {}, env);
        QCOMPARE(refreshed.exitCode, 0);
        QVERIFY(!refreshed.json.value("rebuilt", true));
        const CliResult rebuilt = runCli({"index", "--db", m_generated, "--rebuild"}, {}, env);
        QCOMPARE(rebuilt.exitCode, 0);
        QVERIFY(rebuilt.json.value("rebuilt", false));
        QCOMPARE(QString::fromStdString(rebuilt.json.value("reason", std::string())),
                 QStringLiteral("a rebuild was asked for"));
    }
};

QTEST_GUILESS_MAIN(TestFactsIndex)
#include "tst_facts_index.moc"
