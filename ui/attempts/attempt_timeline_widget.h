#pragma once
// The attempt ladder of one lookup, painted: one bar per attempt on a time axis (ticks in
// ms), its name and category filter on the left, duration and candidate count beside the
// bar, its top similarity on a small gauge against the usable threshold on the right, and an
// arrow from a failed filtered attempt to its retry labelled with the fallback reason.

#include "attempts/attempt_timeline_data.h"
#include "attempts/attempt_timeline_layout.h"

#include <QImage>
#include <QWidget>

#include <optional>

namespace raglens::ui {

class AttemptTimelineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit AttemptTimelineWidget(QWidget* parent = nullptr);

    void setTimeline(const AttemptTimeline& timeline);
    void clear();
    const AttemptTimeline& timeline() const { return m_timeline; }

    /// Geometry at the current size, for tests and hit-testing.
    QVector<QRectF> barRects() const;
    QVector<QRectF> gaugeRects() const;
    /// Each lane's caption ("< 1 ms · candidates: 20") and where it is drawn.
    QVector<QPair<QString, QRectF>> captions() const;
    std::optional<QLineF> retryArrow() const;
    /// Text drawn next to the retry arrow (the fallback reason), empty without an arrow.
    QString retryArrowLabel() const;
    QVector<AttemptTimelineLayout::Tick> ticks() const;
    int attemptAt(const QPointF& pos) const;
    int hoveredAttempt() const { return m_hovered; }
    /// The lane with keyboard focus (Up/Down move it, like a list), -1 when none.
    int currentAttempt() const { return m_current; }
    QString toolTipFor(int attempt) const;

    /// The timeline rendered at its preferred size (or the current one if larger), for PNG
    /// export and documentation.
    QImage renderToImage(qreal devicePixelRatio = 1.0) const;
    /// Writes renderToImage() at 2x as PNG; false (and nothing written) on failure.
    bool saveImage(const QString& path) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void attemptClicked(int attempt);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    const AttemptTimelineLayout& layout() const;
    struct Ink;
    void paint(QPainter& painter, const AttemptTimelineLayout& layout, const QSizeF& size) const;
    void paintAxis(QPainter& p, const AttemptTimelineLayout& l, const QSizeF& size,
                   const Ink& ink) const;
    void paintLane(QPainter& p, const AttemptTimelineLayout::Lane& lane, int index,
                   const QSizeF& size, const Ink& ink) const;
    void paintBar(QPainter& p, const AttemptTimelineLayout::Lane& lane, const AttemptBar& attempt,
                  bool selected, const Ink& ink) const;
    void paintGauge(QPainter& p, const AttemptTimelineLayout::Lane& lane, const AttemptBar& attempt,
                    const Ink& ink) const;
    void paintRetryArrow(QPainter& p, const AttemptTimelineLayout& l, const Ink& ink) const;

    AttemptTimeline m_timeline;
    mutable std::optional<AttemptTimelineLayout> m_layout; ///< for m_layoutSize
    mutable QSize m_layoutSize;
    int m_hovered = -1;
    int m_current = -1;
};

} // namespace raglens::ui
