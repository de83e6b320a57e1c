#include "common/combo_fit.h"

#include <QComboBox>
#include <QStyle>
#include <QStyleOptionComboBox>

namespace raglens::ui {

void fitComboToItems(QComboBox* combo)
{
    int widest = 0;
    for (int i = 0; i < combo->count(); ++i)
        widest = std::max(widest, combo->fontMetrics().horizontalAdvance(combo->itemText(i)));
    // What the style takes around the text field (frame, arrow, margins), at a nominal size.
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.rect = QRect(0, 0, 400, combo->sizeHint().height());
    const QRect field = combo->style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                       QStyle::SC_ComboBoxEditField, combo);
    combo->setMinimumWidth(widest + (option.rect.width() - field.width()) + 2);
}

} // namespace raglens::ui
