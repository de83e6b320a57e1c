#include "eval/eval_runner.h"

#include "common/logging.h"
#include "lookup/lookup_engine.h"

#include <QElapsedTimer>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

namespace raglens {

static CaseResult runOne(const EvalCase& c, const LookupEngine& engine,
                         const EvalRunOptions& options)
{
    LookupRequest request;
    request.query = c.query;
    request.topK = options.k;
    request.searchMode = options.searchMode;
    request.toolCallId = QStringLiteral("eval-%1").arg(c.id);
    if (!c.category.isEmpty()) {
        request.category = c.category;
        request.autoCategory = false;
    }
    QElapsedTimer timer;
    timer.start();
    const LookupResult result = engine.lookup(request);
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    return scoreCase(c, CaseOutcome::fromLookupResult(result, ms), options.k);
}

EvalReport runEval(const EvalSet& set, const LookupEngine& engine, const EvalRunOptions& options)
{
    Q_ASSERT(options.k > 0);
    EvalReport report;
    report.k = options.k;
    report.setPath = set.path;
    report.kbDir = engine.knowledgeBase() ? engine.knowledgeBase()->directory() : QString();
    report.startedAt = QDateTime::currentDateTimeUtc();
    // A private pool: the global one may be busy with the caller's own work (the GUI).
    QThreadPool pool;
    pool.setMaxThreadCount(options.maxThreads > 0 ? options.maxThreads
                                                  : std::max(1, QThread::idealThreadCount()));
    const int n = int(set.cases.size());
    const int batch = std::max(1, options.batchSize);
    // One lookup before the clock runs: what loads once on first use (the bilingual
    // dictionary, 0.1 s) would otherwise be timed in the first case of every worker, and
    // a latency figure would depend on the number of cores.
    if (n > 0)
        runOne(set.cases.front(), engine, options);
    QElapsedTimer total;
    total.start();
    if (options.onProgress)
        options.onProgress(0, n);
    for (int start = 0; start < n; start += batch) {
        if (options.isCancelled && options.isCancelled()) {
            report.cancelled = true;
            break;
        }
        const auto first = set.cases.begin() + start;
        const auto last = set.cases.begin() + std::min(n, start + batch);
        const QList<CaseResult> done = QtConcurrent::blockingMapped<QList<CaseResult>>(
            &pool, first, last, [&](const EvalCase& c) { return runOne(c, engine, options); });
        for (const CaseResult& r : done)
            report.rows.push_back(r);
        if (options.onProgress)
            options.onProgress(int(report.rows.size()), n);
    }
    report.seconds = double(total.elapsed()) / 1000.0;
    report.recompute();
    qCInfo(lcEval) << "eval" << set.path << "cases" << report.rows.size() << "k" << report.k
                   << "seconds" << report.seconds << (report.cancelled ? "cancelled" : "");
    return report;
}

} // namespace raglens
