#include "eval/eval_run_controller.h"

#include "common/background_pool.h"
#include "eval/eval_runner.h"
#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace raglens::ui {

struct EvalRunController::Outcome
{
    EvalReport report;
    QString error;
};

EvalRunController::EvalRunController(QObject* parent)
    : QObject(parent), m_watcher(new QFutureWatcher<std::shared_ptr<Outcome>>(this))
{
    connect(m_watcher, &QFutureWatcher<std::shared_ptr<Outcome>>::finished, this, [this] {
        const std::shared_ptr<Outcome> outcome = m_watcher->result();
        if (!outcome->error.isEmpty())
            emit failed(outcome->error);
        else
            emit finished(outcome->report);
    });
}

EvalRunController::~EvalRunController()
{
    // The worker reads through `this` only via queued calls guarded by QPointer, but it
    // must not outlive the process' event loop either: stop it at the next batch.
    cancel();
    m_watcher->waitForFinished();
}

bool EvalRunController::isRunning() const
{
    return m_watcher->isRunning();
}

void EvalRunController::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void EvalRunController::start(const EvalRunSpec& spec)
{
    if (isRunning())
        return;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const std::shared_ptr<std::atomic_bool> cancelFlag = m_cancel;
    QPointer<EvalRunController> self(this);
    auto job = [spec, cancelFlag, self]() -> std::shared_ptr<Outcome> {
        auto out = std::make_shared<Outcome>();
        Expected<EvalSet> set = loadEvalSet(spec.setPath);
        if (!set) {
            out->error = set.error();
            return out;
        }
        if (!set->isValid()) {
            out->error = tr("The eval set %1 has malformed lines:\n%2")
                             .arg(spec.setPath, set->errorSummary());
            return out;
        }
        if (set->cases.empty()) {
            out->error = tr("The eval set %1 has no cases.").arg(spec.setPath);
            return out;
        }
        Expected<std::shared_ptr<KnowledgeBase>> kb = KnowledgeBase::open(spec.kbDir);
        if (!kb) {
            out->error = kb.error();
            return out;
        }
        const LookupEngine engine(*kb);
        EvalRunOptions options;
        options.k = spec.k;
        options.isCancelled = [cancelFlag] { return cancelFlag->load(); };
        options.onProgress = [self](int done, int total) {
            if (!self)
                return;
            QMetaObject::invokeMethod(
                self.data(),
                [self, done, total] {
                    if (self)
                        emit self->progress(done, total);
                },
                Qt::QueuedConnection);
        };
        out->report = runEval(*set, engine, options);
        return out;
    };
    m_watcher->setFuture(QtConcurrent::run(backgroundPool(), job));
    emit started();
}

} // namespace raglens::ui
