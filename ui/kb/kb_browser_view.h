#pragma once
// Browsing a knowledge base: documents with their chunks (loaded when a document is
// expanded), a case-insensitive chunk search run on a worker thread, and the selected
// chunk's heading and text.

#include "kb/knowledge_base.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <vector>

class QLineEdit;
class QPlainTextEdit;
class QTreeWidget;
class QTreeWidgetItem;
class QLabel;

namespace raglens::ui {

class KbBrowserView : public QWidget
{
    Q_OBJECT
public:
    enum Column
    {
        KeyColumn,
        CategoryColumn,
        TitleColumn,
        ChunksColumn,
        ColumnCount
    };
    static constexpr int kSearchLimit = 500;
    /// Item data role: the evidence key of a chunk row, the source of a document row.
    static constexpr int KeyRole = Qt::UserRole + 1;

    explicit KbBrowserView(QWidget* parent = nullptr);
    ~KbBrowserView() override;

    void setKnowledgeBase(std::shared_ptr<KnowledgeBase> kb, const std::vector<KbDocument>& docs);
    void clear();

    /// Runs a chunk search (asynchronous; searchFinished() when done).
    void search(const QString& text);
    bool isSearching() const;

    QTreeWidget* documentsTree() const { return m_documents; }
    QTreeWidget* searchResults() const { return m_results; }
    QLineEdit* searchEdit() const { return m_search; }
    QPlainTextEdit* chunkText() const { return m_chunk; }

signals:
    void searchFinished(int hits);

private:
    void loadChunks(QTreeWidgetItem* documentItem);
    void showChunk(QTreeWidgetItem* item);
    void onSearchDone();

    std::shared_ptr<KnowledgeBase> m_kb;
    QTreeWidget* m_documents = nullptr;
    QLineEdit* m_search = nullptr;
    QLabel* m_searchStatus = nullptr;
    QTreeWidget* m_results = nullptr;
    QLabel* m_chunkTitle = nullptr;
    QPlainTextEdit* m_chunk = nullptr;
    QFutureWatcher<std::vector<KbChunk>>* m_searchWatcher = nullptr;
    QString m_searchText;
};

} // namespace raglens::ui
