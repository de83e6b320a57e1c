#pragma once
// What the session list says where its rows would be when it shows none: that no session
// matches the filters, that the database holds no session, or why the sessions could not be
// read. A blank list left the user to guess between the three (and a slow read).

#include <QObject>
#include <QString>

class QLabel;
class QTreeView;

namespace raglens::ui {

class SessionTreeModel;

class SessionListNote : public QObject
{
    Q_OBJECT
public:
    /// Watches `model` (shown in `view`, possibly through a proxy) and places the note on
    /// the view's viewport.
    SessionListNote(QTreeView* view, SessionTreeModel* model);

    /// The note's text while it is shown; empty while rows are shown or loading.
    QString shownText() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();
    void place();

    QTreeView* m_view;
    SessionTreeModel* m_model;
    QLabel* m_label;
    QString m_error; ///< of the last read, until the next one starts
};

} // namespace raglens::ui
