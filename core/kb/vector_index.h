#pragma once
// VectorIndex: the FAISS side of a KB. Exact IndexFlatIP for small KBs, IndexHNSWFlat
// (inner product) above a threshold. Ids are the sequential chunk ids, so no IndexIDMap
// is needed and category filters go to the base index as an IDSelector (faiss 1.7.3:
// IndexIDMap rejects SearchParameters). Batches are split under 20 queries to stay off
// 1.7.3's slow BLAS path.

#include "common/error.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace faiss {
struct Index;
struct IndexFlat;
} // namespace faiss

namespace raglens {

struct VectorHit
{
    int id = 0;
    float score = 0; ///< inner product
};

class VectorIndex
{
public:
    static constexpr int kHnswM = 16;
    static constexpr int kHnswEfConstruction = 40;
    static constexpr int kHnswEfSearch = 128; ///< floor; see efSearch()
    /// Filters keeping at most this share of the ids are searched exactly by visiting
    /// only the allowed ids: a graph walk through a sparse filter is slower and less
    /// accurate, and faiss's selector path still walks every id. Broader filters go to
    /// the base index as an IDSelector.
    static constexpr double kExactFilterShare = 0.25;

    ~VectorIndex();
    /// kind: "flat" or "hnsw". vectors: n × dim, L2-normalised.
    static std::unique_ptr<VectorIndex> build(const QString& kind, int dim, const float* vectors,
                                              int n);
    static Expected<std::unique_ptr<VectorIndex>> load(const QString& path);
    Status save(const QString& path) const;

    QString kind() const { return m_kind; }
    /// HNSW beam width: grows with the index (0.6 % of its size, at least kHnswEfSearch):
    /// hashed bag-of-words vectors have flat neighbourhoods and recall@10 falls with size.
    /// 600 at 100k chunks gives recall@10 ≥ 0.95 (docs/readme/lookup.md).
    int efSearch() const;
    void setEfSearch(int ef); ///< 0 = automatic; not while other threads search
    int dimension() const;
    int size() const;
    /// Raw stored vectors (n × dim), for exact re-scoring of candidates.
    const float* vectors() const;
    float dot(const float* query, int id) const;

    /// allowed: optional bitmap (1 bit per id) restricting the search; nullptr = all.
    std::vector<VectorHit> search(const float* query, int k,
                                  const std::vector<uint8_t>* allowed = nullptr) const;
    /// Exact search regardless of the index kind (recall reference, filtered fallback).
    std::vector<VectorHit> searchExact(const float* query, int k,
                                       const std::vector<uint8_t>* allowed = nullptr) const;
    /// nq queries at once, internally batched under 20.
    std::vector<std::vector<VectorHit>> searchBatch(const float* queries, int nq, int k,
                                                    bool exact = false) const;

private:
    VectorIndex() = default;
    std::vector<VectorHit> searchSubset(const float* query, int k,
                                        const std::vector<uint8_t>& allowed) const;
    const faiss::IndexFlat* storage() const;
    void applyEfSearch();
    std::unique_ptr<faiss::Index> m_index;
    QString m_kind;
    int m_efSearch = 0;
};

} // namespace raglens
