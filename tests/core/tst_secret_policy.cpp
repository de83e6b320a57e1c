// No secret reaches an audit database RagLens writes. A corpus of credential shapes goes
// through every write path — a recorded lookup's question, input_params, error text and
// full-trace sample (ToolBoundary → enricher → SQL sink), and an imported trace's
// input_params, question, preview, error, details, events and feedback — and then the
// database file itself is searched for each secret's bytes. Key names are checked by the
// same policy in every spelling; ordinary words that merely resemble them survive.

#include "audit/input_params_sanitizer.h"
#include "common/secret_policy.h"
#include "db/audit_database.h"
#include "support/cli_runner.h"
#include "support/mini_kb.h"
#include "support/secret_corpus.h"
#include "trace/trace_importer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;
using nlohmann::json;

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
        for (const QString& k : secretKeySpellings())
            QTest::newRow(qPrintable(k)) << k << true;
        // An LLM's token counts and limits are numbers, not credentials.
        for (const char* k :
             {"query", "author", "passage", "bypass_cache", "compass", "top_k", "category",
              "authority_level", "session_id", "keyword", "total_token_count", "max_tokens",
              "prompt_tokens", "completionTokens", "context_token_count", "token_budget",
              "input_tokens"})
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
        for (const SecretShape& s : secretCorpus()) {
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
        const std::vector<SecretShape> shapes = secretCorpus();
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
