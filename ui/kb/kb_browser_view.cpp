#include "kb/kb_browser_view.h"

#include "common/background_pool.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace raglens::ui {

namespace {

// A placeholder child makes a document expandable before its chunks are read.
constexpr int kPlaceholderRole = Qt::UserRole + 2;

QTreeWidgetItem* chunkItem(const KbChunk& c)
{
    auto* item = new QTreeWidgetItem;
    item->setText(KbBrowserView::KeyColumn, c.evidenceKey);
    item->setText(KbBrowserView::CategoryColumn, c.category);
    item->setText(KbBrowserView::TitleColumn, c.heading);
    item->setText(KbBrowserView::ChunksColumn, QLocale().toString(c.content.size()));
    item->setData(KbBrowserView::KeyColumn, KbBrowserView::KeyRole, c.evidenceKey);
    item->setToolTip(KbBrowserView::KeyColumn, c.content.left(400));
    return item;
}

} // namespace

KbBrowserView::KbBrowserView(QWidget* parent) : QWidget(parent)
{
    m_documents = new QTreeWidget(this);
    m_documents->setObjectName(QStringLiteral("kbDocumentsTree"));
    m_documents->setColumnCount(ColumnCount);
    m_documents->setHeaderLabels(
        {tr("Document / chunk"), tr("Category"), tr("Title / heading"), tr("Chunks / chars")});
    m_documents->setUniformRowHeights(true);
    m_documents->setSortingEnabled(true);
    m_documents->sortByColumn(KeyColumn, Qt::AscendingOrder);

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("kbSearchEdit"));
    m_search->setPlaceholderText(tr("Search chunk text (case-insensitive), press Enter"));
    m_search->setClearButtonEnabled(true);
    m_searchStatus = new QLabel(this);
    m_results = new QTreeWidget(this);
    m_results->setObjectName(QStringLiteral("kbSearchResults"));
    m_results->setColumnCount(ColumnCount);
    m_results->setHeaderLabels({tr("Evidence key"), tr("Category"), tr("Heading"), tr("Chars")});
    m_results->setRootIsDecorated(false);
    m_results->setUniformRowHeights(true);

    auto* searchPage = new QWidget(this);
    auto* searchLayout = new QVBoxLayout(searchPage);
    searchLayout->setContentsMargins(0, 0, 0, 0);
    searchLayout->addWidget(m_search);
    searchLayout->addWidget(m_searchStatus);
    searchLayout->addWidget(m_results, 1);

    auto* tabs = new QTabWidget(this);
    tabs->addTab(m_documents, tr("Documents"));
    tabs->addTab(searchPage, tr("Search chunks"));

    m_chunkTitle = new QLabel(this);
    m_chunkTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_chunk = new QPlainTextEdit(this);
    m_chunk->setObjectName(QStringLiteral("kbChunkText"));
    m_chunk->setReadOnly(true);
    auto* chunkPage = new QWidget(this);
    auto* chunkLayout = new QVBoxLayout(chunkPage);
    chunkLayout->setContentsMargins(0, 0, 0, 0);
    chunkLayout->addWidget(m_chunkTitle);
    chunkLayout->addWidget(m_chunk, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(tabs);
    split->addWidget(chunkPage);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    m_searchWatcher = new QFutureWatcher<std::vector<KbChunk>>(this);
    connect(m_searchWatcher, &QFutureWatcherBase::finished, this, &KbBrowserView::onSearchDone);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { search(m_search->text()); });
    connect(m_documents, &QTreeWidget::itemExpanded, this, &KbBrowserView::loadChunks);
    connect(m_documents, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem* item) { showChunk(item); });
    connect(m_results, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem* item) { showChunk(item); });
}

KbBrowserView::~KbBrowserView()
{
    m_searchWatcher->disconnect(this);
    m_searchWatcher->waitForFinished();
}

void KbBrowserView::clear()
{
    m_kb.reset();
    m_documents->clear();
    m_results->clear();
    m_chunk->clear();
    m_chunkTitle->clear();
    m_searchStatus->clear();
}

void KbBrowserView::setKnowledgeBase(std::shared_ptr<KnowledgeBase> kb,
                                     const std::vector<KbDocument>& docs)
{
    clear();
    m_kb = std::move(kb);
    if (!m_kb)
        return;
    m_documents->setSortingEnabled(false);
    QList<QTreeWidgetItem*> items;
    items.reserve(qsizetype(docs.size()));
    for (const KbDocument& d : docs) {
        auto* item = new QTreeWidgetItem;
        item->setText(KeyColumn, d.source);
        item->setText(CategoryColumn, d.category);
        item->setText(TitleColumn, d.title);
        item->setData(ChunksColumn, Qt::DisplayRole, d.chunks);
        item->setData(KeyColumn, KeyRole, d.source);
        item->setToolTip(KeyColumn, d.path);
        auto* placeholder = new QTreeWidgetItem(item);
        placeholder->setData(KeyColumn, kPlaceholderRole, true);
        items << item;
    }
    m_documents->addTopLevelItems(items);
    m_documents->setSortingEnabled(true);
    m_documents->resizeColumnToContents(KeyColumn);
}

void KbBrowserView::loadChunks(QTreeWidgetItem* doc)
{
    if (!m_kb || !doc || doc->parent() || doc->childCount() != 1 ||
        !doc->child(0)->data(KeyColumn, kPlaceholderRole).toBool())
        return;
    delete doc->takeChild(0);
    // One document's chunks: a handful of rows, read straight from memory.
    QList<QTreeWidgetItem*> chunks;
    for (const KbChunk& c : m_kb->chunksOf(doc->data(KeyColumn, KeyRole).toString()))
        chunks << chunkItem(c);
    doc->addChildren(chunks);
}

void KbBrowserView::showChunk(QTreeWidgetItem* item)
{
    if (!m_kb || !item)
        return;
    const QString key = item->data(KeyColumn, KeyRole).toString();
    if (!item->parent() && item->treeWidget() == m_documents) {
        m_chunkTitle->setText(
            tr("<b>%1</b> — %2").arg(key.toHtmlEscaped(), item->text(TitleColumn).toHtmlEscaped()));
        m_chunk->setPlainText(tr("%1 chunks. Expand the document to see them.\nFile: %2")
                                  .arg(item->text(ChunksColumn), item->toolTip(KeyColumn)));
        return;
    }
    const std::optional<KbChunk> c = m_kb->chunk(key);
    if (!c) {
        m_chunkTitle->setText(key.toHtmlEscaped());
        m_chunk->setPlainText(tr("This chunk is not in the knowledge base any more."));
        return;
    }
    m_chunkTitle->setText(tr("<b>%1</b> — %2 (%3)")
                              .arg(c->evidenceKey.toHtmlEscaped(), c->heading.toHtmlEscaped(),
                                   c->category.toHtmlEscaped()));
    m_chunk->setPlainText(c->content);
}

bool KbBrowserView::isSearching() const
{
    return m_searchWatcher->isRunning();
}

void KbBrowserView::search(const QString& text)
{
    if (!m_kb)
        return;
    m_searchText = text.trimmed();
    if (m_searchText.isEmpty()) {
        m_results->clear();
        m_searchStatus->clear();
        return;
    }
    if (isSearching())
        return; // the running search reports; the user presses Enter again
    m_searchStatus->setText(tr("Searching…"));
    std::shared_ptr<const KnowledgeBase> kb = m_kb;
    const QString needle = m_searchText;
    m_searchWatcher->setFuture(QtConcurrent::run(
        backgroundPool(), [kb, needle] { return kb->searchChunks(needle, kSearchLimit); }));
}

void KbBrowserView::onSearchDone()
{
    const std::vector<KbChunk> hits = m_searchWatcher->future().result();
    m_results->clear();
    QList<QTreeWidgetItem*> items;
    for (const KbChunk& c : hits)
        items << chunkItem(c);
    m_results->addTopLevelItems(items);
    m_results->resizeColumnToContents(KeyColumn);
    m_searchStatus->setText(
        int(hits.size()) >= kSearchLimit
            ? tr("First %1 chunks containing \"%2\".").arg(kSearchLimit).arg(m_searchText)
            : tr("%n chunk(s) contain \"%1\".", nullptr, int(hits.size())).arg(m_searchText));
    emit searchFinished(int(hits.size()));
}

} // namespace raglens::ui
