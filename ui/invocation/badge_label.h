#pragma once
// A small rounded label coloured by a contract value's tone (badge_colors). It paints its
// own background from the current palette at every paint, so switching between the light
// and dark themes re-colours it (a style sheet would pin the palette it started with).

#include "common/badge_colors.h"

#include <QLabel>

namespace raglens::ui {

class BadgeLabel : public QLabel
{
    Q_OBJECT
public:
    explicit BadgeLabel(QWidget* parent = nullptr);
    void setBadge(const QString& text, Tone tone);
    Tone tone() const { return m_tone; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Tone m_tone = Tone::Neutral;
};

} // namespace raglens::ui
