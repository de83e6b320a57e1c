#include "kb/knowledge_base_panel.h"

#include "common/display_format.h"

#include "common/background_pool.h"
#include "common/logging.h"
#include "dialogs/embedder_dialog.h"
#include "kb/kb_browser_view.h"
#include "kb/kb_stats_view.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace raglens::ui {

namespace {

KbOpenResult openJob(const QString& dir)
{
    KbOpenResult r;
    auto kb = KnowledgeBase::open(dir);
    if (!kb) {
        r.error = kb.error();
        return r;
    }
    r.kb = *kb;
    r.stats = r.kb->stats();
    r.documents = r.kb->documents();
    return r;
}

} // namespace

QString sourceRootOf(const std::vector<KbDocument>& documents)
{
    for (const KbDocument& d : documents) {
        if (d.path.isEmpty() || d.source.isEmpty())
            continue;
        QDir dir = QFileInfo(d.path).absoluteDir();
        // source "mysql/pool" sits one folder below the root: go up once per '/'.
        for (int i = 0; i < d.source.count(QLatin1Char('/')); ++i)
            dir.cdUp();
        return dir.absolutePath();
    }
    return {};
}

QHBoxLayout* KnowledgeBasePanel::buildToolbar()
{
    m_path = new QLabel(tr("No knowledge base is open."), this);
    m_path->setObjectName(QStringLiteral("kbPathLabel"));
    m_path->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_open = new QPushButton(tr("Open…"), this);
    m_open->setToolTip(tr("Open an existing knowledge base folder."));
    m_create = new QPushButton(tr("New from folder…"), this);
    m_create->setToolTip(tr("Create a knowledge base from a folder of Markdown or text files "
                            "(first-level sub-folders are the categories)."));
    m_update = new QPushButton(tr("Update from folder…"), this);
    m_update->setToolTip(tr("Ingest a folder into the open knowledge base: changed files are "
                            "re-chunked, unchanged ones kept, missing ones removed."));
    m_rebuild = new QPushButton(tr("Rebuild index"), this);
    m_rebuild->setObjectName(QStringLiteral("kbRebuildButton"));
    m_rebuild->setToolTip(tr("Ingest the folder this knowledge base was built from again, "
                             "with the index type chosen here."));
    m_indexKind = new QComboBox(this);
    m_indexKind->setObjectName(QStringLiteral("kbIndexKindCombo"));
    m_indexKind->addItem(tr("Index: automatic"), QStringLiteral("auto"));
    m_indexKind->addItem(tr("Index: exact (Flat)"), QStringLiteral("flat"));
    m_indexKind->addItem(tr("Index: HNSW"), QStringLiteral("hnsw"));
    m_indexKind->setToolTip(tr("Automatic uses exact search for small knowledge bases and "
                               "HNSW above the size threshold."));

    m_embedderButton = new QPushButton(tr("Embedder…"), this);
    m_embedderButton->setObjectName(QStringLiteral("kbEmbedderButton"));
    connect(m_embedderButton, &QPushButton::clicked, this, &KnowledgeBasePanel::showEmbedderDialog);

    auto* top = new QHBoxLayout;
    top->addWidget(m_path, 1);
    top->addWidget(m_open);
    top->addWidget(m_create);
    top->addWidget(m_update);
    top->addWidget(m_indexKind);
    top->addWidget(m_embedderButton);
    top->addWidget(m_rebuild);
    return top;
}

void KnowledgeBasePanel::buildIngestBox()
{
    m_ingestBox = new QWidget(this);
    m_progress = new QProgressBar(m_ingestBox);
    m_progress->setObjectName(QStringLiteral("kbIngestProgress"));
    m_currentFile = new QLabel(m_ingestBox);
    m_currentFile->setObjectName(QStringLiteral("kbCurrentFileLabel"));
    m_currentFile->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cancel = new QPushButton(tr("Cancel"), m_ingestBox);
    m_cancel->setObjectName(QStringLiteral("kbCancelButton"));
    auto* ingestLayout = new QGridLayout(m_ingestBox);
    ingestLayout->setContentsMargins(0, 0, 0, 0);
    ingestLayout->addWidget(m_progress, 0, 0);
    ingestLayout->addWidget(m_cancel, 0, 1);
    ingestLayout->addWidget(m_currentFile, 1, 0, 1, 2);
    m_ingestBox->setVisible(false);
}

KnowledgeBasePanel::KnowledgeBasePanel(QWidget* parent) : QWidget(parent)
{
    QHBoxLayout* top = buildToolbar();
    buildIngestBox();

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("kbIngestSummaryLabel"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setVisible(false);

    m_stats = new KbStatsView(this);
    m_browser = new KbBrowserView(this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_stats, tr("Statistics"));
    m_tabs->addTab(m_browser, tr("Browse"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_ingestBox);
    layout->addWidget(m_summary);
    layout->addWidget(m_tabs, 1);

    m_ingest = new KbIngestJob(this);
    m_openWatcher = new QFutureWatcher<KbOpenResult>(this);
    connect(m_ingest, &KbIngestJob::progress, this, &KnowledgeBasePanel::onIngestProgress);
    connect(m_ingest, &KbIngestJob::finished, this, &KnowledgeBasePanel::onIngestFinished);
    connect(m_openWatcher, &QFutureWatcherBase::finished, this, &KnowledgeBasePanel::onOpened);
    connect(m_cancel, &QPushButton::clicked, this, &KnowledgeBasePanel::cancelIngest);
    connect(m_open, &QPushButton::clicked, this, &KnowledgeBasePanel::chooseAndOpen);
    connect(m_create, &QPushButton::clicked, this, &KnowledgeBasePanel::chooseAndCreate);
    connect(m_update, &QPushButton::clicked, this, &KnowledgeBasePanel::chooseAndUpdate);
    connect(m_rebuild, &QPushButton::clicked, this, &KnowledgeBasePanel::rebuildIndex);
    updateEnabled();
}

KnowledgeBasePanel::~KnowledgeBasePanel()
{
    // Closing mid-ingest: stop at the next file and wait, so no half-written generation
    // outlives the window; the manifest still points at the previous KB.
    m_ingest->disconnect(this);
    m_ingest->cancel();
    m_ingest->waitForFinished();
    m_openWatcher->disconnect(this);
    m_openWatcher->waitForFinished();
}

bool KnowledgeBasePanel::isIngesting() const
{
    return m_ingest->isRunning();
}

bool KnowledgeBasePanel::isOpening() const
{
    return m_openWatcher->isRunning();
}

void KnowledgeBasePanel::updateEnabled()
{
    const bool busy = isIngesting() || isOpening();
    m_open->setEnabled(!busy);
    m_create->setEnabled(!busy);
    m_update->setEnabled(!busy && m_kb);
    m_rebuild->setEnabled(!busy && m_kb && !m_sourceFolder.isEmpty() &&
                          QFileInfo(m_sourceFolder).isDir());
    m_indexKind->setEnabled(!busy);
    m_embedderButton->setEnabled(!busy);
    m_cancel->setEnabled(isIngesting() && !m_ingest->isCancelRequested());
}

void KnowledgeBasePanel::chooseEmbedder(std::optional<EmbeddingsEndpoint> server)
{
    m_embedderRequest.change = true;
    m_embedderRequest.server = std::move(server);
    updateEmbedderButton();
}

void KnowledgeBasePanel::showEmbedderDialog()
{
    const std::optional<EmbeddingsEndpoint> current =
        m_embedderRequest.change ? m_embedderRequest.server
                                 : (m_kb ? m_kb->remoteEmbedder() : std::nullopt);
    EmbedderDialog dialog(current, this);
    if (dialog.exec() == QDialog::Accepted)
        chooseEmbedder(dialog.choice());
}

void KnowledgeBasePanel::updateEmbedderButton()
{
    const auto describe = [](const std::optional<EmbeddingsEndpoint>& server) {
        return server ? tr("an embeddings server (%1 at %2)").arg(server->model, server->url)
                      : tr("the offline hashing embedder");
    };
    QString tip;
    if (m_embedderRequest.change)
        tip = tr("The next Update or Rebuild embeds with %1.")
                  .arg(describe(m_embedderRequest.server));
    else if (m_kb)
        tip = tr("This knowledge base embeds with %1. Choose another embedder for the next "
                 "Update or Rebuild.")
                  .arg(describe(m_kb->remoteEmbedder()));
    else
        tip = tr("Choose the embedder a new knowledge base uses (the offline hashing embedder "
                 "by default).");
    m_embedderButton->setToolTip(tip);
    // A pending change is marked on the button itself, so it is not forgotten.
    m_embedderButton->setText(m_embedderRequest.change ? tr("Embedder…*") : tr("Embedder…"));
}

void KnowledgeBasePanel::openKnowledgeBase(const QString& dir)
{
    if (isOpening() || isIngesting())
        return;
    m_path->setText(tr("Opening %1…").arg(QDir::toNativeSeparators(dir)));
    m_openWatcher->setFuture(QtConcurrent::run(backgroundPool(), openJob, dir));
    updateEnabled();
}

void KnowledgeBasePanel::onOpened()
{
    const KbOpenResult r = m_openWatcher->future().result();
    if (!r.kb) {
        m_path->setText(m_kb ? QDir::toNativeSeparators(m_kb->directory())
                             : tr("No knowledge base is open."));
        m_summary->setText(
            tr("<b>Could not open the knowledge base:</b> %1").arg(r.error.toHtmlEscaped()));
        m_summary->setVisible(true);
        updateEnabled();
        emit openFailed(r.error);
        return;
    }
    // An embedder chosen for another knowledge base does not follow the user to this one.
    if (m_kb && QDir(m_kb->directory()) != QDir(r.kb->directory()))
        m_embedderRequest = {};
    m_kb = r.kb;
    m_indexType = r.stats.indexType;
    // The index kind this knowledge base was built with is what a rebuild asks for, unless
    // the user picks another.
    if (const int at = m_indexKind->findData(r.stats.requestedIndexKind); at >= 0)
        m_indexKind->setCurrentIndex(at);
    m_sourceFolder = sourceRootOf(r.documents);
    m_path->setText(QDir::toNativeSeparators(m_kb->directory()));
    m_stats->setStats(r.stats, m_kb->directory());
    m_browser->setKnowledgeBase(m_kb, r.documents);
    m_rebuild->setToolTip(
        m_sourceFolder.isEmpty()
            ? tr("The folder this knowledge base was built from is not known.")
            : tr("Ingest %1 again with the index type chosen here (now: %2).")
                  .arg(QDir::toNativeSeparators(m_sourceFolder), r.stats.indexType));
    updateEnabled();
    updateEmbedderButton();
    emit knowledgeBaseChanged(m_kb);
}

void KnowledgeBasePanel::chooseAndOpen()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open knowledge base"),
                                                          m_kb ? m_kb->directory() : QString());
    if (!dir.isEmpty())
        openKnowledgeBase(dir);
}

} // namespace raglens::ui
