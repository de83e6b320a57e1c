#include "kb/kb_ingest_job.h"

#include "common/background_pool.h"

#include <QElapsedTimer>
#include <QtConcurrent>

namespace raglens::ui {

namespace {
constexpr qint64 kProgressIntervalMs = 40; // ~25 updates a second is smooth and cheap
}

KbIngestJob::KbIngestJob(QObject* parent) : QObject(parent)
{
    m_watcher = new QFutureWatcher<KbIngestOutcome>(this);
    connect(m_watcher, &QFutureWatcherBase::finished, this, &KbIngestJob::onFinished);
}

KbIngestJob::~KbIngestJob()
{
    cancel();
    m_watcher->disconnect(this);
    m_watcher->waitForFinished();
}

bool KbIngestJob::isRunning() const
{
    return m_watcher->isRunning();
}

bool KbIngestJob::isCancelRequested() const
{
    return m_shared && m_shared->cancel.load();
}

void KbIngestJob::cancel()
{
    if (m_shared)
        m_shared->cancel.store(true);
}

void KbIngestJob::waitForFinished()
{
    m_watcher->waitForFinished();
}

bool KbIngestJob::start(const QString& sourceDir, const QString& kbDir, const QString& indexKind,
                        const EmbedderRequest& embedder)
{
    if (isRunning())
        return false;
    m_sourceDir = sourceDir;
    m_kbDir = kbDir;
    // A fresh flag per run: a late cancel() of the previous run must not hit this one.
    auto shared = std::make_shared<Shared>();
    shared->clock.start();
    m_shared = shared;
    // The destructor waits for the worker, so `this` outlives every callback; events still
    // queued for a destroyed job are discarded by ~QObject.
    KbIngestJob* self = this;

    IngestOptions options;
    options.indexKind = indexKind;
    if (embedder.change) {
        options.remoteEmbedder = embedder.server;
        options.hashingEmbedder = !embedder.server;
    }
    options.onProgress = [shared, self](const IngestProgress& p) {
        if (shared->cancel.load())
            return false;
        const qint64 now = shared->clock.elapsed();
        const qint64 last = shared->lastEmitMs.load();
        const bool boundary = p.phase != shared->lastPhase || p.filesDone == p.filesTotal;
        if (boundary || last < 0 || now - last >= kProgressIntervalMs) {
            shared->lastEmitMs.store(now);
            shared->lastPhase = p.phase;
            QMetaObject::invokeMethod(
                self,
                [self, p] {
                    emit self->progress(p.filesDone, p.filesTotal, p.currentFile, p.phase,
                                        p.chunks);
                },
                Qt::QueuedConnection);
        }
        return !shared->cancel.load();
    };
    m_watcher->setFuture(QtConcurrent::run(backgroundPool(), [sourceDir, kbDir, options] {
        KbIngestOutcome out;
        auto summary = ingestFolder(sourceDir, kbDir, options);
        if (summary) {
            out.ok = true;
            out.summary = *summary;
        } else {
            out.error = summary.error();
        }
        return out;
    }));
    return true;
}

void KbIngestJob::onFinished()
{
    emit finished(m_watcher->future().result());
}

} // namespace raglens::ui
