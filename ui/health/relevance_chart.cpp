#include "health/relevance_chart.h"

#include "common/badge_colors.h"
#include "model/vocabulary.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPieSeries>
#include <QPieSlice>
#include <QVBoxLayout>

namespace raglens::ui {

static const QString kNone = QStringLiteral("none");

namespace {
struct Level
{
    QString level;
    Tone tone;
};
const Level kLevels[] = {
    {vocab::kPrecise, Tone::Good}, {vocab::kReference, Tone::Warning}, {kNone, Tone::Critical}};
} // namespace

RelevanceChart::RelevanceChart(QWidget* parent) : QWidget(parent)
{
    m_chart = new QChart();
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->hide();
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_series = new QPieSeries(m_chart);
    m_series->setHoleSize(0.45);
    m_chart->addSeries(m_series);
    m_view = new QChartView(m_chart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(240, 260);
    m_view->setMaximumHeight(340);

    auto* legend = new QGridLayout();
    legend->setContentsMargins(12, 0, 12, 8);
    legend->setColumnStretch(1, 1);
    legend->setHorizontalSpacing(14);
    legend->setVerticalSpacing(4);
    int row = 0;
    for (const Level& l : kLevels) {
        LegendRow r;
        r.swatch = new QLabel(this);
        r.swatch->setFixedSize(12, 12);
        r.name = new QLabel(l.level == kNone ? tr("no level") : l.level, this);
        r.name->setToolTip(l.level == kNone
                               ? tr("Lookups without a relevance level: empty retrievals, evidence "
                                    "under the reference bar, and legacy rows")
                               : QString());
        r.count = new QLabel(this);
        r.share = new QLabel(this);
        r.count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        r.share->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        legend->addWidget(r.swatch, row, 0);
        legend->addWidget(r.name, row, 1);
        legend->addWidget(r.count, row, 2);
        legend->addWidget(r.share, row, 3);
        m_legend[l.level] = r;
        ++row;
    }

    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(0);
    box->addWidget(m_view);
    box->addLayout(legend);
    box->addStretch(1);
    rebuild();
}

void RelevanceChart::setCounts(int precise, int reference, int none)
{
    m_precise = precise;
    m_reference = reference;
    m_none = none;
    m_hasCounts = true;
    rebuild();
}

void RelevanceChart::clear()
{
    m_precise = m_reference = m_none = 0;
    m_hasCounts = false;
    rebuild();
}

QString RelevanceChart::title() const
{
    return m_chart->title();
}

int RelevanceChart::count(const QString& level) const
{
    if (level == vocab::kPrecise)
        return m_precise;
    if (level == vocab::kReference)
        return m_reference;
    if (level == kNone)
        return m_none;
    return -1;
}

QString RelevanceChart::legendText(const QString& level) const
{
    auto it = m_legend.find(level);
    if (it == m_legend.end())
        return {};
    return QStringLiteral("%1  %2  %3")
        .arg(it->second.name->text(), it->second.count->text(), it->second.share->text());
}

void RelevanceChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        rebuild();
}

void RelevanceChart::rebuild()
{
    const QPalette pal = palette();
    const bool dark = isDarkPalette(pal);
    m_chart->setBackgroundBrush(pal.color(QPalette::Window));
    m_chart->setTitleBrush(pal.color(QPalette::WindowText));
    m_series->clear();
    const int total = m_precise + m_reference + m_none;
    // "No lookups" only for a report that found none, never while one is computed.
    m_chart->setTitle(!m_hasCounts ? tr("Relevance of the window's lookups")
                      : total      ? tr("Relevance of %n lookups", nullptr, total)
                                   : tr("No lookups in this window"));
    const QLocale locale;
    for (const Level& l : kLevels) {
        const int n = count(l.level);
        // Badge backgrounds are pale so text stays readable; a slice needs a saturated shade
        // of the same hue to stand out from the background.
        const QColor colour =
            QColor::fromHsv(badgeBackground(l.tone, pal).hsvHue(), 150, dark ? 190 : 215);
        if (n > 0) {
            auto* slice = m_series->append(l.level, n);
            slice->setBrush(colour);
            slice->setBorderColor(pal.color(QPalette::Window));
            slice->setLabelVisible(false);
        }
        LegendRow& row = m_legend.at(l.level);
        row.swatch->setStyleSheet(
            QStringLiteral("background:%1;border-radius:2px;").arg(colour.name()));
        row.count->setText(total ? locale.toString(n) : tr("–"));
        row.share->setText(total ? tr("%1 %").arg(locale.toString(100.0 * n / total, 'f', 0))
                                 : QString());
    }
}

} // namespace raglens::ui
