#include "dialogs/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace raglens::ui {

ShortcutsDialog::ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    QList<QPair<QString, QString>> rows;
    for (QAction* action : actions) {
        const QList<QKeySequence> keys = action->shortcuts();
        if (keys.isEmpty())
            continue;
        QStringList texts;
        for (const QKeySequence& k : keys)
            texts << k.toString(QKeySequence::NativeText);
        rows.append({action->text().remove(QLatin1Char('&')), texts.join(tr(", "))});
    }
    rows.append(
        {tr("Move through the session tree"), tr("Up, Down, Page Up, Page Down, Home, End")});
    rows.append({tr("Expand / collapse (loads runs, steps and invocations)"), tr("Right, Left")});
    rows.append({tr("Leave the filter text for the tree"), tr("Esc, Down")});
    rows.append({tr("Previous / next step or invocation in the run view"), tr("Up, Down")});

    m_table = new QTableWidget(int(rows.size()), 2, this);
    m_table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int r = 0; r < rows.size(); ++r) {
        m_table->setItem(r, 0, new QTableWidgetItem(rows[r].first));
        m_table->setItem(r, 1, new QTableWidgetItem(rows[r].second));
    }
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(560, 520);
}

} // namespace raglens::ui
