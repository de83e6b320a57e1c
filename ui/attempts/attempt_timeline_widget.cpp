#include "attempts/attempt_timeline_widget.h"

#include "common/display_format.h"

#include "common/badge_colors.h"

#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QGuiApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <cmath>

namespace raglens::ui {

namespace {

QString similarityText(const std::optional<double>& v)
{
    return v ? displayNumber(*v, 2) : QStringLiteral("–");
}

} // namespace

AttemptTimelineWidget::AttemptTimelineWidget(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void AttemptTimelineWidget::setTimeline(const AttemptTimeline& timeline)
{
    m_timeline = timeline;
    m_layout.reset();
    m_hovered = -1;
    m_current = m_timeline.selectedIndex();
    updateGeometry();
    update();
}

void AttemptTimelineWidget::clear()
{
    setTimeline(AttemptTimeline{});
}

const AttemptTimelineLayout& AttemptTimelineWidget::layout() const
{
    // Keyed by size too: a hidden widget is resized without a resize event.
    if (!m_layout || m_layoutSize != size()) {
        m_layoutSize = size();
        m_layout =
            AttemptTimelineLayout::compute(m_timeline, QSizeF(size()), QFontMetricsF(font()));
    }
    return *m_layout;
}

QVector<QRectF> AttemptTimelineWidget::barRects() const
{
    QVector<QRectF> out;
    for (const auto& lane : layout().lanes)
        out.push_back(lane.bar);
    return out;
}

QVector<QRectF> AttemptTimelineWidget::gaugeRects() const
{
    QVector<QRectF> out;
    for (const auto& lane : layout().lanes)
        out.push_back(lane.gauge);
    return out;
}

QVector<QPair<QString, QRectF>> AttemptTimelineWidget::captions() const
{
    QVector<QPair<QString, QRectF>> out;
    for (const auto& lane : layout().lanes)
        out.push_back({lane.captionText, lane.caption});
    return out;
}

std::optional<QLineF> AttemptTimelineWidget::retryArrow() const
{
    return layout().retryArrow;
}

QString AttemptTimelineWidget::retryArrowLabel() const
{
    if (!layout().retryArrow)
        return {};
    return m_timeline.fallbackReason.isEmpty() ? tr("retry") : m_timeline.fallbackReason;
}

QVector<AttemptTimelineLayout::Tick> AttemptTimelineWidget::ticks() const
{
    return layout().ticks;
}

int AttemptTimelineWidget::attemptAt(const QPointF& pos) const
{
    const auto& lanes = layout().lanes;
    for (int i = 0; i < lanes.size(); ++i) {
        const auto& lane = lanes[i];
        // The whole lane row answers, not only the (possibly 3 px wide) bar.
        const QRectF row(0, lane.bar.top() - 2, width(), AttemptTimelineLayout::kLaneHeight + 4);
        if (row.contains(pos))
            return i;
    }
    return -1;
}

QString AttemptTimelineWidget::toolTipFor(int i) const
{
    if (i < 0 || i >= int(m_timeline.attempts.size()))
        return {};
    const AttemptBar& a = m_timeline.attempts[size_t(i)];
    QString tip = QStringLiteral("<b>%1</b>").arg(a.name.toHtmlEscaped());
    if (i == m_timeline.selectedIndex())
        tip += QLatin1Char(' ') + tr("(selected)");
    tip += QStringLiteral("<br>") +
           tr("Category filter: %1")
               .arg(a.categoryFilter.isEmpty() ? tr("none") : a.categoryFilter.toHtmlEscaped());
    tip += QStringLiteral("<br>") +
           tr("Start: %1 ms, duration: %2")
               .arg(QString::number(a.startMs, 'g', 4), formatDurationMs(a.durationMs));
    tip += QStringLiteral("<br>") + tr("Candidates: %1").arg(a.candidateCount);
    tip += QStringLiteral("<br>") +
           tr("Top similarity: %1 (usable at %2 or more)")
               .arg(similarityText(a.topSimilarity), displayNumber(m_timeline.usableThreshold, 2));
    if (a.topScore)
        tip += QStringLiteral("<br>") + tr("Top score: %1").arg(displayNumber(*a.topScore, 4));
    tip += QStringLiteral("<br>") + (a.usable ? tr("Usable") : tr("Not usable"));
    if (!a.errorMessage.isEmpty())
        tip += QStringLiteral("<br>") + tr("Error: %1").arg(a.errorMessage.toHtmlEscaped());
    if (auto pair = m_timeline.retryPair(); pair && pair->first == i)
        tip += QStringLiteral("<br>") +
               tr("Retried without filter: %1").arg(m_timeline.fallbackReason.toHtmlEscaped());
    return tip;
}

QSize AttemptTimelineWidget::sizeHint() const
{
    return AttemptTimelineLayout::preferredSize(int(m_timeline.attempts.size())).toSize();
}

QSize AttemptTimelineWidget::minimumSizeHint() const
{
    const QSizeF pref = AttemptTimelineLayout::preferredSize(int(m_timeline.attempts.size()));
    return QSize(int(std::ceil(AttemptTimelineLayout::minimumWidth())), int(pref.height()));
}

void AttemptTimelineWidget::resizeEvent(QResizeEvent* event)
{
    m_layout.reset();
    QWidget::resizeEvent(event);
}

void AttemptTimelineWidget::mouseMoveEvent(QMouseEvent* event)
{
    const int hovered = attemptAt(event->position());
    if (hovered != m_hovered) {
        m_hovered = hovered;
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void AttemptTimelineWidget::mousePressEvent(QMouseEvent* event)
{
    const int i = attemptAt(event->position());
    if (i >= 0 && event->button() == Qt::LeftButton) {
        m_current = i;
        update();
        emit attemptClicked(i);
    }
    QWidget::mousePressEvent(event);
}

void AttemptTimelineWidget::keyPressEvent(QKeyEvent* event)
{
    const int count = int(m_timeline.attempts.size());
    int next = m_current;
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Left:
        next = std::max(0, m_current - 1);
        break;
    case Qt::Key_Down:
    case Qt::Key_Right:
        next = std::min(count - 1, m_current + 1);
        break;
    case Qt::Key_Home:
        next = 0;
        break;
    case Qt::Key_End:
        next = count - 1;
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    if (count == 0 || next == m_current)
        return;
    m_current = next;
    update();
    emit attemptClicked(next);
}

void AttemptTimelineWidget::leaveEvent(QEvent* event)
{
    if (m_hovered != -1) {
        m_hovered = -1;
        update();
    }
    QWidget::leaveEvent(event);
}

bool AttemptTimelineWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = attemptAt(help->pos());
        QString tip = toolTipFor(i);
        if (tip.isEmpty() && layout().retryLabel.contains(help->pos()))
            tip = tr("The filtered attempt was not usable, so the lookup retried without the "
                     "category filter: %1")
                      .arg(m_timeline.fallbackReason);
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    if (event->type() == QEvent::FontChange)
        m_layout.reset();
    return QWidget::event(event);
}

void AttemptTimelineWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paint(p, layout(), QSizeF(size()));
}

QImage AttemptTimelineWidget::renderToImage(qreal dpr) const
{
    const QSize pref = sizeHint();
    const QSize s(std::max(width(), pref.width()), pref.height());
    QImage image(s * dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(palette().color(QPalette::Base));
    QPainter p(&image);
    p.setFont(font());
    const auto l = AttemptTimelineLayout::compute(m_timeline, QSizeF(s), QFontMetricsF(font()));
    paint(p, l, QSizeF(s));
    return image;
}

bool AttemptTimelineWidget::saveImage(const QString& path) const
{
    return renderToImage(2.0).save(path, "PNG");
}

void AttemptTimelineWidget::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Copy image"), this,
                   [this] { QGuiApplication::clipboard()->setImage(renderToImage(2.0)); });
    menu.addAction(tr("Save as PNG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save attempt timeline"),
                                                          QStringLiteral("attempt-timeline.png"),
                                                          tr("PNG images (*.png)"));
        if (!path.isEmpty() && !saveImage(path))
            QMessageBox::warning(this, tr("Save attempt timeline"),
                                 tr("Could not write %1.").arg(path));
    });
    menu.exec(event->globalPos());
}

} // namespace raglens::ui
