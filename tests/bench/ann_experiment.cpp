// raglens-bench --ann-experiment: recall and speed of alternative FAISS indexes on the
// vectors of an existing --keep KB, to choose the large-KB index (not a user feature).

#include "ann_experiment.h"

#include "kb/kb_data.h"
#include "kb/knowledge_base.h"
#include "kb/text_tokenizer.h"

#include <QElapsedTimer>
#include <QFile>

#include <faiss/IndexFlat.h>
#include <faiss/IndexIVFFlat.h>

#include <algorithm>
#include <cstdio>

namespace raglens::bench {

int runAnnExperiment(const QString& keepDir)
{
    auto kb = KnowledgeBase::open(keepDir + QStringLiteral("/kb"));
    if (!kb)
        return 1;
    const KbData& data = (*kb)->data();
    QFile f(keepDir + QStringLiteral("/queries.json"));
    f.open(QIODevice::ReadOnly);
    const auto qj = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    const int d = data.embedder->dimension(), n = (*kb)->chunkCount();
    std::vector<float> queries;
    int nq = 0;
    for (const auto& q : qj) {
        std::vector<float> v(static_cast<size_t>(d));
        data.embedder->embed(json_util::value<QString>(q, "text"), v.data());
        queries.insert(queries.end(), v.begin(), v.end());
        ++nq;
    }
    const int k = 10;
    std::vector<float> D(size_t(nq * k));
    std::vector<faiss::Index::idx_t> exact(size_t(nq * k)), got(size_t(nq * k));
    faiss::IndexFlatIP flat(d);
    flat.add(n, data.vectors->vectors());
    for (int q = 0; q < nq; ++q)
        flat.search(1, queries.data() + q * d, k, D.data() + q * k, exact.data() + q * k);
    auto recall = [&] {
        int found = 0;
        for (int q = 0; q < nq; ++q)
            for (int i = 0; i < k; ++i)
                for (int j = 0; j < k; ++j)
                    found += got[size_t(q * k + i)] == exact[size_t(q * k + j)];
        return double(found) / (nq * k);
    };
    nlohmann::json out = nlohmann::json::array();
    for (int nlist : {1024}) {
        faiss::IndexFlatIP quantizer(d);
        faiss::IndexIVFFlat ivf(&quantizer, d, size_t(nlist), faiss::METRIC_INNER_PRODUCT);
        QElapsedTimer t;
        t.start();
        const int train = std::min(n, nlist * 40);
        ivf.train(train, data.vectors->vectors());
        ivf.add(n, data.vectors->vectors());
        const double buildMs = double(t.elapsed());
        for (int nprobe : {32, 64}) {
            ivf.nprobe = size_t(nprobe);
            t.restart();
            for (int q = 0; q < nq; ++q)
                ivf.search(1, queries.data() + q * d, k, D.data() + q * k, got.data() + q * k);
            out.push_back({{"index", "ivf"},
                           {"nlist", nlist},
                           {"nprobe", nprobe},
                           {"buildMs", buildMs},
                           {"msPerQuery", double(t.nsecsElapsed()) / 1e6 / nq},
                           {"recallAt10", recall()}});
        }
    }
    {
        QElapsedTimer t;
        t.start();
        for (int q = 0; q < nq; ++q) {
            auto hits = data.vectors->search(queries.data() + q * d, k);
            for (int i = 0; i < k; ++i)
                got[size_t(q * k + i)] = i < int(hits.size()) ? hits[size_t(i)].id : -1;
        }
        out.push_back({{"index", data.vectors->kind()},
                       {"efSearch", data.vectors->efSearch()},
                       {"msPerQuery", double(t.nsecsElapsed()) / 1e6 / nq},
                       {"recallAt10", recall()}});
    }
    std::printf("%s\n", out.dump(1).c_str());
    return 0;
}

} // namespace raglens::bench
