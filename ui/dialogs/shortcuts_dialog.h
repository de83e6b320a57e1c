#pragma once
// Help → Keyboard shortcuts: every action with a shortcut, read from the actions
// themselves so the list cannot drift from what the keys do, plus the tree's own keys.

#include <QDialog>

class QAction;
class QTableWidget;

namespace raglens::ui {

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent = nullptr);
    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table = nullptr;
};

} // namespace raglens::ui
