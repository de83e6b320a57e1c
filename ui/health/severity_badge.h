#pragma once
// A rounded severity label (GOOD / WARNING / CRITICAL) coloured from badge_colors. The
// colours are taken from the parent's palette, not the label's own: a style sheet replaces
// the label's palette with the badge colours (and stops palette propagation to it), so the
// badge watches its parent's palette changes instead.

#include "common/badge_colors.h"

#include <QLabel>

namespace raglens::ui {

class SeverityBadge : public QLabel
{
    Q_OBJECT
public:
    explicit SeverityBadge(QWidget* parent = nullptr);
    /// Shows `text` (or the translated severity when empty) in the severity's tone.
    void setSeverity(const QString& severity, const QString& text = {});
    QString severity() const { return m_severity; }
    Tone tone() const { return m_tone; }
    QColor background() const;

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QPalette basePalette() const;
    void applyColours();

    QWidget* m_watched = nullptr; ///< the parent whose palette changes we follow
    QString m_severity;
    Tone m_tone = Tone::Neutral;
};

} // namespace raglens::ui
