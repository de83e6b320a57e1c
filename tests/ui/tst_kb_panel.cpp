// The knowledge base panel: open a KB and read its statistics, browse documents into
// chunks, search chunks; ingest a folder with progress and a summary (skipped files with
// reasons); cancel an ingest and close the panel mid-ingest — the previous KB must still
// load afterwards; rebuild the index with another index type.

#include "dialogs/embedder_dialog.h"
#include "kb/kb_browser_view.h"
#include "kb/kb_stats_view.h"
#include "kb/knowledge_base_panel.h"
#include "support/fake_embeddings_server.h"
#include "support/mini_kb.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace raglens;
using namespace raglens::ui;

namespace {

/// Adds `count` generated runbooks under category folders of `src`.
void addBulkDocuments(const QString& src, int count, const QString& tag)
{
    static const char* categories[] = {"mysql", "redis", "jvm"};
    for (int i = 0; i < count; ++i) {
        const QString source =
            QStringLiteral("%1/bulk-%2-%3").arg(QString::fromUtf8(categories[i % 3]), tag).arg(i);
        QVERIFY(test::writeDocument(
            src, source,
            QStringLiteral("# Bulk runbook %1 %2\n\n## Symptoms\n\nGenerated symptom text number "
                           "%1 about latency, timeouts and retries.\n\n## Fix\n\nRestart "
                           "nothing; read the logs of service %1.\n")
                .arg(i)
                .arg(tag)));
    }
}

} // namespace

class TestKbPanel : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void openShowsStatsAndBrowses();
    void searchChunks();
    void ingestWithProgressAndSummary();
    void cancelKeepsPreviousKb();
    void closingDuringIngestKeepsPreviousKb();
    void openFailureIsReported();
    void rebuildWithOtherIndex();
    void embedderChosenInThePanel();

private:
    void openAndWait(KnowledgeBasePanel& panel);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_src, m_kbDir;
};

void TestKbPanel::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_src = m_dir->filePath(QStringLiteral("src"));
    m_kbDir = m_dir->filePath(QStringLiteral("kb"));
    auto kb = test::buildMiniKb(m_src, m_kbDir);
    QVERIFY2(kb.ok(), qPrintable(kb.ok() ? QString() : kb.error()));
}

void TestKbPanel::openAndWait(KnowledgeBasePanel& panel)
{
    QSignalSpy changed(&panel, &KnowledgeBasePanel::knowledgeBaseChanged);
    panel.openKnowledgeBase(m_kbDir);
    QTRY_COMPARE(changed.count(), 1);
}

void TestKbPanel::openShowsStatsAndBrowses()
{
    KnowledgeBasePanel panel;
    openAndWait(panel);
    QVERIFY(panel.knowledgeBase());
    QCOMPARE(QDir(panel.sourceFolder()).canonicalPath(), QDir(m_src).canonicalPath());
    QVERIFY(panel.pathLabel()->text().contains(QStringLiteral("kb")));

    KbStatsView* stats = panel.statsView();
    QVERIFY(stats->overviewLabel()->text().contains(QStringLiteral("5 documents")));
    QVERIFY(stats->overviewLabel()->text().contains(QStringLiteral("flat")));
    QCOMPARE(stats->categoriesTable()->rowCount(), 3);
    int mysqlDocs = -1;
    for (int r = 0; r < 3; ++r)
        if (stats->categoriesTable()->item(r, KbStatsView::CategoryNameColumn)->text() ==
            QLatin1String("mysql"))
            mysqlDocs = stats->categoriesTable()
                            ->item(r, KbStatsView::CategoryDocumentsColumn)
                            ->data(Qt::DisplayRole)
                            .toInt();
    QCOMPARE(mysqlDocs, 2);
    QVERIFY(stats->thresholdsTable()->rowCount() >= 5);

    QTreeWidget* docs = panel.browserView()->documentsTree();
    QCOMPARE(docs->topLevelItemCount(), 5);
    QTreeWidgetItem* pool = nullptr;
    for (int i = 0; i < docs->topLevelItemCount(); ++i)
        if (docs->topLevelItem(i)->text(KbBrowserView::KeyColumn) == test::minikb::kPoolDoc)
            pool = docs->topLevelItem(i);
    QVERIFY(pool);
    pool->setExpanded(true); // chunks are read when the document opens
    const int chunks = pool->data(KbBrowserView::ChunksColumn, Qt::DisplayRole).toInt();
    QVERIFY(chunks >= 1);
    QCOMPARE(pool->childCount(), chunks);
    QTreeWidgetItem* chunk = pool->child(0);
    QVERIFY(chunk->text(KbBrowserView::KeyColumn).startsWith(test::minikb::kPoolDoc + "#chunk-"));
    docs->setCurrentItem(chunk);
    QVERIFY(!panel.browserView()->chunkText()->toPlainText().isEmpty());
}

void TestKbPanel::searchChunks()
{
    KnowledgeBasePanel panel;
    openAndWait(panel);
    KbBrowserView* browser = panel.browserView();
    QSignalSpy done(browser, &KbBrowserView::searchFinished);
    QTest::keyClicks(browser->searchEdit(), QStringLiteral("MAXMEMORY"));
    QTest::keyClick(browser->searchEdit(), Qt::Key_Return);
    QTRY_COMPARE(done.count(), 1);
    QCOMPARE(done.at(0).at(0).toInt(), 1);
    QCOMPARE(browser->searchResults()->topLevelItemCount(), 1);
    QVERIFY(browser->searchResults()->topLevelItem(0)->text(0).startsWith("redis/oom#chunk-"));
    browser->searchResults()->setCurrentItem(browser->searchResults()->topLevelItem(0));
    QVERIFY(browser->chunkText()->toPlainText().contains(QStringLiteral("maxmemory")));
}

void TestKbPanel::ingestWithProgressAndSummary()
{
    const QString src = m_dir->filePath(QStringLiteral("bulk"));
    addBulkDocuments(src, 120, QStringLiteral("a"));
    // Files the scanner must skip, each with its reason.
    QFile bin(QDir(src).filePath(QStringLiteral("mysql/diagram.png")));
    QVERIFY(bin.open(QIODevice::WriteOnly));
    bin.write("\x89PNG\r\n");
    bin.close();
    QVERIFY(test::writeDocument(src, QStringLiteral("redis/empty"), QString()));

    KnowledgeBasePanel panel;
    QSignalSpy progress(&panel, &KnowledgeBasePanel::ingestProgress);
    QSignalSpy finished(&panel, &KnowledgeBasePanel::ingestFinished);
    QSignalSpy changed(&panel, &KnowledgeBasePanel::knowledgeBaseChanged);
    const QString kbDir = m_dir->filePath(QStringLiteral("bulk-kb"));
    QVERIFY(panel.startIngest(src, kbDir));
    QVERIFY(panel.isIngesting());
    QVERIFY(panel.cancelButton()->isEnabled());
    QVERIFY(!panel.startIngest(src, kbDir)); // one at a time
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY(progress.count() > 0);
    // The last progress report says every file was read.
    const QList<QVariant> last = progress.last();
    QCOMPARE(last.at(0).toInt(), last.at(1).toInt());
    QVERIFY(last.at(1).toInt() >= 120);

    const IngestSummary& s = panel.lastSummary();
    QCOMPARE(s.documents, 120);
    QCOMPARE(s.categories, 3);
    QCOMPARE(int(s.skipped.size()), 2);
    const QString summary = panel.summaryLabel()->text();
    QVERIFY(summary.contains(QStringLiteral("120 documents")));
    QVERIFY(summary.contains(QStringLiteral("diagram.png")));
    QVERIFY(summary.contains(QStringLiteral("empty file")));
    QVERIFY(panel.summaryLabel()->isVisibleTo(&panel));

    QTRY_COMPARE(changed.count(), 1); // the new KB is opened right away
    QCOMPARE(panel.knowledgeBase()->stats().documents, 120);
    QVERIFY(!panel.isIngesting());
}

void TestKbPanel::cancelKeepsPreviousKb()
{
    addBulkDocuments(m_src, 300, QStringLiteral("c"));
    KnowledgeBasePanel panel;
    openAndWait(panel);
    QSignalSpy finished(&panel, &KnowledgeBasePanel::ingestFinished);
    QVERIFY(panel.startIngest(m_src, m_kbDir));
    QTest::mouseClick(panel.cancelButton(), Qt::LeftButton);
    QVERIFY(!panel.cancelButton()->isEnabled());
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QCOMPARE(finished.at(0).at(1).toBool(), true);
    QVERIFY(panel.lastSummary().cancelled);
    QVERIFY(panel.summaryLabel()->text().contains(QStringLiteral("cancelled")));

    auto kb = KnowledgeBase::open(m_kbDir);
    QVERIFY2(kb.ok(), qPrintable(kb.ok() ? QString() : kb.error()));
    QCOMPARE((*kb)->stats().documents, 5);
    QCOMPARE(panel.knowledgeBase()->stats().documents, 5);

    // And a later ingest goes through: the cancel left no lock behind.
    QVERIFY(panel.startIngest(m_src, m_kbDir));
    QTRY_COMPARE(finished.count(), 2);
    QCOMPARE(finished.at(1).at(0).toBool(), true);
    QCOMPARE(panel.lastSummary().documents, 305);
}

void TestKbPanel::closingDuringIngestKeepsPreviousKb()
{
    addBulkDocuments(m_src, 300, QStringLiteral("d"));
    {
        auto* panel = new KnowledgeBasePanel;
        QVERIFY(panel->startIngest(m_src, m_kbDir));
        delete panel; // cancels, waits, returns
    }
    auto kb = KnowledgeBase::open(m_kbDir);
    QVERIFY2(kb.ok(), qPrintable(kb.ok() ? QString() : kb.error()));
    QCOMPARE((*kb)->stats().documents, 5);
    auto again = ingestFolder(m_src, m_kbDir);
    QVERIFY2(again.ok(), qPrintable(again.ok() ? QString() : again.error()));
    QCOMPARE(again->documents, 305);
}

void TestKbPanel::openFailureIsReported()
{
    KnowledgeBasePanel panel;
    QSignalSpy failed(&panel, &KnowledgeBasePanel::openFailed);
    panel.openKnowledgeBase(m_dir->filePath(QStringLiteral("nowhere")));
    QTRY_COMPARE(failed.count(), 1);
    QVERIFY(!failed.at(0).at(0).toString().isEmpty());
    QVERIFY(!panel.knowledgeBase());
    QVERIFY(panel.summaryLabel()->text().contains(failed.at(0).at(0).toString().toHtmlEscaped()));
    QVERIFY(!panel.rebuildButton()->isEnabled());
}

void TestKbPanel::rebuildWithOtherIndex()
{
    KnowledgeBasePanel panel;
    openAndWait(panel);
    QVERIFY(panel.rebuildButton()->isEnabled());
    QSignalSpy finished(&panel, &KnowledgeBasePanel::ingestFinished);
    QSignalSpy changed(&panel, &KnowledgeBasePanel::knowledgeBaseChanged);
    // Same index, same files: nothing to do, and the summary says so.
    panel.indexKindCombo()->setCurrentIndex(
        panel.indexKindCombo()->findData(QStringLiteral("flat")));
    QVERIFY(panel.rebuildIndex());
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(panel.lastSummary().unchanged, 5);
    QVERIFY(panel.summaryLabel()->text().contains(QStringLiteral("Nothing changed")));
    QTRY_COMPARE(changed.count(), 1); // reopened

    panel.indexKindCombo()->setCurrentIndex(
        panel.indexKindCombo()->findData(QStringLiteral("hnsw")));
    QTest::mouseClick(panel.rebuildButton(), Qt::LeftButton);
    QTRY_COMPARE(changed.count(), 2);
    QCOMPARE(panel.knowledgeBase()->stats().indexType, QStringLiteral("hnsw"));
    QVERIFY(panel.statsView()->overviewLabel()->text().contains(QStringLiteral("hnsw")));
    QCOMPARE(panel.knowledgeBase()->stats().documents, 5);
    QVERIFY(!panel.summaryLabel()->text().contains(QStringLiteral("Nothing changed")));
}

void TestKbPanel::embedderChosenInThePanel()
{
    test::FakeEmbeddingsServer server(64);
    QVERIFY(server.start());
    EmbeddingsEndpoint endpoint;
    endpoint.url = server.baseUrl();
    endpoint.model = QStringLiteral("fake-embed");
    endpoint.dimension = 64;

    // The dialog: a server needs a URL and a model; OK says why not.
    EmbedderDialog dialog(std::nullopt);
    QVERIFY(!dialog.choice()); // hashing, as this knowledge base uses
    dialog.chooseServer(EmbeddingsEndpoint{});
    QVERIFY(!dialog.problem().isEmpty());
    dialog.chooseServer(endpoint);
    QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
    QCOMPARE(dialog.choice()->model, QStringLiteral("fake-embed"));

    KnowledgeBasePanel panel;
    openAndWait(panel);
    QVERIFY(!panel.knowledgeBase()->remoteEmbedder());
    QSignalSpy changed(&panel, &KnowledgeBasePanel::knowledgeBaseChanged);
    panel.chooseEmbedder(dialog.choice());
    QVERIFY(panel.embedderButton()->toolTip().contains(QStringLiteral("fake-embed")));
    QVERIFY(panel.rebuildIndex());
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 30000);
    QVERIFY(server.requests.load() > 0); // every chunk went through the server
    QCOMPARE(panel.knowledgeBase()->remoteEmbedder()->model, QStringLiteral("fake-embed"));
    QVERIFY(
        panel.statsView()->overviewLabel()->text().contains(QStringLiteral("openai-compatible")));
    QVERIFY(
        panel.embedderButton()->toolTip().contains(QStringLiteral("This knowledge base embeds")));

    // A later rebuild keeps the server without being told again; then back to hashing.
    const int before = server.requests.load();
    panel.indexKindCombo()->setCurrentIndex(
        panel.indexKindCombo()->findData(QStringLiteral("hnsw")));
    QVERIFY(panel.rebuildIndex());
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, 30000);
    QVERIFY(panel.knowledgeBase()->remoteEmbedder());
    QVERIFY(server.requests.load() >= before);
    panel.chooseEmbedder(std::nullopt);
    QVERIFY(panel.rebuildIndex());
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 3, 30000);
    QVERIFY(!panel.knowledgeBase()->remoteEmbedder());
    QVERIFY(panel.statsView()->overviewLabel()->text().contains(QStringLiteral("hashing")));
}

QTEST_MAIN(TestKbPanel)
#include "tst_kb_panel.moc"
