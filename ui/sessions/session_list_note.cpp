#include "sessions/session_list_note.h"

#include "sessions/session_tree_model.h"

#include <QEvent>
#include <QLabel>
#include <QTreeView>

namespace raglens::ui {

SessionListNote::SessionListNote(QTreeView* view, SessionTreeModel* model)
    : QObject(view), m_view(view), m_model(model), m_label(new QLabel(view->viewport()))
{
    m_label->setObjectName(QStringLiteral("sessionListNote"));
    m_label->setAlignment(Qt::AlignCenter);
    m_label->setWordWrap(true);
    m_label->setForegroundRole(QPalette::PlaceholderText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->hide();
    view->viewport()->installEventFilter(this);
    connect(model, &SessionTreeModel::loadingChanged, this, [this](bool loading) {
        if (loading)
            m_error.clear();
        refresh();
    });
    connect(model, &SessionTreeModel::loadFailed, this, [this](const QString& message) {
        m_error = message;
        refresh();
    });
    connect(model, &SessionTreeModel::matchingSessionsChanged, this, &SessionListNote::refresh);
    connect(model, &QAbstractItemModel::modelReset, this, &SessionListNote::refresh);
    connect(model, &QAbstractItemModel::rowsInserted, this, &SessionListNote::refresh);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &SessionListNote::refresh);
    refresh();
}

QString SessionListNote::shownText() const
{
    return m_label->isVisible() ? m_label->text() : QString();
}

bool SessionListNote::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        place();
    return QObject::eventFilter(watched, event);
}

void SessionListNote::refresh()
{
    QString text;
    if (!m_error.isEmpty())
        text = tr("The sessions could not be read: %1").arg(m_error);
    else if (!m_model->database() || m_model->isLoading() || m_model->rowCount() > 0 ||
             m_model->matchingSessions() < 0) // no page read yet
        text.clear();
    else if (m_model->filter().isEmpty())
        text = tr("This database holds no session yet.");
    else
        text = tr("No session matches these filters. Clear shows every session.");
    m_label->setText(text);
    m_label->setVisible(!text.isEmpty());
    place();
}

void SessionListNote::place()
{
    // The upper part of the viewport, with a margin: where the first rows would be.
    const QRect area = m_view->viewport()->rect().adjusted(16, 16, -16, -16);
    m_label->setGeometry(area.x(), area.y(), area.width(),
                         qMin(area.height(), m_label->heightForWidth(area.width()) + 24));
}

} // namespace raglens::ui
