#pragma once
// One way to make a named action with its shortcuts: tests and the shortcut dialog find
// actions by object name.

#include <QAction>
#include <QKeySequence>
#include <QList>

namespace raglens::ui {

inline QAction* makeAction(QObject* parent, const QString& name, const QString& text,
                           const QList<QKeySequence>& keys = {})
{
    auto* action = new QAction(text, parent);
    action->setObjectName(name);
    action->setShortcuts(keys);
    return action;
}

} // namespace raglens::ui
