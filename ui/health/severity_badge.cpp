#include "health/severity_badge.h"

#include "health/health_text.h"

#include <QApplication>
#include <QEvent>

namespace raglens::ui {

SeverityBadge::SeverityBadge(QWidget* parent) : QLabel(parent)
{
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    m_watched = parent;
    if (m_watched)
        m_watched->installEventFilter(this);
    applyColours();
}

void SeverityBadge::setSeverity(const QString& severity, const QString& text)
{
    m_severity = severity;
    m_tone = severityTone(severity);
    setText(text.isEmpty() ? severityText(severity) : text);
    applyColours();
}

QColor SeverityBadge::background() const
{
    return badgeBackground(m_tone, basePalette());
}

QPalette SeverityBadge::basePalette() const
{
    return parentWidget() ? parentWidget()->palette() : QApplication::palette();
}

void SeverityBadge::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::ParentChange) {
        if (m_watched)
            m_watched->removeEventFilter(this);
        m_watched = parentWidget();
        if (m_watched)
            m_watched->installEventFilter(this);
        applyColours();
    }
}

bool SeverityBadge::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_watched && event->type() == QEvent::PaletteChange)
        applyColours();
    return QLabel::eventFilter(watched, event);
}

void SeverityBadge::applyColours()
{
    const QPalette base = basePalette();
    const QString sheet =
        QStringLiteral("QLabel{background:%1;color:%2;border-radius:4px;"
                       "padding:1px 6px;}")
            .arg(badgeBackground(m_tone, base).name(), badgeForeground(m_tone, base).name());
    if (styleSheet() != sheet)
        setStyleSheet(sheet);
}

} // namespace raglens::ui
