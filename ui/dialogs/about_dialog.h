#pragma once
// Help → About RagLens.

class QWidget;

namespace raglens::ui {

void showAboutDialog(QWidget* parent);

} // namespace raglens::ui
