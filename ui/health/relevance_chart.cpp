#include "health/relevance_chart.h"

#include "common/badge_colors.h"
#include "model/vocabulary.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLocale>
#include <QPieSeries>
#include <QPieSlice>
#include <QVBoxLayout>

namespace raglens::ui {

static const QString kNone = QStringLiteral("none");

RelevanceChart::RelevanceChart(QWidget* parent) : QWidget(parent)
{
    m_chart = new QChart();
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_series = new QPieSeries(m_chart);
    m_series->setHoleSize(0.4);
    m_chart->addSeries(m_series);
    m_view = new QChartView(m_chart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(260, 200);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_view);
    rebuild();
}

void RelevanceChart::setCounts(int precise, int reference, int none)
{
    m_precise = precise;
    m_reference = reference;
    m_none = none;
    rebuild();
}

void RelevanceChart::clear()
{
    setCounts(0, 0, 0);
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

QString RelevanceChart::sliceLabel(const QString& level) const
{
    for (QPieSlice* slice : m_series->slices())
        if (slice->property("level").toString() == level)
            return slice->label();
    return {};
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
    m_chart->setBackgroundBrush(pal.color(QPalette::Base));
    m_chart->setTitleBrush(pal.color(QPalette::Text));
    m_chart->legend()->setLabelColor(pal.color(QPalette::Text));
    m_series->clear();
    const int total = m_precise + m_reference + m_none;
    m_chart->setTitle(total ? tr("Relevance of %n lookups", nullptr, total)
                            : tr("No lookups in this window"));
    const QLocale locale;
    const struct
    {
        QString level;
        QString name;
        int count;
        Tone tone;
    } parts[] = {{vocab::kPrecise, tr("PRECISE"), m_precise, Tone::Good},
                 {vocab::kReference, tr("REFERENCE"), m_reference, Tone::Warning},
                 {kNone, tr("none"), m_none, Tone::Critical}};
    for (const auto& p : parts) {
        const double share = total ? 100.0 * p.count / total : 0.0;
        auto* slice = m_series->append(
            tr("%1: %2 (%3 %)")
                .arg(p.name, locale.toString(p.count), locale.toString(share, 'f', 0)),
            p.count);
        slice->setProperty("level", p.level);
        // Badge backgrounds are pale for text; a slice needs a stronger shade of the same hue.
        const QColor colour = badgeBackground(p.tone, pal);
        slice->setBrush(dark ? colour.lighter(140) : colour.darker(125));
        slice->setBorderColor(pal.color(QPalette::Base));
        slice->setLabelVisible(false);
    }
}

} // namespace raglens::ui
