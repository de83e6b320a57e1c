// The OpenAI-compatible embedder against a real HTTP server on loopback
// (FakeEmbeddingsServer, started by the test): batching and answer order, retries on a
// busy server, timeouts, a server that is away, the bearer token from the environment
// (and never stored), a wrong dimension; then a knowledge base embedded through it, looked
// up through it, kept on re-ingest, and a clear lookup error when the server goes away.

#include "support/fake_embeddings_server.h"

#include "kb/embeddings_client.h"
#include "kb/knowledge_base.h"
#include "kb/remote_embedder.h"
#include "lookup/lookup_engine.h"
#include "model/vocabulary.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;

namespace {

EmbeddingsEndpoint endpointOf(const test::FakeEmbeddingsServer& server, int dimension = 64)
{
    EmbeddingsEndpoint e;
    e.url = server.baseUrl();
    e.model = QStringLiteral("test-embedder");
    e.dimension = dimension;
    e.timeoutMs = 5000;
    return e;
}

bool writeText(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace

class TestRemoteEmbedder : public QObject
{
    Q_OBJECT
private slots:
    void endpointProblemsAreNamed()
    {
        EmbeddingsEndpoint e;
        QVERIFY(e.problem().contains(QStringLiteral("URL")));
        e.url = QStringLiteral("ftp://example.org");
        e.model = QStringLiteral("m");
        QVERIFY(e.problem().contains(QStringLiteral("ftp://example.org")));
        e.url = QStringLiteral("http://127.0.0.1:11434");
        QVERIFY(e.problem().isEmpty());
        QCOMPARE(e.endpointUrl(), QStringLiteral("http://127.0.0.1:11434/v1/embeddings"));
        e.url = QStringLiteral("https://api.example.org/v1/");
        QCOMPARE(e.endpointUrl(), QStringLiteral("https://api.example.org/v1/embeddings"));
        e.model.clear();
        QVERIFY(e.problem().contains(QStringLiteral("model")));
    }

    void batchesAndRestoresTheOrder()
    {
        test::FakeEmbeddingsServer server;
        QVERIFY(server.start());
        EmbeddingsEndpoint e = endpointOf(server);
        e.batchSize = 3;
        QStringList texts;
        for (int i = 0; i < 7; ++i)
            texts << QStringLiteral("text number %1 about topic %2").arg(i).arg(i * 7);
        auto vectors = EmbeddingsClient(e).embed(texts);
        QVERIFY2(vectors, qPrintable(vectors ? QString() : vectors.error()));
        QCOMPARE(vectors->size(), size_t(7));
        for (int i = 0; i < 7; ++i)
            QCOMPARE((*vectors)[size_t(i)], server.vectorFor(texts[i]));
        QCOMPARE(server.requests.load(), 3);
        QCOMPARE(server.largestBatch.load(), 3);
        QCOMPARE(server.lastPath(), QStringLiteral("/v1/embeddings"));
        QVERIFY(server.lastAuthorization().isEmpty());
    }

    void retriesABusyServer()
    {
        test::FakeEmbeddingsServer server;
        QVERIFY(server.start());
        EmbeddingsEndpoint e = endpointOf(server);
        e.retries = 2;
        server.failNext = 2;
        QVERIFY(EmbeddingsClient(e).embed({QStringLiteral("hello")}));
        QCOMPARE(server.requests.load(), 3);

        // Busy for longer than the retries last: the server's own message is reported.
        server.failNext = 5;
        e.retries = 1;
        auto failed = EmbeddingsClient(e).embed({QStringLiteral("hello")});
        QVERIFY(!failed);
        QVERIFY2(failed.error().contains(QStringLiteral("HTTP 503")), qPrintable(failed.error()));
        QVERIFY(failed.error().contains(QStringLiteral("the model is loading")));

        // A client error is not retried.
        server.failNext = 1;
        server.failStatus = 400;
        const int before = server.requests.load();
        QVERIFY(!EmbeddingsClient(e).embed({QStringLiteral("hello")}));
        QCOMPARE(server.requests.load(), before + 1);
    }

    void slowServerTimesOut()
    {
        test::FakeEmbeddingsServer server;
        QVERIFY(server.start());
        EmbeddingsEndpoint e = endpointOf(server);
        e.timeoutMs = 300;
        e.retries = 0;
        server.delayMs = 3000;
        QElapsedTimer timer;
        timer.start();
        auto slow = EmbeddingsClient(e).embed({QStringLiteral("hello")});
        QVERIFY(!slow);
        QVERIFY2(slow.error().contains(QStringLiteral("300 ms")), qPrintable(slow.error()));
        QVERIFY(timer.elapsed() < 2500);
    }

    void serverAwayIsAClearError()
    {
        quint16 port = 0;
        {
            QTcpServer probe; // a port that was free a moment ago and is closed now
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            port = probe.serverPort();
        }
        EmbeddingsEndpoint e;
        e.url = QStringLiteral("http://127.0.0.1:%1").arg(port);
        e.model = QStringLiteral("m");
        e.retries = 1;
        auto away = EmbeddingsClient(e).embed({QStringLiteral("hello")});
        QVERIFY(!away);
        QVERIFY2(away.error().contains(QStringLiteral("cannot be reached")),
                 qPrintable(away.error()));
        QVERIFY(away.error().contains(e.endpointUrl()));
    }

    void tokenComesFromTheEnvironmentAndIsNeverStored()
    {
        test::FakeEmbeddingsServer server;
        server.requiredToken = QStringLiteral("s3cret-token");
        QVERIFY(server.start());
        EmbeddingsEndpoint e = endpointOf(server);
        e.tokenEnv = QStringLiteral("RAGLENS_TEST_EMBEDDINGS_TOKEN");
        qunsetenv("RAGLENS_TEST_EMBEDDINGS_TOKEN");
        auto unset = EmbeddingsClient(e).embed({QStringLiteral("hello")});
        QVERIFY(!unset);
        QVERIFY(unset.error().contains(QStringLiteral("RAGLENS_TEST_EMBEDDINGS_TOKEN")));
        QCOMPARE(server.requests.load(), 0); // nothing was sent without the token

        qputenv("RAGLENS_TEST_EMBEDDINGS_TOKEN", "wrong");
        auto refused = EmbeddingsClient(e).embed({QStringLiteral("hello")});
        QVERIFY(!refused);
        QVERIFY(refused.error().contains(QStringLiteral("HTTP 401")));
        QVERIFY(!refused.error().contains(QStringLiteral("wrong")));

        qputenv("RAGLENS_TEST_EMBEDDINGS_TOKEN", "s3cret-token");
        QVERIFY(EmbeddingsClient(e).embed({QStringLiteral("hello")}));
        QCOMPARE(server.lastAuthorization(), QStringLiteral("Bearer s3cret-token"));
        const RemoteEmbedder embedder(e);
        QVERIFY(!embedder.saveState().contains("s3cret"));
        QVERIFY(embedder.saveState().contains("RAGLENS_TEST_EMBEDDINGS_TOKEN"));
        qunsetenv("RAGLENS_TEST_EMBEDDINGS_TOKEN");
    }

    void wrongDimensionIsRefused()
    {
        test::FakeEmbeddingsServer server;
        QVERIFY(server.start());
        server.answerDimension = 32;
        auto wrong = EmbeddingsClient(endpointOf(server, 64)).embed({QStringLiteral("hello")});
        QVERIFY(!wrong);
        QVERIFY2(wrong.error().contains(QStringLiteral("dimension 32")), qPrintable(wrong.error()));
    }

    // A server whose model is not loaded may answer zeros: such vectors carry no meaning
    // (every lookup would run on BM25 alone), so they are refused, as are numbers too large
    // for a float.
    void meaninglessVectorsAreRefused()
    {
        test::FakeEmbeddingsServer server;
        QVERIFY(server.start());
        server.answerZeros = true;
        auto zeros = EmbeddingsClient(endpointOf(server)).embed({QStringLiteral("hello")});
        QVERIFY(!zeros);
        QVERIFY2(zeros.error().contains(QStringLiteral("all zeros")), qPrintable(zeros.error()));
    }

    void knowledgeBaseEmbeddedThroughTheServer()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString src = dir.filePath(QStringLiteral("src"));
        QVERIFY(writeText(src + QStringLiteral("/jvm/heap.md"),
                          "# Heap\n\nThe java heap is full: take a heap dump and look for the "
                          "leak in the dominator tree.\n"));
        QVERIFY(writeText(src + QStringLiteral("/net/dns.md"),
                          "# DNS\n\nThe resolver cannot find the host: check resolv.conf "
                          "and the search domains.\n"));
        QVERIFY(writeText(src + QStringLiteral("/db/locks.md"),
                          "# Locks\n\nA transaction waits for a row lock held by another "
                          "session: find the blocker.\n"));
        const QString kbDir = dir.filePath(QStringLiteral("kb"));

        test::FakeEmbeddingsServer server;
        QVERIFY(server.start());
        IngestOptions options;
        options.remoteEmbedder = endpointOf(server, 0); // the dimension is asked from the server
        options.remoteEmbedder->batchSize = 2;
        auto summary = ingestFolder(src, kbDir, options);
        QVERIFY2(summary, qPrintable(summary ? QString() : summary.error()));
        QVERIFY(server.largestBatch.load() <= 2);

        // The manifest records the endpoint.
        QFile manifest(kbDir + QStringLiteral("/manifest.json"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const auto m = nlohmann::json::parse(manifest.readAll().toStdString());
        QCOMPARE(m["embedder"]["name"].get<std::string>(), std::string("openai-compatible"));
        QCOMPARE(m["embedder"]["dimension"].get<int>(), 64);
        QCOMPARE(QString::fromStdString(m["embedder"]["url"].get<std::string>()), server.baseUrl());
        QCOMPARE(m["embedder"]["model"].get<std::string>(), std::string("test-embedder"));

        {
            auto kb = KnowledgeBase::open(kbDir);
            QVERIFY2(kb, qPrintable(kb ? QString() : kb.error()));
            const LookupEngine engine(*kb);
            LookupRequest request;
            request.query = QStringLiteral("java heap dump leak");
            request.searchMode = QStringLiteral("dense");
            const LookupResult r = engine.lookup(request);
            QCOMPARE(r.evidenceStatus, QString(vocab::kEvidenceFound));
            QCOMPARE(r.retrievalTrace.attempts.back().candidates.front().source,
                     QStringLiteral("jvm/heap"));
        }

        // Re-ingesting an unchanged folder keeps the embedder and needs no server.
        server.stop();
        auto again = ingestFolder(src, kbDir);
        QVERIFY2(again, qPrintable(again ? QString() : again.error()));
        auto kb = KnowledgeBase::open(kbDir);
        QVERIFY(kb);
        QCOMPARE((*kb)->stats().embedder.left(17), QStringLiteral("openai-compatible"));

        // With the server gone a lookup fails with a message that says so; nothing throws.
        const LookupEngine engine(*kb);
        LookupRequest request;
        request.query = QStringLiteral("java heap dump leak");
        const LookupResult r = engine.lookup(request);
        QCOMPARE(r.evidenceStatus, QString(vocab::kError));
        QVERIFY2(r.errorMessage.contains(QStringLiteral("cannot be reached")),
                 qPrintable(r.errorMessage));

        // A changed folder with the server away: the ingest fails, the KB stays as it was.
        QVERIFY(writeText(src + QStringLiteral("/net/tls.md"), "# TLS\n\nThe handshake fails.\n"));
        auto failed = ingestFolder(src, kbDir);
        QVERIFY(!failed);
        QVERIFY(failed.error().contains(QStringLiteral("could not be embedded")));
        auto still = KnowledgeBase::open(kbDir);
        QVERIFY(still);
        QCOMPARE((*still)->stats().documents, 3);

        // Back to the offline embedder on request.
        IngestOptions hashing;
        hashing.hashingEmbedder = true;
        QVERIFY(ingestFolder(src, kbDir, hashing));
        auto offline = KnowledgeBase::open(kbDir);
        QVERIFY(offline);
        QCOMPARE((*offline)->stats().embedder, QStringLiteral("hashing-v1"));
    }
};

QTEST_GUILESS_MAIN(TestRemoteEmbedder)
#include "tst_remote_embedder.moc"
