#include "invocation/badge_label.h"

#include <QPainter>

namespace raglens::ui {

BadgeLabel::BadgeLabel(QWidget* parent) : QLabel(parent)
{
    // The padding the badge draws its rounded background into.
    setContentsMargins(6, 1, 6, 1);
}

void BadgeLabel::setBadge(const QString& text, Tone tone)
{
    setText(text);
    m_tone = tone;
    update();
}

void BadgeLabel::paintEvent(QPaintEvent*)
{
    // Colours come from the palette at paint time, never cached: a theme switch repaints.
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(badgeBackground(m_tone, palette()));
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    painter.setPen(badgeForeground(m_tone, palette()));
    painter.setFont(font());
    painter.drawText(contentsRect(), int(alignment() | Qt::AlignVCenter), text());
}

} // namespace raglens::ui
