#pragma once
// Paints cells that carry a ToneRole as rounded badges (outcome, content type, relevance,
// selected attempt, evidence status), in the shared badge colours of both palettes.

#include <QStyledItemDelegate>

namespace raglens::ui {

class BadgeDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    /// `toneRole` is the model role holding a Tone as int (null: paint normally).
    explicit BadgeDelegate(int toneRole, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int m_toneRole;
};

} // namespace raglens::ui
