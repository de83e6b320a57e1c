#pragma once
// Runs ingestFolder() on a worker thread with progress and cancel. Progress reaches the
// UI thread as queued signals, throttled so that an ingest of 10,000 files does not flood
// the event loop; cancel is a flag the ingest polls between files. Destroying the job
// cancels and waits, and ingestFolder leaves the previous knowledge base intact.

#include "kb/embeddings_client.h"
#include "kb/knowledge_base.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace raglens::ui {

/// Which embedder an ingest uses: the knowledge base's own (it records its choice), or a
/// new one chosen in the Embedder dialog.
struct EmbedderRequest
{
    bool change = false;                      ///< false: keep what the knowledge base uses
    std::optional<EmbeddingsEndpoint> server; ///< with change: this server, or hashing
};

struct KbIngestOutcome
{
    bool ok = false;
    QString error; ///< translated, when !ok
    IngestSummary summary;
};

class KbIngestJob : public QObject
{
    Q_OBJECT
public:
    explicit KbIngestJob(QObject* parent = nullptr);
    ~KbIngestJob() override;

    /// Starts an ingest; false when one is already running.
    bool start(const QString& sourceDir, const QString& kbDir,
               const QString& indexKind = QStringLiteral("auto"),
               const EmbedderRequest& embedder = {});
    void cancel();
    bool isRunning() const;
    bool isCancelRequested() const;
    void waitForFinished();

    QString sourceDir() const { return m_sourceDir; }
    QString kbDir() const { return m_kbDir; }

signals:
    void progress(int filesDone, int filesTotal, const QString& currentFile, const QString& phase,
                  int chunks);
    void finished(const raglens::ui::KbIngestOutcome& outcome);

private:
    void onFinished();

    struct Shared
    {
        std::atomic<bool> cancel{false};
        std::atomic<qint64> lastEmitMs{-1};
        QString lastPhase; ///< touched by the worker thread only
        QElapsedTimer clock;
    };
    std::shared_ptr<Shared> m_shared;
    QFutureWatcher<KbIngestOutcome>* m_watcher = nullptr;
    QString m_sourceDir;
    QString m_kbDir;
};

} // namespace raglens::ui
