#pragma once
// Combo boxes whose every choice is read whole.

class QComboBox;

namespace raglens::ui {

/// QComboBox's own size hint can leave the style's text field a few pixels short of its
/// widest item (the Fusion style with Chinese text does): gives `combo` a minimum width at
/// which every item's text fits the field. Call after the items are added.
void fitComboToItems(QComboBox* combo);

} // namespace raglens::ui
