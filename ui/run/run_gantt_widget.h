#pragma once
// Paints a GanttLayout: lane labels on the left, a time axis on top, event markers, step
// bars and the invocation bars nested under them (coloured by evidence status). Clicking
// an item reports it so the session tree can select the same thing.

#include "run/run_gantt_layout.h"

#include <QWidget>

namespace raglens::ui {

class RunGanttWidget : public QWidget
{
    Q_OBJECT
public:
    explicit RunGanttWidget(QWidget* parent = nullptr);

    void setLayoutData(GanttLayout layout);
    const GanttLayout& layoutData() const { return m_layout; }
    void clear();
    /// Highlights one item (e.g. the one selected in the tree); id 0 clears.
    void setCurrent(GanttItem::Type type, qint64 id);
    GanttItem::Type currentType() const { return m_currentType; }
    qint64 currentId() const { return m_currentId; }
    /// The rectangle an item is painted in (for tests and tooltips).
    QRectF itemRect(const GanttItem& item) const;
    QImage renderImage() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void itemActivated(raglens::ui::GanttItem::Type type, qint64 id);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    void paintTo(QPainter& painter) const;
    /// Alternate lane backgrounds and the lanes' labels.
    void paintLanes(QPainter& painter) const;
    /// The time axis: about one tick per 90 px, on a round step.
    void paintAxis(QPainter& painter) const;
    void paintItem(QPainter& painter, const GanttItem& item) const;
    const GanttItem* itemAt(const QPoint& pos) const;
    double xOf(qint64 ms) const;
    int laneTop(int lane) const;
    int labelWidth() const;

    GanttLayout m_layout;
    GanttItem::Type m_currentType = GanttItem::Type::Step;
    qint64 m_currentId = 0;
};

} // namespace raglens::ui
