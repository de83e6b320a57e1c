// No secret reaches an audit database RagLens writes. A corpus of credential shapes goes
// through every write path — a recorded lookup's question, input_params, error text and
// full-trace sample (ToolBoundary → enricher → SQL sink), and an imported trace's
// input_params, question, preview, error, details, events and feedback — and then the
// database file itself is searched for each secret's bytes. Key names are checked by the
// same policy in every spelling; ordinary words that merely resemble them survive.

#include "audit/audit_database.h"
#include "audit/input_params_sanitizer.h"
#include "common/secret_policy.h"
#include "support/cli_runner.h"
#include "support/mini_kb.h"
#include "trace/trace_importer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;
using nlohmann::json;

namespace {

struct SecretShape
{
    const char* name;
    QString text;   ///< how it appears in free text
    QString secret; ///< the part that must never be stored
};

// 54 shapes: authorization values, key=value pairs in many spellings, URL user-info, JWTs,
// private keys and the common cloud key formats.
std::vector<SecretShape> corpus()
{
    std::vector<SecretShape> out;
    const auto add = [&](const char* name, const QString& text, const QString& secret) {
        out.push_back({name, text, secret});
    };
    add("bearer", QStringLiteral("Authorization: Bearer abcDEF123.456-xyz_987"),
        QStringLiteral("abcDEF123.456-xyz_987"));
    add("bearer long", QStringLiteral("bearer QWERTYUIOPASDFGHJKLZXCVB"),
        QStringLiteral("QWERTYUIOPASDFGHJKLZXCVB"));
    add("basic", QStringLiteral("Authorization: Basic dXNlcjpodW50ZXIy"),
        QStringLiteral("dXNlcjpodW50ZXIy"));
    add("jwt",
        QStringLiteral(
            "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_"
            "XgL0n3I9PlFUP0THsR8U"),
        QStringLiteral("eyJzdWIiOiIxMjM0NTY3ODkwIn0"));
    int i = 0;
    for (const char* key :
         {"password",     "Password",     "PASSWORD",      "passwd",      "pwd",
          "pass",         "db_password",  "dbPassword",    "secret",      "client_secret",
          "clientSecret", "api_key",      "apikey",        "api-key",     "apiKey",
          "access_key",   "accessKey",    "private_key",   "session_key", "token",
          "auth_token",   "access_token", "refresh_token", "credentials", "cookie",
          "auth",         "authorization"}) {
        const QString value = QStringLiteral("S3cr3tV4lue%1x").arg(++i);
        add(key, QStringLiteral("connect with %1=%2 please").arg(QLatin1String(key), value), value);
    }
    add("colon pair", QStringLiteral("password: Tr0ub4dor&3"), QStringLiteral("Tr0ub4dor"));
    add("quoted pair", QStringLiteral("\"api_key\": \"qu0tedK3yValue\""),
        QStringLiteral("qu0tedK3yValue"));
    add("url userinfo", QStringLiteral("postgresql://admin:hunter2pw@db.internal:5432/prod"),
        QStringLiteral("hunter2pw"));
    add("url userinfo https", QStringLiteral("https://bob:pa55w0rdXY@example.com/x"),
        QStringLiteral("pa55w0rdXY"));
    add("private key",
        QStringLiteral("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAprivKEYbody\n-----END RSA "
                       "PRIVATE KEY-----"),
        QStringLiteral("MIIEpAIBAAKCAQEAprivKEYbody"));
    add("private key cut", QStringLiteral("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANcutHERE"),
        QStringLiteral("MIIEvQIBADANcutHERE"));
    add("aws access key", QStringLiteral("key AKIAIOSFODNN7EXAMPLE in env"),
        QStringLiteral("AKIAIOSFODNN7EXAMPLE"));
    add("aws temp key", QStringLiteral("ASIAJEXAMPLEXEG2JICE"),
        QStringLiteral("ASIAJEXAMPLEXEG2JICE"));
    add("github", QStringLiteral("ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
        QStringLiteral("ghp_abcdefghijklmnopqrstuvwxyz0123456789"));
    add("github pat", QStringLiteral("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"),
        QStringLiteral("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"));
    add("gitlab", QStringLiteral("glpat-xxxxXXXXyyyyYYYYzzzz"),
        QStringLiteral("glpat-xxxxXXXXyyyyYYYYzzzz"));
    add("slack", QStringLiteral("xoxb-1234567890-abcdefghijkl"),
        QStringLiteral("xoxb-1234567890-abcdefghijkl"));
    add("google", QStringLiteral("AIzaSyA1234567890abcdefghijklmnopqrstuv"),
        QStringLiteral("AIzaSyA1234567890abcdefghijklmnopqrstuv"));
    add("openai", QStringLiteral("sk-proj-abcdefghijklmnopqrstuvwxyz123456"),
        QStringLiteral("abcdefghijklmnopqrstuvwxyz123456"));
    add("stripe", QStringLiteral("sk_live_51HabcdefghijklmnopqrstuvWX"),
        QStringLiteral("51HabcdefghijklmnopqrstuvWX"));
    add("azure", QStringLiteral("DefaultEndpointsProtocol=https;AccountKey=azUreK3y+base64==;"),
        QStringLiteral("azUreK3y+base64=="));
    add("sas", QStringLiteral("https://x.blob.core.windows.net/c?sv=2020&sig=SaSsIgNaTuRe123"),
        QStringLiteral("SaSsIgNaTuRe123"));
    add("x-api-key header", QStringLiteral("X-Api-Key: hdrK3yValue99"),
        QStringLiteral("hdrK3yValue99"));
    add("mysql url", QStringLiteral("mysql://svc:my5qlPassw0rd@10.0.0.5:3306/app"),
        QStringLiteral("my5qlPassw0rd"));
    add("npm", QStringLiteral("npm_abcdefghijklmnopqrstuvwxyz0123456789"),
        QStringLiteral("npm_abcdefghijklmnopqrstuvwxyz0123456789"));
    add("spaced pair", QStringLiteral("password = spaced0ut!value"), QStringLiteral("spaced0ut"));
    return out;
}

} // namespace

class TestSecretPolicy : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static QByteArray fileBytes(const QString& path)
    {
        QByteArray all;
        for (const QString& f : {path, path + QStringLiteral("-wal")}) {
            QFile file(f);
            if (file.open(QIODevice::ReadOnly))
                all += file.readAll();
        }
        return all;
    }

private slots:
    void keyNamesInEverySpelling_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("secret");
        for (const char* k :
             {"password",   "Passwd",       "PWD",         "pass",        "user_pass",
              "token",      "X-Auth-Token", "bearer",      "secret",      "clientSecret",
              "api key",    "API_KEY",      "x-api-key",   "apiKey",      "Authorization",
              "auth",       "Cookie",       "set-cookie",  "session_key", "sessionKey",
              "credential", "credentials",  "private_key", "privateKey",  "access_key",
              "AccessKey",  "passphrase"})
            QTest::newRow(k) << QString::fromLatin1(k) << true;
        for (const char* k : {"query", "author", "passage", "bypass_cache", "compass", "top_k",
                              "category", "authority_level", "session_id", "keyword"})
            QTest::newRow(k) << QString::fromLatin1(k) << false;
    }
    void keyNamesInEverySpelling()
    {
        QFETCH(QString, key);
        QFETCH(bool, secret);
        QCOMPARE(secrets::isSecretKey(key), secret);
        QCOMPARE(InputParamsSanitizer::isSecretKey(key), secret);
    }

    void valuesAreMaskedAndProseIsNot()
    {
        for (const SecretShape& s : corpus()) {
            const QString masked = secrets::redact(s.text);
            QVERIFY2(!masked.contains(s.secret), qPrintable(QLatin1String(s.name) + ": " + masked));
            QVERIFY2(masked.contains(secrets::kMask), s.name);
        }
        for (const char* prose :
             {"Why are bearer tokens rejected by the gateway?", "basic setup of the pool",
              "The author of the runbook", "token budget exceeded after 3 retries",
              "HikariPool connection is not available, request timed out"}) {
            QCOMPARE(secrets::redact(QString::fromUtf8(prose)), QString::fromUtf8(prose));
        }
    }

    void noSecretReachesTheDatabaseFile()
    {
        const std::vector<SecretShape> shapes = corpus();
        QVERIFY(shapes.size() >= 50);
        const QString kb = m_dir.filePath(QStringLiteral("kb"));
        QVERIFY(buildMiniKb(m_dir.filePath(QStringLiteral("src")), kb).ok());
        const QString dbPath = m_dir.filePath(QStringLiteral("audit.db"));

        // Recorded lookups: the question, the query preview and the full-trace sample.
        for (size_t i = 0; i < shapes.size(); ++i) {
            const CliResult r =
                runCli({QStringLiteral("record"), QStringLiteral("--kb"), kb,
                        QStringLiteral("--db"), dbPath, QStringLiteral("--session"),
                        QStringLiteral("secrets"), QStringLiteral("--sample-rate"),
                        QStringLiteral("1"), QStringLiteral("pool timeout ") + shapes[i].text});
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }

        // An imported trace carrying the corpus in every column it writes.
        json params = json::object();
        json details = {{"audit_schema", "rag_lookup_v1"}, {"evidence_status", "NO_EVIDENCE"}};
        json events = json::array();
        json invocations = json::array();
        QString allText;
        for (size_t i = 0; i < shapes.size(); ++i) {
            allText += shapes[i].text + QLatin1Char(' ');
            params["note_" + std::to_string(i)] = shapes[i].text.toStdString();
            // A bare value under a credential's name: dropped by its key alone.
            params["client_secret_" + std::to_string(i)] = shapes[i].secret.toStdString();
            details["note_" + std::to_string(i)] = shapes[i].text.toStdString();
        }
        params["tool_call_id"] = "call-imported";
        for (int n = 0; n < 3; ++n)
            invocations.push_back({{"id", 9000 + n},
                                   {"runId", "run-imported"},
                                   {"sessionId", "sess-imported"},
                                   {"toolName", "lookup_knowledge"},
                                   {"success", n != 1},
                                   {"inputParams", params},
                                   {"retrievalDetails", details},
                                   {"outputPreview", allText.left(4000).toStdString()},
                                   {"errorMessage", allText.toStdString()},
                                   {"createdAt", "2026-11-20T10:00:01.000Z"}});
        events.push_back({{"id", 1},
                          {"runId", "run-imported"},
                          {"eventType", "TOOL_INVOCATION"},
                          {"details", details},
                          {"createdAt", "2026-11-20T10:00:01.000Z"}});
        const json trace = {{"sessionId", "sess-imported"},
                            {"runs",
                             {{{"runId", "run-imported"},
                               {"sessionId", "sess-imported"},
                               {"question", allText.toStdString()},
                               {"releaseOutcome", "FALLBACK"},
                               {"startedAt", "2026-11-20T10:00:00.000Z"}}}},
                            {"steps", json::array()},
                            {"toolInvocations", invocations},
                            {"timeline", events},
                            {"feedback",
                             {{{"runId", "run-imported"},
                               {"satisfied", false},
                               {"comment", allText.toStdString()}}}}};
        const QString file = m_dir.filePath(QStringLiteral("trace.json"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(trace.dump()));
        out.close();
        const CliResult imported =
            runCli({QStringLiteral("import"), QStringLiteral("--db"), dbPath, file});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());

        // The rows are there; the secrets are not, anywhere in the file.
        const QByteArray bytes = fileBytes(dbPath);
        QVERIFY(bytes.contains("sess-imported"));
        QVERIFY(bytes.contains("pool timeout"));
        for (const SecretShape& s : shapes)
            QVERIFY2(!bytes.contains(s.secret.toUtf8()), s.name);
    }
};

QTEST_GUILESS_MAIN(TestSecretPolicy)
#include "tst_secret_policy.moc"
