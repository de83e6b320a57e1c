// A server URL's parameters: a PostgreSQL schema (`?schema=audit`) and the TLS and timeout
// settings a production server asks for reach the connection, anything else is refused
// with a message instead of being dropped, and the location prints back as a URL that reads
// the same. On the PostgreSQL server (RAGLENS_TEST_PG_URL, RAGLENS_DB_PASSWORD;
// scripts/start-test-servers.sh): a run recorded into a schema is read from there and
// from nowhere else, a partitioned call table counts as the table, a missing schema is
// named, and sslmode reaches libpq.

#include "db/audit_database.h"
#include "facts/facts_index.h"
#include "support/cli_runner.h"
#include "support/mini_kb.h"
#include "support/schema_variants.h"
#include "support/test_servers.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;

namespace {

const QString kSchema = QStringLiteral("raglens_url_test");
const QString kPartitioned = QStringLiteral("raglens_url_parts");

DatabaseLocation parsed(const QString& url)
{
    auto loc = DatabaseLocation::parse(url);
    if (!loc)
        qWarning() << url << loc.error();
    return loc ? *loc : DatabaseLocation{};
}

QString refusal(const QString& url)
{
    auto loc = DatabaseLocation::parse(url);
    return loc ? QString() : loc.error();
}

/// The session ids `raglens-cli sessions` lists for `url`; "failed: …" when it fails.
QStringList listedSessions(const QString& url)
{
    const CliResult r = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), url});
    if (r.exitCode != 0)
        return {QStringLiteral("failed: ") + QString::fromUtf8(r.err)};
    QStringList ids;
    for (const auto& s : r.json["sessions"])
        ids << QString::fromStdString(s["sessionId"].get<std::string>());
    return ids;
}

/// A plain connection to the test server, for setting it up: RagLens's own would create its
/// tables in an empty schema it may write.
class RawPostgres
{
public:
    explicit RawPostgres(const QString& url)
    {
        const DatabaseLocation loc = parsed(url);
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("raw-setup"));
        m_db.setHostName(loc.host);
        m_db.setPort(loc.port);
        m_db.setDatabaseName(loc.database);
        m_db.setUserName(loc.user);
        m_db.setPassword(loc.password);
        if (!m_db.open())
            qWarning() << m_db.lastError().text();
    }
    ~RawPostgres()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("raw-setup"));
    }
    QSqlDatabase& db() { return m_db; }

private:
    QSqlDatabase m_db;
};

bool exec(QSqlQuery& q, const QString& sql)
{
    if (q.exec(sql))
        return true;
    qWarning() << sql << q.lastError().text();
    return false;
}

} // namespace

class TestServerUrlParameters : public QObject
{
    Q_OBJECT

private:
    QString m_pgUrl = qEnvironmentVariable("RAGLENS_TEST_PG_URL");
    QTemporaryDir m_dir;

    QString inSchema(const QString& schema) const
    {
        return m_pgUrl +
               (m_pgUrl.contains(QLatin1Char('?')) ? QLatin1Char('&') : QLatin1Char('?')) +
               QStringLiteral("schema=") + schema;
    }

private slots:
    void postgresParametersReachTheDriver()
    {
        const DatabaseLocation loc =
            parsed(QStringLiteral("postgresql://ops@db.internal/audit?schema=agent_audit&sslmode="
                                  "verify-full&sslrootcert=/etc/ssl/ca.pem"));
        QCOMPARE(loc.schema, QStringLiteral("agent_audit"));
        QCOMPARE(loc.parameters.size(), 2);
        QCOMPARE(
            loc.connectOptions(),
            QStringLiteral("connect_timeout=5;sslmode=verify-full;sslrootcert=/etc/ssl/ca.pem"));
        // The printed location (status bar, Recent list) reads back as the same one.
        const DatabaseLocation again = parsed(loc.display());
        QCOMPARE(again.schema, loc.schema);
        QCOMPARE(again.parameters, loc.parameters);
        QCOMPARE(again.display(), loc.display());

        // The user's timeout replaces RagLens's five seconds.
        QCOMPARE(parsed(QStringLiteral("postgres://h/d?connect_timeout=30")).connectOptions(),
                 QStringLiteral("connect_timeout=30"));
        // A schema is a quoted identifier: any text, spaces and quotes too, and it prints back.
        const DatabaseLocation odd =
            parsed(QStringLiteral("postgresql://h/d?schema=Audit%20%22x%22%26y"));
        QCOMPARE(odd.schema, QStringLiteral("Audit \"x\"&y"));
        QCOMPARE(parsed(odd.display()).schema, odd.schema);
        // A '%' in a name or a path is itself when read back.
        const DatabaseLocation percent =
            parsed(QStringLiteral("postgresql://h/d?schema=x%2541&sslrootcert=/c/a%2541.pem"));
        QCOMPARE(percent.schema, QStringLiteral("x%41"));
        QCOMPARE(parsed(percent.display()).schema, QStringLiteral("x%41"));
        QCOMPARE(parsed(percent.display()).parameters, percent.parameters);
        // An SQLite URL takes none.
        QVERIFY(refusal(QStringLiteral("file:///tmp/a.db?mode=ro")).contains("mode=ro"));
        // No parameters: the URL as before.
        QCOMPARE(parsed(QStringLiteral("postgresql://u@h:5433/d")).display(),
                 QStringLiteral("postgresql://u@h:5433/d"));
    }

    void mysqlParametersReachTheDriver()
    {
        const DatabaseLocation loc = parsed(
            QStringLiteral("mysql://ops@db/audit?ssl-ca=/etc/ssl/ca.pem&ssl-cert=/etc/c.pem"));
        QCOMPARE(loc.connectOptions(),
                 QStringLiteral(
                     "MYSQL_OPT_CONNECT_TIMEOUT=5;SSL_CA=/etc/ssl/ca.pem;SSL_CERT=/etc/c.pem"));
        QCOMPARE(parsed(QStringLiteral("mariadb://h/d?connect_timeout=7")).connectOptions(),
                 QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT=7"));
    }

    void parametersNotPassedOnAreRefused()
    {
        // Dropped without a word, each would connect otherwise than asked.
        QVERIFY(refusal(QStringLiteral("postgresql://h/d?sslmod=require")).contains("sslmod"));
        QVERIFY(refusal(QStringLiteral("postgresql://h/d?sslmod=require")).contains("sslmode"));
        QVERIFY(refusal(QStringLiteral("mysql://h/d?schema=audit")).contains("schema"));
        QVERIFY(refusal(QStringLiteral("postgresql://h/d?sslmode=require&sslmode=disable"))
                    .contains("twice"));
        QVERIFY(refusal(QStringLiteral("postgresql://h/d?schema=")).contains("no value"));
        QVERIFY(
            refusal(QStringLiteral("postgresql://h/d?sslrootcert=/a%20b.pem")).contains("spaces"));
        QVERIFY(refusal(QStringLiteral("postgresql://h/d?application_name=a;b")).contains("';'"));
        QVERIFY(refusal(QStringLiteral("postgresql://h/d?connect_timeout=soon")).contains("soon"));
        QVERIFY(refusal(QStringLiteral("postgresql://h/d?connect_timeout=0")).contains("seconds"));
    }

    void eachSchemaHasItsOwnFactsIndex()
    {
        const DatabaseLocation a = parsed(QStringLiteral("postgresql://u@h/d?schema=a"));
        const DatabaseLocation b = parsed(QStringLiteral("postgresql://u@h/d?schema=b"));
        const DatabaseLocation tls =
            parsed(QStringLiteral("postgresql://u@h/d?schema=a&sslmode=require"));
        QVERIFY(facts_index::identityOf(a) != facts_index::identityOf(b));
        QVERIFY(facts_index::pathFor(a, QStringLiteral("/c")) !=
                facts_index::pathFor(b, QStringLiteral("/c")));
        // TLS is how the same rows are reached, not other rows.
        QCOMPARE(facts_index::identityOf(tls), facts_index::identityOf(a));
    }

    void aRunRecordedIntoASchemaIsReadFromThere()
    {
        RAGLENS_NEEDS_SERVER("RAGLENS_TEST_PG_URL");
        QVERIFY(m_dir.isValid());
        {
            // No audit tables in the default schema: the schema's own must be the ones found.
            RawPostgres raw(m_pgUrl);
            QVERIFY(raw.db().isOpen());
            dropVariantViews(raw.db()); // tst_schema_variants may have left its views
            QSqlQuery q(raw.db());
            for (const char* t :
                 {"lookup_trace_sample", "run_feedback", "diagnosis_trace", "tool_invocation",
                  "agent_step", "diagnosis_run", "raglens_schema_version"})
                QVERIFY(exec(
                    q,
                    QStringLiteral("DROP TABLE IF EXISTS public.%1").arg(QString::fromLatin1(t))));
            QVERIFY(exec(q, QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE").arg(kSchema)));
            QVERIFY(exec(q, QStringLiteral("CREATE SCHEMA %1").arg(kSchema)));
        }
        const QString kb = m_dir.filePath(QStringLiteral("kb"));
        auto built = buildMiniKb(m_dir.filePath(QStringLiteral("src")), kb);
        QVERIFY2(built.ok(), built.ok() ? "" : qPrintable(built.error()));
        const CliResult rec =
            runCli({QStringLiteral("record"), QStringLiteral("--kb"), kb, QStringLiteral("--db"),
                    inSchema(kSchema), QStringLiteral("--session"), QStringLiteral("in-schema"),
                    minikb::kPoolQuery});
        QVERIFY2(rec.exitCode == 0, rec.err.constData());

        // The tables were made in the schema, and the run is there.
        RawPostgres raw(m_pgUrl);
        QSqlQuery q(raw.db());
        QVERIFY(exec(q, QStringLiteral("SELECT COUNT(*) FROM %1.tool_invocation WHERE "
                                       "session_id = 'in-schema'")
                            .arg(kSchema)));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 1);

        // Opened through the schema (read-only, then writable: RagLens owns it), its tables
        // are known by their own names.
        auto db = AuditDatabase::open(inSchema(kSchema), AccessMode::Inspect);
        QVERIFY2(db.ok(), db.ok() ? "" : qPrintable(db.error()));
        QVERIFY((*db)->hasTable(QStringLiteral("diagnosis_run")));
        QVERIFY((*db)->hasTable(QStringLiteral("lookup_trace_sample")));
        QCOMPARE(listedSessions(inSchema(kSchema)), QStringList{QStringLiteral("in-schema")});
        // The default schema is another store, here an empty one: nothing is read from it.
        const QStringList publicSessions = listedSessions(m_pgUrl);
        QCOMPARE(publicSessions.size(), 1);
        QVERIFY2(publicSessions.front().contains(QLatin1String("diagnosis_run")),
                 qPrintable(publicSessions.front()));
        // The facts index of the schema, built and read through the same URL.
        const CliResult index =
            runCli({QStringLiteral("index"), QStringLiteral("--db"), inSchema(kSchema)});
        QVERIFY2(index.exitCode == 0, index.err.constData());
    }

    void aPartitionedCallTableIsTheCallTable()
    {
        RAGLENS_NEEDS_SERVER("RAGLENS_TEST_PG_URL");
        {
            auto db = AuditDatabase::open(m_pgUrl, AccessMode::Write);
            QVERIFY(db.ok());
            QSqlQuery q((*db)->sql());
            for (const QString& sql :
                 {QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE"),
                  QStringLiteral("CREATE SCHEMA %1"),
                  QStringLiteral("CREATE TABLE %1.diagnosis_run (run_id TEXT PRIMARY KEY, "
                                 "session_id TEXT, question TEXT, started_at TIMESTAMPTZ)"),
                  QStringLiteral("CREATE TABLE %1.tool_invocation (id BIGINT, run_id TEXT, "
                                 "session_id TEXT, tool_name TEXT, created_at TIMESTAMPTZ) "
                                 "PARTITION BY RANGE (id)"),
                  QStringLiteral("CREATE TABLE %1.tool_invocation_p1 PARTITION OF "
                                 "%1.tool_invocation FOR VALUES FROM (0) TO (1000000)"),
                  QStringLiteral("INSERT INTO %1.diagnosis_run VALUES ('r1', 'parted', 'why', "
                                 "'2026-11-30T10:00:00Z')"),
                  QStringLiteral("INSERT INTO %1.tool_invocation VALUES (7, 'r1', 'parted', "
                                 "'lookup_knowledge', '2026-11-30T10:00:01Z')")})
                QVERIFY(exec(q, sql.arg(kPartitioned)));
        }
        auto db = AuditDatabase::open(inSchema(kPartitioned), AccessMode::Inspect);
        QVERIFY2(db.ok(), db.ok() ? "" : qPrintable(db.error()));
        QVERIFY((*db)->hasTable(QStringLiteral("tool_invocation")));
        QCOMPARE(listedSessions(inSchema(kPartitioned)), QStringList{QStringLiteral("parted")});
    }

    void aMissingSchemaIsNamed()
    {
        RAGLENS_NEEDS_SERVER("RAGLENS_TEST_PG_URL");
        auto db =
            AuditDatabase::open(inSchema(QStringLiteral("no_such_schema")), AccessMode::Inspect);
        QVERIFY(!db.ok());
        QVERIFY2(db.error().contains("no schema \"no_such_schema\""), qPrintable(db.error()));
    }

    void sslmodeReachesTheServer()
    {
        RAGLENS_NEEDS_SERVER("RAGLENS_TEST_PG_URL");
        auto plain =
            AuditDatabase::open(m_pgUrl + QStringLiteral("?sslmode=disable"), AccessMode::Inspect);
        QVERIFY2(plain.ok(), plain.ok() ? "" : qPrintable(plain.error()));
        QSqlQuery q((*plain)->sql());
        QVERIFY(exec(q, QStringLiteral("SHOW ssl")));
        QVERIFY(q.next());
        const bool serverHasTls = q.value(0).toString() == QLatin1String("on");
        auto required =
            AuditDatabase::open(m_pgUrl + QStringLiteral("?sslmode=require"), AccessMode::Inspect);
        if (serverHasTls) {
            QVERIFY2(required.ok(), required.ok() ? "" : qPrintable(required.error()));
            QSqlQuery tls((*required)->sql());
            QVERIFY(exec(tls, QStringLiteral("SELECT ssl FROM pg_stat_ssl WHERE pid = "
                                             "pg_backend_pid()")));
            QVERIFY(tls.next() && tls.value(0).toBool());
        } else {
            // A server without TLS: refused, and said why, never connected in the clear.
            QVERIFY(!required.ok());
            QVERIFY2(required.error().contains("SSL"), qPrintable(required.error()));
        }
    }

    // MySQL's client library connects in the clear when the server offers no TLS, whatever
    // ssl-* options it has: a URL asking for TLS is refused on such a connection.
    void mysqlTlsIsRequiredWhenAsked()
    {
        RAGLENS_NEEDS_SERVER("RAGLENS_TEST_MYSQL_URL");
        const QString url = qEnvironmentVariable("RAGLENS_TEST_MYSQL_URL");
        auto plain =
            AuditDatabase::open(url + QStringLiteral("?connect_timeout=3"), AccessMode::Inspect);
        QVERIFY2(plain.ok(), plain.ok() ? "" : qPrintable(plain.error()));
        QSqlQuery q((*plain)->sql());
        QVERIFY(exec(q, QStringLiteral("SHOW VARIABLES LIKE 'have_ssl'")));
        const bool serverHasTls = q.next() && q.value(1).toString() == QLatin1String("YES");
        auto tls = AuditDatabase::open(url + QStringLiteral("?ssl-cipher=AES256-GCM-SHA384"),
                                       AccessMode::Inspect);
        if (serverHasTls) {
            QVERIFY2(tls.ok(), tls.ok() ? "" : qPrintable(tls.error()));
        } else {
            QVERIFY(!tls.ok());
            QVERIFY2(tls.error().contains("not encrypted"), qPrintable(tls.error()));
        }
    }

    void cleanupTestCase()
    {
        if (m_pgUrl.isEmpty())
            return;
        auto db = AuditDatabase::open(m_pgUrl, AccessMode::Write);
        if (!db)
            return;
        QSqlQuery q((*db)->sql());
        for (const QString& schema : {kSchema, kPartitioned})
            q.exec(QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE").arg(schema));
    }
};

QTEST_GUILESS_MAIN(TestServerUrlParameters)
#include "tst_server_url_parameters.moc"
