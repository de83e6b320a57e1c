// KnowledgeBasePanel's ingest: creating a knowledge base from a folder, updating or
// rebuilding it in the background, its progress, cancel and the summary that follows.
#include "kb/knowledge_base_panel.h"

#include "common/display_format.h"
#include "common/logging.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace raglens::ui {

namespace {

QString phaseText(const QString& phase)
{
    // The core reports phases as fixed words; the user reads them translated.
    if (phase == QLatin1String("scanning"))
        return KnowledgeBasePanel::tr("scanning");
    if (phase == QLatin1String("chunking"))
        return KnowledgeBasePanel::tr("chunking");
    if (phase == QLatin1String("embedding"))
        return KnowledgeBasePanel::tr("embedding");
    if (phase == QLatin1String("indexing"))
        return KnowledgeBasePanel::tr("building the index");
    if (phase == QLatin1String("writing"))
        return KnowledgeBasePanel::tr("writing");
    return phase;
}

} // namespace

bool KnowledgeBasePanel::startIngest(const QString& sourceDir, const QString& kbDir,
                                     const QString& indexKind)
{
    if (isIngesting() || isOpening())
        return false;
    const QString kind = indexKind.isEmpty() ? m_indexKind->currentData().toString() : indexKind;
    if (!m_ingest->start(sourceDir, kbDir, kind, m_embedderRequest))
        return false;
    m_indexTypeBefore = m_kb && QDir(m_kb->directory()) == QDir(kbDir) ? m_indexType : QString();
    qCInfo(lcUi) << "ingest" << sourceDir << "into" << kbDir << "index" << kind;
    m_summary->setVisible(false);
    m_progress->setRange(0, 0); // busy until the scan knows how many files there are
    m_currentFile->setText(tr("Scanning %1…").arg(QDir::toNativeSeparators(sourceDir)));
    m_ingestBox->setVisible(true);
    updateEnabled();
    return true;
}

bool KnowledgeBasePanel::rebuildIndex()
{
    if (!m_kb || m_sourceFolder.isEmpty())
        return false;
    return startIngest(m_sourceFolder, m_kb->directory());
}

void KnowledgeBasePanel::cancelIngest()
{
    if (!isIngesting())
        return;
    m_ingest->cancel();
    m_currentFile->setText(tr("Cancelling… the knowledge base stays as it was."));
    updateEnabled();
}

void KnowledgeBasePanel::onIngestProgress(int done, int total, const QString& file,
                                          const QString& phase, int chunks)
{
    if (total > 0) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_progress->setFormat(tr("%v / %m files — %1").arg(phaseText(phase)));
    }
    if (m_ingest->isCancelRequested())
        return;
    m_currentFile->setText(
        file.isEmpty()
            ? tr("%1… (%n chunk(s) so far)", nullptr, chunks).arg(phaseText(phase))
            : tr("%1 %2 (%n chunk(s) so far)", nullptr, chunks).arg(phaseText(phase), file));
    emit ingestProgress(done, total, file);
}

void KnowledgeBasePanel::onIngestFinished(const KbIngestOutcome& outcome)
{
    m_ingestBox->setVisible(false);
    m_lastSummary = outcome.summary;
    showSummary(outcome);
    const bool ok = outcome.ok && !outcome.summary.cancelled;
    if (ok) // the knowledge base now records the embedder chosen
        m_embedderRequest = {};
    updateEnabled();
    updateEmbedderButton();
    if (ok)
        openKnowledgeBase(m_ingest->kbDir());
    emit ingestFinished(ok, outcome.ok && outcome.summary.cancelled);
}

void KnowledgeBasePanel::showSummary(const KbIngestOutcome& outcome)
{
    const IngestSummary& s = outcome.summary;
    QString html;
    if (!outcome.ok) {
        html = tr("<b>Ingest failed:</b> %1<br>The knowledge base was not changed.")
                   .arg(outcome.error.toHtmlEscaped());
    } else if (s.cancelled) {
        html = tr("<b>Ingest cancelled</b> after %1 s. The knowledge base was not changed.")
                   .arg(displayNumber(s.seconds, 1));
    } else {
        html = tr("<b>Ingest finished</b> in %1 s: %2 documents, %3 chunks, %4 categories, "
                  "%5 index.<br>%6 added, %7 updated, %8 removed, %9 unchanged.")
                   .arg(displayNumber(s.seconds, 2))
                   .arg(s.documents)
                   .arg(s.chunks)
                   .arg(s.categories)
                   .arg(s.indexType.toHtmlEscaped())
                   .arg(s.added)
                   .arg(s.updated)
                   .arg(s.removed)
                   .arg(s.unchanged);
        if (s.added == 0 && s.updated == 0 && s.removed == 0 && !m_indexTypeBefore.isEmpty() &&
            m_indexTypeBefore == s.indexType)
            html += QStringLiteral("<br>") +
                    tr("Nothing changed since the last ingest, so the index was kept as it "
                       "is. Choose another index type to rebuild it.");
    }
    if (outcome.ok && !s.skipped.empty()) {
        html += QStringLiteral("<br>") + tr("%n file(s) skipped:", nullptr, int(s.skipped.size())) +
                QStringLiteral("<ul>");
        constexpr size_t kShown = 20;
        for (size_t i = 0; i < s.skipped.size() && i < kShown; ++i)
            html += QStringLiteral("<li>%1 — %2</li>")
                        .arg(QDir::toNativeSeparators(s.skipped[i].path).toHtmlEscaped(),
                             s.skipped[i].reason.toHtmlEscaped());
        if (s.skipped.size() > kShown)
            html += QStringLiteral("<li>") + tr("… and %1 more").arg(s.skipped.size() - kShown) +
                    QStringLiteral("</li>");
        html += QStringLiteral("</ul>");
    }
    m_summary->setText(html);
    m_summary->setVisible(true);
}

void KnowledgeBasePanel::chooseAndCreate()
{
    const QString source = QFileDialog::getExistingDirectory(
        this, tr("Folder to ingest (one sub-folder per category)"), m_sourceFolder);
    if (source.isEmpty())
        return;
    const QString kbDir = QFileDialog::getExistingDirectory(
        this, tr("Where to create the knowledge base (an empty folder)"));
    if (!kbDir.isEmpty())
        startIngest(source, kbDir);
}

void KnowledgeBasePanel::chooseAndUpdate()
{
    if (!m_kb)
        return;
    const QString source = QFileDialog::getExistingDirectory(
        this, tr("Folder to ingest into %1").arg(QDir::toNativeSeparators(m_kb->directory())),
        m_sourceFolder);
    if (!source.isEmpty())
        startIngest(source, m_kb->directory());
}

} // namespace raglens::ui
