#include "sessions/badge_delegate.h"

#include "common/badge_colors.h"

#include <QApplication>
#include <QPainter>

namespace raglens::ui {

BadgeDelegate::BadgeDelegate(int toneRole, QObject* parent)
    : QStyledItemDelegate(parent), m_toneRole(toneRole)
{}

void BadgeDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const
{
    const QVariant tone = index.data(m_toneRole);
    const QString text = index.data(Qt::DisplayRole).toString();
    if (!tone.isValid() || text.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // Selection and focus backgrounds first, then the badge on top.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const Tone t = Tone(tone.toInt());
    const QFontMetrics fm(option.font);
    const int pad = 6;
    const int height = qMin(option.rect.height() - 2, fm.height() + 4);
    // Centred on the row; drawText centres on the font box, descenders included.
    const QString shown = fm.elidedText(text, Qt::ElideRight, option.rect.width() - 2 * pad - 4);
    const int width = fm.horizontalAdvance(shown) + 2 * pad;
    const QRect badge(option.rect.left() + 2, option.rect.center().y() - height / 2 + 1, width,
                      height);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(badgeBackground(t, option.palette));
    painter->drawRoundedRect(badge, height / 2.0, height / 2.0);
    painter->setPen(badgeForeground(t, option.palette));
    painter->setFont(option.font);
    painter->drawText(badge, Qt::AlignCenter, shown);
    painter->restore();
}

QSize BadgeDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.data(m_toneRole).isValid())
        size.rwidth() += 16;
    // Every row leaves room for a badge with its padding, so underscores are not clipped
    // (the tree uses uniform row heights).
    size.setHeight(qMax(size.height(), QFontMetrics(option.font).height() + 8));
    return size;
}

} // namespace raglens::ui
