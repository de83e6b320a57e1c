#include "run/run_gantt_widget.h"

#include "common/display_format.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <cmath>

namespace raglens::ui {

namespace {
constexpr int kAxisHeight = 26;
constexpr int kLaneHeight = 24;
constexpr int kRightMargin = 16;
// Audit rows round durations to whole milliseconds, so many calls last "0 ms": they are
// drawn as bars wide enough to show their status colour, never as bare dots.
constexpr int kMinBarWidth = 8;
} // namespace

RunGanttWidget::RunGanttWidget(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void RunGanttWidget::setLayoutData(GanttLayout layout)
{
    m_layout = std::move(layout);
    updateGeometry();
    update();
}

void RunGanttWidget::clear()
{
    setLayoutData({});
}

void RunGanttWidget::setCurrent(GanttItem::Type type, qint64 id)
{
    m_currentType = type;
    m_currentId = id;
    update();
}

QSize RunGanttWidget::sizeHint() const
{
    return {600, kAxisHeight + qMax(1, m_layout.laneCount) * kLaneHeight + 8};
}

QSize RunGanttWidget::minimumSizeHint() const
{
    return {labelWidth() + 200, sizeHint().height()};
}

int RunGanttWidget::labelWidth() const
{
    return qBound(120, width() / 4, 220);
}

int RunGanttWidget::laneTop(int lane) const
{
    return kAxisHeight + lane * kLaneHeight;
}

double RunGanttWidget::xOf(qint64 ms) const
{
    const double plot = qMax(10, width() - labelWidth() - kRightMargin);
    return labelWidth() + plot * double(ms) / double(qMax<qint64>(1, m_layout.spanMs));
}

QRectF RunGanttWidget::itemRect(const GanttItem& item) const
{
    const int top = laneTop(item.lane);
    if (item.type == GanttItem::Type::Event) {
        const double x = xOf(item.startMs);
        return {x - 5, top + 7.0, 10, 10};
    }
    const double x0 = xOf(item.startMs);
    const double x1 = qMax(x0 + kMinBarWidth, xOf(item.endMs));
    const double inset = item.type == GanttItem::Type::Step ? 4 : 6;
    return {x0, top + inset, x1 - x0, kLaneHeight - 2 * inset};
}

const GanttItem* RunGanttWidget::itemAt(const QPoint& pos) const
{
    for (const GanttItem& item : m_layout.items) {
        if (item.hasTime && itemRect(item).adjusted(-2, -2, 2, 2).contains(pos))
            return &item;
    }
    // A click on a lane label means that lane's item.
    if (pos.x() < labelWidth()) {
        const int lane = (pos.y() - kAxisHeight) / kLaneHeight;
        for (const GanttItem& item : m_layout.items) {
            if (item.lane == lane && item.type != GanttItem::Type::Event && pos.y() >= kAxisHeight)
                return &item;
        }
    }
    return nullptr;
}

void RunGanttWidget::mousePressEvent(QMouseEvent* event)
{
    if (const GanttItem* item = itemAt(event->position().toPoint())) {
        setCurrent(item->type, item->id);
        emit itemActivated(item->type, item->id);
    }
    QWidget::mousePressEvent(event);
}

void RunGanttWidget::keyPressEvent(QKeyEvent* event)
{
    // Up/Down walk the steps and invocations lane by lane, selecting them in the tree too.
    const int step = event->key() == Qt::Key_Down ? 1 : event->key() == Qt::Key_Up ? -1 : 0;
    if (step == 0 || m_layout.items.empty()) {
        QWidget::keyPressEvent(event);
        return;
    }
    std::vector<const GanttItem*> walkable;
    for (const GanttItem& item : m_layout.items) {
        if (item.type != GanttItem::Type::Event)
            walkable.push_back(&item);
    }
    if (walkable.empty())
        return;
    int current = -1;
    for (int i = 0; i < int(walkable.size()); ++i) {
        if (walkable[size_t(i)]->type == m_currentType && walkable[size_t(i)]->id == m_currentId)
            current = i;
    }
    const int next = qBound(0, current < 0 ? 0 : current + step, int(walkable.size()) - 1);
    const GanttItem* item = walkable[size_t(next)];
    setCurrent(item->type, item->id);
    emit itemActivated(item->type, item->id);
}

bool RunGanttWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const GanttItem* item = itemAt(help->pos()))
            QToolTip::showText(help->globalPos(), item->toolTip, this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void RunGanttWidget::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    paintTo(painter);
}

QImage RunGanttWidget::renderImage() const
{
    QImage image(size() * devicePixelRatioF(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatioF());
    QPainter painter(&image);
    paintTo(painter);
    return image;
}

void RunGanttWidget::paintTo(QPainter& painter) const
{
    const QPalette pal = palette();
    painter.fillRect(rect(), pal.color(QPalette::Base));
    painter.setRenderHint(QPainter::Antialiasing);
    if (m_layout.laneCount == 0) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter,
                         tr("Select a run to see its steps on a time axis"));
        return;
    }
    paintLanes(painter);
    paintAxis(painter);
    for (const GanttItem& item : m_layout.items)
        paintItem(painter, item);
}

void RunGanttWidget::paintLanes(QPainter& painter) const
{
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    // Alternate lane backgrounds and labels.
    for (int lane = 0; lane < m_layout.laneCount; ++lane) {
        const QRect laneRect(0, laneTop(lane), width(), kLaneHeight);
        if (lane % 2 == 1)
            painter.fillRect(laneRect, pal.color(QPalette::AlternateBase));
        const bool nested =
            std::any_of(m_layout.items.begin(), m_layout.items.end(),
                        [&](const GanttItem& i) { return i.lane == lane && i.depth > 0; });
        const int indent = nested ? 18 : 6;
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRect(indent, laneRect.top(), labelWidth() - indent - 4, kLaneHeight),
                         Qt::AlignVCenter | Qt::AlignLeft | Qt::TextDontClip,
                         fm.elidedText(m_layout.laneLabels[size_t(lane)], Qt::ElideRight,
                                       labelWidth() - indent - 4));
    }
}

void RunGanttWidget::paintAxis(QPainter& painter) const
{
    const QPalette pal = palette();
    // Time axis: about one tick per 90 px, on a round step.
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawLine(labelWidth(), kAxisHeight - 1, width() - kRightMargin, kAxisHeight - 1);
    const QFontMetricsF metrics(painter.font());
    const auto ticks =
        axisTicks(m_layout.spanMs, labelWidth(), width() - kRightMargin, width(),
                  [&metrics](const QString& text) { return metrics.horizontalAdvance(text); });
    for (const AxisTick& tick : ticks) {
        painter.setPen(pal.color(QPalette::Mid));
        painter.drawLine(QPointF(tick.x, kAxisHeight - 5), QPointF(tick.x, height()));
        if (!tick.labelLeft)
            continue;
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QPointF(*tick.labelLeft, kAxisHeight - 8), tick.label);
    }
}

void RunGanttWidget::paintItem(QPainter& painter, const GanttItem& item) const
{
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    if (!item.hasTime)
        return;
    const QRectF r = itemRect(item);
    const bool current = m_currentId != 0 && item.id == m_currentId && item.type == m_currentType;
    // A failed call is filled with the strong critical colour: it must be seen at 8 px.
    const QColor fill = item.type == GanttItem::Type::Step ? pal.color(QPalette::Button)
                        : item.failed                      ? badgeForeground(Tone::Critical, pal)
                                                           : badgeBackground(item.tone, pal);
    QColor border = item.type == GanttItem::Type::Step ? pal.color(QPalette::Dark)
                                                       : badgeForeground(item.tone, pal);
    if (current)
        border = pal.color(QPalette::Highlight);
    // A failed call keeps a strong red outline, so it stands out on the run's timeline.
    painter.setPen(QPen(border, current ? 2.5 : item.failed ? 2 : 1));
    painter.setBrush(fill);
    if (item.type == GanttItem::Type::Event) {
        QPainterPath diamond;
        diamond.moveTo(r.center().x(), r.top());
        diamond.lineTo(r.right(), r.center().y());
        diamond.lineTo(r.center().x(), r.bottom());
        diamond.lineTo(r.left(), r.center().y());
        diamond.closeSubpath();
        painter.drawPath(diamond);
        return;
    }
    const double radius = qMin(3.0, r.width() / 4);
    painter.drawRoundedRect(r, radius, radius);
    // The label goes inside the bar when it fits, else just right of it.
    const int inside = int(r.width()) - 6;
    if (fm.horizontalAdvance(item.label) <= inside || inside > 60) {
        painter.setPen(item.type == GanttItem::Type::Step ? pal.color(QPalette::ButtonText)
                                                          : badgeForeground(item.tone, pal));
        painter.drawText(r.adjusted(3, 0, -3, 0),
                         Qt::AlignVCenter | Qt::AlignLeft | Qt::TextDontClip,
                         fm.elidedText(item.label, Qt::ElideRight, inside));
    } else {
        const int room = width() - kRightMargin - int(r.right()) - 4;
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRectF(r.right() + 4, r.top(), qMax(0, room), r.height()),
                         Qt::AlignVCenter | Qt::AlignLeft | Qt::TextDontClip,
                         fm.elidedText(item.label, Qt::ElideRight, qMax(0, room)));
    }
}

} // namespace raglens::ui
