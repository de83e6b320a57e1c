#include "kb/kb_stats_view.h"

#include "common/display_format.h"
#include "common/read_only_table.h"

#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

namespace raglens::ui {

QString displaySize(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

static QTableWidget* table(const QStringList& headers, QWidget* parent)
{
    QTableWidget* t = readOnlyTable(headers, parent);
    t->setSortingEnabled(true);
    return t;
}

static QTableWidgetItem* numberItem(double v, int decimals = 0)
{
    auto* item = new QTableWidgetItem;
    // Sorting by number, not by text.
    item->setData(Qt::DisplayRole, decimals == 0 ? QVariant(qlonglong(v)) : QVariant(v));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

KbStatsView::KbStatsView(QWidget* parent) : QWidget(parent)
{
    m_overview = new QLabel(this);
    m_overview->setObjectName(QStringLiteral("kbOverviewLabel"));
    m_overview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_overview->setWordWrap(true);
    m_categories = table({tr("Category"), tr("Documents"), tr("Chunks"), tr("Aliases")}, this);
    m_categories->setObjectName(QStringLiteral("kbCategoriesTable"));
    m_thresholds = table({tr("Setting"), tr("Value")}, this);
    m_thresholds->setObjectName(QStringLiteral("kbThresholdsTable"));
    m_thresholds->setSortingEnabled(false);

    m_thresholds->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_thresholds->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);

    auto boxed = [this](const QString& title, QWidget* body) {
        auto* box = new QWidget(this);
        auto* l = new QVBoxLayout(box);
        l->setContentsMargins(0, 0, 0, 0);
        l->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(title), box));
        l->addWidget(body, 1);
        return box;
    };
    auto* tables = new QHBoxLayout;
    tables->addWidget(boxed(tr("Chunks per category"), m_categories), 3);
    tables->addWidget(boxed(tr("Thresholds stored with the knowledge base"), m_thresholds), 2);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_overview);
    layout->addLayout(tables, 1);
    clear();
}

void KbStatsView::clear()
{
    m_overview->setText(tr("No knowledge base is open."));
    m_categories->setRowCount(0);
    m_thresholds->setRowCount(0);
}

void KbStatsView::setStats(const KbStats& s, const QString& directory)
{
    m_overview->setText(
        tr("<b>%1</b><br>%2 documents, %3 chunks in %4 categories<br>Index: %5, dimension %6, "
           "embedder %7<br>Size on disk: %8 — built %9")
            .arg(QDir::toNativeSeparators(directory).toHtmlEscaped())
            .arg(s.documents)
            .arg(s.chunks)
            .arg(s.categories.size())
            .arg(s.indexType.toHtmlEscaped())
            .arg(s.dimension)
            .arg(s.embedder.toHtmlEscaped(), displaySize(s.sizeOnDisk),
                 s.builtAt.isValid() ? displayTime(s.builtAt) : tr("unknown")));

    m_categories->setSortingEnabled(false);
    m_categories->setRowCount(int(s.categories.size()));
    for (int r = 0; r < int(s.categories.size()); ++r) {
        const KbCategoryStats& c = s.categories[size_t(r)];
        auto* name = new QTableWidgetItem(c.name);
        name->setToolTip(c.description);
        m_categories->setItem(r, CategoryNameColumn, name);
        m_categories->setItem(r, CategoryDocumentsColumn, numberItem(c.documents));
        m_categories->setItem(r, CategoryChunksColumn, numberItem(c.chunks));
        auto* aliases = new QTableWidgetItem(c.aliases.join(QStringLiteral(", ")));
        aliases->setToolTip(aliases->text());
        m_categories->setItem(r, CategoryAliasesColumn, aliases);
    }
    m_categories->setSortingEnabled(true);
    m_categories->sortByColumn(CategoryChunksColumn, Qt::DescendingOrder);
    m_categories->resizeColumnsToContents();

    const LookupSettings& t = s.settings;
    const QLocale locale; // "25,000" in English, "25.000" in German, as everywhere else
    const std::pair<QString, QString> rows[] = {
        {tr("Search mode"), t.searchMode},
        {tr("Top-k"), locale.toString(t.topK)},
        {tr("Candidate pool per attempt"), locale.toString(t.candidatePoolSize)},
        {tr("Min usable quality (retry below)"), locale.toString(t.minUsableQuality, 'f', 2)},
        {tr("Min evidence quality (drop below)"), locale.toString(t.minEvidenceQuality, 'f', 2)},
        {tr("PRECISE at or above"), locale.toString(t.preciseQuality, 'f', 2)},
        {tr("REFERENCE at or above"), locale.toString(t.referenceQuality, 'f', 2)},
        {tr("L0 domain confidence"), locale.toString(t.domainConfidence, 'f', 2)},
        {tr("Hybrid dense weight"), locale.toString(t.hybridDenseWeight, 'f', 2)},
        {tr("Near-duplicate similarity"), locale.toString(t.nearDuplicateSimilarity, 'f', 2)},
        {tr("Context budget (characters)"), locale.toString(t.contextBudgetChars)},
        {tr("Agent excerpt (characters)"), locale.toString(t.excerptChars)},
        {tr("Automatic category from L0"), t.autoCategory ? tr("yes") : tr("no")},
    };
    m_thresholds->setRowCount(int(std::size(rows)));
    int r = 0;
    for (const auto& [name, value] : rows) {
        m_thresholds->setItem(r, 0, new QTableWidgetItem(name));
        m_thresholds->setItem(r, 1, new QTableWidgetItem(value));
        ++r;
    }
}

} // namespace raglens::ui
