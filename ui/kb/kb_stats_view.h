#pragma once
// The statistics of a knowledge base: documents, chunks, index type and dimension,
// embedder, size on disk and build time; chunks per category; the stored thresholds.

#include "kb/knowledge_base.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace raglens::ui {

class KbStatsView : public QWidget
{
    Q_OBJECT
public:
    enum CategoryColumn
    {
        CategoryNameColumn,
        CategoryDocumentsColumn,
        CategoryChunksColumn,
        CategoryAliasesColumn,
        CategoryColumnCount
    };

    explicit KbStatsView(QWidget* parent = nullptr);

    void setStats(const KbStats& stats, const QString& directory);
    void clear();

    QLabel* overviewLabel() const { return m_overview; }
    QTableWidget* categoriesTable() const { return m_categories; }
    QTableWidget* thresholdsTable() const { return m_thresholds; }

private:
    QLabel* m_overview = nullptr;
    QTableWidget* m_categories = nullptr;
    QTableWidget* m_thresholds = nullptr;
};

/// "12.3 MiB", "850 KiB", "512 B".
QString displaySize(qint64 bytes);

} // namespace raglens::ui
