#pragma once
// EvalRunner: looks every case of an eval set up against a knowledge base and scores it.
// Cases run in batches; each batch is spread over the machine's cores with QtConcurrent.
// Progress and cancel are checked between batches, on the calling thread, so a GUI worker
// can forward them as signals and a cancelled run still returns the finished cases.

#include "eval/eval_report.h"

#include <functional>
#include <memory>

namespace raglens {

class LookupEngine;

struct EvalRunOptions
{
    int k = 5;          ///< cut-off of every @k metric; also the lookup's topK
    int batchSize = 8;  ///< cases per parallel batch (progress granularity)
    int maxThreads = 0; ///< 0 = QThread::idealThreadCount()
    QString searchMode; ///< empty = the KB's setting
    std::function<void(int done, int total)> onProgress;
    std::function<bool()> isCancelled;
};

EvalReport runEval(const EvalSet& set, const LookupEngine& engine, const EvalRunOptions& options);

} // namespace raglens
