#pragma once
// How relevant the window's lookups were: a donut of PRECISE, REFERENCE and no level
// (which includes empty retrievals and legacy rows), coloured like the relevance badges,
// with a legend of counts and shares underneath (the chart's own legend elides them).

#include <QWidget>

#include <map>

class QChart;
class QChartView;
class QLabel;
class QPieSeries;

namespace raglens::ui {

class RelevanceChart : public QWidget
{
    Q_OBJECT
public:
    explicit RelevanceChart(QWidget* parent = nullptr);

    void setCounts(int precise, int reference, int none);
    /// No counts (no report yet, or one being computed): nothing is claimed about lookups.
    void clear();
    /// The chart's title as shown.
    QString title() const;

    /// The count shown for "PRECISE", "REFERENCE" or "none"; -1 for an unknown level.
    int count(const QString& level) const;
    /// The legend row of a level as shown ("PRECISE  15  56 %").
    QString legendText(const QString& level) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct LegendRow
    {
        QLabel* swatch = nullptr;
        QLabel* name = nullptr;
        QLabel* count = nullptr;
        QLabel* share = nullptr;
    };
    void rebuild();

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    QPieSeries* m_series = nullptr;
    std::map<QString, LegendRow> m_legend;
    int m_precise = 0;
    int m_reference = 0;
    int m_none = 0;
    bool m_hasCounts = false; ///< counts of a report are shown, not the cleared chart
};

} // namespace raglens::ui
