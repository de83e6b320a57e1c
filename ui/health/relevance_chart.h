#pragma once
// How relevant the window's lookups were: a donut of PRECISE, REFERENCE and no level
// (which includes empty retrievals and legacy rows), coloured like the relevance badges.

#include <QWidget>

class QChart;
class QChartView;
class QPieSeries;

namespace raglens::ui {

class RelevanceChart : public QWidget
{
    Q_OBJECT
public:
    explicit RelevanceChart(QWidget* parent = nullptr);

    void setCounts(int precise, int reference, int none);
    void clear();

    /// The count shown for "PRECISE", "REFERENCE" or "none"; -1 for an unknown level.
    int count(const QString& level) const;
    /// A slice's label as shown on the chart.
    QString sliceLabel(const QString& level) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    QPieSeries* m_series = nullptr;
    int m_precise = 0;
    int m_reference = 0;
    int m_none = 0;
};

} // namespace raglens::ui
