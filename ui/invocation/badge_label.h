#pragma once
// A small rounded label coloured by a contract value's tone (badge_colors), re-coloured when
// the palette changes so light and dark themes both stay readable.

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
    void changeEvent(QEvent* event) override;

private:
    void applyColours();
    Tone m_tone = Tone::Neutral;
};

} // namespace raglens::ui
