// The hashing embedder and the FAISS wrapper: determinism, normalisation, similarity
// ordering, category filters through IDSelector, HNSW recall against exact search.

#include "kb/hashing_embedder.h"
#include "kb/text_tokenizer.h"
#include "kb/vector_index.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <faiss/IndexHNSW.h>
#include <faiss/index_io.h>

#include <cmath>

using namespace raglens;

namespace {

std::vector<float> embed(const Embedder& e, const QString& text)
{
    std::vector<float> v(size_t(e.dimension()));
    e.embed(text, v.data());
    return v;
}

double dot(const std::vector<float>& a, const std::vector<float>& b)
{
    double s = 0;
    for (size_t i = 0; i < a.size(); ++i)
        s += double(a[i]) * b[i];
    return s;
}

HashingEmbedder fitted()
{
    HashingEmbedder e;
    e.fit({TextTokenizer::tokenize("connection pool timeout hikaricp"),
           TextTokenizer::tokenize("redis maxmemory eviction"),
           TextTokenizer::tokenize("kafka consumer lag rebalance"),
           TextTokenizer::tokenize(QString::fromUtf8("连接池 超时"))});
    return e;
}

} // namespace

class TestKbEmbedder : public QObject
{
    Q_OBJECT
private slots:
    void deterministic();
    void normalised_data();
    void normalised();
    void similarityOrder();
    void stateRoundTrip();
    void corruptState();
    void filteredSearch();
    void hnswRecall();
    void damagedHnswGraphsAreRefused();
};

void TestKbEmbedder::deterministic()
{
    const HashingEmbedder a = fitted(), b = fitted();
    QCOMPARE(embed(a, "HikariCP connection pool timeout"),
             embed(b, "HikariCP connection pool timeout"));
    // Known values (FNV-1a over UTF-16 code units, then a 64-bit avalanche, computed apart
    // from this code): a change of the hash would silently invalidate every stored index.
    QCOMPARE(HashingEmbedder::hashTerm(QStringLiteral("pool")), 1779372002451768501ull);
    QCOMPARE(HashingEmbedder::hashTerm(QStringLiteral("loop")), 7762517625735935498ull);
    QCOMPARE(HashingEmbedder::hashTerm(QString()), 17058014651485797458ull);
    QCOMPARE(HashingEmbedder::hashTerm(QString::fromUtf8("连接池")), 15605876517529978596ull);
    QCOMPARE(HashingEmbedder::hashTerm(QStringLiteral("HikariCP")), 2343883079835067143ull);
}

void TestKbEmbedder::normalised_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("norm");
    QTest::newRow("latin") << "redis maxmemory eviction policy" << 1.0;
    QTest::newRow("cjk") << QString::fromUtf8("连接池超时") << 1.0;
    QTest::newRow("unknown words") << "zebra quantum banana" << 1.0;
    QTest::newRow("empty") << "" << 0.0;
    QTest::newRow("stop words only") << "how do I" << 0.0;
}

void TestKbEmbedder::normalised()
{
    QFETCH(QString, text);
    QFETCH(double, norm);
    const auto v = embed(fitted(), text);
    QVERIFY(std::abs(std::sqrt(dot(v, v)) - norm) < 1e-4);
}

void TestKbEmbedder::similarityOrder()
{
    const HashingEmbedder e = fitted();
    const auto q = embed(e, "hikaricp connection timeout");
    QVERIFY(dot(q, embed(e, "HikariCP pool: connection timed out (timeout)")) >
            dot(q, embed(e, "redis maxmemory eviction")));
    const auto zh = embed(e, QString::fromUtf8("连接池超时了"));
    QVERIFY(dot(zh, embed(e, QString::fromUtf8("连接池 超时"))) > 0.5);
}

void TestKbEmbedder::stateRoundTrip()
{
    const HashingEmbedder e = fitted();
    HashingEmbedder restored;
    QVERIFY(restored.restoreState(e.saveState()).ok());
    QCOMPARE(embed(restored, "kafka consumer lag"), embed(e, "kafka consumer lag"));
}

void TestKbEmbedder::corruptState()
{
    HashingEmbedder restored;
    QVERIFY(!restored.restoreState("garbage").ok());
    QByteArray state = fitted().saveState();
    state.chop(5);
    QVERIFY(!restored.restoreState(state).ok());
    HashingEmbedder other(128);
    QVERIFY(!other.restoreState(fitted().saveState()).ok()); // dimension mismatch
}

void TestKbEmbedder::filteredSearch()
{
    const int dim = 32, n = 200;
    std::vector<float> data(size_t(n * dim));
    QRandomGenerator rng(7);
    for (float& x : data)
        x = float(rng.generateDouble() - 0.5);
    for (const QString& kind : QStringList{"flat", "hnsw"}) {
        auto index = VectorIndex::build(kind, dim, data.data(), n);
        std::vector<uint8_t> allowed(size_t((n + 7) / 8), 0);
        for (int id = 10; id < 20; ++id) // a small "category"
            allowed[size_t(id) >> 3] |= uint8_t(1u << (id & 7));
        const auto hits = index->search(data.data() + 15 * dim, 5, &allowed);
        QCOMPARE(int(hits.size()), 5);
        QCOMPARE(hits.front().id, 15);
        for (const VectorHit& h : hits)
            QVERIFY(h.id >= 10 && h.id < 20);
        std::vector<uint8_t> none(allowed.size(), 0);
        QVERIFY(index->search(data.data(), 5, &none).empty());
    }
}

void TestKbEmbedder::hnswRecall()
{
    const int dim = 64, n = 3000, nq = 50, k = 10;
    std::vector<float> data(size_t(n * dim));
    QRandomGenerator rng(11);
    for (float& x : data)
        x = float(rng.generateDouble() - 0.5);
    auto flat = VectorIndex::build("flat", dim, data.data(), n);
    auto hnsw = VectorIndex::build("hnsw", dim, data.data(), n);
    const auto exact = flat->searchBatch(data.data(), nq, k, true);
    const auto approx = hnsw->searchBatch(data.data(), nq, k); // crosses the 20-query split
    QCOMPARE(int(approx.size()), nq);
    int found = 0;
    for (int q = 0; q < nq; ++q)
        for (const VectorHit& a : approx[size_t(q)])
            for (const VectorHit& e : exact[size_t(q)])
                found += a.id == e.id;
    QVERIFY2(found >= int(0.95 * nq * k), qPrintable(QString::number(found)));
}

QTEST_GUILESS_MAIN(TestKbEmbedder)
// A graph whose parts disagree (a file written by something else, or damaged where no
// checksum covers it) would send faiss's search out of its arrays: load refuses it.
void TestKbEmbedder::damagedHnswGraphsAreRefused()
{
    const int dim = 16;
    const int n = 400;
    std::vector<float> data(size_t(dim) * n);
    QRandomGenerator rng(7);
    for (float& x : data)
        x = float(rng.generateDouble() - 0.5);
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("vectors.faiss"));
    QVERIFY(VectorIndex::build(QStringLiteral("hnsw"), dim, data.data(), n)->save(path).ok());
    QVERIFY(VectorIndex::load(path).ok());
    using Damage = std::function<bool(faiss::HNSW&)>;
    const std::vector<std::pair<const char*, Damage>> damages = {
        {"top level above the entry point's",
         [](faiss::HNSW& g) {
             ++g.max_level;
             return true;
         }},
        {"a node with one level more than its neighbour block",
         [](faiss::HNSW& g) {
             for (int& l : g.levels)
                 if (l <= g.max_level) {
                     ++l;
                     return true;
                 }
             return false;
         }},
        {"block sizes that do not add up",
         [](faiss::HNSW& g) {
             g.cum_nneighbor_per_level[1] += 1;
             return true;
         }},
        {"an entry point below the top level",
         [](faiss::HNSW& g) {
             for (size_t i = 0; i < g.levels.size(); ++i)
                 if (g.levels[i] != g.max_level + 1) {
                     g.entry_point = faiss::HNSW::storage_idx_t(i);
                     return true;
                 }
             return false;
         }},
        {"no level table", [](faiss::HNSW& g) {
             g.cum_nneighbor_per_level.clear();
             return true;
         }}};
    int applied = 0;
    for (const auto& [name, damage] : damages) {
        std::unique_ptr<faiss::Index> index(faiss::read_index(QFile::encodeName(path).constData()));
        auto* hnsw = dynamic_cast<faiss::IndexHNSW*>(index.get());
        QVERIFY(hnsw);
        if (!damage(hnsw->hnsw))
            continue;
        ++applied;
        const QString damaged = tmp.filePath(QStringLiteral("damaged.faiss"));
        faiss::write_index(index.get(), QFile::encodeName(damaged).constData());
        auto loaded = VectorIndex::load(damaged);
        QVERIFY2(!loaded.ok(), name);
        QVERIFY2(loaded.error().contains(QLatin1String("corrupt")), qPrintable(loaded.error()));
    }
    QVERIFY(applied >= 4);
}

#include "tst_kb_embedder.moc"
