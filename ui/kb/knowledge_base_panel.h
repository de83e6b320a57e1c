#pragma once
// KnowledgeBasePanel: open or create a knowledge base, ingest a folder into it (progress
// bar, current file, cancel, an end summary with skipped files and why), see its
// statistics, browse documents and chunks, search chunks, rebuild the index. Opening and
// ingesting run on worker threads; destroying the panel mid-ingest cancels and waits, and
// the knowledge base on disk stays as it was.

#include "kb/kb_ingest_job.h"
#include "kb/knowledge_base.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace raglens::ui {

class KbStatsView;
class KbBrowserView;

struct KbOpenResult
{
    std::shared_ptr<KnowledgeBase> kb;
    KbStats stats;
    std::vector<KbDocument> documents;
    QString error;
};

class KnowledgeBasePanel : public QWidget
{
    Q_OBJECT
public:
    explicit KnowledgeBasePanel(QWidget* parent = nullptr);
    ~KnowledgeBasePanel() override;

    /// Loads the KB in `dir` on a worker; knowledgeBaseChanged() or openFailed() follows.
    void openKnowledgeBase(const QString& dir);
    /// Ingests `sourceDir` into `kbDir` (created when missing; updated when it holds a KB).
    bool startIngest(const QString& sourceDir, const QString& kbDir,
                     const QString& indexKind = QString());
    /// Re-ingests the current KB from the folder it was built from, with the chosen index.
    bool rebuildIndex();
    void cancelIngest();

    bool isIngesting() const;
    bool isOpening() const;
    std::shared_ptr<KnowledgeBase> knowledgeBase() const { return m_kb; }
    /// The folder the current KB was ingested from (derived from its documents), or empty.
    QString sourceFolder() const { return m_sourceFolder; }
    const IngestSummary& lastSummary() const { return m_lastSummary; }

    QProgressBar* progressBar() const { return m_progress; }
    QLabel* currentFileLabel() const { return m_currentFile; }
    QLabel* summaryLabel() const { return m_summary; }
    QLabel* pathLabel() const { return m_path; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* rebuildButton() const { return m_rebuild; }
    QComboBox* indexKindCombo() const { return m_indexKind; }
    QPushButton* embedderButton() const { return m_embedderButton; }
    /// The embedder the next ingest switches to (a server, or nothing for hashing); until
    /// one is chosen, ingests keep the knowledge base's own.
    void chooseEmbedder(std::optional<EmbeddingsEndpoint> server);
    KbStatsView* statsView() const { return m_stats; }
    KbBrowserView* browserView() const { return m_browser; }

signals:
    void knowledgeBaseChanged(std::shared_ptr<raglens::KnowledgeBase> kb);
    void openFailed(const QString& message);
    void ingestProgress(int filesDone, int filesTotal, const QString& currentFile);
    /// ok = a new or updated KB is on disk (and being opened); false when it failed or was
    /// cancelled (the previous KB is untouched).
    void ingestFinished(bool ok, bool cancelled);

private:
    QHBoxLayout* buildToolbar();
    void buildIngestBox();
    void chooseAndOpen();
    void chooseAndCreate();
    void chooseAndUpdate();
    void onOpened();
    void onIngestProgress(int done, int total, const QString& file, const QString& phase,
                          int chunks);
    void onIngestFinished(const KbIngestOutcome& outcome);
    void showSummary(const KbIngestOutcome& outcome);
    void updateEnabled();
    void showEmbedderDialog();
    void updateEmbedderButton();

    std::shared_ptr<KnowledgeBase> m_kb;
    QString m_sourceFolder;
    QString m_indexType;       ///< of the open KB
    QString m_indexTypeBefore; ///< index type of the KB being updated, for the summary
    IngestSummary m_lastSummary;
    KbIngestJob* m_ingest = nullptr;
    QFutureWatcher<KbOpenResult>* m_openWatcher = nullptr;

    QLabel* m_path = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_create = nullptr;
    QPushButton* m_update = nullptr;
    QPushButton* m_rebuild = nullptr;
    QComboBox* m_indexKind = nullptr;
    QPushButton* m_embedderButton = nullptr;
    EmbedderRequest m_embedderRequest; ///< for the next ingest; cleared once one succeeded
    QWidget* m_ingestBox = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_currentFile = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_summary = nullptr;
    QTabWidget* m_tabs = nullptr;
    KbStatsView* m_stats = nullptr;
    KbBrowserView* m_browser = nullptr;
};

/// The source root a KB was built from: each document's file path minus its source name.
QString sourceRootOf(const std::vector<KbDocument>& documents);

} // namespace raglens::ui
