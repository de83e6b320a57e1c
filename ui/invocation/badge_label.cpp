#include "invocation/badge_label.h"

#include <QEvent>

namespace raglens::ui {

BadgeLabel::BadgeLabel(QWidget* parent) : QLabel(parent)
{
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    applyColours();
}

void BadgeLabel::setBadge(const QString& text, Tone tone)
{
    setText(text);
    m_tone = tone;
    applyColours();
}

void BadgeLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyColours();
}

void BadgeLabel::applyColours()
{
    const QColor bg = badgeBackground(m_tone, palette());
    const QColor fg = badgeForeground(m_tone, palette());
    // A style sheet is the only portable way to get rounded corners on a QLabel.
    const QString sheet = QStringLiteral("QLabel{background:%1;color:%2;border-radius:4px;"
                                         "padding:1px 6px;}")
                              .arg(bg.name(), fg.name());
    if (styleSheet() != sheet)
        setStyleSheet(sheet);
}

} // namespace raglens::ui
