#include "kb/vector_index.h"

#include <QCoreApplication>
#include <QFile>

#include <limits>

#include <faiss/IndexFlat.h>
#include <faiss/IndexHNSW.h>
#include <faiss/impl/FaissException.h>
#include <faiss/impl/IDSelector.h>
#include <faiss/index_io.h>
#include <faiss/utils/distances.h>

#include <omp.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>

namespace raglens {

using idx_t = faiss::Index::idx_t;

namespace {

/// Inner product with four SSE accumulators. Debian's faiss is built for the generic
/// x86-64 baseline and uses its scalar reference kernel; this is ~4× faster on the same
/// baseline (SSE2 is part of x86-64), and it is what the filtered scan spends its time on.
float innerProduct(const float* a, const float* b, size_t d)
{
#if defined(__SSE2__)
    __m128 s0 = _mm_setzero_ps(), s1 = _mm_setzero_ps(), s2 = _mm_setzero_ps(),
           s3 = _mm_setzero_ps();
    size_t i = 0;
    for (; i + 16 <= d; i += 16) {
        s0 = _mm_add_ps(s0, _mm_mul_ps(_mm_loadu_ps(a + i), _mm_loadu_ps(b + i)));
        s1 = _mm_add_ps(s1, _mm_mul_ps(_mm_loadu_ps(a + i + 4), _mm_loadu_ps(b + i + 4)));
        s2 = _mm_add_ps(s2, _mm_mul_ps(_mm_loadu_ps(a + i + 8), _mm_loadu_ps(b + i + 8)));
        s3 = _mm_add_ps(s3, _mm_mul_ps(_mm_loadu_ps(a + i + 12), _mm_loadu_ps(b + i + 12)));
    }
    float lanes[4];
    _mm_storeu_ps(lanes, _mm_add_ps(_mm_add_ps(s0, s1), _mm_add_ps(s2, s3)));
    float sum = lanes[0] + lanes[1] + lanes[2] + lanes[3];
    for (; i < d; ++i)
        sum += a[i] * b[i];
    return sum;
#else
    return faiss::fvec_inner_product(a, b, d);
#endif
}

/// A single query gains nothing from OpenMP, and on a busy 2-core machine the team's
/// spin-waiting costs milliseconds, so searches run single-threaded in the caller.
void singleThreadedSearch()
{
    thread_local bool set = false;
    if (!set) {
        omp_set_num_threads(1);
        set = true;
    }
}

/// What makes a read index unusable, in a few words; empty when its parts agree. faiss
/// checks its arrays against ntotal with products that overflow (a flipped high bit in
/// ntotal passes), and a neighbour id out of range would be read as memory.
QString structuralProblem(const faiss::Index& index)
{
    if (index.ntotal < 0 || index.ntotal > std::numeric_limits<int>::max())
        return QCoreApplication::translate("KnowledgeBase", "vector count %1")
            .arg(qint64(index.ntotal));
    const auto* hnsw = dynamic_cast<const faiss::IndexHNSW*>(&index);
    const auto* flat = dynamic_cast<const faiss::IndexFlat*>(hnsw ? hnsw->storage : &index);
    if (!flat || flat->ntotal != index.ntotal || flat->d != index.d || index.d <= 0)
        return QCoreApplication::translate("KnowledgeBase", "storage");
    if (flat->code_size != size_t(index.d) * sizeof(float) ||
        flat->codes.size() != size_t(index.ntotal) * flat->code_size)
        return QCoreApplication::translate("KnowledgeBase", "vector data");
    if (!hnsw)
        return {};
    // The graph as faiss's search walks it: node i holds levels[i] layers (1 or more), its
    // neighbours at offsets[i] in blocks of cum_nneighbor_per_level[levels[i]], and the walk
    // starts at the entry point on max_level, the top layer of that node.
    const faiss::HNSW& g = hnsw->hnsw;
    const size_t n = size_t(index.ntotal);
    const QString graph = QCoreApplication::translate("KnowledgeBase", "graph");
    if (g.levels.size() != n || g.offsets.size() != n + 1 || g.offsets.front() != 0 ||
        g.offsets.back() != g.neighbors.size())
        return graph;
    const std::vector<int>& cum = g.cum_nneighbor_per_level;
    if (cum.empty() || cum.front() != 0)
        return graph;
    for (size_t l = 1; l < cum.size(); ++l)
        if (cum[l] < cum[l - 1])
            return graph;
    if (n > 0 && (g.max_level < 0 || size_t(g.max_level) + 1 >= cum.size()))
        return graph;
    for (size_t i = 0; i < n; ++i) {
        const int levels = g.levels[i];
        if (levels < 1 || levels > g.max_level + 1 || g.offsets[i + 1] < g.offsets[i] ||
            g.offsets[i + 1] - g.offsets[i] != size_t(cum[size_t(levels)]))
            return graph;
    }
    for (const faiss::HNSW::storage_idx_t id : g.neighbors)
        if (id < -1 || id >= index.ntotal)
            return graph;
    if (n > 0 && (g.entry_point < 0 || g.entry_point >= index.ntotal ||
                  g.levels[size_t(g.entry_point)] != g.max_level + 1))
        return QCoreApplication::translate("KnowledgeBase", "graph entry point");
    return {};
}

} // namespace

VectorIndex::~VectorIndex() = default;

std::unique_ptr<VectorIndex> VectorIndex::build(const QString& kind, int dim, const float* vectors,
                                                int n)
{
    std::unique_ptr<VectorIndex> vi(new VectorIndex);
    vi->m_kind = kind;
    // Building is parallel (this thread may have been set to 1 by an earlier search).
    omp_set_num_threads(omp_get_num_procs());
    if (kind == QLatin1String("hnsw")) {
        auto hnsw =
            std::make_unique<faiss::IndexHNSWFlat>(dim, kHnswM, faiss::METRIC_INNER_PRODUCT);
        hnsw->hnsw.efConstruction = kHnswEfConstruction;
        if (n > 0)
            hnsw->add(n, vectors);
        vi->m_index = std::move(hnsw);
        vi->applyEfSearch();
    } else {
        vi->m_kind = QStringLiteral("flat");
        auto flat = std::make_unique<faiss::IndexFlatIP>(dim);
        if (n > 0)
            flat->add(n, vectors);
        vi->m_index = std::move(flat);
    }
    return vi;
}

Expected<std::unique_ptr<VectorIndex>> VectorIndex::load(const QString& path)
{
    if (!QFile::exists(path))
        return Error{QCoreApplication::translate("KnowledgeBase", "the vector index %1 is missing")
                         .arg(path)};
    try {
        std::unique_ptr<faiss::Index> index(
            faiss::read_index(QFile::encodeName(path).constData(), faiss::IO_FLAG_READ_ONLY));
        std::unique_ptr<VectorIndex> vi(new VectorIndex);
        if (dynamic_cast<faiss::IndexHNSWFlat*>(index.get())) {
            vi->m_kind = QStringLiteral("hnsw");
        } else if (dynamic_cast<faiss::IndexFlatIP*>(index.get())) {
            vi->m_kind = QStringLiteral("flat");
        } else {
            return Error{QCoreApplication::translate("KnowledgeBase",
                                                     "the vector index %1 has an unsupported type")
                             .arg(path)};
        }
        if (const QString problem = structuralProblem(*index); !problem.isEmpty())
            return Error{QCoreApplication::translate(
                             "KnowledgeBase", "the vector index %1 is corrupt (%2). Re-ingest it.")
                             .arg(path, problem)};
        vi->m_index = std::move(index);
        vi->applyEfSearch();
        return vi;
    } catch (const std::exception& e) {
        return Error{
            QCoreApplication::translate("KnowledgeBase", "the vector index %1 is unreadable (%2)")
                .arg(path, QString::fromLocal8Bit(e.what()).section(QLatin1Char('\n'), 0, 0))};
    }
}

Status VectorIndex::save(const QString& path) const
{
    try {
        faiss::write_index(m_index.get(), QFile::encodeName(path).constData());
        return ok();
    } catch (const std::exception& e) {
        return Error{QCoreApplication::translate("KnowledgeBase", "cannot write %1 (%2)")
                         .arg(path, QString::fromLocal8Bit(e.what()))};
    }
}

void VectorIndex::setEfSearch(int ef)
{
    m_efSearch = ef;
    applyEfSearch();
}

void VectorIndex::applyEfSearch()
{
    // faiss 1.7.3's IndexHNSW::search ignores SearchParametersHNSW::efSearch; only the
    // member counts, so it is set once here and never per query (searches are concurrent).
    if (auto* hnsw = dynamic_cast<faiss::IndexHNSW*>(m_index.get()))
        hnsw->hnsw.efSearch = efSearch();
}

int VectorIndex::efSearch() const
{
    return m_efSearch > 0 ? m_efSearch : std::max(kHnswEfSearch, int(qint64(size()) * 6 / 1000));
}

int VectorIndex::dimension() const
{
    return int(m_index->d);
}

int VectorIndex::size() const
{
    return int(m_index->ntotal);
}

const faiss::IndexFlat* VectorIndex::storage() const
{
    if (auto* hnsw = dynamic_cast<const faiss::IndexHNSW*>(m_index.get()))
        return dynamic_cast<const faiss::IndexFlat*>(hnsw->storage);
    return dynamic_cast<const faiss::IndexFlat*>(m_index.get());
}

const float* VectorIndex::vectors() const
{
    const faiss::IndexFlat* flat = storage();
    return flat ? flat->get_xb() : nullptr;
}

float VectorIndex::dot(const float* query, int id) const
{
    return innerProduct(query, vectors() + size_t(id) * size_t(m_index->d), size_t(m_index->d));
}

namespace {

std::vector<VectorHit> collect(const std::vector<float>& distances,
                               const std::vector<idx_t>& labels, size_t offset, int k)
{
    std::vector<VectorHit> hits;
    for (int i = 0; i < k; ++i) {
        const idx_t id = labels[offset + size_t(i)];
        if (id >= 0)
            hits.push_back({int(id), distances[offset + size_t(i)]});
    }
    return hits;
}

} // namespace

std::vector<VectorHit> VectorIndex::search(const float* query, int k,
                                           const std::vector<uint8_t>* allowed) const
{
    const int n = size();
    k = std::min(k, n);
    if (k <= 0)
        return {};
    singleThreadedSearch();
    std::vector<float> distances(size_t(k), 0.0f);
    std::vector<idx_t> labels(size_t(k), -1);
    if (allowed) {
        size_t members = 0;
        for (uint8_t byte : *allowed)
            members += size_t(__builtin_popcount(byte));
        if (double(members) <= kExactFilterShare * n)
            return searchSubset(query, k, *allowed);
    }
    if (m_kind == QLatin1String("hnsw")) {
        faiss::IDSelectorBitmap selector(allowed ? allowed->size() : 0,
                                         allowed ? allowed->data() : nullptr);
        faiss::SearchParametersHNSW params;
        params.efSearch = std::max(efSearch(), k);
        params.sel = allowed ? &selector : nullptr;
        m_index->search(1, query, k, distances.data(), labels.data(), &params);
        std::vector<VectorHit> hits = collect(distances, labels, 0, k);
        if (allowed) {
            // Never trust the graph walk with the filter: drop anything outside it, and when
            // that leaves too few, exact search over the allowed ids never misses.
            hits.erase(std::remove_if(hits.begin(), hits.end(),
                                      [&](const VectorHit& h) {
                                          return !(((*allowed)[size_t(h.id) >> 3] >> (h.id & 7)) &
                                                   1);
                                      }),
                       hits.end());
            if (int(hits.size()) < k)
                return searchExact(query, k, allowed);
        }
        return hits;
    }
    return searchExact(query, k, allowed);
}

std::vector<VectorHit> VectorIndex::searchSubset(const float* query, int k,
                                                 const std::vector<uint8_t>& allowed) const
{
    // faiss 1.7.3's flat search tests the selector per id but still walks all n ids
    // through its generic path; visiting only the set bits costs members × d.
    const float* xb = vectors();
    const size_t d = size_t(m_index->d);
    std::vector<VectorHit> hits;
    auto worse = [](const VectorHit& a, const VectorHit& b) { return a.score > b.score; };
    const int n = size();
    for (size_t byte = 0; byte < allowed.size(); ++byte) {
        uint8_t bits = allowed[byte];
        while (bits) {
            const int bit = __builtin_ctz(bits);
            bits &= uint8_t(bits - 1);
            const int id = int(byte * 8) + bit;
            if (id >= n)
                break;
            const float score = innerProduct(query, xb + size_t(id) * d, d);
            if (int(hits.size()) < k) {
                hits.push_back({id, score});
                std::push_heap(hits.begin(), hits.end(), worse);
            } else if (score > hits.front().score) {
                std::pop_heap(hits.begin(), hits.end(), worse);
                hits.back() = {id, score};
                std::push_heap(hits.begin(), hits.end(), worse);
            }
        }
    }
    std::sort(hits.begin(), hits.end(), [](const VectorHit& a, const VectorHit& b) {
        return a.score != b.score ? a.score > b.score : a.id < b.id;
    });
    return hits;
}

std::vector<VectorHit> VectorIndex::searchExact(const float* query, int k,
                                                const std::vector<uint8_t>* allowed) const
{
    const faiss::IndexFlat* flat = storage();
    const int n = size();
    k = std::min(k, n);
    if (k <= 0 || !flat)
        return {};
    singleThreadedSearch();
    std::vector<float> distances(size_t(k), 0.0f);
    std::vector<idx_t> labels(size_t(k), -1);
    faiss::IDSelectorBitmap selector(allowed ? allowed->size() : 0,
                                     allowed ? allowed->data() : nullptr);
    faiss::SearchParameters params;
    params.sel = allowed ? &selector : nullptr;
    flat->search(1, query, k, distances.data(), labels.data(), allowed ? &params : nullptr);
    return collect(distances, labels, 0, k);
}

std::vector<std::vector<VectorHit>> VectorIndex::searchBatch(const float* queries, int nq, int k,
                                                             bool exact) const
{
    std::vector<std::vector<VectorHit>> out;
    const int n = size();
    k = std::min(k, n);
    if (k <= 0)
        return std::vector<std::vector<VectorHit>>(size_t(std::max(nq, 0)));
    const faiss::Index* index = exact ? static_cast<const faiss::Index*>(storage()) : m_index.get();
    constexpr int kBatch = 16; // faiss 1.7.3 switches to a slow BLAS path at nq >= 20
    for (int start = 0; start < nq; start += kBatch) {
        const int b = std::min(kBatch, nq - start);
        std::vector<float> distances(size_t(b) * size_t(k));
        std::vector<idx_t> labels(size_t(b) * size_t(k));
        faiss::SearchParametersHNSW params;
        params.efSearch = std::max(efSearch(), k);
        const bool hnsw = !exact && m_kind == QLatin1String("hnsw");
        index->search(b, queries + size_t(start) * size_t(m_index->d), k, distances.data(),
                      labels.data(), hnsw ? &params : nullptr);
        for (int q = 0; q < b; ++q)
            out.push_back(collect(distances, labels, size_t(q) * size_t(k), k));
    }
    return out;
}

} // namespace raglens
