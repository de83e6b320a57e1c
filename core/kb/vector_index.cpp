#include "kb/vector_index.h"

#include <QCoreApplication>
#include <QFile>

#include <faiss/IndexFlat.h>
#include <faiss/IndexHNSW.h>
#include <faiss/impl/FaissException.h>
#include <faiss/impl/IDSelector.h>
#include <faiss/index_io.h>

#include <algorithm>

namespace raglens {

using idx_t = faiss::Index::idx_t;

VectorIndex::~VectorIndex() = default;

std::unique_ptr<VectorIndex> VectorIndex::build(const QString& kind, int dim, const float* vectors,
                                                int n)
{
    std::unique_ptr<VectorIndex> vi(new VectorIndex);
    vi->m_kind = kind;
    if (kind == QLatin1String("hnsw")) {
        auto hnsw =
            std::make_unique<faiss::IndexHNSWFlat>(dim, kHnswM, faiss::METRIC_INNER_PRODUCT);
        hnsw->hnsw.efConstruction = kHnswEfConstruction;
        hnsw->hnsw.efSearch = kHnswEfSearch;
        if (n > 0)
            hnsw->add(n, vectors);
        vi->m_index = std::move(hnsw);
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
        if (auto* hnsw = dynamic_cast<faiss::IndexHNSWFlat*>(index.get())) {
            vi->m_kind = QStringLiteral("hnsw");
            hnsw->hnsw.efSearch = kHnswEfSearch;
        } else if (dynamic_cast<faiss::IndexFlatIP*>(index.get())) {
            vi->m_kind = QStringLiteral("flat");
        } else {
            return Error{QCoreApplication::translate("KnowledgeBase",
                                                     "the vector index %1 has an unsupported type")
                             .arg(path)};
        }
        vi->m_index = std::move(index);
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
    const float* v = vectors() + size_t(id) * size_t(m_index->d);
    float s = 0;
    for (int i = 0; i < m_index->d; ++i)
        s += query[i] * v[i];
    return s;
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
    std::vector<float> distances(size_t(k), 0.0f);
    std::vector<idx_t> labels(size_t(k), -1);
    if (m_kind == QLatin1String("hnsw")) {
        faiss::IDSelectorBitmap selector(allowed ? allowed->size() : 0,
                                         allowed ? allowed->data() : nullptr);
        faiss::SearchParametersHNSW params;
        // A filter hides most of the graph; a wider beam keeps filtered recall up.
        params.efSearch = allowed ? std::max(kHnswEfSearch * 4, k) : std::max(kHnswEfSearch, k);
        params.sel = allowed ? &selector : nullptr;
        m_index->search(1, query, k, distances.data(), labels.data(), &params);
        std::vector<VectorHit> hits = collect(distances, labels, 0, k);
        // A very selective filter can starve the graph walk; exact search over the
        // allowed ids is cheap in that case and never misses.
        if (allowed && int(hits.size()) < k)
            return searchExact(query, k, allowed);
        return hits;
    }
    return searchExact(query, k, allowed);
}

std::vector<VectorHit> VectorIndex::searchExact(const float* query, int k,
                                                const std::vector<uint8_t>* allowed) const
{
    const faiss::IndexFlat* flat = storage();
    const int n = size();
    k = std::min(k, n);
    if (k <= 0 || !flat)
        return {};
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
        index->search(b, queries + size_t(start) * size_t(m_index->d), k, distances.data(),
                      labels.data());
        for (int q = 0; q < b; ++q)
            out.push_back(collect(distances, labels, size_t(q) * size_t(k), k));
    }
    return out;
}

} // namespace raglens
